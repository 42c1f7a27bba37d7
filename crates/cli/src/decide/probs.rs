//! `ulab decide --probs FILE`: a test set's per-item class probabilities (the Probabilities
//! view's file: the true class, then `MODEL:CLASS` columns, or single columns for two classes),
//! decided by the most probable class and by maximal expected utility (Dyrland et al. (draft)
//! eqs. 12–13), with each rule's confusion matrix and yield, and for two classes the net benefit
//! at given thresholds.
//!
//! The file is streamed: read a megabyte at a time, each row checked, decided and counted, never
//! held — a file larger than memory works. Deployment shares need the file's class shares
//! first: the file is then read twice (so not from standard input). Recalibration and the paired
//! bootstrap need every item in memory: the app's Probabilities view computes them.

use super::Args;
use crate::common::{self, Table, fmt_num, fmt4};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Read;
use ulab_core::UtilityMatrix;
use ulab_probs::tally::{CurvePoint, Tally};
use ulab_probs::{Decider, ModelOutcome, RuleOutcome, Shares};
use ulab_state::probs::file::{Header, ProbsOptions, ProbsReader};

/// Bytes read from the file at a time.
const CHUNK: usize = 1 << 20;

#[derive(Serialize)]
struct JsonRule {
    #[serde(rename = "yield")]
    yield_per_item: f64,
    confusion: Vec<Vec<f64>>,
}

#[derive(Serialize)]
struct JsonModel<'a> {
    name: &'a str,
    argmax: JsonRule,
    optimal: JsonRule,
}

#[derive(Serialize)]
struct JsonCurvePoint {
    threshold: f64,
    treat_all: f64,
    models: BTreeMap<String, f64>,
}

#[derive(Serialize)]
struct JsonProbs<'a> {
    classes: &'a [String],
    decisions: &'a [String],
    items: usize,
    models: Vec<JsonModel<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decision_curve: Option<Vec<JsonCurvePoint>>,
}

/// What a read of the file gives.
struct Read1 {
    tally: Tally,
    classes: Vec<String>,
    models: Vec<String>,
}

/// Streams the file `path` (`-`: standard input) through a [`ProbsReader`]; once the header
/// is read, `make` builds the tally the rows go to.
fn stream(
    path: &str,
    positive: Option<&str>,
    make: &mut dyn FnMut(&Header) -> Result<Tally, String>,
) -> Result<Read1, String> {
    let shown = common::display_path(path);
    let mut input: Box<dyn Read> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(
            std::fs::File::open(path)
                .map_err(|e| format!("{shown}: cannot open: {}", common::io_reason(&e)))?,
        )
    };
    let mut reader = ProbsReader::new(ProbsOptions {
        positive: positive.map(str::to_string),
        header: None,
        max_bytes: usize::MAX,
    });
    let at = |e: ulab_state::probs::file::ProbsFileError| format!("{shown}: {e}");
    let mut tally: Option<Tally> = None;
    let mut buf = vec![0u8; CHUNK];
    loop {
        let got = input
            .read(&mut buf)
            .map_err(|e| format!("{shown}: cannot read: {}", common::io_reason(&e)))?;
        if got == 0 {
            reader.end();
        } else {
            reader.push_bytes(&buf[..got]).map_err(at)?;
        }
        if tally.is_none()
            && let Some(h) = reader.read_header().map_err(at)?
        {
            tally = Some(make(h)?);
        }
        if let Some(t) = tally.as_mut() {
            reader
                .step(usize::MAX, &mut |c, p| t.push(c, p))
                .map_err(at)?;
        }
        if got == 0 {
            break;
        }
    }
    let (Some(tally), Some(h)) = (tally, reader.header()) else {
        return Err(format!("{shown}: the file is empty"));
    };
    if tally.items() == 0 {
        return Err(format!(
            "{shown}: line {}: a header but no rows of data",
            h.line
        ));
    }
    Ok(Read1 {
        classes: reader.class_names().map_err(at)?,
        models: h.models.clone(),
        tally,
    })
}

/// The `--net-benefit` thresholds: each in `(0, 1)`.
fn thresholds(text: &str) -> Result<Vec<f64>, String> {
    let v = common::list_arg("--net-benefit", text)?;
    if let Some(k) = v.iter().position(|t| !(*t > 0.0 && *t < 1.0)) {
        return Err(format!(
            "--net-benefit: value {}: {} is not a threshold probability (0 < p_t < 1)",
            k + 1,
            fmt_num(v[k])
        ));
    }
    Ok(v)
}

/// Reads the file (twice with `--prevalence`: the class shares first) and decides its rows.
fn decide(args: &Args, path: &str, u: &UtilityMatrix) -> Result<Read1, String> {
    let nb = args.net_benefit.as_deref().map(thresholds).transpose()?;
    let check = |h: &Header| -> Result<(), String> {
        common::check_fits(u, h.n, "--probs")?;
        if nb.is_some() && h.n != 2 {
            return Err(format!(
                "--net-benefit: a decision curve needs two classes; the file has {}",
                h.n
            ));
        }
        Ok(())
    };
    let shares = match &args.prevalence {
        None => None,
        Some(_) if path == "-" => {
            return Err(
                "--prevalence: the file is read twice (its class shares first), so it cannot \
                 come from standard input"
                    .into(),
            );
        }
        Some(text) => {
            let first = stream(path, args.positive.as_deref(), &mut |h| {
                check(h)?;
                Tally::count_only(h.n, h.models.clone()).map_err(|e| e.to_string())
            })?;
            let n = first.classes.len();
            let pi = common::shares_arg("--prevalence", text, n, "one share per class")?;
            Some(Shares::new(&pi, first.tally.class_counts()).map_err(|e| match e {
                ulab_core::CoreError::AbsentClass { class } => format!(
                    "--prevalence: class '{}' has no item in the file, so it cannot have a share",
                    first.classes[class]
                ),
                other => format!("--prevalence: {other}"),
            })?)
        }
    };
    stream(path, args.positive.as_deref(), &mut |h| {
        check(h)?;
        let d = Decider::new(u, shares.as_ref()).map_err(|e| format!("--utility: {e}"))?;
        Tally::new(d, h.models.clone(), nb.as_deref()).map_err(|e| e.to_string())
    })
}

pub(super) fn probs_mode(args: &Args, u: &UtilityMatrix, path: &str) -> Result<String, String> {
    let read = decide(args, path, u)?;
    let decisions =
        common::decision_names(args.decisions.as_deref(), u.n_decisions(), &read.classes)?;
    let outcomes = read.tally.outcomes().map_err(|e| e.to_string())?;
    let curve = read.tally.decision_curve();
    if args.json {
        return json(&read, &decisions, &outcomes, curve);
    }
    Ok(text(args, &read, &decisions, &outcomes, curve.as_deref()))
}

fn rows(o: &RuleOutcome) -> Vec<Vec<f64>> {
    o.counts.to_rows()
}

fn json(
    read: &Read1,
    decisions: &[String],
    outcomes: &[ModelOutcome],
    curve: Option<Vec<CurvePoint>>,
) -> Result<String, String> {
    let out = JsonProbs {
        classes: &read.classes,
        decisions,
        items: read.tally.items(),
        models: read
            .models
            .iter()
            .zip(outcomes)
            .map(|(name, o)| JsonModel {
                name,
                argmax: JsonRule {
                    yield_per_item: o.most_probable.yield_per_item,
                    confusion: rows(&o.most_probable),
                },
                optimal: JsonRule {
                    yield_per_item: o.optimal.yield_per_item,
                    confusion: rows(&o.optimal),
                },
            })
            .collect(),
        decision_curve: curve.map(|c| {
            c.into_iter()
                .map(|p| JsonCurvePoint {
                    threshold: p.threshold,
                    treat_all: p.treat_all,
                    models: read.models.iter().cloned().zip(p.models).collect(),
                })
                .collect()
        }),
    };
    common::to_json(&out)
}

fn text(
    args: &Args,
    read: &Read1,
    decisions: &[String],
    outcomes: &[ModelOutcome],
    curve: Option<&[CurvePoint]>,
) -> String {
    let t = &read.tally;
    let items = t.items();
    let shares: Vec<String> = t
        .class_counts()
        .iter()
        .zip(&read.classes)
        .map(|(&c, name)| format!("{name} {}", fmt4(c as f64 / items as f64)))
        .collect();
    let mut out = format!(
        "{items} items; classes (shares in the file): {}\nModels: {}\n",
        shares.join(", "),
        read.models.join(", ")
    );
    let renormalized: usize = t.renormalized().iter().sum();
    if renormalized > 0 {
        out.push_str(&format!(
            "Rows renormalized (summing to 1 within 1 %): {}\n",
            read.models
                .iter()
                .zip(t.renormalized())
                .map(|(m, r)| format!("{m} {r}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if let Some(p) = &args.prevalence {
        out.push_str(&format!(
            "Deployment shares {p}: probabilities re-weighted by Bayes' rule, p'(c) ∝ p(c)·π(c)/f(c); yields at those shares\n"
        ));
    }
    out.push_str("\nYield per item of each decision rule:\n");
    let mut table = Table::new(&["model", "rule", "yield", "total", "gain"]).left(1);
    for (name, o) in read.models.iter().zip(outcomes) {
        for (rule, r) in [
            ("most probable class", &o.most_probable),
            ("optimal", &o.optimal),
        ] {
            let gain = r.yield_per_item - o.most_probable.yield_per_item;
            table.row(vec![
                name.clone(),
                rule.into(),
                fmt_num(r.yield_per_item),
                fmt_num(r.total),
                fmt_num(gain),
            ]);
        }
    }
    out.push_str(&table.render());
    out.push_str("\nConfusion matrices (rows = decisions, columns = true classes):\n");
    for (name, o) in read.models.iter().zip(outcomes) {
        for (rule, r) in [
            ("most probable class", &o.most_probable),
            ("optimal", &o.optimal),
        ] {
            out.push_str(&format!("{name}, {rule}:\n"));
            let header: Vec<String> = std::iter::once("decision ↓ / true →".to_string())
                .chain(read.classes.iter().cloned())
                .collect();
            let mut m = Table::new(&header);
            for (d, row) in decisions.iter().zip(rows(r)) {
                m.row(
                    std::iter::once(d.clone())
                        .chain(row.iter().map(|v| fmt_num(*v)))
                        .collect(),
                );
            }
            out.push_str(&m.render());
        }
    }
    if let Some(c) = curve {
        out.push_str(
            "\nNet benefit (decide class 0 iff p(class 0) ≥ p_t; TP/N − FP/N · p_t/(1 − p_t)):\n",
        );
        let header: Vec<String> = ["p_t", "treat all", "treat none"]
            .into_iter()
            .map(String::from)
            .chain(read.models.iter().cloned())
            .collect();
        let mut table = Table::new(&header);
        for p in c {
            let mut row = vec![fmt_num(p.threshold), fmt4(p.treat_all), fmt4(0.0)];
            row.extend(p.models.iter().map(|v| fmt4(*v)));
            table.row(row);
        }
        out.push_str(&table.render());
    }
    out.push_str(
        "\nRecalibration and the paired bootstrap need every item in memory: the app's \
         Probabilities view computes them.\n",
    );
    out
}
