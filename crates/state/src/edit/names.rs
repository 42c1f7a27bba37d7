//! The rules of names: classes, decisions and classifiers each need a name, at most
//! [`MAX_NAME_CHARS`] characters, unlike the others of their kind.

use super::EditError;
use crate::{Classifier, MAX_NAME_CHARS};

/// Checks a name typed by the user: trimmed, non-empty, at most [`MAX_NAME_CHARS`] characters,
/// and different from every name in `others`. Returns the trimmed name.
///
/// # Errors
/// Empty, too long, or taken (`what` is "class", "decision" or "classifier").
///
/// # Examples
///
/// ```
/// use ulab_state::edit::check_name;
/// assert_eq!(check_name("class", "  long ", ["short"]).unwrap(), "long");
/// assert!(check_name("class", " ", ["short"]).is_err());
/// assert!(check_name("class", "short", ["short"]).is_err());
/// ```
pub fn check_name<'a>(
    what: &'static str,
    name: &str,
    others: impl IntoIterator<Item = &'a str>,
) -> Result<String, EditError> {
    // As a link reads names: line breaks and tabs become spaces, invisible formatting
    // characters (right-to-left overrides, a BOM) are dropped.
    let cleaned = crate::one_line_name(name);
    let t = cleaned.trim();
    if t.is_empty() {
        return Err(EditError::NoName { what });
    }
    if t.chars().count() > MAX_NAME_CHARS {
        return Err(EditError::NameTooLong { what });
    }
    if others.into_iter().any(|o| o == t) {
        return Err(EditError::NameTaken {
            what,
            name: t.to_string(),
        });
    }
    Ok(t.to_string())
}

/// The first of `candidates` not in `taken`, else the first candidate with a number appended.
pub(crate) fn unique_name(candidates: &[String], taken: &[&str]) -> String {
    if let Some(c) = candidates.iter().find(|c| !taken.contains(&c.as_str())) {
        return c.clone();
    }
    let base = &candidates[0];
    (2..)
        .map(|k| format!("{base} {k}"))
        .find(|c| !taken.contains(&c.as_str()))
        .expect("some numbered name is free")
}

/// "A", "B", …, "Z", then "C27", "C28", … — the first classifier name not taken.
///
/// # Examples
///
/// ```
/// use ulab_state::{edit::next_classifier_name, AppState};
/// assert_eq!(next_classifier_name(&AppState::default().classifiers()), "C");
/// ```
pub fn next_classifier_name(existing: &[Classifier]) -> String {
    (0..)
        .map(|k: usize| {
            if k < 26 {
                ((b'A' + k as u8) as char).to_string()
            } else {
                format!("C{}", k + 1)
            }
        })
        .find(|n| existing.iter().all(|c| &c.name != n))
        .expect("some name is free")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("class", " x ", ["y"]).unwrap(), "x");
        assert_eq!(
            check_name("class", "", ["y"]).unwrap_err().to_string(),
            "A class needs a name."
        );
        let long = "x".repeat(61);
        assert_eq!(
            check_name("class", &long, []),
            Err(EditError::NameTooLong { what: "class" })
        );
        assert!(check_name("class", &"x".repeat(60), []).is_ok());
        assert_eq!(
            check_name("decision", "y ", ["y"]).unwrap_err().to_string(),
            "Another decision is already named 'y'."
        );
    }

    #[test]
    fn free_names() {
        let taken = ["a", "a 2"];
        assert_eq!(unique_name(&["b".into()], &taken), "b");
        assert_eq!(unique_name(&["a".into(), "b".into()], &taken), "b");
        assert_eq!(unique_name(&["a".into()], &taken), "a 3");
        let letters: Vec<Classifier> = (b'A'..=b'Z')
            .map(|c| Classifier {
                name: (c as char).to_string(),
                matrix: ulab_core::Matrix::identity(2).unwrap(),
            })
            .collect();
        assert_eq!(next_classifier_name(&letters[1..]), "A");
        assert_eq!(next_classifier_name(&letters), "C27");
    }
}
