//! Yields that are affine on convex cells of a plane — the hexagon of fig. 1 (four cells, see
//! [`super::quadrants`]) or a 2-D slice of a larger utility matrix (one rectangle) — and what
//! follows from them exactly: the region where each contestant yields the most, the lines
//! between regions, the nearest point where the best contestant changes, and a grid of
//! winners.
//!
//! **Regions.** On a cell, contestant `k`'s region is the cell cut by the half-planes
//! `Y_k − Y_j ≥ 0` for every other `j`: a convex polygon ([`Polygon::clip`]). No grid is needed
//! and the boundaries are exact.
//!
//! **Ties.** Where several contestants yield the most, the one listed first wins: at a point,
//! [`AffineField::winner_at`] takes the first maximum (values within a tolerance `ε` of each
//! other count as equal); on a cell where two contestants yield the same everywhere (identical
//! classifiers, or classifiers that differ only in cells that weigh 0 there) the later one has
//! no region. `ε = 10⁻¹² · max |Y|` over the cells' corners.

mod edges;
mod grid;

pub use edges::BoundaryEdge;
pub use grid::WinnerGrid;

use super::polygon::{Edge, Polygon};
use super::{Affine, Point};
use crate::error::{CoreError, check_count};

/// The most contestants of one field.
pub const MAX_CONTESTANTS: usize = 200;

/// The most grid points per side.
pub const MAX_GRID: usize = 2000;

/// A convex cell of the plane and each contestant's yield on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// The cell.
    pub polygon: Polygon,
    /// `values[k]`: contestant `k`'s yield, affine on the cell.
    pub values: Vec<Affine>,
}

/// Yields of several contestants, each affine on every cell of a partition of a convex domain
/// into convex cells.
#[derive(Debug, Clone, PartialEq)]
pub struct AffineField {
    cells: Vec<Cell>,
    contestants: usize,
    eps: f64,
    lo: Point,
    hi: Point,
}

/// One convex piece of a contestant's region (a region may have one piece per cell).
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// The contestant that yields the most here.
    pub contestant: usize,
    /// The cell the piece lies in.
    pub cell: usize,
    /// The piece; its [`Edge::Tie`] edges are boundaries with other regions.
    pub polygon: Polygon,
}

/// The nearest point where the best contestant changes (see [`AffineField::nearest_change`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Change {
    /// The best contestant at the starting point.
    pub winner: usize,
    /// The contestant that first yields as much as the winner.
    pub rival: usize,
    /// The distance to that point, in the plane's units.
    pub distance: f64,
    /// The point.
    pub point: Point,
}

impl AffineField {
    /// A field from its cells: each a convex polygon (at least 3 corners, positive area) and
    /// one affine yield per contestant, the same number of contestants in every cell.
    ///
    /// # Errors
    /// No cell, a degenerate cell, no contestant or more than [`MAX_CONTESTANTS`], differing
    /// numbers of contestants, a non-finite corner or coefficient.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::{field::AffineField, Affine};
    /// let square = vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
    /// let f = AffineField::new(vec![(square.clone(), vec![
    ///     Affine { c: 0.0, x: 1.0, y: 0.0 },   // grows to the right
    ///     Affine { c: 0.5, x: 0.0, y: 0.0 },   // constant
    /// ])]).unwrap();
    /// assert_eq!(f.winner_at((0.9, 0.5)), Some(0));
    /// assert_eq!(f.winner_at((0.1, 0.5)), Some(1));
    /// assert!(AffineField::new(vec![(square, vec![])]).is_err());
    /// ```
    pub fn new(cells: Vec<(Vec<Point>, Vec<Affine>)>) -> Result<AffineField, CoreError> {
        let contestants = cells.first().ok_or(CoreError::Empty)?.1.len();
        check_count("contestants", contestants, 1, MAX_CONTESTANTS)?;
        let (mut lo, mut hi) = (
            (f64::INFINITY, f64::INFINITY),
            (f64::NEG_INFINITY, f64::NEG_INFINITY),
        );
        let mut scale: f64 = 0.0;
        let mut out = Vec::with_capacity(cells.len());
        for (corners, values) in cells {
            if values.len() != contestants {
                return Err(CoreError::LengthMismatch {
                    what: "contestants of a cell",
                    expected: contestants,
                    found: values.len(),
                });
            }
            let finite = |v: f64| v.is_finite();
            if !corners.iter().all(|p| finite(p.0) && finite(p.1))
                || !values
                    .iter()
                    .all(|a| finite(a.c) && finite(a.x) && finite(a.y))
            {
                return Err(CoreError::Invalid(
                    "a cell's corner or yield is not a finite number".into(),
                ));
            }
            let polygon = Polygon::new(&corners);
            if corners.len() < 3 || !(polygon.area() > 0.0) {
                return Err(CoreError::Invalid("a cell of the plane has no area".into()));
            }
            for p in &corners {
                lo = (lo.0.min(p.0), lo.1.min(p.1));
                hi = (hi.0.max(p.0), hi.1.max(p.1));
                for a in &values {
                    scale = scale.max(a.at(*p).abs());
                }
            }
            out.push(Cell { polygon, values });
        }
        Ok(AffineField {
            cells: out,
            contestants,
            eps: 1e-12 * scale.max(f64::MIN_POSITIVE),
            lo,
            hi,
        })
    }

    /// The number of contestants.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::hexagon_field;
    /// assert_eq!(hexagon_field(&[[0.5, 0.0, 0.0, 0.5]; 3]).unwrap().contestants(), 3);
    /// ```
    pub fn contestants(&self) -> usize {
        self.contestants
    }

    /// The cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::hexagon_field;
    /// assert_eq!(hexagon_field(&[[0.5, 0.0, 0.0, 0.5]]).unwrap().cells().len(), 4);
    /// ```
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Each contestant's yield at `p` (from the first cell containing it), `None` outside the
    /// domain or for a non-finite `p`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::hexagon_field;
    /// let f = hexagon_field(&[[0.27, 0.15, 0.23, 0.35]]).unwrap();
    /// // Classifier A at the factory point: 0.27·0.7 + 0.23·0.6 + 0.35 = 0.677.
    /// assert!((f.values_at((0.3, -0.6)).unwrap()[0] - 0.677).abs() < 1e-12);
    /// assert_eq!(f.values_at((2.0, 0.0)), None);
    /// ```
    pub fn values_at(&self, p: Point) -> Option<Vec<f64>> {
        let cell = self.cell_of(p)?;
        Some(cell.values.iter().map(|a| a.at(p)).collect())
    }

    /// The contestant with the highest yield at `p`; among values within `ε` of the highest,
    /// the first. `None` outside the domain.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::hexagon_field;
    /// let same = [0.4, 0.1, 0.1, 0.4];
    /// let f = hexagon_field(&[same, same]).unwrap();
    /// assert_eq!(f.winner_at((0.2, 0.2)), Some(0)); // identical: the first one
    /// ```
    pub fn winner_at(&self, p: Point) -> Option<usize> {
        let cell = self.cell_of(p)?;
        Some(self.argmax(cell, p))
    }

    fn argmax(&self, cell: &Cell, p: Point) -> usize {
        let mut best = (0, cell.values[0].at(p));
        for (k, a) in cell.values.iter().enumerate().skip(1) {
            let v = a.at(p);
            if v > best.1 + self.eps {
                best = (k, v);
            }
        }
        best.0
    }

    fn cell_of(&self, p: Point) -> Option<&Cell> {
        let tol = 1e-12 * (self.hi.0 - self.lo.0).max(self.hi.1 - self.lo.1);
        self.cells.iter().find(|c| c.polygon.contains(p, tol))
    }

    /// Whether `d` is 0 (within `ε`) at every corner of `cell`, hence on the whole cell.
    fn vanishes(&self, d: &Affine, cell: &Cell) -> bool {
        cell.polygon
            .vertices
            .iter()
            .all(|p| d.at(*p).abs() <= self.eps)
    }

    /// The exact winner regions: for each cell and contestant `k`, the cell cut by
    /// `Y_k − Y_j ≥ 0` for every `j ≠ k` (see the module's note on ties). Pieces of no area
    /// (below `10⁻¹²` of their cell's) are left out; pieces come cell by cell, contestants in
    /// order.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::hexagon_field;
    /// let f = hexagon_field(&[[0.27, 0.15, 0.23, 0.35], [0.43, 0.18, 0.07, 0.32]]).unwrap();
    /// let pieces = f.regions();
    /// let area: f64 = pieces.iter().map(|p| p.polygon.area()).sum();
    /// assert!((area - 3.0).abs() < 1e-12); // they tile the hexagon
    /// ```
    pub fn regions(&self) -> Vec<Piece> {
        let mut pieces = Vec::new();
        for (ci, cell) in self.cells.iter().enumerate() {
            let min_area = 1e-12 * cell.polygon.area();
            for k in 0..self.contestants {
                let mut poly = cell.polygon.clone();
                for j in 0..self.contestants {
                    if j == k {
                        continue;
                    }
                    let d = cell.values[k].minus(&cell.values[j]);
                    if self.vanishes(&d, cell) {
                        if j < k {
                            poly = Polygon::default();
                            break;
                        }
                        continue;
                    }
                    poly = poly.clip(&d, Edge::Tie(j), self.eps);
                    if poly.vertices.len() < 3 {
                        break;
                    }
                }
                if poly.vertices.len() >= 3 && poly.area() > min_area {
                    pieces.push(Piece {
                        contestant: k,
                        cell: ci,
                        polygon: poly,
                    });
                }
            }
        }
        pieces
    }

    /// From `p`, the nearest point where the best contestant `W` stops being the only best:
    /// the minimum over cells and rivals `j` of the distance from `p` to the convex piece
    /// `{Y_j ≥ Y_W}` of the cell (pieces of no area, where `j` never does strictly better, are
    /// skipped). At that point `j` yields as much as `W` and no one more. `None` when `p` is
    /// outside the domain or no one ever does better than `W`.
    ///
    /// # Examples
    ///
    /// At the factory matrix `(0.3, −0.6)`, A is best; B becomes as good on the boundary's
    /// segment `y = x − 0.8125` of that quadrant, at distance `(0.9 − 0.8125)/√2`.
    ///
    /// ```
    /// use ulab_core::space::hexagon_field;
    /// let f = hexagon_field(&[[0.27, 0.15, 0.23, 0.35], [0.43, 0.18, 0.07, 0.32]]).unwrap();
    /// let c = f.nearest_change((0.3, -0.6)).unwrap();
    /// assert_eq!((c.winner, c.rival), (0, 1));
    /// assert!((c.distance - 0.0875 / 2f64.sqrt()).abs() < 1e-12);
    /// ```
    pub fn nearest_change(&self, p: Point) -> Option<Change> {
        let winner = self.winner_at(p)?;
        let mut best: Option<Change> = None;
        for cell in &self.cells {
            let min_area = 1e-12 * cell.polygon.area();
            for j in (0..self.contestants).filter(|j| *j != winner) {
                let d = cell.values[j].minus(&cell.values[winner]);
                let piece = if self.vanishes(&d, cell) {
                    if j > winner {
                        continue;
                    }
                    cell.polygon.clone()
                } else {
                    cell.polygon.clip(&d, Edge::Tie(winner), self.eps)
                };
                if piece.vertices.len() < 3 || !(piece.area() > min_area) {
                    continue;
                }
                if let Some((q, dist)) = piece.nearest(p)
                    && best.is_none_or(|b| dist < b.distance)
                {
                    best = Some(Change {
                        winner,
                        rival: j,
                        distance: dist,
                        point: q,
                    });
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::hexagon_field;

    const A: [f64; 4] = [0.27, 0.15, 0.23, 0.35];
    const B: [f64; 4] = [0.43, 0.18, 0.07, 0.32];

    #[test]
    fn identical_contestants_leave_the_later_without_region() {
        let f = hexagon_field(&[A, B, A]).unwrap();
        let pieces = f.regions();
        assert!(pieces.iter().all(|p| p.contestant != 2));
        let area: f64 = pieces.iter().map(|p| p.polygon.area()).sum();
        assert!((area - 3.0).abs() < 1e-12);
        assert!(f.pair_boundary(0, 2).is_empty());
        // The third never does better than the first.
        let c = f.nearest_change((0.3, -0.6)).unwrap();
        assert_eq!(c.rival, 1);
    }

    #[test]
    fn boundary_along_an_axis_is_found() {
        // Differ only in C01 vs C10: P wins above y = 0 (weight on N01 = y⁺), Q below.
        let p = [0.4, 0.2, 0.0, 0.4];
        let q = [0.4, 0.0, 0.2, 0.4];
        let f = hexagon_field(&[p, q]).unwrap();
        assert_eq!(f.winner_at((0.2, 0.3)), Some(0));
        assert_eq!(f.winner_at((0.2, -0.3)), Some(1));
        let edges = f.boundaries(&f.regions());
        let on_axis: f64 = edges
            .iter()
            .filter(|e| e.from.1.abs() < 1e-12 && e.to.1.abs() < 1e-12)
            .map(|e| (e.to.0 - e.from.0).abs())
            .sum();
        assert!((on_axis - 2.0).abs() < 1e-9, "{edges:?}");
        let seg = f.pair_boundary(0, 1);
        let len: f64 = seg.iter().map(|(a, b)| (b.0 - a.0).hypot(b.1 - a.1)).sum();
        assert!((len - 2.0).abs() < 1e-9, "{seg:?}");
    }

    #[test]
    fn single_contestant_owns_everything() {
        let f = hexagon_field(&[A]).unwrap();
        assert_eq!(f.regions().len(), 4);
        assert!(f.boundaries(&f.regions()).is_empty());
        assert_eq!(f.nearest_change((0.0, 0.0)), None);
        assert_eq!(f.nearest_change((f64::NAN, 0.0)), None);
    }

    #[test]
    fn rejects_bad_cells() {
        let sq = vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
        let a = Affine::default();
        assert!(AffineField::new(vec![]).is_err());
        assert!(AffineField::new(vec![(vec![(0.0, 0.0), (1.0, 1.0)], vec![a])]).is_err());
        assert!(AffineField::new(vec![(sq.clone(), vec![Affine { c: f64::NAN, ..a }])]).is_err());
        assert!(AffineField::new(vec![(sq.clone(), vec![a]), (sq.clone(), vec![a, a])]).is_err());
        assert!(AffineField::new(vec![(sq, vec![a; MAX_CONTESTANTS + 1])]).is_err());
    }
}
