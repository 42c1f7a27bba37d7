//! Calibration: for each class `k`, one against the rest, the reliability diagram — the items
//! grouped by their probability `p_k` in equal-width bins, and in each bin the mean predicted
//! probability against the observed frequency of class `k`, as scikit-learn's
//! `calibration_curve(y == k, p_k, n_bins, strategy="uniform")` computes them — with the count
//! of items and a 90 % interval for the frequency.
//!
//! **Bins** as scikit-learn's: the edges `e_i = i·(1/B)` (`numpy.linspace(0, 1, B + 1)`), and
//! item `p` goes to bin `#{i = 1, …, B−1 : e_i < p}`: bin `j` is `(e_j, e_{j+1}]`, the first also
//! holds 0. (A probability exactly on an edge goes to the lower bin, up to its single-precision
//! storage.) scikit-learn drops empty bins; here they are kept with their count 0 and no
//! values.
//!
//! **Interval**: Wilson's score interval at 90 % (`z = Φ⁻¹(0.95) = 1.6449`) for `k` of `n`
//! items of the class, `p̂ = k/n`:
//! `(p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n)` — never outside `[0, 1]`, and
//! sensible at `k = 0` and `k = n`, where the Wald interval collapses.

use super::table::{ModelProbs, ProbTable};
use serde::{Deserialize, Serialize};
use ulab_core::error::{CoreError, check_count};

/// `Φ⁻¹(0.95)`: the 90 % two-sided normal quantile.
pub const Z90: f64 = 1.644_853_626_951_472_2;

/// The most bins of a reliability diagram.
pub const MAX_BINS: usize = 1000;

/// One bin of a reliability diagram.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    /// Its lower edge `e_j` (excluded, but for the first bin).
    pub lo: f64,
    /// Its upper edge `e_{j+1}` (included).
    pub hi: f64,
    /// Items in the bin.
    pub count: u64,
    /// Items of the class in the bin.
    pub hits: u64,
    /// The mean predicted probability of the class (undefined for an empty bin).
    pub mean_predicted: Option<f64>,
    /// The observed frequency of the class, `hits / count` (undefined for an empty bin).
    pub observed: Option<f64>,
    /// The Wilson 90 % interval of the frequency (undefined for an empty bin).
    pub interval: Option<(f64, f64)>,
}

/// The edge `e_i = i·(1/B)` of `B` bins, as `numpy.linspace(0, 1, B + 1)` computes it (the last
/// edge exactly 1).
///
/// # Examples
///
/// ```
/// use ulab_probs::reliability::edge;
/// assert_eq!(edge(3, 10), 0.30000000000000004); // 3 × 0.1, as numpy has it
/// assert_eq!(edge(10, 10), 1.0);
/// ```
pub fn edge(i: usize, bins: usize) -> f64 {
    if i >= bins {
        1.0
    } else {
        i as f64 * (1.0 / bins as f64)
    }
}

/// The bin of probability `p` among `bins` equal-width bins: `#{i = 1, …, B−1 : e_i < p}`
/// (`numpy.searchsorted(edges[1:-1], p)`).
///
/// # Examples
///
/// ```
/// use ulab_probs::reliability::bin_of;
/// assert_eq!(bin_of(0.0, 10), 0);
/// assert_eq!(bin_of(0.1, 10), 0); // on an edge: the lower bin
/// assert_eq!(bin_of(0.1000001, 10), 1);
/// assert_eq!(bin_of(1.0, 10), 9);
/// ```
pub fn bin_of(p: f64, bins: usize) -> usize {
    let last = bins.saturating_sub(1);
    let mut k = ((p * bins as f64).ceil() as usize)
        .saturating_sub(1)
        .min(last);
    while k > 0 && edge(k, bins) >= p {
        k -= 1;
    }
    while k < last && edge(k + 1, bins) < p {
        k += 1;
    }
    k
}

/// Wilson's score interval at 90 % for `hits` of `n` (see the module's formula); `None` for
/// `n = 0`.
///
/// # Examples
///
/// ```
/// use ulab_probs::reliability::wilson90;
/// let (lo, hi) = wilson90(0, 10).unwrap();
/// assert_eq!(lo, 0.0);
/// assert!((hi - 0.2129).abs() < 1e-4); // z²/(n + z²)
/// assert!(wilson90(3, 0).is_none());
/// ```
pub fn wilson90(hits: u64, n: u64) -> Option<(f64, f64)> {
    if n == 0 {
        return None;
    }
    let (k, n) = (hits as f64, n as f64);
    let p = k / n;
    let z2 = Z90 * Z90;
    let den = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / den;
    let half = Z90 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / den;
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

/// The reliability diagram of every class of `model` (one against the rest), `bins`
/// equal-width bins each: `result[k][j]` is bin `j` of class `k`, with
/// `mean_predicted = Σ p_k / count` and `observed = #{y = k} / count` over its items.
///
/// # Errors
/// `bins` not in `1..=1000`; `model` does not fit the table.
///
/// # Examples
///
/// ```
/// use ulab_probs::{reliability::reliability, ProbTable};
/// let t = ProbTable::new(2, vec!["A".into()], vec![0, 1, 0, 1],
///     vec![vec![0.8, 0.2, 0.7, 0.3, 0.3, 0.7, 0.2, 0.8]]).unwrap();
/// let r = reliability(&t, &t.models()[0], 2).unwrap();
/// let b = &r[0][1]; // class 0, bin (0.5, 1]: items 0 and 1, one of class 0
/// assert_eq!((b.count, b.hits), (2, 1));
/// assert!((b.mean_predicted.unwrap() - 0.75).abs() < 1e-7 && b.observed == Some(0.5));
/// ```
pub fn reliability(
    table: &ProbTable,
    model: &ModelProbs,
    bins: usize,
) -> Result<Vec<Vec<Bin>>, CoreError> {
    let mut t = ReliabilityTally::new(table.n_classes(), bins)?;
    t.add_range(table, model, 0..table.n_items())?;
    Ok(t.bins())
}

/// The counts of [`reliability`], added a range of items at a time (a page tallies 10⁶ items
/// in slices); the bins are the same whatever the ranges, if they are added in order.
///
/// # Examples
///
/// ```
/// use ulab_probs::{reliability::{reliability, ReliabilityTally}, ProbTable};
/// let t = ProbTable::new(2, vec!["A".into()], vec![0, 1, 0],
///     vec![vec![0.8, 0.2, 0.7, 0.3, 0.3, 0.7]]).unwrap();
/// let mut tally = ReliabilityTally::new(2, 4).unwrap();
/// tally.add_range(&t, &t.models()[0], 0..2).unwrap();
/// tally.add_range(&t, &t.models()[0], 2..3).unwrap();
/// assert_eq!(tally.bins(), reliability(&t, &t.models()[0], 4).unwrap());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ReliabilityTally {
    n: usize,
    bins: usize,
    count: Vec<u64>,
    hits: Vec<u64>,
    sum: Vec<f64>,
}

impl ReliabilityTally {
    /// Empty counts for `n_classes` classes and `bins` bins.
    ///
    /// # Errors
    /// `bins` not in `1..=1000`.
    pub fn new(n_classes: usize, bins: usize) -> Result<ReliabilityTally, CoreError> {
        check_count("bins", bins, 1, MAX_BINS)?;
        let k = n_classes * bins;
        Ok(ReliabilityTally {
            n: n_classes,
            bins,
            count: vec![0; k],
            hits: vec![0; k],
            sum: vec![0.0; k],
        })
    }

    /// Adds `model`'s items `range` (clamped to the table).
    ///
    /// # Errors
    /// `model` does not fit the table, or the table has another number of classes.
    pub fn add_range(
        &mut self,
        table: &ProbTable,
        model: &ModelProbs,
        range: std::ops::Range<usize>,
    ) -> Result<(), CoreError> {
        table.check_model(model)?;
        let (n, bins) = (self.n, self.bins);
        if table.n_classes() != n {
            return Err(CoreError::DimensionMismatch {
                expected: format!("{n} classes"),
                found: format!("{} classes", table.n_classes()),
            });
        }
        let end = range.end.min(table.n_items());
        let start = range.start.min(end);
        let truth = &table.truth()[start..end];
        let values = &model.values()[start * n..end * n];
        for (&y, p) in truth.iter().zip(values.chunks_exact(n)) {
            for (k, &v) in p.iter().enumerate() {
                let v = f64::from(v);
                let j = k * bins + bin_of(v, bins);
                self.count[j] += 1;
                self.hits[j] += u64::from(usize::from(y) == k);
                self.sum[j] += v;
            }
        }
        Ok(())
    }

    /// The diagrams of the items added: `result[k][j]` is bin `j` of class `k`.
    pub fn bins(&self) -> Vec<Vec<Bin>> {
        let bins = self.bins;
        (0..self.n)
            .map(|k| {
                (0..bins)
                    .map(|b| {
                        let j = k * bins + b;
                        let (c, h) = (self.count[j], self.hits[j]);
                        Bin {
                            lo: edge(b, bins),
                            hi: edge(b + 1, bins),
                            count: c,
                            hits: h,
                            mean_predicted: (c > 0).then(|| self.sum[j] / c as f64),
                            observed: (c > 0).then(|| h as f64 / c as f64),
                            interval: wilson90(h, c),
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

/// The expected calibration error of one class's diagram: `Σ_j (n_j / N)·|observed_j −
/// mean_predicted_j|` over its non-empty bins (0 for perfectly calibrated bins; undefined
/// with no item).
///
/// # Examples
///
/// ```
/// use ulab_probs::{reliability::{reliability, calibration_error}, ProbTable};
/// let t = ProbTable::new(2, vec!["A".into()], vec![0, 1], vec![vec![0.9, 0.1, 0.9, 0.1]]).unwrap();
/// let r = reliability(&t, &t.models()[0], 10).unwrap();
/// assert!((calibration_error(&r[0]).unwrap() - 0.4).abs() < 1e-7); // |0.5 − 0.9|
/// ```
pub fn calibration_error(bins: &[Bin]) -> Option<f64> {
    let total: u64 = bins.iter().map(|b| b.count).sum();
    if total == 0 {
        return None;
    }
    Some(
        bins.iter()
            .filter_map(|b| {
                let (o, m) = (b.observed?, b.mean_predicted?);
                Some(b.count as f64 / total as f64 * (o - m).abs())
            })
            .sum(),
    )
}
