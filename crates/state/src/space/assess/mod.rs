//! Guided utility assessment (beyond the papers): a few plain questions that build the utility
//! matrix. Dyrland et al. 2022 end by asking the user "to assess, at least semi-quantitatively,
//! how many times more valuable … is the correct classification of a class than its incorrect
//! classification, than the correct classification of another class"; these questions do
//! exactly that, one number (or range) each.
//!
//! **Why these questions.** Only ratios of *differences* of utilities mean anything: a
//! utility matrix and `aU + b` (`a > 0`) describe the same problem (eq. 11). So every question
//! compares two differences, and the answers of equivalent matrices are the same. The unit is
//! one wrong decision, the *reference error*: deciding class 0 for an item of class 1 (for
//! two classes with class 0 "positive": a false alarm), counted as what it loses compared with
//! deciding right, `U11 − U01`.
//!
//! * **Costs** `c{i}{j}` (every wrong decision `i ≠ j` but the reference): "deciding `i` for an
//!   item that is `j` costs how many times the reference error?" — `ρ_ij = (U_jj − U_ij) /
//!   (U11 − U01) ≥ 0`. Unanswered: 1 (as costly as the reference). These decide which
//!   classifier is best. For two classes there is one: `c10`, a missed class 0 against a false
//!   alarm.
//! * **Levels** `l{j}` (every class `j ≠ 1`): "a right decision on an item that is `j` is worth
//!   how much more than one on an item that is 1, in reference errors?" — `g_j = (U_jj − U11) /
//!   (U11 − U01)`, any sign. Unanswered: 0. A level shifts a whole column of `U`, which changes
//!   every classifier's yield on one test set by the same amount: levels never change which
//!   classifier is best on one test set; they place the matrix in the diagram and set the
//!   yields' zero.
//!
//! **The matrix** (derivation): with the reference error as unit and a right decision on class
//! 1 as zero, `U11 = 0`, `U01 = −1`, `U_jj = g_j`, and every other `U_ij = U_jj − ρ_ij`; then
//! normalized by eq. 12. Each answer is recovered from the matrix by its definition above
//! ([`implied_answers`]), whatever its scale.
//!
//! **Ranges** (`2-5`, `2 to 5`, `2..5`): the estimate is the geometric mean of a cost range
//! (`√(2·5) ≈ 3.16`: ratios are judged on a multiplicative scale, so `0.1 to 10` centres on 1)
//! and the middle of a level range. A range is read as a 95 % interval: two standard deviations
//! each side of the estimate, on the log scale for costs. From the ranges come a cloud of
//! matrices ([`cloud_from`], for eqs. 18–19) and a `σ` for the Metric reliability view's own
//! question ([`sigma_from`]).
//!
//! **More classes**: `n(n − 1) − 1` cost and `n − 1` level questions, up to
//! [`MAX_CLASSES`] classes (23 questions); beyond, type the matrix. Extra decisions (e.g.
//! "refer to an expert") are not asked about.

mod build;
mod page;

pub use build::{cloud_from, implied_answers, matrix_from, sigma_from};
pub use page::{Preview, answered_matrix, asked, prefill, preview, read_answers};

use super::SpaceError;
use super::error::bad_value;
use serde::{Deserialize, Serialize};
use ulab_core::text;

/// The most classes the dialogue asks about.
pub const MAX_CLASSES: usize = 5;

/// The most answers given as ranges when a cloud is made (`3⁶ = 729` candidates).
pub const MAX_RANGES: usize = 6;

/// One question of the dialogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Question {
    /// The cost of deciding `row` for an item of class `col`, in reference errors.
    Cost {
        /// The decision.
        row: usize,
        /// The true class.
        col: usize,
    },
    /// The value of a right decision on class `class` above one on class 1, in reference
    /// errors.
    Level {
        /// The class.
        class: usize,
    },
}

impl Question {
    /// The id used in links: `c{row}{col}` or `l{class}` (`c10`, `l0`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::space::assess::Question;
    /// assert_eq!(Question::Cost { row: 1, col: 0 }.id(), "c10");
    /// assert_eq!(Question::parse_id("l0", 2), Some(Question::Level { class: 0 }));
    /// assert_eq!(Question::parse_id("c01", 2), None); // the reference error is the unit
    /// ```
    pub fn id(&self) -> String {
        match self {
            Question::Cost { row, col } => format!("c{row}{col}"),
            Question::Level { class } => format!("l{class}"),
        }
    }

    /// The question with id `id` among those for `n` classes ([`questions`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::space::assess::Question;
    /// assert_eq!(Question::parse_id(" c21 ", 3), Some(Question::Cost { row: 2, col: 1 }));
    /// assert_eq!(Question::parse_id("c21", 2), None);
    /// ```
    pub fn parse_id(id: &str, n: usize) -> Option<Question> {
        questions(n).ok()?.into_iter().find(|q| q.id() == id.trim())
    }

    /// Whether the answer is a ratio of costs (≥ 0, estimated on a log scale).
    fn is_cost(&self) -> bool {
        matches!(self, Question::Cost { .. })
    }

    /// The question in words for `n` classes, with the class names (`classes[k]`, default
    /// `k`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::space::assess::Question;
    /// let names = ["defect".to_string(), "sound".to_string()];
    /// let q = Question::Cost { row: 1, col: 0 }.prompt(2, &names);
    /// assert!(q.starts_with("A missed “defect” (decided “sound”) costs how many times"));
    /// ```
    pub fn prompt(&self, n: usize, classes: &[String]) -> String {
        let c = |k: usize| classes.get(k).cloned().unwrap_or_else(|| k.to_string());
        let binary = n == 2;
        match *self {
            Question::Cost { row: 1, col: 0 } if binary => format!(
                "A missed “{0}” (decided “{1}”) costs how many times as much as a false alarm \
                 (a “{1}” decided “{0}”)? Count each as what it loses compared with deciding \
                 right.",
                c(0),
                c(1)
            ),
            Question::Cost { row, col } => format!(
                "Deciding “{}” for an item that is “{}” costs how many times as much as \
                 deciding “{}” for one that is “{}”? Count each as what it loses compared with \
                 deciding right. Empty: as much.",
                c(row),
                c(col),
                c(0),
                c(1)
            ),
            Question::Level { class } => format!(
                "A right decision on a “{}” is worth how much more than a right decision on a \
                 “{}”, counted in {}? 0: the same; negative: less. This never changes which \
                 classifier is best on one test set. Empty: 0.",
                c(class),
                c(1),
                if binary {
                    "false alarms' costs".to_string()
                } else {
                    format!("costs of deciding “{}” for a “{}”", c(0), c(1))
                }
            ),
        }
    }
}

/// The questions for `n` classes: costs `c{i}{j}` for `i ≠ j` except `c01`, row by row, then
/// levels `l{j}` for `j ≠ 1`.
///
/// # Errors
/// `n < 2`, or more than [`MAX_CLASSES`] ([`SpaceError::TooManyClasses`]).
///
/// # Examples
///
/// ```
/// use ulab_state::space::assess::questions;
/// let ids: Vec<String> = questions(2).unwrap().iter().map(|q| q.id()).collect();
/// assert_eq!(ids, vec!["c10", "l0"]);
/// assert_eq!(questions(3).unwrap().len(), 5 + 2);
/// assert!(questions(6).is_err());
/// ```
pub fn questions(n: usize) -> Result<Vec<Question>, SpaceError> {
    if n > MAX_CLASSES {
        return Err(SpaceError::TooManyClasses {
            found: n,
            max: MAX_CLASSES,
        });
    }
    if n < 2 {
        return Err(ulab_core::CoreError::TooSmall {
            what: "classes",
            found: n,
            min: 2,
        }
        .into());
    }
    let mut q: Vec<Question> = (0..n)
        .flat_map(|row| (0..n).map(move |col| (row, col)))
        .filter(|&(r, c)| r != c && (r, c) != (0, 1))
        .map(|(row, col)| Question::Cost { row, col })
        .collect();
    q.extend(
        (0..n)
            .filter(|j| *j != 1)
            .map(|class| Question::Level { class }),
    );
    Ok(q)
}

/// An answer: a number (`lo = hi`) or a range `lo < hi`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// Low end.
    pub lo: f64,
    /// High end.
    pub hi: f64,
}

impl Answer {
    /// The estimate used for the matrix: for a cost with `lo > 0` the geometric mean `√(lo·hi)`,
    /// else the middle `(lo + hi)/2`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::space::assess::{Answer, Question};
    /// let cost = Question::Cost { row: 1, col: 0 };
    /// assert_eq!(Answer { lo: 0.1, hi: 10.0 }.estimate(cost), 1.0);
    /// assert_eq!(Answer { lo: -1.0, hi: 0.0 }.estimate(Question::Level { class: 0 }), -0.5);
    /// ```
    pub fn estimate(&self, q: Question) -> f64 {
        if q.is_cost() && self.lo > 0.0 {
            (self.lo * self.hi).sqrt()
        } else {
            0.5 * (self.lo + self.hi)
        }
    }

    /// Whether it is a range.
    fn is_range(&self) -> bool {
        self.hi > self.lo
    }

    /// Values one standard deviation below and above the estimate (the range read as a 95 %
    /// interval: `sd = (hi − lo)/4`, on the log scale for a cost with `lo > 0`; a cost stays
    /// ≥ 0).
    fn one_sd(&self, q: Question) -> (f64, f64) {
        let e = self.estimate(q);
        if q.is_cost() && self.lo > 0.0 {
            let s = (self.hi / self.lo).ln() / 4.0;
            (e * (-s).exp(), e * s.exp())
        } else {
            let s = (self.hi - self.lo) / 4.0;
            let low = e - s;
            (if q.is_cost() { low.max(0.0) } else { low }, e + s)
        }
    }
}

/// One side of a range: a number or a fraction `a/b`.
fn number_or_fraction(s: &str) -> Option<f64> {
    match s.split_once('/') {
        Some((a, b)) => {
            let (a, b) = (text::parse_number(a)?, text::parse_number(b)?);
            let v = a / b;
            (b != 0.0 && v.is_finite()).then_some(v)
        }
        None => text::parse_number(s),
    }
}

/// Reads an answer to `q`: empty (no answer: `None`), a number (`3`, `0.1`, `1/10`), or a range
/// (`2-5`, `2 to 5`, `2–5`, `2..5`, `-1 to 0.5`; the ends in either order).
///
/// # Errors
/// Not a number or range; for a cost, a negative number.
///
/// # Examples
///
/// ```
/// use ulab_state::space::assess::{parse_answer, Answer, Question};
/// let q = Question::Cost { row: 1, col: 0 };
/// assert_eq!(parse_answer(q, "3").unwrap(), Some(Answer { lo: 3.0, hi: 3.0 }));
/// assert_eq!(parse_answer(q, " 2 to 5 ").unwrap(), Some(Answer { lo: 2.0, hi: 5.0 }));
/// assert_eq!(parse_answer(q, "2-5").unwrap(), parse_answer(q, "5..2").unwrap());
/// assert_eq!(parse_answer(q, "1/10").unwrap(), Some(Answer { lo: 0.1, hi: 0.1 }));
/// assert_eq!(parse_answer(q, "").unwrap(), None);
/// assert!(parse_answer(q, "-2").is_err());
/// let l = Question::Level { class: 0 };
/// assert_eq!(parse_answer(l, "-0.5-0.25").unwrap(), Some(Answer { lo: -0.5, hi: 0.25 }));
/// ```
pub fn parse_answer(q: Question, text: &str) -> Result<Option<Answer>, SpaceError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let fail = |message: String| SpaceError::Answer {
        question: q.id(),
        message,
    };
    let bad = || {
        fail(format!(
            "'{}' is not a number or a range (e.g. 3, 2-5, 2 to 5)",
            text::truncate(t, 24)
        ))
    };
    // ASCII only: the separators are ASCII or dashes, and the offsets found in `lower` must
    // be those of `t`.
    let lower = t.to_ascii_lowercase();
    let split = [" to ", "..", "–", "—"]
        .iter()
        .find_map(|sep| lower.find(sep).map(|k| (k, sep.len())))
        .or_else(|| {
            // A hyphen after a digit or a point (spaces between allowed) separates a range:
            // "2-5", "2 - 5", "-1-0.5"; not the sign of "-1" nor the exponent of "1e-3".
            lower
                .char_indices()
                .find(|&(k, c)| {
                    c == '-'
                        && lower[..k]
                            .trim_end()
                            .chars()
                            .last()
                            .is_some_and(|p| p.is_ascii_digit() || p == '.')
                })
                .map(|(k, _)| (k, 1))
        });
    let (lo, hi) = match split {
        Some((k, len)) => (
            number_or_fraction(&lower[..k]).ok_or_else(bad)?,
            number_or_fraction(&lower[k + len..]).ok_or_else(bad)?,
        ),
        None => {
            let v = number_or_fraction(&lower).ok_or_else(bad)?;
            (v, v)
        }
    };
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    if q.is_cost() && lo < 0.0 {
        return Err(fail(
            "a wrong decision cannot cost less than nothing: give a number ≥ 0".into(),
        ));
    }
    Ok(Some(Answer { lo, hi }))
}

/// The answers given so far, for `n` classes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Answers {
    /// Number of classes.
    pub n: usize,
    /// The answered questions, in any order (a question answered twice: the last counts).
    pub given: Vec<(Question, Answer)>,
}

impl Answers {
    /// The answer to `q`, if given.
    fn get(&self, q: Question) -> Option<Answer> {
        self.given
            .iter()
            .rev()
            .find(|(g, _)| *g == q)
            .map(|(_, a)| *a)
    }

    /// `ρ` or `g` for every question, each answered one at `value(question, answer)`, the
    /// others at their defaults (cost 1, level 0).
    fn values(
        &self,
        value: impl Fn(Question, Answer) -> f64,
    ) -> Result<Vec<(Question, f64)>, SpaceError> {
        Ok(questions(self.n)?
            .into_iter()
            .map(|q| {
                let default = if q.is_cost() { 1.0 } else { 0.0 };
                (q, self.get(q).map_or(default, |a| value(q, a)))
            })
            .collect())
    }
}

/// The answers in the `uask` link syntax: `id:value` separated by `,`, a range as `lo..hi` —
/// `c10:0.05..0.2,l0:-0.3`. [`parse_answers`] reads it back.
///
/// # Examples
///
/// ```
/// use ulab_state::space::assess::{format_answers, parse_answers};
/// let a = parse_answers("c10:2-5, l0:-0.3", 2).unwrap();
/// assert_eq!(format_answers(&a), "c10:2..5,l0:-0.3");
/// assert_eq!(parse_answers(&format_answers(&a), 2).unwrap(), a);
/// ```
pub fn format_answers(answers: &Answers) -> String {
    answers
        .given
        .iter()
        .map(|(q, a)| {
            if a.is_range() {
                format!(
                    "{}:{}..{}",
                    q.id(),
                    text::shortest(a.lo),
                    text::shortest(a.hi)
                )
            } else {
                format!("{}:{}", q.id(), text::shortest(a.lo))
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// Reads the `uask` syntax for `n` classes (see [`format_answers`]); each value as
/// [`parse_answer`]. Empty text: no answer.
///
/// # Errors
/// A part without `id:`, an unknown id, a bad value, too many classes.
///
/// # Examples
///
/// ```
/// use ulab_state::space::assess::parse_answers;
/// assert!(parse_answers("c10:3", 2).is_ok());
/// assert_eq!(parse_answers("c01:3", 2).unwrap_err().to_string(),
///     "the answer on deciding class 0 for a class-1 item: there is no such question for 2 classes");
/// assert!(parse_answers("3", 2).is_err());
/// ```
pub fn parse_answers(text: &str, n: usize) -> Result<Answers, SpaceError> {
    let qs = questions(n)?;
    let mut given = Vec::new();
    for part in text.split(',').filter(|p| !p.trim().is_empty()) {
        let (id, value) = part
            .split_once(':')
            .ok_or_else(|| bad_value("answers", part, "id:value (e.g. c10:3)"))?;
        let q = qs
            .iter()
            .copied()
            .find(|q| q.id() == id.trim())
            .ok_or_else(|| SpaceError::Answer {
                question: text::truncate(id.trim(), 12),
                message: format!("there is no such question for {n} classes"),
            })?;
        if let Some(a) = parse_answer(q, value)? {
            given.push((q, a));
        }
    }
    Ok(Answers { n, given })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulab_core::UtilityMatrix;

    #[test]
    fn bad_answers_and_matrices() {
        let q = Question::Cost { row: 1, col: 0 };
        for bad in ["x", "2-", "to 5", "1/0", "2..x", "inf", "0/0"] {
            assert!(parse_answer(q, bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_answer(q, "2 - 5").unwrap(),
            Some(Answer { lo: 2.0, hi: 5.0 })
        );
        assert_eq!(
            parse_answer(q, "1e-3").unwrap(),
            Some(Answer { lo: 1e-3, hi: 1e-3 })
        );
        assert_eq!(
            parse_answer(q, "2–5").unwrap(),
            Some(Answer { lo: 2.0, hi: 5.0 })
        );
        assert!(implied_answers(&UtilityMatrix::parse("1,0;0,0").unwrap()).is_err()); // TPR: unit 0
        assert!(implied_answers(&UtilityMatrix::parse("0,1;1,0").unwrap()).is_err());
        assert!(implied_answers(&UtilityMatrix::parse("1,0;0,1;0.5,0.5").unwrap()).is_err());
        assert!(
            matrix_from(&Answers {
                n: 2,
                given: vec![(Question::Level { class: 1 }, Answer { lo: 1.0, hi: 1.0 })]
            })
            .is_err()
        );
        assert!(questions(1).is_err());
    }
}
