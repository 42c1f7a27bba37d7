//! Everything the Metric reliability view computes that is not drawing: the work it hands to
//! the web workers ([`crate::worker::Work`]), how the answers are merged, the table, the plots'
//! data and the CSV exports. Pure, tested natively; the view (`ui::reliability_*`) only wires
//! these to the page.
//!
//! The numbers are those of the core's Monte Carlo ([`crate::core::mc`]): the answers of the
//! chunks are merged in chunk order into one [`Tally`], and [`McResult::from_tally`] gives the
//! percentages — exactly what `ulab mc` prints for the same settings.

use super::{AppState, ErrorAxis, McSettings, Prior};
use crate::core::mc::question::{question_summary, QuestionConfig, QuestionResult, QuestionTally};
use crate::core::mc::scatter::PairDifferences;
use crate::core::mc::sweep::DEFAULT_SWEEP_SIGMAS;
use crate::core::mc::{self, McConfig, McResult, Metric, Tally};
use crate::core::{ConfusionMatrix, Orientation};
use crate::plot::mc_question::{BestPlot, YieldHistograms};
use crate::plot::mc_scatter::{DifferencePanel, DifferencesPlot, ScorePanel, ScoreScatter};
use crate::plot::reliability::{SweepPanel, SweepPlot, SweepPoint};
use crate::worker::{Output, ScatterSample, Work};

/// Pairs drawn in fig. 6 (all pairs are counted).
pub const FIG6_POINTS: u64 = 1000;

/// Confusion matrices counted in figs 2–3, and drawn.
pub const SCATTER_POINTS: u64 = 100_000;
/// Confusion matrices drawn in figs 2–3 (pairs of consecutive ones).
pub const SCATTER_KEPT: u64 = 400;

/// The utility matrices of figs 2–3: the identity (accuracy's) and `[[1, 0], [0, 0]]`
/// (the true-positive rate's), row-major, with their labels.
pub const SCATTER_UTILITIES: [([f64; 4], &str); 2] = [
    ([1.0, 0.0, 0.0, 1.0], "U = [[1, 0], [0, 1]]"),
    ([1.0, 0.0, 0.0, 0.0], "U = [[1, 0], [0, 0]]"),
];

/// The metrics of the paper's figs 2–3, one per row.
pub const PAPER_SCATTER_METRICS: [Metric; 4] =
    [Metric::Accuracy, Metric::Recall, Metric::F1, Metric::Mcc];

/// The core's prior for the state's.
pub fn core_prior(p: Prior) -> mc::Prior {
    match p {
        Prior::Uniform => mc::Prior::Uniform,
        Prior::Gaussian => mc::Prior::Gaussian,
    }
}

/// The run of the settings.
///
/// # Errors
/// Invalid settings (cannot happen for a validated state), as one line.
///
/// # Examples
///
/// ```
/// use utility_lab::state::{reliability::mc_config, McSettings};
/// let c = mc_config(&McSettings::default()).unwrap();
/// assert_eq!((c.sigma, c.pairs, c.seed), (0.1, 1_000_000, 1));
/// ```
pub fn mc_config(s: &McSettings) -> Result<McConfig, String> {
    McConfig::new(core_prior(s.prior), s.sigma, s.pairs, s.seed).map_err(|e| e.to_string())
}

/// The metrics shown: the settings' keys in the order of [`Metric::ALL`] (all if none).
pub fn shown_metrics(s: &McSettings) -> Vec<Metric> {
    if s.metrics.is_empty() {
        return Metric::ALL.to_vec();
    }
    Metric::ALL
        .into_iter()
        .filter(|m| s.metrics.iter().any(|k| k == m.key()))
        .collect()
}

/// The metric keys to store when metric `m` is switched `on` (an empty list means all).
///
/// # Examples
///
/// ```
/// use utility_lab::core::mc::Metric;
/// use utility_lab::state::{reliability::toggle_metric, McSettings};
/// let mut s = McSettings::default();
/// s.metrics = toggle_metric(&s, Metric::Kappa, false);
/// assert_eq!(s.metrics.len(), 10);
/// s.metrics = toggle_metric(&s, Metric::Kappa, true);
/// assert!(s.metrics.is_empty()); // all again
/// ```
pub fn toggle_metric(s: &McSettings, m: Metric, on: bool) -> Vec<String> {
    let mut shown = shown_metrics(s);
    shown.retain(|x| *x != m);
    if on {
        shown.push(m);
    }
    if shown.len() == Metric::ALL.len() {
        return Vec::new();
    }
    Metric::ALL
        .into_iter()
        .filter(|x| shown.contains(x))
        .map(|x| x.key().to_string())
        .collect()
}

/// The tasks of a run: the first [`FIG6_POINTS`] pairs for fig. 6, then every chunk.
pub fn run_works(config: &McConfig) -> Vec<Work> {
    let mut works = vec![Work::PairDifferences {
        config: *config,
        points: FIG6_POINTS,
    }];
    works.extend((0..config.chunks()).map(|chunk| Work::McChunk {
        config: *config,
        chunk,
    }));
    works
}

/// A finished run.
#[derive(Debug, Clone, PartialEq)]
pub struct RunResult {
    /// Its settings.
    pub config: McConfig,
    /// The merged tally of every chunk.
    pub tally: Tally,
    /// Percentages and standard errors.
    pub result: McResult,
    /// The first pairs, for fig. 6.
    pub differences: Option<PairDifferences>,
}

fn merge_chunks<'a>(outputs: impl Iterator<Item = &'a Output>) -> Result<Tally, String> {
    let mut tally = Tally::default();
    for out in outputs {
        match out {
            Output::McChunk { tally: t } => tally.merge(t),
            other => return Err(format!("unexpected answer in a run: {other:?}")),
        }
    }
    Ok(tally)
}

/// Merges the answers of [`run_works`] (in task order).
///
/// # Errors
/// Answers that do not fit the run.
pub fn merge_run(config: &McConfig, outputs: &[Output]) -> Result<RunResult, String> {
    let (differences, rest) = match outputs.split_first() {
        Some((Output::PairDifferences { differences }, rest)) => (Some(differences.clone()), rest),
        _ => (None, outputs),
    };
    let tally = merge_chunks(rest.iter())?;
    if tally.pairs != config.pairs {
        return Err(format!(
            "the answers count {} pairs, not {}",
            tally.pairs, config.pairs
        ));
    }
    Ok(RunResult {
        config: *config,
        result: McResult::from_tally(config, &tally),
        tally,
        differences,
    })
}

/// One row of the mis-ranking table.
#[derive(Debug, Clone, PartialEq)]
pub struct TableRow {
    /// The metric.
    pub metric: Metric,
    /// Mis-ranked pairs, %.
    pub percent: f64,
    /// Its standard error, percentage points.
    pub se: f64,
    /// Mis-ranked pairs.
    pub count: u64,
}

/// The table's rows for the shown metrics, worst first (the order of the paper's fig. 6).
pub fn table_rows(r: &McResult, shown: &[Metric]) -> Vec<TableRow> {
    let mut rows: Vec<TableRow> = shown
        .iter()
        .map(|&m| TableRow {
            metric: m,
            percent: *r.misranked_percent.get(m),
            se: *r.stderr_percent.get(m),
            count: *r.misranked.get(m),
        })
        .collect();
    rows.sort_by(|a, b| {
        b.percent
            .total_cmp(&a.percent)
            .then(a.metric.index().cmp(&b.metric.index()))
    });
    rows
}

/// The table as CSV: one row per metric with its settings.
///
/// # Examples
///
/// ```
/// use utility_lab::core::mc::{run, McConfig, Metric, Prior};
/// use utility_lab::state::reliability::{table_csv, table_rows};
/// let c = McConfig::new(Prior::Uniform, 0.1, 5000, 1).unwrap();
/// let r = run(&c, |_, _| {}).unwrap();
/// let csv = table_csv(&r, &table_rows(&r, &Metric::ALL));
/// assert!(csv.starts_with("metric,misranked_percent,stderr_percent,misranked_pairs,pairs,prior,sigma,realized_sd,seed\n"));
/// assert_eq!(csv.lines().count(), 12);
/// ```
pub fn table_csv(r: &McResult, rows: &[TableRow]) -> String {
    let mut out = String::from(
        "metric,misranked_percent,stderr_percent,misranked_pairs,pairs,prior,sigma,realized_sd,seed\n",
    );
    for row in rows {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{}\n",
            row.metric.key(),
            row.percent,
            row.se,
            row.count,
            r.pairs,
            r.prior,
            r.sigma,
            r.realized_sd,
            r.seed
        ));
    }
    out
}

/// The runs of fig. 7: σ = 0, 0.05, …, 0.3 for the uniform then the gaussian prior, each with
/// the settings' pairs and seed (each point is exactly `ulab mc --prior P --sigma σ`).
pub fn sweep_configs(s: &McSettings) -> Result<Vec<McConfig>, String> {
    let mut out = Vec::new();
    for prior in mc::Prior::ALL {
        for sigma in DEFAULT_SWEEP_SIGMAS {
            out.push(McConfig::new(prior, sigma, s.pairs, s.seed).map_err(|e| e.to_string())?);
        }
    }
    Ok(out)
}

/// The tasks of a sweep: every chunk of every run, run after run.
pub fn sweep_works(configs: &[McConfig]) -> Vec<Work> {
    configs
        .iter()
        .flat_map(|c| (0..c.chunks()).map(move |chunk| Work::McChunk { config: *c, chunk }))
        .collect()
}

/// Merges the answers of [`sweep_works`] (in task order) into one result per run.
///
/// # Errors
/// Answers that do not fit the runs.
pub fn merge_sweep(configs: &[McConfig], outputs: &[Output]) -> Result<Vec<McResult>, String> {
    let mut at = 0usize;
    let mut out = Vec::with_capacity(configs.len());
    for c in configs {
        let n = c.chunks() as usize;
        let part = outputs
            .get(at..at + n)
            .ok_or_else(|| "the sweep's answers are incomplete".to_string())?;
        at += n;
        let tally = merge_chunks(part.iter())?;
        out.push(McResult::from_tally(c, &tally));
    }
    Ok(out)
}

/// The sweep as CSV: one row per run, each metric's percentage and standard error.
pub fn sweep_csv(results: &[McResult]) -> String {
    let mut out = String::from("prior,sigma,realized_sd,pairs,seed");
    for m in Metric::ALL {
        out.push_str(&format!(",{0}_percent,{0}_stderr", m.key()));
    }
    out.push('\n');
    for r in results {
        out.push_str(&format!(
            "{},{},{},{},{}",
            r.prior, r.sigma, r.realized_sd, r.pairs, r.seed
        ));
        for m in Metric::ALL {
            out.push_str(&format!(
                ",{},{}",
                r.misranked_percent.get(m),
                r.stderr_percent.get(m)
            ));
        }
        out.push('\n');
    }
    out
}

/// Fig. 7 from a sweep's results: per prior, the erroneous utility's curve against σ or the
/// realized sd, and each shown metric's level — its mis-ranked pairs pooled over the prior's
/// runs (a metric ignores the utilities, so every run estimates the same level).
pub fn sweep_plot(results: &[McResult], axis: ErrorAxis, shown: &[Metric]) -> SweepPlot {
    let mut panels = Vec::new();
    for prior in mc::Prior::ALL {
        let runs: Vec<&McResult> = results.iter().filter(|r| r.prior == prior).collect();
        if runs.is_empty() {
            continue;
        }
        let mut points: Vec<SweepPoint> = runs
            .iter()
            .map(|r| SweepPoint {
                x: match axis {
                    ErrorAxis::Sigma => r.sigma,
                    ErrorAxis::Realized => r.realized_sd,
                },
                percent: r.misranked_percent.utility,
                se: r.stderr_percent.utility,
            })
            .collect();
        points.sort_by(|a, b| a.x.total_cmp(&b.x));
        let pairs: u64 = runs.iter().map(|r| r.pairs).sum();
        let levels = shown
            .iter()
            .filter(|m| **m != Metric::Utility)
            .map(|&m| {
                let count: u64 = runs.iter().map(|r| *r.misranked.get(m)).sum();
                (m, 100.0 * count as f64 / pairs.max(1) as f64)
            })
            .collect();
        panels.push(SweepPanel {
            title: format!("{} prior", prior.as_str()),
            points: if shown.contains(&Metric::Utility) {
                points
            } else {
                Vec::new()
            },
            levels,
        });
    }
    SweepPlot {
        panels,
        x_title: match axis {
            ErrorAxis::Sigma => "σ: error sd on the utilities before truncation".into(),
            ErrorAxis::Realized => "realized sd of the utility errors".into(),
        },
    }
}

/// "10⁶ pairs in 0.31 s — 3.2·10⁶ pairs/s on 2 workers".
pub fn throughput_text(pairs: u64, seconds: f64, workers: usize) -> String {
    let rate = if seconds > 0.0 {
        pairs as f64 / seconds
    } else {
        0.0
    };
    format!(
        "{} pairs in {} s — {} pairs/s on {} worker{}",
        crate::text::sci(pairs as f64),
        crate::text::trimmed(seconds, 2),
        crate::text::sci(rate),
        workers,
        if workers == 1 { "" } else { "s" }
    )
}

/// Fig. 6 from a run: one panel per shown metric, worst first (the erroneous utility last if
/// it is the best, as in the paper), points from the first pairs, percentages from all.
pub fn differences_plot(run: &RunResult, shown: &[Metric]) -> DifferencesPlot {
    let Some(d) = &run.differences else {
        return DifferencesPlot::default();
    };
    let panels = table_rows(&run.result, shown)
        .into_iter()
        .map(|row| DifferencePanel {
            title: row.metric.label().to_string(),
            subtitle: format!(
                "{} % ± {} mis-ranked",
                crate::text::trimmed(row.percent, 2),
                crate::text::trimmed(row.se, 2)
            ),
            x: d.true_diff.clone(),
            y: d.score_diff.get(row.metric).clone(),
            highlight: row.metric == Metric::Utility,
        })
        .collect();
    DifferencesPlot { panels }
}

/// The tasks of figs 2–3: one scatter per utility matrix of [`SCATTER_UTILITIES`].
pub fn scatter_works(balance: f64, seed: u64) -> Vec<Work> {
    SCATTER_UTILITIES
        .iter()
        .map(|(u, _)| Work::Scatter {
            balance,
            utility: *u,
            points: SCATTER_POINTS,
            keep: SCATTER_KEPT,
            seed,
        })
        .collect()
}

/// The answers of [`scatter_works`].
///
/// # Errors
/// Answers that are not scatters.
pub fn merge_scatter(outputs: &[Output]) -> Result<Vec<ScatterSample>, String> {
    outputs
        .iter()
        .map(|o| match o {
            Output::Scatter { scatter } => Ok(scatter.clone()),
            other => Err(format!("unexpected answer for figs 2–3: {other:?}")),
        })
        .collect()
}

/// Figs 2–3: a row per metric of `metrics`, a column per utility matrix.
pub fn score_scatter(samples: &[ScatterSample], metrics: &[Metric]) -> ScoreScatter {
    let mut panels = Vec::new();
    for &m in metrics {
        for (sample, (_, u_label)) in samples.iter().zip(SCATTER_UTILITIES) {
            let Some(series) = sample.series.iter().find(|s| s.metric == m) else {
                continue;
            };
            let pct = 100.0 * series.misranked as f64 / sample.pairs.max(1) as f64;
            panels.push(ScorePanel {
                title: format!("{} · {u_label}", m.label()),
                subtitle: format!(
                    "{} % of {} pairs mis-ranked",
                    crate::text::trimmed(pct, 2),
                    crate::text::sci(sample.pairs as f64)
                ),
                y_title: m.label().to_string(),
                x: sample.yields.clone(),
                y: series.values.clone(),
                misranked_pairs: series.misranked_kept.clone(),
            });
        }
    }
    ScoreScatter {
        panels,
        columns: SCATTER_UTILITIES.len(),
    }
}

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
/// use utility_lab::state::{reliability::question, AppState};
/// let q = question(&AppState::default()).unwrap(); // the factory: A and B, counts
/// assert_eq!(q.names, ["A", "B"]);
/// assert!(q.assumed_size.is_empty());
/// ```
pub fn question(state: &AppState) -> Result<Question, String> {
    if state.classifiers.is_empty() {
        return Err("add a classifier in the Compare view first".into());
    }
    let qs = &state.mc.question;
    let utility = state.utility_matrix().map_err(|e| e.to_string())?;
    let mut classifiers = Vec::new();
    let mut assumed_size = Vec::new();
    for c in &state.classifiers {
        let cm = c.confusion().map_err(|e| format!("{}: {e}", c.name))?;
        let cm = if cm.is_integer_counts() {
            cm
        } else {
            assumed_size.push(c.name.clone());
            let scaled = cm
                .normalized()
                .map(|v| v * qs.n as f64)
                .map_err(|e| e.to_string())?;
            ConfusionMatrix::new(scaled, Orientation::OutputRows)
                .map_err(|e| format!("{}: {e}", c.name))?
        };
        classifiers.push(cm);
    }
    let mut config = QuestionConfig::new(utility, classifiers);
    config.sigma = qs.sigma;
    config.alpha = qs.alpha;
    config.draws = qs.draws;
    config.seed = qs.seed;
    config.validate().map_err(|e| e.to_string())?;
    Ok(Question {
        config,
        names: state.classifiers.iter().map(|c| c.name.clone()).collect(),
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
) -> Result<QuestionResult, String> {
    let mut tally = QuestionTally::default();
    for out in outputs {
        match out {
            Output::Question { tally: t } => tally.merge(t),
            other => return Err(format!("unexpected answer for the question: {other:?}")),
        }
    }
    question_summary(config, &tally).map_err(|e| e.to_string())
}

/// One sentence: who is most likely the best, and how likely.
///
/// # Examples
///
/// ```
/// use utility_lab::state::reliability::best_sentence;
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
    let p = crate::text::trimmed(top, 3);
    match leaders.as_slice() {
        [one] => format!("{one} is the best with probability {p}."),
        many => format!(
            "{} are equally likely to be the best (probability {p} each).",
            join_and(many)
        ),
    }
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

/// The question's table as CSV.
pub fn question_csv(names: &[String], r: &QuestionResult) -> String {
    let mut out = String::from(
        "classifier,p_best,p_best_stderr,yield_of_counts,mean,sd,q2.5,q25,median,q75,q97.5,draws\n",
    );
    for (k, name) in names.iter().enumerate() {
        let (Some(p), Some(se), Some(y)) = (r.p_best.get(k), r.p_best_se.get(k), r.yields.get(k))
        else {
            continue;
        };
        let q = y.quantiles;
        out.push_str(&format!(
            "{},{p},{se},{},{},{},{},{},{},{},{},{}\n",
            csv_field(name),
            y.point,
            y.mean,
            y.sd,
            q[0],
            q[1],
            q[2],
            q[3],
            q[4],
            r.draws
        ));
    }
    out
}

/// A CSV field, quoted when it holds a separator, a quote or a line break.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::mc::question::question as answer;
    use crate::core::mc::run;
    use crate::state::presets;
    use crate::worker::run_work;

    fn outputs(works: &[Work]) -> Vec<Output> {
        // Computed in reverse order (as workers might), stored by task number.
        let mut out: Vec<Option<Output>> = vec![None; works.len()];
        for (k, w) in works.iter().enumerate().rev() {
            out[k] = Some(run_work(w).unwrap());
        }
        out.into_iter().map(Option::unwrap).collect()
    }

    #[test]
    fn a_run_merged_from_its_tasks_is_the_cli_run() {
        let s = McSettings {
            pairs: 200_000,
            seed: 7,
            ..McSettings::default()
        };
        let c = mc_config(&s).unwrap();
        let works = run_works(&c);
        assert_eq!(works.len(), 1 + 4);
        let r = merge_run(&c, &outputs(&works)).unwrap();
        assert_eq!(r.result, run(&c, |_, _| {}).unwrap());
        let d = r.differences.unwrap();
        assert_eq!(d.true_diff.len(), FIG6_POINTS as usize);
        // Wrong answers are refused, not merged.
        assert!(merge_run(&c, &outputs(&works)[..3]).is_err());
    }

    #[test]
    fn table_is_sorted_worst_first_and_filtered() {
        let c = McConfig::new(mc::Prior::Uniform, 0.1, 30_000, 1).unwrap();
        let r = run(&c, |_, _| {}).unwrap();
        let rows = table_rows(&r, &Metric::ALL);
        assert_eq!(rows.len(), 11);
        for w in rows.windows(2) {
            assert!(w[0].percent >= w[1].percent);
        }
        // The erroneous utility at σ = 0.1 beats every metric (Dyrland et al. 2022 fig. 6).
        assert_eq!(rows.last().unwrap().metric, Metric::Utility);
        let s = McSettings {
            metrics: vec!["f1".into(), "accuracy".into()],
            ..McSettings::default()
        };
        let shown = shown_metrics(&s);
        assert_eq!(shown, [Metric::Accuracy, Metric::F1]);
        assert_eq!(table_rows(&r, &shown).len(), 2);
        let csv = table_csv(&r, &rows);
        let acc = csv.lines().find(|l| l.starts_with("accuracy,")).unwrap();
        let fields: Vec<&str> = acc.split(',').collect();
        assert_eq!(
            fields[1].parse::<f64>().unwrap(),
            r.misranked_percent.accuracy
        );
        assert_eq!(fields[3].parse::<u64>().unwrap(), r.misranked.accuracy);
        assert_eq!(fields[5], "uniform");
    }

    #[test]
    fn sweep_points_are_single_runs_and_levels_are_pooled() {
        let s = McSettings {
            pairs: 20_000,
            seed: 2,
            ..McSettings::default()
        };
        let configs = sweep_configs(&s).unwrap();
        assert_eq!(configs.len(), 14);
        let results = merge_sweep(&configs, &outputs(&sweep_works(&configs))).unwrap();
        assert_eq!(results[3], run(&configs[3], |_, _| {}).unwrap());
        assert_eq!(results[9].prior, mc::Prior::Gaussian);
        let plot = sweep_plot(&results, ErrorAxis::Realized, &Metric::ALL);
        assert_eq!(plot.panels.len(), 2);
        let uniform = &plot.panels[0];
        assert_eq!(uniform.points.len(), 7);
        assert_eq!(uniform.points[0].percent, 0.0); // σ = 0: the true matrix
        assert!(uniform.points[6].x < 0.3); // realized sd below σ
        let acc: u64 = results[..7].iter().map(|r| r.misranked.accuracy).sum();
        let level = uniform
            .levels
            .iter()
            .find(|l| l.0 == Metric::Accuracy)
            .unwrap()
            .1;
        assert_eq!(level, 100.0 * acc as f64 / 140_000.0);
        assert_eq!(uniform.levels.len(), 10);
        let csv = sweep_csv(&results);
        assert_eq!(csv.lines().count(), 15);
        assert!(csv.lines().nth(8).unwrap().starts_with("gaussian,0,"));
        // Without the utility in the shown metrics, no curve.
        let plot = sweep_plot(&results, ErrorAxis::Sigma, &[Metric::F1]);
        assert!(plot.panels[0].points.is_empty() && plot.panels[0].levels.len() == 1);
        assert!(merge_sweep(&configs, &[]).is_err());
    }

    #[test]
    fn figure_data_from_the_workers_answers() {
        let samples = merge_scatter(&outputs(&scatter_works(0.5, 1))).unwrap();
        assert_eq!(samples.len(), 2);
        let plot = score_scatter(&samples, &PAPER_SCATTER_METRICS);
        assert_eq!(plot.panels.len(), 8); // the paper's 8 panels
                                          // Accuracy with the identity: nothing mis-ranked; TPR with [[1,0],[0,0]]: nothing.
        assert!(plot.panels[0].misranked_pairs.is_empty());
        assert!(plot.panels[0].subtitle.starts_with("0 % of 5·10⁴ pairs"));
        assert!(plot.panels[3].misranked_pairs.is_empty());
        assert!(!plot.panels[1].misranked_pairs.is_empty());
        let c = McConfig::new(mc::Prior::Uniform, 0.11, 10_000, 1).unwrap();
        let r = merge_run(&c, &outputs(&run_works(&c))).unwrap();
        let d = differences_plot(&r, &Metric::ALL);
        assert_eq!(d.panels.len(), 11);
        assert!(d.panels.last().unwrap().highlight);
        assert_eq!(d.panels[0].x.len(), FIG6_POINTS as usize);
    }

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
        state.classifiers[0].matrix = crate::core::Matrix::parse("0.27,0.15;0.23,0.35").unwrap();
        state.mc.question.n = 100;
        let q = question(&state).unwrap();
        assert_eq!(q.assumed_size, ["A"]);
        let counts = q.config.classifiers[0].counts();
        assert!((counts.get(0, 0) - 27.0).abs() < 1e-9 && (counts.get(1, 1) - 35.0).abs() < 1e-9);
        // No classifier: a message, not a panic.
        state.classifiers.clear();
        assert!(question(&state).unwrap_err().contains("classifier"));
    }

    #[test]
    fn sentences_and_numbers() {
        let names: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
        assert_eq!(
            best_sentence(&names, &[0.4, 0.4, 0.2]),
            "A and B are equally likely to be the best (probability 0.4 each)."
        );
        assert_eq!(best_sentence(&[], &[]), "");
        assert_eq!(crate::text::sci(9_960_000.0), "10⁷");
        assert_eq!(crate::text::sci(12_345_678.0), "1.2·10⁷");
        assert_eq!(
            throughput_text(1_000_000, 0.3125, 2),
            "10⁶ pairs in 0.31 s — 3.2·10⁶ pairs/s on 2 workers"
        );
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
    }
}
