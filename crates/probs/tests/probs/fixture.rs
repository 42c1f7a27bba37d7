//! The fixture of `tests/reference/probs/` (written by `make_probs_reference.py`, which says
//! what each number is): its JSON read into types, shared by the tests of `ulab-core`,
//! `ulab-state` and `ulab` (`#[path]`-included, so each uses what it needs).
#![allow(dead_code)]

use serde::Deserialize;
use std::collections::BTreeMap;
use ulab_core::{Matrix, UtilityMatrix};
use ulab_probs::ProbTable;

pub const DATA: &str = include_str!("../../../../tests/reference/probs/probs_cases.json");

#[derive(Deserialize)]
pub struct Doc {
    pub cases: Vec<Case>,
}

#[derive(Deserialize)]
pub struct Case {
    pub id: String,
    pub file: String,
    pub positive: Option<String>,
    pub decisions: Vec<String>,
    pub renormalized: BTreeMap<String, usize>,
    pub classes: Vec<String>,
    pub models: Vec<String>,
    pub truth: Vec<usize>,
    pub counts: Vec<u64>,
    pub probs: BTreeMap<String, Vec<Vec<f64>>>,
    pub runs: Vec<Run>,
    pub calibration: Option<BTreeMap<String, Vec<Calibration>>>,
    pub decision_curve: Option<Vec<Curve>>,
    #[serde(default)]
    pub bootstrap: Vec<Boot>,
    pub recalibration: Option<Recal>,
}

#[derive(Deserialize)]
pub struct Run {
    pub utility: Vec<Vec<f64>>,
    pub prevalence: Option<Vec<f64>>,
    pub models: Vec<ModelRun>,
}

#[derive(Deserialize)]
pub struct ModelRun {
    pub name: String,
    pub decisions_most_probable: Vec<usize>,
    pub decisions_optimal: Vec<usize>,
    pub most_probable: Outcome,
    pub optimal: Outcome,
}

#[derive(Deserialize)]
pub struct Outcome {
    pub confusion: Vec<Vec<f64>>,
    #[serde(rename = "yield")]
    pub yield_per_item: f64,
    pub total: f64,
}

#[derive(Deserialize)]
pub struct Calibration {
    pub prob_true: Vec<f64>,
    pub prob_pred: Vec<f64>,
    pub count: Vec<u64>,
    pub hits: Vec<u64>,
    pub wilson: Vec<Option<(f64, f64)>>,
}

#[derive(Deserialize)]
pub struct Curve {
    pub thresholds: Vec<f64>,
    pub prevalence: Option<Vec<f64>>,
    pub treat_all: Vec<f64>,
    pub models: BTreeMap<String, Vec<f64>>,
}

#[derive(Deserialize)]
pub struct Boot {
    pub utility: Vec<Vec<f64>>,
    pub prevalence: Option<Vec<f64>>,
    pub resamples: u64,
    pub arms: Vec<BootArm>,
    pub better: Vec<Vec<f64>>,
}

#[derive(Deserialize)]
pub struct BootArm {
    pub model: String,
    pub rule: String,
    pub mean: f64,
    pub sd: f64,
    pub lo: f64,
    pub hi: f64,
}

#[derive(Deserialize)]
pub struct Scaling {
    pub a: f64,
    pub b: Vec<f64>,
}

#[derive(Deserialize)]
pub struct Recal {
    pub model: String,
    pub folds: usize,
    pub full: Scaling,
    pub per_fold: Vec<Scaling>,
    pub utility: Vec<Vec<f64>>,
    pub most_probable: Outcome,
    pub optimal: Outcome,
    pub near_ties: usize,
}

/// The text of the fixture's CSV file `name`.
pub fn csv(name: &str) -> &'static str {
    match name {
        "triage.csv" => include_str!("../../../../tests/reference/probs/triage.csv"),
        "screening.csv" => include_str!("../../../../tests/reference/probs/screening.csv"),
        "ties.csv" => include_str!("../../../../tests/reference/probs/ties.csv"),
        other => panic!("no fixture file {other}"),
    }
}

/// The path of the fixture's CSV file `name`, from the crate of the test (a member crate's
/// folder or the workspace's).
pub fn csv_path(name: &str) -> std::path::PathBuf {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        root.join("tests/reference/probs"),
        root.join("../../tests/reference/probs"),
    ]
    .into_iter()
    .map(|d| d.join(name))
    .find(|p| p.exists())
    .unwrap_or_else(|| panic!("no fixture file {name}"))
}

pub fn doc() -> Doc {
    serde_json::from_str(DATA).expect("probs_cases.json")
}

pub fn utility(rows: &[Vec<f64>]) -> UtilityMatrix {
    UtilityMatrix::new(Matrix::from_rows(rows).unwrap()).unwrap()
}

/// The case's table, the models in the case's order.
pub fn table(c: &Case) -> ProbTable {
    let probs = c
        .models
        .iter()
        .map(|m| c.probs[m].iter().flatten().copied().collect())
        .collect();
    ProbTable::new(c.classes.len(), c.models.clone(), c.truth.clone(), probs).unwrap()
}
