//! `ulab eval --draws N [--seed K] [--alpha A] [--n N]`: how sure the ranking is, from the
//! finite test sets — each classifier's probability of being the best and a 90 % interval of
//! its yield per item, under the Dirichlet(M + α) posterior of each confusion matrix
//! ([`ulab_core::mc::sure`]), and how many test items would settle it
//! ([`ulab_core::mc::settle`]). The utilities are taken as entered (`σ = 0`); deployment shares
//! (`--prevalence`) apply to every draw.

use super::Args;
use crate::common::{self, Table, fmt_num, fmt4};
use serde::Serialize;
use ulab_core::limits::{MAX_QUESTION_DRAWS, MAX_QUESTION_N};
use ulab_core::mc::question::QuestionConfig;
use ulab_core::mc::settle::{ItemsToSettle, SETTLE_PROBABILITY, Settle, items_to_settle};
use ulab_core::mc::sure::{Sure, sure};
use ulab_core::{ConfusionMatrix, CoreError, Orientation, UtilityMatrix};

/// The answer of `--draws`.
pub(super) struct HowSure {
    draws: u64,
    seed: u64,
    alpha: f64,
    /// Each classifier's test-set size (its counts' total, or `--n` for fractions).
    test_items: Vec<f64>,
    sure: Sure,
    settle: ItemsToSettle,
}

/// The keys `--draws` adds to each classifier of `--json`.
#[derive(Serialize)]
pub(super) struct JsonClassifierSure {
    p_best: f64,
    p_best_stderr: f64,
    yield_interval: [f64; 2],
    yield_mean: f64,
    test_items: f64,
}

/// The top-level keys `--draws` adds to `--json`.
#[derive(Serialize)]
pub(super) struct JsonSure<'a> {
    draws: u64,
    seed: u64,
    alpha: f64,
    items_to_settle: JsonSettle<'a>,
}

#[derive(Serialize)]
struct JsonSettle<'a> {
    classifier: &'a str,
    /// "settled", "already_settled" or "never".
    answer: &'static str,
    /// The test-set size for "settled", otherwise null.
    items: Option<u64>,
    probability: f64,
}

/// Whether any of the options that go with `--draws` was given without it.
///
/// # Errors
/// `--seed`, `--alpha` or `--n` without `--draws` (nothing is ignored silently).
pub(super) fn check_options(args: &Args) -> Result<(), String> {
    if args.draws.is_none() {
        let extra = [
            ("--seed", args.seed.is_some()),
            ("--alpha", args.alpha.is_some()),
            ("--n", args.n.is_some()),
        ];
        if let Some((name, _)) = extra.iter().find(|(_, given)| *given) {
            return Err(format!(
                "{name} goes with --draws N (how sure the ranking is): add --draws, e.g. \
                 --draws 4000"
            ));
        }
    }
    Ok(())
}

/// The counts of each classifier for the posterior: whole counts as they are; fractions (any
/// value not whole) as `value × N / sum` with `--n N` (the rule of the app's question panel).
///
/// # Errors
/// Fractions without `--n`; `--n` not a whole number from 1 to 10⁹, or given when every
/// classifier holds whole counts.
fn posterior_counts(
    args: &Args,
    named: &[(String, ConfusionMatrix)],
) -> Result<Vec<ConfusionMatrix>, String> {
    let n = args.n.as_deref().map(common::test_set_size).transpose()?;
    if let Some(n) = n
        && n > MAX_QUESTION_N as f64
    {
        return Err(format!(
            "--n: {} test items, more than the {} supported",
            fmt_num(n),
            fmt_num(MAX_QUESTION_N as f64)
        ));
    }
    if n.is_some() && named.iter().all(|(_, cm)| cm.is_integer_counts()) {
        return Err(
            "--n: every --cm holds whole counts, whose totals are the test-set sizes: drop --n, \
             or give the matrices as fractions"
                .to_string(),
        );
    }
    named
        .iter()
        .map(|(name, cm)| {
            let label = format!("--cm {}", ulab_core::text::truncate(name, 40));
            match n {
                _ if cm.is_integer_counts() => Ok(cm.clone()),
                None => Err(format!(
                    "{label}: the values are not whole counts, so the test-set size is unknown: \
                     give it with --n N (the counts are then value × N / sum)"
                )),
                Some(n) => cm
                    .normalized()
                    .map(|v| v * n)
                    .and_then(|m| ConfusionMatrix::new(m, Orientation::OutputRows))
                    .map_err(|e| format!("{label}: {e}")),
            }
        })
        .collect()
}

/// How sure the ranking is, if `--draws` was given.
///
/// # Errors
/// The options' errors, as one line naming the option.
pub(super) fn how_sure(
    args: &Args,
    u: &UtilityMatrix,
    named: &[(String, ConfusionMatrix)],
    prevalence: Option<&[f64]>,
) -> Result<Option<HowSure>, String> {
    check_options(args)?;
    let Some(draws) = args.draws else {
        return Ok(None);
    };
    if !(1..=MAX_QUESTION_DRAWS).contains(&draws) {
        return Err(format!(
            "--draws: {draws} draws; give 1 to {} (4000 gives P(best) within ±0.016)",
            fmt_num(MAX_QUESTION_DRAWS as f64)
        ));
    }
    let counts = posterior_counts(args, named)?;
    let test_items = counts.iter().map(|cm| cm.total()).collect();
    let mut q = QuestionConfig::how_sure(u.clone(), counts);
    q.draws = draws;
    q.seed = args.seed.unwrap_or(1);
    q.alpha = args.alpha.unwrap_or(1.0);
    q.prevalence = prevalence.map(<[f64]>::to_vec);
    let named_error = |e: CoreError| match e {
        CoreError::InvalidParameter { name: "alpha", .. } => format!("--alpha: {e}"),
        CoreError::InvalidParameter { name: "draws", .. } => format!("--draws: {e}"),
        other => common::core_message(&other),
    };
    let s = sure(&q).map_err(named_error)?;
    let settle = items_to_settle(&q, &s).map_err(named_error)?;
    Ok(Some(HowSure {
        draws,
        seed: q.seed,
        alpha: q.alpha,
        test_items,
        sure: s,
        settle,
    }))
}

impl HowSure {
    /// The keys of classifier `k` in `--json`.
    pub(super) fn json_classifier(&self, k: usize) -> JsonClassifierSure {
        let y = &self.sure.yields[k];
        JsonClassifierSure {
            p_best: self.sure.p_best[k],
            p_best_stderr: self.sure.p_best_se[k],
            yield_interval: [y.low, y.high],
            yield_mean: y.mean,
            test_items: self.test_items[k],
        }
    }

    /// The top-level keys of `--json`.
    pub(super) fn json<'a>(&self, names: &[&'a str]) -> JsonSure<'a> {
        let (answer, items) = match self.settle.settle {
            Settle::Settled { items } => ("settled", Some(items)),
            Settle::AlreadySettled => ("already_settled", None),
            Settle::Never => ("never", None),
        };
        JsonSure {
            draws: self.draws,
            seed: self.seed,
            alpha: self.alpha,
            items_to_settle: JsonSettle {
                classifier: names[self.settle.classifier],
                answer,
                items,
                probability: SETTLE_PROBABILITY,
            },
        }
    }

    /// The table's rows: P(best) and the 90 % interval of the yield per item.
    pub(super) fn rows(&self, table: &mut Table, names: &[&str], pad: &str, several: bool) {
        let leader = self.sure.leader();
        let mut row = vec!["P(best)".to_string()];
        for (k, p) in self.sure.p_best.iter().enumerate() {
            let mark = if several && k == leader { " *" } else { pad };
            row.push(format!("{}{mark}", fmt4(*p)));
        }
        if several {
            row.push(names[leader].to_string());
        }
        row.push(format!("(posterior, {} draws)", self.draws));
        table.row(row);
        let mut row = vec!["Yield per item, 90 % interval".to_string()];
        for y in &self.sure.yields {
            let (low, high) = interval_text(y.low, y.high);
            row.push(format!("{low} to {high}{pad}"));
        }
        if several {
            row.push(String::new());
        }
        row.push("(5 % and 95 % quantiles)".to_string());
        table.row(row);
    }

    /// The paragraph after the ranking: who is best with which probability, and how many test
    /// items would settle it.
    pub(super) fn text(&self, names: &[&str]) -> String {
        let k = self.settle.classifier;
        let p = self.sure.p_best[k];
        let on = self.test_items_text();
        let mut out = format!(
            "How sure: under the Dirichlet posterior of each confusion matrix (α = {}, {} \
             draws, seed {}), ",
            fmt_num(self.alpha),
            self.draws,
            self.seed
        );
        if names.len() == 1 {
            let (low, high) = interval_text(self.sure.yields[0].low, self.sure.yields[0].high);
            out.push_str(&format!(
                "the yield per item of {} is between {low} and {high} with probability 0.9 \
                 ({on}).\n",
                names[0],
            ));
            return out;
        }
        out.push_str(&format!(
            "{} is the best with probability {} ({on}): ",
            names[k],
            ulab_core::text::trimmed(p, 3)
        ));
        out.push_str(&match self.settle.settle {
            Settle::AlreadySettled => "that settles it (0.95 or more).\n".to_string(),
            Settle::Settled { items } => format!(
                "about {} test items per classifier, at the same proportions, would make it \
                 the best with probability 0.95.\n",
                fmt_num(items as f64)
            ),
            Settle::Never => {
                let points: Vec<f64> = self.sure.yields.iter().map(|y| y.point).collect();
                let rival = (0..names.len())
                    .filter(|&j| j != k)
                    .max_by(|&a, &b| points[a].total_cmp(&points[b]))
                    .unwrap_or(k);
                if points[rival] >= points[k] {
                    format!(
                        "no number of test items would make it the best with probability \
                         0.95: {}'s counts yield as much or more.\n",
                        names[rival]
                    )
                } else {
                    format!(
                        "no number of test items up to {} would make it the best with \
                         probability 0.95: its yield and {}'s are too close.\n",
                        fmt_num(ulab_core::mc::settle::SETTLE_CAP as f64),
                        names[rival]
                    )
                }
            }
        });
        out
    }

    /// "on N test items", or "on test sets of N₁, N₂, … items".
    fn test_items_text(&self) -> String {
        let first = self.test_items[0];
        if self.test_items.iter().all(|n| *n == first) {
            format!("on {} test items", fmt_num(first))
        } else {
            format!(
                "on test sets of {} items",
                common::fmt_list_capped(&self.test_items)
            )
        }
    }
}

/// The ends of an interval to about three significant digits of its width (`-25.2` and `26.1`
/// for a width of 51; `0.0012` and `0.0431` for a width of 0.04), which is all the draws
/// resolve.
fn interval_text(low: f64, high: f64) -> (String, String) {
    let width = high - low;
    let decimals = if width > 0.0 && width.is_finite() {
        (2.0 - width.log10().floor()).clamp(0.0, 8.0) as usize
    } else {
        4
    };
    let text = |v: f64| {
        if v.abs() >= 1e12 {
            fmt_num(v)
        } else {
            ulab_core::text::trimmed(v, decimals)
        }
    };
    (text(low), text(high))
}
