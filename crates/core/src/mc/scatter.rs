//! Data for the figures: metric score vs yield at a fixed class balance and utility matrix
//! (Dyrland et al. 2022 figs 2–3), differences in true yield vs differences in score for the Monte
//! Carlo's pairs (fig. 6), points of the prior on the utility space (fig. 4) and erroneous
//! utility matrices around a true one (fig. 5).

use super::batch::{ErrorSums, PairBatch};
use super::rng::{McRng, Stream, chunk_rng};
use super::scores::{N_SCORES, SCORE_METRICS, binary_scores, misranked};
use super::{ERROR_SCALE, McConfig, PerRanker, Prior, Ranker, Tally, sampler};
use crate::UtilityMatrix;
use crate::error::CoreError;
use crate::metrics::Metric;
use serde::{Deserialize, Serialize};

/// The most points a figure helper returns (or, for [`metric_scatter`], draws).
pub const MAX_POINTS: usize = 1_000_000;

/// Points per chunk of the figure helpers' streams (as [`super::CHUNK_PAIRS`]).
pub(crate) const POINT_CHUNK: usize = 1 << 16;

pub(crate) fn check_points(name: &'static str, n: usize) -> Result<(), CoreError> {
    if n == 0 || n > MAX_POINTS {
        return Err(CoreError::InvalidParameter {
            name,
            value: n as f64,
            expected: "between 1 and 1000000 points",
        });
    }
    Ok(())
}

/// One metric's scores in a [`MetricScatter`].
///
/// # Examples
///
/// ```
/// use ulab_core::mc::scatter::metric_scatter;
/// use ulab_core::metrics::Metric;
/// use ulab_core::UtilityMatrix;
/// let s = metric_scatter(0.9, &UtilityMatrix::parse("1,0;0,1").unwrap(), 400, 1).unwrap();
/// let f1 = s.scores.iter().find(|x| x.metric == Metric::F1).unwrap();
/// for &k in &f1.misranked_pairs {
///     let (dy, ds) = (s.yields[2 * k] - s.yields[2 * k + 1], f1.values[2 * k] - f1.values[2 * k + 1]);
///     assert!(dy * ds <= 0.0); // opposite orders
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoreSeries {
    /// The metric.
    pub metric: Metric,
    /// Its score for each confusion matrix (same order as [`MetricScatter::yields`]).
    pub values: Vec<f64>,
    /// The pairs `k` of consecutive matrices `(2k, 2k+1)` that the metric ranks against their
    /// yields ([`misranked`]: strict signs, ties wrong).
    pub misranked_pairs: Vec<usize>,
}

/// Scores vs yields of many confusion matrices with one class balance (figs 2–3 of Dyrland et al. 2022):
/// matrix `k` is `[[p·tpr_k, q(1−tnr_k)], [p(1−tpr_k), q·tnr_k]]`.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::scatter::metric_scatter;
/// use ulab_core::UtilityMatrix;
/// let s = metric_scatter(0.5, &UtilityMatrix::parse("1,0;0,0").unwrap(), 10, 1).unwrap();
/// assert_eq!(s.tpr.len(), 10);
/// assert!((s.yields[3] - 0.5 * s.tpr[3]).abs() < 1e-15); // U = [[1,0],[0,0]]: yield p·TPR
/// assert_eq!(s.scores.len(), 10);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MetricScatter {
    /// The share `p` of class 0.
    pub p: f64,
    /// The true-positive rate of each confusion matrix.
    pub tpr: Vec<f64>,
    /// The true-negative rate of each confusion matrix.
    pub tnr: Vec<f64>,
    /// The yield `Σ_ij U_ij C_ij` of each confusion matrix, in the utility matrix's units.
    pub yields: Vec<f64>,
    /// One series per metric of [`SCORE_METRICS`] (every metric but the erroneous utility).
    pub scores: Vec<ScoreSeries>,
}

/// `n` confusion matrices with class-0 share `p`, with TPR and TNR drawn as in the Monte Carlo
/// ([`sampler::rate`]), each with its yield under `utility` (any real 2 × 2 matrix, rows =
/// decisions) and its score by every metric of [`SCORE_METRICS`]. Consecutive matrices
/// `(2k, 2k+1)` form pairs; each series lists the pairs it mis-ranks. Fig. 2 of Dyrland et al.
/// 2022 is `p = 0.5` with `U = [[1,0],[0,1]]` and `[[1,0],[0,0]]`; fig. 3 is `p = 0.9`.
///
/// Stream: [`Stream::Scatter`], chunks of 2¹⁶ matrices, `tpr` then `tnr` per matrix.
///
/// # Errors
/// `p` not in `(0, 1)`, `utility` not 2 × 2, `n` not in `1 ..=` [`MAX_POINTS`].
///
/// # Examples
///
/// ```
/// use ulab_core::mc::scatter::metric_scatter;
/// use ulab_core::metrics::Metric;
/// use ulab_core::UtilityMatrix;
/// let u = UtilityMatrix::parse("1,0;0,1").unwrap();
/// let s = metric_scatter(0.5, &u, 1000, 1).unwrap();
/// assert_eq!(s.yields.len(), 1000);
/// // With the identity matrix the yield is the accuracy: never mis-ranked.
/// let acc = s.scores.iter().find(|s| s.metric == Metric::Accuracy).unwrap();
/// assert!(acc.misranked_pairs.is_empty());
/// assert_eq!(acc.values, s.yields);
/// ```
pub fn metric_scatter(
    p: f64,
    utility: &UtilityMatrix,
    n: usize,
    seed: u64,
) -> Result<MetricScatter, CoreError> {
    if !(p > 0.0 && p < 1.0) {
        return Err(CoreError::InvalidParameter {
            name: "class share p",
            value: p,
            expected: "0 < p < 1",
        });
    }
    let u = binary_utility(utility)?;
    check_points("points", n)?;
    let q = 1.0 - p;
    let mut tpr = Vec::with_capacity(n);
    let mut tnr = Vec::with_capacity(n);
    let mut yields = Vec::with_capacity(n);
    let mut values: Vec<Vec<f64>> = (0..N_SCORES).map(|_| Vec::with_capacity(n)).collect();
    let mut chunk = 0u64;
    let mut rng = chunk_rng(seed, Stream::Scatter, 0);
    for i in 0..n {
        if i > 0 && i % POINT_CHUNK == 0 {
            chunk += 1;
            rng = chunk_rng(seed, Stream::Scatter, chunk);
        }
        let a = sampler::rate(&mut rng);
        let b = sampler::rate(&mut rng);
        let c = [p * a, q * (1.0 - b), p * (1.0 - a), q * b];
        tpr.push(a);
        tnr.push(b);
        yields.push(u[0] * c[0] + u[1] * c[1] + u[2] * c[2] + u[3] * c[3]);
        for (v, s) in values.iter_mut().zip(binary_scores(p, a, b)) {
            // Defined: 0 < p < 1 and a, b ≥ ½ make every denominator positive.
            v.push(s.unwrap_or(f64::NAN));
        }
    }
    let scores = SCORE_METRICS
        .iter()
        .zip(values)
        .map(|(&metric, values)| {
            let misranked_pairs = (0..n / 2)
                .filter(|&k| {
                    let dy = yields[2 * k] - yields[2 * k + 1];
                    misranked(dy, values[2 * k] - values[2 * k + 1])
                })
                .collect();
            ScoreSeries {
                metric,
                values,
                misranked_pairs,
            }
        })
        .collect();
    Ok(MetricScatter {
        p,
        tpr,
        tnr,
        yields,
        scores,
    })
}

/// A 2 × 2 utility matrix as row-major entries.
fn binary_utility(u: &UtilityMatrix) -> Result<[f64; 4], CoreError> {
    if u.n_decisions() != 2 || u.n_classes() != 2 {
        return Err(CoreError::DimensionMismatch {
            expected: "a 2 × 2 utility matrix".into(),
            found: format!("{} × {}", u.n_decisions(), u.n_classes()),
        });
    }
    Ok([u.get(0, 0), u.get(0, 1), u.get(1, 0), u.get(1, 1)])
}

/// For the Monte Carlo's pairs (fig. 6): the difference in true yield and the difference in
/// each ranker's score (for [`Ranker::UTILITY`], in the yield under the erroneous matrix), for
/// at most `max_points` pairs, and the [`Tally`] of all the pairs.
///
/// The pairs are those of [`super::run_chunk`] with the same config (same stream), but the
/// differences here are computed naively — each classifier's yields `Σ_ij U_ij C_ij` and scores
/// ([`binary_scores`]), then subtracted — so its tally is an independent check of the fast
/// one (they agree exactly unless a difference is within rounding of zero).
///
/// # Examples
///
/// ```
/// use ulab_core::mc::scatter::{pair_differences_chunk, PairDifferences};
/// use ulab_core::mc::{McConfig, Prior};
/// let c = McConfig::new(Prior::Uniform, 0.1, 100_000, 1).unwrap();
/// let mut d: PairDifferences = pair_differences_chunk(&c, 0, 500).unwrap();
/// d.merge(&pair_differences_chunk(&c, 1, 500).unwrap(), 500);
/// assert_eq!(d.true_diff.len(), 500); // capped
/// assert_eq!(d.tally.pairs, 100_000); // all counted
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairDifferences {
    /// Counts over every pair of the run (naive differences).
    pub tally: Tally,
    /// `Y₁ − Y₂` under the true matrix, for the kept pairs (the first ones of the stream).
    pub true_diff: Vec<f64>,
    /// `score₁ − score₂` per ranker for the kept pairs.
    pub score_diff: PerRanker<Vec<f64>>,
}

impl PairDifferences {
    /// Appends the points of a later chunk (up to `max_points` in all) and merges its tally.
    pub fn merge(&mut self, other: &PairDifferences, max_points: usize) {
        self.tally.merge(&other.tally);
        let room = max_points.saturating_sub(self.true_diff.len());
        let take = room.min(other.true_diff.len());
        self.true_diff.extend_from_slice(&other.true_diff[..take]);
        for r in Ranker::ALL {
            let src = &other.score_diff.get(r)[..take];
            self.score_diff.get_mut(r).extend_from_slice(src);
        }
    }
}

/// [`PairDifferences`] of chunk `chunk` of `config`, keeping at most `max_points` points.
///
/// # Errors
/// An invalid config or chunk index, or `max_points >` [`MAX_POINTS`].
///
/// # Examples
///
/// ```
/// use ulab_core::mc::scatter::pair_differences_chunk;
/// use ulab_core::mc::{run_chunk, McConfig, Prior};
/// let c = McConfig::new(Prior::Uniform, 0.1, 5000, 1).unwrap();
/// let d = pair_differences_chunk(&c, 0, 100).unwrap();
/// assert_eq!(d.true_diff.len(), 100);
/// assert_eq!(d.tally, run_chunk(&c, 0).unwrap()); // naive and fast scoring agree
/// ```
pub fn pair_differences_chunk(
    config: &McConfig,
    chunk: u64,
    max_points: usize,
) -> Result<PairDifferences, CoreError> {
    config.validate()?;
    config.check_chunk(chunk)?;
    if max_points > MAX_POINTS {
        check_points("max_points", max_points)?;
    }
    let n = config.chunk_len(chunk);
    let keep = max_points.min(n as usize);
    let mut rng = chunk_rng(config.seed, Stream::Pairs, chunk);
    let mut mis = [0u64; 11];
    let mut true_diff = Vec::with_capacity(keep);
    let mut score_diff: PerRanker<Vec<f64>> = PerRanker::from_fn(|_| Vec::with_capacity(keep));
    let mut sums = ErrorSums::default();
    let mut batch = PairBatch::new();
    let mut done = 0;
    while done < n as usize {
        // The pairs of run_chunk, drawn the same way.
        batch.draw(&mut rng, config.prior, config.sigma, n as usize - done);
        batch.add_error_sums(&mut sums);
        for b in 0..batch.len() {
            let pair = batch.pair(b);
            let (y1, y2) = pair.true_yields();
            let (e1, e2) = pair.yields(&pair.erroneous);
            let dt = y1 - y2;
            let s_1 = binary_scores(pair.p, pair.tpr[0], pair.tnr[0]);
            let s_2 = binary_scores(pair.p, pair.tpr[1], pair.tnr[1]);
            let mut diffs = [0.0; 11];
            for m in 0..N_SCORES {
                diffs[m] = s_1[m].unwrap_or(f64::NAN) - s_2[m].unwrap_or(f64::NAN);
            }
            diffs[10] = e1 - e2;
            for (count, d) in mis.iter_mut().zip(diffs) {
                *count += misranked(dt, d) as u64;
            }
            if done + b < keep {
                true_diff.push(dt);
                for r in Ranker::ALL {
                    score_diff.get_mut(r).push(diffs[r.index()]);
                }
            }
        }
        done += batch.len();
    }
    let (s1, s2) = sums.totals();
    let tally = Tally {
        pairs: n,
        misranked: PerRanker::from_fn(|m| mis[m.index()]),
        error_sum: (s1 * ERROR_SCALE).round() as i64,
        error_sq_sum: (s2 * ERROR_SCALE).round() as i64,
    };
    Ok(PairDifferences {
        tally,
        true_diff,
        score_diff,
    })
}

/// [`PairDifferences`] of a whole run: every chunk in order, keeping the first `max_points`
/// pairs and counting all of them.
///
/// # Errors
/// As [`pair_differences_chunk`].
///
/// # Examples
///
/// ```
/// use ulab_core::mc::scatter::pair_differences;
/// use ulab_core::mc::{McConfig, Prior};
/// use ulab_core::mc::scores::misranked;
/// let c = McConfig::new(Prior::Uniform, 0.11, 20_000, 1).unwrap();
/// let d = pair_differences(&c, 2000).unwrap();
/// assert_eq!(d.tally.pairs, 20_000);
/// assert_eq!(d.true_diff.len(), 2000);
/// // Colour the points of the plot: mis-ranked pairs lie in quadrants II and IV (or on an axis).
/// let wrong = d.true_diff.iter().zip(&d.score_diff.utility)
///     .filter(|(t, s)| misranked(**t, **s)).count();
/// assert!(wrong < 200);
/// ```
pub fn pair_differences(
    config: &McConfig,
    max_points: usize,
) -> Result<PairDifferences, CoreError> {
    config.validate()?;
    let mut out = pair_differences_chunk(config, 0, max_points)?;
    for k in 1..config.chunks() {
        let keep = max_points.saturating_sub(out.true_diff.len());
        out.merge(&pair_differences_chunk(config, k, keep)?, max_points);
    }
    Ok(out)
}

/// `n` points `(x, y)` of the utility space drawn from `prior` (fig. 4 of Dyrland et al. 2022 for the
/// gaussian), with [`sampler::utility_point`]. Stream: [`Stream::PriorPoints`], chunks of 2¹⁶.
///
/// # Errors
/// `n` not in `1 ..=` [`MAX_POINTS`].
///
/// # Examples
///
/// ```
/// use ulab_core::mc::scatter::prior_points;
/// use ulab_core::mc::Prior;
/// let pts = prior_points(Prior::Gaussian, 1000, 1).unwrap();
/// assert!(pts.iter().all(|(x, y)| x.abs() <= 1.0 && y.abs() <= 1.0 && (y - x).abs() < 1.0));
/// ```
pub fn prior_points(prior: Prior, n: usize, seed: u64) -> Result<Vec<(f64, f64)>, CoreError> {
    check_points("points", n)?;
    Ok(draw_chunked(seed, Stream::PriorPoints, n, |rng| {
        sampler::utility_point(rng, prior)
    }))
}

/// `n` draws of `draw` from the chunked stream `stream` of `seed`: draw `i` uses the generator
/// of chunk `⌊i / 2¹⁶⌋` ([`chunk_rng`]), continuing where draw `i − 1` left it within a chunk.
pub(crate) fn draw_chunked<T>(
    seed: u64,
    stream: Stream,
    n: usize,
    mut draw: impl FnMut(&mut McRng) -> T,
) -> Vec<T> {
    let mut out = Vec::with_capacity(n);
    let mut rng = chunk_rng(seed, stream, 0);
    for i in 0..n {
        if i > 0 && i % POINT_CHUNK == 0 {
            rng = chunk_rng(seed, stream, (i / POINT_CHUNK) as u64);
        }
        out.push(draw(&mut rng));
    }
    out
}

/// `n` erroneous versions of the utility matrix `utility` (any real 2 × 2 matrix inside the
/// space of fig. 1), as points `(x, y)` (fig. 5 of Dyrland et al. 2022: the extent of errors of a given
/// `σ`): the matrices of [`error_matrices`], each placed at the coordinates of *its*
/// normalization, as [`UtilityMatrix::xy`]: `x = (U'11 − U'00)/(max − min)`,
/// `y = (U'01 − U'10)/(max − min)`.
///
/// # Errors
/// As [`error_matrices`].
///
/// # Examples
///
/// The two matrices of fig. 5:
///
/// ```
/// use ulab_core::mc::scatter::error_points;
/// use ulab_core::UtilityMatrix;
/// for m in ["0.5,0.5;0,1", "1,0;0.5,0.1"] {
///     let u = UtilityMatrix::parse(m).unwrap();
///     let (x0, y0) = u.xy().unwrap();
///     let pts = error_points(&u, 0.1, 500, 1).unwrap();
///     let mean_x = pts.iter().map(|p| p.0).sum::<f64>() / 500.0;
///     assert!((mean_x - x0).abs() < 0.2);
///     assert!(pts.iter().all(|(x, y)| (y - x).abs() <= 1.0));
/// }
/// ```
pub fn error_points(
    utility: &UtilityMatrix,
    sigma: f64,
    n: usize,
    seed: u64,
) -> Result<Vec<(f64, f64)>, CoreError> {
    Ok(error_matrices(utility, sigma, n, seed)?
        .into_iter()
        .map(|e| {
            let lo = e.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = e.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let span = hi - lo;
            ((e[3] - e[0]) / span, (e[1] - e[2]) / span)
        })
        .collect())
}

/// `n` erroneous versions of the utility matrix `utility` (any real 2 × 2 matrix inside the
/// space of fig. 1), row-major `[U'00, U'01, U'10, U'11]`: the matrix is normalized (eq. 12),
/// then the errors are drawn as in the Monte Carlo ([`sampler::erroneous_utility`]: `N(0, σ²)`
/// on each entry, conditioned on entries in `[0, 1]`, `U'00 ≥ U'10`, `U'11 ≥ U'01`; not
/// renormalized, so in the units of the normalized matrix). A draw with all four entries equal
/// (probability 0 for `σ > 0`) has no place in the space and is drawn again. Stream:
/// [`Stream::ErrorPoints`], chunks of 2¹⁶.
///
/// # Errors
/// `utility` not 2 × 2 or outside the space ([`UtilityMatrix::xy`]), `σ` negative or not
/// finite, `n` not in `1 ..=` [`MAX_POINTS`].
///
/// # Examples
///
/// ```
/// use ulab_core::mc::scatter::error_matrices;
/// use ulab_core::UtilityMatrix;
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let m = error_matrices(&u, 0.1, 200, 1).unwrap();
/// assert!(m.iter().all(|e| e.iter().all(|v| (0.0..=1.0).contains(v)) && e[0] >= e[2] && e[3] >= e[1]));
/// assert_eq!(error_matrices(&u, 0.0, 1, 1).unwrap(), vec![[0.7, 0.0, 0.6, 1.0]]);
/// ```
pub fn error_matrices(
    utility: &UtilityMatrix,
    sigma: f64,
    n: usize,
    seed: u64,
) -> Result<Vec<[f64; 4]>, CoreError> {
    binary_utility(utility)?;
    utility.xy()?; // 2 × 2, not constant, correct decisions not below wrong ones
    if !(sigma.is_finite() && sigma >= 0.0) {
        return Err(CoreError::InvalidParameter {
            name: "sigma",
            value: sigma,
            expected: "a finite number ≥ 0",
        });
    }
    check_points("points", n)?;
    let u = binary_utility(&utility.normalized()?)?;
    Ok(draw_chunked(seed, Stream::ErrorPoints, n, |rng| {
        loop {
            let e = sampler::erroneous_utility(rng, &u, sigma);
            if e.iter().any(|v| *v != e[0]) {
                return e;
            }
        }
    }))
}
