//! Points drawn around a point of the space of fig. 1: the gaussian of fig. 4 (Dyrland et al.
//! 2022), moved to any centre and given any width — the uncertain utilities of eqs. 18–19 as a
//! cloud.
//!
//! The rule is the Monte Carlo's gaussian prior ([`Prior::Gaussian`](crate::mc::Prior)):
//! `x = x₀ + σZ₁`, `y = y₀ + σZ₂` with independent standard normals
//! ([`sampler::standard_normal`]), the pair drawn again until `|x| ≤ 1`, `|y| ≤ 1` and
//! `|y − x| < 1`. With centre `(0, 0)` and `σ = 1/3` it is fig. 4's distribution, and on the
//! same stream it gives the same points ([`gaussian_points_on`]). The truncation keeps every
//! point a utility matrix of the space; it also pulls the cloud's mean away from the centre
//! near an edge.

use super::{Point, contains};
use crate::error::CoreError;
use crate::mc::rng::Stream;
use crate::mc::sampler;
use crate::mc::scatter::{check_points, draw_chunked};

/// The widest cloud: `σ ≤ 1` (wider, the truncated gaussian is nearly uniform on the hexagon
/// — the uniform prior — and draws are rejected more and more often).
pub const MAX_SIGMA: f64 = crate::limits::MAX_SIGMA;

/// `n` points around `centre` with spread `σ` (see the module's rule), seeded: stream
/// [`Stream::UtilityCloud`], chunks of 2¹⁶, so the same `(centre, σ, n, seed)` gives the same
/// points on every platform. `σ = 0` gives `n` copies of the centre (no draw).
///
/// # Errors
/// `centre` outside the hexagon or not finite, `σ` not in `[0, 1]` ([`MAX_SIGMA`]), `n` not in
/// `1 ..=` [`MAX_POINTS`](crate::mc::scatter::MAX_POINTS).
///
/// # Examples
///
/// ```
/// use ulab_core::space::cloud::gaussian_points;
/// let mean = |p: &[(f64, f64)]| {
///     let n = p.len() as f64;
///     (p.iter().map(|q| q.0).sum::<f64>() / n, p.iter().map(|q| q.1).sum::<f64>() / n)
/// };
/// let centre = gaussian_points((0.0, 0.0), 0.1, 1000, 7).unwrap();
/// let (mx, my) = mean(&centre);
/// assert!(mx.abs() < 0.02 && my.abs() < 0.02);
/// // The factory point is 0.07 from the edge y − x = −1: the truncation pulls the cloud in.
/// let near = gaussian_points((0.3, -0.6), 0.1, 1000, 7).unwrap();
/// assert!(near.iter().all(|&(x, y)| x.abs() <= 1.0 && y.abs() <= 1.0 && (y - x).abs() < 1.0));
/// let (mx, my) = mean(&near);
/// assert!(my - mx > -0.9 + 0.03);
/// assert_eq!(gaussian_points((0.3, -0.6), 0.1, 1000, 7).unwrap(), near);
/// assert!(gaussian_points((2.0, 0.0), 0.1, 10, 1).is_err());
/// ```
pub fn gaussian_points(
    centre: Point,
    sigma: f64,
    n: usize,
    seed: u64,
) -> Result<Vec<Point>, CoreError> {
    gaussian_points_on(Stream::UtilityCloud, centre, sigma, n, seed)
}

/// [`gaussian_points`] on any stream; with [`Stream::PriorPoints`], centre `(0, 0)` and
/// `σ = 1/3` these are exactly the points of
/// [`prior_points`](crate::mc::scatter::prior_points)`(Prior::Gaussian, n, seed)` (the
/// offset is computed as `Z / (1/σ)`, which for `σ = 1/3` is the prior's `Z / 3` bit for bit).
///
/// # Errors
/// As [`gaussian_points`].
///
/// # Examples
///
/// ```
/// use ulab_core::mc::rng::Stream;
/// use ulab_core::mc::{scatter::prior_points, Prior};
/// use ulab_core::space::cloud::gaussian_points_on;
/// let fig4 = prior_points(Prior::Gaussian, 5000, 3).unwrap();
/// let ours = gaussian_points_on(Stream::PriorPoints, (0.0, 0.0), 1.0 / 3.0, 5000, 3).unwrap();
/// assert_eq!(ours, fig4);
/// ```
pub fn gaussian_points_on(
    stream: Stream,
    centre: Point,
    sigma: f64,
    n: usize,
    seed: u64,
) -> Result<Vec<Point>, CoreError> {
    if !contains(centre, 0.0) {
        return Err(CoreError::OutsideUtilitySpace);
    }
    if !(sigma.is_finite() && (0.0..=MAX_SIGMA).contains(&sigma)) {
        return Err(CoreError::InvalidParameter {
            name: "σ of the cloud",
            value: sigma,
            expected: "a number from 0 to 1",
        });
    }
    check_points("points", n)?;
    if sigma == 0.0 {
        return Ok(vec![centre; n]);
    }
    let inv = 1.0 / sigma;
    let (x0, y0) = centre;
    Ok(draw_chunked(seed, stream, n, |rng| {
        loop {
            let x = x0 + sampler::standard_normal(rng) / inv;
            let y = y0 + sampler::standard_normal(rng) / inv;
            if x.abs() <= 1.0 && y.abs() <= 1.0 && (y - x).abs() < 1.0 {
                return (x, y);
            }
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_edges_terminate() {
        for c in [
            (1.0, 1.0),
            (-1.0, -1.0),
            (-1.0, 0.0),
            (0.0, 1.0),
            (-0.5, 0.5),
        ] {
            for s in [1e-6, 0.05, 1.0] {
                let pts = gaussian_points(c, s, 200, 1).unwrap();
                assert_eq!(pts.len(), 200);
            }
        }
        assert_eq!(
            gaussian_points((0.1, 0.2), 0.0, 3, 1).unwrap(),
            vec![(0.1, 0.2); 3]
        );
        for bad in [-0.1, 1.5, f64::NAN] {
            assert!(gaussian_points((0.0, 0.0), bad, 3, 1).is_err());
        }
        assert!(gaussian_points((f64::NAN, 0.0), 0.1, 3, 1).is_err());
        assert!(gaussian_points((0.0, 0.0), 0.1, 0, 1).is_err());
    }
}
