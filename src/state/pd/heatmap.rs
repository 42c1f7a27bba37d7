//! Two classes: p-d over the square of preference vectors `(κ₀, κ₁) ∈ [0, 1]²` for each
//! classifier (Kozak et al. 2022, figs 2–5), which classifier ranks first at each point (the
//! winner map), and the cell under the pointer.
//!
//! The grid has `N + 1` points per side, `κ = i/N` (`N` = [`Heatmaps::divisions`], the step is
//! `1/N`: `N = 10` is the paper's 11 × 11). Cell `(i, j)` is centred on `(i/N, j/N)` and spans
//! half a step on each side, so the axes run from `−1/2N` to `1 + 1/2N` and every cell has the
//! same size.
//!
//! **Work bound.** `N` ∈ [`MIN_DIVISIONS`]`..=`[`MAX_DIVISIONS`] (step 0.1 down to 0.005) and
//! at most [`MAX_CELLS`] cells over all classifiers, `(N + 1)²·m ≤ 10⁶`. Computing is cheap
//! (p-d is affine: one multiply-add per class and cell); drawing dominates, so a κ slider only
//! moves the marker ([`crate::plot::pd`] draws it on its own layer) and the grids are recomputed
//! only when a matrix or the step changes.

use super::{Classifiers, PdError};
use crate::core::pd::{heatmap, TIE_TOLERANCE};

/// The coarsest grid: step 0.1, the paper's 11 × 11.
pub const MIN_DIVISIONS: usize = 10;

/// The finest grid: step 0.005 (201 × 201 points).
pub const MAX_DIVISIONS: usize = crate::core::limits::MAX_HEATMAP_DIVISIONS;

/// The most cells over all classifiers' heatmaps.
pub const MAX_CELLS: u64 = 1_000_000;

/// The default step (the paper's).
pub const DEFAULT_DIVISIONS: usize = 10;

/// `N` for a grid step: `N = round(1/step)`, which must give the step back (`|N·step − 1| ≤
/// 10⁻⁹`) and lie in [`MIN_DIVISIONS`]`..=`[`MAX_DIVISIONS`].
///
/// # Errors
/// [`PdError::Setting`] naming the allowed steps.
///
/// # Examples
///
/// ```
/// use utility_lab::state::pd::heatmap::divisions_for_step;
/// assert_eq!(divisions_for_step(0.1).unwrap(), 10);
/// assert_eq!(divisions_for_step(0.01).unwrap(), 100);
/// assert!(divisions_for_step(0.2).is_err()); // coarser than 0.1
/// assert!(divisions_for_step(0.03).is_err()); // 1/0.03 is not whole
/// ```
pub fn divisions_for_step(step: f64) -> Result<usize, PdError> {
    let bad = || {
        PdError::Setting(format!(
            "grid step {}: use 1/N for a whole N from {MIN_DIVISIONS} to {MAX_DIVISIONS} \
             (0.1, 0.05, 0.04, 0.025, 0.02, 0.01, 0.005 …)",
            crate::text::shortest(step)
        ))
    };
    if !(step.is_finite() && step > 0.0) {
        return Err(bad());
    }
    let n = (1.0 / step).round();
    if !(MIN_DIVISIONS as f64..=MAX_DIVISIONS as f64).contains(&n) || (n * step - 1.0).abs() > 1e-9
    {
        return Err(bad());
    }
    Ok(n as usize)
}

/// The heatmaps of every classifier on one grid, and the winner map.
#[derive(Debug, Clone, PartialEq)]
pub struct Heatmaps {
    /// `N`: the grid has `N + 1` points per side, step `1/N`.
    pub divisions: usize,
    /// Classifier names.
    pub names: Vec<String>,
    /// Per classifier, `grid[i][j] = p-d([i/N, j/N])` (row `i`: κ of class 0; column `j`: κ of
    /// class 1) — the core's [`heatmap`].
    pub grids: Vec<Vec<Vec<f64>>>,
    /// `winners[i][j]`: bit `m` set when classifier `m` ranks first at `(i/N, j/N)` (ties
    /// within [`TIE_TOLERANCE`] set several bits).
    pub winners: Vec<Vec<u64>>,
}

/// What the pointer is over: a grid point and every classifier's p-d there.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// Row `i` (κ of class 0 = `i/N`).
    pub i: usize,
    /// Column `j` (κ of class 1 = `j/N`).
    pub j: usize,
    /// `[i/N, j/N]`.
    pub kappa: [f64; 2],
    /// p-d of each classifier.
    pub values: Vec<f64>,
    /// The classifiers ranked first (several on a tie).
    pub winners: Vec<usize>,
}

/// Computes every classifier's heatmap with the core's [`heatmap`] and the winner map.
///
/// # Errors
/// Not two classes; `divisions` outside the bounds; more than [`MAX_CELLS`] cells.
///
/// # Examples
///
/// cm4 of Kozak et al. 2022 (fig. 2): 0.8083 at κ = [0.1, 0.3].
///
/// ```
/// use utility_lab::core::{ConfusionMatrix, Orientation};
/// use utility_lab::state::pd::{heatmap::heatmaps, Classifiers};
/// let cm4 = ConfusionMatrix::parse("10,0;5,5", Orientation::TrueRows).unwrap();
/// let h = heatmaps(&Classifiers::new(vec!["cm4".into()], vec![cm4]).unwrap(), 10).unwrap();
/// assert_eq!(format!("{:.4}", h.grids[0][1][3]), "0.8083");
/// assert_eq!(h.cell_at(0.1, 0.3).unwrap().winners, vec![0]);
/// ```
pub fn heatmaps(classifiers: &Classifiers, divisions: usize) -> Result<Heatmaps, PdError> {
    if classifiers.n() != 2 {
        return Err(PdError::NotTwoClasses {
            found: classifiers.n(),
        });
    }
    if !(MIN_DIVISIONS..=MAX_DIVISIONS).contains(&divisions) {
        return Err(PdError::Setting(format!(
            "the grid needs {MIN_DIVISIONS} to {MAX_DIVISIONS} steps per side, not {divisions}"
        )));
    }
    let side = divisions as u64 + 1;
    let cells = side * side * classifiers.len() as u64;
    if cells > MAX_CELLS {
        return Err(PdError::TooMuchWork {
            what: "heatmap cells (grid points × classifiers)",
            found: cells,
            max: MAX_CELLS,
        });
    }
    let grids = classifiers
        .matrices()
        .iter()
        .map(|cm| heatmap(cm, divisions))
        .collect::<Result<Vec<_>, _>>()?;
    let winners = (0..=divisions)
        .map(|i| {
            (0..=divisions)
                .map(|j| winner_mask(grids.iter().map(|g| g[i][j])))
                .collect()
        })
        .collect();
    Ok(Heatmaps {
        divisions,
        names: classifiers.names().to_vec(),
        grids,
        winners,
    })
}

/// Bit `m` set for each value within [`TIE_TOLERANCE`] of the greatest (at most 64 values).
fn winner_mask(values: impl Iterator<Item = f64> + Clone) -> u64 {
    let best = values.clone().fold(f64::NEG_INFINITY, f64::max);
    values
        .take(64)
        .enumerate()
        .filter(|(_, v)| *v >= best - TIE_TOLERANCE)
        .fold(0u64, |mask, (m, _)| mask | (1u64 << m))
}

/// The indices of the set bits of `mask`, in order.
///
/// # Examples
///
/// ```
/// assert_eq!(utility_lab::state::pd::heatmap::bits(0b1010), vec![1, 3]);
/// ```
pub fn bits(mask: u64) -> Vec<usize> {
    (0..64).filter(|m| mask & (1u64 << m) != 0).collect()
}

impl Heatmaps {
    /// Grid points per side, `N + 1`.
    pub fn side(&self) -> usize {
        self.divisions + 1
    }

    /// The grid step `1/N`.
    pub fn step(&self) -> f64 {
        1.0 / self.divisions as f64
    }

    /// The least and greatest p-d over every grid (for one colour scale shared by the panels).
    pub fn value_range(&self) -> (f64, f64) {
        let all = self.grids.iter().flatten().flatten().copied();
        let lo = all.clone().fold(f64::INFINITY, f64::min);
        let hi = all.fold(f64::NEG_INFINITY, f64::max);
        if lo.is_finite() && hi.is_finite() {
            (lo, hi)
        } else {
            (0.0, 1.0)
        }
    }

    /// The grid point nearest `(κ₀, κ₁)`: `(round(κ₀·N), round(κ₁·N))`, or `None` outside the
    /// cells, i.e. outside `[−1/2N, 1 + 1/2N]²` (or NaN).
    pub fn index_at(&self, kappa0: f64, kappa1: f64) -> Option<(usize, usize)> {
        let n = self.divisions as f64;
        let idx = |k: f64| {
            let x = (k * n).round();
            (k.is_finite() && (0.0..=n).contains(&x) && (k * n - x).abs() <= 0.5 + 1e-9)
                .then_some(x as usize)
        };
        Some((idx(kappa0)?, idx(kappa1)?))
    }

    /// The cell `(i, j)` with its κ `[i/N, j/N]`, every classifier's p-d and the winners;
    /// `None` outside.
    ///
    /// # Examples
    ///
    /// ```
    /// use utility_lab::state::{pd::{heatmap::heatmaps, Classifiers}, presets::factory};
    /// let h = heatmaps(&Classifiers::from_app(&factory().classifiers).unwrap(), 20).unwrap();
    /// assert_eq!((h.side(), h.step()), (21, 0.05));
    /// assert_eq!(h.index_at(0.52, 0.124), Some((10, 2))); // nearest grid point
    /// let c = h.cell(10, 2).unwrap();
    /// assert_eq!((c.kappa, c.winners), ([0.5, 0.1], vec![1]));
    /// assert!(h.cell(21, 0).is_none() && h.index_at(1.2, 0.0).is_none());
    /// ```
    pub fn cell(&self, i: usize, j: usize) -> Option<Cell> {
        if i > self.divisions || j > self.divisions {
            return None;
        }
        let values: Vec<f64> = self.grids.iter().map(|g| g[i][j]).collect();
        Some(Cell {
            i,
            j,
            kappa: [i as f64 * self.step(), j as f64 * self.step()],
            values,
            winners: bits(self.winners[i][j]),
        })
    }

    /// The cell at `(κ₀, κ₁)` ([`Heatmaps::index_at`], then [`Heatmaps::cell`]): what a hover
    /// or tap shows, after [`crate::plot::pd::HeatmapPlot::kappa_at`] turned the pointer's pixel
    /// into κ.
    pub fn cell_at(&self, kappa0: f64, kappa1: f64) -> Option<Cell> {
        let (i, j) = self.index_at(kappa0, kappa1)?;
        self.cell(i, j)
    }

    /// The share of grid points at which each classifier ranks first, a tie of `s` counting
    /// `1/s` each (as [`crate::core::pd::PdTally::first_shares`]).
    pub fn first_shares(&self) -> Vec<f64> {
        let mut share = vec![0.0; self.names.len()];
        let total = (self.side() * self.side()) as f64;
        for mask in self.winners.iter().flatten() {
            let w = bits(*mask);
            for m in &w {
                if let Some(s) = share.get_mut(*m) {
                    *s += 1.0 / w.len() as f64 / total;
                }
            }
        }
        share
    }
}
