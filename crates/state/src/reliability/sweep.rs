//! Fig. 7: the sweep over σ for both priors — its runs and tasks, the merge of the answers, the
//! plot's data and the CSV.

use super::MergeError;
use super::run::merge_chunks;
use crate::{ErrorAxis, McSettings};
use ulab_core::CoreError;
use ulab_core::mc::sweep::DEFAULT_SWEEP_SIGMAS;
use ulab_core::mc::{McConfig, McResult, Prior, Ranker};
use ulab_core::text::{exported, shortest};
use ulab_plot::reliability::{SweepPanel, SweepPlot, SweepPoint};
use ulab_worker::{Output, Work};

/// The runs of fig. 7: σ = 0, 0.05, …, 0.3 for the uniform then the gaussian prior, each with
/// the settings' pairs and seed (each point is exactly `ulab mc --prior P --sigma σ`).
///
/// # Errors
/// Invalid settings (cannot happen for a validated state).
pub fn sweep_configs(s: &McSettings) -> Result<Vec<McConfig>, CoreError> {
    let mut out = Vec::new();
    for prior in Prior::ALL {
        for sigma in DEFAULT_SWEEP_SIGMAS {
            out.push(McConfig::new(prior, sigma, s.pairs, s.seed)?);
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
pub fn merge_sweep(configs: &[McConfig], outputs: &[Output]) -> Result<Vec<McResult>, MergeError> {
    let mut at = 0usize;
    let mut out = Vec::with_capacity(configs.len());
    for c in configs {
        let n = c.chunks() as usize;
        let part = outputs.get(at..at + n).ok_or(MergeError::IncompleteSweep)?;
        at += n;
        let tally = merge_chunks(part.iter(), "the sweep")?;
        out.push(McResult::from_tally(c, &tally));
    }
    Ok(out)
}

/// The sweep as CSV: one row per run, each ranker's percentage and standard error (σ as set,
/// computed values by [`exported`]).
pub fn sweep_csv(results: &[McResult]) -> String {
    let mut header: Vec<String> = ["prior", "sigma", "realized_sd", "pairs", "seed"]
        .map(String::from)
        .to_vec();
    for r in Ranker::ALL {
        header.push(format!("{}_percent", r.key()));
        header.push(format!("{}_stderr", r.key()));
    }
    let mut rows = vec![header];
    for r in results {
        let mut row = vec![
            r.prior.key().to_string(),
            shortest(r.sigma),
            exported(r.realized_sd),
            r.pairs.to_string(),
            r.seed.to_string(),
        ];
        for m in Ranker::ALL {
            row.push(exported(*r.misranked_percent.get(m)));
            row.push(exported(*r.stderr_percent.get(m)));
        }
        rows.push(row);
    }
    ulab_csv::write(&rows)
}

/// Fig. 7 from a sweep's results: per prior, the erroneous utility's curve against σ or the
/// realized sd, and each shown metric's level — its mis-ranked pairs pooled over the prior's
/// runs (a metric ignores the utilities, so every run estimates the same level).
pub fn sweep_plot(results: &[McResult], axis: ErrorAxis, shown: &[Ranker]) -> SweepPlot {
    let mut panels = Vec::new();
    for prior in Prior::ALL {
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
        ulab_core::order::sort_by_number(&mut points, |p| p.x, false);
        let pairs: u64 = runs.iter().map(|r| r.pairs).sum();
        let levels = shown
            .iter()
            .filter(|m| !m.is_utility())
            .map(|&m| {
                let count: u64 = runs.iter().map(|r| *r.misranked.get(m)).sum();
                (m, 100.0 * count as f64 / pairs.max(1) as f64)
            })
            .collect();
        panels.push(SweepPanel {
            title: format!("{} prior", prior.key()),
            points: if shown.contains(&Ranker::UTILITY) {
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
            ErrorAxis::Sigma => "σ: error sd before truncation".into(),
            ErrorAxis::Realized => "realized sd of the utility errors".into(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::super::outputs;
    use super::*;
    use ulab_core::mc::run;

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
        assert_eq!(results[9].prior, Prior::Gaussian);
        let plot = sweep_plot(&results, ErrorAxis::Realized, &Ranker::ALL);
        assert_eq!(plot.panels.len(), 2);
        let uniform = &plot.panels[0];
        assert_eq!(uniform.points.len(), 7);
        assert_eq!(uniform.points[0].percent, 0.0); // σ = 0: the true matrix
        assert!(uniform.points[6].x < 0.3); // realized sd below σ
        let acc: u64 = results[..7].iter().map(|r| r.misranked.accuracy).sum();
        let accuracy = Ranker::from_key("accuracy").unwrap();
        let level = uniform.levels.iter().find(|l| l.0 == accuracy).unwrap().1;
        assert_eq!(level, 100.0 * acc as f64 / 140_000.0);
        assert_eq!(uniform.levels.len(), 10);
        let csv = sweep_csv(&results);
        assert_eq!(csv.lines().count(), 15);
        assert!(
            csv.lines()
                .nth(8)
                .unwrap()
                .starts_with("gaussian,0,0,20000,2,")
        );
        assert!(csv.lines().nth(2).unwrap().starts_with("uniform,0.05,0.0"));
        // Without the utility in the shown rankers, no curve.
        let f1 = Ranker::from_key("f1").unwrap();
        let plot = sweep_plot(&results, ErrorAxis::Sigma, &[f1]);
        assert!(plot.panels[0].points.is_empty() && plot.panels[0].levels.len() == 1);
        assert_eq!(merge_sweep(&configs, &[]), Err(MergeError::IncompleteSweep));
    }
}
