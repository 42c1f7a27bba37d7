//! The Metric reliability view's settings: the Monte Carlo's ([`McSettings`]) and the user's
//! own question's ([`QuestionSettings`]), their limits and checks, their link keys, and the
//! core's run they describe.

use crate::link::error::LinkError;
use crate::link::key::{Key, read_real, read_whole, write_real, write_whole};
use serde::{Deserialize, Serialize};
use std::fmt;
use ulab_core::CoreError;
use ulab_core::mc::{McConfig, Prior, Ranker};
use ulab_core::text::truncate;

/// The most pairs the page runs (a run of 10⁸ pairs takes about 15 s in a browser); the engine
/// itself goes up to [`ulab_core::mc::MAX_TALLY_PAIRS`] (`ulab mc`).
pub const MAX_APP_PAIRS: u64 = ulab_core::limits::MAX_APP_PAIRS;

/// The most draws of the user's question.
pub const MAX_QUESTION_DRAWS: u64 = ulab_core::limits::MAX_QUESTION_DRAWS;

/// The largest test-set size assumed for fractional classifiers.
pub const MAX_QUESTION_N: u64 = ulab_core::limits::MAX_QUESTION_N;

/// Which error measure the reliability curves are drawn against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorAxis {
    /// σ, the noise's standard deviation before truncation.
    #[default]
    Sigma,
    /// The realized standard deviation of the errors after truncation (fig. 7's axis).
    Realized,
}

impl ErrorAxis {
    /// Both axes.
    pub const ALL: [ErrorAxis; 2] = [ErrorAxis::Sigma, ErrorAxis::Realized];

    /// The link value: `sigma` or `realized`.
    pub fn key(&self) -> &'static str {
        match self {
            ErrorAxis::Sigma => "sigma",
            ErrorAxis::Realized => "realized",
        }
    }

    /// The axis whose [`ErrorAxis::key`] is `key` (trimmed).
    pub fn from_key(key: &str) -> Option<ErrorAxis> {
        ErrorAxis::ALL.into_iter().find(|a| a.key() == key.trim())
    }
}

/// Settings of the Monte Carlo (Metric reliability view, `ulab mc`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct McSettings {
    /// Prior of the true utility matrices.
    pub prior: Prior,
    /// Noise sd on the assessed utilities.
    pub sigma: f64,
    /// Number of pairs of classifiers.
    pub pairs: u64,
    /// Seed of the generator.
    pub seed: u64,
    /// x axis of the sweep plot.
    pub axis: ErrorAxis,
    /// Class-0 share for the scatter plots of figs. 2–3.
    pub balance: f64,
    /// The rankers shown, in [`Ranker::ALL`] order (empty: all).
    pub metrics: Vec<Ranker>,
    /// The user's own question (P(best) of the Compare view's classifiers).
    #[serde(default)]
    pub question: QuestionSettings,
}

/// Settings of the user's own question: how unsure the user is about the utilities
/// and the confusion matrices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct QuestionSettings {
    /// Noise sd on the min-max-normalized utilities (0 … 1).
    pub sigma: f64,
    /// Dirichlet pseudo-count added to every count (0 … 1000; 1 = uniform prior).
    pub alpha: f64,
    /// Number of draws (1 … [`MAX_QUESTION_DRAWS`]).
    pub draws: u64,
    /// Seed of the draws.
    pub seed: u64,
    /// Test-set size assumed for classifiers given as fractions (no counts).
    pub n: u64,
}

impl Default for QuestionSettings {
    fn default() -> Self {
        QUESTION
    }
}

impl Default for McSettings {
    fn default() -> Self {
        McSettings {
            prior: Prior::Uniform,
            sigma: 0.1,
            pairs: 1_000_000,
            seed: 1,
            axis: ErrorAxis::Sigma,
            balance: 0.5,
            metrics: Vec::new(),
            question: QuestionSettings::default(),
        }
    }
}

/// A setting out of its range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingsError {
    /// σ of the Monte Carlo.
    Sigma,
    /// The number of pairs.
    Pairs,
    /// The class balance of figs 2–3.
    Balance,
    /// σ of the question.
    QuestionSigma,
    /// α of the question.
    Alpha,
    /// The question's draws.
    Draws,
    /// The test-set size assumed for fractions.
    TestSetSize,
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::Sigma => write!(f, "σ must be between 0 and 1"),
            SettingsError::Pairs => write!(f, "pairs must be between 1 and {MAX_APP_PAIRS}"),
            SettingsError::Balance => {
                write!(f, "the class balance must be strictly between 0 and 1")
            }
            SettingsError::QuestionSigma => write!(f, "the question's σ must be between 0 and 1"),
            SettingsError::Alpha => write!(f, "α must be between 0 and 1000"),
            SettingsError::Draws => {
                write!(f, "draws must be between 1 and {MAX_QUESTION_DRAWS}")
            }
            SettingsError::TestSetSize => write!(
                f,
                "the test-set size must be between 1 and {MAX_QUESTION_N}"
            ),
        }
    }
}

impl std::error::Error for SettingsError {}

impl McSettings {
    /// Checks every setting's range.
    ///
    /// # Errors
    /// The first setting out of range.
    pub fn validate(&self) -> Result<(), SettingsError> {
        let within = |v: f64, lo: f64, hi: f64| v >= lo && v <= hi;
        if !within(self.sigma, 0.0, 1.0) {
            return Err(SettingsError::Sigma);
        }
        if self.pairs == 0 || self.pairs > MAX_APP_PAIRS {
            return Err(SettingsError::Pairs);
        }
        if !(self.balance > 0.0 && self.balance < 1.0) {
            return Err(SettingsError::Balance);
        }
        let q = &self.question;
        if !within(q.sigma, 0.0, 1.0) {
            return Err(SettingsError::QuestionSigma);
        }
        if !within(q.alpha, 0.0, 1000.0) {
            return Err(SettingsError::Alpha);
        }
        if q.draws == 0 || q.draws > MAX_QUESTION_DRAWS {
            return Err(SettingsError::Draws);
        }
        if q.n == 0 || q.n > MAX_QUESTION_N {
            return Err(SettingsError::TestSetSize);
        }
        Ok(())
    }
}

/// The run of the settings.
///
/// # Errors
/// Invalid settings (cannot happen for a validated state).
///
/// # Examples
///
/// ```
/// use ulab_state::{reliability::mc_config, McSettings};
/// let c = mc_config(&McSettings::default()).unwrap();
/// assert_eq!((c.sigma, c.pairs, c.seed), (0.1, 1_000_000, 1));
/// ```
pub fn mc_config(s: &McSettings) -> Result<McConfig, CoreError> {
    McConfig::new(s.prior, s.sigma, s.pairs, s.seed)
}

/// The rankers shown: the settings' in the order of [`Ranker::ALL`] (all if none).
pub fn shown_metrics(s: &McSettings) -> Vec<Ranker> {
    if s.metrics.is_empty() {
        return Ranker::ALL.to_vec();
    }
    Ranker::ALL
        .into_iter()
        .filter(|r| s.metrics.contains(r))
        .collect()
}

/// The rankers to store when ranker `r` is switched `on` (an empty list means all).
///
/// # Examples
///
/// ```
/// use ulab_core::metrics::Metric;
/// use ulab_core::mc::Ranker;
/// use ulab_state::{reliability::toggle_metric, McSettings};
/// let kappa = Ranker::from_metric(Metric::Kappa).unwrap();
/// let mut s = McSettings::default();
/// s.metrics = toggle_metric(&s, kappa, false);
/// assert_eq!(s.metrics.len(), 10);
/// s.metrics = toggle_metric(&s, kappa, true);
/// assert!(s.metrics.is_empty()); // all again
/// ```
pub fn toggle_metric(s: &McSettings, r: Ranker, on: bool) -> Vec<Ranker> {
    let mut shown = shown_metrics(s);
    shown.retain(|x| *x != r);
    if on {
        shown.push(r);
    }
    if shown.len() == Ranker::ALL.len() {
        return Vec::new();
    }
    Ranker::ALL
        .into_iter()
        .filter(|x| shown.contains(x))
        .collect()
}

/// The view's keys: the Monte Carlo's settings, then the question's.
pub const LINK_KEYS: [Key; 12] = [
    Key::value(
        "prior",
        "`uniform`, `gaussian`",
        "Monte Carlo: the prior of the true utility matrices",
        |v, s| {
            s.mc.prior = Prior::from_key(v)
                .ok_or_else(|| LinkError::rejected(v, 20, "'uniform' or 'gaussian'"))?;
            Ok(())
        },
        |s, out| {
            if s.mc.prior != Prior::default() {
                out.push(format!("prior={}", s.mc.prior.key()))
            }
        },
    ),
    Key::value(
        "sigma",
        "0–1",
        "Monte Carlo: σ, the noise on the assessed utilities",
        |v, s| {
            s.mc.sigma = read_real(v, 0.0, 1.0, "a number between 0 and 1")?;
            Ok(())
        },
        |s, out| write_real(out, "sigma", s.mc.sigma, McSettings::default().sigma),
    ),
    Key::value(
        "pairs",
        "1–10⁸",
        "Monte Carlo: the number of pairs",
        |v, s| {
            let expected = format!("a whole number from 1 to {MAX_APP_PAIRS}");
            s.mc.pairs = read_whole(v, 1, MAX_APP_PAIRS, &expected)
                .map_err(|_| LinkError::rejected(v, 20, expected))?;
            Ok(())
        },
        |s, out| write_whole(out, "pairs", s.mc.pairs, McSettings::default().pairs),
    ),
    Key::value(
        "seed",
        "whole number",
        "Monte Carlo: the seed (64 bits)",
        |v, s| {
            s.mc.seed = read_whole(v, 0, u64::MAX, "a whole number ≥ 0")?;
            Ok(())
        },
        |s, out| write_whole(out, "seed", s.mc.seed, McSettings::default().seed),
    ),
    Key::value(
        "axis",
        "`sigma`, `realized`",
        "the x axis of fig. 7",
        |v, s| {
            s.mc.axis = ErrorAxis::from_key(v)
                .ok_or_else(|| LinkError::rejected(v, 20, "'sigma' or 'realized'"))?;
            Ok(())
        },
        |s, out| {
            if s.mc.axis != ErrorAxis::default() {
                out.push(format!("axis={}", s.mc.axis.key()))
            }
        },
    ),
    Key::value(
        "balance",
        "share 0–1",
        "class-0 share of figs 2–3",
        |v, s| {
            s.mc.balance = ulab_core::text::parse_number(v)
                .filter(|b| *b > 0.0 && *b < 1.0)
                .ok_or_else(|| LinkError::rejected(v, 20, "a share strictly between 0 and 1"))?;
            Ok(())
        },
        |s, out| write_real(out, "balance", s.mc.balance, McSettings::default().balance),
    ),
    Key::value(
        "metrics",
        "metric keys",
        "the metrics shown in the reliability view, comma-separated (the `ulab mc --json` keys)",
        read_metrics,
        |s, out| {
            if !s.mc.metrics.is_empty() {
                let keys: Vec<&str> = s.mc.metrics.iter().map(|r| r.key()).collect();
                out.push(format!("metrics={}", keys.join(",")));
            }
        },
    ),
    Key::value(
        "qsigma",
        "0–1",
        "your own question: noise σ on the utilities",
        |v, s| {
            s.mc.question.sigma = read_real(v, 0.0, 1.0, "a number from 0 to 1")?;
            Ok(())
        },
        |s, out| write_real(out, "qsigma", s.mc.question.sigma, QUESTION.sigma),
    ),
    Key::value(
        "qalpha",
        "0–1000",
        "your own question: Dirichlet pseudo-count α",
        |v, s| {
            s.mc.question.alpha = read_real(v, 0.0, 1000.0, "a number from 0 to 1000")?;
            Ok(())
        },
        |s, out| write_real(out, "qalpha", s.mc.question.alpha, QUESTION.alpha),
    ),
    Key::value(
        "qdraws",
        "1–10⁶",
        "your own question: draws",
        |v, s| {
            let expected = format!("a whole number from 1 to {MAX_QUESTION_DRAWS}");
            s.mc.question.draws = read_whole(v, 1, MAX_QUESTION_DRAWS, &expected)?;
            Ok(())
        },
        |s, out| write_whole(out, "qdraws", s.mc.question.draws, QUESTION.draws),
    ),
    Key::value(
        "qseed",
        "whole number",
        "your own question: seed",
        |v, s| {
            let expected = format!("a whole number from 0 to {}", u64::MAX);
            s.mc.question.seed = read_whole(v, 0, u64::MAX, &expected)?;
            Ok(())
        },
        |s, out| write_whole(out, "qseed", s.mc.question.seed, QUESTION.seed),
    ),
    Key::value(
        "qn",
        "1–10⁹",
        "your own question: test-set size assumed for classifiers given as fractions",
        |v, s| {
            let expected = format!("a whole number from 1 to {MAX_QUESTION_N}");
            s.mc.question.n = read_whole(v, 1, MAX_QUESTION_N, &expected)?;
            Ok(())
        },
        |s, out| write_whole(out, "qn", s.mc.question.n, QUESTION.n),
    ),
];

/// The question's defaults (a default is not written in links).
const QUESTION: QuestionSettings = QuestionSettings {
    sigma: 0.05,
    alpha: 1.0,
    draws: 20_000,
    seed: 1,
    n: 100,
};

/// `metrics`: ranker keys; unknown ones are noted, the others applied.
fn read_metrics(v: &str, s: &mut crate::AppState) -> Result<(), LinkError> {
    let keys = v.split(',').map(str::trim).filter(|k| !k.is_empty());
    let (good, bad): (Vec<&str>, Vec<&str>) = keys.partition(|k| Ranker::from_key(k).is_some());
    s.mc.metrics = good.iter().filter_map(|k| Ranker::from_key(k)).collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(LinkError::UnknownMetrics(truncate(&bad.join(", "), 60)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::keys;

    #[test]
    fn the_keys_list_every_choice() {
        let list = |keys: Vec<&str>| {
            keys.iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let holds = |name: &str| keys::find(name).unwrap().holds;
        assert_eq!(holds("prior"), list(Prior::ALL.map(|p| p.key()).to_vec()));
        assert_eq!(
            holds("axis"),
            list(ErrorAxis::ALL.map(|a| a.key()).to_vec())
        );
    }

    #[test]
    fn settings_out_of_range_are_named() {
        let mut s = McSettings::default();
        assert_eq!(s.validate(), Ok(()));
        s.pairs = MAX_APP_PAIRS + 1;
        assert_eq!(
            s.validate().unwrap_err().to_string(),
            "pairs must be between 1 and 100000000"
        );
        s.pairs = 10;
        s.balance = 1.0;
        assert_eq!(s.validate(), Err(SettingsError::Balance));
    }
}
