//! Figs 2–3: a metric's score against the yield of many confusion matrices at one class
//! balance, under the utility matrices of accuracy and of the true-positive rate — the tasks,
//! the merge of the answers and the panels.

use super::{MergeError, kind};
use ulab_core::mc::Ranker;
use ulab_core::mc::figures::ScatterSample;
use ulab_core::metrics::Metric;
use ulab_core::text::{sci, trimmed};
use ulab_plot::mc_scatter::{ScorePanel, ScoreScatter};
use ulab_worker::{Output, Work};

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
pub fn merge_scatter(outputs: &[Output]) -> Result<Vec<ScatterSample>, MergeError> {
    outputs
        .iter()
        .map(|o| match o {
            Output::Scatter { scatter } => Ok(scatter.clone()),
            other => Err(MergeError::Unexpected {
                job: "figs 2–3",
                answer: kind(other),
            }),
        })
        .collect()
}

/// Figs 2–3: a row per metric of `metrics`, a column per utility matrix.
pub fn score_scatter(samples: &[ScatterSample], metrics: &[Metric]) -> ScoreScatter {
    let mut panels = Vec::new();
    for &m in metrics {
        let label = Ranker::from_metric(m).map_or(m.label(), Ranker::label);
        for (sample, (_, u_label)) in samples.iter().zip(SCATTER_UTILITIES) {
            let Some(series) = sample.series.iter().find(|s| s.metric == m) else {
                continue;
            };
            let pct = 100.0 * series.misranked as f64 / sample.pairs.max(1) as f64;
            panels.push(ScorePanel {
                title: format!("{label} · {u_label}"),
                subtitle: format!(
                    "{} % of {} pairs mis-ranked",
                    trimmed(pct, 2),
                    sci(sample.pairs as f64)
                ),
                y_title: label.to_string(),
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

#[cfg(test)]
mod tests {
    use super::super::{FIG6_POINTS, differences_plot, merge_run, outputs, run_works};
    use super::*;
    use ulab_core::mc::{McConfig, Prior};

    #[test]
    fn figure_data_from_the_workers_answers() {
        let samples = merge_scatter(&outputs(&scatter_works(0.5, 1))).unwrap();
        assert_eq!(samples.len(), 2);
        let plot = score_scatter(&samples, &PAPER_SCATTER_METRICS);
        assert_eq!(plot.panels.len(), 8); // the paper's 8 panels
        assert_eq!(plot.panels[0].title, "accuracy · U = [[1, 0], [0, 1]]");
        // Accuracy with the identity: nothing mis-ranked; TPR with [[1,0],[0,0]]: nothing.
        assert!(plot.panels[0].misranked_pairs.is_empty());
        assert!(plot.panels[0].subtitle.starts_with("0 % of 5·10⁴ pairs"));
        assert!(plot.panels[3].misranked_pairs.is_empty());
        assert!(!plot.panels[1].misranked_pairs.is_empty());
        let c = McConfig::new(Prior::Uniform, 0.11, 10_000, 1).unwrap();
        let r = merge_run(&c, &outputs(&run_works(&c))).unwrap();
        let d = differences_plot(&r, &Ranker::ALL);
        assert_eq!(d.panels.len(), 11);
        assert!(d.panels.last().unwrap().highlight);
        assert_eq!(d.panels[0].x.len(), FIG6_POINTS as usize);
        assert!(merge_scatter(&outputs(&run_works(&c))).is_err());
    }
}
