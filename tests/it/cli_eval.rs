//! `ulab eval`, run as a program. Expected values come from the papers (Table 1 and eqs. 3–6 of
//! Dyrland et al. 2022, Table 4 of Kozak et al. 2022) and from hand calculations written out below — never from the
//! core's own output.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;

use super::common::*;

// ---- data ------------------------------------------------------------------------------------

const FACTORY_U: &str = "15,-335;-35,165"; // Dyrland et al. 2022, eq. 4
const VARIANT_U: &str = "45,-335;-65,165"; // eq. 5
const MEDICAL_U: &str = "350,0;300,500"; // eq. 6
const A: &str = "A=27,15;23,35"; // eq. 1 as counts out of 100 (rows = output)
const B: &str = "B=43,18;7,32"; // eq. 2

fn classifier<'a>(out: &'a Value, name: &str) -> &'a Value {
    out["classifiers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no classifier {name}"))
}

fn metric(out: &Value, name: &str, key: &str) -> f64 {
    num(&classifier(out, name)["metrics"][key])
}

fn ranking(out: &Value) -> Vec<String> {
    out["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

// ---- the factory story --------------------------------------------------------------------

#[test]
fn factory_yields_and_table_1() {
    let out = json(&[
        "eval",
        "--utility",
        FACTORY_U,
        "--cm",
        A,
        "--cm",
        B,
        "--json",
    ]);
    // eq. 3: 3.5 €/component and −3.5 €/component
    assert!(close(num(&classifier(&out, "A")["yield"]), 3.5, 1e-9));
    assert!(close(num(&classifier(&out, "B")["yield"]), -3.5, 1e-9));
    assert_eq!(ranking(&out), ["A", "B"]);
    // Table 1 of Dyrland et al. 2022, at the paper's 2 decimals.
    let table1: [(&str, &str, &str); 8] = [
        ("accuracy", "0.62", "0.75"),
        ("balanced_accuracy", "0.62", "0.75"), // "Accuracy (also balanced accuracy)"
        ("precision", "0.64", "0.70"),
        ("f1", "0.59", "0.77"),
        ("mcc", "0.24", "0.51"),
        ("fowlkes_mallows", "0.59", "0.78"),
        ("recall", "0.54", "0.86"),
        ("specificity", "0.70", "0.64"),
    ];
    for (key, a, b) in table1 {
        assert_eq!(format!("{:.2}", metric(&out, "A", key)), a, "A {key}");
        assert_eq!(format!("{:.2}", metric(&out, "B", key)), b, "B {key}");
    }
}

#[test]
fn factory_metrics_match_hand_formulas() {
    let out = json(&[
        "eval",
        "--utility",
        FACTORY_U,
        "--cm",
        A,
        "--cm",
        B,
        "--json",
    ]);
    // A: TP 27, FP 15, FN 23, TN 35.
    let (tp, fp, fneg, tn) = (27.0f64, 15.0f64, 23.0f64, 35.0f64);
    let p = tp / (tp + fp);
    let r = tp / (tp + fneg);
    let hand = [
        ("accuracy", (tp + tn) / 100.0),
        ("precision", p),
        ("recall", r),
        ("specificity", tn / (tn + fp)),
        ("f1", 2.0 * tp / (2.0 * tp + fp + fneg)),
        (
            "mcc",
            (tp * tn - fp * fneg) / ((tp + fp) * (tp + fneg) * (tn + fp) * (tn + fneg)).sqrt(),
        ),
        ("fowlkes_mallows", (p * r).sqrt()),
        // p_o = 0.62, p_e = 0.42·0.5 + 0.58·0.5 = 0.5
        ("kappa", (0.62 - 0.5) / (1.0 - 0.5)),
        // default κ = class shares (0.5, 0.5): (1/2)·Σ_k 0.5·P_k + 0.5·R_k
        (
            "preference_driven",
            0.5 * (0.5 * p + 0.5 * r + 0.5 * (35.0 / 58.0) + 0.5 * (35.0 / 50.0)),
        ),
    ];
    for (key, v) in hand {
        assert!(
            close(metric(&out, "A", key), v, 1e-12),
            "A {key}: {} vs {v}",
            metric(&out, "A", key)
        );
    }
    // B: p_o = 0.75, p_e = 0.61·0.5 + 0.39·0.5 = 0.5
    assert!(close(metric(&out, "B", "kappa"), 0.5, 1e-12));
}

#[test]
fn variant_utilities_rank_b_first() {
    let out = json(&[
        "eval",
        "--utility",
        VARIANT_U,
        "--cm",
        A,
        "--cm",
        B,
        "--json",
    ]);
    assert!(close(num(&classifier(&out, "A")["yield"]), 4.7, 1e-9));
    assert!(close(num(&classifier(&out, "B")["yield"]), 7.3, 1e-9));
    assert_eq!(ranking(&out), ["B", "A"]);
}

#[test]
fn medical_utilities_are_the_factory_shifted_by_335() {
    let out = json(&[
        "eval",
        "--utility",
        MEDICAL_U,
        "--cm",
        A,
        "--cm",
        B,
        "--json",
    ]);
    // 350·0.27 + 300·0.23 + 500·0.35 = 338.5; 350·0.43 + 300·0.07 + 500·0.32 = 331.5
    assert!(close(num(&classifier(&out, "A")["yield"]), 338.5, 1e-9));
    assert!(close(num(&classifier(&out, "B")["yield"]), 331.5, 1e-9));
    assert_eq!(ranking(&out), ["A", "B"]);
}

#[test]
fn true_rows_orientation_gives_identical_json() {
    let given = ok(&[
        "eval",
        "--utility",
        FACTORY_U,
        "--cm",
        A,
        "--cm",
        B,
        "--json",
    ]);
    let transposed = ok(&[
        "eval",
        "--utility",
        FACTORY_U,
        "--orientation",
        "true-rows",
        "--cm",
        "A=27,23;15,35",
        "--cm",
        "B=43,7;18,32",
        "--json",
    ]);
    assert_eq!(given, transposed);
}

#[test]
fn json_has_exactly_the_specified_keys() {
    let out = json(&[
        "eval",
        "--utility",
        FACTORY_U,
        "--cm",
        A,
        "--cm",
        B,
        "--json",
    ]);
    let keys = |v: &Value| -> Vec<String> {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(keys(&out), ["classifiers", "ranking"]);
    let mut metric_keys = vec![
        "accuracy",
        "balanced_accuracy",
        "precision",
        "recall",
        "specificity",
        "f1",
        "mcc",
        "fowlkes_mallows",
        "kappa",
        "preference_driven",
    ];
    metric_keys.sort();
    let classifiers = out["classifiers"].as_array().unwrap();
    assert_eq!(classifiers.len(), 2);
    assert_eq!(classifiers[0]["name"], "A"); // order kept
    for c in classifiers {
        assert_eq!(keys(c), ["metrics", "name", "yield"]);
        assert_eq!(keys(&c["metrics"]), metric_keys);
    }
}

#[test]
fn undefined_metrics_are_null() {
    // "never" never outputs class 0: its precision is 0/0.
    let out = json(&[
        "eval",
        "--utility",
        "1,0;0,1",
        "--cm",
        "never=0,0;5,5",
        "--cm",
        "ok=3,1;2,4",
        "--json",
    ]);
    let never = &classifier(&out, "never")["metrics"];
    assert!(never["precision"].is_null());
    assert!(never["fowlkes_mallows"].is_null());
    assert!(never["mcc"].is_null()); // an output row is all zero
    assert_eq!(num(&never["recall"]), 0.0);
    assert_eq!(num(&never["f1"]), 0.0); // 2·0 / (0 + 0 + 5)
    assert_eq!(num(&never["accuracy"]), 0.5);
    assert!(close(metric(&out, "ok", "precision"), 0.75, 1e-12));
    assert_eq!(ranking(&out), ["ok", "never"]);
}

#[test]
fn human_output_tells_the_story() {
    let text = ok(&["eval", "--utility", FACTORY_U, "--cm", A, "--cm", B]);
    assert!(
        text.contains("Ranking by utility yield: 1. A (3.5), 2. B (-3.5)"),
        "{text}"
    );
    // 10 of the 11 metrics (all but specificity) favour B.
    assert!(text.contains("Most metrics (10 of 11) favour B"), "{text}");
    // Trivial classifiers: 15·0.5 − 335·0.5 = −160; −35·0.5 + 165·0.5 = 65.
    assert!(text.contains("always '0': -160; always '1': 65"), "{text}");
    assert!(text.contains("350 (N=100)")); // total over the 100 items
    let acc = text
        .lines()
        .find(|l| l.trim_start().starts_with("Accuracy"))
        .unwrap();
    assert!(
        acc.contains("0.6200") && acc.contains("0.7500 *") && acc.contains("yes"),
        "{acc}"
    );
    let f1 = text
        .lines()
        .find(|l| l.trim_start().starts_with("F1"))
        .unwrap();
    assert!(f1.contains("0.7748 *") && f1.ends_with("no"), "{f1}");
    let tnr = text
        .lines()
        .find(|l| l.trim_start().starts_with("Specificity"))
        .unwrap();
    assert!(
        tnr.contains("0.7000 *") && tnr.contains("U = 0,0;0,1"),
        "{tnr}"
    );

    // The variant: the yield agrees with most metrics, so no such sentence.
    let text = ok(&["eval", "--utility", VARIANT_U, "--cm", A, "--cm", B]);
    assert!(!text.contains("Most metrics"), "{text}");
}

#[test]
fn undefined_shows_a_dash_and_the_reason() {
    let text = ok(&[
        "eval",
        "--utility",
        "1,0;0,1",
        "--cm",
        "never=0,0;5,5",
        "--cm",
        "ok=3,1;2,4",
        "--classes",
        "spam,ham",
    ]);
    let prec = text
        .lines()
        .find(|l| l.trim_start().starts_with("Precision"))
        .unwrap();
    assert!(prec.contains('—'), "{prec}");
    assert!(text.contains("never outputs 'spam'"), "{text}");
    assert!(text.contains("class 'spam' is \"positive\""), "{text}");
}

#[test]
fn prevalence_reweights_before_everything() {
    // The lottery of Dyrland et al. (draft), §2.5 (buy/not-buy × win/lose): always buying on a 50/50 test set
    // yields 10·0.5 − 1·0.5 = 4.5; with 1 % winners, 10·0.01 − 0.99 = −0.89.
    let base = ["eval", "--utility", "10,-1;0,0", "--cm", "buy=50,50;0,0"];
    let out = json(&[&base[..], &["--json"]].concat());
    assert!(close(num(&classifier(&out, "buy")["yield"]), 4.5, 1e-12));
    let out = json(&[&base[..], &["--prevalence", "0.01,0.99", "--json"]].concat());
    assert!(close(num(&classifier(&out, "buy")["yield"]), -0.89, 1e-12));
    // precision under π: 0.01 / (0.01 + 0.99)
    assert!(close(metric(&out, "buy", "precision"), 0.01, 1e-12));
    let text = ok(&[&base[..], &["--prevalence", "0.01,0.99"]].concat());
    assert!(text.contains("re-weighted"), "{text}");
}

#[test]
fn three_classes_table_4_of_kozak_2022() {
    let out = json(&[
        "eval",
        "--utility",
        "1,0,0;0,1,0;0,0,1",
        "--orientation",
        "true-rows",
        "--cm",
        "T4=40,7,3;8,10,2;9,1,20",
        "--json",
    ]);
    assert!(close(metric(&out, "T4", "preference_driven"), 0.656, 5e-4));
    assert!(close(metric(&out, "T4", "accuracy"), 0.70, 1e-12));
    // Identity utilities: the yield is the accuracy.
    assert!(close(num(&classifier(&out, "T4")["yield"]), 0.70, 1e-12));
    // Macro precision: outputs 57, 18, 25 with 40, 10, 20 correct.
    let mp = (40.0 / 57.0 + 10.0 / 18.0 + 20.0 / 25.0) / 3.0;
    assert!(close(metric(&out, "T4", "precision"), mp, 1e-12));
    // R_K: s = 100, trace 70, output totals (57, 18, 25), true totals (50, 20, 30).
    let rk = (100.0 * 70.0 - (57.0 * 50.0 + 18.0 * 20.0 + 25.0 * 30.0))
        / ((10000.0f64 - (57.0 * 57.0 + 18.0 * 18.0 + 25.0 * 25.0)).sqrt()
            * (10000.0f64 - (50.0 * 50.0 + 20.0 * 20.0 + 30.0 * 30.0)).sqrt());
    assert!(close(metric(&out, "T4", "mcc"), rk, 1e-12));
}

#[test]
fn kappa_option_sets_the_preference_vector() {
    // κ = (1, 1): p-d is the macro precision; κ = (0, 0): the macro recall.
    let out = json(&[
        "eval",
        "--utility",
        FACTORY_U,
        "--cm",
        A,
        "--kappa",
        "1,1",
        "--json",
    ]);
    assert!(close(
        metric(&out, "A", "preference_driven"),
        (27.0 / 42.0 + 35.0 / 58.0) / 2.0,
        1e-12
    ));
    let out = json(&[
        "eval",
        "--utility",
        FACTORY_U,
        "--cm",
        A,
        "--kappa",
        "0,0",
        "--json",
    ]);
    assert!(close(
        metric(&out, "A", "preference_driven"),
        (0.54 + 0.70) / 2.0,
        1e-12
    ));
}

#[test]
fn rectangular_utility_with_a_refer_decision() {
    // A third decision that no classifier outputs: yields use rows 0 and 1 only; the trivial
    // "always refer" is shown as a reference.
    let out = json(&["eval", "--utility", "1,0;0,1;0.9,0.9", "--cm", A, "--json"]);
    assert!(close(num(&classifier(&out, "A")["yield"]), 0.62, 1e-12));
    let text = ok(&["eval", "--utility", "1,0;0,1;0.9,0.9", "--cm", A]);
    assert!(text.contains("always 'decision 2': 0.9"), "{text}");
}

#[test]
fn matrices_from_files_and_stdin() {
    let dir = std::env::temp_dir().join(format!("ulab-cli-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a.tsv");
    std::fs::write(&path, "27\t15\n23\t35\n").unwrap();
    let arg = format!("A=@{}", path.display());
    let args = [
        "eval",
        "--utility",
        FACTORY_U,
        "--cm",
        &arg,
        "--cm",
        "B=@-",
        "--json",
    ];
    let out = ulab_stdin(&args, "43,18\n7,32\n");
    let out: Value = serde_json::from_str(&text_of(&out, &args)).unwrap();
    assert!(close(num(&classifier(&out, "A")["yield"]), 3.5, 1e-9));
    assert!(close(num(&classifier(&out, "B")["yield"]), -3.5, 1e-9));
    std::fs::remove_dir_all(&dir).ok();
}

/// A deterministic pseudo-random generator for test data (64-bit LCG).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn fifty_classes_evaluate() {
    let n = 50;
    let mut rng = Lcg(7);
    let mut cells = vec![vec![0u64; n]; n];
    for (i, row) in cells.iter_mut().enumerate() {
        for (j, c) in row.iter_mut().enumerate() {
            *c = rng.next() % 20 + if i == j { 40 } else { 0 };
        }
    }
    let cm: String = cells
        .iter()
        .map(|r| {
            r.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";");
    let id: String = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| if i == j { "1" } else { "0" })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";");
    let arg = format!("R={cm}");
    let out = json(&["eval", "--utility", &id, "--cm", &arg, "--json"]);
    let total: u64 = cells.iter().flatten().sum();
    let trace: u64 = (0..n).map(|i| cells[i][i]).sum();
    let acc = trace as f64 / total as f64;
    assert!(close(metric(&out, "R", "accuracy"), acc, 1e-12));
    assert!(close(num(&classifier(&out, "R")["yield"]), acc, 1e-12));
    for key in [
        "precision",
        "recall",
        "f1",
        "mcc",
        "kappa",
        "preference_driven",
    ] {
        let v = metric(&out, "R", key);
        assert!(v.is_finite() && v > 0.0 && v < 1.0, "{key} = {v}");
    }
    let text = ok(&["eval", "--utility", &id, "--cm", &arg]);
    assert!(text.contains("Matthews correlation (R_K)"));
}

#[test]
fn huge_counts_keep_metrics_finite() {
    // Counts up to 10¹⁵ (the bound of core::limits) keep every metric exact: they are
    // computed on the normalized matrix.
    let out = json(&[
        "eval",
        "--utility",
        FACTORY_U,
        "--cm",
        "A=27e13,15e13;23e13,35e13",
        "--json",
    ]);
    assert_eq!(format!("{:.4}", metric(&out, "A", "mcc")), "0.2431");
    assert!(close(num(&classifier(&out, "A")["yield"]), 3.5, 1e-9));
    // Beyond it, the count is refused with its cell named.
    let line = fails(&[
        "eval",
        "--utility",
        FACTORY_U,
        "--cm",
        "A=27e200,15e200;23e200,35e200",
    ]);
    assert_eq!(
        line,
        "ulab: --cm A: row 1, cell 1: 2.7e201 is beyond 10¹⁵, the largest count supported"
    );
}

// ---- bad input: one line on stderr, exit 2, nothing on stdout ------------------------------

#[test]
fn bad_input_is_one_clear_line() {
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--utility", FACTORY_U, "--cm", "A=27,15;x,35"],
            "--cm A: row 2, cell 1: 'x' is not a number",
        ),
        (
            vec!["--utility", "15,-335;-35,y", "--cm", A],
            "--utility: row 2, cell 2: 'y' is not a number",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", "A=1,2,3;4,5,6;7,8,9"],
            "--cm A: 3 classes",
        ),
        (
            vec![
                "--utility",
                FACTORY_U,
                "--cm",
                A,
                "--cm",
                "C=1,2,3;4,5,6;7,8,9",
            ],
            "--cm C: 3 classes",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", "A=1,2,3;4,5,6"],
            "must be square",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", "A=1,2;3"],
            "row 2 has 1 cells",
        ),
        (
            vec![
                "--utility",
                FACTORY_U,
                "--cm",
                A,
                "--orientation",
                "sideways",
            ],
            "output-rows or true-rows",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", "A=27,15;-23,35"],
            "--cm A: row 2, cell 1: -23 is negative",
        ),
        (
            vec![
                "--utility",
                FACTORY_U,
                "--cm",
                "A=27,15;-23,35",
                "--orientation",
                "true-rows",
            ],
            "--cm A: row 2, cell 1: -23 is negative", // the position as typed
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", A, "--kappa", "0.5"],
            "--kappa: expected 2 values",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", A, "--kappa", "0.5,1.5"],
            "--kappa: value 2",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", A, "--prevalence", "0.5,0.4"],
            "--prevalence: the values sum to 0.9, not 1",
        ),
        (
            vec![
                "--utility",
                FACTORY_U,
                "--cm",
                A,
                "--prevalence",
                "1.5,-0.5",
            ],
            "--prevalence: value 2: -0.5 is negative",
        ),
        (
            vec![
                "--utility",
                FACTORY_U,
                "--cm",
                A,
                "--prevalence",
                "0.5,0.5,0",
            ],
            "--prevalence: expected 2 values",
        ),
        (
            vec![
                "--utility",
                FACTORY_U,
                "--cm",
                "A=0,5;0,5",
                "--prevalence",
                "0.5,0.5",
            ],
            "no case of class '0'",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", "A=@/nonexistent/ulab/m.csv"],
            "--cm A: /nonexistent/ulab/m.csv: cannot open",
        ),
        (
            vec!["--utility", "NaN,1;1,1", "--cm", A],
            "'NaN' is not a number",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", "A=inf,1;1,1"],
            "'inf' is not a number",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", "A=1e999,1;1,1"],
            "is not a number",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", "A=1e308,1e308;1e308,1e308"],
            "too large",
        ),
        (
            vec![
                "--utility",
                "1e308,-1e308;-1e308,1e308",
                "--cm",
                "A=1,2;3,4",
            ],
            "--utility: row 1, cell 1: 1e308 is beyond ±10¹⁵",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", "A=0,0;0,0"],
            "all counts are zero",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", "A="],
            "--cm A: the matrix is empty",
        ),
        (
            vec!["--utility", "", "--cm", A],
            "--utility: the matrix is empty",
        ),
        (
            vec!["--utility", "1,2", "--cm", A],
            "--utility: decisions (rows): 1 given",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", "27,15;23,35"],
            "expected NAME=MATRIX",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", "=27,15;23,35"],
            "name (before '=') is empty",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", A, "--cm", "A=1,1;1,1"],
            "--cm A: the name is given twice",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", A, "--classes", "x"],
            "--classes: 1 names given for 2 classes",
        ),
        (
            vec!["--utility", FACTORY_U, "--cm", A, "--classes", "x,x"],
            "given twice",
        ),
        (vec!["--utility", FACTORY_U], "--cm"),
        (vec!["--cm", A], "--utility"),
        (
            vec!["--utility", FACTORY_U, "--cm", A, "--bogus"],
            "--bogus",
        ),
    ];
    for (args, expected) in cases {
        let full: Vec<&str> = std::iter::once("eval")
            .chain(args.iter().copied())
            .collect();
        let line = fails(&full);
        assert!(
            line.contains(expected),
            "ulab {full:?}: {line:?} should contain {expected:?}"
        );
    }
}

#[test]
fn garbage_never_panics() {
    let long = "9".repeat(100_000);
    let wide = vec!["1"; 300].join(",");
    let big_n = (0..150)
        .map(|_| vec!["1"; 150].join(","))
        .collect::<Vec<_>>()
        .join(";");
    let garbage = [
        ";;;",
        ",,,",
        "1,2;3,4;",
        "ünïcödé",
        long.as_str(),
        wide.as_str(),
        big_n.as_str(),
        "-",
        "1;2",
        "0x10,1;1,1",
        "1_000,1;1,1",
    ];
    for g in garbage {
        let cm = format!("G={g}");
        for args in [
            vec!["eval", "--utility", g, "--cm", A],
            vec!["eval", "--utility", FACTORY_U, "--cm", cm.as_str()],
            vec!["eval", "--utility", FACTORY_U, "--cm", A, "--kappa", g],
            vec!["eval", "--utility", FACTORY_U, "--cm", A, "--prevalence", g],
        ] {
            let out = ulab(&args);
            let code = out.status.code();
            assert!(
                code == Some(0) || code == Some(2),
                "{:?}: {code:?}",
                &args[..3]
            );
            if code == Some(2) {
                fails_out(&out, &args);
            }
        }
    }
}

#[test]
fn help_has_examples() {
    let text = ok(&["eval", "--help"]);
    assert!(text.contains(
        "ulab eval --utility '15,-335;-35,165' --cm A='27,15;23,35' --cm B='43,18;7,32'"
    ));
    assert!(text.contains("--orientation"));
    assert!(text.contains("deployment"));
}
