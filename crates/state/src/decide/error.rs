//! The Decide view's typed errors. Each `Display` is the user's message, one sentence without a
//! capital (the UI capitalizes it with [`ulab_core::text::capitalize`] where it starts a line).

use std::fmt;
use ulab_core::CoreError;
use ulab_core::text::{prose, truncate};

/// What went wrong in the Decide view's logic, with what the user needs to fix it.
#[derive(Debug, Clone, PartialEq)]
pub enum DecideError {
    /// Value `index` (0-based) of a list is not a number.
    NotANumber {
        /// Which value (0-based; printed 1-based).
        index: usize,
        /// What was typed (cut to 20 characters).
        text: String,
    },
    /// A probability is negative.
    Negative {
        /// Which value (0-based; printed 1-based).
        index: usize,
        /// The value.
        value: f64,
    },
    /// A typed probability is above 1.
    AboveOne {
        /// Which value (0-based; printed 1-based).
        index: usize,
        /// The value.
        value: f64,
    },
    /// The list has the wrong number of values.
    WrongLength {
        /// How many are needed (one per class).
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// The probabilities sum too far from 1 to be rescaled (more than
    /// [`RESCALE_TOLERANCE`](super::probabilities::RESCALE_TOLERANCE) off).
    NotSummingToOne {
        /// Their sum.
        sum: f64,
    },
    /// Every probability is 0.
    AllZero,
    /// Fewer than two classes.
    TooFewClasses {
        /// How many there are.
        found: usize,
    },
    /// An index (class, decision, output) outside its list.
    OutOfRange {
        /// What the index points into.
        what: &'static str,
        /// The index.
        index: usize,
        /// The list's length.
        len: usize,
    },
    /// A pseudo-count that is not a number ≥ 0 (and at most
    /// [`MAX_ALPHA`](super::limits::MAX_ALPHA)).
    InvalidAlpha {
        /// What was given.
        text: String,
    },
    /// A test-set size that is not a whole number from 1 to
    /// [`MAX_TEST_SIZE`](super::limits::MAX_TEST_SIZE).
    InvalidTestSize {
        /// What was given.
        text: String,
    },
    /// A classifier given as fractions, with a pseudo-count α > 0, and no test-set size: a
    /// pseudo-count is never added to fractions, it needs counts.
    NeedsTestSetSize {
        /// The classifier's name.
        name: String,
        /// The sum of its fractions.
        sum: f64,
    },
    /// An operation for a fixed number of classes (two: thresholds on p₀; three: the simplex).
    WrongClassCount {
        /// What needs it.
        what: &'static str,
        /// The number of classes it needs.
        expected: usize,
        /// The number there are.
        found: usize,
    },
    /// Names that do not match the matrices (one per class, one per decision).
    Names {
        /// `classes` or `decisions`.
        what: &'static str,
        /// How many are needed.
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// The core refused the input (sizes, base rates, a class without cases when α = 0, …).
    Core(CoreError),
}

impl fmt::Display for DecideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecideError::NotANumber { index, text } => {
                write!(f, "value {}: '{}' is not a number", index + 1, text)
            }
            DecideError::Negative { index, value } => write!(
                f,
                "value {}: {} is negative; a probability is between 0 and 1",
                index + 1,
                prose(*value)
            ),
            DecideError::AboveOne { index, value } => write!(
                f,
                "value {}: {} is above 1; a probability is between 0 and 1 (write 20 % or 0.2)",
                index + 1,
                prose(*value)
            ),
            DecideError::WrongLength { expected, found } => write!(
                f,
                "{found} probabilities for {expected} classes: give one per class"
            ),
            DecideError::NotSummingToOne { sum } => {
                let off = sum - 1.0;
                write!(
                    f,
                    "the probabilities sum to {}, {} {} than 1: more than 1 % off, so they were \
                     not rescaled; correct them",
                    prose(*sum),
                    prose(off.abs()),
                    if off > 0.0 { "more" } else { "less" }
                )
            }
            DecideError::AllZero => write!(f, "every probability is 0; at least one must be > 0"),
            DecideError::TooFewClasses { found } => {
                write!(f, "{found} classes: at least 2 are needed")
            }
            DecideError::OutOfRange { what, index, len } => {
                write!(f, "there is no {what} {} (there are {len})", index + 1)
            }
            DecideError::InvalidAlpha { text } => write!(
                f,
                "the pseudo-count α must be a number from 0 to {}; '{}' is not",
                super::limits::MAX_ALPHA,
                text
            ),
            DecideError::InvalidTestSize { text } => write!(
                f,
                "the test-set size must be a whole number from 1 to {}; '{}' is not",
                super::limits::MAX_TEST_SIZE,
                text
            ),
            DecideError::NeedsTestSetSize { name, sum } => write!(
                f,
                "{name} is given as fractions (they sum to {}), and a pseudo-count is never added \
                 to fractions: give the test set's size N (the counts are then fraction × N / sum), \
                 or set α = 0",
                prose(*sum)
            ),
            DecideError::WrongClassCount {
                what,
                expected,
                found,
            } => write!(f, "{what} needs {expected} classes; there are {found}"),
            DecideError::Names {
                what,
                expected,
                found,
            } => {
                let one = if *what == "classes" {
                    "class"
                } else {
                    "decision"
                };
                write!(f, "{found} {one} names for {expected} {what}")
            }
            DecideError::Core(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for DecideError {}

impl From<CoreError> for DecideError {
    fn from(e: CoreError) -> Self {
        DecideError::Core(e)
    }
}

/// `text` cut for an error message.
pub(crate) fn echo(text: &str) -> String {
    truncate(text.trim(), 20)
}

/// Checks that there is one name per decision (`n_d`) and one per class (`n_c`).
pub(crate) fn check_names(
    decisions: &[String],
    n_d: usize,
    classes: &[String],
    n_c: usize,
) -> Result<(), DecideError> {
    if decisions.len() != n_d {
        return Err(DecideError::Names {
            what: "decisions",
            expected: n_d,
            found: decisions.len(),
        });
    }
    if classes.len() != n_c {
        return Err(DecideError::Names {
            what: "classes",
            expected: n_c,
            found: classes.len(),
        });
    }
    Ok(())
}
