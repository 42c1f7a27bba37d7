//! Pairs drawn in batches ([`PairBatch`]): the distribution of [`Pair::sample`], in an order of
//! the draws that lets the compiler vectorize the work and leaves almost no branch to
//! mispredict. This is how the Monte Carlo ([`super::run_chunk`]) draws its pairs.
//!
//! **Words first.** A batch of `n =` [`BATCH`] pairs first draws the 64-bit words its pairs
//! need in the usual case, eleven per pair, quantity by quantity: `n` words for the true
//! point's `x`, `n` for its `y`, then `p`, `a₁`, `b₁`, `a₂`, `b₂`, then one per entry of the
//! erroneous matrix (`n` for `U'00`, `n` for `U'10`, `n` for `U'11`, `n` for `U'01`). Each word becomes its
//! variate in straight-line loops over arrays, with integer and floating-point operations that
//! vectorize: uniforms of 52 bits `⌊w / 2¹²⌋·2⁻⁵²` (exponent bits set on the word, see
//! [`rng`](super::rng)); the point of [`Prior::Uniform`] as in [`sampler::utility_point`]; `p`
//! as [`sampler::class_share`]; each rate as `½ + ½·max(U₁, U₂)` from the word's two 32-bit
//! halves, which has the distribution of [`sampler::rate`]'s `½ + ½√U` (`P(max ≤ t) = t²`)
//! without a square root; normal variates by the ziggurat of [`sampler::standard_normal`],
//! whose first candidate is computed for every word at once.
//!
//! **Then the exceptions, in order.** A point of [`Prior::Gaussian`] outside its domain, a
//! normal candidate outside its ziggurat rectangle (≈ 1 % of them), and a column of the
//! erroneous matrix outside `[0, 1]` or out of order are marked in the straight-line passes and
//! finished afterwards in index order, drawing further words from the same generator: a missed
//! normal is completed by the rest of the ziggurat algorithm (so that it is exactly `N(0, 1)`);
//! a rejected Gaussian point is drawn again by [`sampler::utility_point`]; the rejected columns
//! get a new proposal each, from two fresh words, in a further straight-line round, and so on
//! until every column is accepted (for `σ > 1`, the columns are drawn one by one as in
//! [`sampler::erroneous_utility`], with its uniform proposal).
//!
//! **Why the distribution is the one-pair sampler's.** Each column `(d', o')` of the erroneous
//! matrix is drawn by rejection, exactly as in [`sampler::erroneous_utility`]: proposals
//! `(v_d + σZ_d, v_o + σZ_o)`, with the folding of [`sampler::truncated_entry`] on the bounds 0
//! and 1, until one is in `[0, 1]` and in order (`d' ≥ o'`) — which gives the normal
//! conditioned on these constraints, whole matrix or column by column alike. Only the order in
//! which the proposals take their words changes (every pair's first proposal, then the second
//! proposals of the rejected ones, …); the proposals stay independent. Likewise for the
//! Gaussian point. The words a pair uses depend only on the chunk's generator, so a chunk's
//! numbers are the same on every platform and for any number of threads.
//!
//! In the web worker's build (the crate's feature `simd`, wasm32 only) the loops of this module
//! and of [`super::run_chunk`]'s scoring are compiled with wasm SIMD (`simd128`): the same
//! numbers (IEEE operations lane by lane); docs/benchmarks.md gives the speeds.
//!
//! The test `batched_pairs_have_the_one_pair_distribution` (`tests/it/mc_stream.rs`) checks the
//! equivalence statistically; its long version compares 10⁷ pairs of each.

use super::rng::{ONE_BITS, uniform_open_of, uniform52_of};
use super::sampler::{self, hexagon_point, normal_candidate, normal_from, utility_entries};
use super::{Pair, Prior};
use rand::RngCore;

mod columns;

/// Pairs per [`PairBatch`].
pub const BATCH: usize = 256;

/// Words drawn first for each pair of a batch (see the module's documentation).
const WORDS: usize = 11;

/// A batch of at most [`BATCH`] pairs, one array per quantity (structure of arrays). Fill it
/// with [`PairBatch::draw`]; read pair `i` with [`PairBatch::pair`] or the arrays.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::batch::PairBatch;
/// use ulab_core::mc::rng::{chunk_rng, Stream};
/// use ulab_core::mc::Prior;
/// let mut batch = PairBatch::new();
/// batch.draw(&mut chunk_rng(1, Stream::Pairs, 0), Prior::Uniform, 0.1, 100);
/// assert_eq!(batch.len(), 100);
/// let pair = batch.pair(7);
/// assert!(pair.erroneous[0] >= pair.erroneous[2] && pair.erroneous[3] >= pair.erroneous[1]);
/// assert!(pair.tpr.iter().chain(&pair.tnr).all(|r| (0.5..=1.0).contains(r)));
/// ```
#[derive(Clone)]
pub struct PairBatch {
    len: usize,
    /// The class-0 shares `p`.
    pub p: [f64; BATCH],
    /// The true-positive rates of classifier 1.
    pub a1: [f64; BATCH],
    /// The true-negative rates of classifier 1.
    pub b1: [f64; BATCH],
    /// The true-positive rates of classifier 2.
    pub a2: [f64; BATCH],
    /// The true-negative rates of classifier 2.
    pub b2: [f64; BATCH],
    /// The true utility matrices, entry by entry (row-major: `u[0]` holds every `U00`).
    pub u: [[f64; BATCH]; 4],
    /// The erroneous utility matrices, entry by entry.
    pub e: [[f64; BATCH]; 4],
    words: [[u64; BATCH]; WORDS],
    redo: [u16; BATCH],
}

impl Default for PairBatch {
    fn default() -> PairBatch {
        PairBatch {
            len: 0,
            p: [0.0; BATCH],
            a1: [0.0; BATCH],
            b1: [0.0; BATCH],
            a2: [0.0; BATCH],
            b2: [0.0; BATCH],
            u: [[0.0; BATCH]; 4],
            e: [[0.0; BATCH]; 4],
            words: [[0; BATCH]; WORDS],
            redo: [0; BATCH],
        }
    }
}

/// The sums `Σe` and `Σe²` of utility errors, in two partial sums each
/// ([`PairBatch::add_error_sums`]).
///
/// # Examples
///
/// ```
/// use ulab_core::mc::batch::{ErrorSums, PairBatch};
/// use ulab_core::mc::rng::{chunk_rng, Stream};
/// use ulab_core::mc::Prior;
/// let mut batch = PairBatch::new();
/// batch.draw(&mut chunk_rng(1, Stream::Pairs, 0), Prior::Uniform, 0.0, 9);
/// let mut sums = ErrorSums::default();
/// batch.add_error_sums(&mut sums);
/// assert_eq!(sums.totals(), (0.0, 0.0)); // σ = 0: no error
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ErrorSums {
    sum: [f64; 2],
    sum_sq: [f64; 2],
}

impl ErrorSums {
    /// `(Σe, Σe²)`: each the sum of its two partial sums.
    pub fn totals(&self) -> (f64, f64) {
        (self.sum[0] + self.sum[1], self.sum_sq[0] + self.sum_sq[1])
    }
}

/// Which words of a batch hold what.
const WX: usize = 0;
const WY: usize = 1;
const WP: usize = 2;
const WA1: usize = 3;
const WB1: usize = 4;
const WA2: usize = 5;
const WB2: usize = 6;

impl PairBatch {
    /// An empty batch (on the heap: a batch is about 50 KB).
    pub fn new() -> Box<PairBatch> {
        Box::default()
    }

    /// The number of pairs drawn by the last [`PairBatch::draw`].
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the batch holds no pair.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds the utility errors `e = U'_ij − U_ij` of the batch's pairs to `sums`: `Σe` and
    /// `Σe²`, four errors per pair, accumulated in a fixed order that vectorizes — two partial
    /// sums, of the even and of the odd pairs (each pair's four terms added as
    /// `(e₀₀ + e₀₁) + (e₁₀ + e₁₁)`). The same batches give the same sums on every platform.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::mc::batch::{ErrorSums, PairBatch};
    /// use ulab_core::mc::rng::{chunk_rng, Stream};
    /// use ulab_core::mc::Prior;
    /// let mut batch = PairBatch::new();
    /// batch.draw(&mut chunk_rng(1, Stream::Pairs, 0), Prior::Uniform, 0.1, 200);
    /// let mut sums = ErrorSums::default();
    /// batch.add_error_sums(&mut sums);
    /// let (mut s1, mut s2) = (0.0, 0.0);
    /// for i in 0..batch.len() {
    ///     let pair = batch.pair(i);
    ///     for k in 0..4 {
    ///         let e = pair.erroneous[k] - pair.utility[k];
    ///         (s1, s2) = (s1 + e, s2 + e * e);
    ///     }
    /// }
    /// let (t1, t2) = sums.totals();
    /// assert!((t1 - s1).abs() < 1e-12 && (t2 - s2).abs() < 1e-12);
    /// assert!(t2 / 800.0 < 0.01); // errors of sd below σ = 0.1
    /// ```
    #[cfg_attr(
        all(target_arch = "wasm32", feature = "simd"),
        target_feature(enable = "simd128")
    )]
    pub fn add_error_sums(&self, sums: &mut ErrorSums) {
        let (u, e) = (&self.u, &self.e);
        let n = self.len.min(BATCH);
        for i in (0..n).step_by(2) {
            for lane in 0..2 {
                let k = (i + lane).min(BATCH - 1);
                // The odd lane of an odd-length batch's last step adds zeros.
                let keep = if i + lane < n { 1.0 } else { 0.0 };
                let e0 = keep * (e[0][k] - u[0][k]);
                let e1 = keep * (e[1][k] - u[1][k]);
                let e2 = keep * (e[2][k] - u[2][k]);
                let e3 = keep * (e[3][k] - u[3][k]);
                sums.sum[lane] += (e0 + e1) + (e2 + e3);
                sums.sum_sq[lane] += (e0 * e0 + e1 * e1) + (e2 * e2 + e3 * e3);
            }
        }
    }

    /// Pair `i` (`i < len`) as a [`Pair`].
    ///
    /// # Panics
    /// If `i ≥` [`BATCH`].
    pub fn pair(&self, i: usize) -> Pair {
        Pair {
            utility: [self.u[0][i], self.u[1][i], self.u[2][i], self.u[3][i]],
            erroneous: [self.e[0][i], self.e[1][i], self.e[2][i], self.e[3][i]],
            p: self.p[i],
            tpr: [self.a1[i], self.a2[i]],
            tnr: [self.b1[i], self.b2[i]],
        }
    }

    /// Draws [`BATCH`] pairs from `rng` and keeps the first `min(n, BATCH)` (the batch's
    /// [`PairBatch::len`]; always drawing a whole batch makes the first pairs of a chunk the same
    /// whatever the number asked for) — the distribution of [`Pair::sample`] for each,
    /// independently: the true matrix from `prior`, its erroneous version with noise `σ`
    /// (as [`sampler::erroneous_utility`]: `σ = 0`, negative or not finite gives the true
    /// matrix), `p ~ U(0, 1)` and the rates `½ + ½·max(U₁, U₂)` (distributed as `½ + ½√U`).
    /// The order of the draws is the module's.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::mc::batch::PairBatch;
    /// use ulab_core::mc::rng::{chunk_rng, Stream};
    /// use ulab_core::mc::Prior;
    /// let (mut a, mut b) = (PairBatch::new(), PairBatch::new());
    /// a.draw(&mut chunk_rng(3, Stream::Pairs, 0), Prior::Gaussian, 0.3, 1000);
    /// b.draw(&mut chunk_rng(3, Stream::Pairs, 0), Prior::Gaussian, 0.3, 10);
    /// assert_eq!((a.len(), b.len()), (256, 10)); // at most BATCH
    /// assert_eq!(a.pair(9), b.pair(9)); // the same generator, the same first pairs
    /// ```
    #[cfg_attr(
        all(target_arch = "wasm32", feature = "simd"),
        target_feature(enable = "simd128")
    )]
    pub fn draw<R: RngCore + ?Sized>(&mut self, rng: &mut R, prior: Prior, sigma: f64, n: usize) {
        // Always a whole batch, kept in part: the first pairs of a chunk do not depend on how
        // many are asked for.
        self.len = n.min(BATCH);
        for words in self.words.iter_mut() {
            fill(rng, words);
        }
        match prior {
            Prior::Uniform => self.uniform_points(),
            Prior::Gaussian => self.gaussian_points(rng),
        }
        self.shares_and_rates();
        self.erroneous(rng, sigma);
    }

    /// The true matrices of [`Prior::Uniform`]: no rejection, one pass.
    #[cfg_attr(
        all(target_arch = "wasm32", feature = "simd"),
        target_feature(enable = "simd128")
    )]
    fn uniform_points(&mut self) {
        let n = BATCH;
        let (wx, wy) = (&self.words[WX][..n], &self.words[WY][..n]);
        for i in 0..n {
            let (x, y) = hexagon_point(uniform52_of(wx[i]), wx[i], uniform52_of(wy[i]));
            set_entries(&mut self.u, i, utility_entries(x, y));
        }
    }

    /// The true matrices of [`Prior::Gaussian`]: a first proposal per pair from its two words,
    /// then the rejected ones (or those whose normal missed its rectangle) in order.
    #[cfg_attr(
        all(target_arch = "wasm32", feature = "simd"),
        target_feature(enable = "simd128")
    )]
    fn gaussian_points<R: RngCore + ?Sized>(&mut self, rng: &mut R) {
        let n = BATCH;
        let mut xs = [0.0; BATCH];
        let mut ys = [0.0; BATCH];
        let mut bad = [false; BATCH];
        let (wx, wy) = (&self.words[WX][..n], &self.words[WY][..n]);
        for i in 0..n {
            let (zx, ox) = normal(wx[i]);
            let (zy, oy) = normal(wy[i]);
            let (x, y) = (zx / 3.0, zy / 3.0);
            xs[i] = x;
            ys[i] = y;
            bad[i] = !(ox & oy & gaussian_inside(x, y));
        }
        let redo = compact(&bad[..n], &mut self.redo);
        for &i in &self.redo[..redo] {
            let i = i as usize;
            let x = normal_from(rng, self.words[WX][i], uniform52_of(self.words[WX][i])) / 3.0;
            let y = normal_from(rng, self.words[WY][i], uniform52_of(self.words[WY][i])) / 3.0;
            (xs[i], ys[i]) = if gaussian_inside(x, y) {
                (x, y)
            } else {
                sampler::utility_point(rng, Prior::Gaussian)
            };
        }
        for i in 0..n {
            set_entries(&mut self.u, i, utility_entries(xs[i], ys[i]));
        }
    }

    /// `p` and the four rates, one pass.
    #[cfg_attr(
        all(target_arch = "wasm32", feature = "simd"),
        target_feature(enable = "simd128")
    )]
    fn shares_and_rates(&mut self) {
        let n = BATCH;
        for (p, &w) in self.p[..n].iter_mut().zip(&self.words[WP]) {
            *p = uniform_open_of(w);
        }
        for (rates, k) in [
            (&mut self.a1, WA1),
            (&mut self.b1, WB1),
            (&mut self.a2, WA2),
            (&mut self.b2, WB2),
        ] {
            for (r, &w) in rates[..n].iter_mut().zip(&self.words[k]) {
                *r = rate_of_word(w);
            }
        }
    }
}

/// A classifier's rate from one word, without a square root: `½ + ½·max(U₁, U₂)` with `U₁`, `U₂`
/// the two 32-bit halves of `w` as multiples of `2⁻³²` — the larger of two independent uniforms
/// has the distribution of `√U` (`P(max ≤ t) = t²`), the one of [`sampler::rate`]. Computed as
/// `½·(1 + max)`, `1 + U` being `1.0` with `U`'s bits as the top of its mantissa (exact).
#[inline(always)]
fn rate_of_word(w: u64) -> f64 {
    const MANTISSA_TOP32: u64 = 0x000F_FFFF_FFF0_0000;
    let one_plus_lo = f64::from_bits(ONE_BITS | ((w << 20) & MANTISSA_TOP32));
    let one_plus_hi = f64::from_bits(ONE_BITS | ((w >> 12) & MANTISSA_TOP32));
    // (Neither is NaN: a plain comparison, not `f64::max` and its NaN rules.)
    0.5 * if one_plus_lo > one_plus_hi {
        one_plus_lo
    } else {
        one_plus_hi
    }
}

/// The first candidate of the ziggurat for the word `w`, with its 52-bit uniform
/// ([`normal_candidate`]).
#[inline(always)]
fn normal(w: u64) -> (f64, bool) {
    normal_candidate(w, uniform52_of(w))
}

/// Writes the entries `m` (row-major) of one matrix as matrix `i` of the arrays `into`.
#[inline(always)]
fn set_entries(into: &mut [[f64; BATCH]; 4], i: usize, m: [f64; 4]) {
    for (entries, v) in into.iter_mut().zip(m) {
        entries[i] = v;
    }
}

/// Fills `out` with words of `rng`, in order.
#[inline(always)]
fn fill<R: RngCore + ?Sized>(rng: &mut R, out: &mut [u64]) {
    for w in out {
        *w = rng.next_u64();
    }
}

/// The domain of [`Prior::Gaussian`]: `|x| ≤ 1`, `|y| ≤ 1`, `|y − x| < 1`.
#[inline(always)]
fn gaussian_inside(x: f64, y: f64) -> bool {
    (x.abs() <= 1.0) & (y.abs() <= 1.0) & ((y - x).abs() < 1.0)
}

/// Writes the indices `i` with `bad[i]` into `out`, in order, and returns how many (branch-free:
/// every index is written, the count advances only on a bad one).
#[inline(always)]
fn compact(bad: &[bool], out: &mut [u16; BATCH]) -> usize {
    let mut k = 0;
    for (i, &b) in bad.iter().enumerate().take(BATCH) {
        out[k.min(BATCH - 1)] = i as u16;
        k += b as usize;
    }
    k
}
