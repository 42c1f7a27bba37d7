//! The metrics of the Monte Carlo: the fast cross-multiplied sign forms against the textbook
//! formulas (on many random pairs), the textbook formulas against hand values, and the yield
//! difference against the core's `UtilityMatrix::yield_of`.

use utility_lab::core::mc::rng::{Stream, chunk_rng, uniform, uniform_open};
use utility_lab::core::mc::sampler::rate;
use utility_lab::core::mc::scores::{
    N_SCORES, SCORE_METRICS, binary_scores, misranked, score_differences,
};
use utility_lab::core::mc::{Pair, Prior};
use utility_lab::core::metrics::Metric;
use utility_lab::core::{ConfusionMatrix, Matrix, Orientation, UtilityMatrix};

fn sign(v: f64) -> i8 {
    (v > 0.0) as i8 - (v < 0.0) as i8
}

#[test]
fn fast_sign_forms_equal_naive_differences() {
    let mut r = chunk_rng(99, Stream::Pairs, 0);
    let mut nonzero = [0usize; N_SCORES];
    for i in 0..400_000 {
        let p = uniform_open(&mut r);
        // The Monte Carlo's rates, and (every other pair) rates uniform on [0.5, 1].
        let mut g = || {
            if i % 2 == 0 {
                rate(&mut r)
            } else {
                0.5 + 0.5 * uniform(&mut r)
            }
        };
        let (a1, b1, a2, b2) = (g(), g(), g(), g());
        let d = score_differences(p, a1, b1, a2, b2);
        let s1 = binary_scores(p, a1, b1);
        let s2 = binary_scores(p, a2, b2);
        for m in 0..N_SCORES {
            let naive = s1[m].unwrap() - s2[m].unwrap();
            assert_eq!(
                sign(d[m]),
                sign(naive),
                "{:?}: p {p}, ({a1}, {b1}) vs ({a2}, {b2})",
                SCORE_METRICS[m]
            );
            nonzero[m] += (naive != 0.0) as usize;
        }
    }
    assert!(nonzero.iter().all(|c| *c == 400_000));
}

#[test]
fn fast_sign_forms_on_structured_ties() {
    // Identical classifiers: every difference is exactly 0 (a tie, so mis-ranked).
    for p in [0.1, 0.5, 0.93] {
        let d = score_differences(p, 0.8, 0.7, 0.8, 0.7);
        assert!(d.iter().all(|v| *v == 0.0));
    }
    // Rates on a dyadic grid, where many metric values coincide exactly: the signs must still
    // be those of the naive values (exact arithmetic on both sides).
    let grid: Vec<f64> = (0..=8).map(|k| 0.5 + k as f64 / 16.0).collect();
    for &p in &[0.25, 0.5, 0.75] {
        for &a1 in &grid {
            for &b1 in &grid {
                for &a2 in &grid {
                    for &b2 in &grid {
                        let d = score_differences(p, a1, b1, a2, b2);
                        let (s1, s2) = (binary_scores(p, a1, b1), binary_scores(p, a2, b2));
                        for m in [0, 1, 2, 3, 4, 5, 8] {
                            // Accuracy, balanced accuracy, precision, recall, specificity, F1
                            // and kappa are rational in dyadic numbers: exact equality of
                            // naive values is a true tie.
                            let naive = s1[m].unwrap() - s2[m].unwrap();
                            if naive == 0.0 {
                                assert_eq!(
                                    d[m], 0.0,
                                    "{:?} p {p} {a1} {b1} {a2} {b2}",
                                    SCORE_METRICS[m]
                                );
                            } else {
                                assert_eq!(sign(d[m]), sign(naive));
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn textbook_formulas_on_hand_values() {
    // Classifier A of Dyrland et al. 2022, eq. 1: TP 0.27, FP 0.15, FN 0.23, TN 0.35 (p = 0.5).
    let s = binary_scores(0.5, 0.54, 0.7);
    let v = |m: usize| s[m].unwrap();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert!(close(v(0), 0.62));
    assert!(close(v(1), 0.62));
    assert!(close(v(2), 0.27 / 0.42));
    assert!(close(v(3), 0.54));
    assert!(close(v(4), 0.70));
    assert!(close(v(5), 0.54 / 0.92));
    let mcc = (0.27 * 0.35 - 0.15 * 0.23) / (0.42f64 * 0.5 * 0.5 * 0.58).sqrt();
    assert!(close(v(6), mcc));
    assert!(close(v(7), (0.27 / 0.42 * 0.54f64).sqrt()));
    let pe = 0.42 * 0.5 + 0.58 * 0.5;
    assert!(close(v(8), (0.62 - pe) / (1.0 - pe)));
    // p-d with κ = (0.5, 0.5): ½(½·P0 + ½·R0 + ½·P1 + ½·R1).
    let pd = 0.5 * (0.5 * 0.27 / 0.42 + 0.5 * 0.54 + 0.5 * 0.35 / 0.58 + 0.5 * 0.7);
    assert!(close(v(9), pd));
    // Undefined values are None: a classifier that never outputs class 0 has no precision.
    let s = binary_scores(0.5, 0.0, 1.0);
    assert_eq!(s[2], None);
    assert_eq!(s[6], None);
    // ... but p-d counts the 0/0 term as 0 (its reference code's convention).
    assert!(s[9].is_some());
}

#[test]
fn yield_difference_matches_the_core() {
    let mut r = chunk_rng(5, Stream::Pairs, 0);
    for _ in 0..2000 {
        let pair = Pair::sample(&mut r, Prior::Uniform, 0.2);
        let um = |e: &[f64; 4]| UtilityMatrix::new(Matrix::new(2, 2, e.to_vec()).unwrap()).unwrap();
        let cm = |k: usize| {
            ConfusionMatrix::new(
                Matrix::new(2, 2, pair.confusion(k).to_vec()).unwrap(),
                Orientation::OutputRows,
            )
            .unwrap()
        };
        for u in [pair.utility, pair.erroneous] {
            let core = um(&u).yield_of(&cm(0)).unwrap() - um(&u).yield_of(&cm(1)).unwrap();
            let fast = pair.yield_difference(&u);
            assert!((core - fast).abs() < 1e-12, "{core} vs {fast}");
        }
        // Class shares are p and 1 − p for both classifiers.
        let shares = cm(0).class_shares();
        assert!((shares[0] - pair.p).abs() < 1e-12);
    }
}

#[test]
fn misranked_rule_is_strict() {
    assert!(!misranked(1.0, 2.0));
    assert!(!misranked(-1.0, -2.0));
    assert!(misranked(1.0, -2.0));
    assert!(misranked(-1.0, 2.0));
    assert!(misranked(0.0, 1.0));
    assert!(misranked(1.0, 0.0));
    assert!(misranked(0.0, 0.0));
    assert!(misranked(1.0, f64::NAN));
    assert_eq!(SCORE_METRICS.len(), 10);
    assert!(!SCORE_METRICS.contains(&Metric::Npv));
}
