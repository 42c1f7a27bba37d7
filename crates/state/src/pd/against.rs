//! p-d against the utility yield: the plain statement that p-d is not admissible (from the
//! core's admissibility data, Dyrland et al. 2022, eq. 17), and how often it mis-ranks pairs of
//! classifiers in the Metric reliability Monte Carlo (Dyrland et al. 2022, §4.2) beside the
//! erroneous utility matrix.
//!
//! The numbers of the defaults' run (uniform prior, σ = 0.1, seed 1, 10⁶ pairs; `ulab mc`
//! with its defaults, or the Metric reliability view's "Run") are kept as constants
//! ([`KNOWN_RUN`]): the run is bit-for-bit reproducible (integer tallies per chunk), and a test
//! recomputes it. The page may also rerun it with the reliability engine and pass the result
//! to [`McComparison::from_result`].

use ulab_core::mc::{McConfig, McResult, Prior, Ranker};

/// The Monte Carlo's ranker for p-d (it scores every metric but NPV).
const PD: Ranker = match Ranker::from_metric(Metric::PreferenceDriven) {
    Some(r) => r,
    None => panic!("the Monte Carlo scores p-d"),
};
use ulab_core::metrics::{Admissibility, Metric};

/// Mis-ranked pairs (of 10⁶) by p-d (default κ) in the defaults' run.
pub const KNOWN_PD_MISRANKED: u64 = 232_448;

/// Mis-ranked pairs (of 10⁶) by the erroneous utility matrix in the defaults' run.
pub const KNOWN_UTILITY_MISRANKED: u64 = 37_125;

/// The same run at 10⁵ pairs (golden values for a fast exact test): p-d.
pub const GOLDEN_1E5_PD_MISRANKED: u64 = 23_052;

/// … and the erroneous utility matrix, at 10⁵ pairs.
pub const GOLDEN_1E5_UTILITY_MISRANKED: u64 = 3_678;

/// The comparison for the sentence: both percentages with their binomial standard errors.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct McComparison {
    /// The run's settings.
    pub config: McConfig,
    /// `100·f` for p-d (default κ).
    pub pd_percent: f64,
    /// Its standard error `100·√(f(1 − f)/n)`.
    pub pd_stderr: f64,
    /// `100·f` for the erroneous utility matrix.
    pub utility_percent: f64,
    /// Its standard error.
    pub utility_stderr: f64,
}

/// The defaults' known run: uniform prior, σ = 0.1, 10⁶ pairs, seed 1 — p-d mis-ranks
/// 23.2448 % ± 0.042 of pairs, the erroneous utility matrix 3.7125 % ± 0.019.
pub const KNOWN_RUN: McComparison = McComparison {
    config: McConfig {
        prior: Prior::Uniform,
        sigma: 0.1,
        pairs: 1_000_000,
        seed: 1,
    },
    pd_percent: 100.0 * (KNOWN_PD_MISRANKED as f64 / 1e6),
    pd_stderr: 0.042_239_309_570_114_9,
    utility_percent: 100.0 * (KNOWN_UTILITY_MISRANKED as f64 / 1e6),
    utility_stderr: 0.018_906_806_809_982_482,
};

impl McComparison {
    /// From a run of the reliability engine (e.g. rerun from this view).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::mc::{run, McConfig, Prior};
    /// use ulab_state::pd::against::McComparison;
    /// let r = run(&McConfig::new(Prior::Uniform, 0.1, 10_000, 1).unwrap(), |_, _| {}).unwrap();
    /// let c = McComparison::from_result(&r);
    /// assert!(c.pd_percent > c.utility_percent);
    /// ```
    pub fn from_result(r: &McResult) -> McComparison {
        McComparison {
            config: McConfig {
                prior: r.prior,
                sigma: r.sigma,
                pairs: r.pairs,
                seed: r.seed,
            },
            pd_percent: *r.misranked_percent.get(PD),
            pd_stderr: *r.stderr_percent.get(PD),
            utility_percent: *r.misranked_percent.get(Ranker::UTILITY),
            utility_stderr: *r.stderr_percent.get(Ranker::UTILITY),
        }
    }

    /// The sentence: "In the Metric reliability Monte Carlo (uniform prior, σ = 0.1, 10⁶ pairs,
    /// seed 1), p-d mis-ranks 23.2 % of pairs of classifiers against the erroneous utility
    /// matrix's 3.7 %." Percentages with one decimal.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::pd::against::KNOWN_RUN;
    /// assert_eq!(
    ///     KNOWN_RUN.sentence(),
    ///     "In the Metric reliability Monte Carlo (uniform prior, σ = 0.1, 10⁶ pairs, seed 1), \
    ///      p-d (default κ) mis-ranks 23.2\u{202f}% of pairs of classifiers against the \
    ///      erroneous utility matrix's 3.7\u{202f}%."
    /// );
    /// ```
    pub fn sentence(&self) -> String {
        format!(
            "In the Metric reliability Monte Carlo ({} prior, σ = {}, {} pairs, seed {}), p-d \
             (default κ) mis-ranks {} of pairs of classifiers against the erroneous utility \
             matrix's {}.",
            self.config.prior.key(),
            ulab_core::text::number(self.config.sigma, 4),
            ulab_core::text::sci(self.config.pairs as f64),
            self.config.seed,
            ulab_core::text::percent(self.pd_percent / 100.0, 1),
            ulab_core::text::percent(self.utility_percent / 100.0, 1),
        )
    }
}

/// The plain statement that p-d is not admissible, with the core's reason
/// ([`Metric::admissibility`] of [`Metric::PreferenceDriven`] for `n` classes).
///
/// # Examples
///
/// ```
/// use ulab_state::pd::against::admissibility_sentence;
/// let s = admissibility_sentence(3);
/// assert!(s.starts_with("p-d is not an admissible metric"), "{s}");
/// assert!(s.contains("no utility matrix"));
/// ```
pub fn admissibility_sentence(n: usize) -> String {
    match Metric::PreferenceDriven.admissibility(n) {
        Admissibility::Inadmissible(reason) => format!(
            "p-d is not an admissible metric ({reason}): no utility matrix makes it a utility \
             yield, for any κ, so it can rank classifiers against what they would gain \
             (Dyrland et al. 2022, eq. 17)."
        ),
        // The core says p-d is inadmissible for every n; kept total for safety.
        Admissibility::Admissible(u) => format!(
            "p-d ranks these classifiers as the yield of the utility matrix {} does.",
            u.matrix()
        ),
    }
}
