//! The draws of the user's question one at a time: the kernel that every consumer of the
//! question shares ([`question_chunk`](super::question::question_chunk), [`QuestionSlices`],
//! and the search of [`settle`](super::settle)), so that there is one sampler.
//!
//! One draw, for a validated [`QuestionConfig`] (`n` classes, `K` classifiers: the
//! [`classifiers`](QuestionConfig::classifiers), then the [`decided`](QuestionConfig::decided)):
//! 1. if `σ > 0`, the noisy utilities `U'_dj = U_dj + (U_max − U_min)·σ·Z_dj`, row-major over
//!    the `n × n` block of the decisions the classifiers output — over every decision's row
//!    when some classifier is remapped ([`QuestionConfig::remap`]) — otherwise `U' = U`;
//! 2. for each classifier `k` in turn, independent gammas `G_ij ~ Gamma(M_ij + α)`, row-major
//!    over its cells (`n × n`, or `n_d × n` for a decided one); the normalized matrix
//!    `C_ij = G_ij / Σ G` is a draw of `Dirichlet(M + α)`;
//! 3. its yield: without deployment shares `Y_k = Σ_ij U'_ij C_ij`; with shares `π`,
//!    `Y_k = Σ_j π_j Σ_i U'_ij G_ij / Σ_i G_ij` — the draw re-weighted to `π` by its **own**
//!    class shares `f_j = Σ_i C_ij`: `C'_ij = C_ij π_j / f_j`. The conditional column
//!    `C_ij / f_j = G_ij / Σ_i G_ij` is the draw's `p(output i | class j)`, a
//!    `Dirichlet(M_·j + α)` draw independent of the other columns, so the draw's class shares
//!    (the test set's, which deployment does not keep) drop out and only the uncertainty of
//!    the per-class rates remains. (Re-weighting by the *counts'* shares instead would keep the
//!    sampling noise of the test set's class shares in a deployment whose shares are known.)
//!
//! A remapped classifier (output `i` taken as decision `d_k(i)`, e.g. Decide's, whose outputs
//! go to their optimal decisions) reads `U'_{d_k(i) j}` for its cell `(i, j)`: its Dirichlet
//! posterior is still that of its own output counts. A decided classifier (decision `d` ×
//! class `j` counts, [`crate::DecisionCounts`]) reads `U'_dj` for its cell `(d, j)`, every
//! decision's row. The decided classifiers draw from a stream of their own
//! ([`Stream::QuestionDecided`], [`Stream::SettleDecided`]), and so does the noise of the
//! decisions beyond the first `n` when no classifier is remapped (only the decided ones read
//! them): the draws of the other classifiers are those of the question without the decided
//! ones, bit for bit.
//!
//! A draw in which every gamma of a classifier (or of a column) underflowed to 0 (only
//! possible when all its shapes are ≪ 1) uses the Dirichlet mean instead. A constant utility
//! matrix (allowed with `σ = 0`) gives every classifier that constant in every draw, without
//! drawing: an exact tie, not one decided by rounding.

use super::question::config::{QuestionConfig, question_chunk_len};
use super::question::tally::QuestionTally;
use super::rng::{McRng, Stream, chunk_rng};
use super::sampler::{self, Gamma};
use crate::error::CoreError;

/// The state of the draws of one question: its utilities, shapes and scratch space.
#[derive(Debug, Clone)]
pub(crate) struct Kernel {
    /// The utilities `U_dj`, row-major over the `n × n` block (every decision's row when some
    /// classifier is remapped or decided).
    base: Vec<f64>,
    /// The draw's utilities `U'_dj`.
    noisy: Vec<f64>,
    /// `(U_max − U_min)·σ`: the standard deviation of the utility noise, in the user's units.
    scale: f64,
    /// How many entries of `noisy` are drawn at the start of a draw; the others (the extra
    /// decisions' rows, when no classifier is remapped) with the decided classifiers.
    early: usize,
    /// The number of [`QuestionConfig::classifiers`]: the decided ones follow.
    plain: usize,
    /// Per classifier, the gamma distributions of shapes `M_ij + α`, row-major over its own
    /// cells (`n²`, or `n_d · n` for a decided one).
    shapes: Vec<Vec<Gamma>>,
    /// Per classifier, the index in `noisy` of each of its cells' utility (a remapped one), or
    /// `None`: its cells' utilities are the first `shapes[k].len()` of `noisy`.
    cells: Vec<Option<Vec<usize>>>,
    /// Scratch: a remapped classifier's utilities.
    gathered: Vec<f64>,
    /// The deployment shares `π`, if any.
    prevalence: Option<Vec<f64>>,
    /// Scratch: per column `Σ_i U'_ij G_ij` and `Σ_i G_ij`.
    col_num: Vec<f64>,
    col_den: Vec<f64>,
    /// The yields of the last draw.
    current: Vec<f64>,
    /// Whether every utility is the same (and `σ = 0`): every yield is that value.
    flat: bool,
}

impl Kernel {
    /// The kernel of `config` (which the caller has validated).
    pub(crate) fn new(config: &QuestionConfig) -> Kernel {
        let n = config.utility.n_classes();
        let u = config.utility.matrix();
        let scale = if config.sigma > 0.0 {
            (u.max() - u.min()) * config.sigma
        } else {
            0.0
        };
        let rows = if config.remap.is_some() || !config.decided.is_empty() {
            config.utility.n_decisions()
        } else {
            n
        };
        let base: Vec<f64> = (0..rows * n).map(|k| u.get(k / n, k % n)).collect();
        let early = if config.remap.is_some() {
            rows * n
        } else {
            n * n
        };
        let plain = config.classifiers.len();
        let mut cells: Vec<Option<Vec<usize>>> = match &config.remap {
            Some(maps) => maps
                .iter()
                .map(|d| Some((0..n * n).map(|k| d[k / n] * n + k % n).collect()))
                .collect(),
            None => vec![None; plain],
        };
        cells.resize(config.n_classifiers(), None);
        let gamma = |v: f64| Gamma::new(v + config.alpha);
        let mut shapes: Vec<Vec<Gamma>> = config
            .classifiers
            .iter()
            .map(|cm| (0..n * n).map(|k| gamma(cm.get(k / n, k % n))).collect())
            .collect();
        shapes.extend(
            config
                .decided
                .iter()
                .map(|m| m.counts().data().iter().map(|&v| gamma(v)).collect()),
        );
        Kernel {
            noisy: base.clone(),
            base,
            scale,
            early,
            plain,
            shapes,
            cells,
            gathered: vec![0.0; n * n],
            prevalence: config.prevalence.clone(),
            col_num: vec![0.0; n],
            col_den: vec![0.0; n],
            current: vec![0.0; config.n_classifiers()],
            flat: scale == 0.0 && u.max() == u.min(),
        }
    }

    /// Number of classifiers `K`.
    pub(crate) fn classifiers(&self) -> usize {
        self.current.len()
    }

    /// Draws the noise of the utilities `range` of `noisy`.
    fn add_noise(&mut self, rng: &mut McRng, range: std::ops::Range<usize>) {
        for (v, b) in self.noisy[range.clone()].iter_mut().zip(&self.base[range]) {
            *v = b + self.scale * sampler::standard_normal(rng);
        }
    }

    /// One draw: the yield of every classifier, the utility noise and the classifiers of
    /// [`QuestionConfig::classifiers`] from `rng`, the noise of the decisions only the decided
    /// classifiers read (none if some classifier is remapped) and the decided classifiers from
    /// `decided` (`rng` too if `None`).
    pub(crate) fn draw(&mut self, rng: &mut McRng, decided: Option<&mut McRng>) -> &[f64] {
        if self.flat {
            self.current.fill(self.base[0]);
            return &self.current;
        }
        if self.scale > 0.0 {
            self.add_noise(rng, 0..self.early);
        }
        for k in 0..self.plain {
            self.current[k] = self.yield_of(k, rng);
        }
        if self.plain < self.shapes.len() {
            let rng = decided.unwrap_or(rng);
            if self.scale > 0.0 {
                self.add_noise(rng, self.early..self.noisy.len());
            }
            for k in self.plain..self.shapes.len() {
                self.current[k] = self.yield_of(k, rng);
            }
        }
        &self.current
    }

    /// Classifier `k`'s yield from fresh gammas, with the draw's utilities.
    fn yield_of(&mut self, k: usize, rng: &mut McRng) -> f64 {
        let shape = &self.shapes[k];
        let u: &[f64] = match &self.cells[k] {
            None => &self.noisy[..shape.len()],
            Some(cells) => {
                for (g, &c) in self.gathered.iter_mut().zip(cells) {
                    *g = self.noisy[c];
                }
                &self.gathered
            }
        };
        match &self.prevalence {
            None => joint_yield(rng, shape, u),
            Some(pi) => {
                let (num, den) = (&mut self.col_num, &mut self.col_den);
                deployed_yield(rng, shape, u, pi, num, den)
            }
        }
    }
}

/// `Σ_ij U_ij G_ij / Σ_ij G_ij` for fresh gammas `G_ij ~ Gamma(shape_ij)`, row-major.
fn joint_yield(rng: &mut McRng, shape: &[Gamma], u: &[f64]) -> f64 {
    let (mut num, mut den) = (0.0, 0.0);
    for (s, v) in shape.iter().zip(u) {
        let g = s.sample(rng);
        num += v * g;
        den += g;
    }
    if den.is_nan() || den <= 0.0 {
        // Every gamma underflowed (only possible with all shapes ≪ 1): use the mean.
        num = shape.iter().zip(u).map(|(s, v)| s.shape() * v).sum();
        den = shape.iter().map(Gamma::shape).sum();
    }
    num / den
}

/// `Σ_j π_j Σ_i U_ij G_ij / Σ_i G_ij` for fresh gammas over any number of rows (drawn row-major, as [`joint_yield`]
/// draws them, so that a question with and without shares uses the same random numbers).
/// Columns with `π_j = 0` add nothing; validation ensures the others have positive shapes.
fn deployed_yield(
    rng: &mut McRng,
    shape: &[Gamma],
    u: &[f64],
    pi: &[f64],
    num: &mut [f64],
    den: &mut [f64],
) -> f64 {
    let n = pi.len();
    num.fill(0.0);
    den.fill(0.0);
    for (k, (s, v)) in shape.iter().zip(u).enumerate() {
        let g = s.sample(rng);
        num[k % n] += v * g;
        den[k % n] += g;
    }
    let mut y = 0.0;
    for j in (0..n).filter(|&j| pi[j] > 0.0) {
        y += pi[j]
            * if den[j] > 0.0 {
                num[j] / den[j]
            } else {
                // Every gamma of the column underflowed: its mean (over the classifier's own
                // rows, `n_d` for a decided one).
                let col = || (0..shape.len() / n).map(|i| i * n + j);
                let s = |k: usize| shape[k].shape();
                col().map(|k| s(k) * u[k]).sum::<f64>() / col().map(s).sum::<f64>()
            };
    }
    y
}

/// Classifier `k`'s utilities, row-major over its cells: for one of
/// [`QuestionConfig::classifiers`], its `n × n` cells' `U_{d(i) j}` for output `i` taken as
/// decision `d(i)` ([`QuestionConfig::remap`]; `d(i) = i` if not remapped); for a decided one
/// (`k ≥ classifiers.len()`, [`QuestionConfig::decided`]), every decision's row, `U_dj` at
/// `d · n + j`. For a valid config and `k < K`.
pub(crate) fn effective_utility(config: &QuestionConfig, k: usize) -> Vec<f64> {
    let (u, n) = (config.utility.matrix(), config.utility.n_classes());
    if k >= config.classifiers.len() {
        return u.data().to_vec();
    }
    let decision = |i: usize| {
        config
            .remap
            .as_ref()
            .and_then(|maps| maps.get(k))
            .and_then(|d| d.get(i).copied())
            .unwrap_or(i)
    };
    (0..n * n).map(|c| u.get(decision(c / n), c % n)).collect()
}

/// Adds one draw's wins: 1 to the classifier with the largest yield, `1/m` to each of an
/// `m`-way tie (so the wins of a draw sum to 1).
pub(crate) fn add_wins(wins: &mut [f64], yields: &[f64]) {
    let best = yields.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ties = yields.iter().filter(|&&y| y == best).count() as f64;
    for (w, &y) in wins.iter_mut().zip(yields) {
        if y == best {
            *w += 1.0 / ties;
        }
    }
}

/// One chunk of a question drawn in slices, for a caller that must not block for the whole
/// chunk (the page's main thread): [`step`](QuestionSlices::step) draws at most a given number
/// of draws and returns; the chunk's random stream continues where it stopped, so the tally is
/// [`question_chunk`](super::question::question_chunk)'s, bit for bit, whatever the slices.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::question::{question_chunk, QuestionConfig, QuestionSlices};
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// let mut q = QuestionConfig::new(
///     UtilityMatrix::parse("15,-335;-35,165").unwrap(),
///     vec![ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap(),
///          ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap()],
/// );
/// q.draws = 1000;
/// let mut s = QuestionSlices::new(&q, 0).unwrap();
/// while !s.step(300) {} // e.g. one slice per animation frame
/// assert_eq!(s.into_tally(), question_chunk(&q, 0).unwrap());
/// ```
#[derive(Debug, Clone)]
pub struct QuestionSlices {
    kernel: Kernel,
    rng: McRng,
    decided_rng: McRng,
    remaining: u64,
    tally: QuestionTally,
}

impl QuestionSlices {
    /// Chunk `chunk` of `config`, nothing drawn yet.
    ///
    /// # Errors
    /// An invalid config ([`QuestionConfig::validate`]) or `chunk ≥ config.chunks()`.
    pub fn new(config: &QuestionConfig, chunk: u64) -> Result<QuestionSlices, CoreError> {
        let len = question_chunk_len(config, chunk)?;
        let kernel = Kernel::new(config);
        let k = kernel.classifiers();
        Ok(QuestionSlices {
            kernel,
            rng: chunk_rng(config.seed, Stream::Question, chunk),
            decided_rng: chunk_rng(config.seed, Stream::QuestionDecided, chunk),
            remaining: len,
            tally: QuestionTally {
                draws: 0,
                wins: vec![0.0; k],
                yields: vec![Vec::with_capacity(len as usize); k],
            },
        })
    }

    /// Draws at most `max_draws` more draws; returns whether the chunk is complete.
    pub fn step(&mut self, max_draws: u64) -> bool {
        let todo = self.remaining.min(max_draws);
        for _ in 0..todo {
            let y = self.kernel.draw(&mut self.rng, Some(&mut self.decided_rng));
            add_wins(&mut self.tally.wins, y);
            for (v, &yk) in self.tally.yields.iter_mut().zip(y) {
                v.push(yk);
            }
        }
        self.tally.draws += todo;
        self.remaining -= todo;
        self.remaining == 0
    }

    /// Whether every draw of the chunk is done.
    pub fn is_done(&self) -> bool {
        self.remaining == 0
    }

    /// The draws done so far (the whole chunk once [`step`](QuestionSlices::step) returned
    /// `true`).
    pub fn into_tally(self) -> QuestionTally {
        self.tally
    }
}
