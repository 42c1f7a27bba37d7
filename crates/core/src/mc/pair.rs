//! One sample of the experiment: a [`Pair`] of binary classifiers on one test set, with a true
//! and an erroneous utility matrix.

use super::{Prior, sampler};
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// One sample of the experiment: a true and an erroneous utility matrix, a class-0 share and
/// two classifiers' rates.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::{Pair, Prior};
/// use ulab_core::mc::rng::{chunk_rng, Stream};
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
    ///
    /// The one-pair sampler: the Monte Carlo draws its pairs a batch at a time
    /// ([`super::batch::PairBatch`]), from the same distribution in another order of the
    /// draws (the random stream of [`super::run_chunk`] before batches was this one).
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
    /// use ulab_core::mc::Pair;
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
