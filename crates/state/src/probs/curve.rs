//! Two classes: the decision curve (net benefit against the threshold probability `p_t`, as
//! `dcurves` draws it, with "treat all" and "treat none") and the yield against the threshold
//! under the app's utility matrix, with the threshold the matrix implies and the best one found
//! on the data.
//!
//! The decision curve is the yield under the family of utility matrices
//! `[[1, −p_t/(1−p_t)], [0, 0]]` ([`UtilityMatrix::net_benefit`]): a point of it opens that
//! matrix in the Utility space.

use super::analysis::{ProbsViewError, decider};
use super::file::ProbsFile;
use ulab_core::UtilityMatrix;
use ulab_core::decision::{BinaryRule, binary_threshold};
use ulab_probs::curve::{BestThreshold, ThresholdCurve};
use ulab_probs::tally::CurvePoint;

/// The thresholds drawn by default: 0.01, 0.02, …, 0.99.
pub fn default_thresholds() -> Vec<f64> {
    (1..100).map(|k| f64::from(k) / 100.0).collect()
}

/// Each model's items sorted by the probability of class 0 (under deployment shares, `p'_0`):
/// once per file and shares (about 30 ms natively for 10⁶ items).
///
/// # Errors
/// Not two classes; bad shares.
pub fn threshold_curves(
    file: &ProbsFile,
    prevalence: Option<&[f64]>,
) -> Result<Vec<ThresholdCurve>, ProbsViewError> {
    let n = file.table.n_classes();
    if n != 2 {
        return Err(ProbsViewError::Core(format!(
            "a decision curve needs two classes; the file has {n}"
        )));
    }
    let u = UtilityMatrix::identity(2)?;
    let d = decider(file, &u, prevalence)?;
    Ok(file
        .table
        .models()
        .iter()
        .map(|m| ThresholdCurve::new(&file.table, m, d.shares()))
        .collect::<Result<Vec<_>, _>>()?)
}

/// The decision curve at `thresholds` (each in `(0, 1)`; others are skipped): "treat all" and
/// each model's net benefit; "treat none" is 0.
///
/// # Examples
///
/// ```
/// use ulab_state::probs::{curve::{decision_curve, threshold_curves}, file::parse_probs};
/// let f = parse_probs("y,A\n1,0.9\n0,0.6\n1,0.4\n0,0.2\n", None).unwrap();
/// let c = decision_curve(&threshold_curves(&f, None).unwrap(), &[0.5]);
/// // p ≥ 0.5: TP 1, FP 1 of 4 → 1/4 − 1/4 · 1; treat all: ½ − ½ · 1.
/// assert_eq!((c[0].models[0], c[0].treat_all), (0.0, 0.0));
/// ```
pub fn decision_curve(curves: &[ThresholdCurve], thresholds: &[f64]) -> Vec<CurvePoint> {
    thresholds
        .iter()
        .filter(|&&t| t > 0.0 && t < 1.0)
        .map(|&t| CurvePoint {
            threshold: t,
            treat_all: curves.first().and_then(|c| c.treat_all(t)).unwrap_or(0.0),
            models: curves
                .iter()
                .map(|c| c.net_benefit(t).unwrap_or(0.0))
                .collect(),
        })
        .collect()
}

/// One model's threshold rule under a 2 × 2 utility matrix.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThresholdReport {
    /// The threshold the matrix implies for calibrated probabilities, `(U11 − U01)/((U00 −
    /// U10) + (U11 − U01))` ("trust the probabilities", eq. 24), when it is one.
    pub implied: Option<f64>,
    /// The yield per item at that threshold.
    pub at_implied: Option<f64>,
    /// The threshold of largest yield on the data.
    pub best: BestThreshold,
}

/// Each model's threshold rule under `u` (2 × 2).
///
/// # Errors
/// `u` is not 2 × 2.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{curve::{threshold_curves, thresholds}, file::parse_probs};
/// let f = parse_probs("y,A\n1,0.9\n0,0.6\n1,0.4\n0,0.2\n", None).unwrap();
/// let r = thresholds(&threshold_curves(&f, None).unwrap(), &UtilityMatrix::identity(2).unwrap()).unwrap();
/// assert_eq!((r[0].implied, r[0].at_implied), (Some(0.5), Some(0.5)));
/// assert_eq!(r[0].best.yield_per_item, 0.75); // class 0 iff p ≥ 0.9
/// ```
pub fn thresholds(
    curves: &[ThresholdCurve],
    u: &UtilityMatrix,
) -> Result<Vec<ThresholdReport>, ProbsViewError> {
    let implied = match binary_threshold(u)? {
        BinaryRule::ZeroAtOrAbove(t) => Some(t),
        BinaryRule::Always(0) => Some(0.0),
        _ => None,
    };
    curves
        .iter()
        .map(|c| {
            Ok(ThresholdReport {
                implied,
                at_implied: implied.map(|t| c.yield_at(u, t)).transpose()?,
                best: c.best_threshold(u)?,
            })
        })
        .collect::<Result<Vec<_>, ulab_core::CoreError>>()
        .map_err(Into::into)
}

/// The yield per item at each threshold, under a 2 × 2 `u`, for one model.
///
/// # Errors
/// `u` is not 2 × 2.
pub fn yield_curve(
    curve: &ThresholdCurve,
    u: &UtilityMatrix,
    thresholds: &[f64],
) -> Result<Vec<f64>, ProbsViewError> {
    thresholds
        .iter()
        .map(|&t| curve.yield_at(u, t).map_err(Into::into))
        .collect()
}
