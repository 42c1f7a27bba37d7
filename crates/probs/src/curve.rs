//! Two classes: decisions by a threshold on the probability `q` of class 0 (`q = p_0`, or
//! `p'_0` under deployment shares) — decide class 0 iff `q ≥ t`.
//!
//! * **Decision curve** (Vickers & Elkin 2006, as the `dcurves` package draws it): the net
//!   benefit at threshold probability `p_t`, `NB = TP/N − FP/N · p_t/(1 − p_t)`, for each
//!   model, beside "treat all", `π₀ − (1 − π₀)·p_t/(1 − p_t)`, and "treat none", 0. It is the
//!   yield under the family of utility matrices `[[1, −p_t/(1−p_t)], [0, 0]]` (spec §2). Under
//!   deployment shares `π`, `TP` and `FP` are re-weighted by `π_c/f_c`.
//! * **Yield against threshold** under a 2 × 2 utility matrix, the threshold the matrix implies
//!   for calibrated probabilities ([`ulab_core::decision::binary_threshold`], eq. 24), and the
//!   best threshold found on the data.
//!
//! A [`ThresholdCurve`] sorts a model's items once (by `q`, largest first, with the running
//! count of class-0 items); then any threshold costs a binary search.

use super::deploy::Shares;
use super::table::{ModelProbs, ProbTable};
use serde::{Deserialize, Serialize};
use ulab_core::error::CoreError;
use ulab_core::utility::UtilityMatrix;

/// The net benefit `tp − fp·p_t/(1 − p_t)` of true and false positives per item (`TP/N`,
/// `FP/N`) at threshold probability `p_t`; undefined outside `0 < p_t < 1`.
///
/// # Examples
///
/// ```
/// use ulab_probs::curve::net_benefit;
/// assert_eq!(net_benefit(0.3, 0.2, 0.2), Some(0.25)); // 0.3 − 0.2·0.25
/// assert_eq!(net_benefit(0.3, 0.2, 1.0), None);
/// ```
pub fn net_benefit(tp: f64, fp: f64, p_t: f64) -> Option<f64> {
    (p_t > 0.0 && p_t < 1.0).then(|| tp - fp * (p_t / (1.0 - p_t)))
}

/// "Treat all": the net benefit of deciding class 0 for every item, `π₀ − (1 − π₀)·p_t/(1 − p_t)`
/// with `π₀` the share of class 0; undefined outside `0 < p_t < 1`.
///
/// # Examples
///
/// ```
/// use ulab_probs::curve::treat_all;
/// assert_eq!(treat_all(0.2, 0.2), Some(0.0)); // 0.2 − 0.8·0.25
/// ```
pub fn treat_all(pi0: f64, p_t: f64) -> Option<f64> {
    net_benefit(pi0, 1.0 - pi0, p_t)
}

/// A threshold found on the data and the yield it gives.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BestThreshold {
    /// Decide class 0 iff `q ≥ threshold`; `None`: never (no threshold in `[0, 1]` does
    /// better than deciding class 1 for every item).
    pub threshold: Option<f64>,
    /// The yield per item.
    pub yield_per_item: f64,
}

/// One model's items sorted by their probability of class 0.
#[derive(Debug, Clone, PartialEq)]
pub struct ThresholdCurve {
    /// `q` of each item, largest first.
    q: Vec<f32>,
    /// `cum[k]`: the items of class 0 among the first `k`.
    cum: Vec<u32>,
    /// Items of class 0 and 1.
    totals: [u64; 2],
    /// The weights `π_c / f_c` (1 without shares).
    w: [f64; 2],
    /// The share of class 0 (`π₀`, or the test set's).
    pi0: f64,
}

impl ThresholdCurve {
    /// Sorts `model`'s items of a two-class table by `q` (`p'_0` under `shares`).
    ///
    /// # Errors
    /// Not two classes; `model` does not fit the table; more than 2³² − 1 items.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_probs::{curve::ThresholdCurve, ProbTable};
    /// let t = ProbTable::new(2, vec!["A".into()], vec![0, 1, 0, 1],
    ///     vec![vec![0.9, 0.1, 0.6, 0.4, 0.4, 0.6, 0.2, 0.8]]).unwrap();
    /// let c = ThresholdCurve::new(&t, &t.models()[0], None).unwrap();
    /// assert_eq!(c.counts_at(0.5), (1, 1)); // q ≥ 0.5: items 0 (class 0) and 1 (class 1)
    /// // NB(0.5) = 1/4 − 1/4 · 1; treat all = 0.5 − 0.5 · 1
    /// assert_eq!((c.net_benefit(0.5), c.treat_all(0.5)), (Some(0.0), Some(0.0)));
    /// ```
    pub fn new(
        table: &ProbTable,
        model: &ModelProbs,
        shares: Option<&Shares>,
    ) -> Result<ThresholdCurve, CoreError> {
        table.check_model(model)?;
        if table.n_classes() != 2 {
            return Err(CoreError::DimensionMismatch {
                expected: "two classes".into(),
                found: format!("{} classes", table.n_classes()),
            });
        }
        if table.n_items() >= u32::MAX as usize {
            return Err(CoreError::TooLarge {
                what: "items of a decision curve",
                found: table.n_items(),
                max: u32::MAX as usize - 1,
            });
        }
        let (w, pi0) = match shares {
            Some(s) => ([s.ratios()[0], s.ratios()[1]], s.deployment()[0]),
            None => ([1.0, 1.0], table.class_shares()[0]),
        };
        // Keys: the bits of q (monotone for q ≥ 0) complemented, so that ascending keys are
        // descending q; the class in the lowest bit.
        let mut keys: Vec<u64> = table
            .truth()
            .iter()
            .zip(model.values().chunks_exact(2))
            .map(|(&y, p)| {
                let q = class0(p, w, pi0);
                (u64::from(!q.to_bits()) << 1) | u64::from(y == 0)
            })
            .collect();
        keys.sort_unstable();
        let mut cum = Vec::with_capacity(keys.len() + 1);
        cum.push(0u32);
        let mut q = Vec::with_capacity(keys.len());
        for k in keys {
            q.push(f32::from_bits(!((k >> 1) as u32)));
            let last = cum.last().copied().unwrap_or(0);
            cum.push(last + (k & 1) as u32);
        }
        let c = table.class_counts();
        Ok(ThresholdCurve {
            q,
            cum,
            totals: [c[0], c[1]],
            w,
            pi0,
        })
    }

    /// Number of items.
    pub fn n_items(&self) -> usize {
        self.q.len()
    }

    /// `(TP, FP)`: items with `q ≥ t` of class 0 and of class 1 (not re-weighted).
    pub fn counts_at(&self, t: f64) -> (u64, u64) {
        let k = self.q.partition_point(|&v| f64::from(v) >= t);
        let tp = u64::from(self.cum[k]);
        (tp, k as u64 - tp)
    }

    /// The decisions at threshold `t` as rates per item re-weighted to the shares:
    /// `(TP, FP, FN, TN) · (w₀, w₁, w₀, w₁) / N`.
    fn rates_at(&self, k: usize) -> [f64; 4] {
        let n = self.q.len().max(1) as f64;
        let tp = f64::from(self.cum[k]);
        let fp = k as f64 - tp;
        let (t0, t1) = (self.totals[0] as f64, self.totals[1] as f64);
        [
            self.w[0] * tp / n,
            self.w[1] * fp / n,
            self.w[0] * (t0 - tp) / n,
            self.w[1] * (t1 - fp) / n,
        ]
    }

    /// The model's net benefit at threshold probability `p_t` (decide class 0 iff `q ≥ p_t`).
    pub fn net_benefit(&self, p_t: f64) -> Option<f64> {
        let k = self.q.partition_point(|&v| f64::from(v) >= p_t);
        let r = self.rates_at(k);
        net_benefit(r[0], r[1], p_t)
    }

    /// "Treat all" at `p_t`, with this curve's class-0 share.
    pub fn treat_all(&self, p_t: f64) -> Option<f64> {
        treat_all(self.pi0, p_t)
    }

    /// The yield per item of the threshold rule "class 0 iff `q ≥ t`" under a 2 × 2 `u`:
    /// `U00·TP + U01·FP + U10·FN + U11·TN`, per item and re-weighted.
    ///
    /// # Errors
    /// `u` is not 2 × 2.
    pub fn yield_at(&self, u: &UtilityMatrix, t: f64) -> Result<f64, CoreError> {
        let uu = two_by_two(u)?;
        let k = self.q.partition_point(|&v| f64::from(v) >= t);
        Ok(dot(uu, self.rates_at(k)))
    }

    /// The threshold of largest yield under a 2 × 2 `u`, among every distinct `q` of the data
    /// (and "never class 0"); the highest such threshold on ties.
    ///
    /// # Errors
    /// `u` is not 2 × 2.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_probs::{curve::ThresholdCurve, ProbTable};
    /// let t = ProbTable::new(2, vec!["A".into()], vec![0, 1, 0, 1],
    ///     vec![vec![0.9, 0.1, 0.6, 0.4, 0.4, 0.6, 0.2, 0.8]]).unwrap();
    /// let c = ThresholdCurve::new(&t, &t.models()[0], None).unwrap();
    /// let b = c.best_threshold(&UtilityMatrix::identity(2).unwrap()).unwrap();
    /// // 3 of 4 right with item 0 decided class 0, and again with items 0–2: the higher wins.
    /// assert_eq!(b.threshold, Some(0.9f32 as f64));
    /// assert_eq!(b.yield_per_item, 0.75);
    /// ```
    pub fn best_threshold(&self, u: &UtilityMatrix) -> Result<BestThreshold, CoreError> {
        let uu = two_by_two(u)?;
        let mut best = BestThreshold {
            threshold: None,
            yield_per_item: dot(uu, self.rates_at(0)),
        };
        for k in 1..=self.q.len() {
            // Only between distinct values: the threshold q[k−1] takes every item above it.
            if k < self.q.len() && self.q[k] == self.q[k - 1] {
                continue;
            }
            let y = dot(uu, self.rates_at(k));
            if y > best.yield_per_item {
                best = BestThreshold {
                    threshold: Some(f64::from(self.q[k - 1])),
                    yield_per_item: y,
                };
            }
        }
        Ok(best)
    }
}

/// `q = p'_0 = p_0·w_0 / (p_0·w_0 + p_1·w_1)` (`p_0` itself without shares, `w = [1, 1]`), as
/// `f32`; an item whose probability falls only on a class of weight 0 has no evidence left
/// and is decided on the shares, `q = π₀` (as [`super::Decider`] does).
pub(crate) fn class0(p: &[f32], w: [f64; 2], pi0: f64) -> f32 {
    if w == [1.0, 1.0] {
        return p[0];
    }
    let a = f64::from(p[0]) * w[0];
    let z = a + f64::from(p[1]) * w[1];
    if z > 0.0 { (a / z) as f32 } else { pi0 as f32 }
}

/// `[U00, U01, U10, U11]` of a 2 × 2 utility matrix.
fn two_by_two(u: &UtilityMatrix) -> Result<[f64; 4], CoreError> {
    if u.n_decisions() != 2 || u.n_classes() != 2 {
        return Err(CoreError::DimensionMismatch {
            expected: "a 2 × 2 utility matrix".into(),
            found: format!("{} × {}", u.n_decisions(), u.n_classes()),
        });
    }
    Ok([u.get(0, 0), u.get(0, 1), u.get(1, 0), u.get(1, 1)])
}

fn dot(a: [f64; 4], b: [f64; 4]) -> f64 {
    a.iter().zip(&b).map(|(x, y)| x * y).sum()
}
