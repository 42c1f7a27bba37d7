//! The boundaries between regions, and where two contestants yield the same.

use super::{AffineField, Piece};
use crate::space::Point;
use crate::space::polygon::Edge;

/// A straight piece of the boundary between two regions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoundaryEdge {
    /// The contestants on either side, smaller index first.
    pub pair: (usize, usize),
    /// One end.
    pub from: Point,
    /// The other end.
    pub to: Point,
}

impl AffineField {
    /// The boundaries between the regions of `pieces` (from [`AffineField::regions`]): every
    /// [`Edge::Tie`] edge, and every cell border across which the winner changes (a boundary
    /// that runs along a border, e.g. an axis of the hexagon), each once.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::hexagon_field;
    /// let f = hexagon_field(&[[0.27, 0.15, 0.23, 0.35], [0.43, 0.18, 0.07, 0.32]]).unwrap();
    /// let edges = f.boundaries(&f.regions());
    /// assert!(!edges.is_empty() && edges.iter().all(|e| e.pair == (0, 1)));
    /// ```
    pub fn boundaries(&self, pieces: &[Piece]) -> Vec<BoundaryEdge> {
        let nudge = 1e-7 * (self.hi.0 - self.lo.0).hypot(self.hi.1 - self.lo.1);
        let mut out: Vec<BoundaryEdge> = Vec::new();
        for piece in pieces {
            let v = &piece.polygon.vertices;
            let k = piece.contestant;
            for (i, edge) in piece.polygon.edges.iter().enumerate() {
                let (a, b) = (v[i], v[(i + 1) % v.len()]);
                let other = match edge {
                    Edge::Tie(j) => Some(*j),
                    Edge::Border => {
                        let (ex, ey) = (b.0 - a.0, b.1 - a.1);
                        let len = ex.hypot(ey);
                        if !(len > 0.0) {
                            continue;
                        }
                        // Outward normal of a counter-clockwise polygon: (ey, −ex)/len.
                        let q = (
                            0.5 * (a.0 + b.0) + nudge * ey / len,
                            0.5 * (a.1 + b.1) - nudge * ex / len,
                        );
                        self.winner_at(q)
                    }
                };
                if let Some(j) = other.filter(|j| *j != k) {
                    push_edge(&mut out, (k.min(j), k.max(j)), a, b, nudge);
                }
            }
        }
        out
    }

    /// Where contestants `a` and `b` yield the same: in each cell, the segment of the line
    /// `Y_a = Y_b` inside it (or a border on which they are equal). Cells where they are equal
    /// everywhere contribute nothing. Whether `a` or `b` is best there is another matter: see
    /// [`AffineField::boundaries`] for the boundaries that are seen.
    ///
    /// # Examples
    ///
    /// The factory's A and B (same test set) are equal where `d0/d1 = N00 − N10 = 0.1875`:
    /// from the corner `(1, 1)` to `(0.8125, 0)`, then along `y = x − 0.8125` to
    /// `(0, −0.8125)`, then to the corner `(−1, −1)`:
    ///
    /// ```
    /// use ulab_core::space::hexagon_field;
    /// let f = hexagon_field(&[[0.27, 0.15, 0.23, 0.35], [0.43, 0.18, 0.07, 0.32]]).unwrap();
    /// let segs = f.pair_boundary(0, 1);
    /// assert_eq!(segs.len(), 3);
    /// let has = |x: f64, y: f64| segs.iter().any(|(p, q)| {
    ///     [p, q].iter().any(|e| (e.0 - x).abs() < 1e-12 && (e.1 - y).abs() < 1e-12)
    /// });
    /// assert!(has(1.0, 1.0) && has(0.8125, 0.0) && has(0.0, -0.8125) && has(-1.0, -1.0));
    /// assert!(f.pair_boundary(0, 0).is_empty());
    /// ```
    pub fn pair_boundary(&self, a: usize, b: usize) -> Vec<(Point, Point)> {
        let mut out: Vec<BoundaryEdge> = Vec::new();
        if a == b || a >= self.contestants || b >= self.contestants {
            return Vec::new();
        }
        let nudge = 1e-7 * (self.hi.0 - self.lo.0).hypot(self.hi.1 - self.lo.1);
        for cell in &self.cells {
            let d = cell.values[a].minus(&cell.values[b]);
            if self.vanishes(&d, cell) {
                continue;
            }
            let half = cell.polygon.clip(&d, Edge::Tie(b), self.eps);
            let v = &half.vertices;
            for (i, e) in half.edges.iter().enumerate() {
                let (p, q) = (v[i], v[(i + 1) % v.len()]);
                let on_line = match e {
                    Edge::Tie(_) => true,
                    Edge::Border => d.at(p).abs() <= self.eps && d.at(q).abs() <= self.eps,
                };
                if on_line {
                    push_edge(&mut out, (a, b), p, q, nudge);
                }
            }
        }
        out.into_iter().map(|e| (e.from, e.to)).collect()
    }
}

/// Adds the edge `a–b` for `pair` unless it has no length or is already there (either way
/// round, within `tol`).
fn push_edge(out: &mut Vec<BoundaryEdge>, pair: (usize, usize), a: Point, b: Point, tol: f64) {
    let near = |p: Point, q: Point| (p.0 - q.0).abs() <= tol && (p.1 - q.1).abs() <= tol;
    if near(a, b) {
        return;
    }
    let seen = out.iter().any(|e| {
        e.pair == pair && ((near(e.from, a) && near(e.to, b)) || (near(e.from, b) && near(e.to, a)))
    });
    if !seen {
        out.push(BoundaryEdge {
            pair,
            from: a,
            to: b,
        });
    }
}
