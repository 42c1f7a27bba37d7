//! `ulab roc`: the ROC curve of scored cases or of the binormal model, its AUC and convex hull,
//! and with a utility matrix the iso-utility slope and the yield-maximizing operating point
//! (Dyrland et al. 2022, §5).

use crate::common::{self, fmt_num, fmt4};
use serde::Serialize;
use ulab_core::UtilityMatrix;
use ulab_core::roc as core_roc;

mod binormal;
mod scores;

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
    if let Some(b) = args.share
        && !(b > 0.0 && b < 1.0)
    {
        return Err(format!("--share: {} is outside (0, 1)", fmt_num(b)));
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
        (Some(path), None) => scores::scores_mode(args, path, u.as_ref())?,
        (None, Some(ab)) => binormal::binormal_mode(args, ab, u.as_ref())?,
        _ => return Err("give either --scores FILE or --binormal a,b".to_string()),
    };
    common::emit(&text)
}

/// A threshold in JSON: `null` for ±∞.
fn threshold_json(t: f64) -> Option<f64> {
    t.is_finite().then_some(t)
}

/// A threshold in a table: ±∞ written out.
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

/// The lines on the utility matrix's iso-utility slope, the optimal operating point and the
/// trivial points, shared by both modes: `optimal` is (FPR, TPR, threshold, yield) and `call`
/// how the positive class is called (`"spam"`, `class 0`).
fn optimum_lines(
    u: &UtilityMatrix,
    b: f64,
    slope_v: &Option<Result<f64, String>>,
    optimal: (f64, f64, String, f64),
    call: &str,
) -> String {
    let (f, t, threshold, y) = optimal;
    let mut out = match slope_v {
        Some(Ok(m)) => format!(
            "Iso-utility slope m = (U11 − U01)(1 − B) / ((U00 − U10)·B) = {}\n",
            fmt_num(*m)
        ),
        Some(Err(e)) => format!("Iso-utility slope: none ({e})\n"),
        None => String::new(),
    };
    out.push_str(&format!(
        "Optimal operating point: FPR {}, TPR {}, threshold {threshold}, yield {} per item\n",
        fmt4(f),
        fmt4(t),
        fmt_num(y)
    ));
    out.push_str(&format!(
        "For reference: never call {call} (0, 0): {}; always (1, 1): {}\n",
        fmt_num(core_roc::yield_at(u, b, 0.0, 0.0)),
        fmt_num(core_roc::yield_at(u, b, 1.0, 1.0))
    ));
    out
}
