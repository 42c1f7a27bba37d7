//! Uncertain utilities (Dyrland et al. 2022, §4.1, eqs. 18–19): a cloud of candidate utility
//! matrices with probabilities, typed as a list or drawn around the current point; its
//! expected matrix, where that lies, and the ranking it gives.
//!
//! **Typed syntax** (links, paste boxes): candidates separated by `|`, each the matrix syntax
//! with an optional probability before a `:` — `0.7:15,-335;-35,165 | 0.3:1,0;0,1`. Either
//! every candidate has a probability or none has (then all are equally probable);
//! probabilities need not sum to 1 (they are rescaled). Whitespace is ignored.
//!
//! **Drawn clouds** ([`sample_cloud`]) come in two kinds, both from the Monte Carlo's code:
//! [`Model::Coordinates`], the gaussian of fig. 4 moved to the current point with width `σ` in
//! the coordinates `(x, y)` ([`gaussian_points`]; each candidate is the matrix of its point by
//! eq. 13), and [`Model::Entries`], fig. 5's errors: `σ` on each normalized entry, truncated as
//! in §4.2 (iii) ([`error_matrices`]). Either way the candidates are in the units of eq. 12
//! (0 … 1), and the summary also gives the expected matrix back on the current matrix's scale.

mod summary;

pub(crate) use summary::cell_name;
pub use summary::{CloudSummary, cloud_csv, summarize};

use super::SpaceError;
use super::error::bad_value;
use crate::edit::text::{Rule, read_syntax};
use serde::{Deserialize, Serialize};
use ulab_core::mc::scatter::error_matrices;
use ulab_core::space::cloud::gaussian_points;
use ulab_core::text;
use ulab_core::{CoreError, Matrix, UtilityMatrix};

/// The most candidates of a typed cloud.
pub const MAX_TYPED: usize = ulab_core::limits::MAX_TYPED_CLOUD;

/// The most candidates of a drawn cloud.
pub const MAX_DRAWN: usize = ulab_core::limits::MAX_DRAWN_CLOUD;

/// Dyrland et al. 2022's note (§4.1), for the page.
pub const EXPECTED_NOTE: &str = "The expected utility matrix (Dyrland et al. 2022, eq. 18) \
    averages the candidate matrices, not their points: in the coordinates of the diagram it is \
    in general not at the centre of the cloud.";

/// One candidate utility matrix and its weight (probability, up to a common factor).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Member {
    /// `q_a ≥ 0`.
    pub weight: f64,
    /// `U⁽ᵃ⁾`, rows = decisions.
    pub matrix: Matrix,
}

/// Candidate utility matrices with probabilities.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cloud {
    /// The candidates.
    pub members: Vec<Member>,
    /// Whether the probabilities were given (typed `p:`); if not they are all equal.
    pub weighted: bool,
    /// For drawn clouds, `(min U, max U − min U)` of the matrix they were drawn around: the
    /// candidates are on the 0 … 1 scale of eq. 12, and `min U + range·Û` brings the expected
    /// matrix back to the user's scale. `None` for typed clouds (already in the user's units).
    pub scale: Option<(f64, f64)>,
}

/// How a cloud is drawn around the current matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Model {
    /// Gaussian in the coordinates `(x, y)` of fig. 1 (fig. 4's rule).
    Coordinates,
    /// Gaussian errors on each normalized entry (fig. 5's, the Monte Carlo's erroneous matrix).
    Entries,
}

/// Reads the typed syntax (see the module's doc).
///
/// # Errors
/// No candidate or more than [`MAX_TYPED`]; a candidate that is not a matrix or has a bad
/// probability ([`SpaceError::CloudMember`], with its number and where it starts); some
/// candidates with a probability and others without; shapes that differ; probabilities that
/// sum to 0.
///
/// # Examples
///
/// ```
/// use ulab_state::space::cloud::parse_cloud;
/// let c = parse_cloud("0.7:15,-335;-35,165 | 0.3:1,0;0,1").unwrap();
/// assert_eq!(c.members.len(), 2);
/// assert_eq!(c.members[1].weight, 0.3);
/// let e = parse_cloud("1,0;0,1 | 1,0;0,x").unwrap_err();
/// assert_eq!(e.to_string(), "matrix 2 (from character 11): row 2, cell 2: 'x' is not a number");
/// ```
pub fn parse_cloud(text: &str) -> Result<Cloud, SpaceError> {
    if text.trim().is_empty() {
        return Err(CoreError::Empty.into());
    }
    let mut members = Vec::new();
    let mut weighted: Option<bool> = None;
    let mut offset = 0; // characters before the current part
    for (i, part) in text.split('|').enumerate() {
        let lead = part.chars().take_while(|c| c.is_whitespace()).count();
        let at = offset + lead + 1;
        offset += part.chars().count() + 1;
        let fail = |message: String| SpaceError::CloudMember {
            index: i + 1,
            at,
            message,
        };
        if i >= MAX_TYPED {
            return Err(CoreError::TooLarge {
                what: "candidate matrices",
                found: text.split('|').count(),
                max: MAX_TYPED,
            }
            .into());
        }
        let (weight, body) = match part.split_once(':') {
            Some((p, m)) => {
                let w = text::parse_number(p).filter(|w| *w >= 0.0).ok_or_else(|| {
                    fail(format!(
                        "'{}' is not a probability (a number ≥ 0)",
                        text::truncate(p.trim(), 24)
                    ))
                })?;
                (Some(w), m)
            }
            None => (None, part),
        };
        if *weighted.get_or_insert(weight.is_some()) != weight.is_some() {
            return Err(SpaceError::MixedProbabilities);
        }
        let matrix = read_syntax(body, Rule::Any).map_err(|e| fail(e.to_string()))?;
        if let Some(first) = members.first().map(|m: &Member| &m.matrix)
            && (first.rows(), first.cols()) != (matrix.rows(), matrix.cols())
        {
            return Err(fail(format!(
                "is {} × {} but the first matrix is {} × {}",
                matrix.rows(),
                matrix.cols(),
                first.rows(),
                first.cols()
            )));
        }
        members.push(Member {
            weight: weight.unwrap_or(1.0),
            matrix,
        });
    }
    let total: f64 = members.iter().map(|m| m.weight).sum();
    if !(total > 0.0 && total.is_finite()) {
        return Err(bad_value(
            "probabilities",
            &text::shortest(total),
            "a positive, finite sum",
        ));
    }
    Ok(Cloud {
        members,
        weighted: weighted.unwrap_or(false),
        scale: None,
    })
}

/// Writes a cloud in the typed syntax, without spaces (for a link): [`parse_cloud`] reads it
/// back to the same candidates (the scale of a drawn cloud is not written: the candidates are
/// then read as they are).
///
/// # Examples
///
/// ```
/// use ulab_state::space::cloud::{format_cloud, parse_cloud};
/// let c = parse_cloud(" 0.7 : 15,-335;-35,165 | 0.3:1,0;0,1 ").unwrap();
/// assert_eq!(format_cloud(&c), "0.7:15,-335;-35,165|0.3:1,0;0,1");
/// assert_eq!(parse_cloud(&format_cloud(&c)).unwrap(), c);
/// ```
pub fn format_cloud(cloud: &Cloud) -> String {
    cloud
        .members
        .iter()
        .map(|m| {
            if cloud.weighted {
                format!("{}:{}", text::shortest(m.weight), m.matrix)
            } else {
                m.matrix.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// A matrix in the link's syntax, each cell with at most 4 decimals (the expected matrix on
/// the page: `31.3848,-335;…`).
///
/// # Examples
///
/// ```
/// use ulab_core::Matrix;
/// use ulab_state::space::cloud::matrix_text;
/// let m = Matrix::parse("31.384812,-335;-35,165.5").unwrap();
/// assert_eq!(matrix_text(&m), "31.3848,-335;-35,165.5");
/// ```
pub fn matrix_text(m: &Matrix) -> String {
    (0..m.rows())
        .map(|i| {
            m.row(i)
                .iter()
                .map(|v| text::trimmed(*v, 4))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// `n` equally probable candidates drawn around the binary utility matrix `u` (see [`Model`]),
/// seeded: the same `(u, model, σ, n, seed)` gives the same cloud on every platform. `σ` is in
/// the units of the coordinates (`Coordinates`, at most 1) or of the normalized entries
/// (`Entries`, at most 1; the `σ` of the Monte Carlo).
///
/// # Errors
/// `u` not 2 × 2 or outside the space, `σ` not in `[0, 1]`, `n` not in `1 ..=` [`MAX_DRAWN`].
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::space::cloud::{sample_cloud, Model};
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let c = sample_cloud(&u, Model::Coordinates, 0.1, 300, 1).unwrap();
/// assert_eq!((c.members.len(), c.scale), (300, Some((-335.0, 500.0))));
/// assert!(sample_cloud(&u, Model::Entries, 2.0, 300, 1).is_err());
/// ```
pub fn sample_cloud(
    u: &UtilityMatrix,
    model: Model,
    sigma: f64,
    n: usize,
    seed: u64,
) -> Result<Cloud, SpaceError> {
    let centre = super::point::point_info(u)?.xy;
    if n == 0 || n > MAX_DRAWN {
        return Err(bad_value(
            "points",
            &n.to_string(),
            "a whole number from 1 to 10000",
        ));
    }
    if !(sigma.is_finite() && (0.0..=1.0).contains(&sigma)) {
        return Err(bad_value(
            "σ",
            &text::shortest(sigma),
            "a number from 0 to 1",
        ));
    }
    let matrices: Vec<Matrix> = match model {
        Model::Coordinates => gaussian_points(centre, sigma, n, seed)?
            .into_iter()
            .map(|(x, y)| UtilityMatrix::from_xy(x, y).map(|m| m.matrix().clone()))
            .collect::<Result<_, _>>()?,
        Model::Entries => error_matrices(u, sigma, n, seed)?
            .into_iter()
            .map(|e| Matrix::new(2, 2, e.to_vec()))
            .collect::<Result<_, _>>()?,
    };
    let (lo, hi) = (u.matrix().min(), u.matrix().max());
    Ok(Cloud {
        members: matrices
            .into_iter()
            .map(|matrix| Member {
                weight: 1.0,
                matrix,
            })
            .collect(),
        weighted: false,
        scale: Some((lo, hi - lo)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::regions::{Trivial, contestants};
    use ulab_core::{ConfusionMatrix, Orientation};

    #[test]
    fn parse_errors_name_the_candidate() {
        for (text, want) in [
            ("", "the matrix is empty"),
            (
                "1,0;0,1|",
                "matrix 2 (from character 9): the matrix is empty",
            ),
            ("0.5:1,0;0,1 | 1,0;0,1", "give every matrix a probability"),
            (
                "-1:1,0;0,1",
                "matrix 1 (from character 1): '-1' is not a probability (a number ≥ 0)",
            ),
            (
                "1,0;0,1|1,0,0;0,1,0",
                "matrix 2 (from character 9): is 2 × 3 but the first matrix is 2 × 2",
            ),
            (
                "0:1,0;0,1|0:0,0;0,1",
                "probabilities: '0' is not a positive, finite sum",
            ),
        ] {
            let e = parse_cloud(text).unwrap_err().to_string();
            assert!(e.starts_with(want), "{text:?}: {e}");
        }
        assert!(parse_cloud(&vec!["1,0;0,1"; MAX_TYPED + 1].join("|")).is_err());
    }

    #[test]
    fn expected_point_is_not_the_mean_point() {
        // Equal weights on [[1,0],[0,0]] (TPR, at (−1, 0)) and [[0,0],[1,1]]·… a matrix at
        // (0, −1): [[1,0],[1,1]]. Û = [[1,0],[0.5,0.5]] is at (−0.5, −0.5); the mean of the
        // points (−1, 0) and (0, −1) is (−0.5, −0.5) too. Scale the second candidate by 4
        // (same point, same preferences): Û = [[2.5,0],[2,2]]/… moves, the points do not.
        let u = UtilityMatrix::parse("1,0;0,1").unwrap();
        let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
        let cs = contestants(&u, &[("A".into(), a)], Trivial::Exclude, &[]).unwrap();
        let c = parse_cloud("1,0;0,0 | 4,0;4,4").unwrap();
        let s = summarize(&c, &cs).unwrap();
        assert_eq!(s.mean_point, Some((-0.5, -0.5)));
        // Û = [[2.5, 0], [2, 2]]: range 2.5, x = (2 − 2.5)/2.5 = −0.2, y = (0 − 2)/2.5 = −0.8.
        assert_eq!(s.expected.matrix().to_string(), "2.5,0;2,2");
        assert_eq!(s.expected_point, Some((-0.2, -0.8)));
    }

    #[test]
    fn drawn_clouds_come_back_on_the_users_scale() {
        let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
        let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
        let b = ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap();
        let cs = contestants(
            &u,
            &[("A".into(), a), ("B".into(), b)],
            Trivial::Exclude,
            &[],
        )
        .unwrap();
        // σ = 0: every candidate is the normalized matrix; Û on the user's scale is u.
        for model in [Model::Coordinates, Model::Entries] {
            let c = sample_cloud(&u, model, 0.0, 5, 1).unwrap();
            let s = summarize(&c, &cs).unwrap();
            assert!(s.expected_user.matrix().approx_eq(u.matrix(), 1e-9));
            assert_eq!(s.ranking, vec![0, 1]);
            assert!((s.yields[0] - 3.5).abs() < 1e-9);
        }
        let c = sample_cloud(&u, Model::Coordinates, 0.3, 2000, 3).unwrap();
        let s = summarize(&c, &cs).unwrap();
        assert!((s.p_best.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(s.points.iter().all(|p| p.is_some()));
        assert_ne!(s.mean_point, s.expected_point);
        let rows = cloud_csv(&c, &s);
        assert_eq!(rows.len(), 2003);
        let mismatch = parse_cloud("1,0,0;0,1,0;0,0,1").unwrap();
        assert!(summarize(&mismatch, &cs).is_err());
        assert!(summarize(&c, &[]).is_err());
    }
}
