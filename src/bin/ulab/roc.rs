//! `ulab roc`: the ROC curve of scored cases or of the binormal model, its AUC and convex hull,
//! and with a utility matrix the iso-utility slope and the yield-maximizing operating point
//! (Dyrland et al. 2022, §5).

use crate::common::{self, fmt4, fmt_num, quoted, Table};
use serde::Serialize;
use utility_lab::core::labels::conventional_positive;
use utility_lab::core::roc::{self as core_roc, Binormal, Roc, RocPoint};
use utility_lab::core::special::norm_inv;
use utility_lab::core::UtilityMatrix;

const AFTER_HELP: &str = "\
The scores file is CSV with columns score,label (a header line is optional; a header naming
'score' and 'label' may put them in any order and have other columns; ',' tab or ';' separate
fields; blank lines and lines starting with '#' are skipped). Labels are any strings. A higher
score is evidence for the positive class, class 0: a case is called positive iff score ≥ the
threshold. The positive class is --positive LABEL. Without it, scikit-learn's rule applies: if
the two labels are 0 and 1, -1 and 1 (as numbers: 1.0 too) or false and true (any case), the
greater (1, true) is positive; any other labels (e.g. neg and pos) need --positive. With more
than two labels, --positive is compared against all the others. FILE '-' reads standard input.

The utility matrix is 2 × 2: rows = decision (0 = call it positive), columns = true class
(0 = positive). Yields use the class-0 share B of the file, or --share B (e.g. the deployment
prevalence); the binormal model uses --share (default 0.5).

Binormal model (--binormal a,b): t(f) = Φ(a + b·Φ⁻¹(f)), AUC = Φ(a / √(1 + b²)); thresholds are
in the units of the class-1 scores, N(0, 1) (class-0 scores are N(a/b, 1/b)).

--json prints {\"source\",\"positive\",\"positives\",\"negatives\",\"class0_share\",\"auc\",
\"mann_whitney_auc\",\"hull\":[{\"fpr\",\"tpr\",\"threshold\"}],\"iso_utility_slope\",\"optimal\":{\"fpr\",
\"tpr\",\"threshold\",\"yield\"},\"curve\":[{\"fpr\",\"tpr\",\"threshold\",\"yield\"}]} (keys that do not apply
are null; threshold null = +∞, the point (0, 0) where nothing is called positive; \"curve\" only
with --curve). Binormal output has \"a\" and \"b\" instead of the count and hull keys.

Examples:
  ulab roc --scores scores.csv
  ulab roc --scores scores.csv --positive spam --utility '1,-5;0,0' --curve
  python model.py | ulab roc --scores - --utility '15,-335;-35,165' --json
  # Fig. 8 of Dyrland et al. 2022: a binormal curve and the slope-¼ iso-utility lines of [[4,0],[0,1]]
  ulab roc --binormal 1,1 --utility '4,0;0,1' --share 0.5 --curve";

/// ROC curve, AUC and the yield-maximizing operating point.
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["scores", "binormal"])))]
pub struct Args {
    /// CSV file with columns score,label ('-' = standard input)
    #[arg(long, value_name = "FILE")]
    pub scores: Option<String>,

    /// Binormal model parameters a,b (b > 0) instead of scores
    #[arg(long, value_name = "a,b", allow_hyphen_values = true)]
    pub binormal: Option<String>,

    /// The label of the positive class (class 0) in the scores file
    #[arg(long, value_name = "LABEL")]
    pub positive: Option<String>,

    /// 2 × 2 utility matrix: the iso-utility slope and the optimal operating point
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    pub utility: Option<String>,

    /// Share B of class 0, 0 < B < 1 (default: the file's share; binormal: 0.5)
    #[arg(long, value_name = "B", value_parser = common::parse_finite, allow_hyphen_values = true)]
    pub share: Option<f64>,

    /// Print every point of the curve (with its yield, given --utility)
    #[arg(long)]
    pub curve: bool,

    /// Number of points of the binormal curve printed with --curve (FPR evenly spaced)
    /// [default: 21]
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(2..=100_000))]
    pub points: Option<u32>,

    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize, Clone, Copy)]
struct JsonPoint {
    fpr: f64,
    tpr: f64,
    threshold: Option<f64>,
    #[serde(rename = "yield", skip_serializing_if = "Option::is_none")]
    yield_value: Option<f64>,
}

#[derive(Serialize)]
struct JsonOptimal {
    fpr: f64,
    tpr: f64,
    threshold: Option<f64>,
    #[serde(rename = "yield")]
    yield_value: Option<f64>,
}

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

#[derive(Serialize)]
struct JsonBinormal {
    source: &'static str,
    a: f64,
    b: f64,
    class0_share: f64,
    auc: f64,
    iso_utility_slope: Option<f64>,
    optimal: Option<JsonOptimal>,
    #[serde(skip_serializing_if = "Option::is_none")]
    curve: Option<Vec<JsonPoint>>,
}

pub fn run(args: &Args) -> Result<(), String> {
    let u = match &args.utility {
        Some(t) => {
            let u = common::utility_arg(t)?;
            if u.n_decisions() != 2 || u.n_classes() != 2 {
                return Err(format!(
                    "--utility: a ROC analysis needs a 2 × 2 utility matrix, this one is {} × {}",
                    u.n_decisions(),
                    u.n_classes()
                ));
            }
            Some(u)
        }
        None => None,
    };
    if let Some(b) = args.share {
        if !(b > 0.0 && b < 1.0) {
            return Err(format!("--share: {} is outside (0, 1)", fmt_num(b)));
        }
    }
    if args.binormal.is_some() && args.positive.is_some() {
        return Err("--positive applies to --scores only".to_string());
    }
    if args.scores.is_some() && args.points.is_some() {
        return Err(
            "--points applies to --binormal only (a scores curve has one point per distinct score)"
                .to_string(),
        );
    }
    let text = match (&args.scores, &args.binormal) {
        (Some(path), None) => scores_mode(args, path, u.as_ref())?,
        (None, Some(ab)) => binormal_mode(args, ab, u.as_ref())?,
        _ => return Err("give either --scores FILE or --binormal a,b".to_string()),
    };
    common::emit(&text)
}

/// Scores and labels read from the CSV.
struct ScoreData {
    scores: Vec<f64>,
    labels: Vec<String>,
}

/// Reads the scores file with the crate's CSV reader ([`utility_lab::csv`]): `score,label`
/// records (any delimiter the reader accepts, quoted fields), a header optional, lines starting
/// with `#` skipped.
fn read_scores(path: &str) -> Result<ScoreData, String> {
    let shown = common::display_path(path);
    let text = common::read_text(path)?;
    let records = utility_lab::csv::read(&text).map_err(|e| match e.line() {
        0 => format!("{shown}: {e}"),
        line => format!("{shown}: line {line}: {e}"),
    })?;
    let sep = match utility_lab::csv::delimiter(&text) {
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
            if utility_lab::text::parse_number(&fields[0]).is_none() {
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
                        ))
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
        let score = utility_lab::text::parse_number(&fields[si]).ok_or_else(|| {
            format!(
                "{shown}: line {line_no}: '{}' is not a number",
                utility_lab::text::truncate(&fields[si], 24)
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
    let nums: Option<Vec<f64>> = v
        .iter()
        .map(|l| utility_lab::text::parse_number(l))
        .collect();
    if let Some(nums) = nums {
        let mut pairs: Vec<(f64, String)> = nums.into_iter().zip(v).collect();
        pairs.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        v = pairs.into_iter().map(|p| p.1).collect();
    }
    v
}

fn threshold_json(t: f64) -> Option<f64> {
    t.is_finite().then_some(t)
}

fn fmt_threshold(t: f64) -> String {
    if t == f64::INFINITY {
        "+∞".to_string()
    } else if t == f64::NEG_INFINITY {
        "-∞".to_string()
    } else {
        fmt_num(t)
    }
}

/// The slope, or the reason it has none.
fn slope(u: &UtilityMatrix, b: f64) -> Result<f64, String> {
    core_roc::iso_utility_slope(u, b).map_err(|e| e.to_string())
}

fn scores_mode(args: &Args, path: &str, u: Option<&UtilityMatrix>) -> Result<String, String> {
    let shown = common::display_path(path);
    let data = read_scores(path)?;
    let labels = sorted_labels(&data.labels);
    let (positive, chosen) = match &args.positive {
        Some(p) => {
            let p = p.trim().to_string();
            if !labels.contains(&p) {
                let list: Vec<String> = labels.iter().take(6).map(|l| quoted(l)).collect();
                return Err(format!(
                    "--positive: the label {} does not occur in {shown} (labels: {}{})",
                    quoted(&utility_lab::text::truncate(&p, 40)),
                    list.join(", "),
                    if labels.len() > 6 { ", …" } else { "" }
                ));
            }
            (p, true)
        }
        None => {
            if labels.len() < 2 {
                return Err(format!(
                    "{shown}: only one label ({}): a ROC curve needs cases of two classes",
                    quoted(&utility_lab::text::truncate(&labels[0], 40))
                ));
            }
            if labels.len() > 2 {
                let list: Vec<String> = labels.iter().take(6).map(|l| quoted(l)).collect();
                return Err(format!(
                    "{shown}: {} labels ({}{}): give --positive LABEL to compare one of them with \
                     the rest",
                    labels.len(),
                    list.join(", "),
                    if labels.len() > 6 { ", …" } else { "" }
                ));
            }
            match conventional_positive(&labels) {
                Some(k) => (labels[k].clone(), false),
                None => {
                    let [a, b] =
                        [&labels[0], &labels[1]].map(|l| utility_lab::text::truncate(l, 40));
                    return Err(format!(
                        "--positive: the labels are {} and {}; say which one is positive \
                         (--positive {b})",
                        quoted(&a),
                        quoted(&b)
                    ));
                }
            }
        }
    };
    if labels.len() < 2 {
        return Err(format!(
            "{shown}: only one label ({}): a ROC curve needs cases of two classes",
            quoted(&utility_lab::text::truncate(&labels[0], 40))
        ));
    }
    let is_pos: Vec<bool> = data.labels.iter().map(|l| *l == positive).collect();
    let roc = Roc::from_scores(&data.scores, &is_pos).map_err(|e| format!("{shown}: {e}"))?;
    let mw =
        core_roc::mann_whitney_auc(&data.scores, &is_pos).map_err(|e| format!("{shown}: {e}"))?;
    let auc = roc.auc();
    let hull = roc.hull();
    let file_b = roc.class0_share();
    let b = args.share.unwrap_or(file_b);
    let yields: Option<Vec<f64>> = u.map(|u| {
        roc.points
            .iter()
            .map(|p| core_roc::yield_at(u, b, p.fpr, p.tpr))
            .collect()
    });
    if let Some(ys) = &yields {
        if ys.iter().any(|y| !y.is_finite()) {
            return Err("--utility: the yields overflow: rescale the utility matrix".into());
        }
    }
    // The first (highest-threshold) point of maximal yield.
    let optimal: Option<(RocPoint, f64)> = yields.as_ref().map(|ys| {
        let mut best = 0;
        for (i, y) in ys.iter().enumerate() {
            if *y > ys[best] {
                best = i;
            }
        }
        (roc.points[best], ys[best])
    });
    let slope_v = u.map(|u| slope(u, b));
    let negatives_label = if labels.len() == 2 {
        labels
            .iter()
            .find(|l| **l != positive)
            .cloned()
            .unwrap_or_default()
    } else {
        format!("not {positive}")
    };

    if args.json {
        let pt = |p: &RocPoint, y: Option<f64>| JsonPoint {
            fpr: p.fpr,
            tpr: p.tpr,
            threshold: threshold_json(p.threshold),
            yield_value: y,
        };
        let out = JsonScores {
            source: "scores",
            positive: &positive,
            positives: roc.positives,
            negatives: roc.negatives,
            class0_share: b,
            auc,
            mann_whitney_auc: mw,
            hull: hull.iter().map(|p| pt(p, None)).collect(),
            iso_utility_slope: slope_v.as_ref().and_then(|s| s.clone().ok()),
            optimal: optimal.map(|(p, y)| JsonOptimal {
                fpr: p.fpr,
                tpr: p.tpr,
                threshold: threshold_json(p.threshold),
                yield_value: common::finite(y),
            }),
            curve: args.curve.then(|| {
                roc.points
                    .iter()
                    .enumerate()
                    .map(|(i, p)| pt(p, yields.as_ref().map(|ys| ys[i])))
                    .collect()
            }),
        };
        return common::to_json(&out);
    }

    let mut out = String::new();
    out.push_str(&format!(
        "ROC from {shown}: {} cases; positive class (class 0) = {}{}; cases: {} positive, {} \
         negative ({}); class-0 share B = {}\n",
        data.scores.len(),
        quoted(&positive),
        if chosen {
            " (--positive)".to_string()
        } else {
            format!(
                " (the greater of {} and {}, as scikit-learn does; choose another with --positive)",
                labels[0], labels[1]
            )
        },
        roc.positives,
        roc.negatives,
        quoted(&negatives_label),
        fmt4(file_b)
    ));
    out.push_str("A case is called positive when its score ≥ the threshold.\n\n");
    let agree = (auc - mw).abs() <= 1e-9;
    out.push_str(&format!(
        "AUC = {} (trapezoid rule over the empirical curve, ties as diagonal steps)\n",
        fmt4(auc)
    ));
    out.push_str(&format!(
        "Mann–Whitney check: U / (P·N) = {} — {}\n\n",
        fmt4(mw),
        if agree {
            "equal, as it must be"
        } else {
            "DIFFERENT (please report this)"
        }
    ));
    out.push_str(&format!(
        "Convex hull vertices ({} of {} points):\n",
        hull.len(),
        roc.points.len()
    ));
    let mut t = Table::new(&["FPR", "TPR", "threshold"]);
    t = t.left(0);
    for p in &hull {
        t.row(vec![fmt4(p.fpr), fmt4(p.tpr), fmt_threshold(p.threshold)]);
    }
    out.push_str(&t.render());

    if let (Some(u), Some((p, y))) = (u, optimal) {
        out.push('\n');
        out.push_str(&format!(
            "Utility matrix {} (rows = decision: {}, {}; columns = true class){}\n",
            common::fmt_matrix(u.matrix()),
            quoted(&positive),
            quoted(&negatives_label),
            if args.share.is_some() {
                format!(
                    "; B = {} (--share; the file's is {})",
                    fmt_num(b),
                    fmt4(file_b)
                )
            } else {
                String::new()
            }
        ));
        out.push_str(&match slope_v {
            Some(Ok(m)) => format!(
                "Iso-utility slope m = (U11 − U01)(1 − B) / ((U00 − U10)·B) = {}\n",
                fmt_num(m)
            ),
            Some(Err(e)) => format!("Iso-utility slope: none ({e})\n"),
            None => String::new(),
        });
        out.push_str(&format!(
            "Optimal operating point: FPR {}, TPR {}, threshold {} (call {} when score ≥ it), \
             yield {} per item\n",
            fmt4(p.fpr),
            fmt4(p.tpr),
            fmt_threshold(p.threshold),
            quoted(&positive),
            fmt_num(y)
        ));
        out.push_str(&format!(
            "For reference: never call {} (0, 0): {}; always (1, 1): {}\n",
            quoted(&positive),
            fmt_num(core_roc::yield_at(u, b, 0.0, 0.0)),
            fmt_num(core_roc::yield_at(u, b, 1.0, 1.0))
        ));
    }

    if args.curve {
        out.push('\n');
        out.push_str(if u.is_some() {
            "Every point of the curve (yield vs threshold):\n"
        } else {
            "Every point of the curve:\n"
        });
        let mut header = vec!["threshold", "FPR", "TPR"];
        if u.is_some() {
            header.push("yield");
        }
        let mut t = Table::new(&header);
        for (i, p) in roc.points.iter().enumerate() {
            let mut row = vec![fmt_threshold(p.threshold), fmt4(p.fpr), fmt4(p.tpr)];
            if let Some(ys) = &yields {
                let mark = if optimal.is_some_and(|(o, _)| o == *p) {
                    " *"
                } else {
                    ""
                };
                row.push(format!("{}{mark}", fmt_num(ys[i])));
            }
            t.row(row);
        }
        out.push_str(&t.render());
    }
    Ok(out)
}

fn binormal_mode(args: &Args, ab: &str, u: Option<&UtilityMatrix>) -> Result<String, String> {
    let v = common::list_arg("--binormal", ab)?;
    if v.len() != 2 {
        return Err(format!(
            "--binormal: expected 2 values (a,b), found {}",
            v.len()
        ));
    }
    let model = Binormal::new(v[0], v[1]).map_err(|e| format!("--binormal: {e}"))?;
    let b_share = args.share.unwrap_or(0.5);
    let auc = model.auc();
    // Threshold in class-1 score units: calling class 0 iff score ≥ s gives f = 1 − Φ(s).
    let thr = |f: f64| -> f64 {
        if f <= 0.0 {
            f64::INFINITY
        } else if f >= 1.0 {
            f64::NEG_INFINITY
        } else {
            -norm_inv(f)
        }
    };
    let optimal = match u {
        Some(u) => {
            let (f, t, y) = model
                .optimal(u, b_share)
                .map_err(|e| format!("--binormal: {e}"))?;
            if !y.is_finite() {
                return Err("--utility: the yields overflow: rescale the utility matrix".into());
            }
            Some((f, t, y))
        }
        None => None,
    };
    let slope_v = u.map(|u| slope(u, b_share));
    let k = args.points.unwrap_or(21) as usize;
    let curve: Vec<(f64, f64)> = (0..k)
        .map(|i| {
            let f = i as f64 / (k - 1) as f64;
            (f, model.tpr(f))
        })
        .collect();
    let yield_of = |f: f64, t: f64| u.map(|u| core_roc::yield_at(u, b_share, f, t));

    if args.json {
        let out = JsonBinormal {
            source: "binormal",
            a: model.a,
            b: model.b,
            class0_share: b_share,
            auc,
            iso_utility_slope: slope_v.as_ref().and_then(|s| s.clone().ok()),
            optimal: optimal.map(|(f, t, y)| JsonOptimal {
                fpr: f,
                tpr: t,
                threshold: threshold_json(thr(f)),
                yield_value: common::finite(y),
            }),
            curve: args.curve.then(|| {
                curve
                    .iter()
                    .map(|&(f, t)| JsonPoint {
                        fpr: f,
                        tpr: t,
                        threshold: threshold_json(thr(f)),
                        yield_value: yield_of(f, t),
                    })
                    .collect()
            }),
        };
        return common::to_json(&out);
    }

    let mut out = String::new();
    out.push_str(&format!(
        "Binormal ROC model t(f) = Φ(a + b·Φ⁻¹(f)) with a = {}, b = {}: class-1 scores N(0, 1), \
         class-0 scores N({}, {})\n",
        fmt_num(model.a),
        fmt_num(model.b),
        fmt_num(model.a / model.b),
        fmt_num(1.0 / model.b)
    ));
    out.push_str(&format!(
        "AUC = Φ(a / √(1 + b²)) = {}\n",
        fmt_num_precise(auc)
    ));
    if let (Some(u), Some((f, t, y))) = (u, optimal) {
        out.push('\n');
        out.push_str(&format!(
            "Utility matrix {} (rows = decision, columns = true class; class 0 positive), class-0 \
             share B = {}\n",
            common::fmt_matrix(u.matrix()),
            fmt_num(b_share)
        ));
        out.push_str(&match &slope_v {
            Some(Ok(m)) => format!(
                "Iso-utility slope m = (U11 − U01)(1 − B) / ((U00 − U10)·B) = {}\n",
                fmt_num(*m)
            ),
            Some(Err(e)) => format!("Iso-utility slope: none ({e})\n"),
            None => String::new(),
        });
        out.push_str(&format!(
            "Optimal operating point: FPR {}, TPR {}, threshold {} (class-1 score units), yield {} \
             per item\n",
            fmt4(f),
            fmt4(t),
            fmt_threshold(thr(f)),
            fmt_num(y)
        ));
        out.push_str(&format!(
            "For reference: never call class 0 (0, 0): {}; always (1, 1): {}\n",
            fmt_num(core_roc::yield_at(u, b_share, 0.0, 0.0)),
            fmt_num(core_roc::yield_at(u, b_share, 1.0, 1.0))
        ));
    }
    if args.curve {
        out.push('\n');
        out.push_str(&format!("{k} points of the curve (FPR evenly spaced):\n"));
        let mut header = vec!["threshold", "FPR", "TPR"];
        if u.is_some() {
            header.push("yield");
        }
        let mut t = Table::new(&header);
        for &(f, tp) in &curve {
            let mut row = vec![fmt_threshold(thr(f)), fmt4(f), fmt4(tp)];
            if let Some(y) = yield_of(f, tp) {
                row.push(fmt_num(y));
            }
            t.row(row);
        }
        out.push_str(&t.render());
    }
    Ok(out)
}

/// An AUC with more digits than a table cell (binormal AUCs are exact formulas).
fn fmt_num_precise(v: f64) -> String {
    utility_lab::text::trimmed(v, 10)
}
