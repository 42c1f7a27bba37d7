//! `ulab roc`, run as a program. Expected values are hand calculations on a small score file
//! (written out below) and closed forms of the binormal model.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;

use super::common::*;

// ---- data ------------------------------------------------------------------------------------

/// Three 'pos' and three 'neg' cases with one tie across the classes (0.4). With 'pos' positive,
/// of the 9 (pos, neg) pairs 0.9 and 0.8 beat all three negatives (6), 0.4 beats 0.1 (1) and
/// ties 0.4 (½): AUC = 7.5 / 9.
const SCORES: &str = "score,label\n0.9,pos\n0.8,pos\n0.4,pos\n0.7,neg\n0.4,neg\n0.1,neg\n";
const SCORES_NO_HEADER: &str = "0.9,pos\n0.8,pos\n0.4,pos\n0.7,neg\n0.4,neg\n0.1,neg\n";

struct TempDir(std::path::PathBuf);
impl TempDir {
    fn new(tag: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("ulab-cli-roc-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
    fn file(&self, name: &str, content: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, content).unwrap();
        p.display().to_string()
    }
}
impl Drop for TempDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

fn points(v: &Value) -> Vec<(f64, f64)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| (num(&p["fpr"]), num(&p["tpr"])))
        .collect()
}

// ---- scores -----------------------------------------------------------------------------------

#[test]
fn hand_computed_auc_hull_and_optimum() {
    let dir = TempDir::new("hand");
    let f = dir.file("s.csv", SCORES.as_bytes());
    let out = json(&[
        "roc",
        "--scores",
        &f,
        "--positive",
        "pos",
        "--utility",
        "1,0;0,1",
        "--json",
    ]);
    assert_eq!(out["positive"], "pos");
    assert_eq!(out["positives"], 3);
    assert_eq!(out["negatives"], 3);
    assert!(close(num(&out["auc"]), 7.5 / 9.0, 1e-12));
    assert!(close(num(&out["mann_whitney_auc"]), 7.5 / 9.0, 1e-12));
    // Points: (0,0) (0,⅓) (0,⅔) (⅓,⅔) (⅔,1) (1,1); on the hull: (0,⅓) is on the segment
    // (0,0)–(0,⅔) and (⅓,⅔) below (0,⅔)–(⅔,1).
    let hull = points(&out["hull"]);
    let want = [(0.0, 0.0), (0.0, 2.0 / 3.0), (2.0 / 3.0, 1.0), (1.0, 1.0)];
    assert_eq!(hull.len(), want.len(), "{hull:?}");
    for (h, w) in hull.iter().zip(want) {
        assert!(close(h.0, w.0, 1e-12) && close(h.1, w.1, 1e-12), "{hull:?}");
    }
    assert!(out["hull"][0]["threshold"].is_null()); // +∞
    // Identity utilities, B = ½: yield = ½·TPR + ½·(1 − FPR), best at threshold 0.8: 5/6.
    assert!(close(num(&out["iso_utility_slope"]), 1.0, 1e-12));
    let opt = &out["optimal"];
    assert_eq!(num(&opt["threshold"]), 0.8);
    assert_eq!(num(&opt["fpr"]), 0.0);
    assert!(close(num(&opt["tpr"]), 2.0 / 3.0, 1e-12));
    assert!(close(num(&opt["yield"]), 5.0 / 6.0, 1e-12));
}

#[test]
fn default_positive_follows_scikit_learn() {
    let dir = TempDir::new("default");
    // 'neg' and 'pos' have no conventional positive: the user must say which.
    let f = dir.file("s.csv", SCORES.as_bytes());
    let line = fails(&["roc", "--scores", &f]);
    assert_eq!(
        line,
        "ulab: --positive: the labels are 'neg' and 'pos'; say which one is positive \
         (--positive pos)"
    );
    // The same cases labelled 1 (for pos) and 0: 1 is positive, AUC 7.5/9 as by hand above.
    let as_01 = SCORES.replace("pos", "1").replace("neg", "0");
    let g = dir.file("01.csv", as_01.as_bytes());
    let out = json(&["roc", "--scores", &g, "--json"]);
    assert_eq!(out["positive"], "1");
    assert!(close(num(&out["auc"]), 7.5 / 9.0, 1e-12));
    let text = ok(&["roc", "--scores", &g]);
    assert!(
        text.contains(
            "'1' (the greater of 0 and 1, as scikit-learn does; choose another with --positive)"
        ),
        "{text}"
    );
    // −1 / 1 and false / true (any case) likewise.
    for (pos, neg) in [("1", "-1"), ("True", "FALSE"), ("1.0", "0.0")] {
        let text = SCORES.replace("pos", pos).replace("neg", neg);
        let h = dir.file("h.csv", text.as_bytes());
        let out = json(&["roc", "--scores", &h, "--json"]);
        assert_eq!(out["positive"], pos);
        assert!(close(num(&out["auc"]), 7.5 / 9.0, 1e-12));
    }
    // Other numbers have no convention either: 9 and 10.
    let n = dir.file("n.csv", b"0.2,10\n0.9,9\n");
    let line = fails(&["roc", "--scores", &n]);
    assert!(
        line.contains("--positive: the labels are '9' and '10'; say which one is positive"),
        "{line}"
    );
    // --positive still chooses either.
    let out = json(&["roc", "--scores", &g, "--positive", "0", "--json"]);
    assert_eq!(out["positive"], "0");
    assert!(close(num(&out["auc"]), 1.5 / 9.0, 1e-12));
}

#[test]
fn header_is_optional_and_columns_may_be_named() {
    let dir = TempDir::new("header");
    let with = dir.file("with.csv", SCORES.as_bytes());
    let without = dir.file("without.csv", SCORES_NO_HEADER.as_bytes());
    let swapped = dir.file(
        "swapped.csv",
        b"id;label;score\n1;pos;0.9\n2;pos;0.8\n3;pos;0.4\n4;neg;0.7\n5;neg;0.4\n6;neg;0.1\n",
    );
    let crlf = dir.file("crlf.csv", SCORES.replace('\n', "\r\n").as_bytes());
    let mut aucs = Vec::new();
    for f in [&with, &without, &swapped, &crlf] {
        let out = json(&["roc", "--scores", f, "--positive", "pos", "--json"]);
        aucs.push(num(&out["auc"]));
    }
    for a in aucs {
        assert!(close(a, 7.5 / 9.0, 1e-12));
    }
}

#[test]
fn stdin_and_curve() {
    let args = [
        "roc",
        "--scores",
        "-",
        "--positive",
        "pos",
        "--utility",
        "1,0;0,1",
        "--curve",
        "--json",
    ];
    let out = ulab_stdin(&args, SCORES);
    let out: Value = serde_json::from_str(&text_of(&out, &args)).unwrap();
    let curve = out["curve"].as_array().unwrap();
    assert_eq!(curve.len(), 6); // (0,0) + 5 distinct scores
    // yield = ½·TPR + ½·(1 − FPR) at each point
    let want = [0.5, 2.0 / 3.0, 5.0 / 6.0, 2.0 / 3.0, 2.0 / 3.0, 0.5];
    for (p, w) in curve.iter().zip(want) {
        assert!(close(num(&p["yield"]), w, 1e-12), "{p}");
    }
    let text = text_of(&ulab_stdin(&args[..args.len() - 1], SCORES), &args);
    assert!(text.contains("yield vs threshold"), "{text}");
    assert!(text.contains("ROC from stdin"), "{text}");
}

#[test]
fn all_tied_scores_give_half() {
    let args = ["roc", "--scores", "-", "--positive", "a", "--json"];
    let out = ulab_stdin(&args, "1,a\n1,b\n1,a\n1,b\n");
    let out: Value = serde_json::from_str(&text_of(&out, &args)).unwrap();
    assert_eq!(num(&out["auc"]), 0.5);
    assert_eq!(num(&out["mann_whitney_auc"]), 0.5);
}

#[test]
fn more_than_two_labels_one_against_the_rest() {
    let args = ["roc", "--scores", "-", "--positive", "b", "--json"];
    // b: 0.9, 0.5; rest: 0.7, 0.1, 0.3 → pairs won: 3 + 2 = 5 of 6.
    let out = ulab_stdin(&args, "0.9,b\n0.5,b\n0.7,a\n0.1,c\n0.3,a\n");
    let out: Value = serde_json::from_str(&text_of(&out, &args)).unwrap();
    assert!(close(num(&out["auc"]), 5.0 / 6.0, 1e-12));
    assert_eq!(out["negatives"], 3);
}

#[test]
fn share_changes_the_slope() {
    let dir = TempDir::new("share");
    let f = dir.file("s.csv", SCORES.as_bytes());
    // m = (U11 − U01)(1 − B) / ((U00 − U10)·B) = 0.8 / 0.2 = 4 for the identity at B = 0.2.
    let out = json(&[
        "roc",
        "--scores",
        &f,
        "--positive",
        "pos",
        "--utility",
        "1,0;0,1",
        "--share",
        "0.2",
        "--json",
    ]);
    assert!(close(num(&out["iso_utility_slope"]), 4.0, 1e-12));
    assert_eq!(num(&out["class0_share"]), 0.2);
}

// ---- binormal ---------------------------------------------------------------------------------

#[test]
fn binormal_auc() {
    // Φ(1/√2)
    let out = json(&["roc", "--binormal", "1,1", "--json"]);
    assert!(close(num(&out["auc"]), 0.7602499389065233, 1e-10));
    let out = json(&["roc", "--binormal", "0,1", "--json"]);
    assert!(close(num(&out["auc"]), 0.5, 1e-15));
    let text = ok(&["roc", "--binormal", "1,1"]);
    assert!(text.contains("0.7602499389"), "{text}");
}

#[test]
fn binormal_optimum_and_slope() {
    // Fig. 8 of Dyrland et al. 2022: U = [[4,0],[0,1]], B = ½, slope ¼. Equal variances: the likelihood
    // ratio φ(z + 1)/φ(z) = exp(−z − ½) equals ¼ at z = ln 4 − ½, i.e. the threshold on the
    // class-1 score scale is −z = ½ − ln 4.
    let out = json(&["roc", "--binormal", "1,1", "--utility", "4,0;0,1", "--json"]);
    assert!(close(num(&out["iso_utility_slope"]), 0.25, 1e-15));
    assert!(close(
        num(&out["optimal"]["threshold"]),
        0.5 - 4f64.ln(),
        1e-5
    ));
    let out = json(&[
        "roc",
        "--binormal",
        "1,1",
        "--curve",
        "--points",
        "5",
        "--json",
    ]);
    assert_eq!(out["curve"].as_array().unwrap().len(), 5);
    assert!(out["curve"][0]["threshold"].is_null());
}

// ---- bad input -----------------------------------------------------------------------------

#[test]
fn bad_input_is_one_clear_line() {
    let dir = TempDir::new("bad");
    let bad = dir.file(
        "bad.csv",
        b"score,label\n0.5,a\n0.7,b\n\n0.1,a\n0.2,b\nabc,a\n",
    );
    let nan = dir.file("nan.csv", b"0.5,a\nNaN,b\n");
    let empty = dir.file("empty.csv", b"");
    let header_only = dir.file("header.csv", b"score,label\n");
    let one = dir.file("one.csv", b"0.5,a\n0.6,a\n");
    let three = dir.file("three.csv", b"0.5,a\n0.6,b\n0.7,c\n");
    let fields = dir.file("fields.csv", b"0.5,a\n0.6\n");
    let no_label = dir.file("nolabel.csv", b"0.5,a\n0.6,\n");
    let binary = dir.file("bin.csv", b"0.5,a\n0.6,\xff\xfe\n");
    let dir_path = dir.0.display().to_string();
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec!["--scores", &bad],
            format!("{bad}: line 7: 'abc' is not a number"),
        ),
        (
            vec!["--scores", &nan],
            "line 2: 'NaN' is not a number".into(),
        ),
        (vec!["--scores", &empty], "no data".into()),
        (vec!["--scores", &header_only], "no data".into()),
        (vec!["--scores", &one], "only one label ('a')".into()),
        (vec!["--scores", &three], "3 labels".into()),
        (
            vec!["--scores", &fields],
            "line 2: expected 2 fields".into(),
        ),
        (
            vec!["--scores", &no_label],
            "line 2: the label is empty".into(),
        ),
        (vec!["--scores", &binary], "line 2: not UTF-8".into()),
        (
            vec!["--scores", "/nonexistent/ulab/s.csv"],
            "cannot open: no such file".into(),
        ),
        (vec!["--scores", &dir_path], "cannot read".into()),
        (
            vec!["--scores", &three, "--positive", "zz"],
            "--positive: the label 'zz' does not occur".into(),
        ),
        (
            vec![
                "--scores",
                &three,
                "--utility",
                "1,0,0;0,1,0;0,0,1",
                "--positive",
                "a",
            ],
            "2 × 2".into(),
        ),
        (
            vec!["--scores", &three, "--positive", "a", "--share", "1.5"],
            "--share: 1.5 is outside (0, 1)".into(),
        ),
        (
            vec!["--binormal", "1"],
            "--binormal: expected 2 values".into(),
        ),
        (vec!["--binormal", "1,0"], "10⁻⁶ ≤ b ≤ 10⁶".into()),
        (
            vec!["--binormal", "1,x"],
            "--binormal: value 2: 'x' is not a number".into(),
        ),
        (
            vec!["--binormal", "1,1", "--share", "nan"],
            "--share".into(),
        ),
        (
            vec!["--binormal", "1,1", "--positive", "a"],
            "--scores".into(),
        ),
        (
            vec!["--binormal", "1,1", "--scores", &three],
            "cannot be used with".into(),
        ),
        (vec![], "--scores".into()),
    ];
    for (args, expected) in cases {
        let full: Vec<&str> = std::iter::once("roc").chain(args.iter().copied()).collect();
        let line = fails(&full);
        assert!(
            line.contains(&expected),
            "ulab {full:?}: {line:?} should contain {expected:?}"
        );
    }
    // Empty standard input.
    let args = ["roc", "--scores", "-"];
    let line = fails_out(&ulab_stdin(&args, ""), &args);
    assert!(line.contains("stdin: no data"), "{line}");
}

#[test]
fn help_has_examples() {
    let text = ok(&["roc", "--help"]);
    assert!(text.contains("ulab roc --scores scores.csv"));
    assert!(text.contains("--binormal"));
}
