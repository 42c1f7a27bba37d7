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
//! moves the marker ([`ulab_plot::pd`] draws it on its own layer) and the grids are recomputed
//! only when a matrix or the step changes.

use super::{Classifiers, PdError};
use ulab_core::pd::heatmap;
pub use ulab_core::pd::heatmaps::{Cell, Heatmaps, bits};

/// The coarsest grid: step 0.1, the paper's 11 × 11.
pub const MIN_DIVISIONS: usize = 10;

/// The finest grid: step 0.005 (201 × 201 points).
pub const MAX_DIVISIONS: usize = ulab_core::limits::MAX_HEATMAP_DIVISIONS;

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
/// use ulab_state::pd::heatmap::divisions_for_step;
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
            ulab_core::text::shortest(step)
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
/// use ulab_core::{ConfusionMatrix, Orientation};
/// use ulab_state::pd::{heatmap::heatmaps, Classifiers};
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
    Ok(Heatmaps::new(classifiers.names().to_vec(), grids))
}
