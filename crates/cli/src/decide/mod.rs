//! `ulab decide`: expected utilities and the optimal decision (Dyrland et al. 2022 eqs. 8–9, Dyrland et al. (draft)
//! eqs. 2, 12), and a label-only classifier turned into a decision maker (Dyrland et al. (draft), §3.2,
//! eq. 23, appendix).

use crate::common::{self, Table, fmt_num, quoted};
use serde::Serialize;
use ulab_core::decision::{self, BinaryRule};
use ulab_core::{Orientation, UtilityMatrix};

mod counts;
mod probs;

const AFTER_HELP: &str = "\
Two modes:
  --probabilities p,...   the probability of each true class for one item: the expected utility
                          of each decision Ū_d = Σ_c U_dc p_c, the optimal decision (argmax), the
                          most probable class beside it, and for a 2 × 2 matrix the threshold rule
                          on p(class 0).
  --counts M              a label-only classifier's confusion counts (rows = output, columns =
                          true class, or --orientation true-rows): p(output | class) with the
                          pseudo-count α, p(class | output) by Bayes with the deployment base rates
                          (--prevalence, default the test set's shares), the optimal decision and
                          the most probable class for each output, and the yield per item of the
                          raw classifier (output o ↦ decision o) and of the remapped one.
                          The counts must be whole numbers: a matrix given as fractions (of any
                          sum) needs the test-set size --n N, and is read as counts
                          value × N / (sum of the values). The pseudo-count is added to counts,
                          so N matters: the smaller the test set, the more α weighs.
  --probs FILE            a test set's per-item class probabilities (CSV with a header: the
                          true class in the column label, y_true, true, target or class, else
                          the first; each model's columns MODEL:CLASS, or for two classes one
                          column MODEL = p(positive label), --positive LABEL or 1 of 0/1): per
                          model, the most probable class (argmax) and the optimal decision
                          argmax_d Σ_c U_dc p_c (first maximum on ties), each one's confusion
                          matrix (rows = decisions, columns = the file's classes) and yield per
                          item. --prevalence π re-weights each item's probabilities by Bayes,
                          p'_c ∝ p_c π_c / f_c (f = the file's class shares), and gives the yields
                          at those shares (the file is then read twice, so not from stdin).
                          --net-benefit T,... (two classes): TP/N − FP/N·T/(1 − T), deciding
                          class 0 iff p(class 0) ≥ T, with \"treat all\". The file is streamed:
                          any size works.

The utility matrix has rows = decisions, columns = true classes; it may have more decisions
than classes (e.g. \"refer to an expert\"); decision d < number of classes means \"class d\".

--json prints, for --probabilities: {\"mode\":\"probabilities\",\"classes\",\"decisions\",
\"probabilities\",\"expected_utilities\",\"optimal\",\"tied\",\"most_probable\",\"binary_rule\"}; for
--counts: {\"mode\":\"counts\",\"classes\",\"decisions\",\"alpha\",\"prevalence\",\"output_given_class\",
\"class_given_output\" (rows = output, columns = class),\"outputs\":[{\"output\",\"probability\",
\"expected_utilities\",\"optimal\",\"most_probable\"}],\"raw_yield\",\"remapped_yield\"}; for --probs:
{\"classes\",\"decisions\",\"items\",\"models\":[{\"name\",\"argmax\":{\"yield\",\"confusion\"},
\"optimal\":{\"yield\",\"confusion\"}}],\"decision_curve\":[{\"threshold\",\"treat_all\",
\"models\":{NAME: net benefit}}]} (decision_curve only with --net-benefit).

Examples:
  # The lottery of Dyrland et al. (draft) (decisions buy, not-buy × classes win, lose), p(win) = 0.2:
  # the most probable class is 'lose', the optimal decision is 'buy'
  ulab decide --utility '10,-1;0,0' --probabilities 0.2,0.8 --decisions buy,not-buy --classes win,lose
  # A third decision, 'refer', worth 0.8 whatever the class
  ulab decide --utility '1,0;0,1;0.8,0.8' --probabilities 0.55,0.45 --decisions yes,no,refer
  # Classifier A of the factory: whatever it outputs, sending the item to line 1 pays more
  ulab decide --utility '15,-335;-35,165' --counts '27,15;23,35' --alpha 0
  # The same classifier given as fractions of a test set of 100 items
  ulab decide --utility '15,-335;-35,165' --counts '0.27,0.15;0.23,0.35' --n 100 --alpha 0
  # A screening test's counts (rows = true class) for a 1 % base rate in deployment
  ulab decide --utility '100,-10;-1000,0' --counts '90,10;50,950' --orientation true-rows \\
              --prevalence 0.01,0.99 --classes sick,healthy --decisions treat,wait
  # Two models' predict_proba on a test set (label,A:ok,A:minor,A:severe,B:ok,...), with a
  # fourth decision 'refer'
  ulab decide --probs triage.csv --utility '10,-20,-200;0,15,-100;-30,0,60;-5,5,40' \\
              --decisions home,minor,severe,refer
  # Two classes (y_true,A,B: the probability of 1), decision curve at three thresholds
  ulab decide --probs screening.csv --utility '50,-10;-100,0' --net-benefit 0.05,0.1,0.2 --json";

/// Expected utilities and the optimal decision; probabilities from a label-only classifier.
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["probabilities", "counts", "probs"])))]
pub struct Args {
    /// Utility matrix, rows = decisions, columns = true classes (e.g. '10,-1;0,0')
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    pub utility: String,

    /// Probability of each true class, comma-separated, summing to 1
    #[arg(long, value_name = "p,...", allow_hyphen_values = true)]
    pub probabilities: Option<String>,

    /// A label-only classifier's confusion counts (rows = output unless --orientation true-rows)
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    pub counts: Option<String>,

    /// How --counts is written: output-rows (rows = output, the default) or true-rows
    #[arg(
        long,
        value_name = "output-rows|true-rows",
        value_parser = common::parse_orientation,
    )]
    pub orientation: Option<Orientation>,

    /// The test-set size for --counts given as fractions: the counts are taken as
    /// value × N / (sum of the values)
    #[arg(long = "n", value_name = "N", allow_hyphen_values = true)]
    pub n: Option<String>,

    /// Dirichlet pseudo-count α ≥ 0 added to every count (with --counts) [default: 1]
    #[arg(
        long,
        value_name = "A",
        value_parser = common::parse_finite,
        allow_hyphen_values = true
    )]
    pub alpha: Option<f64>,

    /// Deployment base rates π, one per class, summing to 1 (with --counts; default: the
    /// test set's class shares)
    #[arg(long, value_name = "p,...", allow_hyphen_values = true)]
    pub prevalence: Option<String>,

    /// A test set's per-item class probabilities: a CSV file ('-' = stdin) with the true class
    /// and, per model, MODEL:CLASS columns (or one column MODEL for two classes)
    #[arg(long, value_name = "FILE")]
    pub probs: Option<String>,

    /// With --probs: the positive label (class 0) that single columns give the probability of
    /// [default: 1 of 0/1, true of false/true]
    #[arg(long, value_name = "LABEL", allow_hyphen_values = true)]
    pub positive: Option<String>,

    /// With --probs and two classes: the net benefit at these threshold probabilities
    #[arg(long = "net-benefit", value_name = "T,...", allow_hyphen_values = true)]
    pub net_benefit: Option<String>,

    /// Decision names (rows of the utility matrix), comma-separated
    #[arg(long, value_name = "a,b,...")]
    pub decisions: Option<String>,

    /// Class names (columns of the utility matrix), comma-separated (default 0, 1, ...)
    #[arg(long, value_name = "a,b,...")]
    pub classes: Option<String>,

    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct JsonRule {
    /// "at_or_above", "at_or_below", "always", "indifferent"
    kind: &'static str,
    /// The threshold on p(class 0), for the first two kinds.
    threshold: Option<f64>,
    /// The decision chosen when p(class 0) passes the threshold, or always.
    decision: Option<String>,
}

#[derive(Serialize)]
struct JsonProbabilities<'a> {
    mode: &'static str,
    classes: &'a [String],
    decisions: &'a [String],
    probabilities: &'a [f64],
    expected_utilities: Vec<Option<f64>>,
    optimal: &'a str,
    tied: Vec<&'a str>,
    most_probable: &'a str,
    binary_rule: Option<JsonRule>,
}

pub fn run(args: &Args) -> Result<(), String> {
    let u = common::utility_arg(&args.utility)?;
    if args.probs.is_none() {
        let only_probs = [
            ("--positive", args.positive.is_some()),
            ("--net-benefit", args.net_benefit.is_some()),
        ];
        if let Some((name, _)) = only_probs.iter().find(|(_, given)| *given) {
            return Err(format!("{name} applies to --probs only"));
        }
    }
    let text = match (&args.probabilities, &args.counts, &args.probs) {
        (Some(p), None, None) => {
            let classes = common::class_names(args.classes.as_deref(), u.n_classes())?;
            let decisions =
                common::decision_names(args.decisions.as_deref(), u.n_decisions(), &classes)?;
            let extra = [
                ("--orientation", args.orientation.is_some()),
                ("--alpha", args.alpha.is_some()),
                ("--prevalence", args.prevalence.is_some()),
                ("--n", args.n.is_some()),
            ];
            if let Some((name, _)) = extra.iter().find(|(_, given)| *given) {
                return Err(format!(
                    "{name} applies to --counts only, not to --probabilities"
                ));
            }
            probabilities_mode(args, &u, p, &classes, &decisions)?
        }
        (None, Some(c), None) => {
            let classes = common::class_names(args.classes.as_deref(), u.n_classes())?;
            let decisions =
                common::decision_names(args.decisions.as_deref(), u.n_decisions(), &classes)?;
            counts::counts_mode(args, &u, c, &classes, &decisions)?
        }
        (None, None, Some(path)) => {
            if args.classes.is_some() {
                return Err(
                    "--classes does not apply to --probs: the file names the classes".into(),
                );
            }
            let extra = [
                ("--orientation", args.orientation.is_some()),
                ("--alpha", args.alpha.is_some()),
                ("--n", args.n.is_some()),
            ];
            if let Some((name, _)) = extra.iter().find(|(_, given)| *given) {
                return Err(format!("{name} applies to --counts only, not to --probs"));
            }
            probs::probs_mode(args, &u, path)?
        }
        _ => return Err("give one of --probabilities, --counts and --probs".to_string()),
    };
    common::emit(&text)
}

fn rule_text(rule: BinaryRule, classes: &[String], decisions: &[String]) -> String {
    match rule {
        BinaryRule::ZeroAtOrAbove(t) => format!(
            "decide {} iff p({}) ≥ {} = (U11 − U01) / ((U00 − U10) + (U11 − U01)), otherwise {}",
            quoted(&decisions[0]),
            classes[0],
            fmt_num(t),
            quoted(&decisions[1])
        ),
        BinaryRule::ZeroAtOrBelow(t) => format!(
            "decide {} iff p({}) ≤ {}, otherwise {} (this utility matrix rewards a wrong decision \
             above a right one)",
            quoted(&decisions[0]),
            classes[0],
            fmt_num(t),
            quoted(&decisions[1])
        ),
        BinaryRule::Always(d) => format!(
            "decide {} whatever the probabilities",
            quoted(&decisions[d])
        ),
        BinaryRule::Indifferent => {
            "both decisions always have the same expected utility".to_string()
        }
    }
}

fn rule_json(rule: BinaryRule, decisions: &[String]) -> JsonRule {
    match rule {
        BinaryRule::ZeroAtOrAbove(t) => JsonRule {
            kind: "at_or_above",
            threshold: Some(t),
            decision: Some(decisions[0].clone()),
        },
        BinaryRule::ZeroAtOrBelow(t) => JsonRule {
            kind: "at_or_below",
            threshold: Some(t),
            decision: Some(decisions[0].clone()),
        },
        BinaryRule::Always(d) => JsonRule {
            kind: "always",
            threshold: None,
            decision: Some(decisions[d].clone()),
        },
        BinaryRule::Indifferent => JsonRule {
            kind: "indifferent",
            threshold: None,
            decision: None,
        },
    }
}

fn probabilities_mode(
    args: &Args,
    u: &UtilityMatrix,
    text: &str,
    classes: &[String],
    decisions: &[String],
) -> Result<String, String> {
    let p = common::shares_arg(
        "--probabilities",
        text,
        u.n_classes(),
        "one per class: the columns of the utility matrix",
    )?;
    let d = decision::decide(u, &p).map_err(|e| format!("--probabilities: {e}"))?;
    if d.expected.iter().any(|v| !v.is_finite()) {
        return Err(
            "--utility: the expected utilities overflow: rescale the utility matrix".into(),
        );
    }
    let rule = if u.n_decisions() == 2 && u.n_classes() == 2 {
        decision::binary_threshold(u).ok()
    } else {
        None
    };
    if args.json {
        let out = JsonProbabilities {
            mode: "probabilities",
            classes,
            decisions,
            probabilities: &p,
            expected_utilities: d.expected.iter().map(|v| common::finite(*v)).collect(),
            optimal: &decisions[d.optimal],
            tied: d.tied.iter().map(|&i| decisions[i].as_str()).collect(),
            most_probable: &classes[d.most_probable],
            binary_rule: rule.map(|r| rule_json(r, decisions)),
        };
        return common::to_json(&out);
    }
    let mut out = String::new();
    out.push_str(&format!(
        "Probabilities of the true classes: {}\n\n",
        classes
            .iter()
            .zip(&p)
            .map(|(c, v)| format!("p({c}) = {}", fmt_num(*v)))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    out.push_str("Expected utility of each decision, Ū_d = Σ_c U_dc p_c:\n");
    let mut t = Table::new(&["decision", "Ū", ""]).left(2);
    for (k, v) in d.expected.iter().enumerate() {
        let mark = if d.tied.contains(&k) {
            "◀ optimal"
        } else {
            ""
        };
        t.row(vec![decisions[k].clone(), fmt_num(*v), mark.to_string()]);
    }
    out.push_str(&t.render());
    out.push('\n');
    if d.tied.len() > 1 {
        out.push_str(&format!(
            "Optimal decisions (tied): {}\n",
            d.tied
                .iter()
                .map(|&i| quoted(&decisions[i]))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    } else {
        out.push_str(&format!(
            "Optimal decision: {}\n",
            quoted(&decisions[d.optimal])
        ));
    }
    out.push_str(&format!(
        "Most probable class: {} (p = {})\n",
        quoted(&classes[d.most_probable]),
        fmt_num(p[d.most_probable])
    ));
    // Decision k < number of classes means "class k"; compare when that decision exists.
    if d.most_probable < decisions.len() && !d.tied.contains(&d.most_probable) {
        out.push_str(&format!(
            "The optimal decision is not the decision for the most probable class: deciding {} \
             would give {} instead of {}.\n",
            quoted(&decisions[d.most_probable]),
            fmt_num(d.expected[d.most_probable]),
            fmt_num(d.expected[d.optimal])
        ));
    }
    if let Some(r) = rule {
        out.push_str(&format!(
            "Binary rule: {}\n",
            rule_text(r, classes, decisions)
        ));
    }
    Ok(out)
}
