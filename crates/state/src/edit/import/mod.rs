//! A classifier from a CSV file or pasted text, in four stages, each a function of its own:
//!
//! 1. [`read::read`]: the text as a matrix or as label columns, each row with its line;
//! 2. [`classes::reconcile`]: the counts in this problem's classes (matched by name,
//!    reordered), or the file's classes when they are to replace the current ones;
//! 3. [`place::place`]: the classifier added or replaced in a copy of the state, the classes
//!    renamed or resized, the result checked;
//! 4. [`describe::describe`]: one sentence on what was done.
//!
//! Errors name the line of the first problem ([`ImportError`]); nothing is applied on error.

pub mod classes;
pub mod describe;
pub mod labels;
pub mod place;
pub mod read;
pub mod stream;

use super::EditError;
use super::text::TextError;
use crate::{AppState, MAX_CLASSIFIERS, StateError};
use std::fmt;
use ulab_core::CoreError;
use ulab_core::Orientation;
use ulab_core::limits::MAX_CLASSES;
use ulab_core::text::shortest;
use ulab_csv::CsvError;

/// What the imported text is expected to hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ImportKind {
    /// Decide from the content: a square numeric table is a matrix; two columns otherwise
    /// are labels.
    #[default]
    Auto,
    /// A numeric matrix, with optional header row and optional first column of names.
    Matrix,
    /// Two columns of labels, true class and prediction, with an optional header.
    Labels,
}

/// What to do with an imported file or text (see [`import_classifier`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ImportOptions {
    /// A matrix, label columns, or decide from the content.
    pub kind: ImportKind,
    /// How a matrix in the file is written.
    pub orientation: Orientation,
    /// The classifier's name: a new name adds a classifier, an existing one replaces it.
    pub name: String,
    /// The user agrees that the file's class names (and number of classes) replace the
    /// current ones. Implied when there is no other classifier.
    pub use_file_classes: bool,
}

/// A successful import: the new state and one sentence on what was done.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportOutcome {
    /// The state with the classifier added or replaced.
    pub state: AppState,
    /// Index of the imported classifier.
    pub index: usize,
    /// What was done ("Added classifier 'C' from labels (100 items).").
    pub message: String,
}

/// An import error: the 1-based line of the first problem (0 when it concerns the whole
/// text) and the problem. Displayed `line 2: 'x' is not a number`.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportError {
    /// 1-based line; 0 for the whole text.
    pub line: usize,
    /// What is wrong.
    pub problem: ImportProblem,
}

impl ImportError {
    /// A problem on line `line`.
    pub fn at(line: usize, problem: ImportProblem) -> ImportError {
        ImportError { line, problem }
    }

    /// A problem of the whole text.
    pub fn whole(problem: ImportProblem) -> ImportError {
        ImportError { line: 0, problem }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Bad cells name their own lines.
        let own_lines = matches!(self.problem, ImportProblem::Text(TextError::Cells(_)));
        if self.line == 0 || own_lines {
            write!(f, "{}", self.problem)
        } else {
            write!(f, "line {}: {}", self.line, self.problem)
        }
    }
}

impl std::error::Error for ImportError {}

/// What is wrong with an import.
#[derive(Debug, Clone, PartialEq)]
pub enum ImportProblem {
    /// The CSV text cannot be read.
    Csv(CsvError),
    /// Blank text.
    NothingToImport,
    /// Nothing but blank lines.
    Empty,
    /// Label columns with a header but no data.
    HeaderOnly,
    /// A matrix with a header but no rows.
    HeaderOnlyMatrix,
    /// A label row without exactly two fields.
    Columns {
        /// Fields found.
        found: usize,
    },
    /// An empty label.
    EmptyLabel,
    /// A matrix row of another length than the first.
    RowLength {
        /// Numbers found.
        found: usize,
        /// Numbers of the first row.
        width: usize,
    },
    /// A matrix's text that cannot be read: every bad cell (with its line), or why not.
    Text(TextError),
    /// The numbers do not make a matrix.
    Matrix(CoreError),
    /// A matrix that is not square.
    NotSquare {
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
    },
    /// A negative cell (its 0-based column).
    Negative {
        /// The value.
        value: f64,
        /// Its column.
        col: usize,
    },
    /// Labels that do not make a confusion matrix.
    Labels(CoreError),
    /// More distinct labels than a problem has classes: the first one too many.
    TooManyLabels {
        /// The label (cut).
        label: String,
    },
    /// More rows than a matrix has, in a file that cannot be labels.
    TooManyRows {
        /// The most rows of a matrix file.
        max: usize,
    },
    /// A file read in pieces cannot be read ([`ulab_csv::RecordStream`]).
    Stream(ulab_csv::StreamError),
    /// A matrix with another number of classes, and other classifiers to keep.
    ClassCount {
        /// The matrix's classes.
        k: usize,
        /// The problem's classes.
        n: usize,
        /// Their names, comma-separated.
        classes: String,
    },
    /// A label that is not a class, without consent to replace the classes.
    UnknownClass {
        /// The label (cut).
        label: String,
        /// The classes, comma-separated.
        classes: String,
    },
    /// The file's classes would change their number, and other classifiers have the current.
    FileClassCount {
        /// The file's classes.
        k: usize,
        /// Their names, comma-separated.
        names: String,
        /// The problem's classes.
        n: usize,
    },
    /// Already [`MAX_CLASSIFIERS`] classifiers.
    TooManyClassifiers,
    /// A name or class edit refused.
    Edit(EditError),
    /// The imported state breaks an invariant.
    Invalid(StateError),
    /// The classifier lacks a test case of a class with a deployment share.
    SharesNeeded(EditError),
}

impl fmt::Display for ImportProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportProblem::Csv(e) => write!(f, "{e}"),
            ImportProblem::NothingToImport => {
                write!(f, "nothing to import: paste text or choose a file")
            }
            ImportProblem::Empty => write!(f, "the file is empty"),
            ImportProblem::HeaderOnly => write!(f, "a header but no data rows"),
            ImportProblem::HeaderOnlyMatrix => write!(f, "a header but no rows of numbers"),
            ImportProblem::Columns { found } => {
                write!(f, "expected 2 columns (y_true, y_pred), found {found}")
            }
            ImportProblem::EmptyLabel => write!(f, "an empty label"),
            ImportProblem::RowLength { found, width } => {
                write!(f, "{found} numbers, but the first row has {width}")
            }
            ImportProblem::Text(e) => write!(f, "{e}"),
            ImportProblem::Matrix(e) | ImportProblem::Labels(e) => write!(f, "{e}"),
            ImportProblem::TooManyLabels { label } => write!(
                f,
                "more than {MAX_CLASSES} distinct labels ('{label}' is one too many): at most \
                 {MAX_CLASSES} classes are supported"
            ),
            ImportProblem::TooManyRows { max } => write!(
                f,
                "more than {max} rows: a confusion matrix has at most {MAX_CLASSES} classes (and \
                 a header row)"
            ),
            ImportProblem::Stream(e) => write!(f, "{e}"),
            ImportProblem::NotSquare { rows, cols } => write!(
                f,
                "the matrix is {rows} × {cols}, but a confusion matrix is square (one row and \
                 one column per class)"
            ),
            ImportProblem::Negative { value, col } => write!(
                f,
                "{} (cell {}) is negative; counts and fractions must be ≥ 0",
                shortest(*value),
                col + 1
            ),
            ImportProblem::ClassCount { k, n, classes } => write!(
                f,
                "the matrix has {k} classes but this problem has {n} ({classes}); to change the \
                 classes, remove the other classifiers first"
            ),
            ImportProblem::UnknownClass { label, classes } => write!(
                f,
                "unknown class '{label}': the classes are {classes}; tick “use the file's \
                 classes” to replace them"
            ),
            ImportProblem::FileClassCount { k, names, n } => write!(
                f,
                "the file has {k} classes ({names}) but the other classifiers have {n}; remove \
                 them first to change the number of classes"
            ),
            ImportProblem::TooManyClassifiers => write!(
                f,
                "there are already {MAX_CLASSIFIERS} classifiers; remove one first"
            ),
            ImportProblem::Edit(e) => write!(f, "{e}"),
            ImportProblem::Invalid(e) => write!(f, "{e}"),
            ImportProblem::SharesNeeded(e) => write!(
                f,
                "{}; set it to 0 or turn deployment shares off first",
                e.to_string().trim_end_matches('.')
            ),
        }
    }
}

/// Imports a classifier from CSV text (or pasted text): a confusion matrix (in
/// `opts.orientation`, optional header row of class names) or two label columns `y_true,
/// y_pred` (optional header). The classifier is added under `opts.name`, or replaces the one of
/// that name.
///
/// Classes: labels must be the current class names, and a matrix must have one row and column
/// per class; header names that are the current classes in another order reorder the matrix.
/// With `opts.use_file_classes` (implied when there is no other classifier) the file's class
/// names replace the current ones — and their number too, when there is no other classifier.
///
/// # Errors
/// An [`ImportError`] with the line of the first problem (0: the whole text). Nothing is
/// changed.
///
/// # Examples
///
/// ```
/// use ulab_core::Orientation;
/// use ulab_state::edit::{import_classifier, ImportKind, ImportOptions};
/// use ulab_state::AppState;
/// let s = AppState::default(); // classes long, short
/// let opts = ImportOptions {
///     kind: ImportKind::Auto,
///     orientation: Orientation::OutputRows,
///     name: "C".into(),
///     use_file_classes: false,
/// };
/// let out = import_classifier(&s, "y_true,y_pred\nlong,long\nshort,long\nshort,short\n", &opts).unwrap();
/// assert_eq!(out.state.classifiers()[2].matrix.to_string(), "1,1;0,1");
/// assert_eq!(out.message, "Added classifier 'C' from labels (3 items).");
/// let err = import_classifier(&s, "long,long\nshort,medium\n", &opts).unwrap_err();
/// assert_eq!(err.line, 2);
/// ```
pub fn import_classifier(
    state: &AppState,
    text: &str,
    opts: &ImportOptions,
) -> Result<ImportOutcome, ImportError> {
    place::target(state, &opts.name)?;
    import_read(state, read::read(text, opts.kind)?, opts)
}

/// Stages 2–4 of [`import_classifier`], for a text already read (e.g. a large file read in
/// pieces by [`stream::ImportStream`]): the classifier added or replaced in `state`.
///
/// # Errors
/// As [`import_classifier`].
pub fn import_read(
    state: &AppState,
    imported: read::Imported,
    opts: &ImportOptions,
) -> Result<ImportOutcome, ImportError> {
    let target = place::target(state, &opts.name)?;
    let may_rename = opts.use_file_classes || target.others == 0;
    let reconciled = classes::reconcile(state, imported, opts.orientation, may_rename)?;
    let placed = place::place(state, &target, reconciled)?;
    let message = describe::describe(&placed);
    Ok(ImportOutcome {
        index: placed.index,
        state: placed.state,
        message,
    })
}

#[cfg(test)]
mod tests;
