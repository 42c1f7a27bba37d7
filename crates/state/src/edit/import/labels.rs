//! Paired labels (`y_true, y_pred`, one row per test item) counted as they are read: the
//! distinct labels in the order they first appear, each with its line, and the count of every
//! (true, predicted) pair. A file of millions of rows is held as at most [`MAX_CLASSES`]
//! labels and their pair counts, and is read a chunk at a time
//! ([`super::stream`]).

use super::{ImportError, ImportProblem};
use std::collections::HashMap;
use ulab_core::limits::MAX_CLASSES;
use ulab_csv::Record;

/// The most distinct labels kept: as many classes as a problem can have.
const KEPT: usize = MAX_CLASSES;

const TRUE_NAMES: [&str; 8] = [
    "y_true", "true", "truth", "actual", "label", "target", "y", "class",
];
const PRED_NAMES: [&str; 7] = [
    "y_pred",
    "pred",
    "predicted",
    "prediction",
    "output",
    "y_hat",
    "yhat",
];

/// `Some(swapped)` if the fields are a header of label columns (`swapped`: prediction first).
///
/// # Examples
///
/// ```
/// use ulab_state::edit::import::labels::labels_header;
/// let h = |a: &str, b: &str| labels_header(&[a.to_string(), b.to_string()]);
/// assert_eq!((h("y_true", "y_pred"), h("Predicted", "Actual"), h("a", "b")), (Some(false), Some(true), None));
/// ```
pub fn labels_header(fields: &[String]) -> Option<bool> {
    if fields.len() != 2 {
        return None;
    }
    let a = fields[0].to_lowercase();
    let b = fields[1].to_lowercase();
    if TRUE_NAMES.contains(&a.as_str()) && PRED_NAMES.contains(&b.as_str()) {
        Some(false)
    } else if PRED_NAMES.contains(&a.as_str()) && TRUE_NAMES.contains(&b.as_str()) {
        Some(true)
    } else {
        None
    }
}

/// Label pairs, counted.
///
/// # Examples
///
/// ```
/// use ulab_state::edit::import::labels::LabelCounts;
/// let mut c = LabelCounts::new(false);
/// for (line, pair) in [(2, ["cat", "dog"]), (3, ["dog", "dog"]), (4, ["cat", "dog"])] {
///     c.push_fields(line, &pair.map(String::from)).unwrap();
/// }
/// assert_eq!((c.labels(), c.pairs()), (&["cat".to_string(), "dog".to_string()][..], 3));
/// assert_eq!((c.count(0, 1), c.count(1, 1), c.line_of(1)), (2.0, 1.0, 2));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct LabelCounts {
    /// The prediction comes first in each row.
    swapped: bool,
    /// Distinct labels, in the order they first appear (within a row: the true one first).
    labels: Vec<String>,
    /// The line each label first appears on.
    lines: Vec<usize>,
    index: HashMap<String, usize>,
    /// `counts[t * KEPT + p]`: rows with true label `t` and prediction `p`.
    counts: Vec<f64>,
    pairs: usize,
    /// The first label beyond [`KEPT`], with its line: its row and the rows of later new
    /// labels are not counted (the file cannot be imported).
    beyond: Option<(usize, String)>,
}

impl LabelCounts {
    /// No pairs yet; `swapped`: each row is (prediction, true label).
    pub fn new(swapped: bool) -> LabelCounts {
        LabelCounts {
            swapped,
            labels: Vec::new(),
            lines: Vec::new(),
            index: HashMap::new(),
            counts: Vec::new(),
            pairs: 0,
            beyond: None,
        }
    }

    /// Counts one row of two fields, read on `line`.
    ///
    /// # Errors
    /// The row has another number of fields, or an empty label.
    pub fn push_fields(&mut self, line: usize, fields: &[String]) -> Result<(), ImportError> {
        if fields.len() != 2 {
            return Err(ImportError::at(
                line,
                ImportProblem::Columns {
                    found: fields.len(),
                },
            ));
        }
        if fields[0].is_empty() || fields[1].is_empty() {
            return Err(ImportError::at(line, ImportProblem::EmptyLabel));
        }
        let (t, p) = if self.swapped {
            (&fields[1], &fields[0])
        } else {
            (&fields[0], &fields[1])
        };
        let (Some(t), Some(p)) = (self.id(t, line), self.id(p, line)) else {
            return Ok(());
        };
        if self.counts.is_empty() {
            self.counts = vec![0.0; KEPT * KEPT];
        }
        self.counts[t * KEPT + p] += 1.0;
        self.pairs += 1;
        Ok(())
    }

    /// Counts the rows of `records`.
    ///
    /// # Errors
    /// As [`LabelCounts::push_fields`], for the first bad row.
    pub fn push_records(&mut self, records: &[Record]) -> Result<(), ImportError> {
        records
            .iter()
            .try_for_each(|r| self.push_fields(r.line, &r.fields))
    }

    /// The index of `label` (trimmed), new ones added while there is room.
    fn id(&mut self, label: &str, line: usize) -> Option<usize> {
        let label = label.trim();
        if let Some(&i) = self.index.get(label) {
            return Some(i);
        }
        if self.labels.len() >= KEPT {
            self.beyond.get_or_insert_with(|| (line, label.to_string()));
            return None;
        }
        self.index.insert(label.to_string(), self.labels.len());
        self.labels.push(label.to_string());
        self.lines.push(line);
        Some(self.labels.len() - 1)
    }

    /// The distinct labels, in the order they first appear.
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// The line label `i` first appears on.
    pub fn line_of(&self, i: usize) -> usize {
        self.lines.get(i).copied().unwrap_or(0)
    }

    /// Rows counted.
    pub fn pairs(&self) -> usize {
        self.pairs
    }

    /// Rows with true label `t` and prediction `p` (indices into [`LabelCounts::labels`]).
    pub fn count(&self, t: usize, p: usize) -> f64 {
        self.counts.get(t * KEPT + p).copied().unwrap_or(0.0)
    }

    /// The first label too many (the [`MAX_CLASSES`]` + 1`-th distinct one), with its line.
    pub fn beyond(&self) -> Option<(usize, &str)> {
        self.beyond.as_ref().map(|(l, s)| (*l, s.as_str()))
    }
}

/// The label rows of `recs` (a header naming the columns, in either order, is optional).
///
/// # Errors
/// A header and no row; a row without two fields or with an empty label.
pub fn labels(recs: &[Record]) -> Result<LabelCounts, ImportError> {
    let Some(first) = recs.first() else {
        return Err(ImportError::whole(ImportProblem::Empty));
    };
    let (swapped, body) = match labels_header(&first.fields) {
        Some(s) => (s, &recs[1..]),
        None => (false, recs),
    };
    if body.is_empty() {
        return Err(ImportError::at(first.line, ImportProblem::HeaderOnly));
    }
    let mut counts = LabelCounts::new(swapped);
    counts.push_records(body)?;
    Ok(counts)
}
