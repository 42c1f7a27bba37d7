//! The user's own question (beyond the paper): given *their* utility matrix and *their*
//! classifiers' confusion matrices, with their uncertainty about both, how likely is each
//! classifier to be the best, and how is each one's yield distributed?
//!
//! Model, per draw:
//! * **Utilities.** The utility matrix `U` (any real values, `n_d × n_c`) is min-max normalized
//!   (`N = (U − U_min)/(U_max − U_min)`, Dyrland et al. 2022, eq. 12); each entry gets independent
//!   `N(0, σ²)` noise on that scale, **not truncated** (the binary constraints of the paper's
//!   Monte Carlo — entries in `[0, 1]`, correct decisions above wrong ones — have no general
//!   counterpart for `n` classes or extra decisions, and truncating would bias the mean);
//!   the draw is mapped back to the user's units, `U' = U_min + (U_max − U_min)·(N + σZ)`,
//!   i.e. `U' = U + (U_max − U_min)·σZ`. Only the rows of the decisions the classifiers
//!   can take are drawn (the `n × n` block, unless some are remapped or decided).
//! * **Confusion matrices.** Each classifier's normalized confusion matrix is drawn from the
//!   Dirichlet posterior of its counts `M`, `C ~ Dirichlet(M + α)` (`α = 1`: uniform prior),
//!   as normalized independent gammas ([`sampler::gamma`]). The classifiers are treated as
//!   independent (their shared test set is not modelled).
//! * **Decided classifiers** ([`QuestionConfig::decided`], `n_d × n` decision × class counts,
//!   e.g. with "refer") come after the others, `C ~ Dirichlet(M + α)` over their `n_d · n`
//!   cells, each cell `(d, j)` weighed by `U'_dj`.
//! * **Yields** `Y_k = Σ_ij U'_ij C^k_ij` (user's units, per item), the best classifier of the
//!   draw (ties split evenly). With deployment shares `π` ([`QuestionConfig::prevalence`]),
//!   every draw is re-weighted to them by its own class shares: `Y_k = Σ_j π_j Σ_i U'_ij
//!   C^k_ij / Σ_i C^k_ij` (see [`posterior`](super::posterior) for why the draw's shares).
//!
//! The draws themselves are made by one kernel (the private module `posterior`), shared with
//! [`QuestionSlices`] (a chunk in slices, for a caller that must not block) and with the
//! search of [`settle`](super::settle); [`sure`](super::sure) summarizes the same tally as
//! Compare shows it (P(best) and 90 % intervals).
//!
//! Draws are cut into chunks of [`QUESTION_CHUNK`], chunk `k` drawing from
//! [`chunk_rng`]`(seed, Question, k)` (its decided classifiers from
//! `chunk_rng(seed, QuestionDecided, k)`, so that adding them leaves the others' draws as they
//! were), as the Monte Carlo does: [`question_chunk`] is pure,
//! [`QuestionTally::merge`] concatenates in chunk order, [`question_summary`] summarizes.
//!
//! (Just over 500 lines: the question's chunked draws, their tally and summary belong
//! together; most of the length is formula documentation and doctests.)

use crate::error::CoreError;
use serde::{Deserialize, Serialize};

pub(crate) mod config;
pub(crate) mod tally;

pub use super::posterior::QuestionSlices;
pub use config::{MAX_BINS, MAX_DRAW_YIELDS, QUESTION_CHUNK, QuestionConfig};
pub use tally::QuestionTally;

/// Draws chunk `chunk` of the question (pure: what a web worker calls). Per draw: the utility
/// noise (row-major, if `σ > 0`), then each classifier's Dirichlet draw (row-major gammas);
/// the [`decided`](QuestionConfig::decided) ones from their own stream (with the noise of the
/// extra decisions' rows, unless some classifier is remapped).
///
/// # Errors
/// An invalid config ([`QuestionConfig::validate`]) or `chunk ≥ config.chunks()`.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::{question_chunk, QuestionConfig};
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// let cfg = QuestionConfig::new(
///     UtilityMatrix::parse("1,0;0,1").unwrap(),
///     vec![ConfusionMatrix::parse("40,10;10,40", Orientation::OutputRows).unwrap()],
/// );
/// let t = question_chunk(&cfg, 0).unwrap();
/// assert_eq!(t.draws, 4096);
/// assert_eq!(t.wins, vec![4096.0]); // a single classifier is always the best
/// ```
pub fn question_chunk(config: &QuestionConfig, chunk: u64) -> Result<QuestionTally, CoreError> {
    let mut slices = QuestionSlices::new(config, chunk)?;
    slices.step(u64::MAX);
    Ok(slices.into_tally())
}

/// The distribution of one classifier's yield over the draws.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::{question, QuestionConfig};
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// let mut q = QuestionConfig::new(
///     UtilityMatrix::parse("1,0;0,1").unwrap(),
///     vec![ConfusionMatrix::parse("400,100;100,400", Orientation::OutputRows).unwrap()],
/// );
/// q.draws = 4000;
/// let y = &question(&q, |_, _| {}).unwrap().yields[0];
/// assert!((y.point - 0.8).abs() < 1e-12);
/// let [lo, _, median, _, hi] = y.quantiles;
/// assert!(lo < median && median < hi && (median - 0.8).abs() < 0.01);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct YieldSummary {
    /// The yield of the counts themselves (`Σ_ij U_ij M_ij / N`, re-weighted to the deployment
    /// shares if any), without uncertainty: [`QuestionConfig::point_yield`].
    pub point: f64,
    /// Mean over the draws.
    pub mean: f64,
    /// Sample standard deviation over the draws (`n − 1`).
    pub sd: f64,
    /// Quantiles at 2.5 %, 25 %, 50 %, 75 %, 97.5 % (linear interpolation between order
    /// statistics, `h = (K − 1)·q`, as NumPy's default).
    pub quantiles: [f64; 5],
    /// Counts per bin of [`QuestionResult::bin_edges`].
    pub histogram: Vec<u64>,
}

/// The answer to the user's question.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::{question, QuestionConfig};
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// let mut q = QuestionConfig::new(
///     UtilityMatrix::parse("1,0;0,1").unwrap(),
///     vec![ConfusionMatrix::parse("45,5;5,45", Orientation::OutputRows).unwrap(),
///          ConfusionMatrix::parse("30,20;20,30", Orientation::OutputRows).unwrap()],
/// );
/// q.draws = 2000;
/// let r = question(&q, |_, _| {}).unwrap();
/// assert!(r.p_best[0] > 0.99);
/// assert_eq!(r.bin_edges.len(), q.bins + 1);
/// assert_eq!(r.yields[1].histogram.iter().sum::<u64>(), 2000);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QuestionResult {
    /// Number of draws `K`.
    pub draws: u64,
    /// `P(classifier k is the best)`, ties split evenly.
    pub p_best: Vec<f64>,
    /// Its standard error `√(P(1 − P)/K)`.
    pub p_best_se: Vec<f64>,
    /// Each classifier's yield distribution.
    pub yields: Vec<YieldSummary>,
    /// The common histogram bin edges (`bins + 1` values, equal widths from the smallest to
    /// the largest yield drawn; the last bin includes its right edge).
    pub bin_edges: Vec<f64>,
}

/// The quantile levels of [`YieldSummary::quantiles`].
pub const QUANTILES: [f64; 5] = [0.025, 0.25, 0.5, 0.75, 0.975];

/// Summarizes the merged tally of every chunk of `config`: `P(best)_k = wins_k / K` with
/// `√(P(1 − P)/K)`, and per classifier the point yield, mean, sd, quantiles and histogram.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::{question, question_chunk, question_summary, QuestionConfig, QuestionTally};
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// let mut q = QuestionConfig::new(
///     UtilityMatrix::parse("1,0;0,1").unwrap(),
///     vec![ConfusionMatrix::parse("45,5;5,45", Orientation::OutputRows).unwrap(),
///          ConfusionMatrix::parse("30,20;20,30", Orientation::OutputRows).unwrap()],
/// );
/// q.draws = 9000;
/// let mut t = QuestionTally::default();
/// for k in 0..q.chunks() {
///     t.merge(&question_chunk(&q, k).unwrap()); // e.g. from web workers, in chunk order
/// }
/// assert_eq!(question_summary(&q, &t).unwrap(), question(&q, |_, _| {}).unwrap());
/// ```
///
/// # Errors
/// An invalid config, or a tally with a different number of classifiers or no draws.
pub fn question_summary(
    config: &QuestionConfig,
    tally: &QuestionTally,
) -> Result<QuestionResult, CoreError> {
    config.validate()?;
    let nk = config.n_classifiers();
    if tally.draws == 0 || tally.wins.len() != nk || tally.yields.len() != nk {
        return Err(CoreError::DimensionMismatch {
            expected: format!("draws of {nk} classifiers"),
            found: format!("{} draws of {} classifiers", tally.draws, tally.wins.len()),
        });
    }
    let kf = tally.draws as f64;
    let p_best: Vec<f64> = tally.wins.iter().map(|w| w / kf).collect();
    let p_best_se = p_best.iter().map(|p| (p * (1.0 - p) / kf).sqrt()).collect();
    let all = tally.yields.iter().flatten().copied();
    let lo = all.clone().fold(f64::INFINITY, f64::min);
    let hi = all.fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if hi > lo {
        (lo, hi)
    } else {
        (lo - 0.5, lo + 0.5)
    };
    let bins = config.bins;
    let width = (hi - lo) / bins as f64;
    let bin_edges: Vec<f64> = (0..=bins)
        .map(|b| if b == bins { hi } else { lo + width * b as f64 })
        .collect();
    let mut yields = Vec::with_capacity(nk);
    for (k, ys) in tally.yields.iter().enumerate() {
        let point = config.point_yield(k)?;
        let n = ys.len() as f64;
        let mean = ys.iter().sum::<f64>() / n;
        let sd = if ys.len() > 1 {
            (ys.iter().map(|y| (y - mean) * (y - mean)).sum::<f64>() / (n - 1.0)).sqrt()
        } else {
            0.0
        };
        let mut sorted = ys.clone();
        crate::order::sort_ascending(&mut sorted);
        let quantiles = QUANTILES.map(|q| quantile(&sorted, q));
        let mut histogram = vec![0u64; bins];
        for y in ys {
            let b = ((y - lo) / width) as usize;
            histogram[b.min(bins - 1)] += 1;
        }
        yields.push(YieldSummary {
            point,
            mean,
            sd,
            quantiles,
            histogram,
        });
    }
    Ok(QuestionResult {
        draws: tally.draws,
        p_best,
        p_best_se,
        yields,
        bin_edges,
    })
}

/// The `q`-quantile of sorted values, linear between order statistics at `h = (n − 1)q`.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let h = (sorted.len() - 1) as f64 * q;
    let i = h.floor() as usize;
    let j = (i + 1).min(sorted.len() - 1);
    sorted[i] + (h - i as f64) * (sorted[j] - sorted[i])
}

/// Answers the question on this thread: every chunk in order, then [`question_summary`].
/// `progress(done_draws, total_draws)` after each chunk.
///
/// # Errors
/// An invalid config.
///
/// # Examples
///
/// The factory story (Dyrland et al. 2022, §0): with 100 test items each and the factory's utilities,
/// A beats B in most draws.
///
/// ```
/// use ulab_core::mc::question::{question, QuestionConfig};
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// let mut cfg = QuestionConfig::new(
///     UtilityMatrix::parse("15,-335;-35,165").unwrap(),
///     vec![ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap(),
///          ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap()],
/// );
/// cfg.draws = 4000;
/// let r = question(&cfg, |_, _| {}).unwrap();
/// assert!((r.p_best[0] + r.p_best[1] - 1.0).abs() < 1e-12);
/// assert!(r.p_best[0] > 0.6);
/// assert!((r.yields[0].point - 3.5).abs() < 1e-9);
/// ```
pub fn question(
    config: &QuestionConfig,
    mut progress: impl FnMut(u64, u64),
) -> Result<QuestionResult, CoreError> {
    config.validate()?;
    let mut tally = QuestionTally::default();
    for k in 0..config.chunks() {
        tally.merge(&question_chunk(config, k)?);
        progress(tally.draws, config.draws);
    }
    question_summary(config, &tally)
}
