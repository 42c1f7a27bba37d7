//! A run of the Monte Carlo: its tasks, the merge of the workers' answers, the mis-ranking
//! table (and its CSV), and fig. 6's panels from the run's first pairs.

use super::{MergeError, kind};
use ulab_core::mc::scatter::PairDifferences;
use ulab_core::mc::{McConfig, McResult, Ranker, Tally};
use ulab_core::order::sort_by_number;
use ulab_core::text::{exported, shortest, trimmed};
use ulab_plot::mc_scatter::{DifferencePanel, DifferencesPlot};
use ulab_worker::{Output, Work};

/// Pairs drawn in fig. 6 (all pairs are counted).
pub const FIG6_POINTS: u64 = 1000;

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

/// The tallies of chunk answers, merged in order.
pub(super) fn merge_chunks<'a>(
    outputs: impl Iterator<Item = &'a Output>,
    job: &'static str,
) -> Result<Tally, MergeError> {
    let mut tally = Tally::default();
    for out in outputs {
        match out {
            Output::McChunk { tally: t } => tally.merge(t),
            other => {
                return Err(MergeError::Unexpected {
                    job,
                    answer: kind(other),
                });
            }
        }
    }
    Ok(tally)
}

/// Merges the answers of [`run_works`] (in task order).
///
/// # Errors
/// Answers that do not fit the run.
pub fn merge_run(config: &McConfig, outputs: &[Output]) -> Result<RunResult, MergeError> {
    let (differences, rest) = match outputs.split_first() {
        Some((Output::PairDifferences { differences }, rest)) => (Some(differences.clone()), rest),
        _ => (None, outputs),
    };
    let tally = merge_chunks(rest.iter(), "a run")?;
    if tally.pairs != config.pairs {
        return Err(MergeError::PairCount {
            found: tally.pairs,
            expected: config.pairs,
        });
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
    /// The ranker.
    pub metric: Ranker,
    /// Mis-ranked pairs, %.
    pub percent: f64,
    /// Its standard error, percentage points.
    pub se: f64,
    /// Mis-ranked pairs.
    pub count: u64,
}

/// The table's rows for the shown rankers, worst first (the order of the paper's fig. 6).
pub fn table_rows(r: &McResult, shown: &[Ranker]) -> Vec<TableRow> {
    let mut rows: Vec<TableRow> = shown
        .iter()
        .map(|&m| TableRow {
            metric: m,
            percent: *r.misranked_percent.get(m),
            se: *r.stderr_percent.get(m),
            count: *r.misranked.get(m),
        })
        .collect();
    // By percent, descending; ties by the ranker's index (two stable sorts, one compiled sort).
    sort_by_number(&mut rows, |r| r.metric.index() as f64, false);
    sort_by_number(&mut rows, |r| r.percent, true);
    rows
}

/// The table as CSV: one row per ranker with the run's settings (σ as set, computed values by
/// [`exported`]).
///
/// # Examples
///
/// ```
/// use ulab_core::mc::{run, McConfig, Prior, Ranker};
/// use ulab_state::reliability::{table_csv, table_rows};
/// let c = McConfig::new(Prior::Uniform, 0.1, 5000, 1).unwrap();
/// let r = run(&c, |_, _| {}).unwrap();
/// let csv = table_csv(&r, &table_rows(&r, &Ranker::ALL));
/// assert!(csv.starts_with("metric,misranked_percent,stderr_percent,misranked_pairs,pairs,prior,sigma,realized_sd,seed\n"));
/// assert_eq!(csv.lines().count(), 12);
/// ```
pub fn table_csv(r: &McResult, rows: &[TableRow]) -> String {
    let header = [
        "metric",
        "misranked_percent",
        "stderr_percent",
        "misranked_pairs",
        "pairs",
        "prior",
        "sigma",
        "realized_sd",
        "seed",
    ];
    let mut out = vec![header.map(String::from).to_vec()];
    for row in rows {
        out.push(vec![
            row.metric.key().to_string(),
            exported(row.percent),
            exported(row.se),
            row.count.to_string(),
            r.pairs.to_string(),
            r.prior.key().to_string(),
            shortest(r.sigma),
            exported(r.realized_sd),
            r.seed.to_string(),
        ]);
    }
    ulab_csv::write(&out)
}

/// The caption of a run's table: "uniform prior, σ = 0.1 (realized sd 0.0951), 10⁶ pairs,
/// seed 1".
pub fn run_caption(run: &RunResult) -> String {
    let c = &run.config;
    format!(
        "{} prior, σ = {} (realized sd {}), {} pairs, seed {}",
        c.prior,
        c.sigma,
        ulab_core::text::number(run.result.realized_sd, 4),
        ulab_core::text::sci(c.pairs as f64),
        c.seed
    )
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
        ulab_core::text::sci(pairs as f64),
        trimmed(seconds, 2),
        ulab_core::text::sci(rate),
        workers,
        if workers == 1 { "" } else { "s" }
    )
}

/// Fig. 6 from a run: one panel per shown ranker, worst first (the erroneous utility last if
/// it is the best, as in the paper), points from the first pairs, percentages from all.
pub fn differences_plot(run: &RunResult, shown: &[Ranker]) -> DifferencesPlot {
    let Some(d) = &run.differences else {
        return DifferencesPlot::default();
    };
    let panels = table_rows(&run.result, shown)
        .into_iter()
        .map(|row| DifferencePanel {
            title: row.metric.label().to_string(),
            subtitle: format!(
                "{} % ± {} mis-ranked",
                trimmed(row.percent, 2),
                trimmed(row.se, 2)
            ),
            x: d.true_diff.clone(),
            y: d.score_diff.get(row.metric).clone(),
            highlight: row.metric.is_utility(),
        })
        .collect();
    DifferencesPlot { panels }
}

#[cfg(test)]
mod tests {
    use super::super::{outputs, settings::mc_config, shown_metrics};
    use super::*;
    use crate::McSettings;
    use ulab_core::mc::{Prior, run};

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
        assert_eq!(
            merge_run(&c, &outputs(&works)[..3])
                .unwrap_err()
                .to_string(),
            format!("the answers count {} pairs, not 200000", 2 * 65_536)
        );
        let scatter = outputs(&super::super::scatter_works(0.5, 1));
        assert_eq!(
            merge_run(&c, &scatter).unwrap_err().to_string(),
            "unexpected answer for a run: scatter"
        );
    }

    #[test]
    fn a_run_is_captioned_with_its_settings() {
        let s = McSettings {
            pairs: 200_000,
            seed: 7,
            ..McSettings::default()
        };
        let c = mc_config(&s).unwrap();
        let r = merge_run(&c, &outputs(&run_works(&c))).unwrap();
        let caption = run_caption(&r);
        let sd = ulab_core::text::number(r.result.realized_sd, 4);
        assert_eq!(
            caption,
            format!("uniform prior, σ = 0.1 (realized sd {sd}), 2·10⁵ pairs, seed 7")
        );
    }

    #[test]
    fn table_is_sorted_worst_first_and_filtered() {
        let c = McConfig::new(Prior::Uniform, 0.1, 30_000, 1).unwrap();
        let r = run(&c, |_, _| {}).unwrap();
        let rows = table_rows(&r, &Ranker::ALL);
        assert_eq!(rows.len(), 11);
        for w in rows.windows(2) {
            assert!(w[0].percent >= w[1].percent);
        }
        // The erroneous utility at σ = 0.1 beats every metric (Dyrland et al. 2022 fig. 6).
        assert_eq!(rows.last().unwrap().metric, Ranker::UTILITY);
        let key = |k: &str| Ranker::from_key(k).unwrap();
        let s = McSettings {
            metrics: vec![key("f1"), key("accuracy")],
            ..McSettings::default()
        };
        let shown = shown_metrics(&s);
        assert_eq!(shown, [key("accuracy"), key("f1")]);
        assert_eq!(table_rows(&r, &shown).len(), 2);
        let csv = table_csv(&r, &rows);
        let acc = csv.lines().find(|l| l.starts_with("accuracy,")).unwrap();
        let fields: Vec<&str> = acc.split(',').collect();
        assert_eq!(fields[1], exported(r.misranked_percent.accuracy));
        assert!((fields[1].parse::<f64>().unwrap() - r.misranked_percent.accuracy).abs() < 1e-9);
        assert_eq!(fields[3].parse::<u64>().unwrap(), r.misranked.accuracy);
        assert_eq!(fields[5], "uniform");
        assert_eq!(fields[6], "0.1");
    }

    #[test]
    fn the_table_csv_carries_no_floating_point_noise() {
        // 1/3 of the pairs: 33.333…%, written to 12 significant digits; a σ set by the user
        // is written as set.
        let mut r = run(
            &McConfig::new(Prior::Uniform, 0.3, 3, 1).unwrap(),
            |_, _| {},
        )
        .unwrap();
        r.misranked_percent.accuracy = 100.0 / 3.0;
        r.stderr_percent.accuracy = 0.1 + 0.2;
        r.realized_sd = 1.2999999999999998;
        let rows = table_rows(&r, &[Ranker::from_key("accuracy").unwrap()]);
        let csv = table_csv(&r, &rows);
        let line = csv.lines().nth(1).unwrap();
        assert!(line.starts_with("accuracy,33.3333333333,0.3,"), "{line}");
        assert!(line.ends_with(",3,uniform,0.3,1.3,1"), "{line}");
    }

    #[test]
    fn throughput_in_words() {
        assert_eq!(
            throughput_text(1_000_000, 0.3125, 2),
            "10⁶ pairs in 0.31 s — 3.2·10⁶ pairs/s on 2 workers"
        );
        assert_eq!(
            throughput_text(500, 0.0, 1),
            "500 pairs in 0 s — 0 pairs/s on 1 worker"
        );
    }
}
