//! `ulab pd`, run as a program. Expected values are the worked example of Kozak et al. 2022 (Table 4,
//! 0.656) and hand calculations of eq. 30 written out below.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;

use super::common::*;

// ---- data ------------------------------------------------------------------------------------

const A: &str = "A=27,15;23,35"; // Dyrland et al. 2022, eq. 1 (rows = output)
const B: &str = "B=43,18;7,32"; // eq. 2

// Per-class precision and recall of A and B, by hand (rows = output, columns = true class).
const A_P: [f64; 2] = [27.0 / 42.0, 35.0 / 58.0];
const A_R: [f64; 2] = [27.0 / 50.0, 35.0 / 50.0];
const B_P: [f64; 2] = [43.0 / 61.0, 32.0 / 39.0];
const B_R: [f64; 2] = [43.0 / 50.0, 32.0 / 50.0];

/// p-d by eq. 30 of Kozak et al. 2022.
fn pd(p: &[f64], r: &[f64], k: &[f64]) -> f64 {
    let c = p.len() as f64;
    (0..p.len())
        .map(|i| k[i] * p[i] + (1.0 - k[i]) * r[i])
        .sum::<f64>()
        / c
}

fn classifier<'a>(out: &'a Value, name: &str) -> &'a Value {
    out["classifiers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no classifier {name}"))
}

fn vector(v: &Value) -> Vec<f64> {
    v.as_array().unwrap().iter().map(num).collect()
}

// ---- tests -----------------------------------------------------------------------------------

#[test]
fn worked_example_of_kozak_2022() {
    // Table 4 of Kozak et al. 2022 (rows = true class), default κ = [0.5, 0.2, 0.3]: p-d = 0.656.
    let out = json(&[
        "pd",
        "--cm",
        "T4=40,7,3;8,10,2;9,1,20",
        "--orientation",
        "true-rows",
        "--json",
    ]);
    let t4 = classifier(&out, "T4");
    assert!(close(num(&t4["preference_driven"]), 0.656, 5e-4));
    let k = vector(&t4["kappa"]);
    assert!(close(k[0], 0.5, 1e-15) && close(k[1], 0.2, 1e-15) && close(k[2], 0.3, 1e-15));
    assert!(t4["heatmap"].is_null()); // three classes: no heatmap
    let text = ok(&[
        "pd",
        "--cm",
        "T4=40,7,3;8,10,2;9,1,20",
        "--orientation",
        "true-rows",
    ]);
    assert!(text.contains("0.6562"), "{text}");
}

#[test]
fn given_kappa() {
    let out = json(&["pd", "--cm", A, "--cm", B, "--kappa", "0.2,0.6", "--json"]);
    let k = [0.2, 0.6];
    assert!(close(
        num(&classifier(&out, "A")["preference_driven"]),
        pd(&A_P, &A_R, &k),
        1e-12
    ));
    assert!(close(
        num(&classifier(&out, "B")["preference_driven"]),
        pd(&B_P, &B_R, &k),
        1e-12
    ));
}

#[test]
fn heatmap_corners() {
    let out = json(&["pd", "--cm", A, "--json"]);
    let h = &classifier(&out, "A")["heatmap"];
    assert_eq!(h.as_array().unwrap().len(), 11);
    assert_eq!(h[0].as_array().unwrap().len(), 11);
    // Row i = κ of class 0, column j = κ of class 1.
    assert!(close(num(&h[0][0]), pd(&A_P, &A_R, &[0.0, 0.0]), 1e-12)); // macro recall 0.62
    assert!(close(num(&h[0][0]), 0.62, 1e-12));
    assert!(close(num(&h[10][10]), (A_P[0] + A_P[1]) / 2.0, 1e-12)); // macro precision
    assert!(close(num(&h[10][0]), (A_P[0] + A_R[1]) / 2.0, 1e-12));
    assert!(close(num(&h[3][7]), pd(&A_P, &A_R, &[0.3, 0.7]), 1e-12));
    let text = ok(&["pd", "--cm", A]);
    assert!(text.contains("p-d of A over κ"), "{text}");
}

#[test]
fn kappa_for_f1() {
    // F1 of Kozak et al. 2022 = harmonic mean of macro precision and macro recall.
    let out = json(&["pd", "--cm", B, "--json"]);
    let b = classifier(&out, "B");
    let mp = (B_P[0] + B_P[1]) / 2.0;
    let mr = (B_R[0] + B_R[1]) / 2.0;
    let f1 = 2.0 * mp * mr / (mp + mr);
    assert!(close(num(&b["f1_macro_pr"]), f1, 1e-12));
    assert!(close(num(&b["macro_precision"]), mp, 1e-12));
    assert!(close(num(&b["macro_recall"]), mr, 1e-12));
    let k = vector(&b["kappa_for_f1_macro_pr"]);
    assert!(k.iter().all(|v| (0.0..=1.0).contains(v)));
    assert!(close(pd(&B_P, &B_R, &k), f1, 1e-9), "κ = {k:?}");
    let text = ok(&["pd", "--cm", B]);
    assert!(
        text.contains("harmonic mean of macro precision and macro recall"),
        "{text}"
    );
}

#[test]
fn the_two_multiclass_f1s_have_two_names() {
    // Table 4 of Kozak et al. 2022 (rows = true class): output totals r = (57, 18, 25), true
    // totals t = (50, 20, 30), TP = (40, 10, 20).
    let t4 = "T4=40,7,3;8,10,2;9,1,20";
    // `ulab eval`'s f1: macro F1, the mean of per-class F1_k = 2·TP_k / (r_k + t_k).
    let mean_f1: f64 = (80.0 / 107.0 + 20.0 / 38.0 + 40.0 / 55.0) / 3.0;
    // `ulab pd`'s: the F1 of macro precision and macro recall (Kozak et al. 2022, eq. 23).
    let mp = (40.0 / 57.0 + 10.0 / 18.0 + 20.0 / 25.0) / 3.0;
    let mr = (40.0 / 50.0 + 10.0 / 20.0 + 20.0 / 30.0) / 3.0;
    let f1_pr = 2.0 * mp * mr / (mp + mr);
    assert!((mean_f1 - f1_pr).abs() > 1e-3);

    let eval_args = [
        "eval",
        "--utility",
        "1,0,0;0,1,0;0,0,1",
        "--orientation",
        "true-rows",
        "--cm",
        t4,
    ];
    let eval = json(&[&eval_args[..], &["--json"]].concat());
    let f1 = num(&eval["classifiers"][0]["metrics"]["f1"]);
    assert!(close(f1, mean_f1, 1e-12), "{f1}");
    let text = ok(&eval_args);
    assert!(text.contains("Macro F1 (mean of per-class F1)"), "{text}");

    let pd_out = json(&["pd", "--orientation", "true-rows", "--cm", t4, "--json"]);
    let c = classifier(&pd_out, "T4");
    assert!(close(num(&c["f1_macro_pr"]), f1_pr, 1e-12));
    assert!(c.get("f1").is_none(), "{c}");
    assert!(c.get("kappa_for_f1").is_none(), "{c}");
    let text = ok(&["pd", "--orientation", "true-rows", "--cm", t4]);
    assert!(
        text.contains("F1 of macro P and R (Kozak et al.)"),
        "{text}"
    );
    assert!(!text.contains("macro F1"), "{text}");
    let help = ok(&["pd", "--help"]);
    assert!(help.contains("\"f1_macro_pr\""), "{help}");
}

#[test]
fn kappa_for_f1_edge_cases() {
    // A perfect classifier: precision = recall = 1, so p-d = 1 = F1 for every κ.
    let out = json(&["pd", "--cm", "P=5,0;0,5", "--json"]);
    let p = classifier(&out, "P");
    assert_eq!(num(&p["f1_macro_pr"]), 1.0);
    assert!(!p["kappa_for_f1_macro_pr"].is_null());
    // Never outputs class 0: its precision is 0/0, so macro precision and F1 are undefined.
    let out = json(&["pd", "--cm", "N=0,0;5,5", "--json"]);
    let n = classifier(&out, "N");
    assert!(n["f1_macro_pr"].is_null());
    assert!(n["kappa_for_f1_macro_pr"].is_null());
    // p-d counts the 0/0 precision as 0: κ = (0.5, 0.5): (0.5·0 + 0.5·0 + 0.5·0.5 + 0.5·1)/2
    assert!(close(num(&n["preference_driven"]), 0.375, 1e-12));
    // Nothing right: macro P = macro R = 0, so their harmonic mean is 0/0, and the note says
    // why (not "a row or column is all zero": none is).
    let out = json(&["pd", "--cm", "W=0,5;5,0", "--json"]);
    let w = classifier(&out, "W");
    assert_eq!(num(&w["macro_precision"]), 0.0);
    assert!(w["f1_macro_pr"].is_null());
    let text = ok(&["pd", "--cm", "W=0,5;5,0"]);
    assert!(
        text.contains("W: undefined (0/0): the classifier gets no case right"),
        "{text}"
    );
}

#[test]
fn grid_analysis_over_kappa() {
    let out = json(&["pd", "--cm", A, "--cm", B, "--grid", "0,0.5,1", "--json"]);
    let g = &out["grid"];
    assert_eq!(g["vectors"], 9);
    // B − A = κ₀(P_B0 − P_A0) + (1 − κ₀)(R_B0 − R_A0) + κ₁(…) + (1 − κ₁)(…) > 0 on [0,1]²
    // (its minimum, at κ = (1, 0), is 0.062 − 0.06 > 0): B ranks first for every κ.
    let gc = g["classifiers"].as_array().unwrap();
    assert_eq!(num(&gc[0]["first_share"]), 0.0);
    assert_eq!(num(&gc[1]["first_share"]), 1.0);
    // p-d is linear in κ and the grid is symmetric: the mean is p-d at (½, ½).
    assert!(close(
        num(&gc[0]["mean"]),
        pd(&A_P, &A_R, &[0.5, 0.5]),
        1e-12
    ));
    assert!(close(
        num(&gc[0]["min"]),
        pd(&A_P, &A_R, &[0.0, 1.0]),
        1e-12
    ));
    assert!(close(
        num(&gc[0]["max"]),
        pd(&A_P, &A_R, &[1.0, 0.0]),
        1e-12
    ));
    let hist: u64 = gc[0]["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(hist, 9);

    // The ellipsis and --steps give the same grid.
    let a = json(&["pd", "--cm", A, "--grid", "0,0.1,...,1", "--json"]);
    let b = json(&["pd", "--cm", A, "--steps", "10", "--json"]);
    assert_eq!(a["grid"]["vectors"], 121);
    assert_eq!(vector(&a["grid"]["values"]).len(), 11);
    assert_eq!(a["grid"]["classifiers"], b["grid"]["classifiers"]);

    // `--grid` reads a grid as the view's field and link do (one reader): a value given twice
    // counts once, so "0,0.5,0.5,1" is the grid 0, 0.5, 1 (9 vectors for two classes, not 16).
    let twice = json(&["pd", "--cm", A, "--grid", "0,0.5,0.5,1", "--json"]);
    assert_eq!(twice["grid"]["vectors"], 9);
    assert_eq!(
        vector(&twice["grid"]["values"]),
        utility_lab::state::pd::link::parse_grid("0,0.5,0.5,1").unwrap()
    );

    let text = ok(&["pd", "--cm", A, "--cm", B, "--steps", "10"]);
    assert!(text.contains("121 vectors"), "{text}");
    assert!(text.contains("100.0 %"), "{text}");
}

#[test]
fn yield_beside_pd() {
    let out = json(&[
        "pd",
        "--cm",
        A,
        "--cm",
        B,
        "--utility",
        "15,-335;-35,165",
        "--json",
    ]);
    assert!(close(num(&classifier(&out, "A")["yield"]), 3.5, 1e-9));
    assert!(close(num(&classifier(&out, "B")["yield"]), -3.5, 1e-9));
    let text = ok(&["pd", "--cm", A, "--cm", B, "--utility", "15,-335;-35,165"]);
    assert!(text.contains("First by p-d at this κ: B"), "{text}");
    assert!(text.contains("First by utility yield: A"), "{text}");
    let out = json(&["pd", "--cm", A, "--json"]);
    assert!(classifier(&out, "A")["yield"].is_null());
    assert!(out["grid"].is_null());
}

#[test]
fn bad_input_is_one_clear_line() {
    let t3 = "C=1,2,3;4,5,6;7,8,9";
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--cm", A, "--kappa", "0.5"],
            "--kappa: expected 2 values (one per class), found 1",
        ),
        (
            vec!["--cm", A, "--kappa", "0.5,1.5"],
            "--kappa: value 2: 1.5 is outside [0, 1]",
        ),
        (
            vec!["--cm", A, "--kappa", "0.5,x"],
            "--kappa: value 2: 'x' is not a number",
        ),
        (
            vec!["--cm", A, "--cm", t3],
            "--cm C: 3 classes, but --cm A has 2",
        ),
        (
            vec!["--cm", "A=27,15;x,35"],
            "--cm A: row 2, cell 1: 'x' is not a number",
        ),
        (vec!["--cm", "A=27,15;-1,35"], "is negative"),
        (
            vec!["--cm", A, "--orientation", "columns"],
            "output-rows or true-rows",
        ),
        (
            vec!["--cm", t3, "--steps", "1000"],
            "κ vectors, more than 4000000",
        ),
        (
            vec!["--cm", A, "--grid", "0,0.5,1.5"],
            "--grid: 1.5 is outside [0, 1]",
        ),
        (
            vec!["--cm", A, "--grid", "0,...,1"],
            "'...' needs two values before it",
        ),
        (
            vec!["--cm", A, "--grid", "0,0.5,..."],
            "'...' must be followed by the last value",
        ),
        (
            vec!["--cm", A, "--grid", "0.5,0.2,...,1"],
            "not an increasing sequence",
        ),
        (vec!["--cm", A, "--grid", "0,1e-300,...,1"], "more than"),
        (
            vec!["--cm", A, "--grid", "0,,1"],
            "--grid: value 2 is empty",
        ),
        (
            vec!["--cm", A, "--grid", "0,1", "--steps", "4"],
            "cannot be used with",
        ),
        (vec!["--cm", A, "--steps", "0"], "--steps"),
        (vec!["--cm", A, "--steps", "10", "--bins", "0"], "--bins"),
        (
            vec!["--cm", A, "--utility", "1,0,0;0,1,0;0,0,1"],
            "--cm A: 2 classes, but the utility matrix has 3 columns",
        ),
        (
            vec!["--cm", A, "--classes", "a,b,c"],
            "--classes: 3 names given for 2 classes",
        ),
        (vec![], "--cm"),
    ];
    for (args, expected) in cases {
        let full: Vec<&str> = std::iter::once("pd").chain(args.iter().copied()).collect();
        let line = fails(&full);
        assert!(
            line.contains(expected),
            "ulab {full:?}: {line:?} should contain {expected:?}"
        );
    }
}

#[test]
fn help_has_examples() {
    let text = ok(&["pd", "--help"]);
    assert!(text.contains("ulab pd --cm T4='40,7,3;8,10,2;9,1,20' --orientation true-rows"));
    assert!(text.contains("--steps"));
}
