//! `ulab roc --binormal`: the binormal model's curve t(f) = Φ(a + b·Φ⁻¹(f)).

use super::{Args, JsonOptimal, JsonPoint, fmt_threshold, optimum_lines, slope, threshold_json};
use crate::common::{self, Table, fmt_num, fmt4};
use serde::Serialize;
use ulab_core::UtilityMatrix;
use ulab_core::roc::{self as core_roc, Binormal};
use ulab_core::special::norm_inv;

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

/// Threshold in class-1 score units: calling class 0 iff score ≥ s gives f = 1 − Φ(s).
fn threshold(f: f64) -> f64 {
    if f <= 0.0 {
        f64::INFINITY
    } else if f >= 1.0 {
        f64::NEG_INFINITY
    } else {
        -norm_inv(f)
    }
}

/// The model and what follows from it.
struct Analysis {
    model: Binormal,
    /// The class-0 share (`--share`, default 0.5).
    b: f64,
    /// The optimal (FPR, TPR, yield), given a utility matrix.
    optimal: Option<(f64, f64, f64)>,
    slope: Option<Result<f64, String>>,
    /// The curve's points, FPR evenly spaced.
    curve: Vec<(f64, f64)>,
}

fn analyse(args: &Args, ab: &str, u: Option<&UtilityMatrix>) -> Result<Analysis, String> {
    let v = common::list_arg("--binormal", ab)?;
    if v.len() != 2 {
        return Err(format!(
            "--binormal: expected 2 values (a,b), found {}",
            v.len()
        ));
    }
    let model = Binormal::new(v[0], v[1]).map_err(|e| format!("--binormal: {e}"))?;
    let b = args.share.unwrap_or(0.5);
    let optimal = match u {
        Some(u) => {
            let (f, t, y) = model
                .optimal(u, b)
                .map_err(|e| format!("--binormal: {e}"))?;
            if !y.is_finite() {
                return Err("--utility: the yields overflow: rescale the utility matrix".into());
            }
            Some((f, t, y))
        }
        None => None,
    };
    let k = args.points.unwrap_or(21) as usize;
    let curve = (0..k)
        .map(|i| {
            let f = i as f64 / (k - 1) as f64;
            (f, model.tpr(f))
        })
        .collect();
    Ok(Analysis {
        model,
        b,
        optimal,
        slope: u.map(|u| slope(u, b)),
        curve,
    })
}

pub(super) fn binormal_mode(
    args: &Args,
    ab: &str,
    u: Option<&UtilityMatrix>,
) -> Result<String, String> {
    let a = analyse(args, ab, u)?;
    let yield_of = |f: f64, t: f64| u.map(|u| core_roc::yield_at(u, a.b, f, t));
    if args.json {
        let out = JsonBinormal {
            source: "binormal",
            a: a.model.a,
            b: a.model.b,
            class0_share: a.b,
            auc: a.model.auc(),
            iso_utility_slope: a.slope.as_ref().and_then(|s| s.clone().ok()),
            optimal: a.optimal.map(|(f, t, y)| JsonOptimal {
                fpr: f,
                tpr: t,
                threshold: threshold_json(threshold(f)),
                yield_value: common::finite(y),
            }),
            curve: args.curve.then(|| {
                a.curve
                    .iter()
                    .map(|&(f, t)| JsonPoint {
                        fpr: f,
                        tpr: t,
                        threshold: threshold_json(threshold(f)),
                        yield_value: yield_of(f, t),
                    })
                    .collect()
            }),
        };
        return common::to_json(&out);
    }

    let model = &a.model;
    let mut out = format!(
        "Binormal ROC model t(f) = Φ(a + b·Φ⁻¹(f)) with a = {}, b = {}: class-1 scores N(0, 1), \
         class-0 scores N({}, {})\n",
        fmt_num(model.a),
        fmt_num(model.b),
        fmt_num(model.a / model.b),
        fmt_num(1.0 / model.b)
    );
    out.push_str(&format!(
        "AUC = Φ(a / √(1 + b²)) = {}\n",
        fmt_num_precise(model.auc())
    ));
    if let (Some(u), Some((f, t, y))) = (u, a.optimal) {
        out.push('\n');
        out.push_str(&format!(
            "Utility matrix {} (rows = decision, columns = true class; class 0 positive), class-0 \
             share B = {}\n",
            common::fmt_matrix(u.matrix()),
            fmt_num(a.b)
        ));
        let th = format!("{} (class-1 score units)", fmt_threshold(threshold(f)));
        out.push_str(&optimum_lines(u, a.b, &a.slope, (f, t, th, y), "class 0"));
    }
    if args.curve {
        out.push('\n');
        out.push_str(&format!(
            "{} points of the curve (FPR evenly spaced):\n",
            a.curve.len()
        ));
        let mut header = vec!["threshold", "FPR", "TPR"];
        if u.is_some() {
            header.push("yield");
        }
        let mut t = Table::new(&header);
        for &(f, tp) in &a.curve {
            let mut row = vec![fmt_threshold(threshold(f)), fmt4(f), fmt4(tp)];
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
    ulab_core::text::trimmed(v, 10)
}
