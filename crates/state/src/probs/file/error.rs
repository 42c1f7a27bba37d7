//! The errors of a probabilities file.

use super::MAX_PROBS_BYTES;
use crate::MAX_CLASSIFIERS;
use std::fmt;
use ulab_core::limits::{MAX_CLASSES, MAX_PROB_CELLS};
use ulab_core::text::{shortest, truncate};

/// Why a probabilities file cannot be used. Line numbers are 1-based (blank lines counted);
/// [`ProbsFileError::line`] gives the line when there is one. The `Display` text is the user's
/// message, naming the line and the model.
#[derive(Debug, Clone, PartialEq)]
pub enum ProbsFileError {
    /// No line with content.
    Empty,
    /// Above [`MAX_PROBS_BYTES`].
    TooLarge { bytes: usize },
    /// The CSV reader's own error (an unclosed quote, a line too long).
    Csv { line: usize, message: String },
    /// The first line holds only numbers: it must be the header.
    HeaderIsData { line: usize },
    /// No model column beside the label column.
    NoModelColumn { line: usize },
    /// More models than the app holds.
    TooManyModels { line: usize, found: usize },
    /// More classes than the app holds.
    TooManyClasses { line: usize, found: usize },
    /// A `MODEL:CLASS` column with an empty model or class.
    BadColumn { line: usize, name: String },
    /// Two columns for the same model and class (or a model with both kinds of column).
    DuplicateColumn { line: usize, name: String },
    /// The first model has a column for one class only.
    OneClassColumn { line: usize, model: String },
    /// A model lacks a column for a class of the first model.
    MissingColumn {
        line: usize,
        model: String,
        class: String,
    },
    /// A model has a column for a class the first model has not.
    ExtraColumn {
        line: usize,
        model: String,
        class: String,
        first: String,
    },
    /// A single-column model in a file of more than two classes.
    SingleColumn {
        line: usize,
        model: String,
        classes: usize,
    },
    /// A single-column model and labels with no conventional positive: the user must choose.
    PositiveRequired { line: usize, labels: Vec<String> },
    /// The chosen positive label is not a class of the file.
    UnknownPositive { line: usize, given: String },
    /// A row with another number of fields than the header.
    Ragged {
        line: usize,
        expected: usize,
        found: usize,
    },
    /// An empty label.
    EmptyLabel { line: usize, column: String },
    /// A label that no model column names.
    UnknownLabel {
        line: usize,
        label: String,
        classes: Vec<String>,
    },
    /// A third label where single columns allow two.
    ThirdLabel {
        line: usize,
        first: String,
        second: String,
        third: String,
    },
    /// A probability that is not a number.
    NotANumber {
        line: usize,
        model: String,
        column: String,
        value: String,
    },
    /// A probability outside `[0, 1]`.
    OutOfRange {
        line: usize,
        model: String,
        column: String,
        value: f64,
    },
    /// A model's probabilities of a row sum to more than 1 % away from 1.
    BadSum {
        line: usize,
        model: String,
        sum: f64,
    },
    /// More probabilities than can be held.
    TooManyRows { line: usize },
    /// A header and no data row.
    NoRows { line: usize },
    /// Single columns and one label: the other class cannot be named.
    OneClass { label: String },
}

impl ProbsFileError {
    /// The 1-based line the error is about, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::probs::file::parse_probs;
    /// let e = parse_probs("label,A:x,A:y\nx,0.5,0.5\ny,0.5,0.2\n", None).unwrap_err();
    /// assert_eq!(e.line(), Some(3));
    /// ```
    pub fn line(&self) -> Option<usize> {
        use ProbsFileError::*;
        match self {
            Csv { line, .. }
            | HeaderIsData { line }
            | NoModelColumn { line }
            | TooManyModels { line, .. }
            | TooManyClasses { line, .. }
            | BadColumn { line, .. }
            | DuplicateColumn { line, .. }
            | OneClassColumn { line, .. }
            | MissingColumn { line, .. }
            | ExtraColumn { line, .. }
            | SingleColumn { line, .. }
            | PositiveRequired { line, .. }
            | UnknownPositive { line, .. }
            | Ragged { line, .. }
            | EmptyLabel { line, .. }
            | UnknownLabel { line, .. }
            | ThirdLabel { line, .. }
            | NotANumber { line, .. }
            | OutOfRange { line, .. }
            | BadSum { line, .. }
            | TooManyRows { line }
            | NoRows { line } => Some(*line),
            Empty | TooLarge { .. } | OneClass { .. } => None,
        }
    }
}

/// A text from the file, quoted and cut for a message.
fn q(s: &str) -> String {
    format!("'{}'", truncate(s, 30))
}

/// Texts from the file, quoted, at most six.
fn list(v: &[String]) -> String {
    let mut out: Vec<String> = v.iter().take(6).map(|s| q(s)).collect();
    if v.len() > 6 {
        out.push("…".into());
    }
    out.join(", ")
}

impl ProbsFileError {
    /// The message of an error about the whole file or its header; `None` for a row's.
    fn file_message(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use ProbsFileError::*;
        Some(match self {
            Empty => write!(f, "the file is empty"),
            TooLarge { bytes } => write!(
                f,
                "the file has {} MB; at most {} MB can be read",
                bytes / 1_000_000,
                MAX_PROBS_BYTES / 1_000_000
            ),
            Csv { line, message } => write!(f, "line {line}: {message}"),
            HeaderIsData { line } => write!(
                f,
                "line {line}: the first line must be a header naming the columns (the true \
                     class, then MODEL:CLASS for each model and class); this one holds only numbers"
            ),
            NoModelColumn { line } => write!(
                f,
                "line {line}: no model column: the header needs the true class's column and, \
                     for each model, one column MODEL:CLASS per class"
            ),
            TooManyModels { line, found } => write!(
                f,
                "line {line}: {found} models; at most {MAX_CLASSIFIERS} can be shown"
            ),
            TooManyClasses { line, found } => write!(
                f,
                "line {line}: {found} classes; at most {MAX_CLASSES} are supported"
            ),
            BadColumn { line, name } => write!(
                f,
                "line {line}: the column {} must be named MODEL:CLASS, both parts non-empty",
                q(name)
            ),
            DuplicateColumn { line, name } => {
                write!(f, "line {line}: two columns for {}", q(name))
            }
            OneClassColumn { line, model } => write!(
                f,
                "line {line}: model {} has a column for one class only; it needs one per class",
                q(model)
            ),
            MissingColumn { line, model, class } => write!(
                f,
                "line {line}: model {} has no column for class {}",
                q(model),
                q(class)
            ),
            ExtraColumn {
                line,
                model,
                class,
                first,
            } => write!(
                f,
                "line {line}: model {} has a column for class {}, which model {} has not",
                q(model),
                q(class),
                q(first)
            ),
            SingleColumn {
                line,
                model,
                classes,
            } => write!(
                f,
                "line {line}: model {} has a single column (the probability of the positive \
                     class of two), but the file has {classes} classes: name its columns \
                     MODEL:CLASS",
                q(model)
            ),
            PositiveRequired { line, labels } => write!(
                f,
                "line {line}: the labels are {}: choose which one is positive (the class a \
                     single column gives the probability of)",
                list(labels)
            ),
            UnknownPositive { line, given } => write!(
                f,
                "line {line}: the positive label {} is not a class of the file",
                q(given)
            ),
            _ => return None,
        })
    }

    /// The message of an error about a data row.
    fn row_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ProbsFileError::*;
        match self {
            Ragged {
                line,
                expected,
                found,
            } => write!(
                f,
                "line {line}: {found} fields, but the header has {expected}"
            ),
            EmptyLabel { line, column } => {
                write!(
                    f,
                    "line {line}: the true class (column {}) is empty",
                    q(column)
                )
            }
            UnknownLabel {
                line,
                label,
                classes,
            } => write!(
                f,
                "line {line}: the true class {} has no column; the models' classes are {}",
                q(label),
                list(classes)
            ),
            ThirdLabel {
                line,
                first,
                second,
                third,
            } => write!(
                f,
                "line {line}: a third label {} (after {} and {}): single columns hold the \
                 probability of one of two classes",
                q(third),
                q(first),
                q(second)
            ),
            NotANumber {
                line,
                model,
                column,
                value,
            } => write!(
                f,
                "line {line}, model {} (column {}): {} is not a number",
                q(model),
                q(column),
                q(value)
            ),
            OutOfRange {
                line,
                model,
                column,
                value,
            } => write!(
                f,
                "line {line}, model {} (column {}): {} is not a probability (0 to 1)",
                q(model),
                q(column),
                shortest(*value)
            ),
            BadSum { line, model, sum } => write!(
                f,
                "line {line}, model {}: the probabilities sum to {}; they must sum to 1 \
                 within 1 % (rows that do are renormalized)",
                q(model),
                shortest(*sum)
            ),
            TooManyRows { line } => write!(
                f,
                "line {line}: more than {MAX_PROB_CELLS} probabilities (rows × classes × \
                 models); at most that many can be held"
            ),
            NoRows { line } => write!(f, "line {line}: a header but no rows of data"),
            OneClass { label } => write!(
                f,
                "every row has the label {}: with single columns the other class cannot be \
                 named; choose the positive label, or name the columns MODEL:CLASS",
                q(label)
            ),
            _ => write!(f, "the file cannot be read"),
        }
    }
}

impl fmt::Display for ProbsFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.file_message(f) {
            Some(r) => r,
            None => self.row_message(f),
        }
    }
}

impl std::error::Error for ProbsFileError {}
