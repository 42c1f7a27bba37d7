//! The scores file: a CSV with a header row, one label column and one score column per
//! classifier (the header names them), read in chunks so that a page can parse 10⁶ rows
//! without freezing.
//!
//! ```text
//! label,logistic,forest
//! spam,0.91,0.80
//! ham,0.12,0.35
//! ```
//!
//! * The label column is found by name ([`LABEL_COLUMN_NAMES`](super::labels::LABEL_COLUMN_NAMES):
//!   `label`, `y_true`, `class`, `target`, `y`, …, any case), else it is the first column.
//!   Columns named `id`/`index`, and an unnamed first column (pandas' index), are ignored; every
//!   other column is a classifier's scores (a higher score speaks for the positive class).
//! * Labels are any non-empty texts; exactly two distinct labels are needed.
//! * Scores are numbers in the app's syntax ([`ulab_core::text::parse_number`]); with `;` or tab
//!   delimiters a decimal comma is accepted (`0,91`).
//! * Errors are typed ([`ScoresError`]) and name the line (1-based, as an editor counts, blank
//!   lines included) and the column. Nothing is returned on error, so the caller keeps its
//!   previous data.
//!
//! Chunked use (the page: the file's bytes a slice at a time with
//! [`ScoresParser::push_bytes`], a few hundred lines per [`ScoresParser::step`], the event loop
//! given back every few milliseconds); the text may also be given at once:
//!
//! ```
//! use ulab_state::roc::scores::ScoresParser;
//! let text = "label,A,B\n1,0.9,0.8\n0,0.2,0.4\n1,0.7,0.1\n".to_string();
//! let mut parser = ScoresParser::new(text).unwrap();
//! while !parser.is_done() {
//!     parser.step(2).unwrap(); // ≤ 2 lines per call; report parser.progress() meanwhile
//! }
//! let table = parser.finish().unwrap();
//! assert_eq!(table.rows(), 3);
//! assert_eq!(table.classifiers[1].scores, vec![0.8, 0.4, 0.1]);
//! ```

mod error;
mod parser;

pub use error::ScoresError;
pub use parser::{Progress, ScoresParser};

use ulab_core::labels::conventional_positive;

/// The largest scores file accepted, in bytes.
pub const MAX_SCORES_BYTES: usize = ulab_core::limits::MAX_SCORES_BYTES;

/// The most data rows accepted.
pub const MAX_SCORES_ROWS: usize = ulab_core::limits::MAX_SCORES_ROWS;
/// One classifier's column.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreColumn {
    /// The header's name (cleaned: trimmed, at most 60 characters).
    pub name: String,
    /// One finite score per row.
    pub scores: Vec<f64>,
}

/// A parsed scores file.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoresTable {
    /// The label column's header name.
    pub label_column: String,
    /// The two labels, in order of first appearance.
    pub labels: [String; 2],
    /// Per row: 0 or 1, the index of its label in [`ScoresTable::labels`].
    pub label_index: Vec<u8>,
    /// The classifiers, in the file's column order.
    pub classifiers: Vec<ScoreColumn>,
    /// Names of the columns that were ignored (`id`, `index`, an unnamed first column).
    pub ignored: Vec<String>,
}

impl ScoresTable {
    /// Number of data rows.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::parse_scores;
    /// assert_eq!(parse_scores("y,A\n0,0.1\n\n1,0.9\n").unwrap().rows(), 2);
    /// ```
    pub fn rows(&self) -> usize {
        self.label_index.len()
    }

    /// Number of rows with label `labels[k]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::parse_scores;
    /// let t = parse_scores("y,A\nb,0.1\na,0.9\nb,0.3\n").unwrap();
    /// assert_eq!((t.count(0), t.count(1)), (2, 1)); // labels in order of appearance: b, a
    /// ```
    pub fn count(&self, k: usize) -> usize {
        self.label_index
            .iter()
            .filter(|&&l| l as usize == k)
            .count()
    }

    /// The index (0 or 1) of the positive label: `chosen` if given (exact text, trimmed),
    /// else scikit-learn's default ([`conventional_positive`]).
    ///
    /// # Errors
    /// [`ScoresError::UnknownPositive`] if `chosen` is not a label of the file,
    /// [`ScoresError::PositiveRequired`] if nothing is chosen and the rule does not apply.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::parse_scores;
    /// let t = parse_scores("y,A\n0,0.1\n1,0.9\n").unwrap();
    /// assert_eq!(t.positive(None).unwrap(), 1); // "1" by scikit-learn's rule
    /// assert_eq!(t.positive(Some("0")).unwrap(), 0);
    /// let t = parse_scores("y,A\ncat,0.1\ndog,0.9\n").unwrap();
    /// assert!(t.positive(None).is_err());
    /// assert!(t.positive(Some("cow")).is_err());
    /// ```
    pub fn positive(&self, chosen: Option<&str>) -> Result<usize, ScoresError> {
        match chosen {
            Some(c) => {
                let c = c.trim();
                self.labels.iter().position(|l| l == c).ok_or_else(|| {
                    ScoresError::UnknownPositive {
                        given: c.to_string(),
                        labels: self.labels.clone(),
                    }
                })
            }
            None => {
                conventional_positive(&self.labels).ok_or_else(|| ScoresError::PositiveRequired {
                    labels: self.labels.clone(),
                })
            }
        }
    }

    /// Per row: whether its label is the positive one (`labels[positive]`), i.e. the row is of
    /// class 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::parse_scores;
    /// let t = parse_scores("y,A\nb,0.1\na,0.9\n").unwrap();
    /// assert_eq!(t.is_positive(1), vec![false, true]);
    /// ```
    pub fn is_positive(&self, positive: usize) -> Vec<bool> {
        self.label_index
            .iter()
            .map(|&l| l as usize == positive)
            .collect()
    }

    /// The class names in the app's order: `[positive, negative]` (class 0, class 1), e.g. for
    /// the Compare view's classes.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::parse_scores;
    /// let t = parse_scores("y,A\nham,0.1\nspam,0.9\n").unwrap();
    /// assert_eq!(t.class_names(1), ["spam".to_string(), "ham".to_string()]);
    /// ```
    pub fn class_names(&self, positive: usize) -> [String; 2] {
        let p = positive.min(1);
        [self.labels[p].clone(), self.labels[1 - p].clone()]
    }

    /// The test set's class-0 share `B = P / (P + N)` with `labels[positive]` as class 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::scores::parse_scores;
    /// let t = parse_scores("y,A\n0,0.1\n1,0.9\n0,0.3\n0,0.2\n").unwrap();
    /// assert_eq!(t.test_share(1), 0.25);
    /// ```
    pub fn test_share(&self, positive: usize) -> f64 {
        self.count(positive.min(1)) as f64 / self.rows().max(1) as f64
    }
}

/// The parse of a whole file at once (for small files and tests): [`ScoresParser`] run to the
/// end.
///
/// # Errors
/// The first [`ScoresError`] of the file.
///
/// # Examples
///
/// ```
/// use ulab_state::roc::scores::parse_scores;
/// let t = parse_scores("id,target,m1\n7,spam,2.5\n8,ham,-1\n").unwrap();
/// assert_eq!((t.label_column.as_str(), t.labels.clone()), ("target", ["spam".to_string(), "ham".to_string()]));
/// assert_eq!(t.ignored, vec!["id".to_string()]);
/// let e = parse_scores("label,A,B\n1,0.5,0.1\n0,0.4,oops\n").unwrap_err();
/// assert_eq!(e.to_string(), "line 3, column 'B': 'oops' is not a number");
/// ```
pub fn parse_scores(text: &str) -> Result<ScoresTable, ScoresError> {
    ScoresParser::new(text.to_string())?.finish()
}
