//! [`Metric`]: the summary metrics as one enum (names, values, admissibility), and
//! [`all_metrics`].

use super::*;
use crate::confusion::ConfusionMatrix;
use crate::error::CoreError;
use crate::matrix::Matrix;
use crate::score::Score;
use crate::utility::UtilityMatrix;
use serde::{Deserialize, Serialize};

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
    /// F1 of macro precision and recall, [`crate::pd::f1_of_macro_pr`]).
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
    /// use ulab_core::metrics::Metric;
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
    /// use ulab_core::{ConfusionMatrix, Orientation};
    /// use ulab_core::metrics::Metric;
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
    /// use ulab_core::metrics::Metric;
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
    /// use ulab_core::metrics::Metric;
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
                };
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
