//! Two classes: the p-d heatmaps over the square of preference vectors `(κ₀, κ₁) ∈ [0, 1]²`
//! of several classifiers on one grid (Kozak et al. 2022, figs 2–5), which classifier ranks
//! first at each point (the winner map), and the cell under a pointer.
//!
//! The grid has `N + 1` points per side, `κ = i/N` (`N` = [`Heatmaps::divisions`], the step is
//! `1/N`: `N = 10` is the paper's 11 × 11). Cell `(i, j)` is centred on `(i/N, j/N)` and spans
//! half a step on each side. Each grid is [`heatmap`](super::heatmap)'s; the app's bounds on
//! `N` and on the work are the state's (`pd::heatmap` of the state crate).

use super::{TIE_TOLERANCE, heatmap};
use crate::{ConfusionMatrix, CoreError};

/// The heatmaps of every classifier on one grid, and the winner map.
#[derive(Debug, Clone, PartialEq)]
pub struct Heatmaps {
    /// `N`: the grid has `N + 1` points per side, step `1/N`.
    pub divisions: usize,
    /// Classifier names.
    pub names: Vec<String>,
    /// Per classifier, `grid[i][j] = p-d([i/N, j/N])` (row `i`: κ of class 0; column `j`: κ of
    /// class 1) — [`heatmap`](super::heatmap).
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

impl Heatmaps {
    /// The heatmaps `grids` (one per classifier, each `(N + 1) × (N + 1)`, as
    /// [`heatmap`](super::heatmap) computes them) of the classifiers `names`, with the winner
    /// map computed from them.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::pd::heatmaps::Heatmaps;
    /// let h = Heatmaps::new(vec!["A".into(), "B".into()], vec![vec![vec![0.5, 0.7]; 2], vec![vec![0.6, 0.7]; 2]]);
    /// assert_eq!((h.divisions, h.winners[0][0], h.winners[0][1]), (1, 0b10, 0b11));
    /// ```
    pub fn new(names: Vec<String>, grids: Vec<Vec<Vec<f64>>>) -> Heatmaps {
        let divisions = grids.first().map_or(0, |g| g.len().saturating_sub(1));
        let winners = (0..=divisions)
            .map(|i| {
                (0..=divisions)
                    .map(|j| winner_mask(grids.iter().map(|g| g[i][j])))
                    .collect()
            })
            .collect();
        Heatmaps {
            divisions,
            names,
            grids,
            winners,
        }
    }

    /// The heatmaps of the classifiers `matrices` (named `names`) on a grid of `divisions`
    /// steps per side: [`heatmap`](super::heatmap) of each, then [`Heatmaps::new`].
    ///
    /// # Errors
    /// What [`heatmap`](super::heatmap) refuses (not two classes, no step).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{examples::factory_classifiers, pd::heatmaps::Heatmaps};
    /// let h = Heatmaps::compute(&factory_classifiers(), 10).unwrap();
    /// assert_eq!((h.side(), h.names[1].as_str()), (11, "B"));
    /// ```
    pub fn compute<S: AsRef<str>>(
        classifiers: &[(S, ConfusionMatrix)],
        divisions: usize,
    ) -> Result<Heatmaps, CoreError> {
        let grids = classifiers
            .iter()
            .map(|(_, cm)| heatmap(cm, divisions))
            .collect::<Result<Vec<_>, _>>()?;
        let names = classifiers
            .iter()
            .map(|(n, _)| n.as_ref().to_string())
            .collect();
        Ok(Heatmaps::new(names, grids))
    }
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
/// assert_eq!(ulab_core::pd::heatmaps::bits(0b1010), vec![1, 3]);
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
    /// use ulab_core::pd::{heatmap, heatmaps::Heatmaps};
    /// use ulab_core::{ConfusionMatrix, Orientation};
    /// // The factory's classifiers A and B (Dyrland et al. 2022, eqs. 1–2).
    /// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
    /// let b = ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap();
    /// let grids = vec![heatmap(&a, 20).unwrap(), heatmap(&b, 20).unwrap()];
    /// let h = Heatmaps::new(vec!["A".into(), "B".into()], grids);
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
    /// or tap shows, after the heatmap plot's `kappa_at` turned the pointer's pixel
    /// into κ.
    pub fn cell_at(&self, kappa0: f64, kappa1: f64) -> Option<Cell> {
        let (i, j) = self.index_at(kappa0, kappa1)?;
        self.cell(i, j)
    }

    /// The share of grid points at which each classifier ranks first, a tie of `s` counting
    /// `1/s` each (as [`ulab_core::pd::PdTally::first_shares`]).
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
