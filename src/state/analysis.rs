//! Everything the Compare view shows, computed from the state in one pass: yields and
//! rankings (test set and deployment), the metric table (Table 1 of Dyrland et al. 2022) with the utility
//! yield as its first row, the favoured and disfavoured classifier per metric, admissibility
//! (eq. 17) with the equivalent utility matrix, per-class values for more than two classes,
//! net benefit for two, the trivial classifiers, the plain-words verdict, and the CSV exports.

use super::AppState;
use crate::core::metrics::{all_metrics, net_benefit, Admissibility, Metric};
use crate::core::prevalence::reweight;
use crate::core::utility::ranking;
use crate::core::{ConfusionMatrix, Score, UtilityMatrix};
use crate::text::{capitalize, prose};

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

/// Values within this relative distance count as a tie.
const TIE: f64 = 1e-12;

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

fn scenario(
    u: &UtilityMatrix,
    cms: &[ConfusionMatrix],
    kappa: Option<&[f64]>,
    counts: &[bool],
    opts: &Options,
) -> Result<Scenario, String> {
    let mut rows = Vec::with_capacity(cms.len());
    for (cm, is_counts) in cms.iter().zip(counts) {
        let y = u.yield_of(cm).map_err(|e| e.to_string())?;
        rows.push(Row {
            yield_value: y,
            total: is_counts.then(|| y * cm.total()),
            metrics: all_metrics(cm, kappa).map_err(|e| e.to_string())?,
        });
    }
    let yields: Vec<f64> = rows.iter().map(|r| r.yield_value).collect();
    let order = ranking(&yields);
    let shares = cms.first().map(|c| c.class_shares()).unwrap_or_default();
    let trivial = if shares.is_empty() {
        vec![]
    } else {
        u.trivial_yields(&shares).map_err(|e| e.to_string())?
    };
    let (best, _) = extremes(&yields.iter().map(|y| Some(*y)).collect::<Vec<_>>());
    let trivial_best = match (
        yields.iter().copied().reduce(f64::max),
        trivial
            .iter()
            .copied()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(&b.1)),
    ) {
        (Some(top), Some((d, t))) if t - top > TIE * t.abs().max(top.abs()).max(1.0) => Some(d),
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
            row.per_class = (0..n)
                .map(|c| {
                    let values: Vec<Score> =
                        cms.iter().filter_map(|cm| m.class_value(cm, c)).collect();
                    let (fav, dis) = extremes(&values_of(&values));
                    ClassRow {
                        class: c,
                        values,
                        favoured: fav,
                        disfavoured: dis,
                        admissibility: m.class_admissibility(c, n),
                    }
                })
                .collect();
        }
        table.push(row);
    }
    if let (2, Some(p)) = (n, opts.threshold) {
        if let Ok(nb) = UtilityMatrix::net_benefit(p) {
            let values = cms
                .iter()
                .map(|cm| net_benefit(cm, p).map(Score::Defined))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string())?;
            table.push(table_row(
                Measure::NetBenefit(p),
                values,
                &best,
                Admissibility::Admissible(nb),
            ));
        }
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
/// use utility_lab::state::{analysis::analyze, AppState};
/// let a = analyze(&AppState::default()).unwrap();
/// assert_eq!(a.test.ranking, vec![0, 1]); // A first
/// assert!(a.test.disagreeing.len() >= 8);   // most metrics favour B
/// ```
pub fn analyze(state: &AppState) -> Result<Analysis, String> {
    analyze_with(state, &Options::default())
}

/// Computes the analysis.
///
/// # Errors
/// The state is invalid (cannot happen for states from the codecs).
pub fn analyze_with(state: &AppState, opts: &Options) -> Result<Analysis, String> {
    let u = state.utility_matrix().map_err(|e| e.to_string())?;
    let cms: Vec<ConfusionMatrix> = state
        .classifiers
        .iter()
        .map(|c| c.confusion().map_err(|e| format!("{}: {e}", c.name)))
        .collect::<Result<_, _>>()?;
    let counts: Vec<bool> = cms
        .iter()
        .map(|c| c.is_integer_counts() && c.total() > 1.0)
        .collect();
    let kappa = state.kappa.as_deref();
    let test = scenario(&u, &cms, kappa, &counts, opts)?;
    let mut warnings = Vec::new();
    let deployment = match &state.prevalence {
        Some(p) => {
            let re: Result<Vec<ConfusionMatrix>, String> = cms
                .iter()
                .zip(&state.classifiers)
                .map(|(c, s)| reweight(c, p).map_err(|e| format!("'{}': {e}", s.name)))
                .collect();
            match re.and_then(|re| scenario(&u, &re, kappa, &counts, opts)) {
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
    if let Some(first) = cms.first() {
        let s0 = first.class_shares();
        for (cm, c) in cms.iter().zip(&state.classifiers).skip(1) {
            let s = cm.class_shares();
            if s.iter().zip(&s0).any(|(a, b)| (a - b).abs() > 1e-9) {
                warnings.push(format!(
                    "'{}' has other class shares than '{}': classifiers should be compared on the \
                     same test set",
                    c.name, state.classifiers[0].name
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

/// The verdict in plain words.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Verdict {
    /// The main sentence: who yields most, and whether most metrics say otherwise.
    pub headline: String,
    /// Further sentences (the trivial classifiers, the other class distribution).
    pub details: Vec<String>,
    /// The majority of the metrics favours a classifier that does not yield most.
    pub majority_disagrees: bool,
    /// Deciding one class for every item yields more than every classifier.
    pub trivial_wins: bool,
}

impl Verdict {
    /// Headline and details as one paragraph.
    pub fn text(&self) -> String {
        std::iter::once(self.headline.as_str())
            .chain(self.details.iter().map(String::as_str))
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The verdict on one class distribution; `context` ("under the deployment class shares") is
/// put in front of the headline when not empty.
pub fn scenario_verdict(state: &AppState, sc: &Scenario, context: &str) -> Verdict {
    let names: Vec<&str> = state.classifiers.iter().map(|c| c.name.as_str()).collect();
    let lead = |s: String| {
        if context.is_empty() {
            capitalize(&s)
        } else {
            format!("{}, {s}", capitalize(context))
        }
    };
    let mut v = Verdict::default();
    if let Some(d) = sc.trivial_best {
        let decision = state
            .decisions
            .get(d)
            .map(String::as_str)
            .unwrap_or("one class");
        v.trivial_wins = true;
        v.details.push(format!(
            "Deciding '{decision}' for every item, without any classifier, would yield {} per \
             item — more than {}.",
            prose(sc.trivial[d]),
            if names.len() == 1 {
                "this classifier"
            } else {
                "every classifier here"
            }
        ));
    }
    if names.is_empty() {
        v.headline = "Add a classifier to compare.".into();
        v.details.clear();
        return v;
    }
    if names.len() == 1 {
        v.headline = lead(format!(
            "{} yields {} per item; add another classifier to compare.",
            names[0],
            prose(sc.rows[0].yield_value)
        ));
        return v;
    }
    let yields: Vec<f64> = sc.rows.iter().map(|r| r.yield_value).collect();
    let best = &sc.best;
    if best.is_empty() {
        v.headline = lead("all classifiers have the same utility yield.".into());
        return v;
    }
    let best_names: Vec<&str> = best.iter().map(|i| names[*i]).collect();
    let runner_up = sc.ranking.iter().find(|i| !best.contains(i)).copied();
    let total = sc.metric_rows().count();
    let against = sc.against();
    let higher = if names.len() == 2 {
        "higher"
    } else {
        "highest"
    };
    if against * 2 > total && best.len() == 1 {
        // Which classifier do the disagreeing metrics favour?
        let mut votes = vec![0usize; names.len()];
        for r in sc.metric_rows().filter(|r| r.agrees == Some(false)) {
            for i in &r.favoured {
                votes[*i] += 1;
            }
        }
        let top = (0..names.len()).max_by_key(|i| votes[*i]).unwrap_or(0);
        let (whom, other) = if votes[top] == against {
            (names[top].to_string(), top)
        } else {
            ("other classifiers".to_string(), runner_up.unwrap_or(top))
        };
        v.majority_disagrees = true;
        v.headline = lead(format!(
            "{against} of {total} metrics favour {whom}, yet {} has the {higher} utility yield: \
             {} per item against {} for {}.",
            best_names[0],
            prose(yields[best[0]]),
            prose(yields[other]),
            names[other]
        ));
        v.details.insert(
            0,
            "Choosing by the majority of these metrics would pick the wrong classifier.".into(),
        );
        return v;
    }
    v.headline = if best.len() == 1 {
        match runner_up {
            Some(j) => lead(format!(
                "{} has the {higher} utility yield: {} per item, against {} for {}.",
                best_names[0],
                prose(yields[best[0]]),
                prose(yields[j]),
                names[j]
            )),
            None => lead(format!("{} has the {higher} utility yield.", best_names[0])),
        }
    } else {
        lead(format!(
            "{} tie for the highest utility yield ({} per item).",
            best_names.join(" and "),
            prose(yields[best[0]])
        ))
    };
    let sentence = match against {
        0 => "No metric favours another classifier.".to_string(),
        1 => format!("1 of {total} metrics favours another classifier."),
        k => format!("{k} of {total} metrics favour another classifier."),
    };
    v.details.insert(0, sentence);
    v
}

/// The verdict of the whole analysis: on the deployment class shares when they are set (with
/// a sentence on the test set's ranking), else on the test set.
///
/// # Examples
///
/// ```
/// use utility_lab::state::{analysis::{analyze, verdict_of}, AppState};
/// let s = AppState::default();
/// let v = verdict_of(&s, &analyze(&s).unwrap());
/// assert!(v.majority_disagrees);
/// assert!(v.headline.starts_with("11 of 12 metrics favour B, yet A has the higher utility yield"), "{}", v.headline);
/// ```
pub fn verdict_of(state: &AppState, a: &Analysis) -> Verdict {
    let Some(d) = &a.deployment else {
        return scenario_verdict(state, &a.test, "");
    };
    let mut v = scenario_verdict(state, d, "under the deployment class shares");
    let names: Vec<&str> = state.classifiers.iter().map(|c| c.name.as_str()).collect();
    if names.len() >= 2 && !a.test.best.is_empty() && !d.best.is_empty() {
        let t = &a.test;
        let first = |sc: &Scenario| sc.best.iter().map(|i| names[*i]).collect::<Vec<_>>();
        if t.best == d.best {
            v.details.push(format!(
                "On the test set's class shares the same classifier comes first ({} per item).",
                prose(t.rows[t.best[0]].yield_value)
            ));
        } else {
            v.details.push(format!(
                "On the test set's class shares the ranking is different: {} comes first there \
                 ({} per item) — the test set does not have the deployment's class shares.",
                first(t).join(" and "),
                prose(t.rows[t.best[0]].yield_value)
            ));
        }
    }
    v
}

/// The verdict on one scenario as one paragraph (see [`scenario_verdict`]).
///
/// # Examples
///
/// ```
/// use utility_lab::state::{analysis::{analyze, verdict}, AppState};
/// let s = AppState::default();
/// let v = verdict(&s, &analyze(&s).unwrap().test);
/// assert!(v.contains("of 12 metrics favour B, yet A has the higher utility yield"), "{v}");
/// ```
pub fn verdict(state: &AppState, sc: &Scenario) -> String {
    scenario_verdict(state, sc, "").text()
}

/// A number for CSV: the shortest exact representation (`3.5`, `-0.89`); empty if undefined.
fn csv_number(v: Option<f64>) -> String {
    match v {
        Some(v) if v.is_finite() => {
            let s = format!("{v}");
            if s == "-0" {
                "0".into()
            } else {
                s
            }
        }
        _ => String::new(),
    }
}

/// The yields table as CSV rows (header first): each classifier in ranking order, then the
/// trivial classifiers "always decide d" as reference rows.
///
/// Columns: `kind` (`classifier` or `reference`), `rank`, `name`, `yield_per_item`,
/// `total_test_set`, and with deployment shares `deployment_yield_per_item`,
/// `deployment_rank`.
pub fn yields_csv(state: &AppState, a: &Analysis) -> Vec<Vec<String>> {
    let dep = a.deployment.as_ref();
    let mut header: Vec<String> = ["kind", "rank", "name", "yield_per_item", "total_test_set"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    if dep.is_some() {
        header.push("deployment_yield_per_item".into());
        header.push("deployment_rank".into());
    }
    let mut out = vec![header];
    for (rank, &i) in a.test.ranking.iter().enumerate() {
        let row = &a.test.rows[i];
        let mut line = vec![
            "classifier".to_string(),
            (rank + 1).to_string(),
            state.classifiers[i].name.clone(),
            csv_number(Some(row.yield_value)),
            csv_number(row.total),
        ];
        if let Some(d) = dep {
            line.push(csv_number(Some(d.rows[i].yield_value)));
            let r = d.ranking.iter().position(|j| *j == i).unwrap_or(0) + 1;
            line.push(r.to_string());
        }
        out.push(line);
    }
    for (k, y) in a.test.trivial.iter().enumerate() {
        let name = state.decisions.get(k).cloned().unwrap_or_default();
        let mut line = vec![
            "reference".to_string(),
            String::new(),
            format!("always {name}"),
            csv_number(Some(*y)),
            String::new(),
        ];
        if let Some(d) = dep {
            line.push(csv_number(d.trivial.get(k).copied()));
            line.push(String::new());
        }
        out.push(line);
    }
    out
}

/// The metric table of one scenario as CSV rows (header first): one row per table row (per
/// class values follow their macro average for more than two classes).
///
/// Columns: `key`, `metric`, one column per classifier, `favoured`, `disfavoured`,
/// `agrees_with_yield`, `admissible`, `equivalent_utility_matrix` (matrix syntax), `formula`.
pub fn metrics_csv(state: &AppState, sc: &Scenario) -> Vec<Vec<String>> {
    let n = state.n();
    let names: Vec<String> = state.classifiers.iter().map(|c| c.name.clone()).collect();
    let mut header = vec!["key".to_string(), "metric".to_string()];
    header.extend(names.iter().cloned());
    header.extend(
        [
            "favoured",
            "disfavoured",
            "agrees_with_yield",
            "admissible",
            "equivalent_utility_matrix",
            "formula",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    let who = |ix: &[usize]| {
        ix.iter()
            .map(|i| names[*i].as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let adm = |a: &Admissibility| match a {
        Admissibility::Admissible(u) => ("yes".to_string(), u.matrix().to_string()),
        Admissibility::Inadmissible(_) => ("no".to_string(), String::new()),
    };
    let mut out = vec![header];
    for r in &sc.table {
        let mut line = vec![r.measure.key().to_string(), r.measure.label(n)];
        line.extend(r.values.iter().map(|v| csv_number(v.value())));
        let (yes, u) = adm(&r.admissibility);
        line.extend([
            who(&r.favoured),
            who(&r.disfavoured),
            match r.agrees {
                Some(true) => "yes".into(),
                Some(false) => "no".into(),
                None => String::new(),
            },
            yes,
            u,
            r.measure.formula().to_string(),
        ]);
        out.push(line);
        for c in &r.per_class {
            let class = state.classes.get(c.class).cloned().unwrap_or_default();
            let label = match r.measure {
                Measure::Metric(m) => m.label().to_string(),
                _ => r.measure.label(n),
            };
            let mut line = vec![
                format!("{}:{class}", r.measure.key()),
                format!("{label} — class {class}"),
            ];
            line.extend(c.values.iter().map(|v| csv_number(v.value())));
            let (yes, u) = adm(&c.admissibility);
            line.extend([
                who(&c.favoured),
                who(&c.disfavoured),
                String::new(),
                yes,
                u,
                String::new(),
            ]);
            out.push(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{presets, url};

    fn decode(f: &str) -> AppState {
        let d = url::decode(f);
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        d.state
    }

    fn row<'a>(sc: &'a Scenario, key: &str) -> &'a TableRow {
        sc.table
            .iter()
            .find(|r| r.measure.key() == key)
            .unwrap_or_else(|| panic!("no row {key}"))
    }

    fn two(v: &Score) -> String {
        format!("{:.2}", v.value().unwrap())
    }

    #[test]
    fn factory_table_one() {
        let s = presets::factory();
        let a = analyze(&s).unwrap();
        assert!((a.test.rows[0].yield_value - 3.5).abs() < 1e-12);
        assert!((a.test.rows[1].yield_value + 3.5).abs() < 1e-12);
        assert_eq!(a.test.rows[0].total, Some(350.0));
        assert_eq!(a.test.best, vec![0]);
        // Table 1: every metric but specificity (TNR) favours B.
        for (k, m) in Metric::ALL.iter().enumerate() {
            let fav = &a.test.favoured[k].0;
            match m {
                Metric::Specificity => assert_eq!(fav, &vec![0], "{m:?}"),
                Metric::Npv => {} // not in Table 1
                _ => assert_eq!(fav, &vec![1], "{m:?}"),
            }
        }
        // Table 1's values, to 2 decimals (A, B).
        for (key, a_v, b_v) in [
            ("accuracy", "0.62", "0.75"),
            ("balanced_accuracy", "0.62", "0.75"),
            ("precision", "0.64", "0.70"),
            ("f1", "0.59", "0.77"),
            ("mcc", "0.24", "0.51"),
            ("fowlkes_mallows", "0.59", "0.78"),
            ("recall", "0.54", "0.86"),
            ("specificity", "0.70", "0.64"),
        ] {
            let r = row(&a.test, key);
            assert_eq!(
                (two(&r.values[0]), two(&r.values[1])),
                (a_v.into(), b_v.into()),
                "{key}"
            );
            assert_eq!(r.disfavoured.len(), 1, "{key}");
        }
        assert_eq!(a.test.trivial, vec![-160.0, 65.0]);
        assert_eq!(a.test.trivial_best, Some(1)); // "always short" beats both
        assert!(a.warnings.is_empty());
    }

    #[test]
    fn table_has_yield_first_and_net_benefit_last() {
        let a = analyze(&presets::factory()).unwrap();
        let t = &a.test.table;
        assert_eq!(t.len(), Metric::ALL.len() + 2);
        assert_eq!(t[0].measure, Measure::Yield);
        assert_eq!(t[0].favoured, vec![0]);
        assert_eq!(t[0].disfavoured, vec![1]);
        assert_eq!(t[0].agrees, None);
        assert_eq!(
            t[0].admissibility.utility().unwrap().matrix().to_string(),
            "15,-335;-35,165"
        );
        let nb = t.last().unwrap();
        assert_eq!(nb.measure, Measure::NetBenefit(0.2));
        assert!((nb.values[0].value().unwrap() - (0.27 - 0.15 * 0.25)).abs() < 1e-12);
        assert_eq!(
            nb.admissibility.utility().unwrap().matrix().to_string(),
            "1,-0.25;0,0"
        );
        assert_eq!(nb.agrees, Some(false));
        assert_eq!(a.test.against(), 11);
        assert_eq!(
            row(&a.test, "recall")
                .admissibility
                .utility()
                .unwrap()
                .matrix()
                .to_string(),
            "1,0;0,0"
        );
        assert!(!row(&a.test, "f1").admissibility.is_admissible());
        // No net-benefit row without a threshold.
        let b = analyze_with(&presets::factory(), &Options { threshold: None }).unwrap();
        assert_eq!(b.test.table.len(), Metric::ALL.len() + 1);
        // ... nor for an invalid one.
        let c = analyze_with(
            &presets::factory(),
            &Options {
                threshold: Some(1.0),
            },
        )
        .unwrap();
        assert_eq!(c.test.table.len(), Metric::ALL.len() + 1);
    }

    #[test]
    fn factory_verdict_says_the_majority_is_wrong() {
        let s = presets::factory();
        let v = verdict_of(&s, &analyze(&s).unwrap());
        assert!(v.majority_disagrees && v.trivial_wins);
        assert_eq!(
            v.headline,
            "11 of 12 metrics favour B, yet A has the higher utility yield: 3.5 per item against \
             −3.5 for B."
        );
        assert!(v.details[0].contains("wrong classifier"));
        assert!(
            v.details[1].contains("Deciding 'short' for every item"),
            "{:?}",
            v.details
        );
        assert!(v.details[1].contains("65 per item"));
    }

    #[test]
    fn variant_agrees_with_metrics() {
        let s = decode(presets::preset("variant").unwrap().fragment);
        let a = analyze(&s).unwrap();
        assert_eq!(a.test.ranking, vec![1, 0]);
        assert!((a.test.rows[1].yield_value - 7.3).abs() < 1e-12);
        assert!((a.test.rows[0].yield_value - 4.7).abs() < 1e-12);
        let v = verdict_of(&s, &a);
        assert!(!v.majority_disagrees);
        assert_eq!(
            v.headline,
            "B has the higher utility yield: 7.3 per item, against 4.7 for A."
        );
        assert_eq!(v.details[0], "1 of 12 metrics favours another classifier.");
        assert!(verdict(&s, &a.test).starts_with("B has the higher"));
    }

    #[test]
    fn medical_is_the_factory_shifted() {
        let s = decode(presets::preset("medical").unwrap().fragment);
        let a = analyze(&s).unwrap();
        assert!((a.test.rows[0].yield_value - 338.5).abs() < 1e-9);
        assert!((a.test.rows[1].yield_value - 331.5).abs() < 1e-9);
        assert_eq!(a.test.best, vec![0]);
        assert!(verdict_of(&s, &a).majority_disagrees);
    }

    #[test]
    fn lottery_flips_under_deployment() {
        let s = decode(presets::preset("lottery").unwrap().fragment);
        let a = analyze(&s).unwrap();
        assert_eq!(a.test.ranking[0], 0); // always buy: 4.5
        let d = a.deployment.as_ref().unwrap();
        assert!((d.rows[0].yield_value + 0.89).abs() < 1e-12);
        assert_eq!(d.ranking[0], 1); // never buy: 0
        let v = verdict_of(&s, &a);
        assert!(
            v.headline
                .starts_with("Under the deployment class shares, never buy has the higher"),
            "{}",
            v.headline
        );
        assert!(
            v.details
                .iter()
                .any(|d| d.contains("ranking is different: always buy comes first")),
            "{:?}",
            v.details
        );
    }

    #[test]
    fn inapplicable_deployment_is_a_warning_not_an_error() {
        // Class 1 has no case in the test set, so it cannot be re-weighted to 50 %.
        let s = decode("u=1,0;0,1&cm.A=5,0;5,0&cm.B=9,0;1,0&prev=0.5,0.5");
        let a = analyze(&s).unwrap();
        assert!(a.deployment.is_none());
        assert_eq!(a.warnings.len(), 1, "{:?}", a.warnings);
    }

    #[test]
    fn different_test_sets_are_warned() {
        let s = decode("u=1,0;0,1&cm.A=10,0;0,10&cm.B=10,0;0,30");
        assert_eq!(analyze(&s).unwrap().warnings.len(), 1);
    }

    #[test]
    fn undefined_metrics_are_not_favoured() {
        // B never outputs class 0: its precision is undefined; A is favoured by precision.
        let s = decode("u=1,0;0,1&cm.A=5,1;5,9&cm.B=0,0;10,10");
        let a = analyze(&s).unwrap();
        let k = Metric::ALL
            .iter()
            .position(|m| *m == Metric::Precision)
            .unwrap();
        assert!(a.test.rows[1].metrics[k].1.value().is_none());
        assert_eq!(a.test.favoured[k], (vec![], vec![])); // only one defined value
        let r = row(&a.test, "precision");
        assert_eq!(r.agrees, None);
        let csv = crate::state::csv::write(&metrics_csv(&s, &a.test));
        assert!(
            csv.contains("\r\nprecision,Precision,0.8333333333333334,,,,,no,"),
            "{csv}"
        );
    }

    #[test]
    fn more_classes_have_per_class_rows() {
        let s = decode(presets::preset("pd-example").unwrap().fragment);
        let a = analyze(&s).unwrap();
        let t = &a.test.table;
        assert_eq!(t.len(), Metric::ALL.len() + 1); // no net benefit
        let recall = row(&a.test, "recall");
        assert_eq!(recall.measure.label(3), "Recall (TPR) — macro average");
        assert!(!recall.admissibility.is_admissible());
        assert_eq!(recall.per_class.len(), 3);
        assert_eq!(
            recall.per_class[1]
                .admissibility
                .utility()
                .unwrap()
                .matrix()
                .to_string(),
            "0,0,0;0,1,0;0,0,0"
        );
        assert!(row(&a.test, "accuracy").per_class.is_empty());
        assert_eq!(
            Measure::Metric(Metric::Mcc).label(3),
            "Matthews correlation (R_K)"
        );
        assert_eq!(
            Measure::Metric(Metric::F1).label(3),
            "Macro F1 (mean of per-class F1)"
        );
        let pd = row(&a.test, "preference_driven");
        assert_eq!(format!("{:.3}", pd.values[0].value().unwrap()), "0.656");
        // One classifier: no favourites, a verdict that asks for another.
        let v = verdict_of(&s, &a);
        assert!(v.headline.starts_with("Table 4 yields"), "{}", v.headline);
        let csv = metrics_csv(&s, &a.test);
        assert_eq!(csv.len(), 1 + t.len() + 6 * 3);
        assert!(csv.iter().any(|r| r[0] == "recall:2" && r[6] == "yes"));
    }

    #[test]
    fn yields_csv_lists_classifiers_then_references() {
        let s = decode(presets::preset("lottery").unwrap().fragment);
        let a = analyze(&s).unwrap();
        let rows = yields_csv(&s, &a);
        assert_eq!(rows[0].len(), 7);
        assert_eq!(
            rows[1],
            vec!["classifier", "1", "always buy", "4.5", "450", "-0.89", "2"]
        );
        assert_eq!(rows[3][0], "reference");
        assert_eq!(rows[3][2], "always buy");
        assert_eq!(rows.len(), 5);
        let f = analyze(&presets::factory()).unwrap();
        let text = crate::state::csv::write(&yields_csv(&presets::factory(), &f));
        assert!(
            text.starts_with(
                "kind,rank,name,yield_per_item,total_test_set\r\nclassifier,1,A,3.5,350\r\n\
             classifier,2,B,-3.5,-350\r\nreference,,always long,-160,\r\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn no_or_one_classifier() {
        let mut s = presets::factory();
        s.classifiers.clear();
        let a = analyze(&s).unwrap();
        assert_eq!(verdict_of(&s, &a).headline, "Add a classifier to compare.");
        assert_eq!(yields_csv(&s, &a).len(), 1); // no test set: no reference rows
        s.classifiers
            .push(presets::factory().classifiers[0].clone());
        let a = analyze(&s).unwrap();
        let v = verdict_of(&s, &a);
        assert_eq!(
            v.headline,
            "A yields 3.5 per item; add another classifier to compare."
        );
        assert!(v.trivial_wins);
    }

    #[test]
    fn ties_are_said() {
        let s = decode("u=1,0;0,1&cm.A=5,1;1,5&cm.B=5,1;1,5");
        let a = analyze(&s).unwrap();
        assert_eq!(
            verdict_of(&s, &a).headline,
            "All classifiers have the same utility yield."
        );
        let s = decode("u=1,0;0,1&cm.A=5,1;1,5&cm.B=5,1;1,5&cm.C=1,5;5,1");
        let v = verdict_of(&s, &analyze(&s).unwrap());
        assert!(
            v.headline.starts_with("A and B tie for the highest"),
            "{}",
            v.headline
        );
    }

    #[test]
    fn twenty_classes_twenty_classifiers() {
        let n = 20;
        let mut s = presets::factory();
        s.resize_classes(n);
        s.classifiers.clear();
        for k in 0..20 {
            let data: Vec<f64> = (0..n * n)
                .map(|i| ((i * 7 + k * 13) % 17) as f64 + if i % (n + 1) == 0 { 30.0 } else { 0.0 })
                .collect();
            s.classifiers.push(crate::state::Classifier {
                name: format!("C{k}"),
                matrix: crate::core::Matrix::new(n, n, data).unwrap(),
            });
        }
        s.validate().unwrap();
        let a = analyze(&s).unwrap();
        assert_eq!(a.test.rows.len(), 20);
        assert_eq!(a.test.favoured.len(), Metric::ALL.len());
        assert_eq!(row(&a.test, "f1").per_class.len(), 20);
    }
}
