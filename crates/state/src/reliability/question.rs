//! The user's own question: with their uncertainty on the utilities (σ) and on each confusion
//! matrix (a Dirichlet posterior from its counts), the probability that each of the Compare
//! view's classifiers is the best, and each one's yield distribution.

use super::{MergeError, kind};
use crate::AppState;
use crate::baseline::Baseline;
use std::fmt;
use ulab_core::mc::question::{QuestionConfig, QuestionResult, QuestionTally, question_summary};
use ulab_core::prevalence::reweight;
use ulab_core::text::{exported, trimmed};
use ulab_core::{ConfusionMatrix, CoreError, Orientation};
use ulab_plot::mc_question::{BestPlot, YieldHistograms};
use ulab_worker::{Output, Work};

/// Why the question cannot be asked: one line for the user.
#[derive(Debug, Clone, PartialEq)]
pub enum QuestionError {
    /// There is no classifier to ask about.
    NoClassifier,
    /// The utility matrix is not valid.
    Utility(CoreError),
    /// A classifier's matrix is not valid.
    Classifier {
        /// Its name.
        name: String,
        /// Why.
        error: CoreError,
    },
    /// Settings the core refuses (e.g. too many draws × classifiers).
    Settings(CoreError),
}

impl fmt::Display for QuestionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuestionError::NoClassifier => write!(f, "add a classifier in the Compare view first"),
            QuestionError::Utility(e) | QuestionError::Settings(e) => write!(f, "{e}"),
            QuestionError::Classifier { name, error } => write!(f, "{name}: {error}"),
        }
    }
}

impl std::error::Error for QuestionError {}

/// The user's question built from the state: the Compare view's utility matrix and
/// classifiers, with the question's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    /// The core's question.
    pub config: QuestionConfig,
    /// The classifiers' names, in order.
    pub names: Vec<String>,
    /// Names of the classifiers given as fractions, whose counts were taken as
    /// `fraction × n` with the settings' assumed test-set size.
    pub assumed_size: Vec<String>,
}

/// Builds the question of the state.
///
/// # Errors
/// No classifier, or settings the core refuses (e.g. too many draws × classifiers), as one
/// line for the user.
///
/// # Examples
///
/// ```
/// use ulab_state::{reliability::question, AppState};
/// let q = question(&AppState::default()).unwrap(); // the factory: A and B, counts
/// assert_eq!(q.names, ["A", "B"]);
/// assert!(q.assumed_size.is_empty());
/// ```
pub fn question(state: &AppState) -> Result<Question, QuestionError> {
    if state.classifiers().is_empty() {
        return Err(QuestionError::NoClassifier);
    }
    let qs = &state.mc.question;
    let utility = state.utility_matrix().clone();
    let mut classifiers = Vec::new();
    let mut assumed_size = Vec::new();
    for c in state.classifiers() {
        let named = |error| QuestionError::Classifier {
            name: c.name.clone(),
            error,
        };
        let cm = c.confusion().map_err(named)?;
        let cm = if cm.is_integer_counts() {
            cm
        } else {
            assumed_size.push(c.name.clone());
            let scaled = cm.normalized().map(|v| v * qs.n as f64).map_err(named)?;
            ConfusionMatrix::new(scaled, Orientation::OutputRows).map_err(named)?
        };
        classifiers.push(cm);
    }
    let mut config = QuestionConfig::new(utility, classifiers);
    config.sigma = qs.sigma;
    config.alpha = qs.alpha;
    config.draws = qs.draws;
    config.seed = qs.seed;
    config.validate().map_err(QuestionError::Settings)?;
    Ok(Question {
        config,
        names: state.classifiers().iter().map(|c| c.name.clone()).collect(),
        assumed_size,
    })
}

/// The tasks of a question: every chunk.
pub fn question_works(config: &QuestionConfig) -> Vec<Work> {
    (0..config.chunks())
        .map(|chunk| Work::Question {
            config: config.clone(),
            chunk,
        })
        .collect()
}

/// Merges the answers of [`question_works`] (in task order) and summarizes them.
///
/// # Errors
/// Answers that do not fit the question.
pub fn merge_question(
    config: &QuestionConfig,
    outputs: &[Output],
) -> Result<QuestionResult, MergeError> {
    let mut tally = QuestionTally::default();
    for out in outputs {
        match out {
            Output::Question { tally: t } => tally.merge(t),
            other => {
                return Err(MergeError::Unexpected {
                    job: "the question",
                    answer: kind(other),
                });
            }
        }
    }
    question_summary(config, &tally).map_err(MergeError::Summary)
}

/// The warning for classifiers given as fractions (`names`): the test set's size is unknown
/// and matters, and is taken as `n`.
///
/// # Examples
///
/// ```
/// use ulab_state::reliability::fractions_note;
/// let one = fractions_note(&["B".to_string()], 100);
/// assert!(one.starts_with("B is given as fractions, so the size of the test set is unknown"));
/// assert!(one.ends_with("the counts are taken as fraction × 100."));
/// let two = fractions_note(&["A".to_string(), "B".to_string()], 250);
/// assert!(two.starts_with("A, B are given as fractions"));
/// ```
pub fn fractions_note(names: &[String], n: u64) -> String {
    format!(
        "{} {} given as fractions, so the size of the test set is unknown — and it matters: the smaller it was, the less sure the ranking. Enter N above; the counts are taken as fraction × {}.",
        names.join(", "),
        if names.len() == 1 { "is" } else { "are" },
        n
    )
}

/// One sentence: who is most likely the best, and how likely.
///
/// # Examples
///
/// ```
/// use ulab_state::reliability::best_sentence;
/// let names = vec!["A".to_string(), "B".to_string()];
/// assert_eq!(best_sentence(&names, &[0.93, 0.07]), "A is the best with probability 0.93.");
/// assert_eq!(best_sentence(&names, &[0.5, 0.5]), "A and B are equally likely to be the best (probability 0.5 each).");
/// ```
pub fn best_sentence(names: &[String], p_best: &[f64]) -> String {
    let Some(top) = p_best
        .iter()
        .copied()
        .fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m| m.max(v))))
    else {
        return String::new();
    };
    let leaders: Vec<&str> = names
        .iter()
        .zip(p_best)
        .filter(|(_, p)| **p == top)
        .map(|(n, _)| n.as_str())
        .collect();
    let p = trimmed(top, 3);
    match leaders.as_slice() {
        [one] => format!("{one} is the best with probability {p}."),
        many => format!(
            "{} are equally likely to be the best (probability {p} each).",
            join_and(many)
        ),
    }
}

/// The baseline every view states ([`Baseline`]), beside the question's answer: when deciding
/// the same for every item yields more than every classifier asked about — on the question's
/// shares (the deployment's when set, else the first classifier's test set) — the sentence that
/// says so. The draws leave it out of `P(best)`: its yield has no test-set noise of its own.
///
/// # Examples
///
/// ```
/// use ulab_state::{reliability::{baseline_note, question}, AppState};
/// let q = question(&AppState::default()).unwrap(); // the factory
/// let names = ["long".to_string(), "short".to_string()];
/// assert_eq!(baseline_note(&q.config, &names).unwrap(), "Deciding 'short' for every item, without any classifier, would yield 65 per item — more than every classifier here.");
/// ```
pub fn baseline_note(config: &QuestionConfig, decisions: &[String]) -> Option<String> {
    if config.remap.is_some() {
        return None; // not the question this view asks
    }
    let u = &config.utility;
    let yields = config
        .classifiers
        .iter()
        .map(|cm| match &config.prevalence {
            Some(p) => reweight(cm, p).and_then(|c| u.yield_of(&c)),
            None => u.yield_of(cm),
        });
    let top = yields
        .collect::<Result<Vec<f64>, _>>()
        .ok()?
        .into_iter()
        .reduce(f64::max)?;
    let shares = match &config.prevalence {
        Some(p) => p.clone(),
        None => config.classifiers.first()?.class_shares(),
    };
    Baseline::best(u, &shares, decisions)?.sentence_if_beats(
        top,
        "classifier",
        config.classifiers.len(),
    )
}

fn join_and(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [a] => a.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The question's plots: P(best) and the yield histograms.
pub fn question_plots(names: &[String], r: &QuestionResult) -> (BestPlot, YieldHistograms) {
    (
        BestPlot {
            names: names.to_vec(),
            p: r.p_best.clone(),
            se: r.p_best_se.clone(),
        },
        YieldHistograms {
            names: names.to_vec(),
            edges: r.bin_edges.clone(),
            counts: r.yields.iter().map(|y| y.histogram.clone()).collect(),
            points: r.yields.iter().map(|y| y.point).collect(),
            x_title: "utility yield per item".into(),
        },
    )
}

/// The question's table as CSV (computed values by [`exported`]).
pub fn question_csv(names: &[String], r: &QuestionResult) -> String {
    let header = [
        "classifier",
        "p_best",
        "p_best_stderr",
        "yield_of_counts",
        "mean",
        "sd",
        "q2.5",
        "q25",
        "median",
        "q75",
        "q97.5",
        "draws",
    ];
    let mut rows = vec![header.map(String::from).to_vec()];
    for (k, name) in names.iter().enumerate() {
        let (Some(p), Some(se), Some(y)) = (r.p_best.get(k), r.p_best_se.get(k), r.yields.get(k))
        else {
            continue;
        };
        let mut row = vec![name.clone()];
        row.extend([*p, *se, y.point, y.mean, y.sd].map(exported));
        row.extend(y.quantiles.map(exported));
        row.push(r.draws.to_string());
        rows.push(row);
    }
    ulab_csv::write(&rows)
}

#[cfg(test)]
mod tests {
    use super::super::outputs;
    use super::*;
    use crate::presets;
    use ulab_core::mc::question::question as answer;

    #[test]
    fn question_from_the_compare_state() {
        let mut state = presets::factory();
        state.mc.question.draws = 5000;
        state.mc.question.seed = 3;
        let q = question(&state).unwrap();
        let r = merge_question(&q.config, &outputs(&question_works(&q.config))).unwrap();
        assert_eq!(r, answer(&q.config, |_, _| {}).unwrap());
        // The golden values of tests/it/mc_determinism.rs (same question, σ = 0.05, α = 1).
        assert_eq!(r.p_best, vec![0.6118, 0.3882]);
        let csv = question_csv(&q.names, &r);
        assert!(csv.lines().nth(1).unwrap().starts_with("A,0.6118,"));
        let (best, hist) = question_plots(&q.names, &r);
        assert_eq!(best.p, r.p_best);
        assert_eq!(hist.counts.len(), 2);
        // Fractions: the assumed test-set size turns them into counts.
        state
            .change_problem(|p| {
                p.classifiers[0].matrix = ulab_core::Matrix::parse("0.27,0.15;0.23,0.35").unwrap()
            })
            .unwrap();
        state.mc.question.n = 100;
        let q = question(&state).unwrap();
        assert_eq!(q.assumed_size, ["A"]);
        let counts = q.config.classifiers[0].counts();
        assert!((counts.get(0, 0) - 27.0).abs() < 1e-9 && (counts.get(1, 1) - 35.0).abs() < 1e-9);
        // No classifier: a message, not a panic.
        state
            .change_problem(|p| {
                p.classifiers.clear();
            })
            .unwrap();
        assert_eq!(question(&state).unwrap_err(), QuestionError::NoClassifier);
        assert!(
            question(&state)
                .unwrap_err()
                .to_string()
                .contains("classifier")
        );
    }

    #[test]
    fn the_question_csv_quotes_names_and_rounds_noise() {
        let names = vec!["A, \"best\"".to_string()];
        let r = QuestionResult {
            p_best: vec![0.1 + 0.2],
            p_best_se: vec![1.0 / 3.0],
            yields: vec![ulab_core::mc::question::YieldSummary {
                point: 1013.0000000000001,
                mean: -0.40000000000000036,
                sd: 0.0,
                quantiles: [0.0; 5],
                histogram: vec![],
            }],
            bin_edges: vec![],
            draws: 10,
        };
        let csv = question_csv(&names, &r);
        assert_eq!(
            csv.lines().nth(1).unwrap(),
            "\"A, \"\"best\"\"\",0.3,0.333333333333,1013,-0.4,0,0,0,0,0,0,10"
        );
    }

    #[test]
    fn sentences() {
        let names: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
        assert_eq!(
            best_sentence(&names, &[0.4, 0.4, 0.2]),
            "A and B are equally likely to be the best (probability 0.4 each)."
        );
        assert_eq!(best_sentence(&[], &[]), "");
    }
}
