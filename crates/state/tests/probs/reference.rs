//! The fixture files read by the file reader, and the view's numbers against the independent
//! ones (`tests/reference/probs/make_probs_reference.py`).

use super::fixture::*;
use ulab_core::Matrix;
use ulab_state::probs::analysis::analyse;
use ulab_state::probs::calibration::{BINS, calibrate};
use ulab_state::probs::curve::{decision_curve, threshold_curves};
use ulab_state::probs::file::{ProbsFile, parse_probs};

fn read(c: &Case) -> ProbsFile {
    parse_probs(csv(&c.file), c.positive.as_deref()).unwrap()
}

#[test]
fn the_files_read_as_numpy_read_them() {
    for c in doc().cases {
        let f = read(&c);
        assert_eq!(f.classes, c.classes, "{}", c.id);
        assert_eq!(f.models(), c.models);
        let truth: Vec<usize> = f.table.truth().iter().map(|&y| usize::from(y)).collect();
        assert_eq!(truth, c.truth);
        for (k, m) in c.models.iter().enumerate() {
            assert_eq!(f.renormalized()[k], c.renormalized[m], "{} {m}", c.id);
            let model = &f.table.models()[k];
            for (i, want) in c.probs[m].iter().enumerate() {
                for (got, want) in model.item(i).iter().zip(want) {
                    // Single precision.
                    assert!(
                        (f64::from(*got) - want).abs() < 1e-7,
                        "{} {m} item {i}",
                        c.id
                    );
                }
            }
        }
    }
    // The triage file's ignored `id` column, and B's columns in another order.
    let d = doc();
    let f = read(&d.cases[0]);
    assert_eq!(f.ignored, ["id"]);
    assert!(f.renormalized().iter().all(|&r| r > 0));
}

#[test]
fn decisions_from_the_files_match_the_reference() {
    let mut checked = 0;
    for c in doc().cases {
        let f = read(&c);
        for run in &c.runs {
            let u = utility(&run.utility);
            let r = analyse(&f, &[], &u, run.prevalence.as_deref()).unwrap();
            for (m, want) in r.models.iter().zip(&run.models) {
                for (got, want) in [
                    (&m.outcome.most_probable, &want.most_probable),
                    (&m.outcome.optimal, &want.optimal),
                ] {
                    assert_eq!(got.counts, Matrix::from_rows(&want.confusion).unwrap());
                    let tol = 1e-12 * (1.0 + want.total.abs());
                    assert!((got.yield_per_item - want.yield_per_item).abs() < tol);
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 24);
}

#[test]
fn calibration_and_decision_curve_from_the_files() {
    let d = doc();
    for c in &d.cases {
        let Some(cal) = &c.calibration else { continue };
        let f = read(c);
        for (k, name) in c.models.iter().enumerate() {
            let got = calibrate(&f, &f.table.models()[k], BINS).unwrap();
            for (class, want) in cal[name].iter().enumerate() {
                let counts: Vec<u64> = got.classes[class].iter().map(|b| b.count).collect();
                assert_eq!(counts, want.count);
                let observed: Vec<f64> = got.classes[class]
                    .iter()
                    .filter_map(|b| b.observed)
                    .collect();
                assert_eq!(observed.len(), want.prob_true.len());
                for (o, w) in observed.iter().zip(&want.prob_true) {
                    assert!((o - w).abs() < 1e-12);
                }
            }
        }
    }
    let c = d.cases.iter().find(|c| c.id == "screening").unwrap();
    let f = read(c);
    for want in c.decision_curve.as_ref().unwrap() {
        let curves = threshold_curves(&f, want.prevalence.as_deref()).unwrap();
        let got = decision_curve(&curves, &want.thresholds);
        for (i, p) in got.iter().enumerate() {
            assert!((p.treat_all - want.treat_all[i]).abs() < 1e-12);
            for (k, m) in c.models.iter().enumerate() {
                assert!((p.models[k] - want.models[m][i]).abs() < 1e-12);
            }
        }
    }
}
