//! A classifier's **decisions** against the true classes: `n_d × n` counts or fractions, rows =
//! decisions (the utility matrix's rows, the first `n` meaning "decide class k", the others
//! extra decisions such as "refer"), columns = true classes. It is what a decision rule that
//! may refer produces (the Probabilities view's optimal rule); a [`ConfusionMatrix`] is the
//! square case, one output per class. Only the utility yield, the class shares and the
//! re-weighting to deployment shares are defined on it: the popular metrics need one output per
//! class ([`crate::Undefined::RowPerDecision`]).

use super::confusion::{ConfusionMatrix, MAX_CLASSES};
use super::error::{CoreError, RangeKind, check_count, surely};
use super::limits::{MAX_COUNT, MAX_DECISIONS};
use super::matrix::Matrix;
use super::utility::UtilityMatrix;
use serde::{Deserialize, Serialize};

/// Decision × class counts or fractions (rows = decision `d`, columns = true class `j`), with
/// `n ≤ n_d`; their total `N`.
///
/// # Examples
///
/// Two classes and "refer": 5 items referred, 3 of class 0 and 2 of class 1.
///
/// ```
/// use ulab_core::{DecisionCounts, Matrix, UtilityMatrix};
/// let m = DecisionCounts::new(Matrix::parse("40,5;7,43;3,2").unwrap()).unwrap();
/// assert_eq!((m.n(), m.n_decisions(), m.total()), (2, 3, 100.0));
/// assert_eq!(m.class_shares(), vec![0.5, 0.5]);
/// let u = UtilityMatrix::parse("1,-5;-5,1;0,0").unwrap();
/// // (40 − 25 − 35 + 43 + 0) / 100
/// assert!((u.yield_of_decisions(&m).unwrap() - 0.23).abs() < 1e-12);
/// assert!(DecisionCounts::new(Matrix::parse("1,2,3;4,5,6").unwrap()).is_err()); // 2 rows, 3 classes
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "DecisionFields")]
pub struct DecisionCounts {
    values: Matrix,
    total: f64,
}

/// The fields as written; deserialized through [`DecisionCounts::new`].
#[derive(Deserialize)]
struct DecisionFields {
    values: Matrix,
}

impl TryFrom<DecisionFields> for DecisionCounts {
    type Error = CoreError;

    fn try_from(f: DecisionFields) -> Result<DecisionCounts, CoreError> {
        DecisionCounts::new(f.values)
    }
}

impl DecisionCounts {
    /// Counts or fractions with one row per decision (`n ≤ n_d ≤` [`MAX_DECISIONS`] rows, 2 to
    /// [`MAX_CLASSES`] columns), each cell in `[0, 10¹⁵]`, not all zero.
    ///
    /// # Errors
    /// Fewer rows than columns, too few or too many classes or decisions, a negative value (or
    /// NaN), a value above [`MAX_COUNT`], or all zeros — the cell named as the user typed it.
    ///
    /// ```
    /// use ulab_core::{DecisionCounts, Matrix};
    /// let e = DecisionCounts::new(Matrix::parse("1,0;0,1;-2,0").unwrap()).unwrap_err();
    /// assert_eq!(e.to_string(), "row 3, cell 1: -2 is negative; counts and frequencies must be ≥ 0");
    /// ```
    pub fn new(values: Matrix) -> Result<DecisionCounts, CoreError> {
        let (rows, n) = (values.rows(), values.cols());
        check_count("classes", n, 2, MAX_CLASSES)?;
        check_count("decisions", rows, n, MAX_DECISIONS)?;
        for (k, &v) in values.data().iter().enumerate() {
            let (row, col) = (k / n, k % n);
            if !(v >= 0.0) {
                return Err(CoreError::Negative { row, col, value: v });
            }
            if v > MAX_COUNT {
                return Err(CoreError::OutOfRange {
                    row,
                    col,
                    value: v,
                    kind: RangeKind::Count,
                });
            }
        }
        // `−0` is stored as 0, so that it is never shown or written as "−0".
        let values = surely(values.map(|v| v + 0.0), "finite values stay finite");
        DecisionCounts::derived(values)
    }

    /// Computed from valid counts (re-weighted): non-negative finite cells, a finite positive
    /// total, not held to [`MAX_COUNT`].
    fn derived(values: Matrix) -> Result<DecisionCounts, CoreError> {
        let total = values.sum();
        if !(total > 0.0 && total.is_finite()) {
            return Err(CoreError::ZeroTotal);
        }
        Ok(DecisionCounts { values, total })
    }

    /// A confusion matrix read as decisions: output `i` is decision `i` (`n_d = n`).
    pub fn from_confusion(cm: &ConfusionMatrix) -> DecisionCounts {
        DecisionCounts {
            values: cm.counts().clone(),
            total: cm.total(),
        }
    }

    /// The number of classes `n` (columns).
    pub fn n(&self) -> usize {
        self.values.cols()
    }

    /// The number of decisions `n_d` (rows).
    pub fn n_decisions(&self) -> usize {
        self.values.rows()
    }

    /// The values as given, rows = decisions.
    pub fn counts(&self) -> &Matrix {
        &self.values
    }

    /// The total `N = Σ_dj M_dj`.
    pub fn total(&self) -> f64 {
        self.total
    }

    /// `M_dj`: decision `d`, true class `j`.
    pub fn get(&self, d: usize, j: usize) -> f64 {
        self.values.get(d, j)
    }

    /// The items of each true class, `Σ_d M_dj`.
    pub fn class_totals(&self) -> Vec<f64> {
        self.values.col_sums()
    }

    /// The class shares `f_j = Σ_d M_dj / N`.
    pub fn class_shares(&self) -> Vec<f64> {
        self.class_totals()
            .into_iter()
            .map(|t| t / self.total)
            .collect()
    }

    /// How often each decision was taken, `Σ_j M_dj`.
    pub fn decision_totals(&self) -> Vec<f64> {
        self.values.row_sums()
    }

    /// Whether all values are whole numbers (so they can be read as counts).
    pub fn is_integer_counts(&self) -> bool {
        self.values.data().iter().all(|v| v.fract() == 0.0)
    }

    /// The counts re-weighted to deployment class shares `π` (Bayes' rule, as
    /// [`crate::prevalence::reweight`] does for a confusion matrix): `M'_dj = N · π_j · M_dj /
    /// N_j`, so each class keeps its decision rates `M_dj / N_j`.
    ///
    /// # Errors
    /// `π` is not a probability vector over the classes, or gives a positive share to a class
    /// the counts have no item of.
    ///
    /// ```
    /// use ulab_core::{DecisionCounts, Matrix};
    /// let m = DecisionCounts::new(Matrix::parse("40,5;7,43;3,2").unwrap()).unwrap();
    /// let r = m.reweight(&[0.2, 0.8]).unwrap();
    /// // class 0 (50 items) now 20 % of 100: 40 → 16, 7 → 2.8, 3 → 1.2
    /// assert!((r.get(1, 0) - 2.8).abs() < 1e-12 && r.get(0, 0) == 16.0 && r.get(2, 1) == 3.2);
    /// ```
    pub fn reweight(&self, prevalence: &[f64]) -> Result<DecisionCounts, CoreError> {
        let (rows, n) = (self.n_decisions(), self.n());
        let data = super::prevalence::reweight_columns(
            rows,
            n,
            |d, j| self.get(d, j),
            &self.class_totals(),
            self.total,
            prevalence,
        )?;
        DecisionCounts::derived(Matrix::new(rows, n, data)?)
    }
}

impl UtilityMatrix {
    /// The utility yield of decisions, `Σ_dj U_dj M_dj / N` (eq. 10 over every decision's row).
    ///
    /// # Errors
    /// The counts do not have this matrix's decisions and classes.
    pub fn yield_of_decisions(&self, m: &DecisionCounts) -> Result<f64, CoreError> {
        if (m.n_decisions(), m.n()) != (self.n_decisions(), self.n_classes()) {
            return Err(CoreError::DimensionMismatch {
                expected: format!(
                    "decisions × classes {} × {} (the utility matrix's)",
                    self.n_decisions(),
                    self.n_classes()
                ),
                found: format!("{} × {}", m.n_decisions(), m.n()),
            });
        }
        let mut s = 0.0;
        for d in 0..m.n_decisions() {
            for j in 0..m.n() {
                s += self.get(d, j) * m.get(d, j);
            }
        }
        Ok(s / m.total())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Orientation;
    use crate::prevalence::reweight;

    fn m(s: &str) -> Matrix {
        Matrix::parse(s).unwrap()
    }

    #[test]
    fn a_square_matrix_yields_and_reweights_as_its_confusion_matrix() {
        let cm = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
        let d = DecisionCounts::from_confusion(&cm);
        let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
        assert_eq!(u.yield_of_decisions(&d).unwrap(), u.yield_of(&cm).unwrap());
        let pi = [0.3, 0.7];
        assert_eq!(
            d.reweight(&pi).unwrap().counts(),
            reweight(&cm, &pi).unwrap().counts()
        );
        assert_eq!(DecisionCounts::new(m("27,15;23,35")).unwrap(), d);
    }

    #[test]
    fn bad_counts_are_named() {
        let e = |s: &str| DecisionCounts::new(m(s)).unwrap_err().to_string();
        assert_eq!(e("0,0;0,0;0,0"), "all counts are zero");
        assert!(e("1;2;3").contains("classes"), "{}", e("1;2;3"));
        assert!(
            e("1,2,3;4,5,6").contains("decisions"),
            "{}",
            e("1,2,3;4,5,6")
        );
        assert!(e("1,0;0,1;0,2e15").contains("row 3, cell 2"));
        let u = UtilityMatrix::parse("1,0;0,1").unwrap();
        let d = DecisionCounts::new(m("1,0;0,1;1,1")).unwrap();
        assert!(u.yield_of_decisions(&d).is_err());
        assert!(d.reweight(&[0.5, 0.6]).is_err());
        let absent = DecisionCounts::new(m("1,0;2,0;3,0")).unwrap();
        assert_eq!(
            absent.reweight(&[0.5, 0.5]).unwrap_err(),
            CoreError::AbsentClass { class: 1 }
        );
    }

    #[test]
    fn serde_checks_the_values() {
        let d = DecisionCounts::new(m("1,0;0,1;1,1")).unwrap();
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<DecisionCounts>(&json).unwrap(), d);
        let bad = json.replace("1.0,1.0", "-1.0,1.0");
        assert!(
            serde_json::from_str::<DecisionCounts>(&bad).is_err(),
            "{bad}"
        );
    }
}
