//! `ulab decide`, run as a program. Expected values are hand calculations (the lottery of
//! Dyrland et al. (draft), the factory of Dyrland et al. 2022), written out below.
#![cfg(not(target_arch = "wasm32"))]

use super::common::*;

// ---- probabilities ---------------------------------------------------------------------------

const LOTTERY: &str = "10,-1;0,0"; // Dyrland et al. (draft): buy / not-buy × win / lose

#[test]
fn lottery_buy_is_optimal_lose_is_most_probable() {
    let out = json(&[
        "decide",
        "--utility",
        LOTTERY,
        "--probabilities",
        "0.2,0.8",
        "--decisions",
        "buy,not-buy",
        "--classes",
        "win,lose",
        "--json",
    ]);
    // Ū_buy = 10·0.2 − 1·0.8 = 1.2; Ū_not-buy = 0.
    let eu = out["expected_utilities"].as_array().unwrap();
    assert!(close(num(&eu[0]), 1.2, 1e-12));
    assert_eq!(num(&eu[1]), 0.0);
    assert_eq!(out["optimal"], "buy");
    assert_eq!(out["tied"], serde_json::json!(["buy"]));
    assert_eq!(out["most_probable"], "lose");
    // Threshold (U11 − U01) / ((U00 − U10) + (U11 − U01)) = 1 / (10 + 1).
    assert_eq!(out["binary_rule"]["kind"], "at_or_above");
    assert!(close(
        num(&out["binary_rule"]["threshold"]),
        1.0 / 11.0,
        1e-15
    ));
    assert_eq!(out["binary_rule"]["decision"], "buy");

    let text = ok(&[
        "decide",
        "--utility",
        LOTTERY,
        "--probabilities",
        "0.2,0.8",
        "--decisions",
        "buy,not-buy",
        "--classes",
        "win,lose",
    ]);
    assert!(text.contains("Optimal decision: 'buy'"), "{text}");
    assert!(text.contains("Most probable class: 'lose'"), "{text}");
    assert!(text.contains("p(win) ≥ 0.0909"), "{text}");
}

#[test]
fn factory_threshold() {
    // (165 + 335) / ((15 + 35) + (165 + 335)) = 500 / 550
    let out = json(&[
        "decide",
        "--utility",
        "15,-335;-35,165",
        "--probabilities",
        "0.9,0.1",
        "--json",
    ]);
    assert!(close(
        num(&out["binary_rule"]["threshold"]),
        500.0 / 550.0,
        1e-15
    ));
    // p0 = 0.9 < 0.909: decide 1. Ū = (15·0.9 − 335·0.1, −35·0.9 + 165·0.1) = (−20, −15)
    assert_eq!(out["optimal"], "1");
    assert_eq!(out["most_probable"], "0");
    let eu = out["expected_utilities"].as_array().unwrap();
    assert!(close(num(&eu[0]), -20.0, 1e-12) && close(num(&eu[1]), -15.0, 1e-12));
}

#[test]
fn rectangular_refer_decision() {
    let out = json(&[
        "decide",
        "--utility",
        "1,0;0,1;0.8,0.8",
        "--probabilities",
        "0.55,0.45",
        "--decisions",
        "yes,no,refer",
        "--json",
    ]);
    let eu: Vec<f64> = out["expected_utilities"]
        .as_array()
        .unwrap()
        .iter()
        .map(num)
        .collect();
    assert!(close(eu[0], 0.55, 1e-12) && close(eu[1], 0.45, 1e-12) && close(eu[2], 0.8, 1e-12));
    assert_eq!(out["optimal"], "refer");
    assert_eq!(out["most_probable"], "0");
    assert!(out["binary_rule"].is_null());
}

#[test]
fn ties_are_listed() {
    let out = json(&[
        "decide",
        "--utility",
        "1,0;0,1",
        "--probabilities",
        "0.5,0.5",
        "--json",
    ]);
    assert_eq!(out["tied"], serde_json::json!(["0", "1"]));
    let text = ok(&[
        "decide",
        "--utility",
        "1,0;0,1",
        "--probabilities",
        "0.5,0.5",
    ]);
    assert!(
        text.contains("Optimal decisions (tied): '0', '1'"),
        "{text}"
    );
}

#[test]
fn three_classes_without_threshold() {
    let out = json(&[
        "decide",
        "--utility",
        "3,0,0;0,2,0;0,0,1",
        "--probabilities",
        "0.2,0.3,0.5",
        "--json",
    ]);
    // Ū = (0.6, 0.6, 0.5): decisions 0 and 1 tie.
    assert_eq!(out["tied"], serde_json::json!(["0", "1"]));
    assert_eq!(out["most_probable"], "2");
    assert!(out["binary_rule"].is_null());
}

// ---- label-only classifier -------------------------------------------------------------------

#[test]
fn factory_counts_remapped() {
    // Classifier A with α = 0: p(class 0 | output 0) = 27/42, so Ū(output 0) =
    // (15·27 − 335·15)/42 < (−35·27 + 165·15)/42: both outputs are best sent to line 1,
    // which yields −35·0.5 + 165·0.5 = 65 per item instead of the raw 3.5.
    let out = json(&[
        "decide",
        "--utility",
        "15,-335;-35,165",
        "--counts",
        "27,15;23,35",
        "--alpha",
        "0",
        "--json",
    ]);
    assert!(close(num(&out["raw_yield"]), 3.5, 1e-9));
    assert!(close(num(&out["remapped_yield"]), 65.0, 1e-9));
    let outputs = out["outputs"].as_array().unwrap();
    assert_eq!(outputs[0]["optimal"], "1");
    assert_eq!(outputs[1]["optimal"], "1");
    assert_eq!(outputs[0]["most_probable"], "0");
    assert!(close(num(&outputs[0]["probability"]), 0.42, 1e-12));
    let eu0: Vec<f64> = outputs[0]["expected_utilities"]
        .as_array()
        .unwrap()
        .iter()
        .map(num)
        .collect();
    assert!(close(eu0[0], (15.0 * 27.0 - 335.0 * 15.0) / 42.0, 1e-9));
    assert!(close(eu0[1], (-35.0 * 27.0 + 165.0 * 15.0) / 42.0, 1e-9));
    let text = ok(&[
        "decide",
        "--utility",
        "15,-335;-35,165",
        "--counts",
        "27,15;23,35",
        "--alpha",
        "0",
    ]);
    assert!(text.contains("Remapping the outputs '0' → '1'"), "{text}");
}

#[test]
fn pseudo_count_default_is_one() {
    let out = json(&[
        "decide",
        "--utility",
        "15,-335;-35,165",
        "--counts",
        "27,15;23,35",
        "--json",
    ]);
    assert_eq!(num(&out["alpha"]), 1.0);
    // p(o|c) = (M + 1)/(N_c + 2): p(0|0) = 28/52, p(0|1) = 16/52.
    let poc = &out["output_given_class"];
    assert!(close(num(&poc[0][0]), 28.0 / 52.0, 1e-15));
    assert!(close(num(&poc[0][1]), 16.0 / 52.0, 1e-15));
    assert!(close(num(&poc[1][1]), 36.0 / 52.0, 1e-15));
    // Equal base rates: p(0 | output 0) = 28 / (28 + 16).
    assert!(close(
        num(&out["class_given_output"][0][0]),
        28.0 / 44.0,
        1e-15
    ));
}

#[test]
fn base_rates_in_deployment() {
    // A screening test written rows = true class: 90 of 100 sick test positive, 50 of 1000
    // healthy do. Deployment base rate 1 %.
    let out = json(&[
        "decide",
        "--utility",
        "100,-10;-1000,0",
        "--counts",
        "90,10;50,950",
        "--orientation",
        "true-rows",
        "--prevalence",
        "0.01,0.99",
        "--classes",
        "sick,healthy",
        "--decisions",
        "treat,wait",
        "--json",
    ]);
    let p_pos_sick = 91.0 / 102.0; // (90 + 1) / (100 + 2)
    let p_pos_healthy = 51.0 / 1002.0; // (50 + 1) / (1000 + 2)
    let post = p_pos_sick * 0.01 / (p_pos_sick * 0.01 + p_pos_healthy * 0.99);
    assert!(close(num(&out["class_given_output"][0][0]), post, 1e-12));
    let o = &out["outputs"][0];
    assert_eq!(o["output"], "sick");
    assert_eq!(o["most_probable"], "healthy");
    // Ū(treat) = 100·post − 10·(1 − post) > Ū(wait) = −1000·post
    assert_eq!(o["optimal"], "treat");
}

#[test]
fn rectangular_counts() {
    // p(c | o) = 0.6 / 0.4 for both outputs (α = 0, equal classes): Ū = (0.6, 0.4, 0.9)
    // → refer for every output; raw yield 0.6, remapped 0.9.
    let out = json(&[
        "decide",
        "--utility",
        "1,0;0,1;0.9,0.9",
        "--counts",
        "6,4;4,6",
        "--alpha",
        "0",
        "--decisions",
        "a,b,refer",
        "--classes",
        "a,b",
        "--json",
    ]);
    assert!(close(num(&out["raw_yield"]), 0.6, 1e-12));
    assert!(close(num(&out["remapped_yield"]), 0.9, 1e-12));
    assert_eq!(out["outputs"][0]["optimal"], "refer");
    assert_eq!(out["outputs"][1]["optimal"], "refer");
}

#[test]
fn fractions_need_the_test_set_size() {
    // Classifier A of the factory as fractions of N = 100: with --n 100 the counts are
    // 0.27·100/1 = 27, … — the same answers as the counts themselves. With α = 1 (the default):
    // p(o|c) = (M + 1)/(N_c + 2) = (28, 24; 16, 36)/52 and π = (½, ½), so the raw yield is
    // ½·(15·28 − 335·16 − 35·24 + 165·36)/52 = 80/52; with α = 0 it is the test-set yield 3.5.
    let u = "15,-335;-35,165";
    let fractions = "0.27,0.15;0.23,0.35";
    // `ulab decide --utility U --counts M` with more arguments.
    let decide = |counts: &'static str, more: &[&'static str]| -> Vec<&'static str> {
        let mut v = vec!["decide", "--utility", u, "--counts", counts];
        v.extend_from_slice(more);
        v
    };
    for (alpha, raw) in [("1", 80.0 / 52.0), ("0", 3.5)] {
        let out = json(&decide(
            fractions,
            &["--n", "100", "--alpha", alpha, "--json"],
        ));
        let raw_yield = num(&out["raw_yield"]);
        assert!(close(raw_yield, raw, 1e-9), "α = {alpha}: {out}");
        let remapped = num(&out["remapped_yield"]);
        assert!(close(remapped, 65.0, 1e-9), "α = {alpha}: {out}");
        let counts = json(&decide("27,15;23,35", &["--alpha", alpha, "--json"]));
        for key in ["output_given_class", "class_given_output"] {
            let (a, b) = (&out[key], &counts[key]);
            for (i, j) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                assert!(close(num(&a[i][j]), num(&b[i][j]), 1e-12), "{key}: {out}");
            }
        }
    }
    // Fractions that do not sum to 1 are read relative to their sum: 2·A with N = 100.
    let out = json(&decide("0.54,0.3;0.46,0.7", &["--n", "100", "--json"]));
    assert!(close(num(&out["raw_yield"]), 80.0 / 52.0, 1e-9), "{out}");
    let text = ok(&decide(fractions, &["--n", "100"]));
    assert!(text.contains("N = 100 (--n"), "{text}");
    let raw_line = "Yield per item, raw (output o ↦ decision o):  1.5385";
    assert!(text.contains(raw_line), "{text}");
    // Whole counts with --n equal to their total are accepted as they are.
    let same = json(&decide("27,15;23,35", &["--n", "100", "--json"]));
    assert!(close(num(&same["raw_yield"]), 80.0 / 52.0, 1e-9));
}

#[test]
fn fractions_without_the_test_set_size_are_refused() {
    let u = "15,-335;-35,165";
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--counts", "0.27,0.15;0.23,0.35"],
            "--counts: the values are not whole numbers (0.27), so the test-set size is unknown: give it with --n N",
        ),
        (
            vec!["--counts", "0.27,0.15;0.23,0.35", "--alpha", "0"],
            "give it with --n N",
        ),
        (
            vec!["--counts", "27,15;23,35.5"],
            "--counts: the values are not whole numbers (35.5)",
        ),
        (
            vec!["--counts", "27,15;23,35", "--n", "200"],
            "--n: the counts are whole numbers with total 100, not 200",
        ),
        (vec!["--counts", "0.27,0.15;0.23,0.35", "--n", "0"], "--n"),
        (vec!["--counts", "0.27,0.15;0.23,0.35", "--n", "2.5"], "--n"),
        (vec!["--counts", "0.27,0.15;0.23,0.35", "--n", "-3"], "--n"),
        (
            vec!["--probabilities", "0.5,0.5", "--n", "100"],
            "--n applies to --counts only",
        ),
    ];
    each_fails_with(&["decide", "--utility", u], cases);
}

// ---- bad input ------------------------------------------------------------------------------

#[test]
fn bad_input_is_one_clear_line() {
    let u = "10,-1;0,0";
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--utility", u, "--probabilities", "0.2,0.7"],
            "--probabilities: the values sum to 0.9, not 1",
        ),
        (
            vec!["--utility", u, "--probabilities", "1"],
            "--probabilities: expected 2 values",
        ),
        (
            vec!["--utility", u, "--probabilities", "1.2,-0.2"],
            "value 2: -0.2 is negative",
        ),
        (
            vec!["--utility", u, "--probabilities", "NaN,1"],
            "'NaN' is not a number",
        ),
        (
            vec!["--utility", u, "--probabilities", "0.5,,0.5"],
            "value 2 is empty",
        ),
        (vec!["--utility", u], "--probabilities"),
        (
            vec![
                "--utility",
                u,
                "--probabilities",
                "0.5,0.5",
                "--counts",
                "1,2;3,4",
            ],
            "cannot be used with",
        ),
        (
            vec!["--utility", u, "--probabilities", "0.5,0.5", "--alpha", "2"],
            "--alpha",
        ),
        (
            vec!["--utility", u, "--counts", "1,2;3,4", "--alpha", "-1"],
            "--alpha: -1 is negative",
        ),
        (
            vec!["--utility", u, "--counts", "1,2;3,4", "--alpha", "nan"],
            "--alpha",
        ),
        (
            vec!["--utility", u, "--counts", "1,2,3;4,5,6;7,8,9"],
            "--counts: 3 classes",
        ),
        (
            vec!["--utility", u, "--counts", "1,2;-3,4"],
            "--counts: row 2, cell 1: -3 is negative",
        ),
        (
            vec!["--utility", u, "--counts", "0,2;0,4", "--alpha", "0"],
            "no case of class '0'",
        ),
        (
            vec![
                "--utility",
                u,
                "--counts",
                "1,2;3,4",
                "--prevalence",
                "0.3,0.3",
            ],
            "--prevalence: the values sum to 0.6",
        ),
        (
            vec!["--utility", u, "--counts", "1,2;3,4", "--orientation", "up"],
            "output-rows or true-rows",
        ),
        (
            vec!["--utility", "1,0,0;0,1,0", "--counts", "1,2,3;4,5,6;7,8,9"],
            "--utility: 2 rows (decisions) for 3 classes",
        ),
        (
            vec![
                "--utility",
                u,
                "--probabilities",
                "0.5,0.5",
                "--decisions",
                "a",
            ],
            "--decisions: 1 names given for 2",
        ),
        (
            vec![
                "--utility",
                u,
                "--probabilities",
                "0.5,0.5",
                "--classes",
                "a,,",
            ],
            "--classes",
        ),
        (
            vec!["--utility", "10,-1;x,0", "--probabilities", "0.5,0.5"],
            "--utility: row 2, cell 1: 'x' is not a number",
        ),
    ];
    each_fails_with(&["decide"], cases);
}

/// Runs `ulab` with `prefix` and each case's arguments: one line of error that contains the
/// case's text.
fn each_fails_with(prefix: &[&str], cases: Vec<(Vec<&str>, &str)>) {
    for (args, expected) in cases {
        let full: Vec<&str> = prefix.iter().chain(&args).copied().collect();
        let line = fails(&full);
        assert!(
            line.contains(expected),
            "ulab {full:?}: {line:?} should contain {expected:?}"
        );
    }
}

#[test]
fn help_has_examples() {
    let text = ok(&["decide", "--help"]);
    assert!(text.contains("ulab decide --utility '10,-1;0,0' --probabilities 0.2,0.8"));
    assert!(text.contains("--counts"));
    assert!(text.contains("--n <N>"), "{text}");
    assert!(
        text.contains("--counts '0.27,0.15;0.23,0.35' --n 100"),
        "{text}"
    );
}
