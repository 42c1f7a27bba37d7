//! Confusion matrices: rows = the classifier's output `i`, columns = the true class `j`.

use super::error::{CoreError, RangeKind, check_count, surely};
use super::limits::MAX_COUNT;
use super::matrix::{Matrix, Orientation};
use serde::{Deserialize, Serialize};

/// The most classes a confusion matrix may have.
pub const MAX_CLASSES: usize = super::limits::MAX_CLASSES;

/// A square confusion matrix with **rows = output (decision) `i`, columns = true class `j`**.
///
/// It keeps the values as given — counts `M_ij` or fractions — and their total `N`; the
/// normalized matrix is `C_ij = M_ij / N`.
///
/// # Examples
///
/// Classifier A of the factory story (Dyrland et al. 2022, eq. 1), as counts out of 100:
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// assert_eq!(a.n(), 2);
/// assert_eq!(a.total(), 100.0);
/// assert_eq!(a.c(1, 0), 0.23); // output 1, true class 0
/// assert_eq!(a.class_shares(), vec![0.5, 0.5]);
/// // The same matrix written the scikit-learn way (rows = true class):
/// let b = ConfusionMatrix::parse("27,23;15,35", Orientation::TrueRows).unwrap();
/// assert_eq!(a, b);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "ConfusionFields")]
pub struct ConfusionMatrix {
    values: Matrix,
    total: f64,
    /// `without[i·n + k] = Σ_{j≠k} M_ij`: each row's sum without column `k`, from prefix and
    /// suffix sums (non-negative terms, no cancellation). Computed once, so that the
    /// one-vs-rest counts of every class cost `O(n)` each rather than `O(n²)`.
    #[serde(skip_serializing)]
    without: Vec<f64>,
}

/// Each row's sum without each column (see [`ConfusionMatrix`]'s `without`).
fn row_sums_without(m: &Matrix) -> Vec<f64> {
    let n = m.cols();
    let mut without = vec![0.0; m.rows() * n];
    for i in 0..m.rows() {
        let row = m.row(i);
        let mut prefix = 0.0;
        for k in 0..n {
            without[i * n + k] = prefix;
            prefix += row[k];
        }
        let mut suffix = 0.0;
        for k in (0..n).rev() {
            without[i * n + k] += suffix;
            suffix += row[k];
        }
    }
    without
}

/// The fields of a [`ConfusionMatrix`] as they are written (rows = output); deserialized
/// through [`ConfusionMatrix::new`], which recomputes the total.
#[derive(Deserialize)]
struct ConfusionFields {
    values: Matrix,
}

impl TryFrom<ConfusionFields> for ConfusionMatrix {
    type Error = CoreError;

    fn try_from(f: ConfusionFields) -> Result<ConfusionMatrix, CoreError> {
        ConfusionMatrix::new(f.values, Orientation::OutputRows)
    }
}

impl ConfusionMatrix {
    /// A confusion matrix from counts or fractions written in `orientation`.
    ///
    /// # Errors
    /// Not square, fewer than 2 or more than [`MAX_CLASSES`] classes, a negative value, a value
    /// above [`MAX_COUNT`] (10¹⁵, [`CoreError::OutOfRange`]), or all zeros.
    ///
    /// ```
    /// use ulab_core::{ConfusionMatrix, Orientation};
    /// let e = ConfusionMatrix::parse("1e16,0;0,1", Orientation::OutputRows).unwrap_err();
    /// assert_eq!(e.to_string(), "row 1, cell 1: 1e16 is beyond 10¹⁵, the largest count supported");
    /// let tiny = ConfusionMatrix::parse("5e-324,0;-0,1", Orientation::OutputRows).unwrap();
    /// assert_eq!(tiny.counts().to_string(), "5e-324,0;0,1"); // −0 is stored as 0
    /// ```
    pub fn new(values: Matrix, orientation: Orientation) -> Result<ConfusionMatrix, CoreError> {
        if values.rows() != values.cols() {
            return Err(CoreError::NotSquare {
                rows: values.rows(),
                cols: values.cols(),
            });
        }
        let n = values.rows();
        check_count("classes", n, 2, MAX_CLASSES)?;
        // Checked as written, so that the error names the cell the user typed.
        for i in 0..n {
            for j in 0..n {
                let v = values.get(i, j);
                if v < 0.0 {
                    return Err(CoreError::Negative {
                        row: i,
                        col: j,
                        value: v,
                    });
                }
                if v > MAX_COUNT {
                    return Err(CoreError::OutOfRange {
                        row: i,
                        col: j,
                        value: v,
                        kind: RangeKind::Count,
                    });
                }
            }
        }
        // `−0` is stored as 0, so that it is never shown or written as "−0".
        let values = surely(
            values.from_orientation(orientation).map(|v| v + 0.0),
            "finite values stay finite",
        );
        // Cells within 10¹⁵: the total is finite; all zero is refused there.
        ConfusionMatrix::derived(values)
    }

    /// A confusion matrix computed from a valid one (re-weighted, normalized, …): square, with
    /// non-negative finite cells and a finite positive total, but not held to [`MAX_COUNT`]
    /// (a re-weighted cell may reach the original total).
    pub(crate) fn derived(values: Matrix) -> Result<ConfusionMatrix, CoreError> {
        if values.rows() != values.cols() {
            return Err(CoreError::NotSquare {
                rows: values.rows(),
                cols: values.cols(),
            });
        }
        if let Some(k) = values.data().iter().position(|v| !(*v >= 0.0)) {
            return Err(CoreError::Negative {
                row: k / values.cols(),
                col: k % values.cols(),
                value: values.data()[k],
            });
        }
        let total = values.sum();
        if !(total > 0.0 && total.is_finite()) {
            return Err(CoreError::ZeroTotal);
        }
        let without = row_sums_without(&values);
        Ok(ConfusionMatrix {
            values,
            total,
            without,
        })
    }

    /// From counts in the project's orientation (rows = output).
    pub fn from_counts(values: Matrix) -> Result<ConfusionMatrix, CoreError> {
        ConfusionMatrix::new(values, Orientation::OutputRows)
    }

    /// From normalized values (fractions summing to 1 within `1e-6`).
    ///
    /// # Errors
    /// As [`ConfusionMatrix::new`], and [`CoreError::NotNormalized`] if the sum is not 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{ConfusionMatrix, Matrix, Orientation};
    /// let b = Matrix::parse("0.43,0.18;0.07,0.32").unwrap();
    /// assert!(ConfusionMatrix::from_normalized(b, Orientation::OutputRows).is_ok());
    /// let bad = Matrix::parse("0.5,0.5;0.5,0.5").unwrap();
    /// assert!(ConfusionMatrix::from_normalized(bad, Orientation::OutputRows).is_err());
    /// ```
    pub fn from_normalized(
        values: Matrix,
        orientation: Orientation,
    ) -> Result<ConfusionMatrix, CoreError> {
        let sum = values.sum();
        if (sum - 1.0).abs() > 1e-6 {
            return Err(CoreError::NotNormalized { sum });
        }
        ConfusionMatrix::new(values, orientation)
    }

    /// Parses the matrix syntax (see [`Matrix::parse`]) written in `orientation`.
    pub fn parse(text: &str, orientation: Orientation) -> Result<ConfusionMatrix, CoreError> {
        ConfusionMatrix::new(Matrix::parse(text)?, orientation)
    }

    /// Counts from paired label vectors: `M_ij` = number of cases with prediction `i` and truth
    /// `j`. The classes are the labels that occur in either vector, sorted numerically if every
    /// label is a number, otherwise as strings (as scikit-learn's `unique_labels` does).
    /// Labels are trimmed.
    ///
    /// # Errors
    /// Vectors of different lengths or empty, or fewer than 2 distinct labels.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::ConfusionMatrix;
    /// let (cm, labels) = ConfusionMatrix::from_labels(
    ///     &["cat", "dog", "dog", "cat"],
    ///     &["cat", "cat", "dog", "cat"],
    /// ).unwrap();
    /// assert_eq!(labels, vec!["cat", "dog"]);
    /// assert_eq!(cm.counts().to_string(), "2,1;0,1"); // output cat: 2 cats, 1 dog
    /// ```
    pub fn from_labels<S: AsRef<str>>(
        y_true: &[S],
        y_pred: &[S],
    ) -> Result<(ConfusionMatrix, Vec<String>), CoreError> {
        let labels = class_order(
            y_true
                .iter()
                .chain(y_pred.iter())
                .map(|s| s.as_ref().trim().to_string())
                .collect(),
        );
        let cm = ConfusionMatrix::from_labels_with_classes(y_true, y_pred, &labels)?;
        Ok((cm, labels))
    }

    /// Counts from paired label vectors with a given list of classes (its order is the matrix
    /// order). Labels are trimmed before matching.
    ///
    /// # Errors
    /// Lengths differ or are zero, fewer than 2 classes, or a label not in `classes`.
    pub fn from_labels_with_classes<S: AsRef<str>>(
        y_true: &[S],
        y_pred: &[S],
        classes: &[String],
    ) -> Result<ConfusionMatrix, CoreError> {
        if y_true.len() != y_pred.len() {
            return Err(CoreError::LengthMismatch {
                what: "y_pred (one per y_true)",
                expected: y_true.len(),
                found: y_pred.len(),
            });
        }
        if y_true.is_empty() {
            return Err(CoreError::Empty);
        }
        let n = classes.len();
        check_count("distinct labels", n, 2, MAX_CLASSES)?;
        let index = |label: &str| -> Result<usize, CoreError> {
            let l = label.trim();
            classes
                .iter()
                .position(|c| c == l)
                .ok_or_else(|| CoreError::Invalid(format!("unknown label '{l}'")))
        };
        let mut data = vec![0.0; n * n];
        for (t, p) in y_true.iter().zip(y_pred) {
            let j = index(t.as_ref())?;
            let i = index(p.as_ref())?;
            data[i * n + j] += 1.0;
        }
        ConfusionMatrix::new(Matrix::new(n, n, data)?, Orientation::OutputRows)
    }

    /// `FP_k = Σ_{j≠k} M_kj`: outputs `k` whose true class is another.
    pub fn false_positives(&self, k: usize) -> f64 {
        self.without[k * self.n() + k]
    }

    /// `FN_k = Σ_{i≠k} M_ik`: cases of class `k` given another output.
    pub fn false_negatives(&self, k: usize) -> f64 {
        (0..self.n())
            .filter(|&i| i != k)
            .map(|i| self.values.get(i, k))
            .sum()
    }

    /// `TN_k = Σ_{i≠k, j≠k} M_ij`: everything neither output `k` nor of class `k`, summed
    /// cell by cell (`N − TP − FP − FN` would lose the small cells of a normalized matrix).
    pub fn true_negatives(&self, k: usize) -> f64 {
        let n = self.n();
        (0..n)
            .filter(|&i| i != k)
            .map(|i| self.without[i * n + k])
            .sum()
    }

    /// Number of classes `n`.
    pub fn n(&self) -> usize {
        self.values.rows()
    }

    /// The values as given (counts or fractions), rows = output.
    pub fn counts(&self) -> &Matrix {
        &self.values
    }

    /// The total `N = Σ_ij M_ij` (1 for a normalized matrix).
    pub fn total(&self) -> f64 {
        self.total
    }

    /// The value as given at output `i`, true class `j`.
    pub fn get(&self, i: usize, j: usize) -> f64 {
        self.values.get(i, j)
    }

    /// The normalized entry `C_ij = M_ij / N`.
    pub fn c(&self, i: usize, j: usize) -> f64 {
        self.values.get(i, j) / self.total
    }

    /// The normalized matrix `C = M / N`.
    pub fn normalized(&self) -> Matrix {
        surely(
            self.values.map(|v| v / self.total),
            "dividing finite values by a positive finite total stays finite",
        )
    }

    /// The share of each true class in the test set, `f_j = Σ_i C_ij`.
    pub fn class_shares(&self) -> Vec<f64> {
        self.values
            .col_sums()
            .into_iter()
            .map(|s| s / self.total)
            .collect()
    }

    /// The number of cases of each true class, `N_j = Σ_i M_ij`.
    pub fn class_totals(&self) -> Vec<f64> {
        self.values.col_sums()
    }

    /// The number of times each output was given, `Σ_j M_ij`.
    pub fn output_totals(&self) -> Vec<f64> {
        self.values.row_sums()
    }

    /// Whether all values are whole numbers (so they can be read as counts).
    pub fn is_integer_counts(&self) -> bool {
        self.values.data().iter().all(|v| v.fract() == 0.0)
    }

    /// The values written in `orientation` (the transpose for [`Orientation::TrueRows`]).
    pub fn in_orientation(&self, orientation: Orientation) -> Matrix {
        self.values.to_orientation(orientation)
    }
}

/// The classes of a labelled test set: its distinct `labels`, sorted numerically if every
/// label is a finite number, otherwise as strings (as scikit-learn's `unique_labels` does).
///
/// # Examples
///
/// ```
/// use ulab_core::confusion::class_order;
/// let v = |x: &[&str]| x.iter().map(|s| s.to_string()).collect::<Vec<_>>();
/// assert_eq!(class_order(v(&["10", "9", "10", "-1"])), v(&["-1", "9", "10"]));
/// assert_eq!(class_order(v(&["10", "9", "cat"])), v(&["10", "9", "cat"]));
/// ```
pub fn class_order(mut labels: Vec<String>) -> Vec<String> {
    labels.sort();
    labels.dedup();
    let numeric: Option<Vec<f64>> = labels.iter().map(|l| l.parse::<f64>().ok()).collect();
    if let Some(nums) = numeric
        && nums.iter().all(|v| v.is_finite())
    {
        let mut pairs: Vec<(f64, String)> = nums.into_iter().zip(labels).collect();
        crate::order::sort_by_number(&mut pairs, |p| p.0, false);
        labels = pairs.into_iter().map(|p| p.1).collect();
    }
    labels
}
