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
//! 5. for each [`Ranker`] — every metric of [`scores::SCORE_METRICS`], and the erroneous
//!    utility — the difference of its values for the two classifiers (for
//!    [`Ranker::UTILITY`], the yield difference under the erroneous matrix);
//! 6. the pair is **mis-ranked** by the ranker unless both differences are positive or both
//!    negative ([`scores::misranked`]: ties are wrong).
//!
//! The percentage of mis-ranked pairs has the binomial standard error `100·√(f(1−f)/n)`.
//!
//! **Realized noise.** `σ` is the standard deviation of the noise *before* truncation.
//! Truncation shrinks the errors actually added; the run reports the realized standard
//! deviation: the sample standard deviation of all `4n` errors `U'_ij − U_ij` (four per pair,
//! pooled) around their mean, `√((Σe² − (Σe)²/4n)/(4n − 1))`.
//!
//! **Draws.** A chunk's pairs are drawn [`batch::BATCH`] at a time by [`batch::PairBatch`]:
//! the words of the generator first, quantity by quantity, then each variate from its word in
//! straight-line loops that the compiler vectorizes, the rare rejections (a Gaussian point
//! outside its domain, a column of the erroneous matrix out of `[0, 1]` or of order, a normal
//! outside its ziggurat rectangle) finished afterwards in order. The distribution is the
//! one-pair sampler's ([`Pair::sample`]); the rates are drawn as `½ + ½·max(U₁, U₂)`, which
//! has the distribution of `½ + ½√U` without a square root.
//!
//! **Reproducibility.** A run ([`McConfig`]) is cut into chunks of [`CHUNK_PAIRS`] pairs;
//! chunk `k` draws from its own generator [`rng::chunk_rng`]`(seed, Pairs, k)`. [`run_chunk`] is
//! a pure function of `(config, k)`, returning a [`Tally`] of integers (mis-ranked counts, and
//! the error sums in fixed point, `2⁻²⁸` units, rounded once per chunk); tallies are merged by
//! integer addition, so any split of the chunks over threads or web workers, merged in any
//! order, gives the same result bit for bit, natively and in wasm (no platform-dependent
//! transcendental function is used: see [`sampler`]).
//!
//! Modules: `config` ([`Prior`], [`McConfig`], chunks), `ranker` ([`Ranker`], [`PerRanker`]),
//! `pair` ([`Pair`], one sample), `tally` ([`Tally`], [`McResult`]), `run` ([`run_chunk`],
//! [`run`]); [`rng`] (streams, uniforms), [`sampler`] (normal, gamma, rates, priors, erroneous
//! matrix, one at a time), [`batch`] (the Monte Carlo's pairs, a batch at a time), [`scores`] (the metrics, naive and cross-multiplied), [`sweep`] (fig. 7),
//! [`scatter`] (figs 2–6), [`figures`] (what the page's figures ask the web workers for),
//! [`question`] (the user's own question), [`sure`] (the same draws as Compare shows them:
//! P(best) and 90 % intervals), [`settle`] (how many test items would settle it).

pub mod batch;
pub mod figures;
pub mod question;
pub mod rng;
pub mod sampler;
pub mod scatter;
pub mod scores;
pub mod settle;
pub mod sure;
pub mod sweep;
mod ziggurat;

mod posterior;

mod config;
mod pair;
mod ranker;
mod run;
mod tally;

pub use config::{CHUNK_PAIRS, MAX_TALLY_PAIRS, McConfig, Prior};
pub use pair::Pair;
pub use ranker::{PerRanker, Ranker};
pub use run::{run, run_chunk};
pub use tally::{ERROR_SCALE, McResult, Tally};
