//! What the page's dialogue reads and shows: the questions asked for a problem ([`asked`]),
//! the fields' texts from answers ([`prefill`], [`Answer::text`]) and back ([`read_answers`]),
//! and what the answers make ([`preview`], [`answered_matrix`]).

use super::{
    Answer, Answers, Question, cloud_from, matrix_from, parse_answer, questions, sigma_from,
};
use crate::space::SpaceError;
use crate::space::cloud::Cloud;
use crate::space::point::point_info;
use ulab_core::UtilityMatrix;
use ulab_core::text::shortest;

impl Answer {
    /// The answer as the user would type it: `3`, `2 to 5`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::space::assess::Answer;
    /// assert_eq!(Answer { lo: 3.0, hi: 3.0 }.text(), "3");
    /// assert_eq!(Answer { lo: 2.0, hi: 5.0 }.text(), "2 to 5");
    /// ```
    pub fn text(&self) -> String {
        if self.hi > self.lo {
            format!("{} to {}", shortest(self.lo), shortest(self.hi))
        } else {
            shortest(self.lo)
        }
    }
}

impl Question {
    /// What an empty field means, shown in it: 1 for a cost (as costly as the reference
    /// error), 0 for a level.
    pub fn placeholder(&self) -> &'static str {
        if self.is_cost() { "1" } else { "0" }
    }
}

/// The questions asked for `n` classes named `classes`, with their prompts.
///
/// # Errors
/// Too many classes to ask about: the message.
pub fn asked(n: usize, classes: &[String]) -> Result<(usize, Vec<Question>, Vec<String>), String> {
    let qs = questions(n).map_err(|e| e.to_string())?;
    let prompts = qs.iter().map(|q| q.prompt(n, classes)).collect();
    Ok((n, qs, prompts))
}

/// The fields' texts for the questions `qs`: each one's answer in `given` (the last one given),
/// or empty.
pub fn prefill(qs: &[Question], given: Option<&Answers>) -> Vec<String> {
    qs.iter()
        .map(|q| {
            given
                .and_then(|a| a.given.iter().rev().find(|(g, _)| g == q))
                .map(|(_, a)| a.text())
                .unwrap_or_default()
        })
        .collect()
}

/// The answers typed in the fields `texts` of the questions `qs` for `n` classes.
///
/// # Errors
/// The first field that does not read: its message.
pub fn read_answers(qs: &[Question], texts: &[String], n: usize) -> Result<Answers, String> {
    let mut given = Vec::new();
    for (q, t) in qs.iter().zip(texts) {
        if let Some(a) = parse_answer(*q, t).map_err(|e| e.to_string())? {
            given.push((*q, a));
        }
    }
    Ok(Answers { n, given })
}

/// What the answers make, before it is applied.
#[derive(Debug, Clone, PartialEq)]
pub struct Preview {
    /// The utility matrix, in the link's syntax.
    pub matrix: String,
    /// Its point in the hexagon (two classes).
    pub point: Option<String>,
    /// The σ the ranges amount to, if any.
    pub sigma: Option<f64>,
}

/// What the answers `a` make.
///
/// # Errors
/// Answers that make no matrix: the message.
pub fn preview(a: &Answers) -> Result<Preview, String> {
    let u = matrix_from(a).map_err(|e| e.to_string())?;
    Ok(Preview {
        matrix: u.matrix().to_string(),
        point: point_info(&u).ok().map(|i| i.coordinates_text()),
        sigma: sigma_from(a).ok(),
    })
}

/// The matrix the answers make and, `with_cloud`, the cloud of their ranges.
///
/// # Errors
/// Answers that make no matrix, or no cloud.
pub fn answered_matrix(
    a: &Answers,
    with_cloud: bool,
) -> Result<(UtilityMatrix, Option<Cloud>), SpaceError> {
    let u = matrix_from(a)?;
    let cloud = if with_cloud {
        Some(cloud_from(a)?)
    } else {
        None
    };
    Ok((u, cloud))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::assess::implied_answers;

    fn names() -> Vec<String> {
        vec!["long".to_string(), "short".to_string()]
    }

    #[test]
    fn the_factory_prefills_and_reads_back_its_answers() {
        let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
        let (n, qs, prompts) = asked(2, &names()).unwrap();
        assert_eq!((n, qs.len(), prompts.len()), (2, 2, 2));
        let texts = prefill(&qs, implied_answers(&u).ok().as_ref());
        assert!(texts.iter().all(|t| !t.is_empty()), "{texts:?}");
        let a = read_answers(&qs, &texts, n).unwrap();
        let p = preview(&a).unwrap();
        assert!(
            matrix_from(&a).unwrap().is_equivalent(&u, 1e-9),
            "{}",
            p.matrix
        );
        assert!(p.point.is_some());
        assert_eq!(p.sigma, Some(0.0));
        let (m, cloud) = answered_matrix(&a, false).unwrap();
        assert_eq!(m.matrix().to_string(), p.matrix);
        assert_eq!(cloud, None);
    }

    #[test]
    fn empty_fields_are_unanswered_and_bad_ones_say_why() {
        let (n, qs, _) = asked(2, &names()).unwrap();
        assert_eq!(prefill(&qs, None), ["", ""]);
        let none = read_answers(&qs, &[String::new(), String::new()], n).unwrap();
        assert!(none.given.is_empty());
        let texts = ["2 to 5".to_string(), "x".to_string()];
        assert!(read_answers(&qs, &texts, n).is_err());
        let a = read_answers(&qs, &texts[..1], n).unwrap();
        assert_eq!(a.given[0].1.text(), "2 to 5");
        assert!(preview(&a).unwrap().sigma.unwrap() > 0.0);
        let (_, cloud) = answered_matrix(&a, true).unwrap();
        assert!(cloud.is_some());
    }

    #[test]
    fn placeholders_are_the_defaults() {
        let (_, qs, _) = asked(3, &[]).unwrap();
        for q in qs {
            assert_eq!(q.placeholder(), if q.is_cost() { "1" } else { "0" });
        }
    }

    #[test]
    fn too_many_classes_are_not_asked_about() {
        assert!(asked(100, &[]).is_err());
    }
}
