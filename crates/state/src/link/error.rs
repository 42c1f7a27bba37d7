//! What a link could not apply: [`LinkError`], the reason of a [`super::Notice`].

use crate::decide::error::DecideError;
use crate::{MAX_CLASSIFIERS, StateError};
use std::fmt;
use ulab_core::limits::MAX_FRAGMENT;
use ulab_core::text::truncate;

/// Why a part of a link was ignored (or read otherwise than written). Its `Display` is the
/// notice's sentence, shown after the key (`sigma: '2' is not a number between 0 and 1;
/// ignored`).
#[derive(Debug, Clone, PartialEq)]
pub enum LinkError {
    /// The fragment is longer than [`MAX_FRAGMENT`] characters.
    TooLong,
    /// A part without `=`.
    NoValue,
    /// A part with nothing before `=`.
    NoKey,
    /// A key this version does not know.
    UnknownKey,
    /// A format version newer than this app's.
    NewerVersion(u32),
    /// A `v=` that is not a number.
    NotAVersion(String),
    /// An `orient=` that is neither orientation.
    NotAnOrientation(String),
    /// A `view=` that is not a view of this version.
    UnknownView(String),
    /// A value that is not what the key takes: `'{value}' is not {expected}; ignored`.
    Rejected {
        /// The value as written (cut to a few characters).
        value: String,
        /// What the key takes ("a number between 0 and 1").
        expected: String,
    },
    /// Metric keys that are not the Monte Carlo's (the others were applied).
    UnknownMetrics(String),
    /// The utility matrix has fewer than 2 columns.
    UtilityTooNarrow,
    /// The utility matrix has fewer rows than columns.
    UtilityTooFewRows {
        /// Its rows.
        rows: usize,
        /// Its columns (classes).
        cols: usize,
    },
    /// The utility matrix has more classes than supported.
    UtilityTooWide,
    /// A matrix that cannot be read or is not a confusion matrix: why, as [`crate::edit::text::TextError`] says
    /// it (every bad cell).
    BadMatrix(String),
    /// `cm.=…` without a name.
    Unnamed,
    /// A second classifier of the same name.
    SecondClassifier(String),
    /// More than [`MAX_CLASSIFIERS`] classifiers.
    TooManyClassifiers,
    /// A classifier beyond the cells supported ([`ulab_core::limits::MAX_CELLS`]).
    TooManyCells {
        /// The number of classes.
        n: usize,
    },
    /// A classifier whose size is not the number of classes.
    ClassifierSize {
        /// Its rows (rows = output).
        size: usize,
        /// Its columns.
        cols: usize,
        /// The number of classes.
        n: usize,
        /// The number of decisions (`u`'s rows).
        n_d: usize,
    },
    /// Nothing of the problem could be read: the factory example is shown.
    Unreadable,
    /// Not one name per class or decision: default names are used.
    NameCount {
        /// Names given.
        found: usize,
        /// Classes or decisions.
        n: usize,
        /// `classes` or `decisions`.
        what: &'static str,
    },
    /// An empty name in a list of names: its default name is used.
    EmptyName {
        /// Its position, 1-based.
        position: usize,
        /// The default name used instead.
        default: String,
    },
    /// Deployment shares that do not sum to 1 (they were rescaled).
    Rescaled {
        /// Their sum.
        sum: f64,
    },
    /// Not `n` non-negative shares with a positive sum.
    BadShares {
        /// The number of classes.
        n: usize,
    },
    /// Not `n` preference values in `[0, 1]`.
    BadKappa {
        /// The number of classes.
        n: usize,
    },
    /// The decoded state broke an invariant (should not happen): the default example is shown.
    Invalid(StateError),
    /// A part of the decoded state broke an invariant (should not happen): that part alone was
    /// dropped or reset, as `what` says.
    Dropped {
        /// The invariant broken.
        error: StateError,
        /// What was done ("the deployment shares were ignored").
        what: &'static str,
    },
    /// A Decide view value that was refused (the view's own message).
    Decide(DecideError),
    /// A value that was used but changed (the sentence says how).
    Changed(String),
}

impl LinkError {
    /// [`LinkError::Rejected`], with `value` cut to `max` characters.
    pub fn rejected(value: &str, max: usize, expected: impl Into<String>) -> LinkError {
        LinkError::Rejected {
            value: truncate(value, max),
            expected: expected.into(),
        }
    }
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::TooLong => write!(
                f,
                "longer than {MAX_FRAGMENT} characters; the rest was ignored"
            ),
            LinkError::NoValue => write!(f, "has no value (expected key=value); ignored"),
            LinkError::NoKey => write!(f, "a part with no key before '='; ignored"),
            LinkError::UnknownKey => write!(f, "unknown key; ignored"),
            LinkError::NewerVersion(n) => write!(
                f,
                "this link was made by a newer version of Utility Lab (format {n}); parts this \
                 version does not know are ignored"
            ),
            LinkError::NotAVersion(v) => {
                write!(f, "'{v}' is not a version number; read as version 1")
            }
            LinkError::NotAnOrientation(o) => write!(
                f,
                "'{o}' is not 'true-rows' or 'output-rows'; read as output-rows"
            ),
            LinkError::UnknownView(v) => write!(f, "unknown view '{v}'; showing Compare"),
            LinkError::Rejected { value, expected } => {
                write!(f, "'{value}' is not {expected}; ignored")
            }
            LinkError::UnknownMetrics(list) => write!(f, "unknown metric(s) {list}; ignored"),
            LinkError::UtilityTooNarrow => {
                write!(f, "needs at least 2 columns (classes); ignored")
            }
            LinkError::UtilityTooFewRows { rows, cols } => write!(
                f,
                "has {rows} rows but needs at least one decision per class ({cols}); ignored"
            ),
            LinkError::UtilityTooWide => write!(f, "has too many classes; ignored"),
            LinkError::BadMatrix(e) => write!(f, "{e}; ignored"),
            LinkError::Unnamed => write!(f, "a classifier needs a name (cm.NAME=…); ignored"),
            LinkError::SecondClassifier(name) => {
                write!(f, "a second classifier named '{name}'; ignored")
            }
            LinkError::TooManyClassifiers => {
                write!(f, "more than {MAX_CLASSIFIERS} classifiers; ignored")
            }
            LinkError::TooManyCells { n } => write!(
                f,
                "more than {} classifiers of {n} classes ({} cells at most); ignored",
                ulab_core::limits::MAX_CELLS / (n * n),
                ulab_core::limits::MAX_CELLS
            ),
            LinkError::ClassifierSize { size, cols, n, n_d } if n_d > n => write!(
                f,
                "is {size} × {cols} but there are {n} classes and {n_d} decisions (a matrix is \
                 {n} × {n}, or {n_d} × {n} with a row per decision); ignored"
            ),
            LinkError::ClassifierSize { size, cols, n, .. } => {
                write!(f, "is {size} × {cols} but there are {n} classes; ignored")
            }
            LinkError::Unreadable => write!(
                f,
                "no matrix or class list in it could be read; showing the factory example"
            ),
            LinkError::NameCount { found, n, what } => {
                write!(f, "{found} names for {n} {what}; default names used")
            }
            LinkError::EmptyName { position, default } => {
                write!(f, "name {position} is empty; '{default}' is used")
            }
            // A sum beyond f64 (`1e308,1e308`) is "more than 10³⁰⁸", never "inf".
            LinkError::Rescaled { sum } if !sum.is_finite() => {
                write!(
                    f,
                    "the shares sum to more than 10³⁰⁸; they were rescaled to sum to 1"
                )
            }
            LinkError::Rescaled { sum } => write!(
                f,
                "the shares sum to {}; they were rescaled to sum to 1",
                ulab_core::text::shortest(*sum)
            ),
            LinkError::BadShares { n } => {
                write!(f, "expected {n} non-negative shares; ignored")
            }
            LinkError::BadKappa { n } => {
                write!(f, "expected {n} values between 0 and 1; ignored")
            }
            LinkError::Invalid(e) => write!(f, "{e}; the default example is shown instead"),
            LinkError::Dropped { error, what } => write!(f, "{error}; {what}"),
            LinkError::Decide(e) => write!(f, "{e}; ignored"),
            LinkError::Changed(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for LinkError {}
