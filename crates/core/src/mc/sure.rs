//! How sure is a ranking from a finite test set: the user's question
//! ([`question`](super::question)) summarized as Compare shows it — each classifier's
//! probability of being the best and a 90 % interval of its yield per item.
//!
//! The draws are the question's, chunk for chunk ([`question_chunk`], or
//! [`QuestionSlices`](super::question::QuestionSlices) for a caller that must not block, merged
//! with [`QuestionTally::merge`] in chunk order); only the summary differs from
//! [`question_summary`](super::question::question_summary): two quantiles by selection
//! (`O(draws)` per classifier, no sort, no histogram).
//!
//! Compare uses [`QuestionConfig::how_sure`]: the utilities as entered (`σ = 0`), a uniform
//! prior (`α = 1`), [`SURE_DRAWS`] draws and seed 1, so that a link always shows the same
//! numbers.

use super::posterior::effective_utility;
use super::question::{QuestionConfig, QuestionTally, question_chunk};
use crate::error::CoreError;
use crate::{ConfusionMatrix, UtilityMatrix};
use serde::{Deserialize, Serialize};

/// The probability levels of [`YieldInterval::low`] and [`YieldInterval::high`]: 5 % and 95 %
/// (a central 90 % interval).
pub const INTERVAL: [f64; 2] = [0.05, 0.95];

/// The draws of [`QuestionConfig::how_sure`]: 4000 (one chunk; P(best) within ±0.016 at two
/// standard errors).
pub const SURE_DRAWS: u64 = 4000;

impl QuestionConfig {
    /// Compare's question: the utilities as entered (`σ = 0`), `α = 1`, [`SURE_DRAWS`] draws,
    /// seed 1, the test sets' class shares (set [`QuestionConfig::prevalence`] for others).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::mc::question::QuestionConfig;
    /// use ulab_core::examples::{factory_classifiers, factory_utility};
    /// let (u, [(_, a), (_, b)]) = (factory_utility(), factory_classifiers());
    /// let q = QuestionConfig::how_sure(u, vec![a, b]);
    /// assert_eq!((q.sigma, q.alpha, q.draws, q.seed), (0.0, 1.0, 4000, 1));
    /// ```
    pub fn how_sure(utility: UtilityMatrix, classifiers: Vec<ConfusionMatrix>) -> QuestionConfig {
        QuestionConfig {
            sigma: 0.0,
            draws: SURE_DRAWS,
            ..QuestionConfig::new(utility, classifiers)
        }
    }

    /// The yield of classifier `k`'s counts themselves, `Σ_ij U_ij M_ij / N` (re-weighted to
    /// the deployment shares if any, `Σ_ij U_ij M_ij π_j / N_j`,
    /// [`crate::prevalence::reweight`]; with `U_{d(i) j}` for a remapped classifier,
    /// [`QuestionConfig::remap`]). Classifier `k ≥ classifiers.len()` is
    /// `decided[k − classifiers.len()]`: [`UtilityMatrix::yield_of_decisions`] of its counts
    /// ([`crate::DecisionCounts::reweight`]ed to the shares if any).
    ///
    /// # Errors
    /// `k` out of range, or an invalid config.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::mc::question::QuestionConfig;
    /// use ulab_core::examples::{factory_classifiers, factory_utility};
    /// let [(_, a), _] = factory_classifiers();
    /// let mut q = QuestionConfig::new(factory_utility(), vec![a]);
    /// assert!((q.point_yield(0).unwrap() - 3.5).abs() < 1e-12);
    /// // 80 % short components: 0.2·(−8) + 0.8·15 per item.
    /// q.prevalence = Some(vec![0.2, 0.8]);
    /// assert!((q.point_yield(0).unwrap() - 10.4).abs() < 1e-12);
    /// assert!(q.point_yield(1).is_err());
    /// // A remapped to decide "short" (decision 1) on both outputs: 0.5·(−35) + 0.5·165 = 65
    /// // (π back to the test set's shares).
    /// q.prevalence = None;
    /// q.remap = Some(vec![vec![1, 1]]);
    /// assert!((q.point_yield(0).unwrap() - 65.0).abs() < 1e-12);
    /// // A decided classifier, after A: the same counts as decisions.
    /// q.decided = vec![ulab_core::DecisionCounts::from_confusion(&q.classifiers[0])];
    /// assert!((q.point_yield(1).unwrap() - 3.5).abs() < 1e-12);
    /// ```
    pub fn point_yield(&self, k: usize) -> Result<f64, CoreError> {
        let out_of_range = || CoreError::DimensionMismatch {
            expected: format!("a classifier index below {}", self.n_classifiers()),
            found: k.to_string(),
        };
        let Some(cm) = self.classifiers.get(k) else {
            let d = k
                .checked_sub(self.classifiers.len())
                .and_then(|i| self.decided.get(i))
                .ok_or_else(out_of_range)?;
            return match &self.prevalence {
                None => self.utility.yield_of_decisions(d),
                Some(pi) => self.utility.yield_of_decisions(&d.reweight(pi)?),
            };
        };
        let cm = match &self.prevalence {
            None => cm.clone(),
            Some(pi) => crate::prevalence::reweight(cm, pi)?,
        };
        if self.remap.is_none() {
            return self.utility.yield_of(&cm);
        }
        self.validate()?;
        let n = cm.n();
        let u = effective_utility(self, k);
        // As UtilityMatrix::yield_of sums: the identity map gives its value to the bit.
        let total: f64 = (0..n * n).map(|c| u[c] * cm.get(c / n, c % n)).sum();
        Ok(total / cm.total())
    }
}

/// One classifier's yield per item under the posterior.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::QuestionConfig;
/// use ulab_core::mc::sure::sure;
/// use ulab_core::examples::{factory_classifiers, factory_utility};
/// let (u, [(_, a), (_, b)]) = (factory_utility(), factory_classifiers());
/// let s = sure(&QuestionConfig::how_sure(u, vec![a, b])).unwrap();
/// let y = &s.yields[0];
/// assert!((y.point - 3.5).abs() < 1e-12);
/// assert!(y.low < y.mean && y.mean < y.high);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct YieldInterval {
    /// The yield of the counts themselves, `Σ_ij U_ij M_ij / N` (re-weighted to the deployment
    /// shares if any), without uncertainty: [`QuestionConfig::point_yield`].
    pub point: f64,
    /// The mean over the draws (→ the posterior mean `Σ_ij U_ij (M_ij + α)/(N + cα)` without
    /// deployment shares, `c` the classifier's cells: `n²`, or `n_d · n` decided).
    pub mean: f64,
    /// The 5 % quantile of the draws ([`INTERVAL`]).
    pub low: f64,
    /// The 95 % quantile of the draws.
    pub high: f64,
}

/// How sure the ranking of the classifiers is.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::QuestionConfig;
/// use ulab_core::mc::sure::sure;
/// use ulab_core::examples::{factory_classifiers, factory_utility};
/// let (u, [(_, a), (_, b)]) = (factory_utility(), factory_classifiers());
/// let s = sure(&QuestionConfig::how_sure(u, vec![a, b])).unwrap();
/// assert_eq!(s.leader(), 0); // A
/// assert!((s.p_best[0] - 0.61).abs() < 0.03);
/// assert!((s.p_best.iter().sum::<f64>() - 1.0).abs() < 1e-12);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sure {
    /// Number of draws `D`.
    pub draws: u64,
    /// `P(classifier k is the best) = wins_k / D`: the share of draws in which its yield is the
    /// largest. The draws are continuous, so ties have probability 0; an exact tie (degenerate
    /// cases: a classifier whose every draw is the same, identical deterministic yields) gives
    /// `1/m` to each of the `m` tied, so that `Σ_k P(best) = 1`.
    pub p_best: Vec<f64>,
    /// The Monte Carlo standard error of each, `√(P(1 − P)/D)`.
    pub p_best_se: Vec<f64>,
    /// Each classifier's yield per item.
    pub yields: Vec<YieldInterval>,
}

impl Sure {
    /// The classifier most likely to be the best (the first of equals).
    pub fn leader(&self) -> usize {
        let mut best = 0;
        for (k, p) in self.p_best.iter().enumerate() {
            if *p > self.p_best[best] {
                best = k;
            }
        }
        best
    }
}

/// Summarizes the merged tally of every chunk of `config`: `P(best)_k = wins_k / D` with
/// `√(P(1 − P)/D)`, and per classifier the point yield, the mean `Σ_d Y_d / D` and the 5 % and
/// 95 % quantiles of its draws, linear between order statistics at `h = (D − 1)q` (NumPy's
/// default): `x₍⌊h⌋₎ + (h − ⌊h⌋)(x₍⌊h⌋+1₎ − x₍⌊h⌋₎)`, 0-based.
///
/// # Errors
/// An invalid config, or a tally with a different number of classifiers, or no draws, or not
/// one yield per draw.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::{question_chunk, QuestionConfig, QuestionTally};
/// use ulab_core::mc::sure::{sure, sure_summary};
/// use ulab_core::examples::{factory_classifiers, factory_utility};
/// let (u, [(_, a), (_, b)]) = (factory_utility(), factory_classifiers());
/// let mut q = QuestionConfig::how_sure(u, vec![a, b]);
/// q.draws = 9000;
/// let mut t = QuestionTally::default();
/// for k in 0..q.chunks() {
///     t.merge(&question_chunk(&q, k).unwrap()); // e.g. from web workers, in chunk order
/// }
/// assert_eq!(sure_summary(&q, &t).unwrap(), sure(&q).unwrap());
/// ```
pub fn sure_summary(config: &QuestionConfig, tally: &QuestionTally) -> Result<Sure, CoreError> {
    config.validate()?;
    let nk = config.n_classifiers();
    if tally.draws == 0
        || tally.wins.len() != nk
        || tally.yields.len() != nk
        || tally.yields.iter().any(|y| y.len() as u64 != tally.draws)
    {
        return Err(CoreError::DimensionMismatch {
            expected: format!("draws of {nk} classifiers, one yield per draw"),
            found: format!("{} draws of {} classifiers", tally.draws, tally.wins.len()),
        });
    }
    let d = tally.draws as f64;
    let p_best: Vec<f64> = tally.wins.iter().map(|w| w / d).collect();
    let p_best_se = p_best.iter().map(|p| (p * (1.0 - p) / d).sqrt()).collect();
    let mut yields = Vec::with_capacity(nk);
    for (k, ys) in tally.yields.iter().enumerate() {
        let mut v = ys.clone();
        yields.push(YieldInterval {
            point: config.point_yield(k)?,
            mean: ys.iter().sum::<f64>() / d,
            low: quantile_of(&mut v, INTERVAL[0]),
            high: quantile_of(&mut v, INTERVAL[1]),
        });
    }
    Ok(Sure {
        draws: tally.draws,
        p_best,
        p_best_se,
        yields,
    })
}

/// The `q`-quantile of non-empty `values` (reordered), linear between order statistics at
/// `h = (n − 1)q`, by selection.
fn quantile_of(values: &mut [f64], q: f64) -> f64 {
    let h = (values.len() - 1) as f64 * q;
    let i = (h.floor() as usize).min(values.len() - 1);
    let (_, lo, above) = values.select_nth_unstable_by(i, f64::total_cmp);
    let lo = *lo;
    let next = above.iter().copied().fold(f64::INFINITY, f64::min);
    if next.is_finite() {
        lo + (h - i as f64) * (next - lo)
    } else {
        lo
    }
}

/// Answers Compare's question on this thread: every chunk in order, then [`sure_summary`].
///
/// # Errors
/// An invalid config.
///
/// # Examples
///
/// Identical classifiers split P(best) evenly, within Monte Carlo error:
///
/// ```
/// use ulab_core::mc::question::QuestionConfig;
/// use ulab_core::mc::sure::sure;
/// use ulab_core::examples::{factory_classifiers, factory_utility};
/// let (u, [(_, a), _]) = (factory_utility(), factory_classifiers());
/// let s = sure(&QuestionConfig::how_sure(u, vec![a.clone(), a])).unwrap();
/// assert!((s.p_best[0] - 0.5).abs() < 4.0 * s.p_best_se[0]);
/// ```
pub fn sure(config: &QuestionConfig) -> Result<Sure, CoreError> {
    config.validate()?;
    let mut tally = QuestionTally::default();
    for k in 0..config.chunks() {
        tally.merge(&question_chunk(config, k)?);
    }
    sure_summary(config, &tally)
}
