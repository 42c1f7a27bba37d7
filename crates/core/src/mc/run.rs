//! Running a Monte Carlo: [`run_chunk`] (one chunk, what a thread or web worker computes) and
//! [`run`] (every chunk in order, on this thread).

use super::batch::{BATCH, ErrorSums, PairBatch};
use super::rng::{Stream, chunk_rng};
use super::{ERROR_SCALE, McConfig, McResult, PerRanker, Tally, scores};
use crate::error::CoreError;

/// Runs chunk `chunk` of `config`: [`McConfig::chunk_len`] pairs drawn from
/// [`chunk_rng`]`(seed, Pairs, chunk)`, scored by every ranker. Pure and deterministic:
/// this is what a web worker calls.
///
/// The pairs are drawn [`BATCH`] at a time by [`PairBatch::draw`] (one allocation per chunk,
/// none per pair), then scored in one straight-line pass per batch: the true and erroneous
/// yield differences ([`super::Pair::yield_difference`]) and [`scores::score_differences`] (no
/// division, no square root), then the sign test of [`scores::misranked`] per ranker.
///
/// # Errors
/// An invalid config ([`McConfig::validate`]) or `chunk ≥ config.chunks()`.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::{run_chunk, McConfig, Prior};
/// let c = McConfig::new(Prior::Gaussian, 0.2, 1000, 3).unwrap();
/// let t = run_chunk(&c, 0).unwrap();
/// assert_eq!(t.pairs, 1000);
/// assert_eq!(t, run_chunk(&c, 0).unwrap());
/// assert!(run_chunk(&c, 1).is_err());
/// ```
pub fn run_chunk(config: &McConfig, chunk: u64) -> Result<Tally, CoreError> {
    config.validate()?;
    config.check_chunk(chunk)?;
    let n = config.chunk_len(chunk);
    let mut rng = chunk_rng(config.seed, Stream::Pairs, chunk);
    let (prior, sigma) = (config.prior, config.sigma);
    let mut correct = [0u64; 11];
    let mut sums = ErrorSums::default();
    let mut batch = PairBatch::new();
    let mut left = n as usize;
    while left > 0 {
        batch.draw(&mut rng, prior, sigma, left);
        batch.add_error_sums(&mut sums);
        score_batch(&batch, &mut correct);
        left -= batch.len();
    }
    let (s1, s2) = sums.totals();
    Ok(Tally {
        pairs: n,
        misranked: PerRanker::from_fn(|m| n - correct[m.index()]),
        error_sum: (s1 * ERROR_SCALE).round() as i64,
        error_sq_sum: (s2 * ERROR_SCALE).round() as i64,
    })
}

/// Adds to `correct[m]` the pairs of `batch` ranked correctly by ranker `m` ([`super::Ranker::index`]).
#[inline(never)]
#[cfg_attr(
    all(target_arch = "wasm32", feature = "simd"),
    target_feature(enable = "simd128")
)]
fn score_batch(batch: &PairBatch, correct: &mut [u64; 11]) {
    let n = batch.len().min(BATCH);
    let (u, e) = (&batch.u, &batch.e);
    for i in 0..n {
        let (p, a1, b1, a2, b2) = (
            batch.p[i],
            batch.a1[i],
            batch.b1[i],
            batch.a2[i],
            batch.b2[i],
        );
        let q = 1.0 - p;
        let (da, db) = (a1 - a2, b1 - b2);
        // The yield differences, as in Pair::yield_difference: only the column gaps
        // U00 − U10 and U11 − U01 of the true and the erroneous matrix matter.
        let dt = p * (u[0][i] - u[2][i]) * da + q * (u[3][i] - u[1][i]) * db;
        let de = p * (e[0][i] - e[2][i]) * da + q * (e[3][i] - e[1][i]) * db;
        // Correct ⇔ the score difference has the strict sign of dt ⇔ dm·sgn(dt) > 0, with
        // sgn(dt) ∈ {−1, 0, 1} (the product by ±1 is exact; by 0 it is 0: a tie, wrong).
        let sg = ((dt > 0.0) as i32 - (dt < 0.0) as i32) as f64;
        let d = scores::score_differences(p, a1, b1, a2, b2);
        for (count, dm) in correct.iter_mut().zip(d) {
            *count += (dm * sg > 0.0) as u64;
        }
        correct[10] += (de * sg > 0.0) as u64;
    }
}

/// Runs every chunk of `config` in order on this thread, calling `progress(done_pairs,
/// total_pairs)` after each chunk, and returns the merged result. The same numbers as any
/// parallel split of [`run_chunk`].
///
/// # Errors
/// An invalid config.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::{run, McConfig, Prior};
/// let c = McConfig::new(Prior::Uniform, 0.1, 100_000, 1).unwrap();
/// let mut calls = 0;
/// let r = run(&c, |done, total| { calls += 1; assert!(done <= total); }).unwrap();
/// assert_eq!(calls, 2);
/// assert!(r.realized_sd > 0.08 && r.realized_sd < 0.1);
/// ```
pub fn run(config: &McConfig, mut progress: impl FnMut(u64, u64)) -> Result<McResult, CoreError> {
    config.validate()?;
    let mut tally = Tally::default();
    for k in 0..config.chunks() {
        tally.merge(&run_chunk(config, k)?);
        progress(tally.pairs, config.pairs);
    }
    Ok(McResult::from_tally(config, &tally))
}
