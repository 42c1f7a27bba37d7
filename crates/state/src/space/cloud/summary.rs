//! What a cloud says: the expected matrix (eq. 18), its point and the cloud's centre, the
//! ranking (eq. 19); the cloud as CSV.

use super::Cloud;
use crate::space::SpaceError;
use crate::space::regions::Contestant;
use ulab_core::space::Point;
use ulab_core::space::margins::best;
use ulab_core::text;
use ulab_core::utility::ranking;
use ulab_core::{CoreError, Matrix, UtilityMatrix};

/// What a cloud says (Dyrland et al. 2022, eqs. 18–19).
#[derive(Debug, Clone, PartialEq)]
pub struct CloudSummary {
    /// The expected matrix `Û = Σ_a q_a U⁽ᵃ⁾` (weights rescaled to sum to 1), in the cloud's
    /// units.
    pub expected: UtilityMatrix,
    /// The same on the user's scale (`min U + range·Û` for a drawn cloud; `Û` for a typed one):
    /// equivalent to `Û`, ranks the same.
    pub expected_user: UtilityMatrix,
    /// Each candidate's point (binary candidates inside the space; else `None`).
    pub points: Vec<Option<Point>>,
    /// The probability-weighted mean of those points: the cloud's centre in the diagram.
    pub mean_point: Option<Point>,
    /// The point of the expected matrix — in general not [`CloudSummary::mean_point`].
    pub expected_point: Option<Point>,
    /// Each contestant's yield under the expected matrix, user's scale.
    pub yields: Vec<f64>,
    /// The contestants by those yields, best first: the ranking to use (eq. 19).
    pub ranking: Vec<usize>,
    /// Each contestant's probability of being best, candidate by candidate (ties: the first).
    /// Not the criterion — eq. 19 says to rank by the expected matrix — but a measure of how
    /// much the uncertainty matters.
    pub p_best: Vec<f64>,
}

/// The expected matrix of `cloud` (eq. 18, [`UtilityMatrix::expected`]), its point and the
/// cloud's mean point, and the ranking of `contestants` it gives (eq. 19).
///
/// # Errors
/// No contestant; candidates whose shape differs from the contestants'.
///
/// # Examples
///
/// A hand example of eq. 18: a 3:1 mixture of the true-positive rate's matrix and the
/// identity gives `[[1, 0], [0, 0.25]]`, at `(−0.75, 0)`; the mean of the two points
/// `(−1, 0)` and `(0, 0)` is `(−0.75, 0)` too, here, but see the tests for a cloud where they
/// differ.
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_state::space::cloud::{parse_cloud, summarize};
/// use ulab_state::space::regions::{contestants, Trivial};
/// let u = UtilityMatrix::parse("1,0;0,1").unwrap();
/// let cm = |s| ConfusionMatrix::parse(s, Orientation::OutputRows).unwrap();
/// let cs = contestants(&u, &[("A".into(), cm("27,15;23,35")), ("B".into(), cm("43,18;7,32"))],
///     Trivial::Exclude, &[]).unwrap();
/// let s = summarize(&parse_cloud("3:1,0;0,0 | 1:1,0;0,1").unwrap(), &cs).unwrap();
/// assert_eq!(s.expected.matrix().to_string(), "1,0;0,0.25");
/// assert_eq!(s.expected_point, Some((-0.75, 0.0)));
/// assert_eq!(s.ranking, vec![1, 0]); // B: 0.43 + 0.08 = 0.51 > A: 0.27 + 0.0875
/// assert_eq!(s.p_best, vec![0.0, 1.0]);
/// ```
pub fn summarize(cloud: &Cloud, contestants: &[Contestant]) -> Result<CloudSummary, SpaceError> {
    let first = contestants.first().ok_or(SpaceError::NoClassifier)?;
    let shape = (first.confusion.rows(), first.confusion.cols());
    let mut weighted = Vec::with_capacity(cloud.members.len());
    for m in &cloud.members {
        if (m.matrix.rows(), m.matrix.cols()) != shape {
            return Err(CoreError::DimensionMismatch {
                expected: format!("candidate matrices of {} × {}", shape.0, shape.1),
                found: format!("{} × {}", m.matrix.rows(), m.matrix.cols()),
            }
            .into());
        }
        weighted.push((m.weight, UtilityMatrix::new(m.matrix.clone())?));
    }
    let expected = UtilityMatrix::expected(&weighted)?;
    let expected_user = match cloud.scale {
        Some((lo, span)) if span > 0.0 => expected.affine(span, lo)?,
        _ => expected.clone(),
    };
    let total: f64 = weighted.iter().map(|(w, _)| w).sum();
    let points: Vec<Option<Point>> = weighted.iter().map(|(_, u)| u.xy().ok()).collect();
    let (mut sw, mut sx, mut sy) = (0.0, 0.0, 0.0);
    for ((w, _), p) in weighted.iter().zip(&points) {
        if let Some((x, y)) = p {
            sw += w;
            sx += w * x;
            sy += w * y;
        }
    }
    let mean_point = (sw > 0.0).then(|| (sx / sw, sy / sw));
    let confusions: Vec<Matrix> = contestants.iter().map(|c| c.confusion.clone()).collect();
    let (_, yields) = best(expected_user.matrix(), &confusions)?;
    let mut p_best = vec![0.0; contestants.len()];
    for (w, u) in &weighted {
        let (k, _) = best(u.matrix(), &confusions)?;
        p_best[k] += w / total;
    }
    Ok(CloudSummary {
        expected_point: expected.xy().ok(),
        ranking: ranking(&yields),
        expected,
        expected_user,
        points,
        mean_point,
        yields,
        p_best,
    })
}

/// The name of entry `U_rc` in a CSV header: `U01`, or `U10_3` when an index has two digits.
pub(crate) fn cell_name(r: usize, c: usize) -> String {
    if r < 10 && c < 10 {
        format!("U{r}{c}")
    } else {
        format!("U{r}_{c}")
    }
}

/// The cloud as CSV rows (for [`ulab_csv::write`]): header
/// `kind, probability, U00, U01, …, x, y`; one `candidate` row each (probability rescaled to
/// sum to 1), then `expected (eq. 18)` (the expected matrix in the cloud's units and its
/// point) and `mean of the points` (the point only). Numbers by [`text::exported`]; undefined
/// cells empty.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_state::space::cloud::{cloud_csv, parse_cloud, summarize};
/// use ulab_state::space::regions::{contestants, Trivial};
/// let u = UtilityMatrix::parse("1,0;0,1").unwrap();
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let cs = contestants(&u, &[("A".into(), a)], Trivial::Exclude, &[]).unwrap();
/// let cloud = parse_cloud("3:1,0;0,0|1:1,0;0,1").unwrap();
/// let rows = cloud_csv(&cloud, &summarize(&cloud, &cs).unwrap());
/// assert_eq!(rows[0], vec!["kind", "probability", "U00", "U01", "U10", "U11", "x", "y"]);
/// assert_eq!(rows[1], vec!["candidate", "0.75", "1", "0", "0", "0", "-1", "0"]);
/// assert_eq!(rows[3], vec!["expected (eq. 18)", "", "1", "0", "0", "0.25", "-0.75", "0"]);
/// ```
pub fn cloud_csv(cloud: &Cloud, summary: &CloudSummary) -> Vec<Vec<String>> {
    let Some(first) = cloud.members.first() else {
        return Vec::new();
    };
    let (r, c) = (first.matrix.rows(), first.matrix.cols());
    let mut header: Vec<String> = vec!["kind".into(), "probability".into()];
    header.extend((0..r).flat_map(|i| (0..c).map(move |j| cell_name(i, j))));
    header.extend(["x".into(), "y".into()]);
    let total: f64 = cloud.members.iter().map(|m| m.weight).sum();
    let point = |p: Option<Point>| match p {
        Some((x, y)) => [text::exported(x), text::exported(y)],
        None => [String::new(), String::new()],
    };
    let mut rows = vec![header];
    for (m, p) in cloud.members.iter().zip(&summary.points) {
        let mut row = vec!["candidate".to_string(), text::exported(m.weight / total)];
        row.extend(m.matrix.data().iter().map(|v| text::exported(*v)));
        row.extend(point(*p));
        rows.push(row);
    }
    let mut row = vec!["expected (eq. 18)".to_string(), String::new()];
    row.extend(
        summary
            .expected
            .matrix()
            .data()
            .iter()
            .map(|v| text::exported(*v)),
    );
    row.extend(point(summary.expected_point));
    rows.push(row);
    let mut row = vec!["mean of the points".to_string(), String::new()];
    row.extend(std::iter::repeat_n(String::new(), r * c));
    row.extend(point(summary.mean_point));
    rows.push(row);
    rows
}
