//! Running a Monte Carlo: [`run_chunk`] (one chunk, what a thread or web worker computes) and
//! [`run`] (every chunk in order, on this thread).

use super::rng::{chunk_rng, Stream};
use super::{scores, McConfig, McResult, Pair, PerRanker, Tally, ERROR_SCALE};
use crate::core::error::CoreError;

/// Runs chunk `chunk` of `config`: [`McConfig::chunk_len`] pairs drawn from
/// [`chunk_rng`]`(seed, Pairs, chunk)`, scored by every ranker. Pure and deterministic:
/// this is what a web worker calls.
///
/// The inner loop allocates nothing: per pair, [`Pair::sample`], the true and erroneous yield
/// differences ([`Pair::yield_difference`]) and [`scores::score_differences`] (no division, no
/// square root), then [`scores::misranked`] per ranker.
///
/// # Errors
/// An invalid config ([`McConfig::validate`]) or `chunk ≥ config.chunks()`.
///
/// # Examples
///
/// ```
/// use utility_lab::core::mc::{run_chunk, McConfig, Prior};
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
    let mut s1 = 0.0f64;
    let mut s2 = 0.0f64;
    let mut batch = Batch::default();
    let mut left = n as usize;
    while left > 0 {
        let len = left.min(BATCH);
        // Phase 1: draw the pairs in order (the random stream), keep what scoring needs, and
        // sum the utility errors in pair order.
        for i in 0..len {
            let pair = Pair::sample(&mut rng, prior, sigma);
            let (u, e) = (&pair.utility, &pair.erroneous);
            batch.p[i] = pair.p;
            batch.a1[i] = pair.tpr[0];
            batch.b1[i] = pair.tnr[0];
            batch.a2[i] = pair.tpr[1];
            batch.b2[i] = pair.tnr[1];
            batch.w0[i] = u[0] - u[2];
            batch.w1[i] = u[3] - u[1];
            batch.v0[i] = e[0] - e[2];
            batch.v1[i] = e[3] - e[1];
            let e0 = e[0] - u[0];
            let e1 = e[1] - u[1];
            let e2 = e[2] - u[2];
            let e3 = e[3] - u[3];
            s1 += (e0 + e1) + (e2 + e3);
            s2 += (e0 * e0 + e1 * e1) + (e2 * e2 + e3 * e3);
        }
        // Phase 2: score them (straight-line arithmetic, no branch).
        score_batch(&batch, len, &mut correct);
        left -= len;
    }
    Ok(Tally {
        pairs: n,
        misranked: PerRanker::from_fn(|m| n - correct[m.index()]),
        error_sum: (s1 * ERROR_SCALE).round() as i64,
        error_sq_sum: (s2 * ERROR_SCALE).round() as i64,
    })
}

/// Pairs scored together by [`run_chunk`].
const BATCH: usize = 256;

/// What scoring needs of a batch of pairs, one array per quantity: `p`, the rates, and the
/// column gaps `w0 = U00 − U10`, `w1 = U11 − U01` of the true matrix (`v0`, `v1` of the
/// erroneous one), which are all the yield difference depends on (see
/// [`Pair::yield_difference`]).
struct Batch {
    p: [f64; BATCH],
    a1: [f64; BATCH],
    b1: [f64; BATCH],
    a2: [f64; BATCH],
    b2: [f64; BATCH],
    w0: [f64; BATCH],
    w1: [f64; BATCH],
    v0: [f64; BATCH],
    v1: [f64; BATCH],
}

impl Default for Batch {
    fn default() -> Batch {
        let z = [0.0; BATCH];
        Batch {
            p: z,
            a1: z,
            b1: z,
            a2: z,
            b2: z,
            w0: z,
            w1: z,
            v0: z,
            v1: z,
        }
    }
}

/// Adds to `correct[m]` the pairs of `batch[..len]` ranked correctly by ranker `m` ([`super::Ranker::index`]).
#[inline(never)]
fn score_batch(batch: &Batch, len: usize, correct: &mut [u64; 11]) {
    let len = len.min(BATCH);
    for i in 0..len {
        let (p, a1, b1, a2, b2) = (
            batch.p[i],
            batch.a1[i],
            batch.b1[i],
            batch.a2[i],
            batch.b2[i],
        );
        let q = 1.0 - p;
        let (da, db) = (a1 - a2, b1 - b2);
        // The yield differences, as in Pair::yield_difference.
        let dt = p * batch.w0[i] * da + q * batch.w1[i] * db;
        let de = p * batch.v0[i] * da + q * batch.v1[i] * db;
        let d = scores::score_differences(p, a1, b1, a2, b2);
        // Correct ⇔ the score difference has the strict sign of dt ⇔ dm·sgn(dt) > 0, with
        // sgn(dt) ∈ {−1, 0, 1} (the product by ±1 is exact; by 0 it is 0: a tie, wrong).
        let sg = ((dt > 0.0) as i32 - (dt < 0.0) as i32) as f64;
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
/// use utility_lab::core::mc::{run, McConfig, Prior};
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
