//! How many test items would settle the user's question: the smallest test-set size `N′` at
//! which the classifier most likely to be the best ([`Sure::leader`]) would be the best with
//! probability at least [`SETTLE_PROBABILITY`] (0.95), if every classifier were tested on `N′`
//! items with the proportions it has now.
//!
//! **The question at `N′` items** ([`SettleSearch::config_at`]): each classifier's counts
//! (decided ones' too, [`QuestionConfig::decided`])
//! become `M′ = N′ · M / N_k` (`N_k` its own test-set size; the proportions kept), `α`, `σ`,
//! the deployment shares, the draws and the seed unchanged. `P_N′` = the share of its draws in
//! which the leader's yield is the largest (ties split), drawn by the question's kernel with
//! **common random numbers**: draw `d` comes from its own stream
//! [`chunk_rng`](super::rng::chunk_rng)`(seed, Settle, d)` at every `N′`, so that the gammas of
//! one draw at two sizes come from the same uniforms and `P_N′` is (nearly) monotone in `N′`
//! rather than noisy ([`settle_wins`]).
//!
//! **The search** ([`SettleSearch`]), on whole numbers `1 ..=` [`SETTLE_CAP`] (10⁹):
//! 1. `AlreadySettled` if the leader's `P(best)` on the test sets as they are is ≥ 0.95;
//! 2. `Never` if the leader's yield of the counts is not strictly above every other's (two
//!    equal yields — e.g. identical classifiers — stay a coin toss however many items; a
//!    classifier whose counts yield more would win in the long run instead);
//! 3. a first guess from the normal approximation of the posterior: with `C` the normalized
//!    counts, the yield's variance at `N′` items is about `w/N′`, `w = Σ U²C − (Σ UC)²`
//!    (`U_{d(i)j}` in cell `(i, j)` of a remapped classifier; over the `n_d × n` cells of a
//!    decided one)
//!    (with deployment shares `π`, `w = Σ_j π_j² w_j / f_j`, `w_j` the variance of `U_·j`
//!    under the column's `C_·j / f_j`); the leader `L` beats `k` with probability
//!    `Φ(δ_k √N′ / √(w_L + w_k))`, `δ_k = Y_L − Y_k`, so
//!    `N̂ = max_k ⌈z² (w_L + w_k) / δ_k²⌉`, `z = Φ⁻¹(0.95) ≈ 1.645`;
//! 4. bracketing: from `N̂`, one step by a factor 1.25 (the guess is usually that close) —
//!    down if `P_N̂ ≥ 0.95`, up if not — and if that does not cross 0.95, straight to 1 item
//!    or to the cap (still below 0.95 there: `Never`, after three evaluations);
//! 5. bisection, geometric (`⌊√(lo·hi)⌋`, so that a wide bracket shrinks as fast as a narrow
//!    one), until `hi − lo ≤ max(1, lo/100)`: the answer is `hi`, the smallest size found
//!    with `P_N′ ≥ 0.95`, to within 1 % (or one item). About 7 evaluations of `P_N′` when
//!    the guess is good, 14 at most.
//!
//! Each evaluation costs as much as the question itself; [`SettleSearch`] hands them out one
//! at a time (and [`settle_wins`] any range of draws), so that a page can spread them over
//! frames or workers; [`items_to_settle`] runs them all on this thread.

use super::posterior::{Kernel, effective_utility};
use super::question::QuestionConfig;
use super::rng::{Stream, chunk_rng};
use super::sure::Sure;
use crate::error::CoreError;
use crate::limits::MAX_QUESTION_N;
use crate::special::norm_inv;
use crate::{ConfusionMatrix, DecisionCounts, Orientation};
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// The probability of being the best that settles the question: 0.95.
pub const SETTLE_PROBABILITY: f64 = 0.95;

/// The largest test-set size searched: 10⁹ items ([`MAX_QUESTION_N`]).
pub const SETTLE_CAP: u64 = MAX_QUESTION_N;

/// How many test items would settle the question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Settle {
    /// The leader is already the best with probability ≥ 0.95 on the test sets as they are.
    AlreadySettled,
    /// `items` test items per classifier, at the same proportions, would make it so.
    Settled {
        /// The test-set size `N′`.
        items: u64,
    },
    /// No number up to [`SETTLE_CAP`] would: two yields are equal, another classifier yields
    /// more in the long run, or the utilities' noise `σ` keeps the probability below 0.95.
    Never,
}

/// The answer of [`items_to_settle`]: which classifier, and how many items.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemsToSettle {
    /// The classifier most likely to be the best ([`Sure::leader`]).
    pub classifier: usize,
    /// How many test items would make it the best with probability ≥ 0.95.
    pub settle: Settle,
}

/// What the search needs next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettleStep {
    /// The leader's probability of being the best at `items` test items: compute
    /// [`settle_wins`] over the draws of [`SettleSearch::config_at`]`(items)`, then
    /// [`SettleSearch::record`] the wins divided by the draws.
    Evaluate {
        /// The test-set size `N′`.
        items: u64,
    },
    /// The answer.
    Done(Settle),
}

/// The search for the number of test items that settles the question, one evaluation at a time
/// (the procedure of the [module](self)).
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::QuestionConfig;
/// use ulab_core::mc::settle::{settle_wins, Settle, SettleSearch, SettleStep};
/// use ulab_core::mc::sure::sure;
/// use ulab_core::examples::{factory_classifiers, factory_utility};
/// let (u, [(_, a), (_, b)]) = (factory_utility(), factory_classifiers());
/// let q = QuestionConfig::how_sure(u, vec![a, b]);
/// let mut search = SettleSearch::new(&q, &sure(&q).unwrap()).unwrap();
/// let answer = loop {
///     match search.next() {
///         SettleStep::Done(answer) => break answer,
///         SettleStep::Evaluate { items } => {
///             let at = search.config_at(items).unwrap();
///             // Any split of the draws (frames, workers) adds up to the same wins.
///             let wins = settle_wins(&at, search.leader(), 0..at.draws / 2).unwrap()
///                 + settle_wins(&at, search.leader(), at.draws / 2..at.draws).unwrap();
///             search.record(wins / at.draws as f64);
///         }
///     }
/// };
/// // A (3.5 €/item against −3.5) is the best with probability ≈ 0.61 on 100 items, ≈ 0.82
/// // on 1000; about 3100 items make it 0.95.
/// let Settle::Settled { items } = answer else { panic!("{answer:?}") };
/// assert!((3000..4500).contains(&items), "{items}");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct SettleSearch {
    /// The question as asked (the test sets as they are).
    config: QuestionConfig,
    /// The classifier most likely to be the best.
    leader: usize,
    /// The first size to evaluate, `N̂`.
    guess: u64,
    /// Whether something was recorded (the guess first).
    started: bool,
    /// The largest size known to fall short (0: none).
    lo: u64,
    /// The smallest size known to settle it.
    hi: Option<u64>,
    /// The answer known before any evaluation.
    known: Option<Settle>,
}

impl SettleSearch {
    /// The search for `config`, whose [`Sure`] summary (of the test sets as they are) is
    /// `sure`: its leader, the answer if no evaluation is needed (steps 1–2 of the
    /// [module](self)) and the first guess (step 3).
    ///
    /// # Errors
    /// An invalid config, or a summary of another number of classifiers.
    pub fn new(config: &QuestionConfig, sure: &Sure) -> Result<SettleSearch, CoreError> {
        config.validate()?;
        let nk = config.n_classifiers();
        if sure.p_best.len() != nk || sure.yields.len() != nk {
            return Err(CoreError::DimensionMismatch {
                expected: format!("the summary of {nk} classifiers"),
                found: format!("{} classifiers", sure.p_best.len()),
            });
        }
        let leader = sure.leader();
        let points: Vec<f64> = sure.yields.iter().map(|y| y.point).collect();
        let u = config.utility.matrix();
        let tol = 1e-12 * u.max().abs().max(u.min().abs());
        let known = if sure.p_best[leader] >= SETTLE_PROBABILITY {
            Some(Settle::AlreadySettled)
        } else if (0..nk).any(|k| k != leader && points[k] >= points[leader] - tol) {
            Some(Settle::Never)
        } else {
            None
        };
        let guess = if known.is_some() {
            1
        } else {
            first_guess(config, leader, &points)
        };
        Ok(SettleSearch {
            config: config.clone(),
            leader,
            guess,
            started: false,
            lo: 0,
            hi: None,
            known,
        })
    }

    /// The classifier the search is about.
    pub fn leader(&self) -> usize {
        self.leader
    }

    /// The first guess `N̂` (step 3 of the [module](self)).
    pub fn guess(&self) -> u64 {
        self.guess
    }

    /// What the search needs next: an evaluation, or the answer.
    pub fn next(&self) -> SettleStep {
        if let Some(known) = self.known {
            return SettleStep::Done(known);
        }
        if !self.started {
            return SettleStep::Evaluate { items: self.guess };
        }
        let lo = self.lo;
        match self.hi {
            None if lo >= SETTLE_CAP => SettleStep::Done(Settle::Never),
            None => {
                let up = if lo == self.guess {
                    lo.saturating_add(lo.div_ceil(4))
                } else {
                    SETTLE_CAP
                };
                SettleStep::Evaluate {
                    items: up.min(SETTLE_CAP),
                }
            }
            Some(1) if lo == 0 => SettleStep::Done(Settle::Settled { items: 1 }),
            Some(hi) if lo == 0 => {
                let down = if hi == self.guess { hi * 4 / 5 } else { 1 };
                SettleStep::Evaluate { items: down.max(1) }
            }
            Some(hi) if hi - lo <= (lo / 100).max(1) => {
                SettleStep::Done(Settle::Settled { items: hi })
            }
            Some(hi) => {
                let mid = ((lo as f64) * (hi as f64)).sqrt().floor() as u64;
                SettleStep::Evaluate {
                    items: mid.clamp(lo + 1, hi - 1),
                }
            }
        }
    }

    /// Records the leader's probability of being the best at the size [`next`](Self::next)
    /// asked for (nothing when it asked for none).
    pub fn record(&mut self, p_best: f64) {
        let SettleStep::Evaluate { items } = self.next() else {
            return;
        };
        self.started = true;
        if p_best >= SETTLE_PROBABILITY {
            self.hi = Some(self.hi.map_or(items, |h| h.min(items)));
        } else {
            self.lo = self.lo.max(items);
        }
    }

    /// The question at `items` test items per classifier: counts `items · M / N_k` (decided
    /// ones' too), everything else unchanged.
    ///
    /// # Errors
    /// `items` not in `1 ..=` [`SETTLE_CAP`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::mc::question::QuestionConfig;
    /// use ulab_core::mc::settle::SettleSearch;
    /// use ulab_core::mc::sure::sure;
    /// use ulab_core::examples::{factory_classifiers, factory_utility};
    /// let (u, [(_, a), (_, b)]) = (factory_utility(), factory_classifiers());
    /// let q = QuestionConfig::how_sure(u, vec![a, b]);
    /// let search = SettleSearch::new(&q, &sure(&q).unwrap()).unwrap();
    /// let at = search.config_at(250).unwrap();
    /// assert_eq!(at.classifiers[0].counts().to_string(), "67.5,37.5;57.5,87.5");
    /// assert_eq!((at.alpha, at.draws, at.seed), (q.alpha, q.draws, q.seed));
    /// ```
    pub fn config_at(&self, items: u64) -> Result<QuestionConfig, CoreError> {
        if !(1..=SETTLE_CAP).contains(&items) {
            return Err(CoreError::InvalidParameter {
                name: "test items",
                value: items as f64,
                expected: "a test-set size from 1 to 10⁹",
            });
        }
        let classifiers = self
            .config
            .classifiers
            .iter()
            .map(|cm| {
                let scaled = cm.normalized().map(|v| v * items as f64)?;
                ConfusionMatrix::new(scaled, Orientation::OutputRows)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let decided = self
            .config
            .decided
            .iter()
            .map(|m| {
                let total = m.total();
                DecisionCounts::new(m.counts().map(|v| v / total * items as f64)?)
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(QuestionConfig {
            classifiers,
            decided,
            ..self.config.clone()
        })
    }
}

/// `N̂ = max_k ⌈z² (w_L + w_k) / δ_k²⌉` in `1 ..=` [`SETTLE_CAP`] (step 3 of the
/// [module](self)); `points` are the yields of the counts, the leader's strictly the largest.
fn first_guess(config: &QuestionConfig, leader: usize, points: &[f64]) -> u64 {
    let z = norm_inv(SETTLE_PROBABILITY);
    let w: Vec<f64> = (0..points.len())
        .map(|k| unit_variance(config, k))
        .collect();
    let need = (0..points.len())
        .filter(|&k| k != leader)
        .map(|k| {
            let delta = points[leader] - points[k];
            z * z * (w[leader] + w[k]) / (delta * delta)
        })
        .fold(1.0, f64::max);
    if need.is_finite() {
        (need.ceil() as u64).clamp(1, SETTLE_CAP)
    } else {
        SETTLE_CAP
    }
}

/// `w` of the [module](self)'s step 3: `N′ ×` the yield's variance at `N′` items, for large
/// `N′`.
fn unit_variance(config: &QuestionConfig, k: usize) -> f64 {
    let n = config.utility.n_classes();
    let u = effective_utility(config, k);
    // The normalized counts `C`, row-major over the classifier's cells (as `u`).
    let c: Vec<f64> = match config.classifiers.get(k) {
        Some(cm) => (0..n * n).map(|k| cm.c(k / n, k % n)).collect(),
        None => {
            let m = &config.decided[k - config.classifiers.len()];
            m.counts().data().iter().map(|v| v / m.total()).collect()
        }
    };
    // The mean and variance of U over weights c (summing to s), divided by s.
    let moments = |cells: &mut dyn Iterator<Item = usize>| {
        let (mut s, mut m1, mut m2) = (0.0, 0.0, 0.0);
        for k in cells {
            s += c[k];
            m1 += c[k] * u[k];
            m2 += c[k] * u[k] * u[k];
        }
        (s, (m2 / s - (m1 / s) * (m1 / s)).max(0.0))
    };
    match &config.prevalence {
        None => moments(&mut (0..c.len())).1,
        Some(pi) => (0..n)
            .filter(|&j| pi[j] > 0.0)
            .map(|j| {
                let (f, var) = moments(&mut (0..c.len() / n).map(|i| i * n + j));
                pi[j] * pi[j] * var / f
            })
            .sum(),
    }
}

/// The leader's wins over the draws `draws` of `config` (a question at some size,
/// [`SettleSearch::config_at`]): draw `d` from its own stream `chunk_rng(seed, Settle, d)`
/// (its decided classifiers from `chunk_rng(seed, SettleDecided, d)`),
/// 1 when the leader's yield is the largest, `1/m` in an `m`-way tie. Sums over any split of
/// `0..config.draws` add up to the same total.
///
/// # Errors
/// An invalid config, `leader` out of range, or draws beyond `config.draws`.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::QuestionConfig;
/// use ulab_core::mc::settle::settle_wins;
/// use ulab_core::examples::{factory_classifiers, factory_utility};
/// let (u, [(_, a), (_, b)]) = (factory_utility(), factory_classifiers());
/// let q = QuestionConfig::how_sure(u, vec![a, b]);
/// let p = settle_wins(&q, 0, 0..q.draws).unwrap() / q.draws as f64;
/// assert!((p - 0.61).abs() < 0.03);
/// ```
pub fn settle_wins(
    config: &QuestionConfig,
    leader: usize,
    draws: Range<u64>,
) -> Result<f64, CoreError> {
    config.validate()?;
    if leader >= config.n_classifiers() || draws.start > draws.end || draws.end > config.draws {
        return Err(CoreError::InvalidParameter {
            name: "settle draws",
            value: draws.end as f64,
            expected: "a leader among the classifiers and draws within the question's",
        });
    }
    let mut kernel = Kernel::new(config);
    let has_decided = !config.decided.is_empty();
    let mut wins = 0.0;
    for d in draws {
        let mut decided = has_decided.then(|| chunk_rng(config.seed, Stream::SettleDecided, d));
        let y = kernel.draw(
            &mut chunk_rng(config.seed, Stream::Settle, d),
            decided.as_mut(),
        );
        let best = y.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if y[leader] == best {
            wins += 1.0 / y.iter().filter(|&&v| v == best).count() as f64;
        }
    }
    Ok(wins)
}

/// Runs the whole [`SettleSearch`] on this thread: how many test items would make the
/// classifier most likely to be the best ([`Sure::leader`]) the best with probability ≥ 0.95.
///
/// # Errors
/// An invalid config, or a summary of another number of classifiers.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::QuestionConfig;
/// use ulab_core::mc::settle::{items_to_settle, Settle};
/// use ulab_core::mc::sure::sure;
/// use ulab_core::examples::{factory_classifiers, factory_utility};
/// let (u, [(_, a), (_, b)]) = (factory_utility(), factory_classifiers());
/// // Two copies of A: equal yields, no number of items would settle it.
/// let q = QuestionConfig::how_sure(u.clone(), vec![a.clone(), a.clone()]);
/// assert_eq!(items_to_settle(&q, &sure(&q).unwrap()).unwrap().settle, Settle::Never);
/// // A against B at 100 000 items each: already settled.
/// let big = |cm: &ulab_core::ConfusionMatrix| {
///     ulab_core::ConfusionMatrix::from_counts(cm.counts().map(|v| v * 1000.0).unwrap()).unwrap()
/// };
/// let q = QuestionConfig::how_sure(u, vec![big(&a), big(&b)]);
/// let s = items_to_settle(&q, &sure(&q).unwrap()).unwrap();
/// assert_eq!((s.classifier, s.settle), (0, Settle::AlreadySettled));
/// ```
pub fn items_to_settle(config: &QuestionConfig, sure: &Sure) -> Result<ItemsToSettle, CoreError> {
    let mut search = SettleSearch::new(config, sure)?;
    loop {
        match search.next() {
            SettleStep::Done(settle) => {
                return Ok(ItemsToSettle {
                    classifier: search.leader(),
                    settle,
                });
            }
            SettleStep::Evaluate { items } => {
                let at = search.config_at(items)?;
                let wins = settle_wins(&at, search.leader(), 0..at.draws)?;
                search.record(wins / at.draws as f64);
            }
        }
    }
}
