//! `ulab decide --counts`: a label-only classifier turned into a decision maker with its
//! confusion counts and the deployment's base rates (Dyrland et al. (draft), eq. 23).

use super::Args;
use crate::common::{self, Table, fmt_num, fmt4, quoted};
use serde::Serialize;
use ulab_core::decision;
use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};

#[derive(Serialize)]
struct JsonOutput<'a> {
    output: &'a str,
    probability: f64,
    expected_utilities: Vec<Option<f64>>,
    optimal: &'a str,
    most_probable: &'a str,
}

#[derive(Serialize)]
struct JsonCounts<'a> {
    mode: &'static str,
    classes: &'a [String],
    decisions: &'a [String],
    alpha: f64,
    prevalence: &'a [f64],
    output_given_class: Vec<Vec<f64>>,
    class_given_output: Vec<Vec<f64>>,
    outputs: Vec<JsonOutput<'a>>,
    raw_yield: Option<f64>,
    remapped_yield: Option<f64>,
}

/// The `--counts` matrix as counts: whole numbers as they are; fractions (any values that are
/// not whole, or whole values summing to at most 1) only with `--n N`, as `value × N / sum`
/// (the rule of the app's question panel). Returns the counts and `N` if `--n` was used.
///
/// # Errors
/// Fractions without `--n`; `--n` that is not a whole number ≥ 1, or that contradicts whole
/// counts' total.
fn counts_arg(args: &Args, text: &str) -> Result<(ConfusionMatrix, Option<f64>), String> {
    let cm = common::confusion_arg("--counts", text, args.orientation.unwrap_or_default())?;
    let n = args.n.as_deref().map(common::test_set_size).transpose()?;
    let not_whole = cm
        .counts()
        .data()
        .iter()
        .copied()
        .find(|v| v.fract() != 0.0);
    let fractions = not_whole.is_some() || cm.total() <= 1.0;
    match (n, not_whole) {
        (None, Some(v)) => Err(format!(
            "--counts: the values are not whole numbers ({}), so the test-set size is unknown: \
             give it with --n N (the counts are then value × N / sum)",
            fmt_num(v)
        )),
        (None, None) => Ok((cm, None)),
        (Some(n), _) if !fractions => {
            if cm.total() == n {
                Ok((cm, Some(n)))
            } else {
                Err(format!(
                    "--n: the counts are whole numbers with total {}, not {}: drop --n, or give \
                     the matrix as fractions",
                    fmt_num(cm.total()),
                    fmt_num(n)
                ))
            }
        }
        (Some(n), _) => {
            let scaled = cm
                .normalized()
                .map(|v| v * n)
                .and_then(|m| ConfusionMatrix::new(m, Orientation::OutputRows))
                .map_err(|e| format!("--counts: {e}"))?;
            Ok((scaled, Some(n)))
        }
    }
}

/// A label-only classifier's counts remapped to optimal decisions (Dyrland et al. (draft),
/// eq. 23): the matrix used, the test-set size given with `--n`, α, the deployment base rates
/// (if given) and those used, and the remapping.
struct Counts {
    cm: ConfusionMatrix,
    given_n: Option<f64>,
    alpha: f64,
    prevalence: Option<Vec<f64>>,
    pi: Vec<f64>,
    r: decision::Remap,
}

fn remap_counts(
    args: &Args,
    u: &UtilityMatrix,
    text: &str,
    classes: &[String],
) -> Result<Counts, String> {
    let (cm, given_n) = counts_arg(args, text)?;
    let alpha = args.alpha.unwrap_or(1.0);
    let n = cm.n();
    common::check_fits(u, n, "--counts")?;
    if alpha < 0.0 {
        return Err(format!(
            "--alpha: {} is negative; the pseudo-count must be ≥ 0",
            fmt_num(alpha)
        ));
    }
    let prevalence = match &args.prevalence {
        Some(t) => Some(common::shares_arg(
            "--prevalence",
            t,
            n,
            "one base rate per class",
        )?),
        None => None,
    };
    if alpha == 0.0
        && let Some(c) = cm.class_totals().iter().position(|t| *t == 0.0)
    {
        return Err(format!(
            "--counts: the test set has no case of class {}, so p(output | {}) is 0/0 with \
                 --alpha 0: use a pseudo-count α > 0",
            quoted(&classes[c]),
            classes[c]
        ));
    }
    let safe = common::metric_safe(&cm);
    let r = decision::remap(&safe, u, alpha, prevalence.as_deref()).map_err(|e| match e {
        ulab_core::CoreError::Invalid(m) => format!("--counts: {m}"),
        other => format!("--counts: {other}"),
    })?;
    if !r.raw_yield.is_finite() || !r.remapped_yield.is_finite() {
        return Err("--utility: the yields overflow: rescale the utility matrix".into());
    }
    let pi: Vec<f64> = prevalence.clone().unwrap_or_else(|| cm.class_shares());
    Ok(Counts {
        cm,
        given_n,
        alpha,
        prevalence,
        pi,
        r,
    })
}

pub(super) fn counts_mode(
    args: &Args,
    u: &UtilityMatrix,
    text: &str,
    classes: &[String],
    decisions: &[String],
) -> Result<String, String> {
    let c = remap_counts(args, u, text, classes)?;
    if args.json {
        return counts_json(&c, classes, decisions);
    }
    let (cm, r, n, alpha) = (&c.cm, &c.r, c.cm.n(), c.alpha);
    let mut out = String::new();
    out.push_str(&format!(
        "Label-only classifier: {} classes ({}), N = {}{}; pseudo-count α = {}; base rates π = ({}){}\n\n",
        n,
        common::fmt_names(classes),
        fmt_num(cm.total()),
        if c.given_n.is_some() { " (--n; counts = value × N / sum)" } else { "" },
        fmt_num(alpha),
        common::fmt_list_capped(&c.pi),
        if c.prevalence.is_some() { " (deployment, --prevalence)" } else { " (the test set's shares)" }
    ));

    out.push_str(&probability_tables(r, classes));
    out.push_str(&decision_table(r, classes, decisions));
    out.push_str(&format!(
        "Yield per item, raw (output o ↦ decision o):  {}\n",
        fmt_num(r.raw_yield)
    ));
    out.push_str(&format!(
        "Yield per item, remapped (optimal decisions): {}\n",
        fmt_num(r.remapped_yield)
    ));
    let changed: Vec<String> = (0..n)
        .filter(|&o| r.decisions[o] != o)
        .map(|o| {
            format!(
                "{} → {}",
                quoted(&classes[o]),
                quoted(&decisions[r.decisions[o]])
            )
        })
        .collect();
    if changed.is_empty() {
        out.push_str("Every output is already its optimal decision: remapping changes nothing.\n");
    } else {
        out.push_str(&format!(
            "Remapping the outputs {} raises the yield by {} per item.\n",
            changed.join(", "),
            fmt_num(r.remapped_yield - r.raw_yield)
        ));
    }
    if alpha > 0.0 {
        out.push_str(
            "(The pseudo-count smooths the counts; with --alpha 0 and no --prevalence the raw yield \
             is the test-set yield.)\n",
        );
    }
    Ok(out)
}

fn counts_json(c: &Counts, classes: &[String], decisions: &[String]) -> Result<String, String> {
    let (r, n, alpha, pi) = (&c.r, c.cm.n(), c.alpha, &c.pi);
    let rows = |m: &ulab_core::Matrix| m.to_rows();
    let out = JsonCounts {
        mode: "counts",
        classes,
        decisions,
        alpha,
        prevalence: pi,
        output_given_class: rows(&r.output_given_class),
        class_given_output: rows(&r.class_given_output),
        outputs: (0..n)
            .map(|o| JsonOutput {
                output: &classes[o],
                probability: r.output_probability[o],
                expected_utilities: r
                    .expected
                    .row(o)
                    .iter()
                    .map(|v| common::finite(*v))
                    .collect(),
                optimal: &decisions[r.decisions[o]],
                most_probable: &classes[r.most_probable[o]],
            })
            .collect(),
        raw_yield: common::finite(r.raw_yield),
        remapped_yield: common::finite(r.remapped_yield),
    };
    common::to_json(&out)
}

/// p(output | class) and p(class | output), as tables.
fn probability_tables(r: &decision::Remap, classes: &[String]) -> String {
    let mut out = String::new();
    let mut header = vec!["output ↓ / true →".to_string()];
    header.extend(classes.iter().cloned());
    out.push_str("p(output | class) = (M_oc + α) / (N_c + n·α)   (each column sums to 1)\n");
    let mut t = Table::new(&header);
    for (o, name) in classes.iter().enumerate() {
        let mut row = vec![name.clone()];
        row.extend(r.output_given_class.row(o).iter().map(|v| fmt4(*v)));
        t.row(row);
    }
    out.push_str(&t.render());
    out.push('\n');

    out.push_str("p(class | output) ∝ p(output | class)·π_class   (each row sums to 1)\n");
    let mut t = Table::new(&header);
    for (o, name) in classes.iter().enumerate() {
        let mut row = vec![name.clone()];
        row.extend(r.class_given_output.row(o).iter().map(|v| fmt4(*v)));
        t.row(row);
    }
    out.push_str(&t.render());
    out.push('\n');

    out
}

/// For each output: the expected utility of each decision, the optimal one, the most probable
/// class.
fn decision_table(r: &decision::Remap, classes: &[String], decisions: &[String]) -> String {
    let n = classes.len();
    let mut out = String::new();
    out.push_str("For each output: expected utility of each decision, the optimal decision and the most probable class\n");
    let mut header = vec!["output".to_string(), "p(output)".to_string()];
    let show_all = decisions.len() <= 8;
    if show_all {
        header.extend(decisions.iter().map(|d| format!("Ū({d})")));
    }
    header.push("optimal".to_string());
    header.push("most probable".to_string());
    let k = header.len();
    let mut t = Table::new(&header).left(k - 1).left(k - 2);
    for o in 0..n {
        let mut row = vec![classes[o].clone(), fmt4(r.output_probability[o])];
        if show_all {
            row.extend(r.expected.row(o).iter().map(|v| fmt_num(*v)));
        }
        row.push(decisions[r.decisions[o]].clone());
        row.push(classes[r.most_probable[o]].clone());
        t.row(row);
    }
    out.push_str(&t.render());
    out.push('\n');

    out
}
