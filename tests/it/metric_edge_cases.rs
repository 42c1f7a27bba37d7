//! Edge cases of the metrics: why a value is undefined (the reason must say what happened, since
//! the app shows it as the tooltip of "—"), and precision on normalized matrices whose cells
//! differ by many orders of magnitude. Expected values are hand calculations written out below.

use utility_lab::core::metrics::{self, Metric};
use utility_lab::core::pd::f1_of_macro_pr;
use utility_lab::core::{ConfusionMatrix, Orientation, Score, Undefined};

fn cm(text: &str) -> ConfusionMatrix {
    ConfusionMatrix::parse(text, Orientation::OutputRows).unwrap()
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

// ---- R_K (multi-class MCC) ---------------------------------------------------------------------

#[test]
fn rk_with_an_output_never_used_is_defined() {
    // Three classes, output 2 never used (an all-zero row): s = 17, trace = 11, output totals
    // r = (8, 9, 0), true totals t = (7, 9, 1), Σ r_k t_k = 137:
    // R_K = (17·11 − 137) / (√(17² − (64 + 81)) · √(17² − (49 + 81 + 1))) = 50 / (12·√158).
    let c = cm("5,3,0;2,6,1;0,0,0");
    let rk = metrics::mcc(&c).value().expect("R_K is defined");
    assert!((rk - 50.0 / (12.0 * 158f64.sqrt())).abs() < 1e-14, "{rk}");
    // Also with a class absent from the test set (an all-zero column): t = (7, 10, 0).
    let c = cm("5,3,0;2,7,0;0,0,0");
    // s = 17, trace 12, r = (8, 9, 0), Σ r t = 56 + 90 = 146; 17² − 145 = 144, 17² − 149 = 140.
    let rk = metrics::mcc(&c).value().expect("R_K is defined");
    assert!((rk - (17.0 * 12.0 - 146.0) / (12.0 * 140f64.sqrt())).abs() < 1e-14);
}

#[test]
fn rk_undefined_says_the_classifier_has_one_output() {
    // Only output 1 is used: Σ_k r_k² = s², the first factor of the denominator is 0.
    let c = cm("0,0,0;4,5,6;0,0,0");
    let why = metrics::mcc(&c).undefined().expect("undefined");
    assert_eq!(why, Undefined::AlwaysOutput { class: 1 });
    let text = why.describe(&names(&["a", "b", "c"]));
    assert_eq!(
        text,
        "undefined (0/0): the classifier outputs 'b' for every case"
    );
    assert_eq!(
        Metric::Mcc.value(&c, None).unwrap().undefined(),
        Some(Undefined::AlwaysOutput { class: 1 })
    );
    // Two classes: one all-zero row is the same thing.
    let c = cm("5,5;0,0");
    assert_eq!(
        metrics::mcc(&c).undefined(),
        Some(Undefined::AlwaysOutput { class: 0 })
    );
}

#[test]
fn rk_undefined_says_the_test_set_has_one_class() {
    let c = cm("0,3,0;0,5,0;0,2,0");
    let why = metrics::mcc(&c).undefined().expect("undefined");
    assert_eq!(why, Undefined::OnlyCases { class: 1 });
    assert_eq!(
        why.describe(&names(&["a", "b", "c"])),
        "undefined (0/0): every case in the test set is 'b'"
    );
}

// ---- F1 ---------------------------------------------------------------------------------------

#[test]
fn f1_of_a_class_neither_present_nor_output_says_so() {
    // Class 2 has no case and is never output: TP + FP + FN = 0.
    let c = cm("5,3,0;2,6,0;0,0,0");
    let why = metrics::f1(&c, 2).undefined().expect("undefined");
    assert_eq!(why, Undefined::Absent { class: 2 });
    assert_eq!(
        why.describe(&names(&["a", "b", "c"])),
        "undefined (0/0): the test set has no case of 'c' and the classifier never outputs it"
    );
    // A class with no case that is output has F1 = 0, not undefined: "no case" alone is not
    // the reason.
    let c = cm("5,3,1;2,6,0;0,0,0");
    assert_eq!(metrics::f1(&c, 2).value(), Some(0.0));
}

#[test]
fn f1_of_macro_pr_undefined_when_nothing_is_right() {
    // Every precision and recall is 0 (and defined): 2·P·R / (P + R) = 0/0.
    let c = cm("0,5;5,0");
    assert_eq!(
        metrics::macro_average(&c, metrics::precision).value(),
        Some(0.0)
    );
    let why = f1_of_macro_pr(&c).undefined().expect("undefined");
    assert_eq!(why, Undefined::NoneCorrect);
    let text = why.describe(&[]);
    assert_eq!(
        text,
        "undefined (0/0): the classifier gets no case right, so macro precision and macro \
         recall are both 0"
    );
    // The mean of per-class F1 is then defined: every F1_k = 0.
    assert_eq!(Metric::F1.value(&c, None).unwrap(), Score::Defined(0.0));
}

// ---- precision on normalized matrices ---------------------------------------------------------

#[test]
fn specificity_and_npv_sum_the_cells() {
    // Output-rows cells: TP = 0.3, FP = 1e-17, FN = 0.7, TN = 1e-17 (class 0 positive). The
    // total rounds to 1, so total − row − col + TP loses TN and TN + FP entirely.
    let c = cm("0.3,1e-17;0.7,1e-17");
    // TN / (TN + FP) = 1e-17 / 2e-17
    let spec = metrics::specificity(&c, 0).value().expect("defined");
    assert!((spec - 0.5).abs() < 1e-15, "{spec}");
    // TN / (TN + FN) = 1e-17 / (0.7 + 1e-17)
    let npv = metrics::npv(&c, 0).value().expect("defined");
    let exact = 1e-17 / (0.7 + 1e-17);
    assert!((npv - exact).abs() < 1e-15 * exact, "{npv} vs {exact}");
    assert_eq!(
        Metric::Specificity.value(&c, None).unwrap().value(),
        Some(spec)
    );

    // Three classes: the cells outside row 0 and column 0 are tiny.
    let c = cm("0.5,1e-17,2e-17;0.25,3e-17,0;0.25,0,4e-17");
    // TN_0 = 3e-17 + 4e-17 (+ 0 + 0); FP_0 = 1e-17 + 2e-17.
    let spec = metrics::specificity(&c, 0).value().expect("defined");
    let exact = (3e-17 + 4e-17) / (3e-17 + 4e-17 + 1e-17 + 2e-17);
    assert!((spec - exact).abs() < 1e-15, "{spec} vs {exact}");
    // TN_0 + FN_0 = 7e-17 + 0.5
    let npv = metrics::npv(&c, 0).value().expect("defined");
    let exact = 7e-17 / (7e-17 + 0.5);
    assert!((npv - exact).abs() < 1e-15 * exact, "{npv} vs {exact}");
}
