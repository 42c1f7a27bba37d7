//! The built-in samples (`sample=NAME` in a link): seeded test sets generated in a few
//! milliseconds, so that a teacher's link or an embed shows the whole view without a file.
//!
//! Both draw each item's true class `c` with the class shares `π`, then one signal per class
//! `s_k = μ·[k = c] + Z_k`, `Z_k ~ N(0, 1)`; the **calibrated** probabilities are the exact
//! posterior `p_k ∝ π_k·exp(μ·s_k)`.
//!
//! * [`TRIAGE`]: classes ok / minor / severe (shares 60 / 30 / 10 %, `μ = 1.4`), decisions
//!   home / treat minor / treat severe / refer; model "calibrated" and model "overconfident",
//!   whose log-probabilities are the calibrated ones times 2.5 (`p ∝ p_cal^2.5`): trusting it
//!   loses yield, and recalibrating it wins most of it back.
//! * [`SCREENING`]: labels 1 (ill, the positive class 0) and 0 (shares 20 / 80 %, `μ = 1.6`),
//!   decisions treat / wait; single columns (the probability of `1`): model "calibrated" and
//!   model "timid", whose log-odds are the calibrated ones times 0.4, shifted by +1.
//!
//! The probabilities are written with 12 significant digits ([`exported`]) and read back by
//! the file reader: a sample is a file like any other ([`Sample::csv`]).

use super::file::{ProbsFile, parse_probs};
use crate::edit::text::{Rule, read_syntax};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use ulab_core::UtilityMatrix;
use ulab_core::mc::rng::uniform;
use ulab_core::mc::sampler::standard_normal;
use ulab_core::text::exported;

/// The triage sample's name.
pub const TRIAGE: &str = "triage";

/// The screening sample's name.
pub const SCREENING: &str = "screening";

/// The samples' names.
pub const SAMPLES: [&str; 2] = [TRIAGE, SCREENING];

/// Items of each sample.
pub const ITEMS: usize = 2000;

/// The seed of a sample link without `seed`.
pub const DEFAULT_SEED: u64 = 1;

/// A built-in sample: its file and the decision problem it comes with.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// Its name (`sample=NAME`).
    pub name: &'static str,
    /// The generated CSV file.
    pub csv: String,
    /// The file read.
    pub file: ProbsFile,
    /// Its utility matrix (rows = decisions).
    pub utility: UtilityMatrix,
    /// Its decisions' names.
    pub decisions: Vec<String>,
}

/// The classes' log-posterior `ln π_k + μ·s_k` of one item of class `c`.
fn logits(rng: &mut Xoshiro256PlusPlus, pi: &[f64], mu: f64, c: usize) -> Vec<f64> {
    pi.iter()
        .enumerate()
        .map(|(k, p)| {
            let s = standard_normal(rng) + if k == c { mu } else { 0.0 };
            p.ln() + mu * s
        })
        .collect()
}

/// `softmax(scale·z + shift)`.
fn softmax(z: &[f64], scale: f64, shift: &[f64]) -> Vec<f64> {
    let s: Vec<f64> = z
        .iter()
        .zip(shift.iter().chain(std::iter::repeat(&0.0)))
        .map(|(v, b)| scale * v + b)
        .collect();
    let top = s.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = s.iter().map(|v| (v - top).exp()).collect();
    let sum: f64 = e.iter().sum();
    e.into_iter().map(|v| v / sum).collect()
}

/// A class drawn with the shares `pi`.
fn class(rng: &mut Xoshiro256PlusPlus, pi: &[f64]) -> usize {
    let u = uniform(rng);
    let mut acc = 0.0;
    for (k, p) in pi.iter().enumerate() {
        acc += p;
        if u < acc {
            return k;
        }
    }
    pi.len() - 1
}

fn triage_csv(seed: u64) -> String {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let classes = PROBLEMS[0].classes;
    let pi = [0.6, 0.3, 0.1];
    let mut out = String::from("label");
    for m in ["calibrated", "overconfident"] {
        for c in classes {
            out.push_str(&format!(",{m}:{c}"));
        }
    }
    out.push('\n');
    for _ in 0..ITEMS {
        let c = class(&mut rng, &pi);
        let z = logits(&mut rng, &pi, 1.4, c);
        out.push_str(classes[c]);
        for p in softmax(&z, 1.0, &[])
            .into_iter()
            .chain(softmax(&z, 2.5, &[]))
        {
            out.push(',');
            out.push_str(&exported(p));
        }
        out.push('\n');
    }
    out
}

fn screening_csv(seed: u64) -> String {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let labels = PROBLEMS[1].classes;
    let pi = [0.2, 0.8];
    let mut out = String::from("y_true,calibrated,timid\n");
    for _ in 0..ITEMS {
        let c = class(&mut rng, &pi);
        let z = logits(&mut rng, &pi, 1.6, c);
        let calibrated = softmax(&z, 1.0, &[])[0];
        let timid = softmax(&z, 0.4, &[1.0, 0.0])[0];
        out.push_str(&format!(
            "{},{},{}\n",
            labels[c],
            exported(calibrated),
            exported(timid)
        ));
    }
    out
}

/// The decision problem a sample comes with: its classes (in the file's order), its decisions
/// and its utility matrix (rows = decisions, matrix syntax). Constants, so that a link's
/// `sample` key can set them without generating the sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SampleProblem {
    /// The sample's name.
    pub name: &'static str,
    /// Its classes, in the file's order (class 0 first).
    pub classes: &'static [&'static str],
    /// Its decisions: one per class, then any extra.
    pub decisions: &'static [&'static str],
    /// Its utility matrix, rows = decisions.
    pub utility: &'static str,
}

/// The samples' problems, in the order of [`SAMPLES`].
pub const PROBLEMS: [SampleProblem; 2] = [
    SampleProblem {
        name: TRIAGE,
        classes: &["ok", "minor", "severe"],
        decisions: &["home", "treat minor", "treat severe", "refer"],
        utility: "10,-20,-200;0,15,-100;-30,0,60;-5,5,40",
    },
    SampleProblem {
        name: SCREENING,
        classes: &["1", "0"],
        decisions: &["treat", "wait"],
        utility: "50,-10;-100,0",
    },
];

/// The problem of the sample `name` (trimmed); `None` for an unknown name.
///
/// # Examples
///
/// ```
/// use ulab_state::probs::sample::problem;
/// assert_eq!(problem(" screening").unwrap().decisions, ["treat", "wait"]);
/// assert!(problem("lottery").is_none());
/// ```
pub fn problem(name: &str) -> Option<&'static SampleProblem> {
    PROBLEMS.iter().find(|p| p.name == name.trim())
}

/// The sample `name` generated from `seed`; `None` for an unknown name.
///
/// # Examples
///
/// ```
/// use ulab_state::probs::sample::{sample, ITEMS};
/// let s = sample("triage", 1).unwrap();
/// assert_eq!((s.file.table.n_items(), s.file.classes.len(), s.decisions.len()), (ITEMS, 3, 4));
/// assert_eq!(s.file.renormalized(), vec![0, 0]);
/// assert_eq!(sample("triage", 1), Some(s)); // deterministic
/// assert!(sample("lottery", 1).is_none());
/// ```
pub fn sample(name: &str, seed: u64) -> Option<Sample> {
    let p = problem(name)?;
    let csv = match p.name {
        TRIAGE => triage_csv(seed),
        _ => screening_csv(seed),
    };
    // Generated files always read; a failure would be a bug, not the user's: no sample then.
    let file = parse_probs(&csv, None).ok()?;
    Some(Sample {
        name: p.name,
        csv,
        file,
        utility: UtilityMatrix::new(read_syntax(p.utility, Rule::Any).ok()?).ok()?,
        decisions: p.decisions.iter().map(|d| d.to_string()).collect(),
    })
}
