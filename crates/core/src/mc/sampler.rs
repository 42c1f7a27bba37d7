//! The random variates of the Monte Carlo: normal (ziggurat), gamma (Marsaglia–Tsang),
//! the classifiers' rates, the priors on the utility space and the erroneous utility matrix.
//!
//! Every function takes its generator as `&mut R` with `R: rand::RngCore`, uses the uniform
//! variates of [`super::rng`], `f64::sqrt` (correctly rounded on every platform) and, for
//! transcendental functions, the pure-Rust `libm` crate — never `std`'s `ln`/`exp`, which may
//! differ by one ulp between the native C library and wasm. The same seed thus gives
//! bit-identical numbers natively and in the browser.

use super::Prior;
use super::rng::{uniform, uniform_of, uniform_open};
use super::ziggurat::{ZIG_F, ZIG_R, ZIG_X};
use rand::RngCore;

/// A standard normal variate `Z ~ N(0, 1)` by the 256-layer ziggurat (Marsaglia & Tsang 2000,
/// with Doornik's 2005 use of an independent layer index and a 53-bit uniform).
///
/// One 64-bit word `w` gives the layer `i` (bits 0–7), the sign (bit 8) and `U ∈ [0, 1)`
/// (bits 11–63); the candidate is `x = U·x[i]`. It is accepted at once when `x < x[i+1]` (inside
/// the layer's rectangle under the curve, ≈ 99 % of draws). Otherwise: in the base layer
/// (`i = 0`) a variate from the tail `x > r` by Marsaglia's method (`a = −ln U₁ / r`,
/// `b = −ln U₂`, accept `r + a` when `2b ≥ a²`); in the other layers `x` is accepted when
/// `f[i] + U'·(f[i+1] − f[i]) < exp(−x²/2)` (most often decided without the exponential, by a
/// squeeze between two bounds of it), otherwise a new word is drawn. The tables are
/// constants computed with `libm` (`exp`, `log`, `erfc`, `sqrt`; see the private module
/// `ziggurat`), the same on every platform.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::{chunk_rng, Stream};
/// use ulab_core::mc::sampler::standard_normal;
/// let mut rng = chunk_rng(3, Stream::Pairs, 0);
/// let n = 100_000;
/// let mean = (0..n).map(|_| standard_normal(&mut rng)).sum::<f64>() / n as f64;
/// assert!(mean.abs() < 0.02); // 5 standard errors
/// ```
#[inline]
pub fn standard_normal<R: RngCore + ?Sized>(rng: &mut R) -> f64 {
    let w = rng.next_u64();
    normal_from(rng, w, uniform_of(w))
}

/// [`standard_normal`] whose first word `w` has already been drawn and made into the uniform
/// `u` (from bits of `w` above bit 8, e.g. [`uniform_of`]`(w)`): the first candidate's value
/// when it is inside its layer's rectangle ([`normal_candidate`]), otherwise the rest of the
/// algorithm, drawing more words from `rng`.
#[inline(always)]
pub(crate) fn normal_from<R: RngCore + ?Sized>(rng: &mut R, w: u64, u: f64) -> f64 {
    let (z, inside) = normal_candidate(w, u);
    if inside {
        return z;
    }
    normal_slow(rng, w, u)
}

/// The first candidate of [`standard_normal`] from the word `w` (layer `i` = bits 0–7, sign =
/// bit 8) and the uniform `u` made from its higher bits: `±u·x[i]`, and whether it lies inside
/// the layer's rectangle, `u·x[i] < x[i+1]` (then it is the normal variate). Branch-free, so that
/// a loop over many words can be vectorized.
#[inline(always)]
pub(crate) fn normal_candidate(w: u64, u: f64) -> (f64, bool) {
    let i = (w & 0xff) as usize;
    let x = u * ZIG_X[i];
    (
        f64::from_bits(x.to_bits() ^ (((w >> 8) & 1) << 63)),
        x < ZIG_X[i + 1],
    )
}

/// The rest of [`standard_normal`] after a first word `w` (with its uniform `u`) missed its
/// layer's rectangle (about 1 % of the calls): kept out of line so that the inlined fast path
/// stays small. Further words make their uniform with [`uniform_of`].
#[cold]
#[inline(never)]
fn normal_slow<R: RngCore + ?Sized>(rng: &mut R, first: u64, u: f64) -> f64 {
    let (mut w, mut u) = (first, u);
    loop {
        let i = (w & 0xff) as usize;
        let sign = ((w >> 8) & 1) << 63;
        let x = u * ZIG_X[i];
        if x < ZIG_X[i + 1] {
            return f64::from_bits(x.to_bits() ^ sign);
        }
        if i == 0 {
            let tail = normal_tail(rng, ZIG_R);
            return f64::from_bits(tail.to_bits() ^ sign);
        }
        let y = ZIG_F[i] + uniform(rng) * (ZIG_F[i + 1] - ZIG_F[i]);
        if under_curve(y, 0.5 * x * x) {
            return f64::from_bits(x.to_bits() ^ sign);
        }
        w = rng.next_u64();
        u = uniform_of(w);
    }
}

/// Whether `y < e^{−s}` (`s ≥ 0`), the wedge test of the ziggurat, deciding most cases without
/// the exponential by the squeeze `1 − s ≤ e^{−s} ≤ 1/(1 + s + s²/2)` (from `e^t ≥ 1 + t` and
/// `e^s ≥ 1 + s + s²/2`): `y ≤ 1 − s` is under the curve, `y·(1 + s + s²/2) ≥ 1` is not.
#[inline(always)]
fn under_curve(y: f64, s: f64) -> bool {
    if y <= 1.0 - s {
        return true;
    }
    if y * (1.0 + s * (1.0 + 0.5 * s)) >= 1.0 {
        return false;
    }
    y < libm::exp(-s)
}

/// A variate of the standard normal conditioned on `Z > r` (Marsaglia 1964).
#[cold]
fn normal_tail<R: RngCore + ?Sized>(rng: &mut R, r: f64) -> f64 {
    loop {
        let a = -libm::log(uniform_open(rng)) / r;
        let b = -libm::log(uniform_open(rng));
        if b + b >= a * a {
            return r + a;
        }
    }
}

/// A gamma variate with shape `k > 0` and scale 1 (density `x^(k−1) e^(−x) / Γ(k)`), by
/// Marsaglia & Tsang (2000): with `d = k − 1/3`, `c = 1/√(9d)`, draw `Z` normal, `v = (1 + cZ)³`
/// (redraw if `1 + cZ ≤ 0`), `U` uniform on (0, 1); accept `d·v` if `U < 1 − 0.0331 Z⁴` or
/// `ln U < Z²/2 + d(1 − v + ln v)`. For `k < 1`: `G(k) = G(k + 1) · U^(1/k)`, computed as
/// `exp(ln U / k)`. Returns 0 for `k ≤ 0` or NaN (the degenerate limit; callers validate shapes).
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::{chunk_rng, Stream};
/// use ulab_core::mc::sampler::gamma;
/// let mut rng = chunk_rng(5, Stream::Question, 0);
/// let n = 50_000;
/// let mean = (0..n).map(|_| gamma(&mut rng, 3.0)).sum::<f64>() / n as f64;
/// assert!((mean - 3.0).abs() < 0.04); // mean = shape, sd of the mean = √3/√n ≈ 0.008
/// ```
pub fn gamma<R: RngCore + ?Sized>(rng: &mut R, shape: f64) -> f64 {
    Gamma::new(shape).sample(rng)
}

/// The gamma distribution of [`gamma`] with its constants `d` and `c` computed once, for many
/// draws of the same shape (the question's Dirichlet draws): [`Gamma::sample`] gives the same
/// numbers as [`gamma`], bit for bit.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::{chunk_rng, Stream};
/// use ulab_core::mc::sampler::{gamma, Gamma};
/// let (mut r1, mut r2) = (chunk_rng(5, Stream::Question, 0), chunk_rng(5, Stream::Question, 0));
/// let g = Gamma::new(0.4);
/// for _ in 0..1000 {
///     assert_eq!(g.sample(&mut r1).to_bits(), gamma(&mut r2, 0.4).to_bits());
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gamma {
    /// The shape `k`.
    shape: f64,
    /// `d = k − 1/3` (of `k + 1` for `k < 1`).
    d: f64,
    /// `c = 1/√(9d)`.
    c: f64,
}

impl Gamma {
    /// The gamma distribution of shape `shape` (scale 1).
    pub fn new(shape: f64) -> Gamma {
        let base = if shape < 1.0 { shape + 1.0 } else { shape };
        let d = base - 1.0 / 3.0;
        Gamma {
            shape,
            d,
            c: 1.0 / (9.0 * d).sqrt(),
        }
    }

    /// The shape `k`.
    pub fn shape(&self) -> f64 {
        self.shape
    }

    /// One variate ([`gamma`]'s algorithm).
    #[inline]
    pub fn sample<R: RngCore + ?Sized>(&self, rng: &mut R) -> f64 {
        let (shape, d, c) = (self.shape, self.d, self.c);
        if shape.is_nan() || shape <= 0.0 {
            return 0.0;
        }
        let g = loop {
            let z = standard_normal(rng);
            let t = 1.0 + c * z;
            if t <= 0.0 {
                continue;
            }
            let v = t * t * t;
            let u = uniform_open(rng);
            let z2 = z * z;
            if u < 1.0 - 0.0331 * z2 * z2 || libm::log(u) < 0.5 * z2 + d * (1.0 - v + libm::log(v))
            {
                break d * v;
            }
        };
        if shape < 1.0 {
            return g * libm::exp(libm::log(uniform_open(rng)) / shape);
        }
        g
    }
}

/// A classifier's true-positive or true-negative rate, `0.5 + 0.5·√U` with `U` uniform on
/// `[0, 1)` (Dyrland et al. 2022, §4.2 (ii)): density `8(r − ½)` rising linearly on `[½, 1]`; quantile
/// function `½ + ½√q`, so median `0.8536`, quartiles `0.75` and `0.9330`.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::{chunk_rng, Stream};
/// use ulab_core::mc::sampler::rate;
/// let mut rng = chunk_rng(1, Stream::Pairs, 0);
/// let r = rate(&mut rng);
/// assert!((0.5..=1.0).contains(&r));
/// ```
#[inline(always)]
pub fn rate<R: RngCore + ?Sized>(rng: &mut R) -> f64 {
    0.5 + 0.5 * uniform(rng).sqrt()
}

/// The share `p` of class 0 in the test set, uniform on the open interval `(0, 1)`
/// ([`uniform_open`]), so that both classes are always present and `1 − p` is exact.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::{chunk_rng, Stream};
/// use ulab_core::mc::sampler::class_share;
/// let p = class_share(&mut chunk_rng(1, Stream::Pairs, 0));
/// assert!(p > 0.0 && p < 1.0);
/// ```
#[inline(always)]
pub fn class_share<R: RngCore + ?Sized>(rng: &mut R) -> f64 {
    uniform_open(rng)
}

/// A point `(x, y)` of the space of binary utility matrices (Dyrland et al. 2022 fig. 1) from `prior`:
///
/// * [`Prior::Uniform`]: uniform on the hexagon `|y − x| < 1` of the square `[−1, 1]²` — the
///   distribution of `x, y ~ U(−1, 1)` redrawn until `|y − x| < 1`, but drawn without
///   rejection (no wasted draws, no unpredictable branch): `|x| = 2 − √(4 − 3U₁)` with a fair
///   sign (the marginal density of `x` is `(2 − |x|)/3`), then `y` uniform on its interval
///   `[max(x, 0) − 1, min(x, 0) + 1)` as `max(x,0) − 1 + (2 − |x|)·U₂` (the interval's ends,
///   where `|y − x| = 1`, have probability ≤ 2⁻⁵², and [`utility_entries`] accepts them);
/// * [`Prior::Gaussian`]: `x = Z₁/3`, `y = Z₂/3` (standard deviation 1/3 before truncation,
///   centred on the identity matrix), redrawn until `|x| ≤ 1`, `|y| ≤ 1` and `|y − x| < 1`.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::{chunk_rng, Stream};
/// use ulab_core::mc::sampler::utility_point;
/// use ulab_core::mc::Prior;
/// let (x, y) = utility_point(&mut chunk_rng(1, Stream::Pairs, 0), Prior::Uniform);
/// assert!(x.abs() <= 1.0 && y.abs() <= 1.0 && (y - x).abs() < 1.0);
/// ```
#[inline(always)]
pub fn utility_point<R: RngCore + ?Sized>(rng: &mut R, prior: Prior) -> (f64, f64) {
    match prior {
        Prior::Uniform => {
            // Uniform on the hexagon without rejection: x has the marginal density
            // (2 − |x|)/3 (the length of its y-interval over the area 3), so |x| = 2 − √(4 − 3U)
            // by inversion of the CDF (4t − t²)/3 with a fair sign; then y is uniform on
            // (max(x, 0) − 1, min(x, 0) + 1), of length 2 − |x|.
            let w = rng.next_u64();
            hexagon_point(uniform_of(w), w & 1, uniform(rng))
        }
        Prior::Gaussian => loop {
            let x = standard_normal(rng) / 3.0;
            let y = standard_normal(rng) / 3.0;
            if x.abs() <= 1.0 && y.abs() <= 1.0 && (y - x).abs() < 1.0 {
                return (x, y);
            }
        },
    }
}

/// The point of [`Prior::Uniform`] made by [`utility_point`] from two independent uniforms
/// `ux`, `uy` on `[0, 1)` and a fair bit `negative` (0 or 1): `|x| = 2 − √(4 − 3·ux)`, negative
/// when the bit is 1, and `y = max(x, 0) − 1 + (2 − |x|)·uy`.
#[inline(always)]
pub(crate) fn hexagon_point(ux: f64, negative: u64, uy: f64) -> (f64, f64) {
    let t = 2.0 - (4.0 - 3.0 * ux).sqrt();
    let x = f64::from_bits(t.to_bits() | ((negative & 1) << 63));
    let lo = if x > 0.0 { x - 1.0 } else { -1.0 };
    (x, lo + (2.0 - t) * uy)
}

/// The normalized utility matrix of the point `(x, y)` by Dyrland et al. 2022, eq. 13, row-major
/// `[U00, U01, U10, U11]` (rows = decisions, columns = true classes):
/// `[[1 − x·δ(x>0), y·δ(y>0)], [−y·δ(y<0), 1 + x·δ(x<0)]]`.
///
/// The same numbers as [`UtilityMatrix::from_xy`](crate::UtilityMatrix::from_xy), without
/// checks or allocation.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::sampler::utility_entries;
/// assert_eq!(utility_entries(0.0, 0.0), [1.0, 0.0, 0.0, 1.0]); // accuracy's matrix
/// assert_eq!(utility_entries(0.5, 0.5), [0.5, 0.5, 0.0, 1.0]);
/// assert_eq!(utility_entries(-0.9, -0.5), [1.0, 0.0, 0.5, 1.0 - 0.9]);
/// ```
#[inline(always)]
pub fn utility_entries(x: f64, y: f64) -> [f64; 4] {
    let xp = if x > 0.0 { x } else { 0.0 };
    let xn = if x < 0.0 { -x } else { 0.0 };
    let yp = if y > 0.0 { y } else { 0.0 };
    let yn = if y < 0.0 { -y } else { 0.0 };
    [1.0 - xp, yp, yn, 1.0 - xn]
}

/// Above this noise level the truncated normal on `[0, 1]` is sampled with a uniform proposal
/// (see [`truncated_entry`]).
pub const UNIFORM_PROPOSAL_SIGMA: f64 = 1.0;

/// One utility with noise: `v' ~ N(v, σ²)` conditioned on `0 ≤ v' ≤ 1`, for `v ∈ [0, 1]`
/// (a `v` outside is first clamped to `[0, 1]`; a negative or non-finite `σ` acts as 0).
///
/// Exact methods, chosen by `σ` and `v` (all give the same distribution):
/// * `σ = 0`: `v` itself, no random number drawn;
/// * `0 < σ ≤ 1`, `v = 1` exactly: `1 − σ|Z|`, redrawn until `σ|Z| ≤ 1` (by the symmetry of
///   `Z`, `N(1, σ²)` conditioned on `≤ 1` is `1 − σ|Z|`); likewise `σ|Z|` for `v = 0` — eq. 13
///   puts at least two of the four entries exactly on these bounds, and this halves their cost;
/// * `0 < σ ≤ 1`, otherwise: `v + σZ`, redrawn until in `[0, 1]`;
/// * `σ > 1` ([`UNIFORM_PROPOSAL_SIGMA`]): `W` uniform on `[0, 1)`, accepted with probability
///   `exp(−(W − v)²/(2σ²))` (acceptance ≥ `e^{−1/2}`, whereas a normal proposal would accept
///   less and less often as `σ` grows).
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::{chunk_rng, Stream};
/// use ulab_core::mc::sampler::truncated_entry;
/// let mut rng = chunk_rng(1, Stream::Pairs, 0);
/// for v in [0.0, 0.3, 1.0] {
///     let w = truncated_entry(&mut rng, v, 0.2);
///     assert!((0.0..=1.0).contains(&w));
/// }
/// assert_eq!(truncated_entry(&mut rng, 0.3, 0.0), 0.3);
/// ```
#[inline(always)]
pub fn truncated_entry<R: RngCore + ?Sized>(rng: &mut R, v: f64, sigma: f64) -> f64 {
    // Outside its domain (`v` not in [0, 1], `σ` negative or not finite) the input is clamped
    // rather than looped on forever.
    let sigma = if sigma.is_finite() && sigma > 0.0 {
        sigma
    } else {
        0.0
    };
    truncated_entry_in_domain(rng, clamp01(v), sigma)
}

/// `v` clamped to `[0, 1]` (NaN to 0). Comparisons, not `f64::min`, which is a call to
/// `fmin` in wasm (the worker's Monte Carlo).
#[inline(always)]
fn clamp01(v: f64) -> f64 {
    if v >= 1.0 {
        1.0
    } else if v >= 0.0 {
        v
    } else {
        0.0
    }
}

/// [`truncated_entry`] for `v ∈ [0, 1]` and finite `σ ≥ 0`.
#[inline(always)]
fn truncated_entry_in_domain<R: RngCore + ?Sized>(rng: &mut R, v: f64, sigma: f64) -> f64 {
    if sigma == 0.0 {
        return v;
    }
    if sigma > UNIFORM_PROPOSAL_SIGMA {
        return truncated_entry_uniform(rng, v, sigma);
    }
    loop {
        let w = v + sigma * fold(standard_normal(rng), v);
        if (0.0..=1.0).contains(&w) {
            return w;
        }
    }
}

/// The normal variate `z` folded for the entry `v ∈ [0, 1]` of [`truncated_entry`]: `−|z|` for
/// `v = 1`, `|z|` for `v = 0`, `z` otherwise — with bit masks (no branch, so no misprediction on
/// which entries are bounds): the sign bit set, cleared, or kept.
#[inline(always)]
pub(crate) fn fold(z: f64, v: f64) -> f64 {
    const SIGN: u64 = 1 << 63;
    let keep = if v == 1.0 || v == 0.0 {
        !SIGN
    } else {
        u64::MAX
    };
    let set = if v == 1.0 { SIGN } else { 0 };
    f64::from_bits((z.to_bits() & keep) | set)
}

#[cold]
fn truncated_entry_uniform<R: RngCore + ?Sized>(rng: &mut R, v: f64, sigma: f64) -> f64 {
    loop {
        let w = uniform(rng);
        let t = (w - v) / sigma;
        if uniform(rng) < libm::exp(-0.5 * t * t) {
            return w;
        }
    }
}

/// The erroneous (assessed) utility matrix around the true one `u = [U00, U01, U10, U11]`
/// (row-major, entries in `[0, 1]`, `U00 ≥ U10`, `U11 ≥ U01`; entries outside are clamped to
/// `[0, 1]`, and with `σ = 0` — or a negative or non-finite `σ` — the clamped matrix is returned
/// as it is, in order or not): each entry plus independent
/// `N(0, σ²)` noise, conditioned on every entry in `[0, 1]`, `U'00 ≥ U'10` and `U'11 ≥ U'01`;
/// not renormalized (Dyrland et al. 2022, §4.2 (iii), as in its authors' code).
///
/// **Column by column.** The conditions involve column 0 (`U00`, `U10`) and column 1 (`U01`,
/// `U11`) separately, and the noise is independent, so the conditioned distribution is the
/// product of the two columns' conditioned distributions: redrawing each column on its own is
/// the same distribution as redrawing the whole matrix, at a fraction of the cost. Within a
/// column, each entry is drawn from its normal truncated to `[0, 1]` ([`truncated_entry`]) and
/// the pair is redrawn until the diagonal entry is ≥ the off-diagonal one; this is again the
/// same distribution (density ∝ `φ(a)·1[a∈[0,1]] · φ(b)·1[b∈[0,1]] · 1[a ≥ b]`). Column 0 is
/// drawn first (`U'00` then `U'10`), then column 1 (`U'11` then `U'01`).
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::{chunk_rng, Stream};
/// use ulab_core::mc::sampler::erroneous_utility;
/// let mut rng = chunk_rng(1, Stream::Pairs, 0);
/// let e = erroneous_utility(&mut rng, &[1.0, 0.0, 0.0, 1.0], 0.1);
/// assert!(e.iter().all(|v| (0.0..=1.0).contains(v)));
/// assert!(e[0] >= e[2] && e[3] >= e[1]);
/// assert_eq!(erroneous_utility(&mut rng, &[1.0, 0.0, 0.0, 1.0], 0.0), [1.0, 0.0, 0.0, 1.0]);
/// ```
#[inline(always)]
pub fn erroneous_utility<R: RngCore + ?Sized>(rng: &mut R, u: &[f64; 4], sigma: f64) -> [f64; 4] {
    let u = u.map(clamp01);
    if !(sigma.is_finite() && sigma > 0.0) {
        return u;
    }
    let (u00, u10) = ordered_column(rng, u[0], u[2], sigma);
    let (u11, u01) = ordered_column(rng, u[3], u[1], sigma);
    [u00, u01, u10, u11]
}

/// One column of the erroneous matrix: `(diag', off')`, each truncated to `[0, 1]`, redrawn
/// together until `diag' ≥ off'`. For entries in `[0, 1]` and a finite `σ > 0` (so the loop
/// ends).
#[inline(always)]
pub(crate) fn ordered_column<R: RngCore + ?Sized>(
    rng: &mut R,
    diag: f64,
    off: f64,
    sigma: f64,
) -> (f64, f64) {
    loop {
        let d = truncated_entry_in_domain(rng, diag, sigma);
        let o = truncated_entry_in_domain(rng, off, sigma);
        if d >= o {
            return (d, o);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mc::rng::{Stream, chunk_rng};

    #[test]
    fn ordered_column_respects_order() {
        let mut rng = chunk_rng(9, Stream::Pairs, 0);
        for _ in 0..10_000 {
            let (d, o) = ordered_column(&mut rng, 0.0, 0.0, 0.3);
            assert!(d >= o && (0.0..=1.0).contains(&d) && (0.0..=1.0).contains(&o));
        }
    }

    #[test]
    fn large_sigma_uses_uniform_proposal() {
        let mut rng = chunk_rng(9, Stream::Pairs, 1);
        let n = 40_000;
        let mean = (0..n)
            .map(|_| truncated_entry(&mut rng, 1.0, 1e6))
            .sum::<f64>()
            / n as f64;
        // Nearly uniform on [0, 1]: mean 1/2, sd of the mean 0.29/√n = 0.0014.
        assert!((mean - 0.5).abs() < 0.008, "{mean}");
    }
}
