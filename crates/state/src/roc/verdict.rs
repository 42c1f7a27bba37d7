//! The sentences of the view: which classifier to deploy and at which threshold, and — when the
//! AUC would have chosen another — why (Dyrland et al. 2022, §5: "it is the tangent of a
//! receiver-operating-characteristic curve that matters, not its subtended area").

use super::analysis::{CurveKind, CurveReport, RocReport};
use crate::baseline::Baseline;
use ulab_core::UtilityMatrix;
use ulab_core::text::{fixed, number, prose};

/// A threshold as the page writes it: `+∞` / `−∞` for the end points (never / always class 0),
/// else the number ([`prose`]); a binormal curve's is a latent threshold.
///
/// # Examples
///
/// ```
/// use ulab_state::roc::verdict::threshold_text;
/// assert_eq!(threshold_text(f64::INFINITY), "+∞");
/// assert_eq!(threshold_text(0.43218), "0.4322");
/// assert_eq!(threshold_text(-2.5), "\u{2212}2.5");
/// ```
pub fn threshold_text(t: f64) -> String {
    if t == f64::INFINITY {
        "+∞".into()
    } else if t == f64::NEG_INFINITY {
        "\u{2212}∞".into()
    } else {
        prose(t)
    }
}

/// An AUC as the page writes it: 3 decimals.
///
/// # Examples
///
/// ```
/// assert_eq!(ulab_state::roc::verdict::auc_text(0.7602499), "0.760");
/// ```
pub fn auc_text(auc: f64) -> String {
    fixed(auc, 3)
}

/// The operating point in words: `threshold 0.43 (FPR 0.12, TPR 0.80)`, or for the end points
/// `never class 0` / `always class 0`; binormal: `latent threshold …`.
///
/// # Examples
///
/// ```
/// use ulab_core::{roc::Binormal, UtilityMatrix};
/// use ulab_state::roc::{analysis::{analyze, choose_share}, curves::Curve, verdict::point_text};
/// let c = vec![Curve::Binormal { name: "A".into(), model: Binormal::new(1.0, 1.0).unwrap() }];
/// let r = analyze(&c, &UtilityMatrix::identity(2).unwrap(), choose_share(None, None).unwrap()).unwrap();
/// // Equal-variance binormal, identity, B = ½: the optimum is at s = a/2.
/// assert_eq!(point_text(&r.curves[0]), "latent threshold 0.5 (FPR 0.309, TPR 0.691)");
/// ```
pub fn point_text(c: &CurveReport) -> String {
    let p = c.optimum.point;
    if p.threshold == f64::INFINITY {
        return "never class 0 (FPR 0, TPR 0)".into();
    }
    if p.threshold == f64::NEG_INFINITY {
        return "always class 0 (FPR 1, TPR 1)".into();
    }
    let what = match c.kind {
        CurveKind::Scores { .. } => "threshold",
        CurveKind::Binormal { .. } => "latent threshold",
    };
    format!(
        "{what} {} (FPR {}, TPR {})",
        threshold_text(p.threshold),
        number(p.fpr, 3),
        number(p.tpr, 3)
    )
}

/// The sentence naming the best classifier: "B is the best: its curve touches the highest
/// iso-utility line (slope 0.25) at threshold … (FPR …, TPR …), yield … per item." `None`
/// without curves. Several on a tie are named together.
///
/// # Examples
///
/// ```
/// use ulab_core::{roc::Binormal, UtilityMatrix};
/// use ulab_state::roc::{analysis::{analyze, choose_share}, curves::Curve, verdict::best_sentence};
/// let c = vec![
///     Curve::Binormal { name: "A".into(), model: Binormal::new(1.0, 1.0).unwrap() },
///     Curve::Binormal { name: "B".into(), model: Binormal::new(2.0, 1.0).unwrap() },
/// ];
/// let u = UtilityMatrix::parse("4,0;0,1").unwrap();
/// let r = analyze(&c, &u, choose_share(Some(&[0.5, 0.5]), None).unwrap()).unwrap();
/// assert!(best_sentence(&r).unwrap().starts_with("B is the best: its curve touches the highest iso-utility line (slope 0.25)"));
/// ```
pub fn best_sentence(r: &RocReport) -> Option<String> {
    let first = *r.best.first()?;
    let c = &r.curves[first];
    let touch = match r.slope {
        Some(m) => format!("touches the highest iso-utility line (slope {})", prose(m)),
        None => "reaches the highest yield".into(),
    };
    if r.best.len() > 1 {
        let names: Vec<String> = r.best.iter().map(|&i| r.curves[i].name.clone()).collect();
        return Some(format!(
            "{} are equally good: their curves touch the same highest iso-utility line, yield {} \
             per item.",
            join_names(&names),
            prose(c.optimum.yield_value)
        ));
    }
    Some(format!(
        "{} is the best: its curve {touch} at {}, yield {} per item.",
        c.name,
        point_text(c),
        prose(c.optimum.yield_value)
    ))
}

/// A gain over the baseline below this share of the utilities' range is none: a binormal
/// curve's hull always gains a trace over its end points, which reads "0 more".
const NOTHING: f64 = 1e-4;

/// The best model against the baseline every view states ([`Baseline`]): deciding the same
/// for every item, on the class-0 share `B` in force. The hull of every curve holds "never"
/// and "always class 0", so no optimum yields less: either the best optimum is worth more
/// ("That is 2.25 per item more than deciding 'short' for every item, without any model
/// (95).") or it is that decision itself, and then no model is useful at these utilities and
/// shares. `decisions` names the two decisions (class 0's first). `None` without curves.
///
/// # Examples
///
/// ```
/// use ulab_core::{roc::Binormal, UtilityMatrix};
/// use ulab_state::roc::{analysis::{analyze, choose_share}, curves::Curve, verdict::baseline_sentence};
/// let names = ["sick".to_string(), "well".to_string()];
/// let c = vec![Curve::Binormal { name: "A".into(), model: Binormal::new(1.0, 1.0).unwrap() }];
/// let u = UtilityMatrix::parse("4,0;0,1").unwrap();
/// let r = analyze(&c, &u, choose_share(Some(&[0.5, 0.5]), None).unwrap()).unwrap();
/// assert!(baseline_sentence(&r, &u, &names).unwrap().contains("more than deciding 'sick' for every item, without any model (2)"));
/// // Rare class 0 and a costly false alarm: no threshold beats "well" for every item.
/// let u = UtilityMatrix::parse("1,-50;0,0").unwrap();
/// let r = analyze(&c, &u, choose_share(Some(&[0.1, 0.9]), None).unwrap()).unwrap();
/// assert!(baseline_sentence(&r, &u, &names).unwrap().starts_with("No threshold of any model does better than deciding 'well' for every item (0 per item), to within 0.01 %"));
/// ```
pub fn baseline_sentence(r: &RocReport, u: &UtilityMatrix, decisions: &[String]) -> Option<String> {
    let top = r.curves.get(*r.best.first()?)?.optimum.yield_value;
    let b = r.share.value;
    let base = Baseline::best(u, &[b, 1.0 - b], decisions)?;
    let gain = top - base.yield_per_item;
    if gain <= NOTHING * (u.matrix().max() - u.matrix().min()) {
        return Some(format!(
            "No threshold of any model does better than deciding '{}' for every item ({} per \
             item), to within 0.01 % of your utilities' range: at these utilities and class \
             shares the models add nothing.",
            base.name,
            prose(base.yield_per_item)
        ));
    }
    Some(format!(
        "That is {} per item more than deciding '{}' for every item, without any model ({}).",
        prose(gain),
        base.name,
        prose(base.yield_per_item)
    ))
}

/// "A, B and C".
fn join_names(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The sentence when the classifier with the largest AUC is not the best: "A has the larger
/// AUC (0.910 vs 0.814) but B yields more at its best threshold (2.205 vs 2.135): the AUC
/// averages over thresholds you will never use." `None` when the largest AUC belongs to a best
/// classifier, or with fewer than two curves.
///
/// # Examples
///
/// ```
/// use ulab_core::{roc::Binormal, UtilityMatrix};
/// use ulab_state::roc::{analysis::{analyze, choose_share}, curves::Curve, verdict::auc_sentence};
/// let c = vec![
///     Curve::Binormal { name: "A".into(), model: Binormal::new(1.5, 0.5).unwrap() },
///     Curve::Binormal { name: "B".into(), model: Binormal::new(2.0, 2.0).unwrap() },
/// ];
/// let u = UtilityMatrix::parse("4,0;0,1").unwrap();
/// let r = analyze(&c, &u, choose_share(Some(&[0.5, 0.5]), None).unwrap()).unwrap();
/// assert_eq!(
///     auc_sentence(&r).unwrap(),
///     "A has the larger AUC (0.910 vs 0.814) but B yields more at its best threshold \
///      (2.205 vs 2.135): the AUC averages over thresholds you will never use."
/// );
/// ```
pub fn auc_sentence(r: &RocReport) -> Option<String> {
    if r.curves.len() < 2 {
        return None;
    }
    let top_auc = r
        .curves
        .iter()
        .map(|c| c.auc)
        .fold(f64::NEG_INFINITY, f64::max);
    let by_auc: Vec<usize> = (0..r.curves.len())
        .filter(|&i| r.curves[i].auc == top_auc)
        .collect();
    if by_auc.iter().any(|i| r.best.contains(i)) {
        return None;
    }
    let (a, b) = (&r.curves[by_auc[0]], &r.curves[*r.best.first()?]);
    if !(a.auc > b.auc) {
        return None;
    }
    // Enough decimals to show the AUCs differ.
    let mut d = 3;
    while d < 8 && fixed(a.auc, d) == fixed(b.auc, d) {
        d += 1;
    }
    let larger = if r.curves.len() == 2 {
        "larger"
    } else {
        "largest"
    };
    Some(format!(
        "{} has the {larger} AUC ({} vs {}) but {} yields more at its best threshold ({} vs {}): \
         the AUC averages over thresholds you will never use.",
        a.name,
        fixed(a.auc, d),
        fixed(b.auc, d),
        b.name,
        prose(b.optimum.yield_value),
        prose(a.optimum.yield_value)
    ))
}
