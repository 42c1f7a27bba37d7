//! `ulab eval --json` against scikit-learn: for every case of tests/it/reference/sklearn_cases.json
//! (written by tests/it/reference/make_reference.py), the command line's accuracy, balanced
//! accuracy, precision and recall (macro averages for more than two classes, class 0 for two),
//! MCC (R_K) and kappa equal scikit-learn's to 1e-9. Where a value is 0/0 ulab prints `null`:
//! scikit-learn then gives NaN, MCC's 0 for degenerate marginals, or (for macro averages and
//! balanced accuracy) an average over the classes that have a value.
#![cfg(not(target_arch = "wasm32"))]

use super::common::*;
use serde_json::Value;

fn matrix_syntax(rows: &[Value]) -> String {
    rows.iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";")
}

fn identity(n: usize) -> String {
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| if i == j { "1" } else { "0" })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";")
}

#[test]
fn eval_json_agrees_with_scikit_learn() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/it/reference/sklearn_cases.json"
    ))
    .unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let cases = doc["cases"].as_array().unwrap();
    let mut compared = 0;
    let mut multi = 0;
    for case in cases {
        let rows = case["sklearn_cm_true_rows"].as_array().unwrap();
        let n = rows.len();
        // A class with no case and no prediction leaves an all-zero row and column: fine.
        let total: f64 = rows
            .iter()
            .flat_map(|r| r.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()))
            .sum();
        assert!(total > 0.0);
        let cm = format!("X={}", matrix_syntax(rows));
        let u = identity(n);
        let args = [
            "eval",
            "--utility",
            &u,
            "--cm",
            &cm,
            "--orientation",
            "true-rows",
            "--json",
        ];
        let out = json(&args);
        let m = &out["classifiers"][0]["metrics"];
        let id = case["id"].to_string();
        // The yield of the identity is the accuracy.
        assert!(
            close(
                num(&out["classifiers"][0]["yield"]),
                num(&case["accuracy"]),
                1e-12
            ),
            "{id}"
        );
        let expect = |key: &str, sk: &Value| {
            let ours = &m[key];
            match sk.as_f64() {
                Some(v) if !sk.is_null() => {
                    assert!(ours.is_number(), "{id} {key}: ulab null, sklearn {v}");
                    assert!(
                        close(num(ours), v, 1e-9),
                        "{id} {key}: ulab {ours}, sklearn {v}"
                    );
                }
                _ => assert!(
                    ours.is_null(),
                    "{id} {key}: sklearn has no value, ulab {ours}"
                ),
            }
        };
        expect("accuracy", &case["accuracy"]);
        expect("kappa", &case["kappa"]);
        if case["mcc_denominator_zero"].as_bool() == Some(true) {
            assert!(
                m["mcc"].is_null(),
                "{id}: degenerate marginals must give null"
            );
        } else {
            expect("mcc", &case["mcc"]);
        }
        // Balanced accuracy: scikit-learn drops classes without cases; ulab says undefined.
        let no_cases = case["support"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s.as_f64() == Some(0.0));
        if no_cases {
            assert!(m["balanced_accuracy"].is_null(), "{id}");
        } else {
            expect("balanced_accuracy", &case["balanced_accuracy"]);
        }
        if n == 2 {
            expect("precision", &case["precision"][0]);
            expect("recall", &case["recall"][0]);
        } else {
            multi += 1;
            // scikit-learn (zero_division=nan) averages over the classes where the value is
            // defined; ulab's macro average is undefined as soon as one class's value is.
            for (key, per_class, macro_key) in [
                ("precision", "precision", "macro_precision"),
                ("recall", "recall", "macro_recall"),
            ] {
                let any_nan = case[per_class]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|v| v.is_null());
                if any_nan {
                    assert!(
                        m[key].is_null(),
                        "{id} {key}: a class is undefined, ulab {}",
                        m[key]
                    );
                } else {
                    expect(key, &case[macro_key]);
                }
            }
        }
        compared += 1;
    }
    assert!(
        compared >= 60 && multi >= 40,
        "{compared} cases, {multi} multi-class"
    );
}
