//! The errors of a scores file.

use super::{MAX_SCORES_BYTES, MAX_SCORES_ROWS};
use crate::MAX_CLASSIFIERS;
use std::fmt;
use ulab_core::text::truncate;

/// Why a scores file cannot be used. Line numbers are 1-based; [`ScoresError::line`] gives
/// the line when there is one. The `Display` text is the user's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScoresError {
    /// No line with content.
    Empty,
    /// Above [`MAX_SCORES_BYTES`].
    TooLarge { bytes: usize },
    /// Above [`MAX_SCORES_ROWS`] data rows.
    TooManyRows { line: usize },
    /// The CSV reader's own error (an unclosed quote).
    Csv { line: usize, message: String },
    /// The first line holds only numbers: it must be the header.
    HeaderIsData { line: usize },
    /// No classifier column beside the label column.
    NoScoreColumn { line: usize },
    /// More classifier columns than the app holds.
    TooManyColumns { line: usize, found: usize },
    /// Two classifier columns with the same name.
    DuplicateColumn { line: usize, name: String },
    /// A row with another number of fields than the header.
    Ragged {
        line: usize,
        expected: usize,
        found: usize,
    },
    /// A score that is not a number (or not finite).
    NotANumber {
        line: usize,
        column: String,
        value: String,
    },
    /// An empty label.
    EmptyLabel { line: usize, column: String },
    /// A third distinct label.
    ThirdLabel {
        line: usize,
        first: String,
        second: String,
        third: String,
    },
    /// A header and no data row.
    NoRows { line: usize },
    /// Every row has the same label.
    OneClass { label: String },
    /// The labels are not {0, 1}, {−1, 1} or {false, true}: the user must choose.
    PositiveRequired { labels: [String; 2] },
    /// The chosen positive label is not one of the file's.
    UnknownPositive { given: String, labels: [String; 2] },
}

impl ScoresError {
    /// The 1-based line the error is about, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::parse_scores;
    /// let e = parse_scores("label,A\n1,0.5\n0,x\n").unwrap_err();
    /// assert_eq!(e.line(), Some(3));
    /// ```
    pub fn line(&self) -> Option<usize> {
        use ScoresError::*;
        match self {
            TooManyRows { line }
            | Csv { line, .. }
            | HeaderIsData { line }
            | NoScoreColumn { line }
            | TooManyColumns { line, .. }
            | DuplicateColumn { line, .. }
            | Ragged { line, .. }
            | NotANumber { line, .. }
            | EmptyLabel { line, .. }
            | ThirdLabel { line, .. }
            | NoRows { line } => Some(*line),
            Empty | TooLarge { .. } | OneClass { .. } | PositiveRequired { .. } => None,
            UnknownPositive { .. } => None,
        }
    }
}

/// A text from the file, quoted and cut for a message.
fn q(s: &str) -> String {
    format!("'{}'", truncate(s, 30))
}

impl fmt::Display for ScoresError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ScoresError::*;
        match self {
            Empty => write!(f, "the file is empty"),
            TooLarge { bytes } => write!(
                f,
                "the file has {} MB; at most {} MB can be read",
                bytes / 1_000_000,
                MAX_SCORES_BYTES / 1_000_000
            ),
            TooManyRows { line } => write!(
                f,
                "line {line}: more than {MAX_SCORES_ROWS} rows; at most that many can be read"
            ),
            Csv { line, message } => write!(f, "line {line}: {message}"),
            HeaderIsData { line } => write!(
                f,
                "line {line}: the first line must be a header naming the columns (the labels, \
                 then one column of scores per classifier); this one holds only numbers"
            ),
            NoScoreColumn { line } => write!(
                f,
                "line {line}: no column of scores: the header needs a label column and one \
                 column per classifier"
            ),
            TooManyColumns { line, found } => write!(
                f,
                "line {line}: {found} classifier columns; at most {MAX_CLASSIFIERS} can be shown"
            ),
            DuplicateColumn { line, name } => {
                write!(f, "line {line}: two columns are named {}", q(name))
            }
            Ragged {
                line,
                expected,
                found,
            } => write!(
                f,
                "line {line}: {found} fields, but the header has {expected}"
            ),
            NotANumber {
                line,
                column,
                value,
            } => write!(
                f,
                "line {line}, column {}: {} is not a number",
                q(column),
                q(value)
            ),
            EmptyLabel { line, column } => {
                write!(f, "line {line}: the label (column {}) is empty", q(column))
            }
            ThirdLabel {
                line,
                first,
                second,
                third,
            } => write!(
                f,
                "line {line}: a third label {} (after {} and {}): a ROC curve needs exactly two \
                 classes",
                q(third),
                q(first),
                q(second)
            ),
            NoRows { line } => write!(f, "line {line}: a header but no rows of data"),
            OneClass { label } => write!(
                f,
                "every row has the label {}: a ROC curve needs cases of both classes",
                q(label)
            ),
            PositiveRequired { labels } => write!(
                f,
                "the labels are {} and {}: choose which one is positive (class 0, the class a \
                 high score speaks for)",
                q(&labels[0]),
                q(&labels[1])
            ),
            UnknownPositive { given, labels } => write!(
                f,
                "the positive label {} is not in the file (its labels are {} and {})",
                q(given),
                q(&labels[0]),
                q(&labels[1])
            ),
        }
    }
}

impl std::error::Error for ScoresError {}
