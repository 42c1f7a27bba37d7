//! The popular metrics of a confusion matrix, binary and multi-class.
//!
//! Notation, for a confusion matrix with rows = output `i`, columns = true class `j`, counts
//! `M_ij` and total `s = Σ_ij M_ij`, for class `k`:
//!
//! * `TP_k = M_kk`; `FP_k = Σ_{j≠k} M_kj` (output `k`, another class true);
//!   `FN_k = Σ_{i≠k} M_ik` (class `k` true, another output); `TN_k = Σ_{i≠k, j≠k} M_ij`
//!   (everything else). Each is summed cell by cell: `s − TP_k − FP_k − FN_k` would lose the
//!   small cells of a normalized matrix (`1 − 0.3 − 0.7 + …` cancels a `1e-17` to nothing);
//! * row total `r_k = TP_k + FP_k` (how often `k` is output), column total
//!   `t_k = TP_k + FN_k` (how many cases of class `k`).
//!
//! For two classes, class 0 is "positive": `TP = M_00`, `FP = M_01`, `FN = M_10`, `TN = M_11`.
//!
//! A quantity that is 0/0 is [`Score::Undefined`] with the reason — never NaN, never 0 —
//! except inside the preference-driven measure, whose reference definition (Kozak et al. 2022) counts a
//! 0/0 precision or recall as 0 in its sum.

use super::confusion::ConfusionMatrix;
use super::error::CoreError;
use super::limits::MAX_BETA;
use super::score::{Score, Undefined};
use super::utility::UtilityMatrix;

mod metric;

pub use metric::{Admissibility, Metric, all_metrics};

fn tp(cm: &ConfusionMatrix, k: usize) -> f64 {
    cm.get(k, k)
}

fn row_total(cm: &ConfusionMatrix, k: usize) -> f64 {
    cm.counts().row(k).iter().sum()
}

fn col_total(cm: &ConfusionMatrix, k: usize) -> f64 {
    (0..cm.n()).map(|i| cm.get(i, k)).sum()
}

/// `FP_k = Σ_{j≠k} M_kj`: output `k`, another class true.
fn fp(cm: &ConfusionMatrix, k: usize) -> f64 {
    cm.false_positives(k)
}

/// `FN_k = Σ_{i≠k} M_ik`: class `k` true, another output.
fn fneg(cm: &ConfusionMatrix, k: usize) -> f64 {
    cm.false_negatives(k)
}

/// `TN_k = Σ_{i≠k, j≠k} M_ij`, summed cell by cell (no cancellation), in `O(n)`.
fn tn(cm: &ConfusionMatrix, k: usize) -> f64 {
    cm.true_negatives(k)
}

/// Accuracy: `Σ_k TP_k / s`, the share of correct outputs (equal to micro-averaged precision,
/// recall and F1 in single-label classification). Admissible: the yield of the identity
/// utility matrix.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// assert!((metrics::accuracy(&a) - 0.62).abs() < 1e-12);
/// ```
pub fn accuracy(cm: &ConfusionMatrix) -> f64 {
    (0..cm.n()).map(|k| tp(cm, k)).sum::<f64>() / cm.total()
}

/// Precision (positive predictive value) of class `k`: `TP_k / (TP_k + FP_k)`.
/// Undefined if the classifier never outputs `k`.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let p = metrics::precision(&a, 0).value().unwrap();
/// assert!((p - 27.0 / 42.0).abs() < 1e-12);
/// let never = ConfusionMatrix::parse("0,0;5,5", Orientation::OutputRows).unwrap();
/// assert!(metrics::precision(&never, 0).value().is_none());
/// ```
pub fn precision(cm: &ConfusionMatrix, k: usize) -> Score {
    Score::ratio(
        tp(cm, k),
        row_total(cm, k),
        Undefined::NeverOutput { class: k },
    )
}

/// Recall (sensitivity, true-positive rate) of class `k`: `TP_k / (TP_k + FN_k)`.
/// Undefined if the test set has no case of `k`. Admissible on a fixed test set: the yield of
/// the utility matrix with a single 1 at `(k, k)`, divided by the share of class `k`.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// assert!((metrics::recall(&a, 0).value().unwrap() - 0.54).abs() < 1e-12);
/// ```
pub fn recall(cm: &ConfusionMatrix, k: usize) -> Score {
    Score::ratio(tp(cm, k), col_total(cm, k), Undefined::NoCases { class: k })
}

/// Specificity (true-negative rate) of class `k`: `TN_k / (TN_k + FP_k)`, the share of the
/// cases of other classes that are not output as `k`. Undefined if every case is of class `k`.
/// For two classes, the specificity of class 0 is the recall of class 1. `TN_k` and `FP_k` are
/// sums of cells, so a normalized matrix with tiny cells keeps its precision.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// assert!((metrics::specificity(&a, 0).value().unwrap() - 0.70).abs() < 1e-12);
/// // TN = 1e-17, FP = 1e-17: exactly ½, though the total rounds to 1.
/// let tiny = ConfusionMatrix::parse("0.3,1e-17;0.7,1e-17", Orientation::OutputRows).unwrap();
/// assert_eq!(metrics::specificity(&tiny, 0).value(), Some(0.5));
/// ```
pub fn specificity(cm: &ConfusionMatrix, k: usize) -> Score {
    let tn = tn(cm, k);
    Score::ratio(tn, tn + fp(cm, k), Undefined::OnlyCases { class: k })
}

/// Negative predictive value of class `k`: `TN_k / (TN_k + FN_k)`, the share of "not `k`"
/// outputs whose true class is not `k`. Undefined if the classifier always outputs `k`.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// assert!((metrics::npv(&a, 0).value().unwrap() - 35.0 / 58.0).abs() < 1e-12);
/// ```
pub fn npv(cm: &ConfusionMatrix, k: usize) -> Score {
    let tn = tn(cm, k);
    Score::ratio(tn, tn + fneg(cm, k), Undefined::AlwaysOutput { class: k })
}

/// F-beta of class `k`: `(1+β²)·TP_k / ((1+β²)·TP_k + β²·FN_k + FP_k)`, the weighted harmonic
/// mean of precision and recall (β > 1 weighs recall more). Undefined when
/// `TP_k + FP_k + FN_k = 0`: class `k` neither occurs in the test set nor is output
/// ([`Undefined::Absent`]; a class that is output but has no case has F-beta 0).
///
/// # Errors
/// `beta` not in `(0, 10⁶]` ([`MAX_BETA`]).
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let f2 = metrics::f_beta(&a, 0, 2.0).unwrap().value().unwrap();
/// assert!((f2 - 5.0 * 27.0 / (5.0 * 27.0 + 4.0 * 23.0 + 15.0)).abs() < 1e-12);
/// ```
pub fn f_beta(cm: &ConfusionMatrix, k: usize, beta: f64) -> Result<Score, CoreError> {
    if !(beta > 0.0 && beta <= MAX_BETA) {
        return Err(CoreError::InvalidParameter {
            name: "beta",
            value: beta,
            expected: "0 < β ≤ 10⁶",
        });
    }
    let b2 = beta * beta;
    let t = tp(cm, k);
    Ok(Score::ratio(
        (1.0 + b2) * t,
        (1.0 + b2) * t + b2 * fneg(cm, k) + fp(cm, k),
        Undefined::Absent { class: k },
    ))
}

/// F1 of class `k`: `2·TP_k / (2·TP_k + FP_k + FN_k)`, the harmonic mean of precision and
/// recall. Undefined when `TP_k + FP_k + FN_k = 0`.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let b = ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap();
/// assert!((metrics::f1(&b, 0).value().unwrap() - 86.0 / 111.0).abs() < 1e-12);
/// ```
pub fn f1(cm: &ConfusionMatrix, k: usize) -> Score {
    crate::error::surely(f_beta(cm, k, 1.0), "beta = 1 is valid")
}

/// Macro F1: the mean of per-class F1, `(1/c) Σ_k F1_k` (scikit-learn's
/// `f1_score(average='macro')`). Undefined if any class's F1 is. This is what
/// [`Metric::F1`] reports for more than two classes; it is **not** the F1 of macro precision
/// and macro recall that Kozak et al. 2022 use ([`crate::pd::f1_of_macro_pr`]).
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let cm = ConfusionMatrix::parse("40,8,9;7,10,1;3,2,20", Orientation::OutputRows).unwrap();
/// // F1_k = 2·TP_k / (r_k + t_k): 80/107, 20/38, 40/55
/// let want = (80.0 / 107.0 + 20.0 / 38.0 + 40.0 / 55.0) / 3.0;
/// assert!((metrics::macro_f1(&cm).value().unwrap() - want).abs() < 1e-12);
/// ```
pub fn macro_f1(cm: &ConfusionMatrix) -> Score {
    macro_average(cm, f1)
}

/// Fowlkes–Mallows index of class `k`: `√(precision_k · recall_k)`, the geometric mean of
/// precision and recall. Undefined if either is.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let fm = metrics::fowlkes_mallows(&a, 0).value().unwrap();
/// assert!((fm - (27.0f64 / 42.0 * 0.54).sqrt()).abs() < 1e-12);
/// ```
pub fn fowlkes_mallows(cm: &ConfusionMatrix, k: usize) -> Score {
    precision(cm, k).zip(recall(cm, k), |p, r| (p * r).sqrt())
}

/// Balanced accuracy: the mean recall over classes, `(1/c) Σ_k TP_k / t_k` (eq. 26 of Kozak et al. 2022;
/// for two classes `(TPR + TNR)/2`). Undefined if some class has no case.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let b = ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap();
/// assert!((metrics::balanced_accuracy(&b).value().unwrap() - 0.75).abs() < 1e-12);
/// ```
pub fn balanced_accuracy(cm: &ConfusionMatrix) -> Score {
    macro_average(cm, recall)
}

/// The macro average of a per-class metric: `(1/c) Σ_k metric_k`; undefined if any class's
/// value is.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let cm = ConfusionMatrix::parse("40,8,9;7,10,1;3,2,20", Orientation::OutputRows).unwrap();
/// let mp = metrics::macro_average(&cm, metrics::precision).value().unwrap();
/// assert!((mp - (40.0 / 57.0 + 10.0 / 18.0 + 20.0 / 25.0) / 3.0).abs() < 1e-12);
/// ```
pub fn macro_average(
    cm: &ConfusionMatrix,
    metric: impl Fn(&ConfusionMatrix, usize) -> Score,
) -> Score {
    let scores: Vec<Score> = (0..cm.n()).map(|k| metric(cm, k)).collect();
    Score::mean(&scores)
}

/// Matthews correlation coefficient, multi-class `R_K` (Gorodkin 2004; eq. 25 of Kozak et al. 2022):
///
/// `(s·Σ_k TP_k − Σ_k r_k·t_k) / (√(s² − Σ_k r_k²) · √(s² − Σ_k t_k²))`
///
/// with `r_k` the row (output) totals and `t_k` the column (true) totals. For two classes it
/// equals the binary `(TP·TN − FP·FN) / √((TP+FP)(TP+FN)(TN+FP)(TN+FN))`. Undefined when a
/// factor of the denominator is 0: `s² − Σ_k r_k² = 0` when the classifier outputs one class
/// only ([`Undefined::AlwaysOutput`]), `s² − Σ_k t_k² = 0` when the test set has one class only
/// ([`Undefined::OnlyCases`]). With three or more classes an all-zero row or column alone
/// (an output never used, a class absent) leaves `R_K` defined.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let binary = (27.0 * 35.0 - 15.0 * 23.0) / (42.0f64 * 50.0 * 58.0 * 50.0).sqrt();
/// assert!((metrics::mcc(&a).value().unwrap() - binary).abs() < 1e-12);
/// // Output 2 is never used: still defined with three classes.
/// let c = ConfusionMatrix::parse("5,3,0;2,6,1;0,0,0", Orientation::OutputRows).unwrap();
/// assert!(metrics::mcc(&c).value().is_some());
/// ```
pub fn mcc(cm: &ConfusionMatrix) -> Score {
    // Computed on the normalized matrix (s = 1) so that huge or tiny counts neither overflow
    // nor underflow; the factors s² − Σ r_k² = Σ_k r_k·(Σ_{l≠k} r_l) are sums of
    // non-negative terms, exactly 0 only when a single row (column) total is non-zero. The
    // numerator is `agreement_excess` (no cancellation of a tiny cell against 1).
    let (rows, cols) = shares(cm);
    let ss_r = cross_sum(&rows, &rows);
    let ss_t = cross_sum(&cols, &cols);
    if ss_r <= 0.0 {
        return Score::Undefined(Undefined::AlwaysOutput {
            class: largest(&rows),
        });
    }
    if ss_t <= 0.0 {
        return Score::Undefined(Undefined::OnlyCases {
            class: largest(&cols),
        });
    }
    let r = agreement_excess(cm) / (ss_r.sqrt() * ss_t.sqrt());
    Score::Defined(r.clamp(-1.0, 1.0))
}

/// The row and column totals of the normalized matrix.
fn shares(cm: &ConfusionMatrix) -> (Vec<f64>, Vec<f64>) {
    let s = cm.total();
    (
        cm.output_totals().iter().map(|r| r / s).collect(),
        cm.class_totals().iter().map(|t| t / s).collect(),
    )
}

/// `p_o − p_e = Σ_k c_kk − Σ_k r_k·t_k` of the normalized matrix `c`, written without
/// cancellation as `Σ_k (TP_k·TN_k − FP_k·FN_k)` (since `Σ c = 1`,
/// `c_kk − r_k·t_k = c_kk·TN_k − FP_k·FN_k` with the one-vs-rest counts of class `k`): the
/// numerator of MCC and of Cohen's κ. `1e15,0;0,1` gives `2·10⁻¹⁵` here, where
/// `1 − (1 − 10⁻¹⁵)² − …` rounds to 0.
fn agreement_excess(cm: &ConfusionMatrix) -> f64 {
    let s = cm.total();
    (0..cm.n())
        .map(|k| {
            let (tp, fp) = (cm.get(k, k) / s, cm.false_positives(k) / s);
            let (fneg, tn) = (cm.false_negatives(k) / s, cm.true_negatives(k) / s);
            tp * tn - fp * fneg
        })
        .sum()
}

fn largest(v: &[f64]) -> usize {
    (0..v.len()).fold(0, |best, k| if v[k] > v[best] { k } else { best })
}

/// `Σ_k a_k · Σ_{l≠k} b_l`, with the inner sums from prefix and suffix sums of non-negative
/// terms (no cancellation).
fn cross_sum(a: &[f64], b: &[f64]) -> f64 {
    let n = b.len();
    let mut suffix = vec![0.0; n + 1];
    for k in (0..n).rev() {
        suffix[k] = suffix[k + 1] + b[k];
    }
    let mut prefix = 0.0;
    let mut total = 0.0;
    for k in 0..n {
        total += a[k] * (prefix + suffix[k + 1]);
        prefix += b[k];
    }
    total
}

/// Cohen's kappa: `(p_o − p_e) / (1 − p_e)` with observed agreement `p_o = Σ_k TP_k / s` and
/// chance agreement `p_e = Σ_k r_k·t_k / s²`. Undefined when `p_e = 1`.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// // p_o = 0.62, p_e = (0.42·0.5 + 0.58·0.5) = 0.5
/// assert!((metrics::cohen_kappa(&a).value().unwrap() - 0.24).abs() < 1e-12);
/// ```
pub fn cohen_kappa(cm: &ConfusionMatrix) -> Score {
    // On the normalized matrix; 1 − p_e = Σ_k r_k·(Σ_{l≠k} t_l) and p_o − p_e =
    // `agreement_excess`, both without cancellation.
    let (rows, cols) = shares(cm);
    let one_minus_pe = cross_sum(&rows, &cols);
    if one_minus_pe <= 0.0 {
        return Score::Undefined(Undefined::ChanceAgreementOne);
    }
    // κ ≤ 1 always; κ ≥ −1 only for two classes, so the clamp acts on rounding alone.
    Score::Defined((agreement_excess(cm) / one_minus_pe).min(1.0))
}

/// The default preference vector of the preference-driven measure (eq. 31 of Kozak et al. 2022): the
/// share of each true class, `κ_k = t_k / s`.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// // Table 4 of Kozak et al. 2022 is written rows = true class.
/// let cm = ConfusionMatrix::parse("40,7,3;8,10,2;9,1,20", Orientation::TrueRows).unwrap();
/// assert_eq!(metrics::default_kappa(&cm), vec![0.5, 0.2, 0.3]);
/// ```
pub fn default_kappa(cm: &ConfusionMatrix) -> Vec<f64> {
    cm.class_shares()
}

/// The preference-driven measure (eqs. 27–30 of Kozak et al. 2022):
///
/// `p-d_κ = (1/c) Σ_k κ_k · precision_k + (1 − κ_k) · recall_k`
///
/// with preference vector `κ ∈ [0, 1]^c` (`κ_k = 1`: only precision of class `k` counts;
/// `κ_k = 0`: only its recall). Following the measure's reference definition, a precision or
/// recall that is 0/0 counts as **0** inside this sum (the only place in Utility Lab where 0/0
/// is not reported as undefined), so p-d is always defined and in `[0, 1]`.
///
/// # Errors
/// `kappa` of the wrong length or with an entry outside `[0, 1]`.
///
/// # Examples
///
/// The worked example of Kozak et al. 2022 (Table 4, default κ = [0.5, 0.2, 0.3]) gives 0.656:
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let cm = ConfusionMatrix::parse("40,7,3;8,10,2;9,1,20", Orientation::TrueRows).unwrap();
/// let pd = metrics::preference_driven(&cm, &metrics::default_kappa(&cm)).unwrap();
/// assert!((pd - 0.656).abs() < 5e-4);
/// ```
pub fn preference_driven(cm: &ConfusionMatrix, kappa: &[f64]) -> Result<f64, CoreError> {
    check_kappa(kappa, cm.n())?;
    let c = cm.n() as f64;
    let sum: f64 = kappa
        .iter()
        .enumerate()
        .map(|(k, kk)| {
            let p = precision(cm, k).value().unwrap_or(0.0);
            let r = recall(cm, k).value().unwrap_or(0.0);
            kk * p + (1.0 - kk) * r
        })
        .sum();
    Ok(sum / c)
}

/// Checks a preference vector: length `n`, entries in `[0, 1]`.
pub fn check_kappa(kappa: &[f64], n: usize) -> Result<(), CoreError> {
    if kappa.len() != n {
        return Err(CoreError::LengthMismatch {
            what: "preference vector κ (one per class)",
            expected: n,
            found: kappa.len(),
        });
    }
    for k in kappa {
        if !(*k >= 0.0 && *k <= 1.0) {
            return Err(CoreError::InvalidParameter {
                name: "κ",
                value: *k,
                expected: "0 ≤ κ ≤ 1",
            });
        }
    }
    Ok(())
}

/// Net benefit at threshold probability `p_t` (binary, class 0 positive):
/// `TP/s − FP/s · p_t / (1 − p_t)`. Admissible: the yield of `[[1, −p_t/(1−p_t)], [0, 0]]`
/// (see [`UtilityMatrix::net_benefit`]).
///
/// # Errors
/// Not binary, or `p_t` outside `(0, 1)`.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let nb = metrics::net_benefit(&a, 0.2).unwrap();
/// assert!((nb - (0.27 - 0.15 * 0.25)).abs() < 1e-12);
/// ```
pub fn net_benefit(cm: &ConfusionMatrix, p_t: f64) -> Result<f64, CoreError> {
    require_binary(cm)?;
    let u = UtilityMatrix::net_benefit(p_t)?;
    u.yield_of(cm)
}

fn require_binary(cm: &ConfusionMatrix) -> Result<(), CoreError> {
    if cm.n() != 2 {
        return Err(CoreError::DimensionMismatch {
            expected: "2 classes".into(),
            found: format!("{} classes", cm.n()),
        });
    }
    Ok(())
}
