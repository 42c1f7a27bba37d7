//! The metrics of the Monte Carlo for a binary classifier given by its class-0 share `p`, its
//! true-positive rate `a` (recall of class 0) and its true-negative rate `b` (specificity), class
//! 0 positive. Normalized confusion matrix (rows = output, columns = true class):
//!
//! ```text
//! [[TP, FP],   = [[p·a,     (1−p)(1−b)],
//!  [FN, TN]]      [p(1−a),  (1−p)·b  ]]
//! ```
//!
//! Two forms:
//! * [`binary_scores`]: each metric's value by its textbook formula (the naive form);
//! * [`score_differences`]: for two classifiers on the same test set (same `p`), a number per
//!   metric whose **sign equals the sign of the difference of the two metric values** —
//!   cross-multiplied, without division or square root, for the Monte Carlo's inner loop. Each
//!   form's equivalence is proved in the comments; tests compare the signs with the naive
//!   values on many random pairs.

use crate::metrics::Metric;

/// The number of metrics scored by [`binary_scores`].
pub const N_SCORES: usize = 10;

/// The metrics of the Monte Carlo, scored by [`binary_scores`] and [`score_differences`] in
/// this order (every [`Metric`] but NPV; the order of [`super::Ranker::ALL`]).
pub const SCORE_METRICS: [Metric; N_SCORES] = [
    Metric::Accuracy,
    Metric::BalancedAccuracy,
    Metric::Precision,
    Metric::Recall,
    Metric::Specificity,
    Metric::F1,
    Metric::Mcc,
    Metric::FowlkesMallows,
    Metric::Kappa,
    Metric::PreferenceDriven,
];

/// The ten metrics of a binary classifier with class-0 share `p`, true-positive rate `a` and
/// true-negative rate `b`, by their textbook formulas, in the order of [`SCORE_METRICS`].
/// With `q = 1 − p`, `TP = p·a`, `FN = p(1−a)`, `FP = q(1−b)`, `TN = q·b`:
///
/// * accuracy `TP + TN`; balanced accuracy `(a + b)/2`;
/// * precision `TP/(TP + FP)`; recall `a`; specificity `b`;
/// * F1 `2TP/(2TP + FP + FN)`;
/// * MCC `(TP·TN − FP·FN)/√((TP+FP)(TP+FN)(TN+FP)(TN+FN))`;
/// * Fowlkes–Mallows `√(precision · recall)`;
/// * Cohen's kappa `(p_o − p_e)/(1 − p_e)`, `p_o = TP + TN`,
///   `p_e = (TP+FP)(TP+FN) + (FN+TN)(FP+TN)`;
/// * preference-driven with the default preference vector `κ = (p, q)` (the class shares,
///   Kozak et al. 2022 eq. 31): `½ Σ_i κ_i·precision_i + (1 − κ_i)·recall_i`, where class 1's precision
///   is `TN/(TN + FN)` and its recall `b`; a 0/0 term counts as 0 (as the measure's reference
///   code does).
///
/// `None` marks an undefined value (0/0); with `0 < p < 1` and `a, b ≥ ½`, as in the Monte
/// Carlo, every value is defined.
///
/// # Examples
///
/// Classifier A of the factory story (Dyrland et al. 2022, eq. 1: `TP = 0.27, FP = 0.15, FN = 0.23,
/// TN = 0.35`):
///
/// ```
/// use ulab_core::mc::scores::binary_scores;
/// let s = binary_scores(0.5, 0.54, 0.7);
/// assert!((s[0].unwrap() - 0.62).abs() < 1e-12); // accuracy
/// assert!((s[2].unwrap() - 0.27 / 0.42).abs() < 1e-12); // precision
/// assert!((s[5].unwrap() - 0.54 / 0.92).abs() < 1e-12); // F1 = 2·0.27/(0.54+0.15+0.23)
/// ```
pub fn binary_scores(p: f64, a: f64, b: f64) -> [Option<f64>; N_SCORES] {
    let q = 1.0 - p;
    let tp = p * a;
    let fn_ = p * (1.0 - a);
    let fp = q * (1.0 - b);
    let tn = q * b;
    let ratio = |n: f64, d: f64| if d > 0.0 { Some(n / d) } else { None };
    let accuracy = tp + tn;
    let recall = ratio(tp, tp + fn_);
    let specificity = ratio(tn, tn + fp);
    let balanced = match (recall, specificity) {
        (Some(r), Some(s)) => Some((r + s) / 2.0),
        _ => None,
    };
    let precision = ratio(tp, tp + fp);
    let npv = ratio(tn, tn + fn_);
    let f1 = ratio(2.0 * tp, 2.0 * tp + fp + fn_);
    // √(r₀r₁)·√(t₀t₁) rather than √(r₀t₀r₁t₁): for a tiny class share p the product of the four
    // sums underflows to 0 (p = 1e-320: an undefined MCC, written as NaN in the scatter).
    let mcc = ratio(
        tp * tn - fp * fn_,
        ((tp + fp) * (tn + fn_)).sqrt() * ((tp + fn_) * (tn + fp)).sqrt(),
    );
    let fm = match (precision, recall) {
        (Some(pr), Some(re)) => Some((pr * re).sqrt()),
        _ => None,
    };
    let p_o = tp + tn;
    let p_e = (tp + fp) * (tp + fn_) + (fn_ + tn) * (fp + tn);
    let kappa = ratio(p_o - p_e, 1.0 - p_e);
    let (k0, k1) = (tp + fn_, fp + tn); // default κ: the shares of the true classes
    let z = |v: Option<f64>| v.unwrap_or(0.0);
    let pd = 0.5
        * (k0 * z(precision) + (1.0 - k0) * z(recall) + k1 * z(npv) + (1.0 - k1) * z(specificity));
    [
        Some(accuracy),
        balanced,
        precision,
        recall,
        specificity,
        f1,
        mcc,
        fm,
        kappa,
        Some(pd),
    ]
}

/// For two classifiers `(a₁, b₁)` and `(a₂, b₂)` (true-positive and true-negative rates) on
/// the same test set with class-0 share `p` (`0 < p < 1`), one number per metric (order of
/// [`SCORE_METRICS`]) whose sign — positive, negative or zero — is the sign of
/// `metric(classifier 1) − metric(classifier 2)` in exact arithmetic. Requires `a_k, b_k ≥ ½`
/// only for precision, F1, Fowlkes–Mallows, kappa and p-d to be defined (positive
/// denominators); the Monte Carlo's rates always are.
///
/// With `q = 1 − p`, `Δa = a₁ − a₂`, `Δb = b₁ − b₂`, and per classifier `D = p·a + q(1−b)`
/// (share of output 0), `E = q·b + p(1−a)` (share of output 1), `J = a + b − 1` (Youden):
///
/// | metric | number | why (all denominators > 0) |
/// |---|---|---|
/// | accuracy | `p·Δa + q·Δb` | the difference itself |
/// | balanced accuracy | `Δa + Δb` | twice the difference |
/// | precision | `a₁(1−b₂) − a₂(1−b₁)` | `P₁ − P₂ = pq·(that)/(D₁D₂)` |
/// | recall, specificity | `Δa`, `Δb` | the differences |
/// | F1 | `a₁d₂ − a₂d₁`, `d = p + q(1−b)` | `F1 = 2pa/(pa + d)`; cross-multiply, cancel `p·a₁a₂` |
/// | MCC | `J₁\|J₁\|·D₂E₂ − J₂\|J₂\|·D₁E₁` | `MCC = √(pq)·J/√(DE)`; `t ↦ t\|t\|` is increasing |
/// | Fowlkes–Mallows | `a₁²D₂ − a₂²D₁` | `FM² = p·a²/D`, `√` is increasing |
/// | kappa | `J₁(qD₂ + pE₂) − J₂(qD₁ + pE₁)` | `κ = 2pq·J/(qD + pE)` |
/// | p-d | `N₁H₂ − N₂H₁` | `2·pd = N/H`, `H = DE`, `N = p²aE + q²bD + (qa + pb)H` |
///
/// # Examples
///
/// ```
/// use ulab_core::mc::scores::{binary_scores, score_differences};
/// let (p, a1, b1, a2, b2) = (0.3, 0.9, 0.6, 0.7, 0.95);
/// let d = score_differences(p, a1, b1, a2, b2);
/// let (s1, s2) = (binary_scores(p, a1, b1), binary_scores(p, a2, b2));
/// for m in 0..10 {
///     let naive = s1[m].unwrap() - s2[m].unwrap();
///     assert_eq!(d[m] > 0.0, naive > 0.0);
///     assert_eq!(d[m] < 0.0, naive < 0.0);
/// }
/// ```
#[inline(always)]
pub fn score_differences(p: f64, a1: f64, b1: f64, a2: f64, b2: f64) -> [f64; N_SCORES] {
    let q = 1.0 - p;
    let da = a1 - a2;
    let db = b1 - b2;
    // Shares of FP: q(1 − b); outputs 0 and 1: D, E.
    let fpr1 = 1.0 - b1;
    let fpr2 = 1.0 - b2;
    let d1 = p * a1 + q * fpr1;
    let d2 = p * a2 + q * fpr2;
    let e1 = q * b1 + p * (1.0 - a1);
    let e2 = q * b2 + p * (1.0 - a2);
    let j1 = a1 + b1 - 1.0;
    let j2 = a2 + b2 - 1.0;

    // Accuracy: A = p·a + q·b, so A₁ − A₂ = p·Δa + q·Δb exactly.
    let accuracy = p * da + q * db;
    // Balanced accuracy: (a + b)/2; 2(BA₁ − BA₂) = Δa + Δb.
    let balanced = da + db;
    // Precision P = pa/D. P₁ − P₂ = (pa₁D₂ − pa₂D₁)/(D₁D₂) and
    // a₁D₂ − a₂D₁ = a₁(pa₂ + q(1−b₂)) − a₂(pa₁ + q(1−b₁)) = q(a₁(1−b₂) − a₂(1−b₁)):
    // with p, q, D > 0 the sign is that of a₁(1−b₂) − a₂(1−b₁) (independent of p).
    let precision = a1 * fpr2 - a2 * fpr1;
    // F1 = 2TP/(2TP + FP + FN) = 2pa/(pa + d), d = p + q(1−b) (TP + FN = p).
    // F1₁ > F1₂ ⇔ a₁(pa₂ + d₂) > a₂(pa₁ + d₁) ⇔ a₁d₂ > a₂d₁ (pa₁a₂ cancels; d > 0).
    let f1d1 = p + q * fpr1;
    let f1d2 = p + q * fpr2;
    let f1 = a1 * f1d2 - a2 * f1d1;
    // MCC = (TP·TN − FP·FN)/√((TP+FP)(TP+FN)(TN+FP)(TN+FN)) = pq·J/√(D·p·q·E) = √(pq)·J/√(DE)
    // (TP·TN − FP·FN = pq(ab − (1−a)(1−b)) = pq·J). Comparing J/√G (G = DE > 0): apply the
    // increasing map t ↦ t|t| to both sides, giving J|J|/G, then cross-multiply by G₁G₂ > 0.
    let g1 = d1 * e1;
    let g2 = d2 * e2;
    let mcc = j1 * j1.abs() * g2 - j2 * j2.abs() * g1;
    // Fowlkes–Mallows = √(P·a) and P·a = p·a²/D: compare a₁²/D₁ with a₂²/D₂, cross-multiply.
    let fm = a1 * a1 * d2 - a2 * a2 * d1;
    // Kappa = 2(TP·TN − FN·FP)/((TP+FP)(FP+TN) + (TP+FN)(FN+TN)) = 2pq·J/(qD + pE);
    // 2pq > 0 cancels, then cross-multiply the positive denominators.
    let k1 = q * d1 + p * e1;
    let k2 = q * d2 + p * e2;
    let kappa = j1 * k2 - j2 * k1;
    // p-d with κ = (p, q): 2·pd = p·(pa/D) + q·a + q·(qb/E) + p·b
    //                         = (p²aE + q²bD + (qa + pb)·DE)/(DE) = N/H, H = DE = G > 0.
    // 2pd₁ > 2pd₂ ⇔ N₁H₂ > N₂H₁.
    let pp = p * p;
    let qq = q * q;
    let n1 = pp * a1 * e1 + qq * b1 * d1 + (q * a1 + p * b1) * g1;
    let n2 = pp * a2 * e2 + qq * b2 * d2 + (q * a2 + p * b2) * g2;
    let pd = n1 * g2 - n2 * g1;
    [
        accuracy, balanced, precision, da, db, f1, mcc, fm, kappa, pd,
    ]
}

/// Whether a pair is **mis-ranked** by a metric: true unless the metric's difference and the
/// true yield's difference are both positive or both negative (strict signs; a tie or a zero
/// difference of either counts as mis-ranked, and so does NaN).
///
/// # Examples
///
/// ```
/// use ulab_core::mc::scores::misranked;
/// assert!(!misranked(0.2, 1e-9));
/// assert!(!misranked(-0.2, -3.0));
/// assert!(misranked(0.2, -0.1));
/// assert!(misranked(0.0, 0.0)); // a tie is never a correct ranking
/// assert!(misranked(0.1, 0.0));
/// ```
#[inline(always)]
pub fn misranked(true_diff: f64, score_diff: f64) -> bool {
    let correct =
        ((true_diff > 0.0) & (score_diff > 0.0)) | ((true_diff < 0.0) & (score_diff < 0.0));
    !correct
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mc::rng::{Stream, chunk_rng, uniform, uniform_open};
    use crate::mc::sampler::rate;

    fn sign(v: f64) -> i8 {
        if v > 0.0 {
            1
        } else if v < 0.0 {
            -1
        } else {
            0
        }
    }

    #[test]
    fn fast_signs_match_naive_on_random_pairs() {
        let mut rng = chunk_rng(2024, Stream::Pairs, 0);
        for i in 0..300_000 {
            // The Monte Carlo's distribution, and (every 3rd pair) rates on the whole [0.5, 1].
            let p = uniform_open(&mut rng);
            let (a1, b1, a2, b2) = if i % 3 == 0 {
                let r = |rng: &mut _| 0.5 + 0.5 * uniform(rng);
                (r(&mut rng), r(&mut rng), r(&mut rng), r(&mut rng))
            } else {
                (
                    rate(&mut rng),
                    rate(&mut rng),
                    rate(&mut rng),
                    rate(&mut rng),
                )
            };
            let d = score_differences(p, a1, b1, a2, b2);
            let s1 = binary_scores(p, a1, b1);
            let s2 = binary_scores(p, a2, b2);
            for m in 0..N_SCORES {
                let naive = s1[m].unwrap() - s2[m].unwrap();
                assert_eq!(
                    sign(d[m]),
                    sign(naive),
                    "metric {m} p {p} {a1} {b1} {a2} {b2}"
                );
            }
        }
    }

    #[test]
    fn fast_signs_on_exact_ties() {
        // Same classifier: every difference is exactly zero.
        let d = score_differences(0.37, 0.8, 0.9, 0.8, 0.9);
        assert!(d.iter().all(|v| *v == 0.0));
        // Swapped rates at p = 1/2: accuracy, balanced accuracy, MCC and kappa tie exactly
        // (symmetric in a and b when p = q); recall and specificity do not.
        let d = score_differences(0.5, 0.75, 0.875, 0.875, 0.75);
        assert_eq!(d[0], 0.0);
        assert_eq!(d[1], 0.0);
        assert_eq!(d[6], 0.0);
        assert_eq!(d[8], 0.0);
        assert!(d[3] < 0.0 && d[4] > 0.0);
    }
}
