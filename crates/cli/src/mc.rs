//! `ulab mc`: the Monte Carlo of mis-ranked pairs (Dyrland et al. 2022, §4.2).
//!
//! Runs the chunks of [`ulab_core::mc::run_chunk`] on `--threads` threads (an atomic
//! counter hands out chunk indices; the tallies are merged in chunk order), so the numbers
//! depend only on the prior, `σ`, the number of pairs and the seed — never on the thread count.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use serde::Serialize;
use ulab_core::mc::{McConfig, McResult, PerRanker, Prior, Ranker, Tally, run_chunk};
use ulab_core::metrics::Metric;

use super::common::{self, list_arg};
use std::fmt::Write;

/// Arguments of `ulab mc`.
#[derive(clap::Args)]
pub struct Args {
    /// Prior of the true utility matrices: uniform or gaussian.
    #[arg(long, default_value = "uniform")]
    pub prior: String,
    /// Standard deviation of the utility errors before truncation (≥ 0).
    #[arg(
        long,
        default_value_t = 0.1,
        allow_negative_numbers = true,
        conflicts_with = "sweep"
    )]
    pub sigma: f64,
    /// Number of pairs of classifiers (per σ with --sweep).
    #[arg(long, default_value_t = 1_000_000)]
    pub pairs: u64,
    /// Seed of the random streams.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: all cores). The result does not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Run every σ of a comma-separated grid, e.g. 0,0.05,0.1,0.15,0.2,0.25,0.3.
    #[arg(long, allow_hyphen_values = true)]
    pub sweep: Option<String>,
}

/// The JSON object of one run (exactly these keys).
#[derive(Serialize)]
struct JsonRun {
    prior: Prior,
    sigma: f64,
    realized_sd: f64,
    pairs: u64,
    seed: u64,
    misranked_percent: PerRanker<f64>,
    stderr_percent: PerRanker<f64>,
    seconds: f64,
    pairs_per_second: f64,
}

/// One finished run with its timing.
struct Timed {
    result: McResult,
    seconds: f64,
}

impl Timed {
    fn json(&self) -> JsonRun {
        let r = &self.result;
        JsonRun {
            prior: r.prior,
            sigma: r.sigma,
            realized_sd: r.realized_sd,
            pairs: r.pairs,
            seed: r.seed,
            misranked_percent: r.misranked_percent.clone(),
            stderr_percent: r.stderr_percent.clone(),
            seconds: self.seconds,
            pairs_per_second: self.pairs_per_second(),
        }
    }

    fn pairs_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.result.pairs as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// Runs `ulab mc`.
pub fn run(args: &Args) -> Result<(), String> {
    let prior = Prior::from_key(&args.prior).ok_or_else(|| {
        format!(
            "--prior: unknown prior '{}' (expected uniform or gaussian)",
            args.prior
        )
    })?;
    let threads = match args.threads {
        Some(0) => return Err("--threads: must be at least 1".into()),
        Some(t) => t,
        None => std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1),
    };
    let sigmas = match &args.sweep {
        Some(text) => {
            let s = list_arg("--sweep", text)?;
            if s.is_empty() {
                return Err("--sweep: expected at least one σ".into());
            }
            s
        }
        None => vec![args.sigma],
    };
    let configs = sigmas
        .iter()
        .map(|&sigma| {
            McConfig::new(prior, sigma, args.pairs, args.seed).map_err(|e| {
                let option = if args.sweep.is_some() {
                    "--sweep"
                } else {
                    "--sigma"
                };
                match e {
                    ulab_core::CoreError::InvalidParameter { name: "pairs", .. } => {
                        format!("--pairs: {e}")
                    }
                    _ => format!("{option}: {e}"),
                }
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let runs: Vec<Timed> = configs
        .iter()
        .map(|c| run_threaded(c, threads))
        .collect::<Result<_, _>>()?;
    if args.json {
        let text = if args.sweep.is_some() {
            let all: Vec<JsonRun> = runs.iter().map(Timed::json).collect();
            serde_json::to_string_pretty(&all)
        } else {
            serde_json::to_string_pretty(&runs[0].json())
        }
        .map_err(|e| format!("cannot write JSON: {e}"))?;
        common::emit(&format!("{text}\n"))
    } else if args.sweep.is_some() {
        common::emit(&sweep_text(&runs, threads))
    } else {
        common::emit(&table_text(&runs[0], threads))
    }
}

/// Runs every chunk of `config` on `threads` threads and merges the tallies in chunk order.
fn run_threaded(config: &McConfig, threads: usize) -> Result<Timed, String> {
    let start = Instant::now();
    let chunks = config.chunks();
    let threads = threads.min(chunks as usize).max(1);
    let next = AtomicU64::new(0);
    let mut parts: Vec<(u64, Tally)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= chunks {
                            return Ok(mine);
                        }
                        mine.push((k, run_chunk(config, k).map_err(|e| e.to_string())?));
                    }
                })
            })
            .collect();
        let mut all = Vec::new();
        for h in handles {
            let part: Result<Vec<(u64, Tally)>, String> = h
                .join()
                .map_err(|_| "a worker thread panicked".to_string())?;
            all.extend(part?);
        }
        Ok::<_, String>(all)
    })?;
    parts.sort_by_key(|(k, _)| *k);
    let mut tally = Tally::default();
    for (_, t) in &parts {
        tally.merge(t);
    }
    let seconds = start.elapsed().as_secs_f64();
    Ok(Timed {
        result: McResult::from_tally(config, &tally),
        seconds,
    })
}

fn table_text(run: &Timed, threads: usize) -> String {
    let mut out = String::new();
    let r = &run.result;
    let _ = writeln!(
        out,
        "Mis-ranked pairs of classifiers (Dyrland et al. 2022, §4.2)"
    );
    let _ = writeln!(
        out,
        "prior {}, σ = {} (realized sd {:.4}), {} pairs, seed {}",
        r.prior, r.sigma, r.realized_sd, r.pairs, r.seed
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "{:<22} {:>12} {:>8}", "metric", "% mis-ranked", "± SE");
    for m in Ranker::ALL {
        let label = if m.is_utility() {
            "utility (erroneous)"
        } else {
            m.key()
        };
        let _ = writeln!(
            out,
            "{:<22} {:>12.3} {:>8.3}",
            label,
            r.misranked_percent.get(m),
            r.stderr_percent.get(m)
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:.3} s, {:.3e} pairs/s on {} thread{}",
        run.seconds,
        run.pairs_per_second(),
        threads,
        if threads == 1 { "" } else { "s" }
    );
    out
}

fn sweep_text(runs: &[Timed], threads: usize) -> String {
    let mut out = String::new();
    let first = &runs[0].result;
    let _ = writeln!(
        out,
        "Mis-ranked pairs (%) as σ grows (Dyrland et al. 2022 fig. 7)"
    );
    let _ = writeln!(
        out,
        "prior {}, {} pairs per σ, seed {}",
        first.prior, first.pairs, first.seed
    );
    let _ = writeln!(out);
    let short = |r: Ranker| match r.metric() {
        None => "utility",
        Some(m) => match m {
            Metric::Accuracy => "acc",
            Metric::BalancedAccuracy => "bal_acc",
            Metric::Precision => "prec",
            Metric::Recall => "recall",
            Metric::Specificity => "spec",
            Metric::F1 => "f1",
            Metric::Mcc => "mcc",
            Metric::FowlkesMallows => "fm",
            Metric::Kappa => "kappa",
            Metric::PreferenceDriven => "p-d",
            Metric::Npv => "npv",
        },
    };
    let _ = write!(out, "{:>7} {:>11}", "σ", "realized sd");
    for m in Ranker::ALL {
        let _ = write!(out, " {:>8}", short(m));
    }
    let _ = writeln!(out);
    let mut seconds = 0.0;
    for run in runs {
        let r = &run.result;
        seconds += run.seconds;
        let _ = write!(out, "{:>7} {:>11.4}", r.sigma, r.realized_sd);
        for m in Ranker::ALL {
            let _ = write!(out, " {:>8.3}", r.misranked_percent.get(m));
        }
        let _ = writeln!(out);
    }
    let max_se = runs
        .iter()
        .flat_map(|r| Ranker::ALL.map(|m| *r.result.stderr_percent.get(m)))
        .fold(0.0, f64::max);
    let _ = writeln!(out);
    let _ = writeln!(out, "standard errors ≤ {max_se:.3} percentage points");
    let pairs: u64 = runs.iter().map(|r| r.result.pairs).sum();
    let _ = writeln!(
        out,
        "{:.3} s, {:.3e} pairs/s on {} thread{}",
        seconds,
        if seconds > 0.0 {
            pairs as f64 / seconds
        } else {
            0.0
        },
        threads,
        if threads == 1 { "" } else { "s" }
    );
    out
}
