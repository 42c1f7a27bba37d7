//! The integer [`Tally`] of some chunks (what a worker returns, merged by addition) and the
//! [`McResult`] of a run (percentages, standard errors, realized noise).

use super::{McConfig, PerRanker, Prior, Ranker};
use serde::{Deserialize, Serialize};

/// The fixed-point unit of the error sums of a [`Tally`]: `2⁻²⁸`.
pub const ERROR_SCALE: f64 = (1u64 << 28) as f64;

/// The integer result of some chunks: pairs, mis-ranked pairs per ranker, and the sums of the
/// utility errors `e = U'_ij − U_ij` (four per pair) in fixed point: `error_sum = Σ_chunks
/// round(2²⁸·Σe)`, `error_sq_sum = Σ_chunks round(2²⁸·Σe²)` (within a chunk the sums are
/// accumulated in `f64` in a fixed order, [`super::batch::PairBatch::add_error_sums`], and rounded once). Merging is integer addition, so it is
/// exact, associative and commutative. Every field of one chunk's tally is below `2⁵³`, safe as
/// a JavaScript number.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::{run_chunk, McConfig, Prior, Tally};
/// let c = McConfig::new(Prior::Uniform, 0.1, 100_000, 7).unwrap();
/// let mut t = Tally::default();
/// for k in (0..c.chunks()).rev() { // any order
///     t.merge(&run_chunk(&c, k).unwrap());
/// }
/// assert_eq!(t.pairs, 100_000);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Tally {
    /// Number of pairs.
    pub pairs: u64,
    /// Mis-ranked pairs per ranker.
    pub misranked: PerRanker<u64>,
    /// `Σe` in units of `2⁻²⁸`.
    pub error_sum: i64,
    /// `Σe²` in units of `2⁻²⁸`.
    pub error_sq_sum: i64,
}

impl Tally {
    /// Adds `other` to `self` field by field (saturating, so hand-made tallies cannot
    /// overflow). Exact, associative and commutative.
    pub fn merge(&mut self, other: &Tally) {
        self.pairs = self.pairs.saturating_add(other.pairs);
        for r in Ranker::ALL {
            let v = self.misranked.get_mut(r);
            *v = v.saturating_add(*other.misranked.get(r));
        }
        self.error_sum = self.error_sum.saturating_add(other.error_sum);
        self.error_sq_sum = self.error_sq_sum.saturating_add(other.error_sq_sum);
    }

    /// The realized standard deviation of the utility errors: the sample standard deviation of
    /// the `n = 4·pairs` errors, `√((Σe² − (Σe)²/n)/(n − 1))` (0 if `n < 2`).
    ///
    /// # Examples
    ///
    /// One pair with errors summing to 0.2 and squares summing to 0.04 (e.g. errors
    /// 0.1, 0.1, 0.1, −0.1): `√((0.04 − 0.01)/3) = 0.1`.
    ///
    /// ```
    /// use ulab_core::mc::{Tally, ERROR_SCALE};
    /// let t = Tally {
    ///     pairs: 1,
    ///     error_sum: (0.2 * ERROR_SCALE) as i64,
    ///     error_sq_sum: (0.04 * ERROR_SCALE) as i64,
    ///     ..Tally::default()
    /// };
    /// assert!((t.realized_sd() - 0.1).abs() < 1e-8);
    /// assert!((t.error_mean() - 0.05).abs() < 1e-8);
    /// ```
    pub fn realized_sd(&self) -> f64 {
        let n = 4.0 * self.pairs as f64;
        if n < 2.0 {
            return 0.0;
        }
        let s1 = self.error_sum as f64 / ERROR_SCALE;
        let s2 = self.error_sq_sum as f64 / ERROR_SCALE;
        let var = (s2 - s1 * s1 / n) / (n - 1.0);
        if var > 0.0 { var.sqrt() } else { 0.0 }
    }

    /// The mean utility error `Σe / (4·pairs)` (0 without pairs).
    pub fn error_mean(&self) -> f64 {
        if self.pairs == 0 {
            return 0.0;
        }
        self.error_sum as f64 / ERROR_SCALE / (4.0 * self.pairs as f64)
    }
}

/// The result of a run: mis-ranking percentages with standard errors, and the realized noise.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::{run, McConfig, Prior};
/// let r = run(&McConfig::new(Prior::Uniform, 0.0, 20_000, 1).unwrap(), |_, _| {}).unwrap();
/// assert_eq!(r.misranked_percent.utility, 0.0); // the true matrix ranks every pair right
/// assert!(r.misranked_percent.accuracy > 5.0 && r.misranked_percent.accuracy < 13.0);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct McResult {
    /// The prior.
    pub prior: Prior,
    /// `σ` before truncation.
    pub sigma: f64,
    /// The realized standard deviation of the errors ([`Tally::realized_sd`]).
    pub realized_sd: f64,
    /// Number of pairs.
    pub pairs: u64,
    /// The seed.
    pub seed: u64,
    /// `100·f`, `f` the fraction of mis-ranked pairs.
    pub misranked_percent: PerRanker<f64>,
    /// The binomial standard error `100·√(f(1 − f)/n)`.
    pub stderr_percent: PerRanker<f64>,
    /// The counts of mis-ranked pairs.
    pub misranked: PerRanker<u64>,
}

impl McResult {
    /// The result of `config` from its merged tally: `100·f` and `100·√(f(1 − f)/n)` per
    /// ranker, `f` = mis-ranked / pairs.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::mc::{McConfig, McResult, Tally};
    /// let mut t = Tally { pairs: 400, ..Tally::default() };
    /// t.misranked.accuracy = 100;
    /// let r = McResult::from_tally(&McConfig::default(), &t);
    /// assert_eq!(r.misranked_percent.accuracy, 25.0);
    /// assert!((r.stderr_percent.accuracy - 100.0 * (0.25f64 * 0.75 / 400.0).sqrt()).abs() < 1e-12);
    /// ```
    pub fn from_tally(config: &McConfig, tally: &Tally) -> McResult {
        let n = tally.pairs as f64;
        let frac = |m: Ranker| {
            if tally.pairs == 0 {
                0.0
            } else {
                *tally.misranked.get(m) as f64 / n
            }
        };
        McResult {
            prior: config.prior,
            sigma: config.sigma,
            realized_sd: tally.realized_sd(),
            pairs: tally.pairs,
            seed: config.seed,
            misranked_percent: PerRanker::from_fn(|m| 100.0 * frac(m)),
            stderr_percent: PerRanker::from_fn(|m| {
                let f = frac(m);
                if tally.pairs == 0 {
                    0.0
                } else {
                    100.0 * (f * (1.0 - f) / n).sqrt()
                }
            }),
            misranked: tally.misranked.clone(),
        }
    }
}
