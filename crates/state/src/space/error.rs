//! The Utility space view's errors: each variant's `Display` is the message the user sees, at
//! the place the input came from.

use std::fmt;
use ulab_core::CoreError;

/// What went wrong in the Utility space view's logic.
#[derive(Debug, Clone, PartialEq)]
pub enum SpaceError {
    /// An error of the core (a matrix, a parameter), as it is.
    Core(CoreError),
    /// The diagram of fig. 1 needs a 2 × 2 utility matrix.
    NotBinary {
        /// Decisions (rows) of the utility matrix.
        decisions: usize,
        /// Classes (columns).
        classes: usize,
    },
    /// No classifier to compare.
    NoClassifier,
    /// A classifier whose number of classes does not fit the utility matrix.
    Mismatch {
        /// The classifier's name.
        name: String,
        /// Its classes.
        found: usize,
        /// The utility matrix's classes.
        expected: usize,
    },
    /// A candidate matrix of a typed cloud could not be read.
    CloudMember {
        /// 1-based number of the candidate.
        index: usize,
        /// 1-based character position where the candidate starts.
        at: usize,
        /// What is wrong with it.
        message: String,
    },
    /// Some candidates of a typed cloud have a probability and others not.
    MixedProbabilities,
    /// A value (of a link key, a slice, an answer) could not be read.
    Value {
        /// What the value is ("σ", "slice", "answer c10").
        what: String,
        /// The text, cut for display.
        text: String,
        /// What was expected.
        expected: String,
    },
    /// An answer of the assessment dialogue cannot make a utility matrix.
    Answer {
        /// The question's id (`c10`, `l0`).
        question: String,
        /// Why.
        message: String,
    },
    /// The assessment dialogue is limited to a few classes.
    TooManyClasses {
        /// Classes of the problem.
        found: usize,
        /// The most the dialogue asks about.
        max: usize,
    },
}

impl fmt::Display for SpaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpaceError::Core(e) => write!(f, "{e}"),
            SpaceError::NotBinary { decisions, classes } => write!(
                f,
                "the diagram of utility matrices exists for 2 decisions and 2 classes; this \
                 utility matrix is {decisions} × {classes}: use a 2-D slice"
            ),
            SpaceError::NoClassifier => write!(f, "add a classifier to see where it is best"),
            SpaceError::Mismatch {
                name,
                found,
                expected,
            } => write!(
                f,
                "classifier '{name}' has {found} classes but the utility matrix has {expected}"
            ),
            SpaceError::CloudMember { index, at, message } => {
                write!(f, "matrix {index} (from character {at}): {message}")
            }
            SpaceError::MixedProbabilities => write!(
                f,
                "give every matrix a probability (p:matrix) or none (equal probabilities)"
            ),
            SpaceError::Value {
                what,
                text,
                expected,
            } => write!(f, "{what}: '{text}' is not {expected}"),
            SpaceError::Answer { question, message } => {
                write!(f, "{}: {message}", answer_words(question))
            }
            SpaceError::TooManyClasses { found, max } => write!(
                f,
                "the guided assessment asks about at most {max} classes; this problem has \
                 {found}: type the utility matrix instead"
            ),
        }
    }
}

impl std::error::Error for SpaceError {}

impl From<CoreError> for SpaceError {
    fn from(e: CoreError) -> Self {
        SpaceError::Core(e)
    }
}

/// A [`SpaceError::Value`] for `text` (cut to 24 characters).
pub(crate) fn bad_value(what: impl Into<String>, text: &str, expected: &str) -> SpaceError {
    SpaceError::Value {
        what: what.into(),
        text: ulab_core::text::truncate(text.trim(), 24),
        expected: expected.into(),
    }
}

/// An assessment question's id in words, for a message read away from its field: `c10` → "the
/// answer on deciding class 1 for a class-0 item", `l2` → "the answer on class 2's right
/// decision"; any other id as it is.
fn answer_words(id: &str) -> String {
    let digits: Vec<u32> = id.chars().skip(1).filter_map(|c| c.to_digit(10)).collect();
    match (id.chars().next(), digits.as_slice()) {
        (Some('c'), [r, c]) if id.len() == 3 => {
            format!("the answer on deciding class {r} for a class-{c} item")
        }
        (Some('l'), [k]) if id.len() == 2 => format!("the answer on class {k}'s right decision"),
        _ => format!("the answer {id}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_as_sentences() {
        let e = SpaceError::CloudMember {
            index: 2,
            at: 17,
            message: "row 1, cell 2: 'x' is not a number".into(),
        };
        assert_eq!(
            e.to_string(),
            "matrix 2 (from character 17): row 1, cell 2: 'x' is not a number"
        );
        assert_eq!(
            bad_value("σ", " 2.5 ", "a number from 0 to 1").to_string(),
            "σ: '2.5' is not a number from 0 to 1"
        );
        assert!(
            SpaceError::from(CoreError::ConstantUtility)
                .to_string()
                .starts_with("all utilities are equal")
        );
    }
}
