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
use super::matrix::Matrix;
use super::score::{Score, Undefined};
use super::utility::UtilityMatrix;
use serde::{Deserialize, Serialize};

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
    (0..cm.n()).filter(|&j| j != k).map(|j| cm.get(k, j)).sum()
}

/// `FN_k = Σ_{i≠k} M_ik`: class `k` true, another output.
fn fneg(cm: &ConfusionMatrix, k: usize) -> f64 {
    (0..cm.n()).filter(|&i| i != k).map(|i| cm.get(i, k)).sum()
}

/// `TN_k = Σ_{i≠k, j≠k} M_ij`, summed cell by cell (no cancellation).
fn tn(cm: &ConfusionMatrix, k: usize) -> f64 {
    let others = || (0..cm.n()).filter(move |&c| c != k);
    others()
        .map(|i| others().map(|j| cm.get(i, j)).sum::<f64>())
        .sum()
}

/// Accuracy: `Σ_k TP_k / s`, the share of correct outputs (equal to micro-averaged precision,
/// recall and F1 in single-label classification). Admissible: the yield of the identity
/// utility matrix.
///
/// # Examples
///
/// ```
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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
/// `beta` not positive and finite.
///
/// # Examples
///
/// ```
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let f2 = metrics::f_beta(&a, 0, 2.0).unwrap().value().unwrap();
/// assert!((f2 - 5.0 * 27.0 / (5.0 * 27.0 + 4.0 * 23.0 + 15.0)).abs() < 1e-12);
/// ```
pub fn f_beta(cm: &ConfusionMatrix, k: usize, beta: f64) -> Result<Score, CoreError> {
    if !(beta > 0.0) || !beta.is_finite() {
        return Err(CoreError::InvalidParameter {
            name: "beta",
            value: beta,
            expected: "a positive number",
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
/// let b = ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap();
/// assert!((metrics::f1(&b, 0).value().unwrap() - 86.0 / 111.0).abs() < 1e-12);
/// ```
pub fn f1(cm: &ConfusionMatrix, k: usize) -> Score {
    f_beta(cm, k, 1.0).expect("beta = 1 is valid")
}

/// Macro F1: the mean of per-class F1, `(1/c) Σ_k F1_k` (scikit-learn's
/// `f1_score(average='macro')`). Undefined if any class's F1 is. This is what
/// [`Metric::F1`] reports for more than two classes; it is **not** the F1 of macro precision
/// and macro recall that Kozak et al. 2022 use ([`crate::core::pd::f1_of_macro_pr`]).
///
/// # Examples
///
/// ```
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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
    // non-negative terms, exactly 0 only when a single row (column) total is non-zero.
    let n = cm.n();
    let rows: Vec<f64> = cm.output_totals().iter().map(|r| r / cm.total()).collect();
    let cols: Vec<f64> = cm.class_totals().iter().map(|t| t / cm.total()).collect();
    let trace: f64 = (0..n).map(|k| cm.c(k, k)).sum();
    let cov: f64 = rows.iter().zip(&cols).map(|(r, t)| r * t).sum();
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
    Score::Defined((trace - cov) / (ss_r.sqrt() * ss_t.sqrt()))
}

/// The index of the largest value (the one non-zero total when a factor of `R_K` vanishes).
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// // p_o = 0.62, p_e = (0.42·0.5 + 0.58·0.5) = 0.5
/// assert!((metrics::cohen_kappa(&a).value().unwrap() - 0.24).abs() < 1e-12);
/// ```
pub fn cohen_kappa(cm: &ConfusionMatrix) -> Score {
    // On the normalized matrix; 1 − p_e = Σ_k r_k·(Σ_{l≠k} t_l) without cancellation.
    let rows: Vec<f64> = cm.output_totals().iter().map(|r| r / cm.total()).collect();
    let cols: Vec<f64> = cm.class_totals().iter().map(|t| t / cm.total()).collect();
    let po = accuracy(cm);
    let pe: f64 = rows.iter().zip(&cols).map(|(r, t)| r * t).sum();
    let one_minus_pe = cross_sum(&rows, &cols);
    if one_minus_pe <= 0.0 {
        return Score::Undefined(Undefined::ChanceAgreementOne);
    }
    Score::Defined((po - pe) / one_minus_pe)
}

/// The default preference vector of the preference-driven measure (eq. 31 of Kozak et al. 2022): the
/// share of each true class, `κ_k = t_k / s`.
///
/// # Examples
///
/// ```
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
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

/// The summary metrics reported for every classifier (table rows, `ulab eval` keys).
///
/// For two classes a per-class metric is that of class 0 ("positive"); for more classes it is
/// the macro average over classes, and [`Metric::Mcc`] is the multi-class `R_K`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Metric {
    /// See [`accuracy`].
    Accuracy,
    /// See [`balanced_accuracy`].
    BalancedAccuracy,
    /// See [`precision`].
    Precision,
    /// See [`recall`].
    Recall,
    /// See [`specificity`].
    Specificity,
    /// See [`npv`].
    Npv,
    /// See [`f1`]; for more than two classes [`macro_f1`], the mean of per-class F1 (not the
    /// F1 of macro precision and recall, [`crate::core::pd::f1_of_macro_pr`]).
    F1,
    /// See [`mcc`].
    Mcc,
    /// See [`fowlkes_mallows`].
    FowlkesMallows,
    /// See [`cohen_kappa`].
    Kappa,
    /// See [`preference_driven`].
    PreferenceDriven,
}

/// Whether a metric complies with decision theory (eq. 17 of Dyrland et al. 2022): a linear function of
/// the confusion matrix whose coefficients do not depend on it, i.e. the utility yield of some
/// fixed utility matrix (up to a positive factor and an offset that depend only on the test
/// set's class shares).
#[derive(Debug, Clone, PartialEq)]
pub enum Admissibility {
    /// The metric ranks classifiers on one test set exactly as the yield of this utility matrix.
    Admissible(UtilityMatrix),
    /// Not of the form of eq. 17, with the reason.
    Inadmissible(&'static str),
}

impl Admissibility {
    /// Whether admissible.
    pub fn is_admissible(&self) -> bool {
        matches!(self, Admissibility::Admissible(_))
    }

    /// The equivalent utility matrix, if admissible.
    pub fn utility(&self) -> Option<&UtilityMatrix> {
        match self {
            Admissibility::Admissible(u) => Some(u),
            Admissibility::Inadmissible(_) => None,
        }
    }
}

impl Metric {
    /// All summary metrics, in table order.
    pub const ALL: [Metric; 11] = [
        Metric::Accuracy,
        Metric::BalancedAccuracy,
        Metric::Precision,
        Metric::Recall,
        Metric::Specificity,
        Metric::Npv,
        Metric::F1,
        Metric::Mcc,
        Metric::FowlkesMallows,
        Metric::Kappa,
        Metric::PreferenceDriven,
    ];

    /// The machine key (`ulab eval --json`, CSV export): `accuracy`, `balanced_accuracy`,
    /// `precision`, `recall`, `specificity`, `npv`, `f1`, `mcc`, `fowlkes_mallows`, `kappa`,
    /// `preference_driven`.
    pub fn key(&self) -> &'static str {
        match self {
            Metric::Accuracy => "accuracy",
            Metric::BalancedAccuracy => "balanced_accuracy",
            Metric::Precision => "precision",
            Metric::Recall => "recall",
            Metric::Specificity => "specificity",
            Metric::Npv => "npv",
            Metric::F1 => "f1",
            Metric::Mcc => "mcc",
            Metric::FowlkesMallows => "fowlkes_mallows",
            Metric::Kappa => "kappa",
            Metric::PreferenceDriven => "preference_driven",
        }
    }

    /// The metric whose key is `key`.
    pub fn from_key(key: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.key() == key)
    }

    /// The human name.
    pub fn label(&self) -> &'static str {
        match self {
            Metric::Accuracy => "Accuracy",
            Metric::BalancedAccuracy => "Balanced accuracy",
            Metric::Precision => "Precision",
            Metric::Recall => "Recall (TPR)",
            Metric::Specificity => "Specificity (TNR)",
            Metric::Npv => "Negative predictive value",
            Metric::F1 => "F1 measure",
            Metric::Mcc => "Matthews correlation",
            Metric::FowlkesMallows => "Fowlkes–Mallows",
            Metric::Kappa => "Cohen's kappa",
            Metric::PreferenceDriven => "Preference-driven (p-d)",
        }
    }

    /// The human name for a problem with `n` classes: [`Metric::label`] for two; for more,
    /// "… — macro average" for the per-class metrics, "Macro F1 (mean of per-class F1)" and
    /// "Matthews correlation (R_K)".
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::core::metrics::Metric;
    /// assert_eq!(Metric::F1.name(2), "F1 measure");
    /// assert_eq!(Metric::F1.name(3), "Macro F1 (mean of per-class F1)");
    /// assert_eq!(Metric::Recall.name(3), "Recall (TPR) — macro average");
    /// ```
    pub fn name(&self, n: usize) -> String {
        match self {
            Metric::Mcc if n > 2 => "Matthews correlation (R_K)".into(),
            Metric::F1 if n > 2 => "Macro F1 (mean of per-class F1)".into(),
            m if n > 2 && m.is_per_class() => format!("{} — macro average", m.label()),
            m => m.label().into(),
        }
    }

    /// Whether the summary is, for more than two classes, a macro average of per-class values.
    pub fn is_per_class(&self) -> bool {
        matches!(
            self,
            Metric::Precision
                | Metric::Recall
                | Metric::Specificity
                | Metric::Npv
                | Metric::F1
                | Metric::FowlkesMallows
        )
    }

    /// The formula, in words, for two classes (class 0 positive) and for more classes.
    pub fn formula(&self) -> &'static str {
        match self {
            Metric::Accuracy => "Σ TP_k / s",
            Metric::BalancedAccuracy => "mean over classes of recall_k = TP_k / t_k",
            Metric::Precision => "TP / (TP + FP); more classes: macro average",
            Metric::Recall => "TP / (TP + FN); more classes: macro average",
            Metric::Specificity => "TN / (TN + FP); more classes: macro average",
            Metric::Npv => "TN / (TN + FN); more classes: macro average",
            Metric::F1 => {
                "2TP / (2TP + FP + FN); more classes: macro F1, the mean of per-class F1 (not the \
                 F1 of macro precision and macro recall)"
            }
            Metric::Mcc => "(s·ΣTP_k − Σ r_k t_k) / √((s² − Σ r_k²)(s² − Σ t_k²))",
            Metric::FowlkesMallows => "√(precision · recall); more classes: macro average",
            Metric::Kappa => "(p_o − p_e) / (1 − p_e)",
            Metric::PreferenceDriven => "(1/c) Σ κ_k·precision_k + (1 − κ_k)·recall_k",
        }
    }

    /// The metric's value for a classifier: class 0's for two classes, the macro average for
    /// more (see the type's doc). `kappa` is the preference vector of p-d (default: the class
    /// shares).
    ///
    /// # Errors
    /// Only for [`Metric::PreferenceDriven`] with an invalid `kappa`.
    ///
    /// # Examples
    ///
    /// Table 1 of Dyrland et al. 2022:
    ///
    /// ```
    /// use utility_lab::core::{ConfusionMatrix, Orientation};
    /// use utility_lab::core::metrics::Metric;
    /// let b = ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap();
    /// let v = |m: Metric| m.value(&b, None).unwrap().value().unwrap();
    /// assert_eq!(format!("{:.2}", v(Metric::Precision)), "0.70");
    /// assert_eq!(format!("{:.2}", v(Metric::F1)), "0.77");
    /// assert_eq!(format!("{:.2}", v(Metric::Mcc)), "0.51");
    /// assert_eq!(format!("{:.2}", v(Metric::FowlkesMallows)), "0.78");
    /// ```
    pub fn value(&self, cm: &ConfusionMatrix, kappa: Option<&[f64]>) -> Result<Score, CoreError> {
        let per_class = |f: fn(&ConfusionMatrix, usize) -> Score| {
            if cm.n() == 2 {
                f(cm, 0)
            } else {
                macro_average(cm, f)
            }
        };
        Ok(match self {
            Metric::Accuracy => Score::Defined(accuracy(cm)),
            Metric::BalancedAccuracy => balanced_accuracy(cm),
            Metric::Precision => per_class(precision),
            Metric::Recall => per_class(recall),
            Metric::Specificity => per_class(specificity),
            Metric::Npv => per_class(npv),
            Metric::F1 => per_class(f1),
            Metric::Mcc => mcc(cm),
            Metric::FowlkesMallows => per_class(fowlkes_mallows),
            Metric::Kappa => cohen_kappa(cm),
            Metric::PreferenceDriven => {
                let default;
                let k = match kappa {
                    Some(k) => k,
                    None => {
                        default = default_kappa(cm);
                        &default
                    }
                };
                Score::Defined(preference_driven(cm, k)?)
            }
        })
    }

    /// The value of the per-class metric for class `k` (`None` for metrics that are not
    /// per-class).
    pub fn class_value(&self, cm: &ConfusionMatrix, k: usize) -> Option<Score> {
        let f: fn(&ConfusionMatrix, usize) -> Score = match self {
            Metric::Precision => precision,
            Metric::Recall => recall,
            Metric::Specificity => specificity,
            Metric::Npv => npv,
            Metric::F1 => f1,
            Metric::FowlkesMallows => fowlkes_mallows,
            _ => return None,
        };
        (k < cm.n()).then(|| f(cm, k))
    }

    /// Whether the summary metric (as [`Metric::value`] computes it for `n` classes) is
    /// admissible, and if so its equivalent utility matrix (Dyrland et al. 2022, §3.3; Porta Mana's course chapter §40.3):
    ///
    /// * accuracy ↔ the identity;
    /// * two classes: recall (TPR) ↔ `[[1,0],[0,0]]`, specificity (TNR) ↔ `[[0,0],[0,1]]`;
    /// * everything else is inadmissible: precision, NPV, F1, MCC and Fowlkes–Mallows are not
    ///   linear in the confusion matrix; balanced accuracy and macro averages of rates are
    ///   linear but weigh each class with a different factor `1/t_k`, which is not of the form
    ///   of eq. 17; kappa and p-d are ratios or depend on the class shares through κ.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::core::metrics::Metric;
    /// let tpr = Metric::Recall.admissibility(2);
    /// assert_eq!(tpr.utility().unwrap().matrix().to_string(), "1,0;0,0");
    /// assert!(!Metric::F1.admissibility(2).is_admissible());
    /// assert!(!Metric::Recall.admissibility(3).is_admissible()); // macro recall
    /// ```
    pub fn admissibility(&self, n: usize) -> Admissibility {
        let unit = |cells: &[(usize, usize)]| -> Admissibility {
            match indicator(n, cells) {
                Ok(u) => Admissibility::Admissible(u),
                Err(_) => Admissibility::Inadmissible("invalid number of classes"),
            }
        };
        match self {
            Metric::Accuracy => unit(&(0..n).map(|k| (k, k)).collect::<Vec<_>>()),
            Metric::Recall if n == 2 => unit(&[(0, 0)]),
            Metric::Specificity if n == 2 => unit(&[(1, 1)]),
            Metric::Recall | Metric::Specificity => Admissibility::Inadmissible(
                "a macro average of rates divides each class by its own count, so the weights \
                 depend on the class shares in a way eq. 17 does not allow",
            ),
            Metric::BalancedAccuracy => Admissibility::Inadmissible(
                "linear, but the averaged rates are divided by different class counts, so it is \
                 not one utility matrix's yield (eq. 17)",
            ),
            Metric::Precision => Admissibility::Inadmissible(
                "a ratio of confusion-matrix entries: not linear in the confusion matrix",
            ),
            Metric::Npv => Admissibility::Inadmissible(
                "a ratio of confusion-matrix entries: not linear in the confusion matrix",
            ),
            Metric::F1 => Admissibility::Inadmissible(
                "a harmonic mean of precision and recall: not linear in the confusion matrix",
            ),
            Metric::Mcc => Admissibility::Inadmissible(
                "a correlation with square roots of products: not linear in the confusion matrix",
            ),
            Metric::FowlkesMallows => Admissibility::Inadmissible(
                "a geometric mean of precision and recall: not linear in the confusion matrix",
            ),
            Metric::Kappa => Admissibility::Inadmissible(
                "corrects for chance agreement, which depends on the output totals: not linear",
            ),
            Metric::PreferenceDriven => Admissibility::Inadmissible(
                "an average of precisions and recalls: precision is not linear in the confusion \
                 matrix",
            ),
        }
    }

    /// Admissibility of the per-class metric for class `k` of `n` (Dyrland et al. 2022, §3.3 generalized):
    /// recall of class `k` ↔ a single 1 at `(k, k)`; specificity of class `k` ↔ 1 wherever
    /// neither the output nor the true class is `k`; the others are inadmissible (ratios).
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::core::metrics::Metric;
    /// let a = Metric::Specificity.class_admissibility(0, 3);
    /// assert_eq!(a.utility().unwrap().matrix().to_string(), "0,0,0;0,1,1;0,1,1");
    /// ```
    pub fn class_admissibility(&self, k: usize, n: usize) -> Admissibility {
        let cells: Vec<(usize, usize)> = match self {
            Metric::Recall => vec![(k, k)],
            Metric::Specificity => (0..n)
                .flat_map(|i| (0..n).map(move |j| (i, j)))
                .filter(|&(i, j)| i != k && j != k)
                .collect(),
            _ => {
                return match self.admissibility(2) {
                    Admissibility::Inadmissible(reason) => Admissibility::Inadmissible(reason),
                    Admissibility::Admissible(_) => {
                        Admissibility::Inadmissible("not a per-class metric")
                    }
                }
            }
        };
        match indicator(n, &cells) {
            Ok(u) => Admissibility::Admissible(u),
            Err(_) => Admissibility::Inadmissible("invalid class"),
        }
    }
}

/// The `n × n` matrix with 1 at the given cells and 0 elsewhere.
fn indicator(n: usize, cells: &[(usize, usize)]) -> Result<UtilityMatrix, CoreError> {
    let mut m = vec![0.0; n * n];
    for &(i, j) in cells {
        if i >= n || j >= n {
            return Err(CoreError::Invalid("class out of range".into()));
        }
        m[i * n + j] = 1.0;
    }
    UtilityMatrix::new(Matrix::new(n, n, m)?)
}

/// Every summary metric of a classifier, in [`Metric::ALL`] order.
///
/// # Errors
/// An invalid p-d preference vector.
pub fn all_metrics(
    cm: &ConfusionMatrix,
    kappa: Option<&[f64]>,
) -> Result<Vec<(Metric, Score)>, CoreError> {
    Metric::ALL
        .iter()
        .map(|m| Ok((*m, m.value(cm, kappa)?)))
        .collect()
}
