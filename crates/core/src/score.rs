//! A metric's value, which may be *undefined* (0/0) — never NaN, never a silent 0.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a quantity has no value.
///
/// Class indices are 0-based; [`Undefined::describe`] words the reason with the user's class
/// names for a tooltip.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Undefined {
    /// The classifier never outputs this class, so its precision is 0/0.
    NeverOutput { class: usize },
    /// The classifier always outputs this class, so the predictive value of "not this class" is
    /// 0/0, and so is the correlation `R_K` (its output totals have no variance).
    AlwaysOutput { class: usize },
    /// The test set has no case of this class, so its recall is 0/0.
    NoCases { class: usize },
    /// Every test case is of this class, so its specificity is 0/0, and so is the correlation
    /// `R_K` (its true totals have no variance).
    OnlyCases { class: usize },
    /// The class neither occurs in the test set nor is output, so its F-beta is 0/0.
    Absent { class: usize },
    /// No case is classified correctly, so macro precision and macro recall are both 0 and
    /// their harmonic mean is 0/0.
    NoneCorrect,
    /// Chance agreement equals 1 (one class only, output always that class), so kappa is 0/0.
    ChanceAgreementOne,
    /// The classifier has a row per decision (e.g. "refer"), not one output per class: the
    /// metric is not defined on it ([`crate::DecisionCounts`]).
    RowPerDecision,
}

impl Undefined {
    /// The reason in words, with class names (falls back to "class k", 1-based).
    pub fn describe(&self, names: &[String]) -> String {
        let name = |k: &usize| {
            names
                .get(*k)
                .cloned()
                .unwrap_or_else(|| format!("class {}", k + 1))
        };
        match self {
            Undefined::NeverOutput { class } => {
                format!(
                    "undefined (0/0): the classifier never outputs '{}'",
                    name(class)
                )
            }
            Undefined::AlwaysOutput { class } => format!(
                "undefined (0/0): the classifier outputs '{}' for every case",
                name(class)
            ),
            Undefined::NoCases { class } => {
                format!(
                    "undefined (0/0): the test set has no case of '{}'",
                    name(class)
                )
            }
            Undefined::OnlyCases { class } => format!(
                "undefined (0/0): every case in the test set is '{}'",
                name(class)
            ),
            Undefined::Absent { class } => format!(
                "undefined (0/0): the test set has no case of '{}' and the classifier never \
                 outputs it",
                name(class)
            ),
            Undefined::NoneCorrect => "undefined (0/0): the classifier gets no case right, so \
                 macro precision and macro recall are both 0"
                .to_string(),
            Undefined::ChanceAgreementOne => {
                "undefined (0/0): the chance agreement is 1".to_string()
            }
            Undefined::RowPerDecision => "not defined: the metric needs one output per class, \
                 and this classifier has a row per decision (it also refers or takes other \
                 decisions)"
                .to_string(),
        }
    }
}

impl fmt::Display for Undefined {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(&[]))
    }
}

/// The value of a metric: a number, or undefined with the reason.
///
/// # Examples
///
/// ```
/// use ulab_core::{Score, Undefined};
/// let s = Score::ratio(1.0, 4.0, Undefined::NeverOutput { class: 0 });
/// assert_eq!(s.value(), Some(0.25));
/// let u = Score::ratio(0.0, 0.0, Undefined::NeverOutput { class: 0 });
/// assert_eq!(u.value(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Score {
    /// A finite number.
    Defined(f64),
    /// No value, and why.
    Undefined(Undefined),
}

impl Score {
    /// `num / den`, undefined with `why` when `den == 0`.
    pub fn ratio(num: f64, den: f64, why: Undefined) -> Score {
        if den == 0.0 {
            Score::Undefined(why)
        } else {
            Score::Defined(num / den)
        }
    }

    /// The number, if defined.
    pub fn value(&self) -> Option<f64> {
        match self {
            Score::Defined(v) => Some(*v),
            Score::Undefined(_) => None,
        }
    }

    /// The reason, if undefined.
    pub fn undefined(&self) -> Option<Undefined> {
        match self {
            Score::Defined(_) => None,
            Score::Undefined(u) => Some(*u),
        }
    }

    /// Applies `f` to a defined value.
    pub fn map(self, f: impl FnOnce(f64) -> f64) -> Score {
        match self {
            Score::Defined(v) => Score::Defined(f(v)),
            u => u,
        }
    }

    /// Combines two scores; undefined if either is (the first reason wins).
    pub fn zip(self, other: Score, f: impl FnOnce(f64, f64) -> f64) -> Score {
        match (self, other) {
            (Score::Defined(a), Score::Defined(b)) => Score::Defined(f(a, b)),
            (Score::Undefined(u), _) | (_, Score::Undefined(u)) => Score::Undefined(u),
        }
    }

    /// The arithmetic mean of the scores; undefined if any is (the first reason wins).
    pub fn mean(scores: &[Score]) -> Score {
        let mut sum = 0.0;
        for s in scores {
            match s {
                Score::Defined(v) => sum += v,
                Score::Undefined(u) => return Score::Undefined(*u),
            }
        }
        Score::Defined(sum / scores.len() as f64)
    }
}

impl fmt::Display for Score {
    /// A defined value with the formatter's precision (4 decimals by default); "—" if undefined.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Defined(v) => {
                let p = f.precision().unwrap_or(4);
                write!(f, "{v:.p$}")
            }
            Score::Undefined(_) => f.write_str("—"),
        }
    }
}
