//! Convex polygons in the plane, cut by half-planes: the exact pieces of the winner regions.
//!
//! A [`Polygon`] keeps, for each edge, where it came from ([`Edge`]): the border of the cell it
//! was cut from, or the line where two contestants' yields are equal. The regions' boundary
//! lines are then simply the edges of the second kind.

use super::{Affine, Point};

/// Where an edge of a [`Polygon`] comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    /// Part of the border of the cell the polygon was cut from.
    Border,
    /// Part of the line where the polygon's contestant and contestant `j` yield the same.
    Tie(usize),
}

/// A convex polygon, vertices counter-clockwise; `edges[i]` is the edge from `vertices[i]` to
/// `vertices[i + 1]` (the last one closes the polygon).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Polygon {
    /// The corners, counter-clockwise.
    pub vertices: Vec<Point>,
    /// The origin of each edge.
    pub edges: Vec<Edge>,
}

impl Polygon {
    /// A polygon whose edges are all [`Edge::Border`]. The corners must be convex and
    /// counter-clockwise; clockwise input is reversed.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::polygon::Polygon;
    /// let cw = Polygon::new(&[(0.0, 0.0), (0.0, 1.0), (1.0, 0.0)]);
    /// assert_eq!(cw.vertices, vec![(1.0, 0.0), (0.0, 1.0), (0.0, 0.0)]);
    /// assert_eq!(cw.area(), 0.5);
    /// ```
    pub fn new(vertices: &[Point]) -> Polygon {
        let mut v = vertices.to_vec();
        if signed_area(&v) < 0.0 {
            v.reverse();
        }
        let edges = vec![Edge::Border; v.len()];
        Polygon { vertices: v, edges }
    }

    /// The area, by the shoelace formula `½ |Σ_i (x_i y_{i+1} − x_{i+1} y_i)|`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::polygon::Polygon;
    /// assert_eq!(Polygon::new(&[(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (0.0, 1.0)]).area(), 2.0);
    /// assert_eq!(Polygon::default().area(), 0.0);
    /// ```
    pub fn area(&self) -> f64 {
        signed_area(&self.vertices).abs()
    }

    /// The centroid (centre of mass of the surface),
    /// `(1/6A) Σ_i (p_i + p_{i+1}) (x_i y_{i+1} − x_{i+1} y_i)`; the mean of the corners when
    /// the area is 0, `None` without corners.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::polygon::Polygon;
    /// let sq = Polygon::new(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]);
    /// assert_eq!(sq.centroid(), Some((1.0, 1.0)));
    /// ```
    pub fn centroid(&self) -> Option<Point> {
        let v = &self.vertices;
        if v.is_empty() {
            return None;
        }
        let a = signed_area(v);
        if a.abs() < 1e-300 {
            let n = v.len() as f64;
            let sx: f64 = v.iter().map(|p| p.0).sum();
            let sy: f64 = v.iter().map(|p| p.1).sum();
            return Some((sx / n, sy / n));
        }
        let (mut cx, mut cy) = (0.0, 0.0);
        for i in 0..v.len() {
            let (p, q) = (v[i], v[(i + 1) % v.len()]);
            let cross = p.0 * q.1 - q.0 * p.1;
            cx += (p.0 + q.0) * cross;
            cy += (p.1 + q.1) * cross;
        }
        Some((cx / (6.0 * a), cy / (6.0 * a)))
    }

    /// The part where `h ≥ 0` (Sutherland–Hodgman for one half-plane): each edge is kept,
    /// shortened or dropped; where the polygon crosses the line `h = 0` a new edge along the
    /// line is added, tagged `tag`. A corner with `|h| ≤ eps` counts as inside.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::{Affine, polygon::{Edge, Polygon}};
    /// let sq = Polygon::new(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
    /// // Keep x ≤ 0.25, i.e. 0.25 − x ≥ 0.
    /// let left = sq.clip(&Affine { c: 0.25, x: -1.0, y: 0.0 }, Edge::Tie(3), 0.0);
    /// assert!((left.area() - 0.25).abs() < 1e-15);
    /// assert_eq!(left.edges.iter().filter(|e| **e == Edge::Tie(3)).count(), 1);
    /// ```
    pub fn clip(&self, h: &Affine, tag: Edge, eps: f64) -> Polygon {
        let n = self.vertices.len();
        let mut out = Polygon::default();
        for i in 0..n {
            let (a, b) = (self.vertices[i], self.vertices[(i + 1) % n]);
            let (ha, hb) = (h.at(a), h.at(b));
            let (a_in, b_in) = (ha >= -eps, hb >= -eps);
            let cut = || {
                let t = (ha / (ha - hb)).clamp(0.0, 1.0);
                (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1))
            };
            match (a_in, b_in) {
                (true, true) => {
                    out.vertices.push(a);
                    out.edges.push(self.edges[i]);
                }
                // a → cut is part of the old edge; cut → (where the polygon comes back in)
                // runs along h = 0.
                (true, false) => {
                    out.vertices.extend([a, cut()]);
                    out.edges.extend([self.edges[i], tag]);
                }
                // cut → b is part of the old edge.
                (false, true) => {
                    out.vertices.push(cut());
                    out.edges.push(self.edges[i]);
                }
                (false, false) => {}
            }
        }
        out.dedup();
        out
    }

    /// Whether `p` is inside or on the border (within `tol`, in the units of the plane): every
    /// edge `a → b` has `p` on its left, `(b − a) × (p − a) ≥ −tol·|b − a|`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::polygon::Polygon;
    /// let t = Polygon::new(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]);
    /// assert!(t.contains((0.2, 0.2), 0.0) && t.contains((0.5, 0.5), 1e-12));
    /// assert!(!t.contains((0.6, 0.6), 1e-9));
    /// ```
    pub fn contains(&self, p: Point, tol: f64) -> bool {
        let v = &self.vertices;
        if v.len() < 3 || !(p.0.is_finite() && p.1.is_finite()) {
            return false;
        }
        (0..v.len()).all(|i| {
            let (a, b) = (v[i], v[(i + 1) % v.len()]);
            let (ex, ey) = (b.0 - a.0, b.1 - a.1);
            ex * (p.1 - a.1) - ey * (p.0 - a.0) >= -tol * ex.hypot(ey)
        })
    }

    /// The point of the polygon nearest to `p` and its distance: `(p, 0)` inside, else the
    /// nearest of the projections of `p` onto the edges (`a + t(b − a)`,
    /// `t = clamp((p − a)·(b − a)/|b − a|², 0, 1)`). `None` for an empty polygon or a
    /// non-finite `p`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::polygon::Polygon;
    /// let sq = Polygon::new(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]);
    /// assert_eq!(sq.nearest((2.0, 0.5)), Some(((1.0, 0.5), 1.0)));
    /// assert_eq!(sq.nearest((0.5, 0.5)), Some(((0.5, 0.5), 0.0)));
    /// ```
    pub fn nearest(&self, p: Point) -> Option<(Point, f64)> {
        let v = &self.vertices;
        if v.is_empty() || !(p.0.is_finite() && p.1.is_finite()) {
            return None;
        }
        if self.contains(p, 0.0) {
            return Some((p, 0.0));
        }
        let mut best: Option<(Point, f64)> = None;
        for i in 0..v.len() {
            let q = project_on_segment(p, v[i], v[(i + 1) % v.len()]);
            let d = (q.0 - p.0).hypot(q.1 - p.1);
            if best.is_none_or(|(_, bd)| d < bd) {
                best = Some((q, d));
            }
        }
        best
    }

    /// The distance from `p` to the polygon's border, `min` over edges of the distance to the
    /// edge: inside, the radius of the largest circle around `p` that fits (0 without edges).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::polygon::Polygon;
    /// let sq = Polygon::new(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]);
    /// assert_eq!(sq.border_distance((1.0, 0.5)), 0.5);
    /// ```
    pub fn border_distance(&self, p: Point) -> f64 {
        let v = &self.vertices;
        if v.len() < 2 {
            return 0.0;
        }
        (0..v.len())
            .map(|i| {
                let q = project_on_segment(p, v[i], v[(i + 1) % v.len()]);
                (q.0 - p.0).hypot(q.1 - p.1)
            })
            .fold(f64::INFINITY, f64::min)
    }

    /// Drops consecutive repeated corners (and their zero-length edges).
    fn dedup(&mut self) {
        let mut i = 0;
        while self.vertices.len() > 1 && i < self.vertices.len() {
            let j = (i + 1) % self.vertices.len();
            let (a, b) = (self.vertices[i], self.vertices[j]);
            if (a.0 - b.0).abs() <= 1e-15 && (a.1 - b.1).abs() <= 1e-15 {
                // The edge i → j has no length: keep j's corner and the edge leaving it.
                self.vertices.remove(i);
                self.edges.remove(i);
            } else {
                i += 1;
            }
        }
    }
}

/// `½ Σ_i (x_i y_{i+1} − x_{i+1} y_i)`: positive for counter-clockwise corners (0 for fewer
/// than three).
///
/// # Examples
///
/// ```
/// use ulab_core::space::polygon::signed_area;
/// assert_eq!(signed_area(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]), 0.5);
/// assert_eq!(signed_area(&[(0.0, 0.0), (0.0, 1.0), (1.0, 0.0)]), -0.5);
/// ```
pub fn signed_area(v: &[Point]) -> f64 {
    let n = v.len();
    if n < 3 {
        return 0.0;
    }
    0.5 * (0..n)
        .map(|i| {
            let (p, q) = (v[i], v[(i + 1) % n]);
            p.0 * q.1 - q.0 * p.1
        })
        .sum::<f64>()
}

/// The point of the segment `a–b` nearest to `p`.
pub fn project_on_segment(p: Point, a: Point, b: Point) -> Point {
    let (ex, ey) = (b.0 - a.0, b.1 - a.1);
    let len2 = ex * ex + ey * ey;
    if !(len2 > 0.0) {
        return a;
    }
    let t = (((p.0 - a.0) * ex + (p.1 - a.1) * ey) / len2).clamp(0.0, 1.0);
    (a.0 + t * ex, a.1 + t * ey)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Polygon {
        Polygon::new(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)])
    }

    #[test]
    fn clip_keeps_tags_of_surviving_edges() {
        // Keep y ≥ x: the upper-left triangle; its diagonal is the new edge.
        let t = square().clip(
            &Affine {
                c: 0.0,
                x: -1.0,
                y: 1.0,
            },
            Edge::Tie(1),
            0.0,
        );
        assert!((t.area() - 0.5).abs() < 1e-15);
        assert_eq!(t.vertices.len(), 3);
        assert_eq!(t.edges.iter().filter(|e| **e == Edge::Tie(1)).count(), 1);
        assert_eq!(t.edges.iter().filter(|e| **e == Edge::Border).count(), 2);
    }

    #[test]
    fn clip_everything_or_nothing() {
        let all = square().clip(
            &Affine {
                c: 1.0,
                x: 0.0,
                y: 0.0,
            },
            Edge::Tie(0),
            0.0,
        );
        assert_eq!(all, square());
        let none = square().clip(
            &Affine {
                c: -1.0,
                x: 0.0,
                y: 0.0,
            },
            Edge::Tie(0),
            0.0,
        );
        assert!(none.vertices.is_empty() && none.area() == 0.0);
        assert_eq!(none.nearest((0.0, 0.0)), None);
        assert_eq!(none.centroid(), None);
    }

    #[test]
    fn clip_through_a_corner_adds_no_sliver() {
        // The line x + y = 1 passes through two corners.
        let t = square().clip(
            &Affine {
                c: 1.0,
                x: -1.0,
                y: -1.0,
            },
            Edge::Tie(2),
            0.0,
        );
        assert_eq!(t.vertices.len(), 3, "{t:?}");
        assert!((t.area() - 0.5).abs() < 1e-15);
    }

    #[test]
    fn nearest_rejects_nan() {
        assert_eq!(square().nearest((f64::NAN, 0.0)), None);
        assert!(!square().contains((f64::NAN, 0.0), 1.0));
    }
}
