//! `ulab eval --draws N [--seed K] [--alpha A] [--n N]`, run as a program: how sure the
//! ranking is. Expected values come from NumPy's Dirichlet draws
//! (`tests/reference/sure/sure_cases.json`, written by `make_sure_reference.py`), never from
//! the core's own output.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;

use super::common::*;

const FACTORY_U: &str = "15,-335;-35,165"; // Dyrland et al. 2022, eq. 4
const A: &str = "A=27,15;23,35"; // eq. 1 as counts out of 100 (rows = output)
const B: &str = "B=43,18;7,32"; // eq. 2

fn fixture(case: usize) -> Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/reference/sure/sure_cases.json"
    ))
    .unwrap();
    serde_json::from_str::<Value>(&text).unwrap()["cases"][case].clone()
}

/// A's proportions as fractions.
const A_FRACTIONS: &str = "A=0.27,0.15;0.23,0.35";

/// `ulab eval --utility FACTORY_U --cm C…` followed by `extra`.
fn eval_args<'a>(cms: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["eval", "--utility", FACTORY_U];
    for c in cms {
        args.extend(["--cm", c]);
    }
    args.extend_from_slice(extra);
    args
}

/// The factory's A and B with `extra`, as JSON.
fn eval_json(extra: &[&str]) -> Value {
    json(&eval_args(&[A, B], &[&["--json"], extra].concat()))
}

/// `|ours − NumPy| ≤ 4·√(se_ours² + se_numpy²)`.
fn agree(what: &str, ours: f64, se_ours: f64, numpy: f64, se_numpy: f64) {
    let tol = 4.0 * (se_ours * se_ours + se_numpy * se_numpy).sqrt();
    assert!(
        (ours - numpy).abs() <= tol,
        "{what}: ours {ours} ± {se_ours}, NumPy {numpy} ± {se_numpy}"
    );
}

#[test]
fn the_factory_p_best_and_intervals_match_numpy() {
    for (case, scale) in [(0, 1.0), (1, 10.0)] {
        let reference = fixture(case);
        let a = format!("A={}", times([27.0, 15.0, 23.0, 35.0], scale));
        let b = format!("B={}", times([43.0, 18.0, 7.0, 32.0], scale));
        let out = json(&eval_args(&[&a, &b], &["--json", "--draws", "20000"]));
        let classifiers = out["classifiers"].as_array().unwrap();
        let total: f64 = classifiers.iter().map(|c| num(&c["p_best"])).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // The fixture's standard errors are for 2·10⁶ draws; ours for 20 000 are √100 = 10
        // times larger.
        for (k, c) in classifiers.iter().enumerate() {
            let r = |key: &str| num(&reference[key][k]);
            let what = |w: &str| format!("case {case}, classifier {k}, {w}");
            agree(
                &what("P(best)"),
                num(&c["p_best"]),
                num(&c["p_best_stderr"]),
                r("p_best"),
                r("p_best_se"),
            );
            assert_eq!(num(&c["test_items"]), 100.0 * scale);
            let interval = c["yield_interval"].as_array().unwrap();
            agree(
                &what("5 %"),
                num(&interval[0]),
                10.0 * r("low_se"),
                r("low"),
                r("low_se"),
            );
            agree(
                &what("95 %"),
                num(&interval[1]),
                10.0 * r("high_se"),
                r("high"),
                r("high_se"),
            );
            agree(
                &what("mean"),
                num(&c["yield_mean"]),
                10.0 * r("mean_se"),
                r("mean"),
                r("mean_se"),
            );
        }
    }
}

/// A 2 × 2 matrix's cells (row-major) times `scale`, as `--cm` text.
fn times(m: [f64; 4], scale: f64) -> String {
    let v = m.map(|x| x * scale);
    format!("{},{};{},{}", v[0], v[1], v[2], v[3])
}

#[test]
fn items_to_settle_the_factory() {
    // NumPy (settle_grid of the fixture): P(A best) is 0.941 at 2800 items, 0.958 at 3400.
    let grid = fixture(0)["settle_grid"].clone();
    let p_at = |items: u64| {
        grid.as_array()
            .unwrap()
            .iter()
            .find(|r| r["items"] == items)
            .map(|r| num(&r["p_best"]))
            .unwrap()
    };
    assert!(p_at(2800) < 0.95 && p_at(3400) > 0.95);
    let out = eval_json(&["--draws", "4000"]);
    let s = &out["items_to_settle"];
    assert_eq!(s["classifier"], "A");
    assert_eq!(s["answer"], "settled");
    assert_eq!(num(&s["probability"]), 0.95);
    let items = s["items"].as_u64().unwrap();
    assert!((2800..=3400).contains(&items), "{items}");
    assert_eq!(
        (
            out["draws"].as_u64(),
            out["seed"].as_u64(),
            num(&out["alpha"])
        ),
        (Some(4000), Some(1), 1.0)
    );
    // Identical classifiers: no number of items settles it.
    let sure = ["--json", "--draws", "4000"];
    let out = json(&eval_args(&[A, "A2=27,15;23,35"], &sure));
    assert_eq!(out["items_to_settle"]["answer"], "never");
    assert!(out["items_to_settle"]["items"].is_null());
    // 100 times the counts: already settled.
    let out = json(&eval_args(
        &["A=2700,1500;2300,3500", "B=4300,1800;700,3200"],
        &sure,
    ));
    assert_eq!(out["items_to_settle"]["answer"], "already_settled");
    assert!(num(&out["classifiers"][0]["p_best"]) > 0.99);
}

#[test]
fn the_existing_keys_are_unchanged() {
    let plain = eval_json(&[]);
    let sure = eval_json(&["--draws", "1000"]);
    assert_eq!(plain["ranking"], sure["ranking"]);
    for (p, s) in plain["classifiers"]
        .as_array()
        .unwrap()
        .iter()
        .zip(sure["classifiers"].as_array().unwrap())
    {
        assert_eq!(p["name"], s["name"]);
        assert_eq!(p["yield"], s["yield"]);
        assert_eq!(p["metrics"], s["metrics"]);
        let keys: Vec<&String> = p.as_object().unwrap().keys().collect(); // sorted
        assert_eq!(keys, ["metrics", "name", "yield"]);
        let keys: Vec<&String> = s.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            [
                "metrics",
                "name",
                "p_best",
                "p_best_stderr",
                "test_items",
                "yield",
                "yield_interval",
                "yield_mean"
            ]
        );
    }
    let top: Vec<&String> = plain.as_object().unwrap().keys().collect();
    assert_eq!(top, ["classifiers", "ranking"]);
    let top: Vec<&String> = sure.as_object().unwrap().keys().collect();
    assert_eq!(
        top,
        [
            "alpha",
            "classifiers",
            "draws",
            "items_to_settle",
            "ranking",
            "seed"
        ]
    );
}

#[test]
fn seeds_repeat_and_differ() {
    let a = eval_json(&["--draws", "3000", "--seed", "5"]);
    assert_eq!(a, eval_json(&["--draws", "3000", "--seed", "5"]));
    let b = eval_json(&["--draws", "3000", "--seed", "6"]);
    assert_ne!(a["classifiers"][0]["p_best"], b["classifiers"][0]["p_best"]);
    // The default seed is 1.
    assert_eq!(
        eval_json(&["--draws", "3000"]),
        eval_json(&["--draws", "3000", "--seed", "1"])
    );
}

#[test]
fn alpha_prevalence_and_fractions() {
    // A larger α pulls both yields towards the prior's (the mean utility), narrowing them.
    let width = |v: &Value| {
        let i = v["classifiers"][0]["yield_interval"]
            .as_array()
            .unwrap()
            .clone();
        num(&i[1]) - num(&i[0])
    };
    let a1 = eval_json(&["--draws", "4000"]);
    let a50 = eval_json(&["--draws", "4000", "--alpha", "50"]);
    assert!(width(&a50) < 0.8 * width(&a1));
    assert_eq!(num(&a50["alpha"]), 50.0);
    // Deployment shares apply to every draw: A yields 15 per short component and B −15 (and
    // −8 and 8 per long one), so with 80 % short components A is the better one more surely.
    // (0.625 → 0.717 with seed 1; 0.05 is 5 standard errors of the difference.)
    let p_a = |v: &Value| num(&v["classifiers"][0]["p_best"]);
    let p = eval_json(&["--draws", "4000", "--prevalence", "0.2,0.8"]);
    assert!(p_a(&p) > p_a(&a1) + 0.05, "{} {}", p_a(&p), p_a(&a1));
    // The test set's own shares (0.5, 0.5) change little (the draws' shares no longer vary).
    let same = eval_json(&["--draws", "4000", "--prevalence", "0.5,0.5"]);
    assert!((p_a(&same) - p_a(&a1)).abs() < 0.02);
    // Fractions need the test-set size; with it they are the counts.
    let frac = eval_args(&[A_FRACTIONS, B], &["--json", "--draws", "4000"]);
    let e = fails(&frac);
    assert!(e.contains("--cm A") && e.contains("--n"), "{e}");
    let f = json(&[&frac[..], &["--n", "100"]].concat());
    assert_eq!(num(&f["classifiers"][0]["test_items"]), 100.0);
    assert!(
        (num(&f["classifiers"][0]["p_best"]) - num(&a1["classifiers"][0]["p_best"])).abs() < 0.03
    );
    assert!(close(num(&f["classifiers"][0]["yield"]), 3.5, 1e-9));
}

#[test]
fn the_table_says_how_sure() {
    let text = ok(&eval_args(&[A, B], &["--draws", "4000"]));
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("P(best)"))
        .unwrap();
    assert!(
        row.contains(" *") && row.contains("(posterior, 4000 draws)"),
        "{row}"
    );
    let row = text.lines().find(|l| l.contains("90 % interval")).unwrap();
    assert_eq!(row.matches(" to ").count(), 2, "{row}");
    let how = text.lines().find(|l| l.starts_with("How sure")).unwrap();
    assert!(how.contains("A is the best with probability 0.6"), "{how}");
    assert!(how.contains("on 100 test items") && how.contains("test items per classifier"));
    // One classifier: its interval only.
    let one = ok(&eval_args(&[A], &["--draws", "500"]));
    let how = one.lines().find(|l| l.starts_with("How sure")).unwrap();
    assert!(how.contains("yield per item of A is between"), "{how}");
    // Without --draws, nothing of it.
    let plain = ok(&eval_args(&[A, B], &[]));
    assert!(!plain.contains("P(best)") && !plain.contains("How sure"));
}

#[test]
fn bad_options_are_one_line_errors() {
    for (extra, says) in [
        (&["--seed", "3"][..], "--seed goes with --draws"),
        (&["--alpha", "2"], "--alpha goes with --draws"),
        (&["--n", "100"], "--n goes with --draws"),
        (&["--draws", "0"], "--draws"),
        (&["--draws", "1000001"], "--draws"),
        (&["--draws", "-5"], "--draws"),
        (&["--draws", "100", "--alpha", "-1"], "--alpha"),
        (&["--draws", "100", "--alpha", "1001"], "--alpha"),
        (&["--draws", "100", "--alpha", "nan"], "--alpha"),
        (
            &["--draws", "100", "--n", "100"],
            "--n: every --cm holds whole counts",
        ),
        (&["--draws", "100", "--seed", "-1"], "--seed"),
    ] {
        let e = fails(&eval_args(&[A, B], extra));
        assert!(e.contains(says), "{extra:?}: {e}");
    }
    // Fractions with a bad --n.
    for n in ["0", "1.5", "x", "2000000000"] {
        let args = eval_args(&[A_FRACTIONS], &["--draws", "100", "--n", n]);
        assert!(fails(&args).contains("--n"), "{n}");
    }
}
