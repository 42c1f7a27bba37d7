//! Deployment class shares `π` for per-item probabilities (Dyrland et al. (draft) eq. 23, the
//! base-rate correction): a model's probabilities reflect the test set's class shares `f`; in
//! deployment the classes occur with shares `π`, so by Bayes' rule
//! `p'_c = p_c·π_c/f_c / Σ_c' p_c'·π_c'/f_c'`, and the confusion matrices are re-weighted as
//! [`ulab_core::prevalence::reweight`] does, `C'_dc = C_dc·π_c/f_c` (written here for the
//! rectangular decision × class matrices of rules with extra decisions, which `reweight`'s
//! square [`ConfusionMatrix`](ulab_core::ConfusionMatrix) cannot hold).

use ulab_core::error::CoreError;
use ulab_core::matrix::Matrix;
use ulab_core::utility::check_shares;

/// Deployment shares `π` beside the test set's shares `f`, and their ratios `r_c = π_c/f_c`.
///
/// # Examples
///
/// ```
/// use ulab_probs::Shares;
/// let s = Shares::new(&[0.1, 0.9], &[50, 50]).unwrap();
/// assert_eq!(s.ratios(), &[0.2, 1.8]);
/// assert!(Shares::new(&[0.1, 0.9], &[0, 50]).is_err()); // class 0 absent from the test set
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Shares {
    pi: Vec<f64>,
    f: Vec<f64>,
    r: Vec<f64>,
}

impl Shares {
    /// `π` for a test set with `counts[c]` items of class `c`.
    ///
    /// # Errors
    /// `π` not a probability vector over the classes (within 10⁻⁶); no item; a positive share
    /// for a class with no item ([`CoreError::AbsentClass`]).
    pub fn new(pi: &[f64], counts: &[u64]) -> Result<Shares, CoreError> {
        check_shares("deployment class shares", pi, counts.len())?;
        let total: u64 = counts.iter().sum();
        if total == 0 {
            return Err(CoreError::ZeroTotal);
        }
        let f: Vec<f64> = counts.iter().map(|&c| c as f64 / total as f64).collect();
        let mut r = vec![0.0; pi.len()];
        for c in 0..pi.len() {
            if counts[c] == 0 {
                if pi[c] > 0.0 {
                    return Err(CoreError::AbsentClass { class: c });
                }
            } else {
                r[c] = pi[c] / f[c];
            }
        }
        Ok(Shares {
            pi: pi.to_vec(),
            f,
            r,
        })
    }

    /// `π`.
    pub fn deployment(&self) -> &[f64] {
        &self.pi
    }

    /// `f`, the test set's shares.
    pub fn test(&self) -> &[f64] {
        &self.f
    }

    /// `r_c = π_c / f_c` (0 for a class with no item, whose `π_c` is 0).
    pub fn ratios(&self) -> &[f64] {
        &self.r
    }
}

/// A decision × class matrix of counts `M_dc` re-weighted to deployment shares, keeping its
/// total `N`: `M'_dc = M_dc · π_c / f_c = M_dc · π_c · N / N_c` (0 for a class with no item).
/// Without shares, `M` itself.
///
/// # Examples
///
/// ```
/// use ulab_core::Matrix;
/// use ulab_probs::{deployed, Shares};
/// let m = Matrix::parse("30,10;20,40").unwrap(); // columns: 50 and 50 items
/// let s = Shares::new(&[0.2, 0.8], &[50, 50]).unwrap();
/// assert_eq!(deployed(&m, Some(&s)).to_string(), "12,16;8,64");
/// ```
pub fn deployed(counts: &Matrix, shares: Option<&Shares>) -> Matrix {
    let Some(s) = shares else {
        return counts.clone();
    };
    let (rows, cols) = (counts.rows(), counts.cols());
    let mut data = counts.data().to_vec();
    for (k, v) in data.iter_mut().enumerate() {
        *v *= s.r.get(k % cols).copied().unwrap_or(0.0);
    }
    // Same shape as a valid matrix, finite entries: cannot fail; fall back to the counts.
    Matrix::new(rows, cols, data).unwrap_or_else(|_| counts.clone())
}
