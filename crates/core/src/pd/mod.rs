//! Analyses of the preference-driven measure over its preference vector κ (Kozak et al. 2022 §4–5):
//! heatmaps for two classes (figs. 2–5), distributions over grids of κ vectors (fig. 7), how
//! often each classifier ranks first, and the κ for which p-d equals F1 (the F1 of macro
//! precision and macro recall, [`f1_of_macro_pr`]).
//!
//! p-d is linear in κ: `p-d(κ) = (1/c) Σ_k r_k + κ_k·(p_k − r_k)` with `p_k`, `r_k` the precision
//! and recall of class `k` (0/0 counted as 0, as in [`metrics::preference_driven`]).
//!
//! (Just over 500 lines: p-d's heatmap, grid analysis and the κ where p-d equals a value
//! share its linear form; most of the length is formula documentation and doctests.)

use crate::confusion::ConfusionMatrix;
use crate::error::CoreError;
use crate::metrics::{self, check_kappa};
use crate::score::{Score, Undefined};
use serde::{Deserialize, Serialize};

pub mod heatmaps;
pub mod rows;

/// The most κ vectors a grid analysis enumerates.
pub const MAX_GRID_VECTORS: usize = crate::limits::MAX_GRID_VECTORS;

/// p-d of one classifier as an affine function of κ: `p-d(κ) = base + Σ_k slope_k·κ_k`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PdLinear {
    /// `(1/c) Σ_k r_k`: p-d at κ = 0 (the macro recall, 0/0 as 0).
    pub base: f64,
    /// `(p_k − r_k)/c` for each class.
    pub slopes: Vec<f64>,
}

impl PdLinear {
    /// The affine form of a classifier's p-d.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{ConfusionMatrix, Orientation, metrics};
    /// use ulab_core::pd::PdLinear;
    /// let cm = ConfusionMatrix::parse("40,7,3;8,10,2;9,1,20", Orientation::TrueRows).unwrap();
    /// let lin = PdLinear::of(&cm);
    /// let k = [0.5, 0.2, 0.3];
    /// assert!((lin.at(&k) - metrics::preference_driven(&cm, &k).unwrap()).abs() < 1e-15);
    /// ```
    pub fn of(cm: &ConfusionMatrix) -> PdLinear {
        let c = cm.n() as f64;
        let mut base = 0.0;
        let mut slopes = Vec::with_capacity(cm.n());
        for k in 0..cm.n() {
            let p = metrics::precision(cm, k).value().unwrap_or(0.0);
            let r = metrics::recall(cm, k).value().unwrap_or(0.0);
            base += r / c;
            slopes.push((p - r) / c);
        }
        PdLinear { base, slopes }
    }

    /// `p-d(κ)` (no validation of κ).
    pub fn at(&self, kappa: &[f64]) -> f64 {
        self.base
            + self
                .slopes
                .iter()
                .zip(kappa)
                .map(|(s, k)| s * k)
                .sum::<f64>()
    }

    /// The least and greatest p-d over the unit cube `κ ∈ [0, 1]^c`: p-d is affine, so they
    /// are at corners, `base + Σ_k min(slope_k, 0)` and `base + Σ_k max(slope_k, 0)`.
    ///
    /// # Examples
    ///
    /// cm4 of Kozak et al. 2022 (fig. 2: from 0.5833 at κ = [1, 0] to 1 at κ = [0, 1]):
    ///
    /// ```
    /// use ulab_core::{ConfusionMatrix, Orientation};
    /// use ulab_core::pd::PdLinear;
    /// let cm4 = ConfusionMatrix::parse("10,0;5,5", Orientation::TrueRows).unwrap();
    /// let (lo, hi) = PdLinear::of(&cm4).range();
    /// assert!((lo - 0.58333).abs() < 1e-5 && (hi - 1.0).abs() < 1e-12);
    /// ```
    pub fn range(&self) -> (f64, f64) {
        let lo = self.base + self.slopes.iter().map(|s| s.min(0.0)).sum::<f64>();
        let hi = self.base + self.slopes.iter().map(|s| s.max(0.0)).sum::<f64>();
        (lo, hi)
    }

    /// The `t ∈ [0, 1]` for which the uniform vector `κ = t·1` gives p-d = `target`:
    /// `p-d(t·1) = R + t·(P − R)` with `R = base` (p-d at κ = 0) and `P = base + Σ slopes`
    /// (p-d at κ = 1), so `t = (target − R)/(P − R)`. When `P = R` every `t` gives `R`: then
    /// `Some(0.5)` if `target` equals it (within `1e-12`). `None` when `t` would leave `[0, 1]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{ConfusionMatrix, Orientation};
    /// use ulab_core::pd::PdLinear;
    /// let cm4 = ConfusionMatrix::parse("10,0;5,5", Orientation::TrueRows).unwrap();
    /// let lin = PdLinear::of(&cm4); // R = 0.75, P = 0.8333
    /// let t = lin.uniform_for(0.8).unwrap();
    /// assert!((t - 0.6).abs() < 1e-12);
    /// assert!(lin.uniform_for(0.9).is_none());
    /// ```
    pub fn uniform_for(&self, target: f64) -> Option<f64> {
        let r = self.base;
        let p = self.base + self.slopes.iter().sum::<f64>();
        let tol = 1e-12;
        if !target.is_finite() {
            return None;
        }
        if (p - r).abs() <= tol {
            return ((target - r).abs() <= tol).then_some(0.5);
        }
        let t = (target - r) / (p - r);
        (-tol..=1.0 + tol).contains(&t).then(|| t.clamp(0.0, 1.0))
    }
}

/// How close two p-d values must be to tie (for "ranks first"): `1e-12`.
pub const TIE_TOLERANCE: f64 = 1e-12;

/// The κ vector number `index` of the grid `grid^c`, as indices into `grid` (class 0 varies
/// fastest): digit `k` is `⌊index / g^k⌋ mod g` with `g = grid.len()`. Writes into `digits`
/// (its length is `c`).
///
/// # Examples
///
/// ```
/// use ulab_core::pd::grid_digits;
/// let mut d = [0usize; 3];
/// grid_digits(5, 3, &mut d); // 5 = 2 + 1·3
/// assert_eq!(d, [2, 1, 0]);
/// ```
pub fn grid_digits(index: u64, g: usize, digits: &mut [usize]) {
    let g = g.max(1) as u64;
    let mut rest = index;
    for d in digits.iter_mut() {
        *d = (rest % g) as usize;
        rest /= g;
    }
}

/// p-d of several classifiers tallied over a set of κ vectors: histograms on `[0, 1]`,
/// minimum, sum, maximum, and how often each classifier ranks first, by the size of the tie.
/// Tallies of disjoint sets of κ vectors [`merge`](PdTally::merge) into the tally of their
/// union (counts exactly; the sums are floating-point, so merge in a fixed order for
/// bit-identical means).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PdTally {
    /// κ vectors tallied.
    pub vectors: u64,
    /// Per classifier, counts per bin of width `1/bins` on `[0, 1]` (the last bin closed).
    pub histograms: Vec<Vec<u64>>,
    /// Per classifier, the least p-d seen (`+∞` before any).
    pub min: Vec<f64>,
    /// Per classifier, the greatest p-d seen (`−∞` before any).
    pub max: Vec<f64>,
    /// Per classifier, the sum of p-d.
    pub sum: Vec<f64>,
    /// `first[m][s − 1]`: the κ vectors at which classifier `m` ranks first together with
    /// `s − 1` others (within [`TIE_TOLERANCE`]); `first[m][0]` = first alone.
    pub first: Vec<Vec<u64>>,
}

impl PdTally {
    /// An empty tally of `classifiers` classifiers with `bins` histogram bins (at least 1).
    pub fn new(classifiers: usize, bins: usize) -> PdTally {
        let bins = bins.max(1);
        PdTally {
            vectors: 0,
            histograms: vec![vec![0; bins]; classifiers],
            min: vec![f64::INFINITY; classifiers],
            max: vec![f64::NEG_INFINITY; classifiers],
            sum: vec![0.0; classifiers],
            first: vec![vec![0; classifiers]; classifiers],
        }
    }

    /// Adds one κ vector, given the p-d of each classifier at it (`values`, one per
    /// classifier). The bin of `v` is `min(⌊v·bins⌋, bins − 1)`, clamped at 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::pd::PdTally;
    /// let mut t = PdTally::new(2, 4);
    /// t.add(&[0.5, 0.5]); // a tie
    /// t.add(&[0.9, 0.1]);
    /// assert_eq!(t.first[0], vec![1, 1]); // once alone, once in a tie of two
    /// assert_eq!(t.histograms[0], vec![0, 0, 1, 1]);
    /// assert_eq!(t.first_shares()[0], 0.75); // (1 + 1/2) / 2
    /// ```
    pub fn add(&mut self, values: &[f64]) {
        let k = self.sum.len().min(values.len());
        if k == 0 {
            return;
        }
        let bins = self.histograms[0].len();
        let mut best = f64::NEG_INFINITY;
        for (m, &v) in values.iter().enumerate().take(k) {
            best = best.max(v);
            self.min[m] = self.min[m].min(v);
            self.max[m] = self.max[m].max(v);
            self.sum[m] += v;
            let bin = ((v * bins as f64).floor().max(0.0) as usize).min(bins - 1);
            self.histograms[m][bin] += 1;
        }
        let winners = values[..k]
            .iter()
            .filter(|v| **v >= best - TIE_TOLERANCE)
            .count();
        for (first, v) in self.first.iter_mut().zip(&values[..k]) {
            if *v >= best - TIE_TOLERANCE {
                first[winners - 1] += 1;
            }
        }
        self.vectors += 1;
    }

    /// Adds `other`'s vectors (same classifiers and bins; a mismatched tally is ignored):
    /// counts add, min/max combine, sums add.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::pd::PdTally;
    /// let (mut a, mut b) = (PdTally::new(2, 2), PdTally::new(2, 2));
    /// a.add(&[0.2, 0.9]);
    /// b.add(&[0.8, 0.1]);
    /// a.merge(&b);
    /// assert_eq!((a.vectors, a.min[0], a.max[0]), (2, 0.2, 0.8));
    /// assert_eq!(a.first_shares(), vec![0.5, 0.5]);
    /// ```
    pub fn merge(&mut self, other: &PdTally) {
        let same = other.sum.len() == self.sum.len()
            && other.histograms.first().map(Vec::len) == self.histograms.first().map(Vec::len);
        if !same {
            return;
        }
        self.vectors += other.vectors;
        for m in 0..self.sum.len() {
            for (a, b) in self.histograms[m].iter_mut().zip(&other.histograms[m]) {
                *a += b;
            }
            for (a, b) in self.first[m].iter_mut().zip(&other.first[m]) {
                *a += b;
            }
            self.min[m] = self.min[m].min(other.min[m]);
            self.max[m] = self.max[m].max(other.max[m]);
            self.sum[m] += other.sum[m];
        }
    }

    /// Per classifier, the share of κ vectors at which it ranks first, a tie of `s`
    /// classifiers counting `1/s` for each: `Σ_s first[m][s−1]/s / vectors` (the shares sum
    /// to 1). 0 without vectors.
    pub fn first_shares(&self) -> Vec<f64> {
        self.first
            .iter()
            .map(|by_size| {
                let f: f64 = by_size
                    .iter()
                    .enumerate()
                    .map(|(s, c)| *c as f64 / (s + 1) as f64)
                    .sum();
                if self.vectors == 0 {
                    0.0
                } else {
                    f / self.vectors as f64
                }
            })
            .collect()
    }

    /// The [`GridAnalysis`] of the tallied vectors.
    pub fn analysis(&self) -> GridAnalysis {
        let bins = self.histograms.first().map(Vec::len).unwrap_or(1);
        let n = self.vectors.max(1) as f64;
        GridAnalysis {
            vectors: self.vectors as usize,
            edges: (0..=bins).map(|i| i as f64 / bins as f64).collect(),
            histograms: self.histograms.clone(),
            min: self.min.clone(),
            mean: self.sum.iter().map(|s| s / n).collect(),
            max: self.max.clone(),
            first_share: self.first_shares(),
        }
    }
}

/// The two-class heatmap of figs. 2–5 of Kozak et al. 2022: `grid[i][j] = p-d([i/steps, j/steps])`
/// (row `i` = κ of class 0, column `j` = κ of class 1). `steps = 10` gives the paper's 11 × 11.
///
/// # Errors
/// Not two classes, or `steps` outside 1..=1000.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation};
/// use ulab_core::pd::heatmap;
/// let cm = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let h = heatmap(&cm, 10).unwrap();
/// assert_eq!(h.len(), 11);
/// // κ = [0, 0] is the macro recall (balanced accuracy) 0.62
/// assert!((h[0][0] - 0.62).abs() < 1e-12);
/// ```
pub fn heatmap(cm: &ConfusionMatrix, steps: usize) -> Result<Vec<Vec<f64>>, CoreError> {
    if cm.n() != 2 {
        return Err(CoreError::DimensionMismatch {
            expected: "2 classes".into(),
            found: format!("{} classes", cm.n()),
        });
    }
    if steps == 0 || steps > 1000 {
        return Err(CoreError::InvalidParameter {
            name: "grid steps",
            value: steps as f64,
            expected: "1 to 1000",
        });
    }
    let lin = PdLinear::of(cm);
    Ok((0..=steps)
        .map(|i| {
            (0..=steps)
                .map(|j| lin.at(&[i as f64 / steps as f64, j as f64 / steps as f64]))
                .collect()
        })
        .collect())
}

/// p-d of several classifiers over every κ vector of a grid (Kozak et al. 2022 §5, fig. 7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GridAnalysis {
    /// Number of κ vectors: `grid.len()^c`.
    pub vectors: usize,
    /// Histogram bin edges on `[0, 1]` (`bins + 1` values).
    pub edges: Vec<f64>,
    /// For each classifier, the count of κ vectors whose p-d falls in each bin.
    pub histograms: Vec<Vec<u64>>,
    /// For each classifier: minimum, mean and maximum p-d over the grid.
    pub min: Vec<f64>,
    /// Mean p-d over the grid.
    pub mean: Vec<f64>,
    /// Maximum p-d over the grid.
    pub max: Vec<f64>,
    /// For each classifier, the share of κ vectors for which it ranks first (ties split evenly).
    pub first_share: Vec<f64>,
}

/// Enumerates every κ vector with entries from `grid` (e.g. 0, 0.1, …, 1) and computes p-d
/// of each classifier for each, as Kozak et al. 2022 does for its real data sets (fig. 7, tables 6–9).
///
/// # Errors
/// No classifier, classifiers of different sizes, an empty grid, a grid value outside
/// `[0, 1]`, `bins` outside 1..=1000, or more than [`MAX_GRID_VECTORS`] vectors.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation};
/// use ulab_core::pd::grid_analysis;
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let b = ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap();
/// let g = grid_analysis(&[a, b], &[0.0, 0.5, 1.0], 10).unwrap();
/// assert_eq!(g.vectors, 9);
/// assert_eq!(g.first_share, vec![0.0, 1.0]); // B is first for every κ
/// ```
pub fn grid_analysis(
    classifiers: &[ConfusionMatrix],
    grid: &[f64],
    bins: usize,
) -> Result<GridAnalysis, CoreError> {
    let first = classifiers.first().ok_or(CoreError::Empty)?;
    let c = first.n();
    if classifiers.iter().any(|cm| cm.n() != c) {
        return Err(CoreError::Invalid(
            "all classifiers must have the same classes".into(),
        ));
    }
    if grid.is_empty() {
        return Err(CoreError::Empty);
    }
    check_kappa(grid, grid.len())?;
    if bins == 0 || bins > 1000 {
        return Err(CoreError::InvalidParameter {
            name: "bins",
            value: bins as f64,
            expected: "1 to 1000",
        });
    }
    let vectors = (grid.len() as f64).powi(c as i32);
    if vectors > MAX_GRID_VECTORS as f64 {
        return Err(CoreError::TooLarge {
            what: "κ vectors in the grid (grid values ^ classes)",
            found: vectors.min(usize::MAX as f64) as usize,
            max: MAX_GRID_VECTORS,
        });
    }
    let vectors = vectors as usize;
    let lins: Vec<PdLinear> = classifiers.iter().map(PdLinear::of).collect();
    let mut tally = PdTally::new(lins.len(), bins);
    let mut digits = vec![0usize; c];
    let mut kappa = vec![0.0; c];
    let mut values = vec![0.0; lins.len()];
    for index in 0..vectors as u64 {
        grid_digits(index, grid.len(), &mut digits);
        for (k, d) in kappa.iter_mut().zip(&digits) {
            *k = grid[*d];
        }
        for (v, lin) in values.iter_mut().zip(&lins) {
            *v = lin.at(&kappa);
        }
        tally.add(&values);
    }
    Ok(tally.analysis())
}

/// The F1 of macro precision and macro recall, Kozak et al. 2022's "macro F1" (eqs. 21, 23):
/// the harmonic mean `2·P·R / (P + R)` of `P = (1/c) Σ_k precision_k` and
/// `R = (1/c) Σ_k recall_k`, for two classes too (Kozak et al.'s tables use it there).
///
/// Not to be confused with the **macro F1** of [`metrics::macro_f1`] (the mean of per-class F1,
/// scikit-learn's `f1_score(average='macro')`), which the metric table and `ulab eval` report
/// for more than two classes: the two differ whenever the classes' precisions and recalls do.
///
/// Undefined if either average is (a class never output, or with no case), or if both are 0
/// ([`Undefined::NoneCorrect`]: no case is classified correctly).
///
/// # Examples
///
/// cm4 of Kozak et al. 2022, Table 3: macro precision 0.8333, macro recall 0.75, F1 0.7895.
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, metrics};
/// use ulab_core::pd::f1_of_macro_pr;
/// // one matrix with these macro averages (rows = true class): precisions 1 and 2/3,
/// // recalls 0.5 and 1
/// let cm = ConfusionMatrix::parse("5,5;0,10", Orientation::TrueRows).unwrap();
/// let f = f1_of_macro_pr(&cm).value().unwrap();
/// assert!((f - 0.7895).abs() < 1e-4);
/// // The mean of per-class F1 is another number: (2/3 + 0.8) / 2.
/// let mean = metrics::macro_f1(&cm).value().unwrap();
/// assert!((mean - (2.0 / 3.0 + 0.8) / 2.0).abs() < 1e-12);
/// ```
pub fn f1_of_macro_pr(cm: &ConfusionMatrix) -> Score {
    let p = metrics::macro_average(cm, metrics::precision);
    let r = metrics::macro_average(cm, metrics::recall);
    match (p, r) {
        (Score::Defined(p), Score::Defined(r)) => {
            Score::ratio(2.0 * p * r, p + r, Undefined::NoneCorrect)
        }
        (Score::Undefined(u), _) | (_, Score::Undefined(u)) => Score::Undefined(u),
    }
}

/// A preference vector κ for which p-d equals `target` (e.g. a classifier's F1), the one
/// closest (Euclidean) to `near` — by default the class shares, p-d's default κ. p-d is
/// affine in κ, so the solutions form a hyperplane cut by the unit cube; the closest point is
/// `clamp(near + λ·slopes, 0, 1)` with λ found by bisection. `None` if no κ in `[0, 1]^c` gives
/// `target`.
///
/// # Errors
/// `near` of the wrong length or outside `[0, 1]`.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation};
/// use ulab_core::pd::{kappa_for_value, PdLinear};
/// let cm = ConfusionMatrix::parse("5,5;0,10", Orientation::TrueRows).unwrap();
/// let k = kappa_for_value(&cm, 0.7895, None).unwrap().unwrap();
/// assert!((PdLinear::of(&cm).at(&k) - 0.7895).abs() < 1e-9);
/// assert!(kappa_for_value(&cm, 1.5, None).unwrap().is_none());
/// ```
pub fn kappa_for_value(
    cm: &ConfusionMatrix,
    target: f64,
    near: Option<&[f64]>,
) -> Result<Option<Vec<f64>>, CoreError> {
    let shares = metrics::default_kappa(cm);
    let k0 = near.unwrap_or(&shares);
    check_kappa(k0, cm.n())?;
    if !target.is_finite() {
        return Ok(None);
    }
    let lin = PdLinear::of(cm);
    // Slopes below 10⁻¹² of the largest move p-d by nothing measurable: their κ stays, so
    // that λ stays bounded (a subnormal slope would need λ ≈ 10³⁰⁹ to move its κ at all).
    let smax = lin.slopes.iter().fold(0.0f64, |m, s| m.max(s.abs()));
    let slopes: Vec<f64> = lin
        .slopes
        .iter()
        .map(|s| if s.abs() <= 1e-12 * smax { 0.0 } else { *s })
        .collect();
    let at = |lambda: f64| -> (Vec<f64>, f64) {
        let k: Vec<f64> = k0
            .iter()
            .zip(&slopes)
            // A zero slope leaves its κ alone (also for an infinite λ: no `0 · ∞`).
            .map(|(k, s)| {
                if *s == 0.0 {
                    *k
                } else {
                    (k + lambda * s).clamp(0.0, 1.0)
                }
            })
            .collect();
        let v = lin.at(&k);
        (k, v)
    };
    if slopes.iter().all(|s| *s == 0.0) {
        let (k, v) = at(0.0);
        return Ok(((v - target).abs() < 1e-12).then_some(k));
    }
    // λ large enough that every coordinate is clamped.
    // (Capped: for subnormal slopes 2/|s| overflows, and `−∞ + ∞` would be NaN.)
    let big = (2.0
        / slopes
            .iter()
            .map(|s| s.abs())
            .filter(|s| *s > 0.0)
            .fold(f64::INFINITY, f64::min))
    .min(f64::MAX / 4.0);
    let (mut lo, mut hi) = (-big, big);
    let (_, vlo) = at(lo);
    let (_, vhi) = at(hi);
    let tol = 1e-12;
    if target < vlo - tol || target > vhi + tol {
        return Ok(None);
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if at(mid).1 < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(Some(at(0.5 * (lo + hi)).0))
}
