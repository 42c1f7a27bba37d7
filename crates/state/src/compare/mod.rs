//! Everything the Compare view shows, computed from the state in one pass: yields and
//! rankings (test set and deployment), the metric table (Table 1 of Dyrland et al. 2022) with
//! the utility yield as its first row, the favoured and disfavoured classifier per metric,
//! admissibility (eq. 17) with the equivalent utility matrix, per-class values for more than
//! two classes, net benefit for two, and the trivial classifiers.
//!
//! The plain-words verdict is in [`verdict`], the CSV exports in [`export`], the yields table
//! and chart in [`yields`].

pub mod export;
pub mod verdict;
pub mod yields;

pub use export::{metrics_csv, yields_csv};
pub use verdict::{Verdict, scenario_verdict, verdict, verdict_of};

use super::AppState;
use crate::baseline::{Baseline, TIE};
use std::fmt;
use ulab_core::metrics::{Admissibility, Metric, all_metrics, net_benefit};
use ulab_core::prevalence::reweight;
use ulab_core::text::prose;
use ulab_core::utility::ranking;
use ulab_core::{ConfusionMatrix, CoreError, DecisionCounts, Score, Undefined, UtilityMatrix};

/// Why the analysis could not be computed (cannot happen for a validated state).
#[derive(Debug, Clone, PartialEq)]
pub enum AnalysisError {
    /// The utility matrix is not valid.
    Utility(CoreError),
    /// A classifier's matrix is not valid.
    Classifier {
        /// Its name.
        name: String,
        /// Why.
        error: CoreError,
    },
    /// A yield or metric that cannot be computed.
    Core(CoreError),
    /// The link's utility matrix or a classifier's counts could not be read: nothing is
    /// ranked (the message, [`AppState::unread_message`]).
    Unread(String),
    /// A classifier that cannot be re-weighted to the deployment class shares.
    Reweight {
        /// Its name.
        name: String,
        /// Why.
        error: CoreError,
    },
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::Utility(e) | AnalysisError::Core(e) => write!(f, "{e}"),
            AnalysisError::Classifier { name, error } => write!(f, "{name}: {error}"),
            AnalysisError::Reweight { name, error } => write!(f, "'{name}': {error}"),
            AnalysisError::Unread(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for AnalysisError {}

impl From<CoreError> for AnalysisError {
    fn from(e: CoreError) -> AnalysisError {
        AnalysisError::Core(e)
    }
}

/// The default threshold probability of the net-benefit row.
pub const DEFAULT_THRESHOLD: f64 = 0.2;

/// Choices of the Compare view that are not part of the state (not in links).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// Threshold probability `p_t` of the net-benefit row (two classes only); `None`: no row.
    pub threshold: Option<f64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threshold: Some(DEFAULT_THRESHOLD),
        }
    }
}

/// One classifier's numbers on one class distribution.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Yield per item.
    pub yield_value: f64,
    /// Total yield over the test set's `N` items (`None` if the matrix holds fractions).
    pub total: Option<f64>,
    /// Every summary metric, in [`Metric::ALL`] order.
    pub metrics: Vec<(Metric, Score)>,
}

/// What a row of the metric table measures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Measure {
    /// The utility yield under the user's utility matrix (the first row).
    Yield,
    /// A popular metric.
    Metric(Metric),
    /// Net benefit at a threshold probability `p_t` (two classes only).
    NetBenefit(f64),
}

impl Measure {
    /// The machine key (CSV, test ids): `utility_yield`, a [`Metric::key`], `net_benefit`.
    pub fn key(&self) -> &'static str {
        match self {
            Measure::Yield => "utility_yield",
            Measure::Metric(m) => m.key(),
            Measure::NetBenefit(_) => "net_benefit",
        }
    }

    /// The row's name for a problem with `n` classes ("Precision — macro average" for more
    /// than two).
    pub fn label(&self, n: usize) -> String {
        match self {
            Measure::Yield => "Utility yield".into(),
            Measure::Metric(m) => m.name(n),
            Measure::NetBenefit(p) => format!("Net benefit at p_t = {}", prose(*p)),
        }
    }

    /// The formula in plain text.
    pub fn formula(&self) -> &'static str {
        match self {
            Measure::Yield => "Σ_ij U_ij · C_ij, with C_ij = M_ij / N (eq. 10)",
            Measure::Metric(m) => m.formula(),
            Measure::NetBenefit(_) => "TP/N − FP/N · p_t / (1 − p_t)",
        }
    }
}

/// A per-class value of a per-class metric (more than two classes).
#[derive(Debug, Clone, PartialEq)]
pub struct ClassRow {
    /// The class (0-based).
    pub class: usize,
    /// One value per classifier, in state order.
    pub values: Vec<Score>,
    /// The classifiers with the highest defined value (empty on ties or < 2 defined values).
    pub favoured: Vec<usize>,
    /// The classifiers with the lowest defined value.
    pub disfavoured: Vec<usize>,
    /// Whether the per-class metric is admissible, and its utility matrix.
    pub admissibility: Admissibility,
}

/// A row of the metric table.
#[derive(Debug, Clone, PartialEq)]
pub struct TableRow {
    /// What it measures.
    pub measure: Measure,
    /// One value per classifier, in state order.
    pub values: Vec<Score>,
    /// The classifiers with the highest defined value (empty on ties or < 2 defined values).
    pub favoured: Vec<usize>,
    /// The classifiers with the lowest defined value.
    pub disfavoured: Vec<usize>,
    /// Whether the row's favourite is (one of) the yield's best; `None` for the yield row and
    /// for a metric that favours no one.
    pub agrees: Option<bool>,
    /// Whether admissible (eq. 17), with the equivalent utility matrix (for the yield row: the
    /// user's own utility matrix).
    pub admissibility: Admissibility,
    /// Per-class values (per-class metrics, more than two classes only).
    pub per_class: Vec<ClassRow>,
}

/// The numbers of all classifiers on one class distribution (the test set's, or deployment).
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// One row per classifier, in state order.
    pub rows: Vec<Row>,
    /// Classifier indices, best yield first.
    pub ranking: Vec<usize>,
    /// The classifiers with the highest yield (several on ties; empty if all tie or fewer than
    /// two classifiers).
    pub best: Vec<usize>,
    /// Yield of "always decide d" for each decision.
    pub trivial: Vec<f64>,
    /// The decision whose trivial classifier yields more than every classifier, if any.
    pub trivial_best: Option<usize>,
    /// Class shares used.
    pub shares: Vec<f64>,
    /// For each metric (in [`Metric::ALL`] order): the classifiers it favours (highest
    /// defined value; several on ties) and disfavours (lowest).
    pub favoured: Vec<(Vec<usize>, Vec<usize>)>,
    /// Metrics whose favourite is not the yield's best classifier.
    pub disagreeing: Vec<Metric>,
    /// The metric table: the yield first, then [`Metric::ALL`], then net benefit (two
    /// classes).
    pub table: Vec<TableRow>,
}

impl Scenario {
    /// The metric rows (the table without the yield row).
    pub fn metric_rows(&self) -> impl Iterator<Item = &TableRow> {
        self.table.iter().filter(|r| r.measure != Measure::Yield)
    }

    /// How many metric rows favour a classifier that is not the yield's best.
    pub fn against(&self) -> usize {
        self.metric_rows()
            .filter(|r| r.agrees == Some(false))
            .count()
    }
}

/// The whole analysis.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// On the test set.
    pub test: Scenario,
    /// Under the deployment prevalence, when it is set (and applicable).
    pub deployment: Option<Scenario>,
    /// Admissibility of each metric (in [`Metric::ALL`] order) for this number of classes.
    pub admissibility: Vec<Admissibility>,
    /// Problems worth a warning (e.g. classifiers tested on different test sets).
    pub warnings: Vec<String>,
}

fn extremes(values: &[Option<f64>]) -> (Vec<usize>, Vec<usize>) {
    let defined: Vec<f64> = values.iter().flatten().copied().collect();
    if defined.len() < 2 {
        return (vec![], vec![]);
    }
    let hi = defined.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let lo = defined.iter().copied().fold(f64::INFINITY, f64::min);
    let tol = TIE * hi.abs().max(lo.abs()).max(1.0);
    if hi - lo <= tol {
        return (vec![], vec![]);
    }
    let pick = |target: f64| {
        values
            .iter()
            .enumerate()
            .filter(|(_, v)| v.is_some_and(|v| (v - target).abs() <= tol))
            .map(|(i, _)| i)
            .collect()
    };
    (pick(hi), pick(lo))
}

fn values_of(scores: &[Score]) -> Vec<Option<f64>> {
    scores.iter().map(Score::value).collect()
}

fn table_row(
    measure: Measure,
    values: Vec<Score>,
    best: &[usize],
    admissibility: Admissibility,
) -> TableRow {
    let (favoured, disfavoured) = extremes(&values_of(&values));
    let agrees = match measure {
        Measure::Yield => None,
        _ if best.is_empty() || favoured.is_empty() => None,
        _ => Some(favoured.iter().any(|i| best.contains(i))),
    };
    TableRow {
        measure,
        values,
        favoured,
        disfavoured,
        agrees,
        admissibility,
        per_class: Vec::new(),
    }
}

/// The classifiers of one class distribution: those with one output per class, then those with
/// a row per decision (Compare's order, [`crate::Problem::all_names`]).
struct Classifiers<'a> {
    cms: &'a [ConfusionMatrix],
    decided: &'a [DecisionCounts],
}

impl Classifiers<'_> {
    /// "Not defined" for each classifier with a row per decision: the metrics need one output
    /// per class.
    fn undefined(&self) -> impl Iterator<Item = Score> + '_ {
        self.decided
            .iter()
            .map(|_| Score::Undefined(Undefined::RowPerDecision))
    }

    /// The class shares of the first classifier.
    fn shares(&self) -> Vec<f64> {
        match (self.cms.first(), self.decided.first()) {
            (Some(c), _) => c.class_shares(),
            (None, Some(d)) => d.class_shares(),
            (None, None) => Vec::new(),
        }
    }
}

/// The per-class rows of a per-class metric (more than two classes).
fn class_rows(m: Metric, all: &Classifiers, n: usize) -> Vec<ClassRow> {
    (0..n)
        .map(|c| {
            // `m` is per class here, so every classifier has a value.
            let values: Vec<Score> = (all.cms.iter().filter_map(|cm| m.class_value(cm, c)))
                .chain(all.undefined())
                .collect();
            let (favoured, disfavoured) = extremes(&values_of(&values));
            ClassRow {
                class: c,
                values,
                favoured,
                disfavoured,
                admissibility: m.class_admissibility(c, n),
            }
        })
        .collect()
}

/// The net-benefit row at threshold `p` (two classes), if `p` is a valid threshold.
fn net_benefit_row(
    all: &Classifiers,
    p: f64,
    best: &[usize],
) -> Result<Option<TableRow>, AnalysisError> {
    let Ok(nb) = UtilityMatrix::net_benefit(p) else {
        return Ok(None);
    };
    let mut values = (all.cms.iter())
        .map(|cm| net_benefit(cm, p).map(Score::Defined))
        .collect::<Result<Vec<_>, _>>()?;
    values.extend(all.undefined());
    Ok(Some(table_row(
        Measure::NetBenefit(p),
        values,
        best,
        Admissibility::Admissible(nb),
    )))
}

fn scenario(
    u: &UtilityMatrix,
    all: &Classifiers,
    kappa: Option<&[f64]>,
    counts: &[bool],
    opts: &Options,
) -> Result<Scenario, AnalysisError> {
    let mut rows = Vec::with_capacity(counts.len());
    for (cm, is_counts) in all.cms.iter().zip(counts) {
        let y = u.yield_of(cm)?;
        rows.push(Row {
            yield_value: y,
            total: is_counts.then(|| y * cm.total()),
            metrics: all_metrics(cm, kappa)?,
        });
    }
    for (d, is_counts) in all.decided.iter().zip(&counts[all.cms.len()..]) {
        let y = u.yield_of_decisions(d)?;
        let undefined = Score::Undefined(Undefined::RowPerDecision);
        rows.push(Row {
            yield_value: y,
            total: is_counts.then(|| y * d.total()),
            metrics: Metric::ALL.iter().map(|m| (*m, undefined)).collect(),
        });
    }
    let yields: Vec<f64> = rows.iter().map(|r| r.yield_value).collect();
    let order = ranking(&yields);
    let shares = all.shares();
    let trivial = if shares.is_empty() {
        vec![]
    } else {
        u.trivial_yields(&shares)?
    };
    let (best, _) = extremes(&yields.iter().map(|y| Some(*y)).collect::<Vec<_>>());
    let trivial_best = match (yields.iter().copied().reduce(f64::max), shares.is_empty()) {
        (Some(top), false) => Baseline::best(u, &shares, &[])
            .filter(|b| b.beats(top))
            .map(|b| b.decision),
        _ => None,
    };
    let mut favoured = Vec::new();
    let mut disagreeing = Vec::new();
    let n = u.n_classes();
    let mut table = vec![table_row(
        Measure::Yield,
        yields.iter().map(|y| Score::Defined(*y)).collect(),
        &best,
        Admissibility::Admissible(u.clone()),
    )];
    for (k, m) in Metric::ALL.iter().enumerate() {
        let scores: Vec<Score> = rows.iter().map(|r| r.metrics[k].1).collect();
        let mut row = table_row(Measure::Metric(*m), scores, &best, m.admissibility(n));
        if row.agrees == Some(false) {
            disagreeing.push(*m);
        }
        favoured.push((row.favoured.clone(), row.disfavoured.clone()));
        if n > 2 && m.is_per_class() {
            row.per_class = class_rows(*m, all, n);
        }
        table.push(row);
    }
    if let (2, Some(p)) = (n, opts.threshold) {
        table.extend(net_benefit_row(all, p, &best)?);
    }
    Ok(Scenario {
        rows,
        ranking: order,
        best,
        trivial,
        trivial_best,
        shares,
        favoured,
        disagreeing,
        table,
    })
}

/// Computes the analysis with the default [`Options`].
///
/// # Errors
/// The state is invalid (cannot happen for states from the codecs).
///
/// # Examples
///
/// ```
/// use ulab_state::{compare::analyze, AppState};
/// let a = analyze(&AppState::default()).unwrap();
/// assert_eq!(a.test.ranking, vec![0, 1]); // A first
/// assert!(a.test.disagreeing.len() >= 8);   // most metrics favour B
/// ```
pub fn analyze(state: &AppState) -> Result<Analysis, AnalysisError> {
    analyze_with(state, &Options::default())
}

/// Computes the analysis.
///
/// # Errors
/// The state is invalid (cannot happen for states from the codecs).
pub fn analyze_with(state: &AppState, opts: &Options) -> Result<Analysis, AnalysisError> {
    if let Some(m) = state.unread_message() {
        return Err(AnalysisError::Unread(m));
    }
    let u = state.utility_matrix();
    let cms = state.problem.confusions();
    let decided = state.problem.decided_counts();
    let all = Classifiers { cms, decided };
    let counts: Vec<bool> = (cms.iter().map(|c| c.is_integer_counts() && c.total() > 1.0))
        .chain(
            decided
                .iter()
                .map(|d| d.is_integer_counts() && d.total() > 1.0),
        )
        .collect();
    let kappa = state.kappa.as_deref();
    let test = scenario(u, &all, kappa, &counts, opts)?;
    let mut warnings = Vec::new();
    let names = state.problem.all_names();
    let deployment = match &state.prevalence {
        Some(p) => {
            let error = |k: usize| {
                let name = names[k].clone();
                move |error| AnalysisError::Reweight { name, error }
            };
            let re = (cms.iter().enumerate())
                .map(|(k, c)| reweight(c, p).map_err(error(k)))
                .collect::<Result<Vec<_>, _>>();
            let k0 = cms.len();
            let re_d = (decided.iter().enumerate())
                .map(|(k, d)| d.reweight(p).map_err(error(k0 + k)))
                .collect::<Result<Vec<_>, _>>();
            let re = re.and_then(|c| Ok((c, re_d?)));
            match re.and_then(|(cms, decided)| {
                let all = Classifiers {
                    cms: &cms,
                    decided: &decided,
                };
                scenario(u, &all, kappa, &counts, opts)
            }) {
                Ok(d) => Some(d),
                Err(e) => {
                    warnings.push(format!(
                        "The deployment class shares could not be applied ({e}); only the test \
                         set's numbers are shown."
                    ));
                    None
                }
            }
        }
        None => None,
    };
    let n = state.n();
    let admissibility = Metric::ALL.iter().map(|m| m.admissibility(n)).collect();
    let shares: Vec<Vec<f64>> = (cms.iter().map(ConfusionMatrix::class_shares))
        .chain(decided.iter().map(DecisionCounts::class_shares))
        .collect();
    if let Some(s0) = shares.first() {
        for (s, name) in shares.iter().zip(&names).skip(1) {
            if s.iter().zip(s0).any(|(a, b)| (a - b).abs() > 1e-9) {
                warnings.push(format!(
                    "'{name}' has other class shares than '{}': classifiers should be compared on \
                     the same test set",
                    names[0]
                ));
            }
        }
    }
    Ok(Analysis {
        test,
        deployment,
        admissibility,
        warnings,
    })
}

#[cfg(test)]
mod tests;
