//! Typed errors of the core. Every constructor that can be handed bad input returns one of these;
//! nothing in the core panics on user input.

use crate::text::shortest;
use std::fmt;

/// Which bound a value of [`CoreError::OutOfRange`] broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeKind {
    /// A count (or fraction) of a confusion matrix: at most [`super::limits::MAX_COUNT`].
    Count,
    /// A utility: magnitude at most [`super::limits::MAX_UTILITY`].
    Utility,
}

impl RangeKind {
    /// The bound as the message writes it.
    pub fn bound(&self) -> &'static str {
        match self {
            RangeKind::Count => "10¹⁵",
            RangeKind::Utility => "±10¹⁵",
        }
    }

    /// What is bounded, in the message.
    pub fn noun(&self) -> &'static str {
        match self {
            RangeKind::Count => "count",
            RangeKind::Utility => "utility",
        }
    }
}

/// What went wrong, with enough detail for a one-line message at the place the input came from.
///
/// Row and column numbers in the variants are **0-based**; [`Display`](fmt::Display) prints them
/// 1-based, as a person counts. Class indices are printed as they are (0-based), like the
/// default class names `0`, `1`, ….
#[derive(Debug, Clone, PartialEq)]
pub enum CoreError {
    /// The matrix text was empty.
    Empty,
    /// A cell of the matrix text is not a number.
    Parse {
        row: usize,
        col: usize,
        token: String,
    },
    /// A row has a different number of cells than the first row.
    Ragged {
        row: usize,
        expected: usize,
        found: usize,
    },
    /// A value is NaN or infinite.
    NotFinite { row: usize, col: usize },
    /// A confusion matrix must be square.
    NotSquare { rows: usize, cols: usize },
    /// Fewer classes (or decisions) than the operation needs.
    TooSmall {
        what: &'static str,
        found: usize,
        min: usize,
    },
    /// More classes than supported.
    TooLarge {
        what: &'static str,
        found: usize,
        max: usize,
    },
    /// A count or frequency is negative.
    Negative { row: usize, col: usize, value: f64 },
    /// A value beyond the supported magnitude ([`super::limits::MAX_COUNT`] for counts,
    /// [`super::limits::MAX_UTILITY`] for utilities).
    OutOfRange {
        row: usize,
        col: usize,
        value: f64,
        /// What the value is: [`RangeKind::Count`] or [`RangeKind::Utility`].
        kind: RangeKind,
    },
    /// All counts are zero.
    ZeroTotal,
    /// Values declared normalized do not sum to 1.
    NotNormalized { sum: f64 },
    /// Two inputs do not fit together (e.g. a 3-class utility matrix with a 2-class classifier).
    DimensionMismatch { expected: String, found: String },
    /// All utilities are equal: the matrix cannot be normalized and every decision is equivalent.
    ConstantUtility,
    /// A binary utility matrix whose misclassification utilities exceed the correct ones has no
    /// `(x, y)` coordinates in the space of fig. 1 (Dyrland et al. 2022).
    OutsideUtilitySpace,
    /// A vector has the wrong length.
    LengthMismatch {
        what: &'static str,
        expected: usize,
        found: usize,
    },
    /// A scalar parameter is outside its allowed range.
    InvalidParameter {
        name: &'static str,
        value: f64,
        expected: &'static str,
    },
    /// A class that does not occur in the test set cannot be re-weighted to a positive share.
    AbsentClass { class: usize },
    /// A class with no case in the test set, where the operation needs some (e.g. `p(o | c)`
    /// without a pseudo-count).
    NoCases { class: usize },
    /// Any other invalid input, with a message.
    Invalid(String),
}

impl fmt::Display for CoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoreError::Empty => write!(f, "the matrix is empty"),
            CoreError::Parse { row, col, token } => write!(
                f,
                "row {}, cell {}: '{}' is not a number",
                row + 1,
                col + 1,
                token
            ),
            CoreError::Ragged {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {} has {} cells but the first row has {}",
                row + 1,
                found,
                expected
            ),
            CoreError::NotFinite { row, col } => {
                write!(
                    f,
                    "row {}, cell {}: the value is not a finite number",
                    row + 1,
                    col + 1
                )
            }
            CoreError::NotSquare { rows, cols } => write!(
                f,
                "a confusion matrix must be square, this one is {rows} × {cols}"
            ),
            CoreError::TooSmall { what, found, min } => {
                write!(f, "{what}: {found} given, at least {min} needed")
            }
            CoreError::TooLarge { what, found, max } => {
                write!(f, "{what}: {found} given, at most {max} supported")
            }
            CoreError::Negative { row, col, value } => write!(
                f,
                "row {}, cell {}: {} is negative; counts and frequencies must be ≥ 0",
                row + 1,
                col + 1,
                shortest(*value)
            ),
            CoreError::OutOfRange {
                row,
                col,
                value,
                kind,
            } => write!(
                f,
                "row {}, cell {}: {} is beyond {}, the largest {} supported",
                row + 1,
                col + 1,
                shortest(*value),
                kind.bound(),
                kind.noun()
            ),
            CoreError::ZeroTotal => write!(f, "all counts are zero"),
            CoreError::NotNormalized { sum } => {
                write!(
                    f,
                    "normalized values must sum to 1, these sum to {}",
                    shortest(*sum)
                )
            }
            CoreError::DimensionMismatch { expected, found } => {
                write!(f, "size mismatch: expected {expected}, found {found}")
            }
            CoreError::ConstantUtility => write!(
                f,
                "all utilities are equal: every decision is as good as any other"
            ),
            CoreError::OutsideUtilitySpace => write!(
                f,
                "this utility matrix rewards a misclassification more than a correct \
                 classification, so it has no (x, y) coordinates in the utility space"
            ),
            CoreError::LengthMismatch {
                what,
                expected,
                found,
            } => {
                write!(f, "{what}: expected {expected} values, found {found}")
            }
            CoreError::InvalidParameter {
                name,
                value,
                expected,
            } => {
                write!(
                    f,
                    "{name} = {} is invalid: expected {expected}",
                    shortest(*value)
                )
            }
            CoreError::AbsentClass { class } => write!(
                f,
                "class {class} does not occur in the test set, so it cannot be re-weighted to a \
                 positive share"
            ),
            CoreError::NoCases { class } => write!(
                f,
                "class {class} has no case in the test set: use a pseudo-count α > 0"
            ),
            CoreError::Invalid(msg) => write!(f, "{msg}"),
        }
    }
}

impl std::error::Error for CoreError {}

/// Checks that a count of things, `min ≤ found ≤ max`, holds: `found` itself, or
/// [`CoreError::TooSmall`] below `min` and [`CoreError::TooLarge`] above `max`, which name the
/// things as `what` (e.g. "classes").
///
/// # Examples
///
/// ```
/// use ulab_core::error::check_count;
/// use ulab_core::CoreError;
/// assert_eq!(check_count("classes", 3, 2, 8), Ok(3));
/// assert_eq!(
///     check_count("classes", 1, 2, 8),
///     Err(CoreError::TooSmall { what: "classes", found: 1, min: 2 })
/// );
/// assert_eq!(
///     check_count("classes", 9, 2, 8),
///     Err(CoreError::TooLarge { what: "classes", found: 9, max: 8 })
/// );
/// ```
pub fn check_count(
    what: &'static str,
    found: usize,
    min: usize,
    max: usize,
) -> Result<usize, CoreError> {
    if found < min {
        Err(CoreError::TooSmall { what, found, min })
    } else if found > max {
        Err(CoreError::TooLarge { what, found, max })
    } else {
        Ok(found)
    }
}

/// Checks that `value` is finite and inside `[lo, hi]`, or names it in the error.
pub fn check_range(
    name: &'static str,
    value: f64,
    lo: f64,
    hi: f64,
    expected: &'static str,
) -> Result<f64, CoreError> {
    if value.is_finite() && value >= lo && value <= hi {
        Ok(value)
    } else {
        Err(CoreError::InvalidParameter {
            name,
            value,
            expected,
        })
    }
}

/// The value of `r`, which the caller has made sure is not an error (`why` says how). A broken
/// promise panics with `why` alone: the error is not formatted, so its `Debug` code — and the
/// Unicode tables that `Debug` of text needs — stay out of the wasm (issue 29).
pub(crate) fn surely<T, E>(r: Result<T, E>, why: &'static str) -> T {
    match r {
        Ok(v) => v,
        Err(_) => panic!("{why}"),
    }
}
