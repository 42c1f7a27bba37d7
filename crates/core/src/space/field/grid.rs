//! A grid of winners over the field's bounding box (for a CSV, or to fill by cells).

use super::{AffineField, MAX_GRID};
use crate::error::CoreError;
use crate::space::Point;

/// The winner at the centre of each cell of a regular grid over the field's bounding box.
#[derive(Debug, Clone, PartialEq)]
pub struct WinnerGrid {
    /// Points per row.
    pub nx: usize,
    /// Rows.
    pub ny: usize,
    /// The bounding box's lower-left corner.
    pub lo: Point,
    /// The bounding box's upper-right corner.
    pub hi: Point,
    /// Row-major winners, row 0 at the bottom; `None` outside the domain.
    pub winners: Vec<Option<usize>>,
}

impl WinnerGrid {
    /// The centre of grid cell `(col, row)`:
    /// `(lo.x + (col + ½)(hi.x − lo.x)/nx, lo.y + (row + ½)(hi.y − lo.y)/ny)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::hexagon_field;
    /// let g = hexagon_field(&[[0.5, 0.0, 0.0, 0.5]]).unwrap().grid(4, 4).unwrap();
    /// assert_eq!(g.point(0, 3), (-0.75, 0.75));
    /// assert_eq!(g.winners[3 * 4], None); // outside the hexagon
    /// assert_eq!(g.winners[0], Some(0));
    /// ```
    pub fn point(&self, col: usize, row: usize) -> Point {
        let fx = (col as f64 + 0.5) / self.nx.max(1) as f64;
        let fy = (row as f64 + 0.5) / self.ny.max(1) as f64;
        (
            self.lo.0 + fx * (self.hi.0 - self.lo.0),
            self.lo.1 + fy * (self.hi.1 - self.lo.1),
        )
    }
}

impl AffineField {
    /// The winner at the centre of each cell of an `nx × ny` grid over the bounding box of the
    /// domain ([`WinnerGrid::point`]), `None` outside the domain. For filling by cells, or a
    /// CSV; the exact regions are [`AffineField::regions`].
    ///
    /// # Errors
    /// `nx` or `ny` not in `1 ..=` [`MAX_GRID`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::hexagon_field;
    /// let f = hexagon_field(&[[0.27, 0.15, 0.23, 0.35], [0.43, 0.18, 0.07, 0.32]]).unwrap();
    /// let g = f.grid(40, 40).unwrap();
    /// let inside = g.winners.iter().filter(|w| w.is_some()).count();
    /// assert!((inside as f64 / 1600.0 - 0.75).abs() < 0.03); // the hexagon fills 3/4 of the square
    /// assert!(f.grid(0, 10).is_err());
    /// ```
    pub fn grid(&self, nx: usize, ny: usize) -> Result<WinnerGrid, CoreError> {
        for (name, v) in [("grid columns", nx), ("grid rows", ny)] {
            if v == 0 || v > MAX_GRID {
                return Err(CoreError::InvalidParameter {
                    name,
                    value: v as f64,
                    expected: "between 1 and 2000",
                });
            }
        }
        let mut g = WinnerGrid {
            nx,
            ny,
            lo: self.lo,
            hi: self.hi,
            winners: Vec::with_capacity(nx * ny),
        };
        for row in 0..ny {
            for col in 0..nx {
                let w = self.winner_at(g.point(col, row));
                g.winners.push(w);
            }
        }
        Ok(g)
    }
}
