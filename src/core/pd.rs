//! Analyses of the preference-driven measure over its preference vector κ (Kozak et al. 2022 §4–5):
//! heatmaps for two classes (figs. 2–5), distributions over grids of κ vectors (fig. 7), how
//! often each classifier ranks first, and the κ for which p-d equals F1 (the F1 of macro
//! precision and macro recall, [`f1_of_macro_pr`]).
//!
//! p-d is linear in κ: `p-d(κ) = (1/c) Σ_k r_k + κ_k·(p_k − r_k)` with `p_k`, `r_k` the precision
//! and recall of class `k` (0/0 counted as 0, as in [`metrics::preference_driven`]).

use super::confusion::ConfusionMatrix;
use super::error::CoreError;
use super::metrics::{self, check_kappa};
use super::score::{Score, Undefined};
use serde::{Deserialize, Serialize};

/// The most κ vectors a grid analysis enumerates.
pub const MAX_GRID_VECTORS: usize = 4_000_000;

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
    /// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
    /// use utility_lab::core::pd::PdLinear;
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
/// use utility_lab::core::{ConfusionMatrix, Orientation};
/// use utility_lab::core::pd::heatmap;
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
/// use utility_lab::core::{ConfusionMatrix, Orientation};
/// use utility_lab::core::pd::grid_analysis;
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
    let k = lins.len();
    let mut hist = vec![vec![0u64; bins]; k];
    let mut min = vec![f64::INFINITY; k];
    let mut max = vec![f64::NEG_INFINITY; k];
    let mut sum = vec![0.0; k];
    let mut first_count = vec![0.0; k];
    let mut digits = vec![0usize; c];
    let mut values = vec![0.0; k];
    for _ in 0..vectors {
        let mut best = f64::NEG_INFINITY;
        for (m, lin) in lins.iter().enumerate() {
            let v = lin.base
                + digits
                    .iter()
                    .zip(&lin.slopes)
                    .map(|(d, s)| s * grid[*d])
                    .sum::<f64>();
            values[m] = v;
            best = best.max(v);
            min[m] = min[m].min(v);
            max[m] = max[m].max(v);
            sum[m] += v;
            let bin = ((v * bins as f64).floor().max(0.0) as usize).min(bins - 1);
            hist[m][bin] += 1;
        }
        let tol = 1e-12;
        let winners = values.iter().filter(|v| **v >= best - tol).count() as f64;
        for m in 0..k {
            if values[m] >= best - tol {
                first_count[m] += 1.0 / winners;
            }
        }
        // odometer
        for d in digits.iter_mut() {
            *d += 1;
            if *d < grid.len() {
                break;
            }
            *d = 0;
        }
    }
    Ok(GridAnalysis {
        vectors,
        edges: (0..=bins).map(|i| i as f64 / bins as f64).collect(),
        histograms: hist,
        min,
        mean: sum.iter().map(|s| s / vectors as f64).collect(),
        max,
        first_share: first_count.iter().map(|f| f / vectors as f64).collect(),
    })
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
/// use utility_lab::core::{ConfusionMatrix, Orientation, metrics};
/// use utility_lab::core::pd::f1_of_macro_pr;
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
/// use utility_lab::core::{ConfusionMatrix, Orientation};
/// use utility_lab::core::pd::{kappa_for_value, PdLinear};
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
    let at = |lambda: f64| -> (Vec<f64>, f64) {
        let k: Vec<f64> = k0
            .iter()
            .zip(&lin.slopes)
            .map(|(k, s)| (k + lambda * s).clamp(0.0, 1.0))
            .collect();
        let v = lin.at(&k);
        (k, v)
    };
    let norm2: f64 = lin.slopes.iter().map(|s| s * s).sum();
    if norm2 == 0.0 {
        let (k, v) = at(0.0);
        return Ok(((v - target).abs() < 1e-12).then_some(k));
    }
    // λ large enough that every coordinate is clamped.
    let big = 2.0
        / lin
            .slopes
            .iter()
            .map(|s| s.abs())
            .filter(|s| *s > 0.0)
            .fold(f64::INFINITY, f64::min);
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
