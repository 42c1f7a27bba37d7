//! Seeding and uniform variates: the reproducible random streams of the Monte Carlo.
//!
//! **Streams.** A run is cut into fixed-size chunks; chunk `k` of a run with seed `s` draws from
//! its own [`Xoshiro256PlusPlus`] generator, seeded by [`chunk_rng`]`(s, stream, k)` through
//! SplitMix64. The result of a chunk therefore depends only on `(seed, stream, k)` — not on
//! which thread or web worker computed it, nor on the order in which chunks were computed.
//!
//! **Uniform variates** are built from the generator's 64-bit outputs with integer operations
//! and one exact multiplication by a power of two, so they are bit-identical on every platform
//! (natively and in wasm):
//!
//! * [`uniform`]: `U ∈ [0, 1)`, `U = ⌊w / 2¹¹⌋ · 2⁻⁵³` (the top 53 bits of the word `w`);
//! * [`uniform_open`]: `U ∈ (0, 1)`, `U = (⌊w / 2¹²⌋ + ½) · 2⁻⁵²`, never 0 or 1, and `1 − U`
//!   is exact and positive.

use rand::RngCore;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The generator of every chunk: xoshiro256++ (Blackman & Vigna), 256 bits of state.
pub type McRng = Xoshiro256PlusPlus;

/// Which experiment a stream belongs to, so that different experiments run with the same seed
/// do not share random numbers.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::{chunk_rng, Stream};
/// use rand::RngCore;
/// let a = chunk_rng(1, Stream::Pairs, 0).next_u64();
/// let b = chunk_rng(1, Stream::Question, 0).next_u64();
/// assert_ne!(a, b);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// The pairs of classifiers of the Monte Carlo (Dyrland et al. 2022, §4.2) and fig. 6.
    Pairs = 0,
    /// The user's own question (P(best), yield distributions).
    Question = 1,
    /// The scatter of figs 2–3 (fixed class balance and utility matrix).
    Scatter = 2,
    /// Points of the prior on the utility space (fig. 4).
    PriorPoints = 3,
    /// Erroneous utility matrices around a true one (fig. 5).
    ErrorPoints = 4,
    /// A cloud of utility matrices drawn around a point of the utility space (the Utility
    /// space view, Dyrland et al. 2022 eqs. 18–19).
    UtilityCloud = 5,
    /// How many test items would settle the user's question: draw `d` of a question at a
    /// scaled test-set size draws from its own stream (common random numbers across sizes).
    Settle = 6,
    /// The paired Bayesian bootstrap over a test set's items (the Probabilities view).
    Bootstrap = 7,
    /// The decided classifiers of the user's question
    /// ([`QuestionConfig::decided`](super::question::QuestionConfig::decided)), chunk `k`
    /// beside [`Stream::Question`]'s: adding them leaves the other classifiers' draws as they
    /// were.
    QuestionDecided = 8,
    /// The decided classifiers of draw `d` of [`Stream::Settle`].
    SettleDecided = 9,
}

/// One step of SplitMix64 (Steele, Lea & Flood 2014): `state += 0x9E3779B97F4A7C15`, then the
/// output is the mixed state
/// `z ← (z ⊕ z≫30)·0xBF58476D1CE4E5B9; z ← (z ⊕ z≫27)·0x94D049BB133111EB; z ⊕ z≫31`
/// (wrapping arithmetic).
///
/// # Examples
///
/// The first output for state 0 (the reference value of the algorithm):
///
/// ```
/// use ulab_core::mc::rng::splitmix64;
/// let mut s = 0u64;
/// assert_eq!(splitmix64(&mut s), 0xE220A8397B1DCDAF);
/// ```
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of chunk `chunk` of stream `stream` of a run seeded with `seed`.
///
/// Derivation: `h = splitmix64(seed)` (one step from state `seed`), then a second SplitMix64
/// with state `h ⊕ splitmix64(chunk ⊕ stream·2⁵⁶)` gives four words, the xoshiro256++ state
/// (little-endian seed bytes). Chunk indices below 2⁵⁶ never collide across streams.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::{chunk_rng, Stream};
/// use rand::RngCore;
/// let mut a = chunk_rng(7, Stream::Pairs, 3);
/// let mut b = chunk_rng(7, Stream::Pairs, 3);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert_ne!(chunk_rng(7, Stream::Pairs, 4).next_u64(), chunk_rng(7, Stream::Pairs, 3).next_u64());
/// ```
pub fn chunk_rng(seed: u64, stream: Stream, chunk: u64) -> McRng {
    let mut s = seed;
    let h = splitmix64(&mut s);
    let mut c = chunk ^ ((stream as u64) << 56);
    let mut state = h ^ splitmix64(&mut c);
    let mut bytes = [0u8; 32];
    for word in bytes.chunks_exact_mut(8) {
        word.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
    }
    Xoshiro256PlusPlus::from_seed(bytes)
}

/// `2⁻⁵³`.
pub(crate) const TWO_M53: f64 = 1.0 / 9_007_199_254_740_992.0;
/// `2⁻⁵²`.
pub(crate) const TWO_M52: f64 = 1.0 / 4_503_599_627_370_496.0;

/// A uniform variate on `[0, 1)` from the top 53 bits of one 64-bit output:
/// `U = ⌊w / 2¹¹⌋ · 2⁻⁵³`. Every multiple of `2⁻⁵³` in `[0, 1)` has probability `2⁻⁵³`.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::{chunk_rng, uniform, Stream};
/// let mut rng = chunk_rng(1, Stream::Pairs, 0);
/// let u = uniform(&mut rng);
/// assert!((0.0..1.0).contains(&u));
/// ```
#[inline(always)]
pub fn uniform<R: RngCore + ?Sized>(rng: &mut R) -> f64 {
    uniform_of(rng.next_u64())
}

/// [`uniform`] of the word `w`: `⌊w / 2¹¹⌋ · 2⁻⁵³`.
#[inline(always)]
pub(crate) fn uniform_of(w: u64) -> f64 {
    // (w >> 11) < 2⁵³: the signed conversion is exact and cheaper than the unsigned one.
    ((w >> 11) as i64) as f64 * TWO_M53
}

/// A uniform variate on the open interval `(0, 1)`: `U = (⌊w / 2¹²⌋ + ½) · 2⁻⁵²`, the midpoints
/// of the `2⁵²` cells of width `2⁻⁵²`. `U ≥ 2⁻⁵³`, `1 − U ≥ 2⁻⁵³`, both exact, so `ln U` and
/// `ln(1 − U)` are finite.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::{chunk_rng, uniform_open, Stream};
/// let mut rng = chunk_rng(1, Stream::Pairs, 0);
/// let u = uniform_open(&mut rng);
/// assert!(u > 0.0 && u < 1.0 && 1.0 - u > 0.0);
/// ```
#[inline(always)]
pub fn uniform_open<R: RngCore + ?Sized>(rng: &mut R) -> f64 {
    uniform_open_of(rng.next_u64())
}

/// [`uniform_open`] of the word `w`: `(⌊w / 2¹²⌋ + ½) · 2⁻⁵²`, computed as
/// `(1 + m·2⁻⁵²) − (1 − 2⁻⁵³)` with `m = ⌊w / 2¹²⌋` (the first term by setting the exponent
/// bits of `m`; the subtraction is exact by Sterbenz's lemma, both terms being within a factor 2
/// of each other) — integer and floating-point operations that vectorize, unlike the
/// conversion of a 64-bit integer.
#[inline(always)]
pub(crate) fn uniform_open_of(w: u64) -> f64 {
    f64::from_bits(ONE_BITS | (w >> 12)) - (1.0 - 0.5 * TWO_M52)
}

/// A uniform variate on `[0, 1)` with 52 bits from the word `w`: `U = ⌊w / 2¹²⌋ · 2⁻⁵²`, as
/// `(1 + m·2⁻⁵²) − 1` (exact; vectorizes, see [`uniform_open_of`]). Bits 0–11 of `w` are not
/// used.
#[inline(always)]
pub(crate) fn uniform52_of(w: u64) -> f64 {
    f64::from_bits(ONE_BITS | (w >> 12)) - 1.0
}

/// The bits of `1.0`.
pub(crate) const ONE_BITS: u64 = 0x3FF0_0000_0000_0000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_reference_sequence() {
        // Reference outputs of SplitMix64 from state 0 (as in Vigna's splitmix64.c).
        let mut s = 0u64;
        let expect = [
            0xE220A8397B1DCDAFu64,
            0x6E789E6AA1B965F4,
            0x06C45D188009454F,
        ];
        for e in expect {
            assert_eq!(splitmix64(&mut s), e);
        }
    }

    #[test]
    fn uniform_extremes() {
        struct Fixed(u64);
        impl RngCore for Fixed {
            fn next_u32(&mut self) -> u32 {
                self.0 as u32
            }
            fn next_u64(&mut self) -> u64 {
                self.0
            }
            fn fill_bytes(&mut self, _: &mut [u8]) {}
        }
        assert_eq!(uniform(&mut Fixed(0)), 0.0);
        assert_eq!(uniform(&mut Fixed(u64::MAX)), 1.0 - TWO_M53);
        assert_eq!(uniform_open(&mut Fixed(0)), TWO_M53);
        let top = uniform_open(&mut Fixed(u64::MAX));
        assert_eq!(top, 1.0 - TWO_M53);
        assert_eq!(1.0 - top, TWO_M53);
        assert_eq!(uniform52_of(0), 0.0);
        assert_eq!(uniform52_of(u64::MAX), 1.0 - TWO_M52);
        assert_eq!(uniform52_of(1 << 12), TWO_M52);
    }

    #[test]
    fn open_uniform_by_exponent_bits_is_the_integer_formula() {
        // The exponent-bit form of uniform_open_of equals (m + ½)·2⁻⁵² computed through the
        // integer conversion, for the extremes and many random words.
        let direct = |w: u64| (((w >> 12) as i64) as f64 + 0.5) * TWO_M52;
        let mut rng = chunk_rng(5, Stream::Pairs, 0);
        let words = [
            0,
            1 << 12,
            (1 << 12) - 1,
            u64::MAX,
            u64::MAX - (1 << 12),
            1 << 63,
        ];
        for w in words
            .into_iter()
            .chain((0..100_000).map(|_| rng.next_u64()))
        {
            assert_eq!(uniform_open_of(w).to_bits(), direct(w).to_bits(), "{w:#x}");
            assert_eq!(uniform52_of(w), (w >> 12) as f64 * TWO_M52, "{w:#x}");
        }
    }
}
