//! Hostile and broken input (issue 14): every failure the fuzz driver (`scripts/fuzz.sh`) or
//! the issue's probe found, as a named regression test, and the limits of `core::limits`
//! against docs/limits.md.

use super::common::{fails, json, num, ok};
use utility_lab::core::decision::{decide, output_given_class, remap};
use utility_lab::core::limits::{self, MAX_CELLS};
use utility_lab::core::metrics::{self, Metric};
use utility_lab::core::pd::{PdLinear, f1_of_macro_pr, kappa_for_value};
use utility_lab::core::prevalence::reweight;
use utility_lab::core::roc::{Binormal, Roc, iso_utility_slope};
use utility_lab::core::{ConfusionMatrix, CoreError, Matrix, Orientation, Score, UtilityMatrix};
use utility_lab::state::AppState;
use utility_lab::state::link::{self, LinkError};

fn cm(text: &str) -> ConfusionMatrix {
    ConfusionMatrix::parse(text, Orientation::OutputRows).unwrap()
}

/// Decodes, re-encodes and decodes again: the state comes back exactly, without a notice.
fn round_trip(fragment: &str) -> link::Decoded {
    let d = link::decode(fragment);
    d.state.validate().unwrap();
    let e = link::encode(&d.state);
    let again = link::decode(&e);
    assert_eq!(again.state, d.state, "{fragment} → {e}");
    assert!(again.notices.is_empty(), "{e}: {:?}", again.notices);
    assert_eq!(link::encode(&again.state), e);
    d
}

// ---- decisions: the panic of the issue ---------------------------------------------------

#[test]
fn decide_with_the_largest_utility_is_an_error_not_a_panic() {
    // Was exit 101: the best expected utility overflowed, nothing tied, `tied[0]` panicked.
    let line = fails(&[
        "decide",
        "--utility",
        "1.7976931348623157e308,0;0,1",
        "--probabilities",
        "1.0000009,0",
    ]);
    assert_eq!(
        line,
        "ulab: --utility: row 1, cell 1: 1.7976931348623157e308 is beyond ±10¹⁵, the largest \
         utility supported"
    );
    assert!(matches!(
        UtilityMatrix::parse("1.7976931348623157e308,0;0,1"),
        Err(CoreError::OutOfRange { row: 0, col: 0, .. })
    ));
}

#[test]
fn decisions_at_the_bound_are_finite() {
    // Ū = (10¹⁵, 0): the flip point is 1/(10¹⁵ + 1), not "≤ NaN".
    let out = ok(&[
        "decide",
        "--utility",
        "1e15,0;0,1",
        "--probabilities",
        "1,0",
    ]);
    assert!(out.contains("decide '0' iff p(0) ≥ 1e-15"), "{out}");
    assert!(!out.contains("NaN") && !out.contains('∞'), "{out}");
    let u = UtilityMatrix::parse("1e15,-1e15;-1e15,1e15").unwrap();
    let d = decide(&u, &[0.5, 0.5]).unwrap();
    assert_eq!(d.expected, vec![0.0, 0.0]);
    assert_eq!((d.optimal, d.tied.clone()), (0, vec![0, 1]));
    let r = remap(&cm("1e15,0;0,1e15"), &u, 0.0, Some(&[0.5, 0.5])).unwrap();
    assert_eq!((r.raw_yield, r.remapped_yield), (1e15, 1e15));
    assert_eq!(u.total_yield_of(&cm("1e15,0;0,1e15")).unwrap(), 2e30);
}

// ---- links -------------------------------------------------------------------------------

#[test]
fn small_shares_round_trip_exactly() {
    let base = "u=1,0;0,1&cm.A=1,2;3,4";
    let d = round_trip(&format!("{base}&prev=1e-70,1"));
    assert_eq!(d.state.prevalence, Some(vec![1e-70, 1.0]));
    let d = round_trip(&format!("{base}&kappa=1e-320,1"));
    assert_eq!(d.state.kappa, Some(vec![1e-320, 1.0]));
    // Within 10⁻⁶ of 1: kept as written, so it does not drift from one load to the next.
    let d = round_trip(&format!("{base}&prev=1e-7,1"));
    assert_eq!(d.state.prevalence, Some(vec![1e-7, 1.0]));
}

#[test]
fn huge_shares_are_rescaled_and_the_rest_of_the_link_kept() {
    // Was: the sum overflowed, every share became 0, and the whole link was replaced by the
    // factory example ("should not happen").
    let d = round_trip("u=1,0;0,1&cm.A=1,2;3,4&prev=1e308,1e308");
    assert_eq!(d.state.utility().to_string(), "1,0;0,1");
    assert_eq!(d.state.classifiers()[0].matrix.to_string(), "1,2;3,4");
    assert_eq!(d.state.prevalence, Some(vec![0.5, 0.5]));
    assert_eq!(d.notices.len(), 1);
    assert!(matches!(d.notices[0].error, LinkError::Rescaled { .. }));
    assert_eq!(
        d.notices[0].to_string(),
        "prev: the shares sum to more than 10³⁰⁸; they were rescaled to sum to 1"
    );
    let d = round_trip("u=1,0;0,1&prev=5e-324,0");
    assert_eq!(d.state.prevalence, Some(vec![1.0, 0.0]));
}

#[test]
fn an_empty_class_name_keeps_the_link() {
    // Was: "no matrix or class list in it could be read; showing the factory example" with
    // "3 names for 3 classes; default names used" and the shares ignored.
    let d = round_trip("classes=a,,b&prev=1,1,1");
    assert_eq!(*d.state.classes(), vec!["a", "1", "b"]);
    assert_eq!(d.state.utility().to_string(), "1,0,0;0,1,0;0,0,1");
    assert_eq!(d.state.prevalence.as_ref().map(Vec::len), Some(3));
    let notes: Vec<String> = d.notices.iter().map(|n| n.to_string()).collect();
    assert_eq!(notes[0], "classes: name 2 is empty; '1' is used");
    assert!(
        notes[1].starts_with("prev: the shares sum to 3;"),
        "{notes:?}"
    );
    assert_eq!(notes.len(), 2);
}

#[test]
fn an_empty_decision_name_is_filled() {
    let d = round_trip("u=1,0;0,1;0,0&decisions=a,,c");
    assert_eq!(*d.state.decisions(), vec!["a", "1", "c"]);
    assert_eq!(
        d.notices[0].to_string(),
        "decisions: name 2 is empty; '1' is used"
    );
}

#[test]
fn notices_and_names_are_one_line() {
    let d = link::decode("prior=unifo%0Arm&qdraws=Qp%0D%0A&cm.%E2%80%AEA%0A=1,2;3,4&x%0Ay");
    for n in &d.notices {
        let m = n.to_string();
        assert!(!m.contains(['\n', '\r', '\u{202e}']), "{m:?}");
    }
    let prior = d.notices.iter().find(|n| n.key == "prior").unwrap();
    assert_eq!(
        prior.to_string(),
        "prior: 'unifo rm' is not 'uniform' or 'gaussian'; ignored"
    );
    // A classifier's name loses its right-to-left override and line break.
    assert_eq!(d.state.classifiers()[0].name, "A");
    let mut s = AppState::default();
    s.rename_classifier(0, "B2\r\n\u{feff}x").unwrap();
    assert_eq!(s.classifiers()[0].name, "B2  x");
}

#[test]
fn edits_that_change_the_classes_keep_the_link_exact() {
    // Was: one item's probabilities (2 values) and an empty assessment stayed in the state
    // after a class was added, but not in its link.
    let mut s = link::decode("u=1,0;0,1&cm.A=1,2;3,4&p=0.2,0.8&uask=").state;
    assert!(s.space.answers.is_none());
    s.add_class().unwrap();
    assert_eq!(s.decide.p, None);
    let back = link::decode(&link::encode(&s));
    assert_eq!(back.state, s);
    assert!(back.notices.is_empty());
}

#[test]
fn set_utility_refuses_values_beyond_the_bound() {
    let mut s = AppState::default();
    let before = s.clone();
    let e = s
        .set_utility(Matrix::parse("1,2;3,1e16").unwrap())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Utility matrix: row 2, cell 2: 1e16 is beyond ±10¹⁵, the largest utility supported."
    );
    assert_eq!(s, before);
}

// ---- metrics -----------------------------------------------------------------------------

#[test]
fn metrics_of_an_error_free_classifier_at_the_extremes_are_1() {
    // Was: F1 of 1e308,0;0,1 = Defined(NaN); MCC and κ 0.0000 (precision loss).
    assert!(ConfusionMatrix::parse("1e308,0;0,1", Orientation::OutputRows).is_err());
    for text in [
        "1e15,0;0,1",
        "1,0;0,1e-300",
        "1e15,0;0,1e-290",
        "1e15,0,0;0,1,0;0,0,1e-9",
    ] {
        let c = cm(text);
        for m in [Metric::F1, Metric::Mcc, Metric::Kappa, Metric::Accuracy] {
            let v = m.value(&c, None).unwrap().value().unwrap();
            assert!((v - 1.0).abs() < 1e-12, "{text}: {m:?} = {v}");
        }
    }
    let out = json(&[
        "eval",
        "--utility",
        "1,0;0,1",
        "--cm",
        "A=1e15,0;0,1",
        "--json",
    ]);
    let m = &out["classifiers"][0]["metrics"];
    assert_eq!((num(&m["mcc"]), num(&m["kappa"])), (1.0, 1.0));
}

#[test]
fn kappa_where_pd_equals_f1_with_subnormal_slopes_is_finite() {
    // Found by the fuzz driver (core): 2/|slope| overflowed and −∞ + ∞ made κ NaN.
    for (data, near) in [
        (vec![2.2250738585072014e-308, 189.0, 91.0, 0.0], None),
        (
            vec![2.2250738585072014e-308, 189.0, 91.0, 0.0],
            Some(vec![0.563557470420403, 0.4393651410423528]),
        ),
        (
            vec![
                879.0, 33.0, 162.0, 2.2e-308, 2.2e-308, 10.0, 123.0, 99.0, 164.0,
            ],
            None,
        ),
    ] {
        let n = if data.len() == 4 { 2 } else { 3 };
        let c =
            ConfusionMatrix::new(Matrix::new(n, n, data).unwrap(), Orientation::TrueRows).unwrap();
        let f1 = f1_of_macro_pr(&c).value().unwrap();
        let k = kappa_for_value(&c, f1, near.as_deref()).unwrap().unwrap();
        assert!(k.iter().all(|x| (0.0..=1.0).contains(x)), "{k:?}");
        assert!((PdLinear::of(&c).at(&k) - f1).abs() < 1e-9);
    }
}

#[test]
fn parameters_beyond_their_ranges_are_typed_errors() {
    let c = cm("27,15;23,35");
    assert!(metrics::f_beta(&c, 0, 1e200).is_err());
    assert!(metrics::net_benefit(&c, 1.0 - 1e-16).is_err());
    assert!(output_given_class(&c, 1e308).is_err());
    assert!(Binormal::new(52.0, 2.2250738585072014e-308).is_err());
    assert!(Binormal::new(1e7, 1.0).is_err());
    let line = fails(&["roc", "--binormal", "52,2.2250738585072014e-308"]);
    assert!(line.contains("10⁻⁶ ≤ b ≤ 10⁶"), "{line}");
    let u = UtilityMatrix::parse("1,0;0,1").unwrap();
    assert!(iso_utility_slope(&u, 1e-320).is_err());
    assert!((iso_utility_slope(&u, 1e-300).unwrap() - 1e300).abs() < 1e285);
}

#[test]
fn derived_matrices_stay_finite() {
    // A tiny class total used to overflow N / t_j.
    let c = cm("1,1e-300;0,1e-300");
    let r = reweight(&c, &[0.5, 0.5]).unwrap();
    assert!(r.counts().data().iter().all(|v| v.is_finite()));
    assert!((r.class_shares()[1] - 0.5).abs() < 1e-12);
    // Huge weights of uncertain utilities.
    let a = UtilityMatrix::parse("1,0;0,1").unwrap();
    let b = UtilityMatrix::parse("0,0;0,1").unwrap();
    let e = UtilityMatrix::expected(&[(f64::MAX, a), (f64::MAX, b)]).unwrap();
    assert_eq!(e.matrix().to_string(), "0.5,0;0,1");
    // ROC yields at the utility bound.
    let roc = Roc::from_scores(&[0.9, 0.1, 0.5], &[true, false, true]).unwrap();
    let u = UtilityMatrix::parse("1e15,-1e15;-1e15,1e15").unwrap();
    assert!(roc.yields(&u).unwrap().iter().all(|y| y.is_finite()));
}

// ---- bounded work ------------------------------------------------------------------------

#[test]
fn ulab_pd_work_is_bounded() {
    // Was: any number of classifiers × grid vectors (4·10⁶ × 120 classifiers: 6.3 s).
    let cms: Vec<String> = (0..5).map(|k| format!("C{k}=27,15;23,35")).collect();
    let mut args = vec!["pd"];
    for c in &cms {
        args.extend(["--cm", c.as_str()]);
    }
    args.extend(["--steps", "1000"]);
    let line = fails(&args);
    assert!(line.contains("values to compute"), "{line}");
}

#[test]
fn ulab_takes_at_most_50_classifiers() {
    let cms: Vec<String> = (0..51).map(|k| format!("C{k}=27,15;23,35")).collect();
    let mut args = vec!["eval", "--utility", "1,0;0,1"];
    for c in &cms {
        args.extend(["--cm", c.as_str()]);
    }
    assert_eq!(
        fails(&args),
        "ulab: --cm: 51 classifiers given, at most 50 supported"
    );
}

#[test]
fn matrix_cells_are_bounded() {
    // 100 classes: 10 classifiers fit in 10⁵ cells, an 11th does not.
    let mut s = AppState::default();
    s.resize_classes(100);
    assert_eq!(s.n(), 100);
    while s.classifiers().len() < 10 {
        s.add_classifier().unwrap();
    }
    assert_eq!(
        s.add_classifier().unwrap_err().to_string(),
        "11 classifiers of 100 classes would hold 110000 matrix cells, more than the 100000 \
         supported."
    );
    assert_eq!(s.classifiers().len() * 100 * 100, MAX_CELLS);
    // One more classifier, written into the state file by hand: refused while it is read.
    let mut doc: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    let list = doc["state"]["classifiers"].as_array_mut().unwrap();
    let mut extra = list[0].clone();
    extra["name"] = "K".into();
    list.push(extra);
    let e = AppState::from_json(&doc.to_string()).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "11 classifiers of 100 classes hold 110000 cells, more than the {MAX_CELLS} supported"
        )
    );
    // A class more is refused too.
    s.resize_classes(99);
    assert!(s.add_class().is_ok());
    assert!(s.add_class().is_err());
}

#[test]
fn worker_question_with_an_out_of_range_sigma_is_an_error() {
    // Found by the fuzz driver (worker): σ = 1e308 gave yields of null (∞).
    let request = r#"{"kind":"task","job":1,"task":2,"work":{"kind":"question","config":{"utility":{"m":{"rows":2,"cols":2,"data":[15.0,-335.0,-35.0,165.0]}},"classifiers":[{"values":{"rows":2,"cols":2,"data":[27.0,15.0,23.0,35.0]}}],"sigma":1e308,"alpha":1.0,"draws":10,"seed":1,"bins":40},"chunk":0}}"#;
    let answer = utility_lab::worker::handle_json(request);
    assert!(
        answer.contains(r#""kind":"error""#) && answer.contains("0 ≤ σ ≤ 1"),
        "{answer}"
    );
}

#[test]
fn docs_limits_lists_every_limit() {
    let doc = include_str!("../../docs/limits.md");
    let table = limits::readme_table();
    assert!(
        doc.contains(&table),
        "docs/limits.md's table differs from core::limits::LIMITS; paste:\n{table}"
    );
}

#[test]
fn scores_stay_defined_or_undefined_never_nan() {
    // The constructors' bounds hold through every metric (a property the fuzz driver checks
    // on 10⁵ random matrices per run; here the corners).
    for text in [
        "1e15,1e15;1e15,1e15",
        "5e-324,0;0,5e-324",
        "0,1e15;1e15,0",
        "0,0;0,1e-300",
    ] {
        let c = cm(text);
        for (m, s) in metrics::all_metrics(&c, None).unwrap() {
            if let Score::Defined(v) = s {
                assert!(v.is_finite(), "{text}: {m:?}");
            }
        }
    }
}

#[test]
fn scatter_with_a_tiny_class_share_is_finite() {
    // Found by the fuzz driver (worker): with p = 1e-320 the product of MCC's four sums
    // underflowed, MCC was undefined and the scatter held NaN (null in the worker's answer).
    let request = r#"{"kind":"task","job":2,"task":10,"work":{"kind":"scatter","balance":1e-320,"utility":[0.8759129312126862,0.8048315257697624,0.12731906459685793,0.9007256692394571],"points":397,"keep":61,"seed":4857005073306919918}}"#;
    let answer = utility_lab::worker::handle_json(request);
    assert!(answer.contains(r#""kind":"done""#), "{answer}");
    assert!(!answer.contains("null"), "{answer}");
    assert!(utility_lab::worker::parse_response(&answer).is_ok());
}

#[test]
fn a_scores_file_with_bare_cr_line_ends_is_read_line_by_line() {
    // Found by the fuzz driver (csv): with `\r` line ends the whole file was one line, read at
    // once as the header (0.7 s for 16 MB in the dev build, then refused).
    use utility_lab::state::roc::scores::parse_scores;
    let t = parse_scores("label,A\r1,0.9\r0,0.1\r1,0.7\r").unwrap();
    assert_eq!(t.rows(), 3);
    let runaway = format!("label,\"A\n{}", "1,0.5\n".repeat(50_000));
    let e = parse_scores(&runaway).unwrap_err();
    // Refused at once, naming the quote that runs on from line 1.
    assert_eq!(e.line(), Some(1));
    assert!(e.to_string().contains("quoted field is not closed"), "{e}");
}
