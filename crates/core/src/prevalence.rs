//! Deployment prevalence: what a test-set confusion matrix becomes when the classes occur with
//! other shares in use (Dyrland et al. (draft) §2.5; Porta Mana, course notes §40.2: "don't do
//! class balancing").

use super::confusion::ConfusionMatrix;
use super::error::CoreError;
use super::matrix::Matrix;
use super::utility::check_shares;

/// Re-weights a confusion matrix from the test set's class shares `f_j` to deployment shares
/// `π_j`: `C'_ij = C_ij · π_j / f_j`. The per-class rates (recall, specificity...) are
/// unchanged; everything that mixes classes (accuracy, precision, yields) changes. The result
/// keeps the original total `N`, so that "total over N items" stays meaningful.
///
/// # Errors
/// `prevalence` of the wrong length, negative, not summing to 1, or positive for a class that
/// has no case in the test set.
///
/// # Examples
///
/// The lottery of Dyrland et al. (draft), §2.5: a classifier that always buys, tested on a 50 %/50 % set
/// (columns win, lose), yields 4.5; in real lotteries (1 % win) it yields −0.89.
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_core::prevalence::reweight;
/// let u = UtilityMatrix::parse("10,-1;0,0").unwrap();       // buy / not-buy × win / lose
/// let always_buy = ConfusionMatrix::parse("50,50;0,0", Orientation::OutputRows).unwrap();
/// assert!((u.yield_of(&always_buy).unwrap() - 4.5).abs() < 1e-12);
/// let real = reweight(&always_buy, &[0.01, 0.99]).unwrap();
/// assert!((u.yield_of(&real).unwrap() + 0.89).abs() < 1e-12);
/// ```
pub fn reweight(cm: &ConfusionMatrix, prevalence: &[f64]) -> Result<ConfusionMatrix, CoreError> {
    let n = cm.n();
    let data = reweight_columns(
        n,
        n,
        |i, j| cm.get(i, j),
        &cm.class_totals(),
        cm.total(),
        prevalence,
    )?;
    // Each cell is at most N (the total of a valid matrix, up to 10¹⁹), which may exceed the
    // bound on typed counts: a derived matrix.
    ConfusionMatrix::derived(Matrix::new(n, n, data)?)
}

/// The cells of `rows × n` counts `M` (row-major, `get(r, j)`), each column re-weighted from its
/// class total `t_j` to the deployment share `π_j` of the total `N`: `M'_rj = N·π_j·M_rj/t_j`.
/// Shared by [`reweight`] (a confusion matrix) and `DecisionCounts::reweight` (a row per
/// decision).
///
/// # Errors
/// `prevalence` of the wrong length, negative, not summing to 1, or positive for a class that
/// has no case (`t_j = 0`).
pub(crate) fn reweight_columns(
    rows: usize,
    n: usize,
    get: impl Fn(usize, usize) -> f64,
    totals: &[f64],
    big_n: f64,
    prevalence: &[f64],
) -> Result<Vec<f64>, CoreError> {
    check_shares("deployment class shares", prevalence, n)?;
    let mut data = vec![0.0; rows * n];
    for j in 0..n {
        if totals[j] == 0.0 {
            if prevalence[j] > 0.0 {
                return Err(CoreError::AbsentClass { class: j });
            }
            continue;
        }
        // `M_rj / t_j ≤ 1` first: `N / t_j` alone overflows for a tiny class total.
        let w = prevalence[j] * big_n;
        for r in 0..rows {
            data[r * n + j] = w * (get(r, j) / totals[j]);
        }
    }
    Ok(data)
}
