//! What ranks the two classifiers of a pair in the Monte Carlo: one of the popular metrics, or
//! the yield under the erroneous utility matrix — and [`PerRanker`], one value for each.

use super::scores::SCORE_METRICS;
use crate::metrics::Metric;
use serde::{Deserialize, Serialize};

/// A ranker of the Monte Carlo: a [`Metric`] it scores (one of [`SCORE_METRICS`]: every metric
/// but NPV, class 0 positive; see [`super::scores::binary_scores`] for each formula), or
/// [`Ranker::UTILITY`], the yield under the erroneous (assessed) utility matrix. Its
/// [`Ranker::key`] is the metric's key or `utility`: the keys of `ulab mc --json`, of links
/// (`metrics=`) and of the JSON of a [`PerRanker`]. Only a scored metric makes a ranker
/// ([`Ranker::from_metric`]), so every ranker has its value in a [`PerRanker`].
///
/// # Examples
///
/// ```
/// use ulab_core::metrics::Metric;
/// use ulab_core::mc::Ranker;
/// assert_eq!(Ranker::ALL.len(), 11);
/// let fm = Ranker::from_metric(Metric::FowlkesMallows).unwrap();
/// assert_eq!(fm.key(), "fowlkes_mallows");
/// assert_eq!(fm.metric(), Some(Metric::FowlkesMallows));
/// assert_eq!(Ranker::from_key("balanced_accuracy").unwrap().metric(), Some(Metric::BalancedAccuracy));
/// assert_eq!(Ranker::from_metric(Metric::Npv), None); // not scored by the Monte Carlo
/// assert_eq!(Ranker::from_key("npv"), None);
/// assert_eq!(Ranker::UTILITY.index(), 10);
/// assert_eq!(serde_json::to_string(&Ranker::UTILITY).unwrap(), "\"utility\"");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub struct Ranker(Option<Metric>);

impl From<Ranker> for &'static str {
    fn from(r: Ranker) -> &'static str {
        r.key()
    }
}

/// A key that is not a [`Ranker`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRanker(pub String);

impl std::fmt::Display for UnknownRanker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown metric '{}'", self.0)
    }
}

impl TryFrom<String> for Ranker {
    type Error = UnknownRanker;

    fn try_from(key: String) -> Result<Ranker, UnknownRanker> {
        Ranker::from_key(&key).ok_or(UnknownRanker(key))
    }
}

impl TryFrom<Metric> for Ranker {
    type Error = Metric;

    /// The ranker of a scored metric; the metric back if the Monte Carlo does not score it.
    fn try_from(m: Metric) -> Result<Ranker, Metric> {
        Ranker::from_metric(m).ok_or(m)
    }
}

impl Ranker {
    /// The yield under the erroneous utility matrix.
    pub const UTILITY: Ranker = Ranker(None);

    /// Every ranker, in the order of the tables and JSON objects: [`SCORE_METRICS`], then the
    /// erroneous utility.
    pub const ALL: [Ranker; 11] = {
        let mut all = [Ranker::UTILITY; 11];
        let mut k = 0;
        while k < SCORE_METRICS.len() {
            all[k] = Ranker(Some(SCORE_METRICS[k]));
            k += 1;
        }
        all
    };

    /// The ranker of metric `m`, if the Monte Carlo scores it (every metric but NPV).
    pub const fn from_metric(m: Metric) -> Option<Ranker> {
        let mut k = 0;
        while k < SCORE_METRICS.len() {
            if SCORE_METRICS[k] as usize == m as usize {
                return Some(Ranker(Some(m)));
            }
            k += 1;
        }
        None
    }

    /// The metric, or `None` for the erroneous utility.
    pub fn metric(self) -> Option<Metric> {
        self.0
    }

    /// Whether this is the erroneous utility's yield.
    pub fn is_utility(self) -> bool {
        self.0.is_none()
    }

    /// The position in [`Ranker::ALL`].
    pub fn index(self) -> usize {
        Ranker::ALL.iter().position(|r| *r == self).unwrap_or(0)
    }

    /// The key: the metric's ([`Metric::key`]) or `utility`.
    pub fn key(self) -> &'static str {
        match self.0 {
            Some(m) => m.key(),
            None => "utility",
        }
    }

    /// The ranker whose [`Ranker::key`] is `key` (trimmed).
    pub fn from_key(key: &str) -> Option<Ranker> {
        Ranker::ALL.into_iter().find(|r| r.key() == key.trim())
    }

    /// A short label for the reliability view's tables, legends and plot titles.
    pub fn label(self) -> &'static str {
        match self.0 {
            None => "erroneous utility",
            Some(m) => match m {
                Metric::Accuracy => "accuracy",
                Metric::BalancedAccuracy => "balanced accuracy",
                Metric::Precision => "precision",
                Metric::Recall => "recall (TPR)",
                Metric::Specificity => "specificity (TNR)",
                Metric::Npv => "NPV",
                Metric::F1 => "F1",
                Metric::Mcc => "MCC",
                Metric::FowlkesMallows => "Fowlkes–Mallows",
                Metric::Kappa => "Cohen's kappa",
                Metric::PreferenceDriven => "preference-driven",
            },
        }
    }
}

/// One value per [`Ranker`]; serialized as an object with the rankers' keys, in the order of
/// [`Ranker::ALL`].
///
/// # Examples
///
/// ```
/// use ulab_core::metrics::Metric;
/// use ulab_core::mc::{PerRanker, Ranker};
/// let v = PerRanker::from_fn(|r| r.index() as u64);
/// assert_eq!(*v.get(Ranker::from_metric(Metric::Kappa).unwrap()), 8);
/// assert_eq!(*v.get(Ranker::UTILITY), 10);
/// let json = serde_json::to_string(&v).unwrap();
/// assert!(json.starts_with(r#"{"accuracy":0,"balanced_accuracy":1,"#));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct PerRanker<T> {
    pub accuracy: T,
    pub balanced_accuracy: T,
    pub precision: T,
    pub recall: T,
    pub specificity: T,
    pub f1: T,
    pub mcc: T,
    pub fowlkes_mallows: T,
    pub kappa: T,
    pub preference_driven: T,
    pub utility: T,
}

impl<T> PerRanker<T> {
    /// Builds the values with `f(ranker)`, in the order of [`Ranker::ALL`].
    pub fn from_fn(mut f: impl FnMut(Ranker) -> T) -> PerRanker<T> {
        let mut m = |m: Metric| f(Ranker(Some(m)));
        PerRanker {
            accuracy: m(Metric::Accuracy),
            balanced_accuracy: m(Metric::BalancedAccuracy),
            precision: m(Metric::Precision),
            recall: m(Metric::Recall),
            specificity: m(Metric::Specificity),
            f1: m(Metric::F1),
            mcc: m(Metric::Mcc),
            fowlkes_mallows: m(Metric::FowlkesMallows),
            kappa: m(Metric::Kappa),
            preference_driven: m(Metric::PreferenceDriven),
            utility: f(Ranker::UTILITY),
        }
    }

    /// The value of ranker `r`.
    pub fn get(&self, r: Ranker) -> &T {
        // The fields in the order of `Ranker::ALL` (the test below checks it).
        match r.index() {
            0 => &self.accuracy,
            1 => &self.balanced_accuracy,
            2 => &self.precision,
            3 => &self.recall,
            4 => &self.specificity,
            5 => &self.f1,
            6 => &self.mcc,
            7 => &self.fowlkes_mallows,
            8 => &self.kappa,
            9 => &self.preference_driven,
            _ => &self.utility,
        }
    }

    /// The value of ranker `r`, mutable.
    pub fn get_mut(&mut self, r: Ranker) -> &mut T {
        match r.index() {
            0 => &mut self.accuracy,
            1 => &mut self.balanced_accuracy,
            2 => &mut self.precision,
            3 => &mut self.recall,
            4 => &mut self.specificity,
            5 => &mut self.f1,
            6 => &mut self.mcc,
            7 => &mut self.fowlkes_mallows,
            8 => &mut self.kappa,
            9 => &mut self.preference_driven,
            _ => &mut self.utility,
        }
    }

    /// `(ranker, value)` in the order of [`Ranker::ALL`].
    pub fn iter(&self) -> impl Iterator<Item = (Ranker, &T)> {
        Ranker::ALL.into_iter().map(move |r| (r, self.get(r)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_the_json_field_names_in_order() {
        let v = PerRanker::from_fn(|r| r.key().to_string());
        let json = serde_json::to_string(&v).unwrap();
        let fields: Vec<String> = Ranker::ALL
            .iter()
            .map(|r| format!("\"{0}\":\"{0}\"", r.key()))
            .collect();
        assert_eq!(json, format!("{{{}}}", fields.join(",")));
        for (r, value) in v.iter() {
            assert_eq!(value, r.key());
            let mut w = v.clone();
            w.get_mut(r).push('!');
            assert_eq!(w.get(r), &format!("{}!", r.key()));
            assert_eq!(Ranker::from_key(r.key()), Some(r));
            let text = serde_json::to_string(&r).unwrap();
            assert_eq!(serde_json::from_str::<Ranker>(&text).unwrap(), r);
        }
        assert!(serde_json::from_str::<Ranker>("\"npv\"").is_err());
    }
}
