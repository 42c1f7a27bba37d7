//! From answers to matrices: the matrix of the estimates, the answers a matrix implies, the
//! cloud and the `σ` of the ranges (see the parent module for the derivation).

use super::{Answer, Answers, MAX_RANGES, Question, questions};
use crate::space::SpaceError;
use crate::space::cloud::{Cloud, Member};
use crate::space::error::bad_value;
use ulab_core::text;
use ulab_core::{Matrix, UtilityMatrix};

/// The matrix (see the module's derivation) for answer values `v`, not normalized: reference
/// error = 1, right decision on class 1 = 0.
fn raw_matrix(n: usize, v: &[(Question, f64)]) -> Result<Matrix, SpaceError> {
    let mut m = vec![0.0; n * n];
    let get = |q: Question, default: f64| v.iter().find(|(g, _)| *g == q).map_or(default, |x| x.1);
    for j in 0..n {
        let level = if j == 1 {
            0.0
        } else {
            get(Question::Level { class: j }, 0.0)
        };
        for i in 0..n {
            m[i * n + j] = if i == j {
                level
            } else if (i, j) == (0, 1) {
                -1.0
            } else {
                level - get(Question::Cost { row: i, col: j }, 1.0)
            };
        }
    }
    Ok(Matrix::new(n, n, m)?)
}

/// The utility matrix of the answers' estimates ([`Answer::estimate`]; unanswered: cost 1,
/// level 0), normalized by eq. 12.
///
/// # Errors
/// An answer to a question that does not exist for `answers.n` classes; too many classes.
///
/// # Examples
///
/// The answers the factory implies (a missed "long" costs 0.1 false alarms; a right "long" is
/// worth 0.3 false alarms less than a right "short") give the factory's matrix back, normalized:
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::space::assess::{matrix_from, Answer, Answers, Question};
/// let a = Answers { n: 2, given: vec![
///     (Question::Cost { row: 1, col: 0 }, Answer { lo: 0.1, hi: 0.1 }),
///     (Question::Level { class: 0 }, Answer { lo: -0.3, hi: -0.3 }),
/// ]};
/// let u = matrix_from(&a).unwrap();
/// assert!(u.is_equivalent(&UtilityMatrix::parse("15,-335;-35,165").unwrap(), 1e-12));
/// ```
pub fn matrix_from(answers: &Answers) -> Result<UtilityMatrix, SpaceError> {
    check_ids(answers)?;
    let v = answers.values(|q, a| a.estimate(q))?;
    let normalized = UtilityMatrix::new(raw_matrix(answers.n, &v)?)?.normalized()?;
    Ok(UtilityMatrix::new(short(normalized.matrix())?)?)
}

/// The entries to 6 decimals — a millionth of the utilities' range, finer than any answer
/// carries — so that the editor, the link and the cloud box read `0.683772`, not
/// `0.6837722339831621` (issue 28).
fn short(m: &Matrix) -> Result<Matrix, SpaceError> {
    Ok(m.map(|x| {
        let r = (x * 1e6).round() / 1e6;
        text::parse_number(&text::exported(r)).unwrap_or(r)
    })?)
}

fn check_ids(answers: &Answers) -> Result<(), SpaceError> {
    let qs = questions(answers.n)?;
    for (q, _) in &answers.given {
        if !qs.contains(q) {
            return Err(SpaceError::Answer {
                question: q.id(),
                message: format!("there is no such question for {} classes", answers.n),
            });
        }
    }
    Ok(())
}

/// The answers a utility matrix implies (each a number): `ρ_ij = (U_jj − U_ij)/(U11 − U01)`,
/// `g_j = (U_jj − U11)/(U11 − U01)`. Equivalent matrices (eq. 11) imply the same answers, and
/// [`matrix_from`] gives back a matrix equivalent to `u`.
///
/// # Errors
/// Not square, more than [`MAX_CLASSES`] classes; the reference error costs nothing
/// (`U11 ≤ U01`); a wrong decision worth more than the right one (a negative cost).
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::space::assess::{format_answers, implied_answers};
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// assert_eq!(format_answers(&implied_answers(&u).unwrap()), "c10:0.1,l0:-0.3");
/// let medical = UtilityMatrix::parse("350,0;300,500").unwrap();
/// assert_eq!(implied_answers(&medical).unwrap(), implied_answers(&u).unwrap());
/// // A unit of 5e-324: the answers would be infinite, so there are none (issue 28).
/// assert!(implied_answers(&UtilityMatrix::parse("1,0;0,5e-324").unwrap()).is_err());
/// ```
pub fn implied_answers(u: &UtilityMatrix) -> Result<Answers, SpaceError> {
    let n = u.n_classes();
    if u.n_decisions() != n {
        return Err(bad_value(
            "utility matrix",
            &format!("{} × {}", u.n_decisions(), n),
            "a square matrix (the assessment does not ask about extra decisions)",
        ));
    }
    let qs = questions(n)?;
    let unit = u.get(1, 1) - u.get(0, 1);
    if !(unit > 0.0) {
        return Err(SpaceError::Answer {
            question: "c01".into(),
            message: "in this matrix the reference error costs nothing, so it cannot be the unit"
                .into(),
        });
    }
    let mut given = Vec::with_capacity(qs.len());
    for q in qs {
        let v = match q {
            Question::Cost { row, col } => (u.get(col, col) - u.get(row, col)) / unit,
            Question::Level { class } => (u.get(class, class) - u.get(1, 1)) / unit,
        };
        // A unit so small that an answer overflows (`u=1,0;0,5e-324`): no answer to prefill.
        if !v.is_finite() {
            return Err(SpaceError::Answer {
                question: q.id(),
                message: "the reference error's cost is too small to measure the others by".into(),
            });
        }
        if q.is_cost() && v < 0.0 {
            return Err(SpaceError::Answer {
                question: q.id(),
                message: "this wrong decision is worth more than the right one".into(),
            });
        }
        let v = text::parse_number(&text::exported(v)).unwrap_or(v);
        given.push((q, Answer { lo: v, hi: v }));
    }
    Ok(Answers { n, given })
}

/// The candidates the ranges allow, equally probable: every combination of low end, estimate
/// and high end of each range (other answers at their estimate), so `3^k` candidates for `k`
/// ranges — the first of them the estimate itself. Each is written on the scale of the
/// estimate's matrix normalized by eq. 12 (the matrix [`matrix_from`] gives), so that the
/// cloud and that matrix share their units (eq. 18 needs common units).
///
/// # Errors
/// As [`matrix_from`]; more than [`MAX_RANGES`] ranges.
///
/// # Examples
///
/// ```
/// use ulab_state::space::assess::{cloud_from, matrix_from, Answer, Answers, Question};
/// let a = Answers { n: 2, given: vec![(Question::Cost { row: 1, col: 0 }, Answer { lo: 2.0, hi: 5.0 })] };
/// let cloud = cloud_from(&a).unwrap();
/// assert_eq!(cloud.members.len(), 3);
/// assert_eq!(&cloud.members[0].matrix, matrix_from(&a).unwrap().matrix());
/// ```
pub fn cloud_from(answers: &Answers) -> Result<Cloud, SpaceError> {
    check_ids(answers)?;
    let est = answers.values(|q, a| a.estimate(q))?;
    let point = raw_matrix(answers.n, &est)?;
    let (lo, span) = (point.min(), point.max() - point.min());
    let ranged: Vec<(Question, Answer)> = questions(answers.n)?
        .into_iter()
        .filter_map(|q| answers.get(q).filter(|a| a.is_range()).map(|a| (q, a)))
        .collect();
    if ranged.len() > MAX_RANGES {
        return Err(SpaceError::Answer {
            question: ranged[MAX_RANGES].0.id(),
            message: format!("at most {MAX_RANGES} answers may be ranges"),
        });
    }
    let mut members = Vec::new();
    for combo in 0..3usize.pow(ranged.len() as u32) {
        let mut v = est.clone();
        let mut rest = combo;
        for (q, a) in &ranged {
            let pick = [a.estimate(*q), a.lo, a.hi][rest % 3];
            rest /= 3;
            if let Some(x) = v.iter_mut().find(|(g, _)| g == q) {
                x.1 = pick;
            }
        }
        let raw = raw_matrix(answers.n, &v)?;
        members.push(Member {
            weight: 1.0,
            matrix: short(&raw.map(|x| (x - lo) / span)?)?,
        });
    }
    Ok(Cloud {
        members,
        weighted: false,
        scale: None,
    })
}

/// A `σ` for the Metric reliability view's own question (noise on the min-max-normalized
/// utilities, the same for every entry), from the ranges: each range moves the normalized
/// entries `N_ij` (on the estimate's scale) by `δ_ij = |N_ij(+1 sd) − N_ij(−1 sd)|/2` (one
/// standard deviation of the answer, [`Answer`]'s reading of a range); the ranges combine as
/// independent errors, `σ_ij² = Σ δ_ij²`; and `σ` is their root mean square over the entries,
/// `σ = √(mean_ij σ_ij²)`, capped at 1. 0 without ranges.
///
/// # Errors
/// As [`matrix_from`].
///
/// # Examples
///
/// ```
/// use ulab_state::space::assess::{sigma_from, Answer, Answers, Question};
/// let q = Question::Cost { row: 1, col: 0 };
/// let point = Answers { n: 2, given: vec![(q, Answer { lo: 3.0, hi: 3.0 })] };
/// assert_eq!(sigma_from(&point).unwrap(), 0.0);
/// let narrow = Answers { n: 2, given: vec![(q, Answer { lo: 2.0, hi: 4.5 })] };
/// let wide = Answers { n: 2, given: vec![(q, Answer { lo: 1.0, hi: 9.0 })] };
/// let (s1, s2) = (sigma_from(&narrow).unwrap(), sigma_from(&wide).unwrap());
/// assert!(0.0 < s1 && s1 < s2 && s2 <= 1.0);
/// ```
pub fn sigma_from(answers: &Answers) -> Result<f64, SpaceError> {
    check_ids(answers)?;
    let est = answers.values(|q, a| a.estimate(q))?;
    let point = raw_matrix(answers.n, &est)?;
    let span = point.max() - point.min();
    let mut var = vec![0.0; point.data().len()];
    for (q, a) in answers.given.iter().filter(|(_, a)| a.is_range()) {
        let (down, up) = a.one_sd(*q);
        let at = |x: f64| -> Result<Matrix, SpaceError> {
            let mut v = est.clone();
            if let Some(e) = v.iter_mut().find(|(g, _)| g == q) {
                e.1 = x;
            }
            raw_matrix(answers.n, &v)
        };
        let (m1, m2) = (at(down)?, at(up)?);
        for (k, s) in var.iter_mut().enumerate() {
            let d = (m2.data()[k] - m1.data()[k]).abs() / (2.0 * span);
            *s += d * d;
        }
    }
    Ok((var.iter().sum::<f64>() / var.len() as f64).sqrt().min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::assess::{MAX_CLASSES, parse_answers};

    #[test]
    fn implied_answers_round_trip_for_three_classes() {
        let u = UtilityMatrix::parse("5,-1,-3;0,4,-2;-2,1,6").unwrap();
        let a = implied_answers(&u).unwrap();
        assert_eq!(a.given.len(), 7);
        // To the millionth the matrix is written with.
        assert!(matrix_from(&a).unwrap().is_equivalent(&u, 1e-6));
        assert!(
            !matrix_from(&a)
                .unwrap()
                .matrix()
                .to_string()
                .contains("0000")
        );
        let shifted = u.affine(3.0, -7.0).unwrap();
        assert_eq!(implied_answers(&shifted).unwrap(), a);
    }

    #[test]
    fn answers_make_a_matrix_short_enough_to_read() {
        // √0.4675 ≈ 0.6837722339831621: the editor and the link get 0.683772 (issue 28).
        let a = parse_answers("c10:0.4675", 2).unwrap();
        let m = matrix_from(&a).unwrap().matrix().to_string();
        assert!(m.len() <= 24, "{m}");
        let c = cloud_from(&parse_answers("c10:0.3..0.7", 2).unwrap()).unwrap();
        for member in &c.members {
            assert!(
                member
                    .matrix
                    .data()
                    .iter()
                    .all(|v| (v * 1e6 - (v * 1e6).round()).abs() < 1e-6)
            );
        }
    }

    #[test]
    fn unanswered_means_accuracy() {
        for n in 2..=MAX_CLASSES {
            let u = matrix_from(&Answers { n, given: vec![] }).unwrap();
            assert!(
                u.is_equivalent(&UtilityMatrix::identity(n).unwrap(), 1e-12),
                "{n}"
            );
        }
    }

    #[test]
    fn ranges_make_a_cloud_around_the_estimate() {
        let a = parse_answers("c10:0.05..0.2,l0:-0.5..-0.1", 2).unwrap();
        let cloud = cloud_from(&a).unwrap();
        assert_eq!(cloud.members.len(), 9);
        let est = matrix_from(&a).unwrap();
        assert!(cloud.members.iter().any(|m| &m.matrix == est.matrix()));
        assert!(sigma_from(&a).unwrap() > 0.0);
        let many = Answers {
            n: 3,
            given: questions(3)
                .unwrap()
                .into_iter()
                .map(|q| (q, Answer { lo: 1.0, hi: 2.0 }))
                .collect(),
        };
        assert!(cloud_from(&many).is_err());
    }
}
