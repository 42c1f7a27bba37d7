//! The space of binary utility matrices (Dyrland et al. 2022, §3.2, fig. 1) as exact geometry,
//! and the regions of a plane of utility matrices where each classifier yields the most.
//!
//! **Coordinates.** A binary utility matrix normalized by eq. 12 (minimum 0, maximum 1) with
//! correct decisions at least as good as wrong ones is a point `(x, y)` of the hexagon
//! `|x| ≤ 1, |y| ≤ 1, |y − x| ≤ 1` ([`HEXAGON`]); eq. 13 gives its matrix
//! ([`UtilityMatrix::from_xy`](crate::UtilityMatrix::from_xy)), and
//! [`UtilityMatrix::xy`](crate::UtilityMatrix::xy) its point.
//!
//! **Yields are piecewise linear in `(x, y)`.** Eq. 13 is linear in each quadrant (the `δ`
//! switch at `x = 0` and `y = 0`): writing `x⁺ = max(x, 0)`, `x⁻ = max(−x, 0)`,
//! `N = [[1 − x⁺, y⁺], [y⁻, 1 − x⁻]]`, so a classifier's yield
//! `Y = Σ_ij N_ij C_ij = C00(1 − x⁺) + C01·y⁺ + C10·y⁻ + C11(1 − x⁻)` is affine on each of the
//! four [`quadrants`]. The boundary where two classifiers yield the same is therefore a
//! straight segment in each quadrant, bending where it crosses an axis — at most four
//! segments. For two classifiers tested on the same data (same class shares `f0`, `f1`) only
//! `d0 = N00 − N10` and `d1 = N11 − N01` matter (Dyrland et al. 2022, eq. 15), and every
//! boundary is a line of constant `d0/d1`: through the corner `(1, 1)` in the first quadrant,
//! through `(−1, −1)` in the third, and of slope 1 in the other two.
//!
//! Modules: [`polygon`] (convex polygons cut by half-planes), [`field`] (yields affine on
//! convex cells: exact winner regions, boundaries, the nearest change of winner, grids),
//! [`margins`] (how far each utility may move alone before the best classifier changes, any
//! number of classes), [`cloud`] (points drawn around a point of the space, with the Monte
//! Carlo's truncation rule).

pub mod cloud;
pub mod field;
pub mod margins;
pub mod polygon;

use super::error::CoreError;
use field::AffineField;
use polygon::Polygon;

/// A point of a plane, `(x, y)`.
pub type Point = (f64, f64);

/// The corners of the hexagon of fig. 1, clockwise from `(−1, −1)`.
pub const HEXAGON: [Point; 6] = [
    (-1.0, -1.0),
    (-1.0, 0.0),
    (0.0, 1.0),
    (1.0, 1.0),
    (1.0, 0.0),
    (0.0, -1.0),
];

/// An affine function of the plane, `c + x·X + y·Y`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Affine {
    /// The constant `c`.
    pub c: f64,
    /// The coefficient of `X`.
    pub x: f64,
    /// The coefficient of `Y`.
    pub y: f64,
}

impl Affine {
    /// The value `c + x·X + y·Y` at `p = (X, Y)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::Affine;
    /// assert_eq!(Affine { c: 1.0, x: 2.0, y: -1.0 }.at((0.5, 3.0)), -1.0);
    /// ```
    pub fn at(&self, p: Point) -> f64 {
        self.c + self.x * p.0 + self.y * p.1
    }

    /// The difference `self − other`, coefficient by coefficient.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::space::Affine;
    /// let d = Affine { c: 1.0, x: 2.0, y: 3.0 }.minus(&Affine { c: 1.0, x: 1.0, y: 1.0 });
    /// assert_eq!(d, Affine { c: 0.0, x: 1.0, y: 2.0 });
    /// ```
    pub fn minus(&self, other: &Affine) -> Affine {
        Affine {
            c: self.c - other.c,
            x: self.x - other.x,
            y: self.y - other.y,
        }
    }
}

/// Whether `(x, y)` lies in the hexagon `|x| ≤ 1, |y| ≤ 1, |y − x| ≤ 1`, each bound widened by
/// `tol`. False for NaN.
///
/// # Examples
///
/// ```
/// use ulab_core::space::contains;
/// assert!(contains((0.3, -0.6), 0.0)); // the factory matrix
/// assert!(contains((1.0, 1.0), 0.0) && !contains((-0.8, 0.5), 0.0));
/// assert!(!contains((f64::NAN, 0.0), 1.0));
/// ```
pub fn contains(p: Point, tol: f64) -> bool {
    let (x, y) = p;
    x.abs() <= 1.0 + tol && y.abs() <= 1.0 + tol && (y - x).abs() <= 1.0 + tol
}

/// The point of the hexagon nearest to `p` (Euclidean, in `(x, y)`): `p` itself inside, else
/// its projection onto the nearest edge — where a dragged point stops when the pointer leaves
/// the hexagon, sliding along the edge. `None` for a non-finite `p`.
///
/// # Examples
///
/// ```
/// use ulab_core::space::clamp;
/// assert_eq!(clamp((0.3, -0.6)), Some((0.3, -0.6)));
/// assert_eq!(clamp((2.0, 0.5)), Some((1.0, 0.5)));
/// assert_eq!(clamp((-1.0, 1.0)), Some((-0.5, 0.5))); // onto the edge y − x = 1
/// assert_eq!(clamp((f64::INFINITY, 0.0)), None);
/// ```
pub fn clamp(p: Point) -> Option<Point> {
    if contains(p, 0.0) {
        return Some(p);
    }
    Polygon::new(&HEXAGON).nearest(p).map(|(q, _)| {
        // Rounding can leave the projection a hair outside: pull it onto the bounds.
        let x = q.0.clamp(-1.0, 1.0);
        let y = q.1.clamp(-1.0, 1.0).clamp(x - 1.0, x + 1.0);
        (x, y)
    })
}

/// The four pieces of the hexagon on which eq. 13 is linear, with the normalized matrix as
/// affine functions `[N00, N01, N10, N11]` (rows = decisions, columns = true classes):
///
/// | quadrant | corners | `N00` | `N01` | `N10` | `N11` |
/// |---|---|---|---|---|---|
/// | `x ≥ 0, y ≥ 0` | `(0,0) (1,0) (1,1) (0,1)` | `1 − x` | `y` | `0` | `1` |
/// | `x ≤ 0, y ≥ 0` | `(0,0) (0,1) (−1,0)` | `1` | `y` | `0` | `1 + x` |
/// | `x ≤ 0, y ≤ 0` | `(0,0) (−1,0) (−1,−1) (0,−1)` | `1` | `0` | `−y` | `1 + x` |
/// | `x ≥ 0, y ≤ 0` | `(0,0) (0,−1) (1,0)` | `1 − x` | `0` | `−y` | `1` |
///
/// # Examples
///
/// ```
/// use ulab_core::space::quadrants;
/// use ulab_core::UtilityMatrix;
/// let (p, n) = ((0.3, -0.6), &quadrants()[3].1); // the factory, fourth quadrant
/// let u = UtilityMatrix::from_xy(p.0, p.1).unwrap();
/// for (k, v) in u.matrix().data().iter().enumerate() {
///     assert_eq!(n[k].at(p), *v);
/// }
/// ```
pub fn quadrants() -> [(Vec<Point>, [Affine; 4]); 4] {
    let k = |c: f64| Affine { c, x: 0.0, y: 0.0 };
    let one_minus_x = Affine {
        c: 1.0,
        x: -1.0,
        y: 0.0,
    };
    let one_plus_x = Affine {
        c: 1.0,
        x: 1.0,
        y: 0.0,
    };
    let plus_y = Affine {
        c: 0.0,
        x: 0.0,
        y: 1.0,
    };
    let minus_y = Affine {
        c: 0.0,
        x: 0.0,
        y: -1.0,
    };
    [
        (
            vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)],
            [one_minus_x, plus_y, k(0.0), k(1.0)],
        ),
        (
            vec![(0.0, 0.0), (0.0, 1.0), (-1.0, 0.0)],
            [k(1.0), plus_y, k(0.0), one_plus_x],
        ),
        (
            vec![(0.0, 0.0), (-1.0, 0.0), (-1.0, -1.0), (0.0, -1.0)],
            [k(1.0), k(0.0), minus_y, one_plus_x],
        ),
        (
            vec![(0.0, 0.0), (0.0, -1.0), (1.0, 0.0)],
            [one_minus_x, k(0.0), minus_y, k(1.0)],
        ),
    ]
}

/// The yields of binary classifiers over the hexagon, as an [`AffineField`]: for each
/// quadrant, classifier `k`'s yield `Y_k = Σ_ij N_ij(x, y)·C^k_ij` ([`quadrants`]), with `C^k`
/// its normalized confusion matrix `[C00, C01, C10, C11]` (rows = output, columns = true
/// class). The yields are in the units of eq. 12 (worst outcome 0, best 1), so they rank
/// exactly as the yields of the user's own matrix at the same point.
///
/// # Errors
/// No classifier, or a non-finite entry.
///
/// # Examples
///
/// The factory's classifiers A and B (Dyrland et al. 2022, eqs. 1–2): at the factory matrix A
/// wins, at accuracy's matrix B does.
///
/// ```
/// use ulab_core::space::hexagon_field;
/// let f = hexagon_field(&[[0.27, 0.15, 0.23, 0.35], [0.43, 0.18, 0.07, 0.32]]).unwrap();
/// assert_eq!(f.winner_at((0.3, -0.6)), Some(0));
/// assert_eq!(f.winner_at((0.0, 0.0)), Some(1));
/// assert!(hexagon_field(&[]).is_err());
/// ```
pub fn hexagon_field(confusions: &[[f64; 4]]) -> Result<AffineField, CoreError> {
    let cells = quadrants()
        .into_iter()
        .map(|(corners, n)| {
            let values = confusions
                .iter()
                .map(|c| {
                    n.iter()
                        .zip(c)
                        .fold(Affine::default(), |acc, (a, w)| Affine {
                            c: acc.c + w * a.c,
                            x: acc.x + w * a.x,
                            y: acc.y + w * a.y,
                        })
                })
                .collect();
            (corners, values)
        })
        .collect();
    AffineField::new(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mc::sampler::utility_entries;

    #[test]
    fn quadrants_tile_the_hexagon_and_match_eq_13() {
        let q = quadrants();
        let area: f64 = q.iter().map(|(c, _)| Polygon::new(c).area()).sum();
        assert!((area - Polygon::new(&HEXAGON).area()).abs() < 1e-15);
        assert!((area - 3.0).abs() < 1e-15);
        for (corners, n) in &q {
            let poly = Polygon::new(corners);
            let c = poly.centroid().unwrap();
            for p in corners.iter().copied().chain([c]) {
                let e = utility_entries(p.0, p.1);
                for k in 0..4 {
                    assert!((n[k].at(p) - e[k]).abs() < 1e-15, "{p:?} {k}");
                }
            }
        }
    }

    #[test]
    fn clamp_lands_on_the_border() {
        for p in [
            (3.0, 3.0),
            (-3.0, 0.1),
            (0.0, -7.0),
            (5.0, -5.0),
            (-0.9, 0.9),
        ] {
            let q = clamp(p).unwrap();
            assert!(contains(q, 0.0), "{p:?} → {q:?}");
            let on_edge =
                q.0.abs() == 1.0 || q.1.abs() == 1.0 || ((q.1 - q.0).abs() - 1.0).abs() < 1e-12;
            assert!(on_edge, "{p:?} → {q:?}");
        }
        assert_eq!(clamp((5.0, -5.0)), Some((0.5, -0.5)));
    }
}
