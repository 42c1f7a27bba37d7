//! `ulab roc --scores`: the empirical ROC curve of a scored test set.

use super::{Args, JsonOptimal, JsonPoint, fmt_threshold, optimum_lines, slope, threshold_json};
use crate::common::{self, Table, fmt_num, fmt4, quoted};
use serde::Serialize;
use ulab_core::UtilityMatrix;
use ulab_core::labels::conventional_positive;
use ulab_core::roc::{self as core_roc, Roc, RocPoint};

#[derive(Serialize)]
struct JsonScores<'a> {
    source: &'static str,
    positive: &'a str,
    positives: usize,
    negatives: usize,
    class0_share: f64,
    auc: f64,
    mann_whitney_auc: f64,
    hull: Vec<JsonPoint>,
    iso_utility_slope: Option<f64>,
    optimal: Option<JsonOptimal>,
    #[serde(skip_serializing_if = "Option::is_none")]
    curve: Option<Vec<JsonPoint>>,
}

/// Scores and labels read from the CSV.
struct ScoreData {
    scores: Vec<f64>,
    labels: Vec<String>,
}

/// Reads the scores file with the crate's CSV reader ([`ulab_csv`]): `score,label`
/// records (any delimiter the reader accepts, quoted fields), a header optional, lines starting
/// with `#` skipped.
fn read_scores(path: &str) -> Result<ScoreData, String> {
    let shown = common::display_path(path);
    let text = common::read_text(path)?;
    let records = ulab_csv::read(&text).map_err(|e| match e.line() {
        0 => format!("{shown}: {e}"),
        line => format!("{shown}: line {line}: {e}"),
    })?;
    let sep = match ulab_csv::delimiter(&text) {
        '\t' => "<tab>",
        ';' => ";",
        _ => ",",
    };
    let mut cols: Option<(usize, usize, usize)> = None; // (score, label, min fields)
    let mut data = ScoreData {
        scores: Vec::new(),
        labels: Vec::new(),
    };
    for record in records {
        let (line_no, fields) = (record.line, record.fields);
        if fields[0].starts_with('#') {
            continue;
        }
        if cols.is_none() {
            // The first line: a header if its first field is not a number.
            if ulab_core::text::parse_number(&fields[0]).is_none() {
                let lower: Vec<String> = fields.iter().map(|f| f.to_lowercase()).collect();
                let si = lower.iter().position(|f| f == "score");
                let li = lower.iter().position(|f| f == "label");
                cols = Some(match (si, li) {
                    (Some(si), Some(li)) => (si, li, si.max(li) + 1),
                    _ if fields.len() == 2 => (0, 1, 2),
                    _ => {
                        return Err(format!(
                            "{shown}: line {line_no}: a header with {} fields must name the \
                             columns 'score' and 'label'",
                            fields.len()
                        ));
                    }
                });
                continue;
            }
            cols = Some((0, 1, 2));
        }
        let (si, li, min) = cols.unwrap_or((0, 1, 2));
        if fields.len() < min || (min == 2 && fields.len() != 2) {
            return Err(format!(
                "{shown}: line {line_no}: expected 2 fields (score{sep}label), found {}",
                fields.len()
            ));
        }
        let score = ulab_core::text::parse_number(&fields[si]).ok_or_else(|| {
            format!(
                "{shown}: line {line_no}: '{}' is not a number",
                ulab_core::text::truncate(&fields[si], 24)
            )
        })?;
        let label = fields[li].clone();
        if label.is_empty() {
            return Err(format!("{shown}: line {line_no}: the label is empty"));
        }
        data.scores.push(score);
        data.labels.push(label);
    }
    if data.scores.is_empty() {
        return Err(format!("{shown}: no data (expected lines 'score,label')"));
    }
    Ok(data)
}

/// The distinct labels, sorted numerically if all are numbers, otherwise as strings.
fn sorted_labels(labels: &[String]) -> Vec<String> {
    let mut v: Vec<String> = labels.to_vec();
    v.sort();
    v.dedup();
    let nums: Option<Vec<f64>> = v.iter().map(|l| ulab_core::text::parse_number(l)).collect();
    if let Some(nums) = nums {
        let mut pairs: Vec<(f64, String)> = nums.into_iter().zip(v).collect();
        pairs.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        v = pairs.into_iter().map(|p| p.1).collect();
    }
    v
}

/// The labels found, at most six, quoted, for a message.
fn label_list(labels: &[String]) -> String {
    let list: Vec<String> = labels.iter().take(6).map(|l| quoted(l)).collect();
    format!(
        "{}{}",
        list.join(", "),
        if labels.len() > 6 { ", …" } else { "" }
    )
}

/// The positive label: `--positive` (which must occur), else scikit-learn's rule for two
/// labels; and whether the user chose it.
fn choose_positive(args: &Args, labels: &[String], shown: &str) -> Result<(String, bool), String> {
    if let Some(p) = &args.positive {
        let p = p.trim().to_string();
        if !labels.contains(&p) {
            return Err(format!(
                "--positive: the label {} does not occur in {shown} (labels: {})",
                quoted(&ulab_core::text::truncate(&p, 40)),
                label_list(labels)
            ));
        }
    }
    if labels.len() < 2 {
        return Err(format!(
            "{shown}: only one label ({}): a ROC curve needs cases of two classes",
            quoted(&ulab_core::text::truncate(&labels[0], 40))
        ));
    }
    if let Some(p) = &args.positive {
        return Ok((p.trim().to_string(), true));
    }
    if labels.len() > 2 {
        return Err(format!(
            "{shown}: {} labels ({}): give --positive LABEL to compare one of them with the rest",
            labels.len(),
            label_list(labels)
        ));
    }
    match conventional_positive(labels) {
        Some(k) => Ok((labels[k].clone(), false)),
        None => {
            let [a, b] = [&labels[0], &labels[1]].map(|l| ulab_core::text::truncate(l, 40));
            Err(format!(
                "--positive: the labels are {} and {}; say which one is positive \
                 (--positive {b})",
                quoted(&a),
                quoted(&b)
            ))
        }
    }
}

/// The analysis of a scores file.
struct Analysis {
    data: ScoreData,
    labels: Vec<String>,
    positive: String,
    /// Whether `--positive` chose the positive label.
    chosen: bool,
    negatives_label: String,
    roc: Roc,
    mann_whitney: f64,
    hull: Vec<RocPoint>,
    /// The file's class-0 share, and the one used (`--share` or the file's).
    file_b: f64,
    b: f64,
    yields: Option<Vec<f64>>,
    /// The first (highest-threshold) point of maximal yield.
    optimal: Option<(RocPoint, f64)>,
    slope: Option<Result<f64, String>>,
}

fn analyse(args: &Args, path: &str, u: Option<&UtilityMatrix>) -> Result<Analysis, String> {
    let shown = common::display_path(path);
    let data = read_scores(path)?;
    let labels = sorted_labels(&data.labels);
    let (positive, chosen) = choose_positive(args, &labels, &shown)?;
    let is_pos: Vec<bool> = data.labels.iter().map(|l| *l == positive).collect();
    let roc = Roc::from_scores(&data.scores, &is_pos).map_err(|e| format!("{shown}: {e}"))?;
    let mann_whitney =
        core_roc::mann_whitney_auc(&data.scores, &is_pos).map_err(|e| format!("{shown}: {e}"))?;
    let file_b = roc.class0_share();
    let b = args.share.unwrap_or(file_b);
    let yields: Option<Vec<f64>> = u.map(|u| {
        roc.points
            .iter()
            .map(|p| core_roc::yield_at(u, b, p.fpr, p.tpr))
            .collect()
    });
    if let Some(ys) = &yields
        && ys.iter().any(|y| !y.is_finite())
    {
        return Err("--utility: the yields overflow: rescale the utility matrix".into());
    }
    let optimal = yields.as_ref().map(|ys| {
        let mut best = 0;
        for (i, y) in ys.iter().enumerate() {
            if *y > ys[best] {
                best = i;
            }
        }
        (roc.points[best], ys[best])
    });
    let negatives_label = if labels.len() == 2 {
        labels
            .iter()
            .find(|l| **l != positive)
            .cloned()
            .unwrap_or_default()
    } else {
        format!("not {positive}")
    };
    Ok(Analysis {
        hull: roc.hull(),
        slope: u.map(|u| slope(u, b)),
        data,
        labels,
        positive,
        chosen,
        negatives_label,
        roc,
        mann_whitney,
        file_b,
        b,
        yields,
        optimal,
    })
}

pub(super) fn scores_mode(
    args: &Args,
    path: &str,
    u: Option<&UtilityMatrix>,
) -> Result<String, String> {
    let a = analyse(args, path, u)?;
    if args.json {
        return common::to_json(&json(args, &a));
    }
    let mut out = summary(&a, &common::display_path(path));
    if let (Some(u), Some((p, y))) = (u, a.optimal) {
        out.push('\n');
        out.push_str(&format!(
            "Utility matrix {} (rows = decision: {}, {}; columns = true class){}\n",
            common::fmt_matrix(u.matrix()),
            quoted(&a.positive),
            quoted(&a.negatives_label),
            if args.share.is_some() {
                format!(
                    "; B = {} (--share; the file's is {})",
                    fmt_num(a.b),
                    fmt4(a.file_b)
                )
            } else {
                String::new()
            }
        ));
        let threshold = format!(
            "{} (call {} when score ≥ it)",
            fmt_threshold(p.threshold),
            quoted(&a.positive)
        );
        let call = quoted(&a.positive);
        out.push_str(&optimum_lines(
            u,
            a.b,
            &a.slope,
            (p.fpr, p.tpr, threshold, y),
            &call,
        ));
    }
    if args.curve {
        out.push_str(&curve_table(&a));
    }
    Ok(out)
}

fn json<'a>(args: &Args, a: &'a Analysis) -> JsonScores<'a> {
    let pt = |p: &RocPoint, y: Option<f64>| JsonPoint {
        fpr: p.fpr,
        tpr: p.tpr,
        threshold: threshold_json(p.threshold),
        yield_value: y,
    };
    JsonScores {
        source: "scores",
        positive: &a.positive,
        positives: a.roc.positives,
        negatives: a.roc.negatives,
        class0_share: a.b,
        auc: a.roc.auc(),
        mann_whitney_auc: a.mann_whitney,
        hull: a.hull.iter().map(|p| pt(p, None)).collect(),
        iso_utility_slope: a.slope.as_ref().and_then(|s| s.clone().ok()),
        optimal: a.optimal.map(|(p, y)| JsonOptimal {
            fpr: p.fpr,
            tpr: p.tpr,
            threshold: threshold_json(p.threshold),
            yield_value: common::finite(y),
        }),
        curve: args.curve.then(|| {
            a.roc
                .points
                .iter()
                .enumerate()
                .map(|(i, p)| pt(p, a.yields.as_ref().map(|ys| ys[i])))
                .collect()
        }),
    }
}

/// The file, the classes, the AUC with its Mann–Whitney check, and the hull.
fn summary(a: &Analysis, shown: &str) -> String {
    let (roc, auc) = (&a.roc, a.roc.auc());
    let mut out = format!(
        "ROC from {shown}: {} cases; positive class (class 0) = {}{}; cases: {} positive, {} \
         negative ({}); class-0 share B = {}\n",
        a.data.scores.len(),
        quoted(&a.positive),
        if a.chosen {
            " (--positive)".to_string()
        } else {
            format!(
                " (the greater of {} and {}, as scikit-learn does; choose another with --positive)",
                a.labels[0], a.labels[1]
            )
        },
        roc.positives,
        roc.negatives,
        quoted(&a.negatives_label),
        fmt4(a.file_b)
    );
    out.push_str("A case is called positive when its score ≥ the threshold.\n\n");
    let agree = (auc - a.mann_whitney).abs() <= 1e-9;
    out.push_str(&format!(
        "AUC = {} (trapezoid rule over the empirical curve, ties as diagonal steps)\n",
        fmt4(auc)
    ));
    out.push_str(&format!(
        "Mann–Whitney check: U / (P·N) = {} — {}\n\n",
        fmt4(a.mann_whitney),
        if agree {
            "equal, as it must be"
        } else {
            "DIFFERENT (please report this)"
        }
    ));
    out.push_str(&format!(
        "Convex hull vertices ({} of {} points):\n",
        a.hull.len(),
        roc.points.len()
    ));
    let mut t = Table::new(&["FPR", "TPR", "threshold"]);
    t = t.left(0);
    for p in &a.hull {
        t.row(vec![fmt4(p.fpr), fmt4(p.tpr), fmt_threshold(p.threshold)]);
    }
    out.push_str(&t.render());
    out
}

/// Every point of the curve (with its yield and the optimum marked, given a utility matrix).
fn curve_table(a: &Analysis) -> String {
    let mut out = String::from("\n");
    out.push_str(if a.yields.is_some() {
        "Every point of the curve (yield vs threshold):\n"
    } else {
        "Every point of the curve:\n"
    });
    let mut header = vec!["threshold", "FPR", "TPR"];
    if a.yields.is_some() {
        header.push("yield");
    }
    let mut t = Table::new(&header);
    for (i, p) in a.roc.points.iter().enumerate() {
        let mut row = vec![fmt_threshold(p.threshold), fmt4(p.fpr), fmt4(p.tpr)];
        if let Some(ys) = &a.yields {
            let mark = if a.optimal.is_some_and(|(o, _)| o == *p) {
                " *"
            } else {
                ""
            };
            row.push(format!("{}{mark}", fmt_num(ys[i])));
        }
        t.row(row);
    }
    out.push_str(&t.render());
    out
}
