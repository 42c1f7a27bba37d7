//! How sure: the paired Bayesian bootstrap over a test set's items (Rubin 1981).
//!
//! Each resample gives the `N` items weights `w ~ Dirichlet(1, …, 1)` (independent `Exp(1)`
//! variates divided by their sum), and each **arm** — a model with a decision rule — its
//! weighted yield `Y = Σ_i w_i u_i / Σ_i w_i`, with `u_i = U_{d_i, y_i}` the utility of the
//! arm's decision for item `i`. Under deployment shares `π`, each class is re-weighted to its
//! share: `Y = Σ_c π_c · (Σ_{i∈c} w_i u_i) / (Σ_{i∈c} w_i)`.
//!
//! **Paired**: every arm is weighed with the same weights in a resample, because every model
//! decided the same items; the uncertainty of a difference `Y_A − Y_B` then comes only from the
//! items on which A and B differ, and `P(A yields more than B)` is the share of resamples in
//! which `Y_A > Y_B` (ties count one half).
//!
//! **Cheap per resample.** Items are grouped by their class and the decisions of every arm
//! (hence their utilities); a group of `k` items shares one weight `G ~ Gamma(k)`, the sum of
//! its items' `Exp(1)` weights — the same distribution. A resample costs one variate per group
//! (at most `N`, usually far fewer) and one multiply-add per group and arm.
//!
//! **Seeded and chunked**: resample `r` draws from [`chunk_rng`]`(seed, Bootstrap, r)`, so a
//! run may be cut into slices of resamples ([`Bootstrap::run`]), computed in any order or in
//! web workers, and merged ([`Draws::extend`]): the summary is the same.

use super::decide::{Decider, Rule};
use super::table::{ModelProbs, ProbTable};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use ulab_core::error::{CoreError, check_count};
use ulab_core::mc::rng::{Stream, chunk_rng, uniform_open};
use ulab_core::mc::sampler::gamma;

/// The most resamples of a run.
pub const MAX_RESAMPLES: u64 = 1_000_000;

/// One model with one rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arm {
    /// The model's index among those given to [`Bootstrap::new`].
    pub model: usize,
    /// The rule.
    pub rule: Rule,
}

/// A test set's items grouped for the paired Bayesian bootstrap.
#[derive(Debug, Clone)]
pub struct Bootstrap {
    arms: Vec<Arm>,
    n: usize,
    /// Per group: its class, its number of items, and each arm's utility (`groups × arms`).
    class: Vec<u16>,
    count: Vec<u32>,
    utility: Vec<f64>,
    /// `π` under deployment shares.
    pi: Option<Vec<f64>>,
    seed: u64,
}

/// A fast hash for the groups' keys (FxHash's multiply-rotate).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u16(&mut self, v: u16) {
        self.write_u64(u64::from(v));
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Bootstrap {
    /// Groups `table`'s items by class and by each arm's decision — every model of `models`
    /// (e.g. the table's, and recalibrated ones) with both rules, arm `2m` the most probable
    /// class and `2m + 1` the optimal decision of model `m` — under `decider`'s utilities and
    /// shares. Linear in the items ([`BootstrapBuilder`] does it a slice of items at a time).
    ///
    /// # Errors
    /// No model, or one that does not fit the table or the decider.
    pub fn new(
        table: &ProbTable,
        models: &[&ModelProbs],
        decider: &Decider,
        seed: u64,
    ) -> Result<Bootstrap, CoreError> {
        let mut b = BootstrapBuilder::new(table, models, decider, seed)?;
        b.step(table, models, decider, table.n_items())?;
        Ok(b.finish())
    }

    /// The arms, in the order of every resample's yields.
    pub fn arms(&self) -> &[Arm] {
        &self.arms
    }

    /// Number of groups of items (the variates drawn per resample).
    pub fn n_groups(&self) -> usize {
        self.class.len()
    }

    /// Each arm's yield on the test set itself (all weights equal): the point estimates.
    pub fn observed(&self) -> Vec<f64> {
        let w: Vec<f64> = self.count.iter().map(|&k| f64::from(k)).collect();
        let mut out = vec![0.0; self.arms.len()];
        self.yields(&w, &mut out);
        out
    }

    /// The yields of every arm for group weights `w` (see the module's formula).
    fn yields(&self, w: &[f64], out: &mut [f64]) {
        let a = self.arms.len();
        let mut wc = vec![0.0; self.n];
        let mut s = vec![0.0; self.n * a];
        for (g, &wg) in w.iter().enumerate() {
            let c = usize::from(self.class[g]);
            wc[c] += wg;
            let row = &self.utility[g * a..(g + 1) * a];
            for (acc, u) in s[c * a..(c + 1) * a].iter_mut().zip(row) {
                *acc += wg * u;
            }
        }
        for (k, y) in out.iter_mut().enumerate() {
            *y = match &self.pi {
                None => {
                    let total: f64 = wc.iter().sum();
                    (0..self.n).map(|c| s[c * a + k]).sum::<f64>() / total
                }
                Some(pi) => (0..self.n)
                    .filter(|&c| wc[c] > 0.0)
                    .map(|c| pi[c] * s[c * a + k] / wc[c])
                    .sum(),
            };
        }
    }

    /// Resample `r`'s yields of every arm, appended to `out`: group weights
    /// `G_g ~ Gamma(k_g)` (`Exp(1) = −ln U` for one item) from resample `r`'s own generator.
    pub fn resample(&self, r: u64, out: &mut Vec<f64>) {
        let mut rng = chunk_rng(self.seed, Stream::Bootstrap, r);
        let w: Vec<f64> = self
            .count
            .iter()
            .map(|&k| {
                if k == 1 {
                    -libm::log(uniform_open(&mut rng))
                } else {
                    gamma(&mut rng, f64::from(k))
                }
            })
            .collect();
        let start = out.len();
        out.resize(start + self.arms.len(), 0.0);
        self.yields(&w, &mut out[start..]);
    }

    /// The resamples `range` (at most [`MAX_RESAMPLES`] in all).
    ///
    /// # Examples
    ///
    /// Two models on ten items: A right on items 0–7, B on 0–6. Paired, B never beats A.
    ///
    /// ```
    /// use ulab_core::UtilityMatrix;
    /// use ulab_probs::{bootstrap::Bootstrap, Decider, ProbTable};
    /// let truth: Vec<usize> = (0..10).map(|i| i % 2).collect();
    /// let model = |right: usize| -> Vec<f64> {
    ///     (0..10).flat_map(|i| if (i < right) == (i % 2 == 0) { [0.8, 0.2] } else { [0.2, 0.8] }).collect()
    /// };
    /// let t = ProbTable::new(2, vec!["A".into(), "B".into()], truth, vec![model(8), model(7)]).unwrap();
    /// let d = Decider::new(&UtilityMatrix::identity(2).unwrap(), None).unwrap();
    /// let b = Bootstrap::new(&t, &[&t.models()[0], &t.models()[1]], &d, 1).unwrap();
    /// assert_eq!(b.observed(), vec![0.8, 0.8, 0.7, 0.7]);
    /// let s = b.run(0..2000).summary();
    /// assert_eq!(s.better(0, 2), 1.0); // P(A > B) under either rule, paired
    /// assert!(s.arms[0].lo < 0.7 && s.arms[0].hi > 0.85); // yet the intervals overlap
    /// ```
    pub fn run(&self, range: std::ops::Range<u64>) -> Draws {
        let end = range.end.min(MAX_RESAMPLES);
        let mut values = Vec::with_capacity(
            (end.saturating_sub(range.start) as usize).saturating_mul(self.arms.len()),
        );
        for r in range.start..end {
            self.resample(r, &mut values);
        }
        Draws {
            arms: self.arms.len(),
            values,
        }
    }
}

/// A [`Bootstrap`] built a slice of items at a time, so that a page can group 10⁶ items
/// without a long task: [`BootstrapBuilder::step`] until it says done, then
/// [`BootstrapBuilder::finish`]. The groups, and so every resample, are those of
/// [`Bootstrap::new`] whatever the slices.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_probs::{bootstrap::{Bootstrap, BootstrapBuilder}, Decider, ProbTable};
/// let t = ProbTable::new(2, vec!["A".into()], vec![0, 1, 1, 0, 1],
///     vec![vec![0.9, 0.1, 0.4, 0.6, 0.7, 0.3, 0.2, 0.8, 0.1, 0.9]]).unwrap();
/// let d = Decider::new(&UtilityMatrix::identity(2).unwrap(), None).unwrap();
/// let models = [&t.models()[0]];
/// let mut b = BootstrapBuilder::new(&t, &models, &d, 7).unwrap();
/// while !b.step(&t, &models, &d, 2).unwrap() {} // report b.progress() meanwhile
/// let whole = Bootstrap::new(&t, &models, &d, 7).unwrap();
/// assert_eq!(b.finish().run(0..50), whole.run(0..50));
/// ```
#[derive(Debug, Clone)]
pub struct BootstrapBuilder {
    b: Bootstrap,
    groups: HashMap<Box<[u16]>, usize, BuildHasherDefault<KeyHasher>>,
    key: Vec<u16>,
    next: usize,
    items: usize,
}

impl BootstrapBuilder {
    /// Starts grouping `table`'s items for the arms of `models` (see [`Bootstrap::new`]).
    ///
    /// # Errors
    /// No model, or one that does not fit the table or the decider.
    pub fn new(
        table: &ProbTable,
        models: &[&ModelProbs],
        decider: &Decider,
        seed: u64,
    ) -> Result<BootstrapBuilder, CoreError> {
        check_count(
            "models",
            models.len(),
            1,
            ulab_core::limits::MAX_CLASSIFIERS * 2,
        )?;
        for m in models {
            table.check_model(m)?;
        }
        let n = table.n_classes();
        if decider.n_classes() != n {
            return Err(CoreError::DimensionMismatch {
                expected: format!("a utility matrix with {n} columns"),
                found: format!("{} columns", decider.n_classes()),
            });
        }
        let arms: Vec<Arm> = (0..models.len())
            .flat_map(|model| Rule::BOTH.map(|rule| Arm { model, rule }))
            .collect();
        Ok(BootstrapBuilder {
            b: Bootstrap {
                arms,
                n,
                class: Vec::new(),
                count: Vec::new(),
                utility: Vec::new(),
                pi: decider.shares().map(|s| s.deployment().to_vec()),
                seed,
            },
            groups: HashMap::default(),
            key: vec![0u16; 1 + 2 * models.len()],
            next: 0,
            items: table.n_items(),
        })
    }

    /// Groups the next `max_items` items (at least one); whether every item is grouped. The
    /// table, models and decider must be those given to [`BootstrapBuilder::new`].
    ///
    /// # Errors
    /// Other models than those the builder was started with.
    pub fn step(
        &mut self,
        table: &ProbTable,
        models: &[&ModelProbs],
        decider: &Decider,
        max_items: usize,
    ) -> Result<bool, CoreError> {
        if models.len() * 2 != self.b.arms.len() || table.n_items() != self.items {
            return Err(CoreError::DimensionMismatch {
                expected: format!("{} models of {} items", self.b.arms.len() / 2, self.items),
                found: format!("{} models of {} items", models.len(), table.n_items()),
            });
        }
        for m in models {
            table.check_model(m)?;
        }
        let end = (self.next + max_items.max(1)).min(self.items);
        let mut scratch = decider.scratch();
        for (i, &y) in table.truth()[self.next..end]
            .iter()
            .enumerate()
            .map(|(k, y)| (self.next + k, y))
        {
            self.key[0] = y;
            for (m, model) in models.iter().enumerate() {
                let (mp, opt) = decider.decide_into(model.item(i), &mut scratch);
                self.key[1 + 2 * m] = mp as u16;
                self.key[2 + 2 * m] = opt as u16;
            }
            if let Some(&g) = self.groups.get(&self.key[..]) {
                self.b.count[g] += 1;
                continue;
            }
            let b = &mut self.b;
            self.groups
                .insert(self.key.clone().into_boxed_slice(), b.class.len());
            b.class.push(y);
            b.count.push(1);
            let c = usize::from(y);
            b.utility.extend(
                self.key[1..]
                    .iter()
                    .map(|&d| decider.utility(usize::from(d), c)),
            );
        }
        self.next = end;
        Ok(self.next >= self.items)
    }

    /// Items grouped, and items in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.items)
    }

    /// The bootstrap of the items grouped so far (all of them once [`BootstrapBuilder::step`]
    /// has said done).
    pub fn finish(self) -> Bootstrap {
        self.b
    }
}

/// The yields of resamples, every arm's per resample.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Draws {
    /// Arms per resample.
    pub arms: usize,
    /// Resample after resample, one yield per arm.
    pub values: Vec<f64>,
}

/// One arm's bootstrap distribution.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ArmSummary {
    /// The mean yield over the resamples.
    pub mean: f64,
    /// The 5 % quantile (the lower end of the 90 % interval).
    pub lo: f64,
    /// The 95 % quantile.
    pub hi: f64,
}

/// The summary of a run: each arm's distribution and, for each pair, `P(A > B)` and the 90 %
/// interval of the difference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Resamples.
    pub resamples: usize,
    /// Per arm.
    pub arms: Vec<ArmSummary>,
    /// `better[a·A + b]`: the share of resamples in which arm `a` yields more than arm `b`
    /// (ties count one half).
    pub better: Vec<f64>,
    /// `difference[a·A + b]`: the distribution of `Y_a − Y_b`.
    pub difference: Vec<ArmSummary>,
}

impl Summary {
    /// `P(arm a yields more than arm b)`; `NaN`-free: 0.5 without resamples.
    pub fn better(&self, a: usize, b: usize) -> f64 {
        self.better
            .get(a * self.arms.len() + b)
            .copied()
            .unwrap_or(0.5)
    }
}

/// The `q`-quantile of sorted values by linear interpolation (numpy's default, "type 7"):
/// `h = (n − 1)·q`, `x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋ + 1] − x[⌊h⌋])`.
///
/// # Examples
///
/// ```
/// use ulab_probs::bootstrap::quantile;
/// assert_eq!(quantile(&[1.0, 2.0, 3.0, 4.0, 5.0], 0.05), 1.2);
/// ```
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let h = (sorted.len() - 1) as f64 * q.clamp(0.0, 1.0);
    let i = h.floor() as usize;
    let next = sorted[(i + 1).min(sorted.len() - 1)];
    sorted[i] + (h - i as f64) * (next - sorted[i])
}

/// Mean and 90 % interval of values (summed in sorted order: the same whatever order they
/// came in).
fn describe(mut v: Vec<f64>) -> ArmSummary {
    ulab_core::order::sort_ascending(&mut v);
    let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
    ArmSummary {
        mean,
        lo: quantile(&v, 0.05),
        hi: quantile(&v, 0.95),
    }
}

impl Draws {
    /// Appends another slice of resamples (of the same bootstrap).
    pub fn extend(&mut self, other: &Draws) {
        if self.arms == 0 {
            self.arms = other.arms;
        }
        if other.arms == self.arms {
            self.values.extend_from_slice(&other.values);
        }
    }

    /// Number of resamples.
    pub fn resamples(&self) -> usize {
        self.values.len() / self.arms.max(1)
    }

    /// Each arm's mean and 90 % interval (5 % and 95 % quantiles), and for each pair
    /// `P(A > B)` and the distribution of the difference. The same whatever the order of the
    /// resamples.
    pub fn summary(&self) -> Summary {
        let a = self.arms;
        let r = self.resamples();
        let col = |k: usize| -> Vec<f64> { (0..r).map(|i| self.values[i * a + k]).collect() };
        let arms = (0..a).map(|k| describe(col(k))).collect();
        let mut better = vec![0.5; a * a];
        let mut difference = Vec::with_capacity(a * a);
        for x in 0..a {
            for y in 0..a {
                let d: Vec<f64> = (0..r)
                    .map(|i| self.values[i * a + x] - self.values[i * a + y])
                    .collect();
                if r > 0 {
                    let wins = d.iter().filter(|&&v| v > 0.0).count() as f64;
                    let ties = d.iter().filter(|&&v| v == 0.0).count() as f64;
                    better[x * a + y] = (wins + 0.5 * ties) / r as f64;
                }
                difference.push(describe(d));
            }
        }
        Summary {
            resamples: r,
            arms,
            better,
            difference,
        }
    }
}
