//! The sentences of the view: which model and which rule to deploy, what the optimal rule
//! gains over the most probable class, whether a model's probabilities can be trusted — the
//! optimal rule loses to the most probable class when they cannot, and the page must show it —
//! and what deployment shares do.

use super::analysis::{Report, RuleKind};
use super::calibration::ModelCalibration;
use super::curve::{ThresholdReport, decision_curve};
use crate::baseline::Baseline;
use ulab_core::UtilityMatrix;
use ulab_core::text::{number, percent, prose};
use ulab_probs::curve::ThresholdCurve;

/// A recalibrated rule that gains at least this share of the yields' spread counts as
/// "the probabilities are off".
const OFF: f64 = 0.01;

/// The best row in words: "Deploy A with the optimal rule: it yields X per item (T in total
/// over N items)."
fn best(report: &Report) -> Option<String> {
    let rows = report.rows();
    let r = rows.iter().find(|r| r.best)?;
    let m = &report.models[r.model];
    let how = match r.rule {
        RuleKind::MostProbable => "deciding its most probable class".to_string(),
        RuleKind::Optimal => "the decisions of maximal expected utility".to_string(),
        RuleKind::Recalibrated => {
            "the decisions of maximal expected utility on its recalibrated probabilities"
                .to_string()
        }
    };
    Some(format!(
        "Deploy {} with {how}: it yields {} per item ({} in total over {} items).",
        m.name,
        prose(r.yield_per_item),
        prose(r.total),
        report.items
    ))
}

/// The sentences about the decisions: the best model and rule, then per model what the
/// optimal rule gains (or loses) over its most probable class, and whether its probabilities
/// are off (when recalibrated); then how many rows were renormalized, and the deployment
/// shares, if any. `calibration` (per model,
/// optional) adds the calibration error.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{analysis::analyse, file::parse_probs, sentences::verdict};
/// let f = parse_probs("label,A:win,A:lose\nwin,0.2,0.8\nlose,0.2,0.8\nlose,0.2,0.8\n", None).unwrap();
/// let r = analyse(&f, &[], &UtilityMatrix::parse("10,-1;0,0").unwrap(), None).unwrap();
/// let v = verdict(&r, &[]);
/// assert_eq!(v[0], "Deploy A with the decisions of maximal expected utility: it yields 2.667 per item (8 in total over 3 items).");
/// assert_eq!(v[1], "A: the optimal rule gains +2.667 per item over the most probable class (2.667 against 0).");
/// ```
pub fn verdict(report: &Report, calibration: &[ModelCalibration]) -> Vec<String> {
    let mut out: Vec<String> = best(report).into_iter().collect();
    let spread = spread(report);
    for (k, m) in report.models.iter().enumerate() {
        let (mp, opt) = (
            m.outcome.most_probable.yield_per_item,
            m.outcome.optimal.yield_per_item,
        );
        let ece = calibration
            .get(k)
            .and_then(ModelCalibration::mean_error)
            .map(|e| format!(" (mean calibration error {})", number(e, 3)))
            .unwrap_or_default();
        match &m.recalibrated {
            Some(r) if r.yield_per_item - opt > OFF * spread => out.push(format!(
                "{}'s probabilities are off{ece}: trusting them yields {}, recalibrated {}, \
                 the most probable class {} per item.",
                m.name,
                prose(opt),
                prose(r.yield_per_item),
                prose(mp)
            )),
            _ if opt < mp => out.push(format!(
                "{}: the optimal rule loses {} per item to the most probable class ({} against \
                 {}): the rule is optimal only for probabilities that can be trusted, and these \
                 are miscalibrated{ece}.",
                m.name,
                number(mp - opt, 4),
                prose(opt),
                prose(mp)
            )),
            _ => out.push(format!(
                "{}: the optimal rule gains {} per item over the most probable class ({} \
                 against {}).",
                m.name,
                signed_prose(opt - mp),
                prose(opt),
                prose(mp)
            )),
        }
    }
    let renormalized: Vec<String> = report
        .models
        .iter()
        .filter(|m| m.renormalized > 0)
        .map(|m| format!("{} of {}'s", m.renormalized, m.name))
        .collect();
    if !renormalized.is_empty() {
        out.push(format!(
            "Rows renormalized (their probabilities summed to 1 only within 1 %): {}.",
            renormalized.join(", ")
        ));
    }
    if let Some(pi) = &report.shares {
        out.push(shares_sentence(pi, &report.test_shares));
    }
    out
}

/// [`prose`] with a `+` before a positive value.
fn signed_prose(v: f64) -> String {
    let s = prose(v);
    if v > 0.0 && s != "0" {
        format!("+{s}")
    } else {
        s
    }
}

/// The spread of the table's yields (at least a tiny positive number).
fn spread(report: &Report) -> f64 {
    let rows = report.rows();
    let (lo, hi) = rows
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), r| {
            (lo.min(r.yield_per_item), hi.max(r.yield_per_item))
        });
    (hi - lo).max(1e-12)
}

/// What deployment shares do, in words.
///
/// # Examples
///
/// ```
/// use ulab_state::probs::sentences::shares_sentence;
/// let s = shares_sentence(&[0.05, 0.95], &[0.2, 0.8]);
/// assert!(s.starts_with("In deployment the classes occur with shares 5\u{202f}%, 95\u{202f}% (in the file 20\u{202f}%, 80\u{202f}%)"));
/// ```
pub fn shares_sentence(pi: &[f64], test: &[f64]) -> String {
    let list = |v: &[f64]| {
        v.iter()
            .map(|&s| percent(s, 1))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "In deployment the classes occur with shares {} (in the file {}): each item's \
         probabilities are re-weighted by Bayes' rule, p'(c) ∝ p(c)·π(c)/f(c), the decisions \
         are taken on them, and the yields are those at the deployment shares.",
        list(pi),
        list(test)
    )
}

/// The baseline every view states ([`Baseline`]): when deciding the same for every item,
/// without any model, yields more than every model and rule of the table — on the shares the
/// yields are computed on (the deployment's, when set) — the sentence that says so.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{analysis::analyse, file::parse_probs, sentences::baseline_sentence};
/// let f = parse_probs("label,A:win,A:lose\nwin,0.99,0.01\nlose,0.99,0.01\nlose,0.99,0.01\n", None).unwrap();
/// let u = UtilityMatrix::parse("1,-10;0,0").unwrap();
/// let names = ["bet".to_string(), "pass".to_string()];
/// let r = analyse(&f, &[], &u, None).unwrap();
/// // Overconfident: A bets on every item by either rule (−6.333 per item); passing yields 0.
/// assert_eq!(baseline_sentence(&r, &u, &names).unwrap(), "Deciding 'pass' for every item, without any model, would yield 0 per item — more than this model.");
/// ```
pub fn baseline_sentence(
    report: &Report,
    u: &UtilityMatrix,
    decisions: &[String],
) -> Option<String> {
    let top = report
        .rows()
        .iter()
        .map(|r| r.yield_per_item)
        .reduce(f64::max)?;
    let shares = report.shares.as_deref().unwrap_or(&report.test_shares);
    Baseline::best(u, shares, decisions)?.sentence_if_beats(top, "model", report.models.len())
}

/// Per model (two classes), the threshold rule in words: what trusting the probabilities
/// (the threshold the utilities imply) yields, and the best threshold on the data — or that
/// never deciding `class0` yields the most.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::probs::{curve::{threshold_curves, thresholds}, file::parse_probs, sentences::threshold_sentences};
/// let f = parse_probs("y,A\n1,0.9\n0,0.6\n1,0.4\n0,0.2\n", None).unwrap();
/// let r = thresholds(&threshold_curves(&f, None).unwrap(), &UtilityMatrix::identity(2).unwrap()).unwrap();
/// assert_eq!(threshold_sentences(&r, &f.models(), "1"), ["A: trusting the probabilities (threshold 0.5) yields 0.5; the best threshold on the data, 0.9, yields 0.75 per item."]);
/// ```
pub fn threshold_sentences(
    reports: &[ThresholdReport],
    names: &[String],
    class0: &str,
) -> Vec<String> {
    reports
        .iter()
        .zip(names)
        .map(|(r, n)| {
            let trust = match (r.implied, r.at_implied) {
                (Some(t), Some(y)) => format!(
                    "trusting the probabilities (threshold {}) yields {}",
                    number(t, 4),
                    prose(y)
                ),
                _ => "the utilities decide the same whatever the probability".into(),
            };
            let best = match r.best.threshold {
                Some(t) => format!(
                    "the best threshold on the data, {}, yields {}",
                    number(t, 4),
                    prose(r.best.yield_per_item)
                ),
                None => format!(
                    "never deciding {class0} yields the most, {}",
                    prose(r.best.yield_per_item)
                ),
            };
            format!("{n}: {trust}; {best} per item.")
        })
        .collect()
}

/// The decision curve read at the threshold probability `p` in words: each model's net
/// benefit, treat all, treat none. `None` where `p` is not in (0, 1).
///
/// # Examples
///
/// ```
/// use ulab_state::probs::{curve::threshold_curves, file::parse_probs, sentences::pick_readout};
/// let f = parse_probs("y,A\n1,0.9\n0,0.6\n1,0.4\n0,0.2\n", None).unwrap();
/// let c = threshold_curves(&f, None).unwrap();
/// assert_eq!(pick_readout(&c, &f.models(), 0.5).unwrap(), "At p_t = 0.5: net benefit A 0; treat all 0, treat none 0.");
/// assert_eq!(pick_readout(&c, &f.models(), 1.0), None);
/// ```
pub fn pick_readout(curves: &[ThresholdCurve], names: &[String], p: f64) -> Option<String> {
    let pt = decision_curve(curves, &[p]);
    let pt = pt.first()?;
    let each: Vec<String> = names
        .iter()
        .zip(&pt.models)
        .map(|(n, v)| format!("{n} {}", number(*v, 4)))
        .collect();
    Some(format!(
        "At p_t = {}: net benefit {}; treat all {}, treat none 0.",
        number(p, 2),
        each.join(", "),
        number(pt.treat_all, 4)
    ))
}
