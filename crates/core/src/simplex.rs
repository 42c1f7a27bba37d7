//! Three classes: the probability simplex `{p ∈ ℝ³ : p_c ≥ 0, Σ p_c = 1}` split into the regions
//! where each decision is optimal, and the map between barycentric coordinates and the plane.
//!
//! **Regions, exactly.** Decision `d` is optimal where `Ū_d(p) ≥ Ū_e(p)` for every other `e`,
//! i.e. `Σ_c (U_dc − U_ec)·p_c ≥ 0`: each condition is a half-plane, so the region is the
//! triangle clipped by `n_d − 1` half-planes — a convex polygon (Sutherland–Hodgman clipping, in
//! barycentric coordinates, where the conditions are linear). The regions tile the triangle;
//! their boundaries are where two decisions tie. Decisions with identical utilities share one
//! region, which goes to the lowest index (as [`decide`](crate::decision::decide) does).
//! Exact polygons draw crisp edges at any size and cost `O(n_d²)` per change, against
//! `O(grid² · n_d)` for a coloured grid.
//!
//! **The plane.** Vertex `k` of the triangle is the certainty `p_k = 1`: class 0 at the bottom
//! left `(0, 0)`, class 1 at the bottom right `(1, 0)`, class 2 at the top `(1/2, √3/2)` (an
//! equilateral triangle of side 1, y upwards): `(x, y) = (p₁ + p₂/2, p₂·√3/2)`.

use crate::{CoreError, UtilityMatrix};

/// `√3/2`, the height of the unit triangle.
pub const HEIGHT: f64 = 0.866_025_403_784_438_6;

/// The plane point of barycentric `p` (which need not be normalized: `p / Σp` is used; a zero
/// or non-finite sum gives the centre): `(x, y) = (p₁ + p₂/2, p₂·√3/2)`.
///
/// # Examples
///
/// ```
/// use ulab_core::simplex::{to_plane, HEIGHT};
/// assert_eq!(to_plane([1.0, 0.0, 0.0]), (0.0, 0.0));
/// assert_eq!(to_plane([0.0, 0.0, 1.0]), (0.5, HEIGHT));
/// ```
pub fn to_plane(p: [f64; 3]) -> (f64, f64) {
    let s = p[0] + p[1] + p[2];
    let (p1, p2) = if s > 0.0 && s.is_finite() {
        (p[1] / s, p[2] / s)
    } else {
        (1.0 / 3.0, 1.0 / 3.0)
    };
    (p1 + p2 / 2.0, p2 * HEIGHT)
}

/// The barycentric coordinates of a plane point, possibly outside the triangle (then some are
/// negative): `p₂ = y / (√3/2)`, `p₁ = x − p₂/2`, `p₀ = 1 − p₁ − p₂`.
///
/// # Examples
///
/// ```
/// use ulab_core::simplex::{from_plane, to_plane};
/// let p = from_plane(to_plane([0.2, 0.3, 0.5]));
/// assert!((p[0] - 0.2).abs() < 1e-15 && (p[1] - 0.3).abs() < 1e-15 && (p[2] - 0.5).abs() < 1e-15);
/// assert!(from_plane((0.0, -1.0))[2] < 0.0);
/// ```
pub fn from_plane((x, y): (f64, f64)) -> [f64; 3] {
    let p2 = y / HEIGHT;
    let p1 = x - p2 / 2.0;
    [1.0 - p1 - p2, p1, p2]
}

/// The point of the simplex nearest to `p` (Euclidean; the same nearest point in the plane,
/// since the map to the equilateral triangle is a similarity): what a drag outside the
/// triangle selects. Non-finite input gives the centre. The result is `≥ 0` and sums to 1
/// within 1e-12.
///
/// # Examples
///
/// ```
/// use ulab_core::simplex::project;
/// assert_eq!(project([1.5, -0.5, 0.0]), [1.0, 0.0, 0.0]);
/// assert_eq!(project([0.6, 0.6, -0.2]), [0.5, 0.5, 0.0]);
/// ```
pub fn project(p: [f64; 3]) -> [f64; 3] {
    if p.iter().any(|v| !v.is_finite()) {
        return [1.0 / 3.0; 3];
    }
    // Sort descending, find the largest k with u_k − (Σ_{i≤k} u_i − 1)/k > 0.
    let mut u = p;
    crate::order::sort_descending(&mut u);
    let mut cum = 0.0;
    let mut theta = 0.0;
    for (k, v) in u.iter().enumerate() {
        cum += v;
        let t = (cum - 1.0) / (k + 1) as f64;
        if v - t > 0.0 {
            theta = t;
        }
    }
    let mut out = p.map(|v| (v - theta).max(0.0));
    let s: f64 = out.iter().sum();
    if s > 0.0 {
        out = out.map(|v| v / s);
    }
    out
}

/// The region where one decision is optimal: a convex polygon, counter-clockwise.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// The decision.
    pub decision: usize,
    /// Other decisions with identical utilities (optimal on the same region).
    pub tied: Vec<usize>,
    /// The vertices in barycentric coordinates.
    pub vertices: Vec<[f64; 3]>,
    /// The area as a share of the triangle's (0 … 1).
    pub share: f64,
    /// The centroid, in barycentric coordinates (where to write the decision's name).
    pub centroid: [f64; 3],
}

/// The regions of optimal decisions on the simplex: one per decision that is optimal on a
/// region of positive area, in decision order. Their shares sum to 1.
///
/// # Errors
/// [`CoreError::DimensionMismatch`] for a utility matrix without exactly 3 columns.
///
/// # Examples
///
/// Accuracy's utilities (the identity): each class's decision is optimal where that class is
/// the most probable, a third of the triangle each.
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_core::simplex::regions;
/// let r = regions(&UtilityMatrix::identity(3).unwrap()).unwrap();
/// assert_eq!(r.len(), 3);
/// assert!(r.iter().all(|g| (g.share - 1.0 / 3.0).abs() < 1e-12));
/// ```
pub fn regions(u: &UtilityMatrix) -> Result<Vec<Region>, CoreError> {
    if u.n_classes() != 3 {
        return Err(CoreError::DimensionMismatch {
            expected: "3 classes".into(),
            found: format!("{} classes", u.n_classes()),
        });
    }
    let n_d = u.n_decisions();
    let row = |d: usize| [u.get(d, 0), u.get(d, 1), u.get(d, 2)];
    let mut out = Vec::new();
    for d in 0..n_d {
        // A copy of an earlier decision: its region is that one's.
        if (0..d).any(|e| row(e) == row(d)) {
            continue;
        }
        let mut poly: Vec<[f64; 3]> = vec![[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        for e in (0..n_d).filter(|&e| e != d && row(e) != row(d)) {
            let w = [
                u.get(d, 0) - u.get(e, 0),
                u.get(d, 1) - u.get(e, 1),
                u.get(d, 2) - u.get(e, 2),
            ];
            poly = clip(&poly, w);
            if poly.len() < 3 {
                break;
            }
        }
        let (area, centroid) = area_centroid(&poly);
        let share = area / (HEIGHT / 2.0);
        if poly.len() >= 3 && share > 1e-12 {
            out.push(Region {
                decision: d,
                tied: (d + 1..n_d).filter(|&e| row(e) == row(d)).collect(),
                vertices: poly,
                share,
                centroid,
            });
        }
    }
    Ok(out)
}

/// The polygon clipped to the half-plane `w · p ≥ 0` (Sutherland–Hodgman).
fn clip(poly: &[[f64; 3]], w: [f64; 3]) -> Vec<[f64; 3]> {
    let f = |p: &[f64; 3]| w[0] * p[0] + w[1] * p[1] + w[2] * p[2];
    let mut out = Vec::with_capacity(poly.len() + 1);
    for i in 0..poly.len() {
        let a = poly[i];
        let b = poly[(i + 1) % poly.len()];
        let (fa, fb) = (f(&a), f(&b));
        if fa >= 0.0 {
            out.push(a);
        }
        if (fa >= 0.0) != (fb >= 0.0) {
            let t = fa / (fa - fb);
            out.push([
                a[0] + t * (b[0] - a[0]),
                a[1] + t * (b[1] - a[1]),
                a[2] + t * (b[2] - a[2]),
            ]);
        }
    }
    out
}

/// Area (in the plane) and centroid (barycentric) of a polygon given in barycentric coordinates.
fn area_centroid(poly: &[[f64; 3]]) -> (f64, [f64; 3]) {
    let pts: Vec<(f64, f64)> = poly.iter().map(|p| to_plane(*p)).collect();
    let n = pts.len();
    let (mut a2, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let (x0, y0) = pts[i];
        let (x1, y1) = pts[(i + 1) % n];
        let cross = x0 * y1 - x1 * y0;
        a2 += cross;
        cx += (x0 + x1) * cross;
        cy += (y0 + y1) * cross;
    }
    if n < 3 || a2.abs() < 1e-300 {
        let m = pts.iter().fold((0.0, 0.0), |s, p| (s.0 + p.0, s.1 + p.1));
        let k = n.max(1) as f64;
        return (0.0, from_plane((m.0 / k, m.1 / k)));
    }
    let c = (cx / (3.0 * a2), cy / (3.0 * a2));
    (a2.abs() / 2.0, from_plane(c))
}

/// Whether the plane point `q` is inside (or on) the convex polygon `poly` (barycentric).
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_core::simplex::{contains, regions, to_plane};
/// let r = regions(&UtilityMatrix::identity(3).unwrap()).unwrap();
/// assert!(contains(&r[2].vertices, to_plane([0.1, 0.2, 0.7])));
/// assert!(!contains(&r[0].vertices, to_plane([0.1, 0.2, 0.7])));
/// ```
pub fn contains(poly: &[[f64; 3]], q: (f64, f64)) -> bool {
    let pts: Vec<(f64, f64)> = poly.iter().map(|p| to_plane(*p)).collect();
    let n = pts.len();
    if n < 3 {
        return false;
    }
    let eps = 1e-12;
    (0..n).all(|i| {
        let (x0, y0) = pts[i];
        let (x1, y1) = pts[(i + 1) % n];
        (x1 - x0) * (q.1 - y0) - (y1 - y0) * (q.0 - x0) >= -eps
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_extra_decision_takes_the_uncertain_middle() {
        // "ask" is worth 0.6 whatever the class: optimal where no class exceeds 0.6.
        let u = UtilityMatrix::parse("1,0,0;0,1,0;0,0,1;0.6,0.6,0.6").unwrap();
        let r = regions(&u).unwrap();
        assert_eq!(r.len(), 4);
        let total: f64 = r.iter().map(|g| g.share).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // Each corner region is the small triangle p_k ≥ 0.6: share 0.4² = 0.16.
        for g in &r[..3] {
            assert!((g.share - 0.16).abs() < 1e-12, "{g:?}");
        }
        assert!((r[3].share - 0.52).abs() < 1e-12);
        assert!(contains(&r[3].vertices, to_plane([1.0 / 3.0; 3])));
    }

    #[test]
    fn dominated_and_identical_decisions() {
        let u = UtilityMatrix::parse("1,1,1;0,0,0;1,1,1").unwrap();
        let r = regions(&u).unwrap();
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].tied, vec![2]);
        assert!((r[0].share - 1.0).abs() < 1e-12);
        assert!(regions(&UtilityMatrix::identity(2).unwrap()).is_err());
    }

    #[test]
    fn projection_of_bad_input() {
        assert_eq!(project([f64::NAN, 0.0, 0.0]), [1.0 / 3.0; 3]);
        let p = project([10.0, 10.0, 10.0]);
        assert!(p.iter().all(|v| (v - 1.0 / 3.0).abs() < 1e-15));
        assert_eq!(to_plane([0.0, 0.0, 0.0]), to_plane([1.0, 1.0, 1.0]));
    }
}
