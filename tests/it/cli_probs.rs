//! `ulab decide --probs`, run as a program, against the independent fixture of
//! `tests/reference/probs/` (NumPy / scikit-learn; see its script), and its errors.
#![cfg(not(target_arch = "wasm32"))]

use super::common::*;
#[path = "../../crates/probs/tests/probs/fixture.rs"]
mod fixture;
use fixture::{Case, Run, csv, csv_path, doc};

/// `a,b;c,d` of a matrix's rows.
fn matrix_text(rows: &[Vec<f64>]) -> String {
    rows.iter()
        .map(|r| {
            r.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";")
}

fn list(v: &[f64]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// `ulab decide --probs` on the case's file for one run, `--json`.
fn run_json(c: &Case, run: &Run, extra: &[&str]) -> serde_json::Value {
    let path = csv_path(&c.file).to_string_lossy().to_string();
    let u = matrix_text(&run.utility);
    let mut args = vec!["decide", "--probs", &path, "--utility", &u, "--json"];
    let prev = run.prevalence.as_deref().map(list);
    if let Some(p) = &prev {
        args.extend(["--prevalence", p]);
    }
    if let Some(p) = &c.positive {
        args.extend(["--positive", p]);
    }
    args.extend(extra);
    json(&args)
}

#[test]
fn decisions_match_the_reference() {
    let mut checked = 0;
    for c in doc().cases {
        for run in &c.runs {
            let out = run_json(&c, run, &[]);
            assert_eq!(out["classes"], serde_json::json!(c.classes), "{}", c.id);
            assert_eq!(out["items"], c.truth.len());
            assert!(out.get("decision_curve").is_none());
            let models = out["models"].as_array().unwrap();
            for (m, want) in models.iter().zip(&run.models) {
                assert_eq!(m["name"], want.name.as_str());
                for (key, w) in [("argmax", &want.most_probable), ("optimal", &want.optimal)] {
                    assert_eq!(
                        m[key]["confusion"],
                        serde_json::json!(w.confusion),
                        "{} {key}",
                        c.id
                    );
                    let y = num(&m[key]["yield"]);
                    assert!(
                        close(y, w.yield_per_item, 1e-12 * (1.0 + w.total.abs())),
                        "{} {key}",
                        c.id
                    );
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 12);
}

#[test]
fn the_decision_curve_matches_the_dcurves_formula() {
    let d = doc();
    let c = d.cases.iter().find(|c| c.id == "screening").unwrap();
    for want in c.decision_curve.as_ref().unwrap() {
        let run = c
            .runs
            .iter()
            .find(|r| r.prevalence == want.prevalence)
            .unwrap();
        let t = list(&want.thresholds);
        let out = run_json(c, run, &["--net-benefit", &t]);
        let curve = out["decision_curve"].as_array().unwrap();
        assert_eq!(curve.len(), want.thresholds.len());
        for (i, p) in curve.iter().enumerate() {
            assert_eq!(num(&p["threshold"]), want.thresholds[i]);
            assert!(close(num(&p["treat_all"]), want.treat_all[i], 1e-12));
            for m in &c.models {
                assert!(
                    close(num(&p["models"][m]), want.models[m][i], 1e-12),
                    "{m} {i}"
                );
            }
        }
    }
}

#[test]
fn standard_input_and_text_output() {
    let d = doc();
    let c = &d.cases[0];
    let u = matrix_text(&c.runs[0].utility);
    let args = [
        "decide",
        "--probs",
        "-",
        "--utility",
        &u,
        "--decisions",
        "home,minor,severe,refer",
        "--json",
    ];
    let out = ulab_stdin(&args, csv(&c.file));
    let v: serde_json::Value = serde_json::from_str(&text_of(&out, &args)).unwrap();
    assert_eq!(
        v["decisions"],
        serde_json::json!(["home", "minor", "severe", "refer"])
    );
    assert_eq!(
        v["models"][0]["optimal"]["confusion"],
        serde_json::json!(c.runs[0].models[0].optimal.confusion)
    );
    let path = csv_path(&c.file).to_string_lossy().to_string();
    let text = ok(&["decide", "--probs", &path, "--utility", &u]);
    assert!(
        text.contains(
            "600 items; classes (shares in the file): ok 0.6067, minor 0.2817, severe 0.1117"
        ),
        "{text}"
    );
    assert!(
        text.contains("Rows renormalized (summing to 1 within 1 %): A 77, B 70"),
        "{text}"
    );
    assert!(
        text.contains("  A      optimal               9.425   5655       7"),
        "{text}"
    );
}

#[test]
fn bad_files_and_arguments_give_one_line_and_exit_2() {
    let u = "1,0;0,1";
    let bad = "label,A:x,A:y\nx,0.5,0.5\ny,0.7,0.7\n";
    let args = ["decide", "--probs", "-", "--utility", u];
    let line = fails_out(&ulab_stdin(&args, bad), &args);
    assert_eq!(
        line,
        "ulab: stdin: line 3, model 'A': the probabilities sum to 1.4; they must sum to 1 within 1 % (rows that do are renormalized)"
    );
    let line = fails_out(&ulab_stdin(&args, "label,A:x,A:y,A:z\nx,1,0,0\n"), &args);
    assert!(
        line.contains("--probs: 3 classes, but the utility matrix has 2 columns"),
        "{line}"
    );
    let line = fails_out(&ulab_stdin(&args, "label,A:x,A:y\n"), &args);
    assert_eq!(line, "ulab: stdin: line 1: a header but no rows of data");
    let tri = csv_path("triage.csv").to_string_lossy().to_string();
    let big = "10,-20,-200;0,15,-100;-30,0,60;-5,5,40";
    for (extra, want) in [
        (
            vec!["--net-benefit", "0.1"],
            "--net-benefit: a decision curve needs two classes; the file has 3",
        ),
        (
            vec!["--net-benefit", "0,0.5"],
            "--net-benefit: value 1: 0 is not a threshold probability",
        ),
        (
            vec!["--classes", "a,b,c"],
            "--classes does not apply to --probs",
        ),
        (
            vec!["--prevalence", "0.5,0.5"],
            "--prevalence: expected 3 values",
        ),
        (
            vec!["--alpha", "1"],
            "--alpha applies to --counts only, not to --probs",
        ),
    ] {
        let mut a = vec!["decide", "--probs", &tri, "--utility", big];
        a.extend(extra);
        assert!(fails(&a).contains(want), "{a:?}: {}", fails(&a));
    }
    let line = fails(&["decide", "--probs", "/no/such/file.csv", "--utility", u]);
    assert_eq!(line, "ulab: /no/such/file.csv: cannot open: no such file");
    let args = [
        "decide",
        "--probs",
        "-",
        "--utility",
        u,
        "--prevalence",
        "0.5,0.5",
    ];
    let line = fails_out(&ulab_stdin(&args, "y,A\n1,0.5\n0,0.5\n"), &args);
    assert!(line.contains("cannot come from standard input"), "{line}");
    let line = fails(&[
        "decide",
        "--probabilities",
        "0.5,0.5",
        "--utility",
        u,
        "--positive",
        "1",
    ]);
    assert_eq!(line, "ulab: --positive applies to --probs only");
}

/// The built-in samples' yields as `ulab decide --probs` gives them, kept in
/// `tests/reference/probs/samples.json` for the end-to-end test of the Probabilities view (which
/// checks that the page shows these very numbers). `UPDATE_SAMPLES=1 cargo test samples_numbers`
/// writes the file again; otherwise it must hold what ulab prints now.
#[test]
fn the_samples_numbers_are_ulabs() {
    use utility_lab::state::probs::sample::{SAMPLES, sample};
    let mut doc = serde_json::Map::new();
    for name in SAMPLES {
        let s = sample(name, 1).unwrap();
        let u = s.utility.matrix().to_string();
        let d = s.decisions.join(",");
        let args = [
            "decide",
            "--probs",
            "-",
            "--utility",
            &u,
            "--decisions",
            &d,
            "--json",
        ];
        let out: serde_json::Value =
            serde_json::from_str(&text_of(&ulab_stdin(&args, &s.csv), &args)).unwrap();
        let models: Vec<serde_json::Value> = out["models"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                serde_json::json!({
                    "name": m["name"],
                    "argmax": {"yield": m["argmax"]["yield"]},
                    "optimal": {"yield": m["optimal"]["yield"]},
                })
            })
            .collect();
        doc.insert(
            name.to_string(),
            serde_json::json!({"classes": out["classes"], "items": out["items"], "models": models}),
        );
    }
    let want = serde_json::to_string_pretty(&serde_json::Value::Object(doc)).unwrap() + "\n";
    let file = csv_path("samples.json");
    if std::env::var_os("UPDATE_SAMPLES").is_some() {
        std::fs::write(&file, &want).unwrap();
    }
    let kept = std::fs::read_to_string(&file).unwrap_or_default();
    assert_eq!(
        kept,
        want,
        "{} is not ulab's output: run UPDATE_SAMPLES=1 cargo test samples_numbers",
        file.display()
    );
}
