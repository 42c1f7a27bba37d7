//! `ulab mc` end to end: the JSON keys of docs/cli.md, the table, sweeps, thread-count
//! independence, and bad arguments (one line on stderr, exit code 2).

use std::process::{Command, Output};

fn ulab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ulab"))
        .args(args)
        .output()
        .expect("run ulab")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = ulab(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

const METRIC_KEYS: [&str; 11] = [
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
    "utility",
];

fn keys(v: &serde_json::Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
    k.sort();
    k
}

fn sorted(k: &[&str]) -> Vec<String> {
    let mut k: Vec<String> = k.iter().map(|s| s.to_string()).collect();
    k.sort();
    k
}

#[test]
fn json_keys_are_exactly_the_spec_ones() {
    let v = json(&[
        "mc", "--pairs", "20000", "--seed", "3", "--sigma", "0.11", "--json",
    ]);
    assert_eq!(
        keys(&v),
        sorted(&[
            "prior",
            "sigma",
            "realized_sd",
            "pairs",
            "seed",
            "misranked_percent",
            "stderr_percent",
            "seconds",
            "pairs_per_second"
        ])
    );
    assert_eq!(keys(&v["misranked_percent"]), sorted(&METRIC_KEYS));
    assert_eq!(keys(&v["stderr_percent"]), sorted(&METRIC_KEYS));
    assert_eq!(v["prior"], "uniform");
    assert_eq!(v["sigma"], 0.11);
    assert_eq!(v["pairs"], 20000);
    assert_eq!(v["seed"], 3);
    let sd = v["realized_sd"].as_f64().unwrap();
    assert!(sd > 0.09 && sd < 0.11);
    let acc = v["misranked_percent"]["accuracy"].as_f64().unwrap();
    assert!(acc > 6.0 && acc < 12.0);
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    assert!(v["pairs_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn defaults_and_thread_count_independence() {
    let strip = |mut v: serde_json::Value| {
        let o = v.as_object_mut().unwrap();
        o.remove("seconds");
        o.remove("pairs_per_second");
        v
    };
    let a = strip(json(&[
        "mc",
        "--pairs",
        "150000",
        "--threads",
        "1",
        "--json",
    ]));
    let b = strip(json(&[
        "mc",
        "--pairs",
        "150000",
        "--threads",
        "3",
        "--json",
    ]));
    assert_eq!(a, b);
    assert_eq!(a["prior"], "uniform");
    assert_eq!(a["sigma"], 0.1);
    assert_eq!(a["seed"], 1);
    // The library gives the same numbers.
    use utility_lab::core::mc::{McConfig, Prior, run};
    let r = run(
        &McConfig::new(Prior::Uniform, 0.1, 150_000, 1).unwrap(),
        |_, _| {},
    )
    .unwrap();
    assert_eq!(
        a["misranked_percent"]["utility"].as_f64().unwrap(),
        r.misranked_percent.utility
    );
    assert_eq!(a["realized_sd"].as_f64().unwrap(), r.realized_sd);
    let g = json(&["mc", "--prior", "gaussian", "--pairs", "1000", "--json"]);
    assert_eq!(g["prior"], "gaussian");
}

#[test]
fn table_output() {
    let out = ulab(&["mc", "--pairs", "10000", "--threads", "2"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("realized sd"));
    assert!(text.contains("pairs/s"));
    for key in &METRIC_KEYS[..10] {
        assert!(text.contains(key), "{key} missing:\n{text}");
    }
    assert!(text.contains("utility (erroneous)"));
}

#[test]
fn sweep_prints_one_object_per_sigma() {
    let v = json(&["mc", "--sweep", "0,0.1,0.3", "--pairs", "30000", "--json"]);
    let arr = v.as_array().unwrap();
    assert_eq!(arr.len(), 3);
    let sig: Vec<f64> = arr.iter().map(|o| o["sigma"].as_f64().unwrap()).collect();
    assert_eq!(sig, vec![0.0, 0.1, 0.3]);
    assert_eq!(
        arr[0]["misranked_percent"]["utility"].as_f64().unwrap(),
        0.0
    );
    let u: Vec<f64> = arr
        .iter()
        .map(|o| o["misranked_percent"]["utility"].as_f64().unwrap())
        .collect();
    assert!(u[0] < u[1] && u[1] < u[2]);
    for o in arr {
        assert_eq!(keys(o).len(), 9);
    }
    // The sweep's point equals the single run with that σ.
    let single = json(&["mc", "--sigma", "0.1", "--pairs", "30000", "--json"]);
    assert_eq!(single["misranked_percent"], arr[1]["misranked_percent"]);
    let table = ulab(&["mc", "--sweep", "0,0.2", "--pairs", "5000"]);
    assert!(table.status.success());
    assert!(
        String::from_utf8(table.stdout)
            .unwrap()
            .contains("realized sd")
    );
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    let cases: &[&[&str]] = &[
        &["mc", "--sigma", "-0.1"],
        &["mc", "--sigma", "NaN"],
        &["mc", "--sigma", "inf"],
        &["mc", "--sigma", "abc"],
        &["mc", "--pairs", "0"],
        &["mc", "--pairs", "-5"],
        &["mc", "--pairs", "99999999999999"],
        &["mc", "--prior", "cauchy"],
        &["mc", "--threads", "0"],
        &["mc", "--sweep", "0,-0.1"],
        &["mc", "--sweep", "0,x"],
        &["mc", "--sweep", "0,0.1", "--sigma", "0.2"],
        &["mc", "--frobnicate"],
    ];
    for args in cases {
        let out = ulab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("ulab: "), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
