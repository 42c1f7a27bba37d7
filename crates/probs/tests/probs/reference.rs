//! `ulab_probs` against values computed independently by NumPy, SciPy and scikit-learn
//! (`tests/reference/probs/make_probs_reference.py`, which wrote `probs_cases.json`; see that
//! script for what each number is and how to regenerate them). Nothing here compares the core
//! with itself.

use super::fixture::*;
use ulab_core::Matrix;
use ulab_probs::bootstrap::Bootstrap;
use ulab_probs::curve::ThresholdCurve;
use ulab_probs::recalibrate::{cross_fit, fit, fit_fold};
use ulab_probs::reliability::reliability;
use ulab_probs::{Decider, ModelOutcome, Shares, decide_all, decide_model};

/// Asserts that `got` (counts and yields) equals the reference outcome: counts exactly, yields
/// within `1e-12` relative.
pub fn same_outcome(got: &ModelOutcome, want: &ModelRun, what: &str) {
    for (rule, g, w) in [
        ("most probable", &got.most_probable, &want.most_probable),
        ("optimal", &got.optimal, &want.optimal),
    ] {
        let m = Matrix::from_rows(&w.confusion).unwrap();
        assert_eq!(g.counts, m, "{what}, {}, {rule}: confusion", want.name);
        let tol = 1e-12 * (1.0 + w.total.abs());
        assert!(
            (g.yield_per_item - w.yield_per_item).abs() < tol,
            "{what}, {}, {rule}: yield {} vs {}",
            want.name,
            g.yield_per_item,
            w.yield_per_item
        );
        assert!(
            (g.total - w.total).abs() < tol * w.total.abs().max(1.0),
            "{what}: total"
        );
    }
}

#[test]
fn decisions_confusions_and_yields() {
    let mut checked = 0;
    for c in doc().cases {
        // The file's rows renormalized (the reader's count is checked by ulab-state's tests).
        let t = table(&c);
        assert_eq!(t.class_counts(), &c.counts[..]);
        for (r, run) in c.runs.iter().enumerate() {
            let u = utility(&run.utility);
            let got = decide_all(&t, &u, run.prevalence.as_deref()).unwrap();
            for (g, w) in got.iter().zip(&run.models) {
                same_outcome(g, w, &format!("{} run {r}", c.id));
                checked += 1;
            }
        }
    }
    // triage: 3 runs × 2 models; screening: 2 × 2; ties: 2 × 1.
    assert_eq!(checked, 12);
}

#[test]
fn a_rectangular_matrix_and_shares_change_decisions() {
    // Guards that the fixture exercises what it claims: "refer" is chosen, shares change
    // some decisions, and the optimal rule differs from the most probable class.
    let d = doc();
    let triage = &d.cases[0];
    let refer = |run: &Run| run.models[0].optimal.confusion[3].iter().sum::<f64>();
    assert!(refer(&triage.runs[0]) > 0.0);
    assert_ne!(
        triage.runs[0].models[0].optimal.confusion,
        triage.runs[1].models[0].optimal.confusion
    );
    // Ties: p = (½, ½) is decided class 0 by both rules; under [[1, 0], [0, 3]] the items at
    // p = (¾, ¼), a tie of expected utilities, are decided 0 as well.
    let ties = &d.cases[2];
    assert_eq!(ties.runs[0].models[0].optimal.confusion[0], vec![3.0, 3.0]);
    assert_eq!(ties.runs[1].models[0].optimal.confusion[0], vec![2.0, 2.0]);
}

#[test]
fn reliability_bins_match_calibration_curve() {
    let mut bins_checked = 0;
    for c in doc().cases {
        let Some(cal) = &c.calibration else { continue };
        let t = table(&c);
        for (k, name) in c.models.iter().enumerate() {
            let got = reliability(&t, &t.models()[k], 10).unwrap();
            for (class, want) in cal[name].iter().enumerate() {
                let bins = &got[class];
                let counts: Vec<u64> = bins.iter().map(|b| b.count).collect();
                let hits: Vec<u64> = bins.iter().map(|b| b.hits).collect();
                assert_eq!(counts, want.count, "{} {name} class {class}", c.id);
                assert_eq!(hits, want.hits);
                // scikit-learn returns the non-empty bins only.
                let full: Vec<_> = bins.iter().filter(|b| b.count > 0).collect();
                assert_eq!(full.len(), want.prob_true.len());
                for (b, (pt, pp)) in full.iter().zip(want.prob_true.iter().zip(&want.prob_pred)) {
                    assert!((b.observed.unwrap() - pt).abs() < 1e-12);
                    // Single-precision storage: 1e-7 relative.
                    assert!((b.mean_predicted.unwrap() - pp).abs() < 1e-6);
                    bins_checked += 1;
                }
                for (b, w) in bins.iter().zip(&want.wilson) {
                    match (b.interval, w) {
                        (Some((lo, hi)), Some((wl, wh))) => {
                            assert!((lo - wl).abs() < 1e-12 && (hi - wh).abs() < 1e-12)
                        }
                        (None, None) => {}
                        other => panic!("interval {other:?}"),
                    }
                }
            }
        }
    }
    assert!(bins_checked > 60, "{bins_checked}");
}

#[test]
fn decision_curve_matches_the_dcurves_formula() {
    let d = doc();
    let c = d.cases.iter().find(|c| c.id == "screening").unwrap();
    let t = table(c);
    for curve in c.decision_curve.as_ref().unwrap() {
        let shares = curve
            .prevalence
            .as_ref()
            .map(|p| Shares::new(p, t.class_counts()).unwrap());
        for (k, name) in c.models.iter().enumerate() {
            let tc = ThresholdCurve::new(&t, &t.models()[k], shares.as_ref()).unwrap();
            for (i, &pt) in curve.thresholds.iter().enumerate() {
                let nb = tc.net_benefit(pt).unwrap();
                assert!((nb - curve.models[name][i]).abs() < 1e-12, "{name} {pt}");
                let all = tc.treat_all(pt).unwrap();
                assert!((all - curve.treat_all[i]).abs() < 1e-12);
            }
        }
    }
}

#[test]
fn the_threshold_rule_is_the_optimal_rule_for_two_classes() {
    // Yield at the threshold U implies equals the optimal rule's yield (the reference's).
    let d = doc();
    let c = d.cases.iter().find(|c| c.id == "screening").unwrap();
    let t = table(c);
    let run = &c.runs[0];
    let u = utility(&run.utility);
    let rule = ulab_core::decision::binary_threshold(&u).unwrap();
    let ulab_core::decision::BinaryRule::ZeroAtOrAbove(th) = rule else {
        panic!("{rule:?}")
    };
    for (k, m) in run.models.iter().enumerate() {
        let tc = ThresholdCurve::new(&t, &t.models()[k], None).unwrap();
        let y = tc.yield_at(&u, th).unwrap();
        assert!((y - m.optimal.yield_per_item).abs() < 1e-12, "{}", m.name);
        let best = tc.best_threshold(&u).unwrap();
        assert!(best.yield_per_item >= y - 1e-12);
    }
}

#[test]
fn bootstrap_agrees_with_numpy_dirichlet_within_monte_carlo_error() {
    for c in doc().cases {
        let t = table(&c);
        for (run, b) in c.bootstrap.iter().enumerate() {
            let u = utility(&b.utility);
            let shares = b
                .prevalence
                .as_ref()
                .map(|p| Shares::new(p, t.class_counts()).unwrap());
            let d = Decider::new(&u, shares.as_ref()).unwrap();
            let models: Vec<_> = t.models().iter().collect();
            let boot = Bootstrap::new(&t, &models, &d, 1234).unwrap();
            let s = boot.run(0..b.resamples).summary();
            let r = b.resamples as f64;
            for (k, w) in b.arms.iter().enumerate() {
                let g = s.arms[k];
                let what = format!("{} bootstrap {run} {} {}", c.id, w.model, w.rule);
                // The mean of a weighted mean is the plain mean: within 5 standard errors.
                assert!(
                    (g.mean - w.mean).abs() < 5.0 * w.sd * (2.0 / r).sqrt() + 1e-12,
                    "{what}"
                );
                // Quantiles: their Monte Carlo error is ≈ 0.015 sd each at 2·10⁴ resamples.
                assert!(
                    (g.lo - w.lo).abs() < 0.1 * w.sd + 1e-12,
                    "{what}: lo {} {}",
                    g.lo,
                    w.lo
                );
                assert!(
                    (g.hi - w.hi).abs() < 0.1 * w.sd + 1e-12,
                    "{what}: hi {} {}",
                    g.hi,
                    w.hi
                );
            }
            let a = b.arms.len();
            for x in 0..a {
                for y in 0..a {
                    let (p, q) = (s.better(x, y), b.better[x][y]);
                    let se = (2.0 * q * (1.0 - q) / r).sqrt();
                    assert!(
                        (p - q).abs() <= 5.0 * se + 1e-3,
                        "{} P({x} > {y}): {p} vs {q}",
                        c.id
                    );
                }
            }
        }
    }
}

#[test]
fn recalibration_fits_match_scipy() {
    let d = doc();
    let c = d.cases.iter().find(|c| c.recalibration.is_some()).unwrap();
    let rc = c.recalibration.as_ref().unwrap();
    let t = table(c);
    let k = c.models.iter().position(|m| *m == rc.model).unwrap();
    let model = &t.models()[k];
    let all: Vec<usize> = (0..t.n_items()).collect();
    let close = |got: &ulab_probs::recalibrate::Scaling, want: &Scaling, what: &str| {
        assert!(
            (got.a - want.a).abs() < 1e-5,
            "{what}: a {} vs {}",
            got.a,
            want.a
        );
        for (g, w) in got.b.iter().zip(&want.b) {
            assert!((g - w).abs() < 1e-5, "{what}: b {g} vs {w}");
        }
    };
    close(&fit(&t, model, &all).unwrap(), &rc.full, "all items");
    for (f, want) in rc.per_fold.iter().enumerate() {
        close(
            &fit_fold(&t, model, rc.folds, f).unwrap(),
            want,
            &format!("fold {f}"),
        );
    }
    let cf = cross_fit(&t, model, rc.folds).unwrap();
    let recal = cf.apply(&t, model, "B recalibrated").unwrap();
    let u = utility(&rc.utility);
    let o = decide_model(&t, &recal, &Decider::new(&u, None).unwrap()).unwrap();
    // Items whose recalibrated decision is within 10⁻⁴ of a tie may flip: each moves the
    // yield by at most the utility range over N.
    let slack = rc.near_ties as f64 * 400.0 / t.n_items() as f64 + 1e-9;
    assert!((o.optimal.yield_per_item - rc.optimal.yield_per_item).abs() <= slack);
    assert!((o.most_probable.yield_per_item - rc.most_probable.yield_per_item).abs() <= slack);
}
