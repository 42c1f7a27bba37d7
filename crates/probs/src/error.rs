//! The errors of per-item probabilities: a bad row (named by its item and model), a table too
//! large to hold, or a size that does not fit.

use std::fmt;
use ulab_core::error::CoreError;
use ulab_core::text::shortest;

/// What is wrong with one model's probabilities for one item.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RowIssue {
    /// A probability that is not a number in `[0, 1]` (NaN included).
    OutOfRange {
        /// The class (0-based, in the table's class order).
        class: usize,
        /// The value given.
        value: f64,
    },
    /// The probabilities sum to more than 1 % away from 1.
    BadSum {
        /// Their sum.
        sum: f64,
    },
}

impl fmt::Display for RowIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowIssue::OutOfRange { class, value } => write!(
                f,
                "the probability of class {class} is {}, outside [0, 1]",
                if value.is_finite() {
                    shortest(*value)
                } else {
                    "not a finite number".to_string()
                }
            ),
            RowIssue::BadSum { sum } => write!(
                f,
                "the probabilities sum to {}, more than 1 % away from 1",
                shortest(*sum)
            ),
        }
    }
}

/// Why per-item probabilities cannot be used. Item and model numbers are 0-based in the
/// variants and printed 1-based by [`Display`](fmt::Display).
#[derive(Debug, Clone, PartialEq)]
pub enum ProbError {
    /// One model's probabilities for one item.
    Row {
        /// The item (0-based).
        item: usize,
        /// The model's index (0-based).
        model: usize,
        /// The model's name.
        name: String,
        /// What is wrong.
        issue: RowIssue,
    },
    /// More probabilities than [`MAX_PROB_CELLS`](ulab_core::limits::MAX_PROB_CELLS).
    TooManyCells {
        /// The items that would hold them.
        items: usize,
        /// Classes per item.
        classes: usize,
        /// Models.
        models: usize,
    },
    /// A true class index that is not a class of the table.
    UnknownClass {
        /// The item (0-based).
        item: usize,
        /// The class index given.
        class: usize,
    },
    /// A size, a length, a share or a parameter that does not fit.
    Core(CoreError),
}

impl From<CoreError> for ProbError {
    fn from(e: CoreError) -> ProbError {
        ProbError::Core(e)
    }
}

impl fmt::Display for ProbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbError::Row {
                item, name, issue, ..
            } => write!(f, "item {}, model '{name}': {issue}", item + 1),
            ProbError::TooManyCells {
                items,
                classes,
                models,
            } => write!(
                f,
                "more than {} probabilities ({items} items × {classes} classes × {models} \
                 models): too many to hold",
                ulab_core::limits::MAX_PROB_CELLS
            ),
            ProbError::UnknownClass { item, class } => {
                write!(f, "item {}: there is no class {class}", item + 1)
            }
            ProbError::Core(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ProbError {}
