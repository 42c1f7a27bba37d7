//! The Monte Carlo of mis-ranked pairs (Dyrland et al. 2022, §4.2, figs 2–7) and the user's own question.
//!
//! **The experiment** (read as the paper's authors' code does it). Each sample is a
//! pair of binary classifiers evaluated on one test set:
//!
//! 1. a true utility matrix: a point `(x, y)` from the [`Prior`], mapped to a normalized matrix
//!    by Dyrland et al. 2022, eq. 13 ([`sampler::utility_point`], [`sampler::utility_entries`]);
//! 2. the assessed (erroneous) utility matrix: the true one plus `N(0, σ²)` noise on each
//!    entry, conditioned on entries in `[0, 1]`, `U'00 ≥ U'10`, `U'11 ≥ U'01`, not renormalized
//!    ([`sampler::erroneous_utility`]; drawn column by column, which is the same distribution);
//! 3. a class-0 share `p ~ U(0, 1)` shared by both classifiers, and for each classifier its
//!    true-positive rate `a` and true-negative rate `b`, independently `½ + ½√U`
//!    ([`sampler::rate`]); its normalized confusion matrix is `[[p·a, q(1−b)], [p(1−a), q·b]]`
//!    with `q = 1 − p` (rows = output, columns = true class);
//! 4. the true yield difference `ΔY = Y₁ − Y₂ = p(U00 − U10)(a₁ − a₂) + q(U11 − U01)(b₁ − b₂)`
//!    (the yield `Y = Σ_ij U_ij C_ij` expanded);
//! 5. for each [`Metric`], the difference of its values for the two classifiers (for
//!    [`Metric::Utility`], the yield difference under the erroneous matrix);
//! 6. the pair is **mis-ranked** by the metric unless both differences are positive or both
//!    negative ([`scores::misranked`]: ties are wrong).
//!
//! The percentage of mis-ranked pairs has the binomial standard error `100·√(f(1−f)/n)`.
//!
//! **Realized noise.** `σ` is the standard deviation of the noise *before* truncation.
//! Truncation shrinks the errors actually added; the run reports the realized standard
//! deviation: the sample standard deviation of all `4n` errors `U'_ij − U_ij` (four per pair,
//! pooled) around their mean, `√((Σe² − (Σe)²/4n)/(4n − 1))`.
//!
//! **Reproducibility.** A run ([`McConfig`]) is cut into chunks of [`CHUNK_PAIRS`] pairs;
//! chunk `k` draws from its own generator [`rng::chunk_rng`]`(seed, Pairs, k)`. [`run_chunk`] is
//! a pure function of `(config, k)`, returning a [`Tally`] of integers (mis-ranked counts, and
//! the error sums in fixed point, `2⁻²⁸` units, rounded once per chunk); tallies are merged by
//! integer addition, so any split of the chunks over threads or web workers, merged in any
//! order, gives the same result bit for bit, natively and in wasm (no platform-dependent
//! transcendental function is used: see [`sampler`]).
//!
//! Modules: [`rng`] (streams, uniforms), [`sampler`] (normal, gamma, rates, priors, erroneous
//! matrix), [`scores`] (the metrics, naive and cross-multiplied), [`sweep`] (fig. 7),
//! [`scatter`] (figs 2–6), [`question`] (the user's own question).

pub mod question;
pub mod rng;
pub mod sampler;
pub mod scatter;
pub mod scores;
pub mod sweep;
mod ziggurat;

use super::error::CoreError;
use rand::RngCore;
use rng::{chunk_rng, Stream};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Pairs per chunk: the unit of work of a thread or web worker (`2¹⁶`).
pub const CHUNK_PAIRS: u64 = 1 << 16;

/// The largest number of pairs of one run (`2³²`), so that the fixed-point error sums of a
/// [`Tally`] cannot overflow.
pub const MAX_PAIRS: u64 = 1 << 32;

/// The fixed-point unit of the error sums of a [`Tally`]: `2⁻²⁸`.
pub const ERROR_SCALE: f64 = (1u64 << 28) as f64;

/// The prior distribution of true utility matrices on the space of fig. 1 (Dyrland et al. 2022, §4.2 (i)).
///
/// # Examples
///
/// ```
/// use utility_lab::core::mc::Prior;
/// assert_eq!(Prior::parse("gaussian"), Some(Prior::Gaussian));
/// assert_eq!(Prior::Uniform.as_str(), "uniform");
/// assert_eq!(Prior::parse("normal"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Prior {
    /// `x, y ~ U(−1, 1)` restricted to `|y − x| < 1` (the hexagon).
    #[default]
    Uniform,
    /// `x, y ~ N(0, (1/3)²)` restricted to `|x| ≤ 1`, `|y| ≤ 1`, `|y − x| < 1` (fig. 4).
    Gaussian,
}

impl Prior {
    /// Both priors, uniform first.
    pub const ALL: [Prior; 2] = [Prior::Uniform, Prior::Gaussian];

    /// The name used in links, the command line and JSON: `uniform` or `gaussian`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Prior::Uniform => "uniform",
            Prior::Gaussian => "gaussian",
        }
    }

    /// Parses `uniform` or `gaussian` (case-insensitive, trimmed).
    pub fn parse(s: &str) -> Option<Prior> {
        match s.trim().to_ascii_lowercase().as_str() {
            "uniform" => Some(Prior::Uniform),
            "gaussian" => Some(Prior::Gaussian),
            _ => None,
        }
    }
}

impl fmt::Display for Prior {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A metric scored by the Monte Carlo. Class 0 is positive. See [`scores::binary_scores`] for
/// each formula; [`Metric::Utility`] is the yield under the erroneous utility matrix.
///
/// # Examples
///
/// ```
/// use utility_lab::core::mc::Metric;
/// assert_eq!(Metric::ALL.len(), 11);
/// assert_eq!(Metric::FowlkesMallows.key(), "fowlkes_mallows");
/// assert_eq!(Metric::parse("balanced_accuracy"), Some(Metric::BalancedAccuracy));
/// assert_eq!(Metric::Utility.index(), 10);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// `TP + TN` (normalized).
    Accuracy,
    /// `(TPR + TNR)/2`.
    BalancedAccuracy,
    /// `TP/(TP + FP)`, class 0.
    Precision,
    /// `TPR = TP/(TP + FN)`.
    Recall,
    /// `TNR = TN/(TN + FP)`.
    Specificity,
    /// `2TP/(2TP + FP + FN)`, class 0.
    F1,
    /// Matthews correlation coefficient (binary).
    Mcc,
    /// `√(precision · recall)`.
    FowlkesMallows,
    /// Cohen's kappa.
    Kappa,
    /// Preference-driven measure with the default κ (class shares).
    PreferenceDriven,
    /// The utility yield under the erroneous (assessed) utility matrix.
    Utility,
}

impl Metric {
    /// Every metric, in the order of the tables and JSON objects.
    pub const ALL: [Metric; 11] = [
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
        Metric::Utility,
    ];

    /// The position in [`Metric::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The JSON key: `accuracy`, `balanced_accuracy`, `precision`, `recall`, `specificity`,
    /// `f1`, `mcc`, `fowlkes_mallows`, `kappa`, `preference_driven`, `utility`.
    pub fn key(self) -> &'static str {
        match self {
            Metric::Accuracy => "accuracy",
            Metric::BalancedAccuracy => "balanced_accuracy",
            Metric::Precision => "precision",
            Metric::Recall => "recall",
            Metric::Specificity => "specificity",
            Metric::F1 => "f1",
            Metric::Mcc => "mcc",
            Metric::FowlkesMallows => "fowlkes_mallows",
            Metric::Kappa => "kappa",
            Metric::PreferenceDriven => "preference_driven",
            Metric::Utility => "utility",
        }
    }

    /// A label for tables and legends.
    pub fn label(self) -> &'static str {
        match self {
            Metric::Accuracy => "accuracy",
            Metric::BalancedAccuracy => "balanced accuracy",
            Metric::Precision => "precision",
            Metric::Recall => "recall (TPR)",
            Metric::Specificity => "specificity (TNR)",
            Metric::F1 => "F1",
            Metric::Mcc => "MCC",
            Metric::FowlkesMallows => "Fowlkes–Mallows",
            Metric::Kappa => "Cohen's kappa",
            Metric::PreferenceDriven => "preference-driven",
            Metric::Utility => "erroneous utility",
        }
    }

    /// Parses a [`Metric::key`].
    pub fn parse(s: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.key() == s.trim())
    }
}

/// One value per [`Metric`]; serialized as an object with the metric keys, in the order of
/// [`Metric::ALL`].
///
/// # Examples
///
/// ```
/// use utility_lab::core::mc::{Metric, PerMetric};
/// let v = PerMetric::from_fn(|m| m.index() as u64);
/// assert_eq!(*v.get(Metric::Kappa), 8);
/// let json = serde_json::to_string(&v).unwrap();
/// assert!(json.starts_with(r#"{"accuracy":0,"balanced_accuracy":1,"#));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct PerMetric<T> {
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

impl<T> PerMetric<T> {
    /// Builds the values with `f(metric)`, in the order of [`Metric::ALL`].
    pub fn from_fn(mut f: impl FnMut(Metric) -> T) -> PerMetric<T> {
        PerMetric {
            accuracy: f(Metric::Accuracy),
            balanced_accuracy: f(Metric::BalancedAccuracy),
            precision: f(Metric::Precision),
            recall: f(Metric::Recall),
            specificity: f(Metric::Specificity),
            f1: f(Metric::F1),
            mcc: f(Metric::Mcc),
            fowlkes_mallows: f(Metric::FowlkesMallows),
            kappa: f(Metric::Kappa),
            preference_driven: f(Metric::PreferenceDriven),
            utility: f(Metric::Utility),
        }
    }

    /// The value of metric `m`.
    pub fn get(&self, m: Metric) -> &T {
        match m {
            Metric::Accuracy => &self.accuracy,
            Metric::BalancedAccuracy => &self.balanced_accuracy,
            Metric::Precision => &self.precision,
            Metric::Recall => &self.recall,
            Metric::Specificity => &self.specificity,
            Metric::F1 => &self.f1,
            Metric::Mcc => &self.mcc,
            Metric::FowlkesMallows => &self.fowlkes_mallows,
            Metric::Kappa => &self.kappa,
            Metric::PreferenceDriven => &self.preference_driven,
            Metric::Utility => &self.utility,
        }
    }

    /// The value of metric `m`, mutable.
    pub fn get_mut(&mut self, m: Metric) -> &mut T {
        match m {
            Metric::Accuracy => &mut self.accuracy,
            Metric::BalancedAccuracy => &mut self.balanced_accuracy,
            Metric::Precision => &mut self.precision,
            Metric::Recall => &mut self.recall,
            Metric::Specificity => &mut self.specificity,
            Metric::F1 => &mut self.f1,
            Metric::Mcc => &mut self.mcc,
            Metric::FowlkesMallows => &mut self.fowlkes_mallows,
            Metric::Kappa => &mut self.kappa,
            Metric::PreferenceDriven => &mut self.preference_driven,
            Metric::Utility => &mut self.utility,
        }
    }

    /// `(metric, value)` in the order of [`Metric::ALL`].
    pub fn iter(&self) -> impl Iterator<Item = (Metric, &T)> {
        Metric::ALL.into_iter().map(move |m| (m, self.get(m)))
    }
}

/// The settings of one Monte Carlo run.
///
/// # Examples
///
/// ```
/// use utility_lab::core::mc::{McConfig, Prior};
/// let c = McConfig::new(Prior::Uniform, 0.1, 200_000, 1).unwrap();
/// assert_eq!(c.chunks(), 4); // ⌈200000 / 65536⌉
/// assert_eq!(c.chunk_len(3), 200_000 - 3 * 65_536);
/// assert!(McConfig::new(Prior::Uniform, -0.1, 10, 1).is_err());
/// assert_eq!(McConfig::default().pairs, 1_000_000);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct McConfig {
    /// The prior of true utility matrices.
    pub prior: Prior,
    /// `σ`, the standard deviation of the utility errors before truncation (≥ 0).
    pub sigma: f64,
    /// Number of pairs of classifiers, `1 ≤ pairs ≤` [`MAX_PAIRS`].
    pub pairs: u64,
    /// The seed.
    pub seed: u64,
}

impl Default for McConfig {
    /// The spec's defaults: uniform prior, `σ = 0.1`, `10⁶` pairs, seed 1.
    fn default() -> McConfig {
        McConfig {
            prior: Prior::Uniform,
            sigma: 0.1,
            pairs: 1_000_000,
            seed: 1,
        }
    }
}

impl McConfig {
    /// A checked configuration.
    ///
    /// # Errors
    /// See [`McConfig::validate`].
    pub fn new(prior: Prior, sigma: f64, pairs: u64, seed: u64) -> Result<McConfig, CoreError> {
        let c = McConfig {
            prior,
            sigma,
            pairs,
            seed,
        };
        c.validate()?;
        Ok(c)
    }

    /// Checks `σ` (finite, ≥ 0) and `pairs` (`1 ..= MAX_PAIRS`).
    ///
    /// # Errors
    /// [`CoreError::InvalidParameter`] naming the bad field.
    pub fn validate(&self) -> Result<(), CoreError> {
        if !(self.sigma.is_finite() && self.sigma >= 0.0) {
            return Err(CoreError::InvalidParameter {
                name: "sigma",
                value: self.sigma,
                expected: "a finite number ≥ 0",
            });
        }
        if self.pairs == 0 || self.pairs > MAX_PAIRS {
            return Err(CoreError::InvalidParameter {
                name: "pairs",
                value: self.pairs as f64,
                expected: "between 1 and 4294967296 pairs",
            });
        }
        Ok(())
    }

    /// Number of chunks, `⌈pairs / CHUNK_PAIRS⌉`.
    pub fn chunks(&self) -> u64 {
        self.pairs.div_ceil(CHUNK_PAIRS)
    }

    /// Pairs in chunk `k` ([`CHUNK_PAIRS`], fewer in the last one, 0 past the end).
    pub fn chunk_len(&self, k: u64) -> u64 {
        let start = k.saturating_mul(CHUNK_PAIRS);
        self.pairs.saturating_sub(start).min(CHUNK_PAIRS)
    }
}

/// One sample of the experiment: a true and an erroneous utility matrix, a class-0 share and
/// two classifiers' rates.
///
/// # Examples
///
/// ```
/// use utility_lab::core::mc::{Pair, Prior};
/// use utility_lab::core::mc::rng::{chunk_rng, Stream};
/// let pair = Pair::sample(&mut chunk_rng(1, Stream::Pairs, 0), Prior::Uniform, 0.1);
/// let (y1, y2) = pair.true_yields();
/// assert!((pair.true_yield_difference() - (y1 - y2)).abs() < 1e-12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Pair {
    /// The true utility matrix (normalized, eq. 13), row-major `[U00, U01, U10, U11]`.
    pub utility: [f64; 4],
    /// The erroneous utility matrix, row-major.
    pub erroneous: [f64; 4],
    /// The share `p` of class 0, `0 < p < 1`.
    pub p: f64,
    /// The true-positive rates (recall of class 0) of classifiers 1 and 2.
    pub tpr: [f64; 2],
    /// The true-negative rates (specificity) of classifiers 1 and 2.
    pub tnr: [f64; 2],
}

impl Pair {
    /// Draws a pair, in this order: the true matrix ([`sampler::utility_point`]), its
    /// erroneous version ([`sampler::erroneous_utility`]), `p` ([`sampler::class_share`]),
    /// then `tpr₁, tnr₁, tpr₂, tnr₂` ([`sampler::rate`]).
    #[inline(always)]
    pub fn sample<R: RngCore + ?Sized>(rng: &mut R, prior: Prior, sigma: f64) -> Pair {
        let (x, y) = sampler::utility_point(rng, prior);
        let utility = sampler::utility_entries(x, y);
        let erroneous = sampler::erroneous_utility(rng, &utility, sigma);
        let p = sampler::class_share(rng);
        let a1 = sampler::rate(rng);
        let b1 = sampler::rate(rng);
        let a2 = sampler::rate(rng);
        let b2 = sampler::rate(rng);
        Pair {
            utility,
            erroneous,
            p,
            tpr: [a1, a2],
            tnr: [b1, b2],
        }
    }

    /// The normalized confusion matrix of classifier `k` (0 or 1), row-major
    /// `[p·a, q(1−b), p(1−a), q·b]` (rows = output, columns = true class).
    pub fn confusion(&self, k: usize) -> [f64; 4] {
        let (p, q) = (self.p, 1.0 - self.p);
        let (a, b) = (self.tpr[k], self.tnr[k]);
        [p * a, q * (1.0 - b), p * (1.0 - a), q * b]
    }

    /// `Y₁ − Y₂` under utility matrix `u` (row-major), in the factorized form
    /// `p(U00 − U10)(a₁ − a₂) + q(U11 − U01)(b₁ − b₂)`, equal to `Σ_ij U_ij (C¹_ij − C²_ij)`:
    /// only the column gaps `U00 − U10` and `U11 − U01` matter.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::core::mc::Pair;
    /// let pair = Pair {
    ///     utility: [1.0, 0.0, 0.0, 1.0],
    ///     erroneous: [1.0, 0.0, 0.0, 1.0],
    ///     p: 0.5,
    ///     tpr: [0.54, 0.86],
    ///     tnr: [0.70, 0.64],
    /// };
    /// // Accuracy's matrix: the accuracy difference, 0.62 − 0.75 (factory A vs B).
    /// assert!((pair.yield_difference(&[1.0, 0.0, 0.0, 1.0]) + 0.13).abs() < 1e-12);
    /// // Adding a constant to a column changes nothing.
    /// assert!((pair.yield_difference(&[1.5, 0.2, 0.5, 1.2]) + 0.13).abs() < 1e-12);
    /// ```
    #[inline(always)]
    pub fn yield_difference(&self, u: &[f64; 4]) -> f64 {
        let (p, q) = (self.p, 1.0 - self.p);
        p * (u[0] - u[2]) * (self.tpr[0] - self.tpr[1])
            + q * (u[3] - u[1]) * (self.tnr[0] - self.tnr[1])
    }

    /// [`Pair::yield_difference`] under the true matrix.
    pub fn true_yield_difference(&self) -> f64 {
        self.yield_difference(&self.utility)
    }

    /// The yields `Σ_ij U_ij C_ij` of both classifiers under utility matrix `u` (row-major).
    pub fn yields(&self, u: &[f64; 4]) -> (f64, f64) {
        let y = |c: [f64; 4]| u[0] * c[0] + u[1] * c[1] + u[2] * c[2] + u[3] * c[3];
        (y(self.confusion(0)), y(self.confusion(1)))
    }

    /// The yields of both classifiers under the true matrix.
    pub fn true_yields(&self) -> (f64, f64) {
        self.yields(&self.utility)
    }
}

/// The integer result of some chunks: pairs, mis-ranked pairs per metric, and the sums of the
/// utility errors `e = U'_ij − U_ij` (four per pair) in fixed point: `error_sum = Σ_chunks
/// round(2²⁸·Σe)`, `error_sq_sum = Σ_chunks round(2²⁸·Σe²)` (within a chunk the sums are
/// accumulated in `f64` in pair order and rounded once). Merging is integer addition, so it is
/// exact, associative and commutative. Every field of one chunk's tally is below `2⁵³`, safe as
/// a JavaScript number.
///
/// # Examples
///
/// ```
/// use utility_lab::core::mc::{run_chunk, McConfig, Prior, Tally};
/// let c = McConfig::new(Prior::Uniform, 0.1, 100_000, 7).unwrap();
/// let mut t = Tally::default();
/// for k in (0..c.chunks()).rev() { // any order
///     t.merge(&run_chunk(&c, k).unwrap());
/// }
/// assert_eq!(t.pairs, 100_000);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Tally {
    /// Number of pairs.
    pub pairs: u64,
    /// Mis-ranked pairs per metric.
    pub misranked: PerMetric<u64>,
    /// `Σe` in units of `2⁻²⁸`.
    pub error_sum: i64,
    /// `Σe²` in units of `2⁻²⁸`.
    pub error_sq_sum: i64,
}

impl Tally {
    /// Adds `other` to `self` field by field (saturating, so hand-made tallies cannot
    /// overflow). Exact, associative and commutative.
    pub fn merge(&mut self, other: &Tally) {
        self.pairs = self.pairs.saturating_add(other.pairs);
        for m in Metric::ALL {
            let v = self.misranked.get_mut(m);
            *v = v.saturating_add(*other.misranked.get(m));
        }
        self.error_sum = self.error_sum.saturating_add(other.error_sum);
        self.error_sq_sum = self.error_sq_sum.saturating_add(other.error_sq_sum);
    }

    /// The realized standard deviation of the utility errors: the sample standard deviation of
    /// the `n = 4·pairs` errors, `√((Σe² − (Σe)²/n)/(n − 1))` (0 if `n < 2`).
    ///
    /// # Examples
    ///
    /// One pair with errors summing to 0.2 and squares summing to 0.04 (e.g. errors
    /// 0.1, 0.1, 0.1, −0.1): `√((0.04 − 0.01)/3) = 0.1`.
    ///
    /// ```
    /// use utility_lab::core::mc::{Tally, ERROR_SCALE};
    /// let t = Tally {
    ///     pairs: 1,
    ///     error_sum: (0.2 * ERROR_SCALE) as i64,
    ///     error_sq_sum: (0.04 * ERROR_SCALE) as i64,
    ///     ..Tally::default()
    /// };
    /// assert!((t.realized_sd() - 0.1).abs() < 1e-8);
    /// assert!((t.error_mean() - 0.05).abs() < 1e-8);
    /// ```
    pub fn realized_sd(&self) -> f64 {
        let n = 4.0 * self.pairs as f64;
        if n < 2.0 {
            return 0.0;
        }
        let s1 = self.error_sum as f64 / ERROR_SCALE;
        let s2 = self.error_sq_sum as f64 / ERROR_SCALE;
        let var = (s2 - s1 * s1 / n) / (n - 1.0);
        if var > 0.0 {
            var.sqrt()
        } else {
            0.0
        }
    }

    /// The mean utility error `Σe / (4·pairs)` (0 without pairs).
    pub fn error_mean(&self) -> f64 {
        if self.pairs == 0 {
            return 0.0;
        }
        self.error_sum as f64 / ERROR_SCALE / (4.0 * self.pairs as f64)
    }
}

/// The result of a run: mis-ranking percentages with standard errors, and the realized noise.
///
/// # Examples
///
/// ```
/// use utility_lab::core::mc::{run, McConfig, Metric, Prior};
/// let r = run(&McConfig::new(Prior::Uniform, 0.0, 20_000, 1).unwrap(), |_, _| {}).unwrap();
/// assert_eq!(r.misranked_percent.utility, 0.0); // the true matrix ranks every pair right
/// assert!(r.misranked_percent.accuracy > 5.0 && r.misranked_percent.accuracy < 13.0);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct McResult {
    /// The prior.
    pub prior: Prior,
    /// `σ` before truncation.
    pub sigma: f64,
    /// The realized standard deviation of the errors ([`Tally::realized_sd`]).
    pub realized_sd: f64,
    /// Number of pairs.
    pub pairs: u64,
    /// The seed.
    pub seed: u64,
    /// `100·f`, `f` the fraction of mis-ranked pairs.
    pub misranked_percent: PerMetric<f64>,
    /// The binomial standard error `100·√(f(1 − f)/n)`.
    pub stderr_percent: PerMetric<f64>,
    /// The counts of mis-ranked pairs.
    pub misranked: PerMetric<u64>,
}

impl McResult {
    /// The result of `config` from its merged tally: `100·f` and `100·√(f(1 − f)/n)` per
    /// metric, `f` = mis-ranked / pairs.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::core::mc::{McConfig, McResult, PerMetric, Tally};
    /// let mut t = Tally { pairs: 400, ..Tally::default() };
    /// t.misranked.accuracy = 100;
    /// let r = McResult::from_tally(&McConfig::default(), &t);
    /// assert_eq!(r.misranked_percent.accuracy, 25.0);
    /// assert!((r.stderr_percent.accuracy - 100.0 * (0.25f64 * 0.75 / 400.0).sqrt()).abs() < 1e-12);
    /// ```
    pub fn from_tally(config: &McConfig, tally: &Tally) -> McResult {
        let n = tally.pairs as f64;
        let frac = |m: Metric| {
            if tally.pairs == 0 {
                0.0
            } else {
                *tally.misranked.get(m) as f64 / n
            }
        };
        McResult {
            prior: config.prior,
            sigma: config.sigma,
            realized_sd: tally.realized_sd(),
            pairs: tally.pairs,
            seed: config.seed,
            misranked_percent: PerMetric::from_fn(|m| 100.0 * frac(m)),
            stderr_percent: PerMetric::from_fn(|m| {
                let f = frac(m);
                if tally.pairs == 0 {
                    0.0
                } else {
                    100.0 * (f * (1.0 - f) / n).sqrt()
                }
            }),
            misranked: tally.misranked.clone(),
        }
    }
}

/// Runs chunk `chunk` of `config`: [`McConfig::chunk_len`] pairs drawn from
/// [`rng::chunk_rng`]`(seed, Pairs, chunk)`, scored for every metric. Pure and deterministic:
/// this is what a web worker calls.
///
/// The inner loop allocates nothing: per pair, [`Pair::sample`], the true and erroneous yield
/// differences ([`Pair::yield_difference`]) and [`scores::score_differences`] (no division, no
/// square root), then [`scores::misranked`] per metric.
///
/// # Errors
/// An invalid config ([`McConfig::validate`]) or `chunk ≥ config.chunks()`.
///
/// # Examples
///
/// ```
/// use utility_lab::core::mc::{run_chunk, McConfig, Prior};
/// let c = McConfig::new(Prior::Gaussian, 0.2, 1000, 3).unwrap();
/// let t = run_chunk(&c, 0).unwrap();
/// assert_eq!(t.pairs, 1000);
/// assert_eq!(t, run_chunk(&c, 0).unwrap());
/// assert!(run_chunk(&c, 1).is_err());
/// ```
pub fn run_chunk(config: &McConfig, chunk: u64) -> Result<Tally, CoreError> {
    config.validate()?;
    check_chunk(config, chunk)?;
    let n = config.chunk_len(chunk);
    let mut rng = chunk_rng(config.seed, Stream::Pairs, chunk);
    let (prior, sigma) = (config.prior, config.sigma);
    let mut correct = [0u64; 11];
    let mut s1 = 0.0f64;
    let mut s2 = 0.0f64;
    let mut batch = Batch::default();
    let mut left = n as usize;
    while left > 0 {
        let len = left.min(BATCH);
        // Phase 1: draw the pairs in order (the random stream), keep what scoring needs, and
        // sum the utility errors in pair order.
        for i in 0..len {
            let pair = Pair::sample(&mut rng, prior, sigma);
            let (u, e) = (&pair.utility, &pair.erroneous);
            batch.p[i] = pair.p;
            batch.a1[i] = pair.tpr[0];
            batch.b1[i] = pair.tnr[0];
            batch.a2[i] = pair.tpr[1];
            batch.b2[i] = pair.tnr[1];
            batch.w0[i] = u[0] - u[2];
            batch.w1[i] = u[3] - u[1];
            batch.v0[i] = e[0] - e[2];
            batch.v1[i] = e[3] - e[1];
            let e0 = e[0] - u[0];
            let e1 = e[1] - u[1];
            let e2 = e[2] - u[2];
            let e3 = e[3] - u[3];
            s1 += (e0 + e1) + (e2 + e3);
            s2 += (e0 * e0 + e1 * e1) + (e2 * e2 + e3 * e3);
        }
        // Phase 2: score them (straight-line arithmetic, no branch).
        score_batch(&batch, len, &mut correct);
        left -= len;
    }
    Ok(Tally {
        pairs: n,
        misranked: PerMetric::from_fn(|m| n - correct[m.index()]),
        error_sum: (s1 * ERROR_SCALE).round() as i64,
        error_sq_sum: (s2 * ERROR_SCALE).round() as i64,
    })
}

/// Pairs scored together by [`run_chunk`].
const BATCH: usize = 256;

/// What scoring needs of a batch of pairs, one array per quantity: `p`, the rates, and the
/// column gaps `w0 = U00 − U10`, `w1 = U11 − U01` of the true matrix (`v0`, `v1` of the
/// erroneous one), which are all the yield difference depends on (see
/// [`Pair::yield_difference`]).
struct Batch {
    p: [f64; BATCH],
    a1: [f64; BATCH],
    b1: [f64; BATCH],
    a2: [f64; BATCH],
    b2: [f64; BATCH],
    w0: [f64; BATCH],
    w1: [f64; BATCH],
    v0: [f64; BATCH],
    v1: [f64; BATCH],
}

impl Default for Batch {
    fn default() -> Batch {
        let z = [0.0; BATCH];
        Batch {
            p: z,
            a1: z,
            b1: z,
            a2: z,
            b2: z,
            w0: z,
            w1: z,
            v0: z,
            v1: z,
        }
    }
}

/// Adds to `correct[m]` the pairs of `batch[..len]` ranked correctly by metric `m`.
#[inline(never)]
fn score_batch(batch: &Batch, len: usize, correct: &mut [u64; 11]) {
    let len = len.min(BATCH);
    for i in 0..len {
        let (p, a1, b1, a2, b2) = (
            batch.p[i],
            batch.a1[i],
            batch.b1[i],
            batch.a2[i],
            batch.b2[i],
        );
        let q = 1.0 - p;
        let (da, db) = (a1 - a2, b1 - b2);
        // The yield differences, as in Pair::yield_difference.
        let dt = p * batch.w0[i] * da + q * batch.w1[i] * db;
        let de = p * batch.v0[i] * da + q * batch.v1[i] * db;
        let d = scores::score_differences(p, a1, b1, a2, b2);
        // Correct ⇔ the score difference has the strict sign of dt ⇔ dm·sgn(dt) > 0, with
        // sgn(dt) ∈ {−1, 0, 1} (the product by ±1 is exact; by 0 it is 0: a tie, wrong).
        let sg = ((dt > 0.0) as i32 - (dt < 0.0) as i32) as f64;
        for (count, dm) in correct.iter_mut().zip(d) {
            *count += (dm * sg > 0.0) as u64;
        }
        correct[10] += (de * sg > 0.0) as u64;
    }
}

pub(crate) fn check_chunk(config: &McConfig, chunk: u64) -> Result<(), CoreError> {
    if chunk >= config.chunks() {
        return Err(CoreError::InvalidParameter {
            name: "chunk",
            value: chunk as f64,
            expected: "a chunk index below the number of chunks",
        });
    }
    Ok(())
}

/// Runs every chunk of `config` in order on this thread, calling `progress(done_pairs,
/// total_pairs)` after each chunk, and returns the merged result. The same numbers as any
/// parallel split of [`run_chunk`].
///
/// # Errors
/// An invalid config.
///
/// # Examples
///
/// ```
/// use utility_lab::core::mc::{run, McConfig, Prior};
/// let c = McConfig::new(Prior::Uniform, 0.1, 100_000, 1).unwrap();
/// let mut calls = 0;
/// let r = run(&c, |done, total| { calls += 1; assert!(done <= total); }).unwrap();
/// assert_eq!(calls, 2);
/// assert!(r.realized_sd > 0.08 && r.realized_sd < 0.1);
/// ```
pub fn run(config: &McConfig, mut progress: impl FnMut(u64, u64)) -> Result<McResult, CoreError> {
    config.validate()?;
    let mut tally = Tally::default();
    for k in 0..config.chunks() {
        tally.merge(&run_chunk(config, k)?);
        progress(tally.pairs, config.pairs);
    }
    Ok(McResult::from_tally(config, &tally))
}
