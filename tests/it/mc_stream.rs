//! The batched sampler of the Monte Carlo ([`PairBatch`], what `run_chunk` draws since the
//! Monte Carlo was made faster) against the one-pair sampler ([`Pair::sample`], the random
//! stream before it): another order of the draws, the same distribution. Both are scored the
//! same way (the cross-multiplied signs of `scores::score_differences`), on independent
//! seeds, and every ranker's mis-ranked fraction must agree within 4.5 combined standard
//! errors (two-sample test of proportions; with 11 rankers and 5 settings, a false alarm has
//! probability below 10⁻⁴), and so must the mean error `Σe/4n` and mean squared error `Σe²/4n`.
//!
//! The quick tests run ~10⁶ pairs in all. The long check, 10⁷ pairs per sampler for the
//! page's default (uniform prior, σ = 0.1), prints every ranker's two percentages and their
//! z-score (docs/cli.md, "`ulab mc`"):
//!
//! ```text
//! cargo test --release --test it mc_stream -- --ignored --nocapture
//! ```

use utility_lab::core::mc::batch::PairBatch;
use utility_lab::core::mc::rng::{Stream, chunk_rng};
use utility_lab::core::mc::scores::score_differences;
use utility_lab::core::mc::{
    CHUNK_PAIRS, ERROR_SCALE, McConfig, Pair, Prior, Ranker, Tally, run_chunk,
};

/// What both samplers are compared on.
struct Counts {
    misranked: [u64; 11],
    /// `Σe`, `Σe²` over the `4n` errors.
    sum: f64,
    sum_sq: f64,
    /// `Σ(per-pair Σe)²` and `Σ(per-pair Σe²)²`: the spread of the per-pair sums, for the
    /// standard errors of the means (the four errors of a pair are not independent).
    pair_sq: f64,
    pair_sq_sq: f64,
}

/// The one-pair sampler's counts: chunk `k` from `chunk_rng(seed, Pairs, k)`, pair after pair
/// with `Pair::sample` — the Monte Carlo's stream before the batches.
fn one_pair_counts(c: &McConfig) -> Counts {
    let mut out = Counts {
        misranked: [0; 11],
        sum: 0.0,
        sum_sq: 0.0,
        pair_sq: 0.0,
        pair_sq_sq: 0.0,
    };
    for k in 0..c.chunks() {
        let mut rng = chunk_rng(c.seed, Stream::Pairs, k);
        for _ in 0..c.chunk_len(k) {
            let pair = Pair::sample(&mut rng, c.prior, c.sigma);
            let dt = pair.true_yield_difference();
            let d = score_differences(pair.p, pair.tpr[0], pair.tnr[0], pair.tpr[1], pair.tnr[1]);
            let de = pair.yield_difference(&pair.erroneous);
            for (m, dm) in d.iter().chain([&de]).enumerate() {
                out.misranked[m] += !((dt > 0.0 && *dm > 0.0) || (dt < 0.0 && *dm < 0.0)) as u64;
            }
            let e: Vec<f64> = (0..4)
                .map(|j| pair.erroneous[j] - pair.utility[j])
                .collect();
            let (s, s2) = (e.iter().sum::<f64>(), e.iter().map(|x| x * x).sum::<f64>());
            out.sum += s;
            out.sum_sq += s2;
            out.pair_sq += s * s;
            out.pair_sq_sq += s2 * s2;
        }
    }
    out
}

/// The batched sampler's counts: the merged tallies of `run_chunk` (the error sums in fixed
/// point).
fn batched_counts(c: &McConfig) -> Counts {
    let mut t = Tally::default();
    for k in 0..c.chunks() {
        t.merge(&run_chunk(c, k).unwrap());
    }
    let mut misranked = [0; 11];
    for m in Ranker::ALL {
        misranked[m.index()] = *t.misranked.get(m);
    }
    Counts {
        misranked,
        sum: t.error_sum as f64 / ERROR_SCALE,
        sum_sq: t.error_sq_sum as f64 / ERROR_SCALE,
        pair_sq: f64::NAN,
        pair_sq_sq: f64::NAN,
    }
}

/// Compares the two samplers on `pairs` pairs each (independent seeds), printing a table;
/// returns the largest |z| over the rankers and the two error means.
fn compare(prior: Prior, sigma: f64, pairs: u64) -> f64 {
    let old = one_pair_counts(&McConfig::new(prior, sigma, pairs, 1001).unwrap());
    let new = batched_counts(&McConfig::new(prior, sigma, pairs, 2002).unwrap());
    let n = pairs as f64;
    let mut worst = 0.0f64;
    println!("{prior} σ {sigma}, {pairs} pairs each: one-pair %, batched %, z");
    for m in Ranker::ALL {
        let (f0, f1) = (
            old.misranked[m.index()] as f64 / n,
            new.misranked[m.index()] as f64 / n,
        );
        let se = (f0 * (1.0 - f0) / n + f1 * (1.0 - f1) / n).sqrt();
        let z = if se > 0.0 { (f1 - f0) / se } else { 0.0 };
        assert!(se > 0.0 || f0 == f1, "{} {f0} {f1}", m.key());
        println!(
            "  {:>18} {:8.4} {:8.4} {z:+6.2}",
            m.key(),
            100.0 * f0,
            100.0 * f1
        );
        worst = worst.max(z.abs());
    }
    // The error means, per error (4n of them); standard errors from the per-pair sums' spread
    // in the one-pair run (under the hypothesis, both runs have the same spread).
    for (name, a, b, sq) in [
        ("mean error", old.sum, new.sum, old.pair_sq),
        ("mean squared error", old.sum_sq, new.sum_sq, old.pair_sq_sq),
    ] {
        let (ma, mb) = (a / n, b / n); // per pair
        let var = (sq / n - ma * ma).max(0.0);
        let se = (2.0 * var / n).sqrt();
        let z = if se > 0.0 { (mb - ma) / se } else { 0.0 };
        assert!(se > 0.0 || (ma - mb).abs() < 1e-12, "{name} {ma} {mb}");
        println!("  {name:>18} {:10.6} {:10.6} {z:+6.2}", ma / 4.0, mb / 4.0);
        worst = worst.max(z.abs());
    }
    worst
}

#[test]
fn batched_pairs_have_the_one_pair_distribution() {
    // The page's default, the Gaussian prior (rejection of the point), a large σ (several
    // rounds of rejected columns), σ > 1 (the uniform proposal), σ = 0 (no noise drawn).
    for (prior, sigma, pairs) in [
        (Prior::Uniform, 0.1, 400_000),
        (Prior::Gaussian, 0.25, 200_000),
        (Prior::Uniform, 0.5, 100_000),
        (Prior::Gaussian, 1.5, 50_000),
        (Prior::Uniform, 0.0, 50_000),
    ] {
        let z = compare(prior, sigma, pairs);
        assert!(z < 4.5, "{prior} σ {sigma}: |z| = {z}");
    }
}

#[test]
#[ignore = "10⁷ pairs per sampler: run with --release (docs/cli.md, ulab mc)"]
fn batched_pairs_have_the_one_pair_distribution_on_ten_million_pairs() {
    let z = compare(Prior::Uniform, 0.1, 10_000_000);
    assert!(z < 4.5, "|z| = {z}");
}

#[test]
fn batched_rates_and_shares_have_their_distributions() {
    // Rates ½ + ½·max(U₁, U₂): CDF 4(r − ½)², quartiles 0.75, ½ + ½√½, ½ + ½√¾; p ~ U(0, 1).
    let quartiles = [0.75, 0.5 + 0.5 * 0.5f64.sqrt(), 0.5 + 0.5 * 0.75f64.sqrt()];
    let (mut below, mut p_below, mut n) = ([0u64; 3], [0u64; 3], 0u64);
    let mut batch = PairBatch::new();
    let mut rng = chunk_rng(4, Stream::Pairs, 0);
    for _ in 0..400 {
        batch.draw(&mut rng, Prior::Uniform, 0.1, 256);
        for i in 0..batch.len() {
            for r in [batch.a1[i], batch.b1[i], batch.a2[i], batch.b2[i]] {
                for (q, count) in quartiles.iter().zip(&mut below) {
                    *count += (r < *q) as u64;
                }
            }
            for (k, count) in p_below.iter_mut().enumerate() {
                *count += (batch.p[i] < 0.25 * (k + 1) as f64) as u64;
            }
            n += 1;
        }
    }
    for (k, (&b, &pb)) in below.iter().zip(&p_below).enumerate() {
        let f = 0.25 * (k + 1) as f64;
        let se = (f * (1.0 - f)).sqrt();
        let rate_frac = b as f64 / (4 * n) as f64;
        let p_frac = pb as f64 / n as f64;
        assert!(
            (rate_frac - f).abs() < 4.5 * se / ((4 * n) as f64).sqrt(),
            "rates {k}: {rate_frac}"
        );
        assert!(
            (p_frac - f).abs() < 4.5 * se / (n as f64).sqrt(),
            "p {k}: {p_frac}"
        );
    }
}

#[test]
fn batches_keep_every_constraint() {
    let mut batch = PairBatch::new();
    for (k, (prior, sigma)) in [
        (Prior::Uniform, 0.1),
        (Prior::Gaussian, 0.3),
        (Prior::Uniform, 0.9),
        (Prior::Gaussian, 2.0),
    ]
    .into_iter()
    .enumerate()
    {
        let mut rng = chunk_rng(9, Stream::Pairs, k as u64);
        for n in [CHUNK_PAIRS as usize, 1, 255, 256, 257] {
            batch.draw(&mut rng, prior, sigma, n);
            assert_eq!(batch.len(), n.min(256));
            for i in 0..batch.len() {
                let pair = batch.pair(i);
                let (u, e) = (pair.utility, pair.erroneous);
                assert!(
                    u.iter().chain(&e).all(|v| (0.0..=1.0).contains(v)),
                    "{pair:?}"
                );
                assert!(u[0] >= u[2] && u[3] >= u[1] && e[0] >= e[2] && e[3] >= e[1]);
                assert!(pair.p > 0.0 && pair.p < 1.0);
                let rates = pair.tpr.iter().chain(&pair.tnr);
                assert!(
                    rates.into_iter().all(|r| (0.5..1.0).contains(r)),
                    "{pair:?}"
                );
            }
        }
    }
}
