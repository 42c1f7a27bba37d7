//! The view's keys in the link, entries of the app's one key table
//! ([`crate::link::keys::KEYS`]), and the view's settings they read and write
//! ([`RocLink`], the `roc` field of [`AppState`]):
//!
//! | key | value |
//! |---|---|
//! | `bn.NAME` | a binormal curve `a,b` ([`parse_ab`]); one key per curve, in order; `NAME` percent-encoded |
//! | `pos` | the positive label of the scores file (percent-encoded); default: scikit-learn's rule |
//! | `scores` | the classifier columns of the scores file the link was made with (names, comma-separated, percent-encoded): a memo, the scores themselves are not in the link |
//!
//! The view also reads the shared keys `u` (the 2 × 2 utility matrix, class 0 = the positive
//! label) and `prev` (deployment shares `B,1−B`; default: the test set's, or ½ for binormal
//! curves only).
//!
//! A scores file cannot live in a link (10⁶ rows). After an upload the link holds `pos` and
//! `scores`; a reload shows the binormal curves of the link (if any) and
//! [`reload_notice`]: the file must be dropped again, and then `pos` applies to it.

use super::binormal::{format_ab, parse_ab};
use crate::link::error::LinkError;
use crate::link::key::{Key, Read};
use crate::link::pct::{pct_decode, pct_encode};
use crate::{AppState, MAX_CLASSIFIERS, clean_name};
use serde::{Deserialize, Serialize};
use ulab_core::roc::Binormal;

/// The prefix of a binormal curve's key.
pub const BINORMAL_PREFIX: &str = "bn.";

/// The key of the positive label.
pub const POSITIVE_KEY: &str = "pos";

/// The key of the scores file's classifier names.
pub const SCORES_KEY: &str = "scores";

/// The view's settings (what the link holds of it).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RocLink {
    /// Binormal curves, in order: name and model.
    pub binormal: Vec<(String, Binormal)>,
    /// The positive label chosen for the scores file.
    pub positive: Option<String>,
    /// The classifier names of the scores file the link was made with.
    pub scores: Vec<String>,
}

impl RocLink {
    /// Adds the binormal curve `name` with the parameters written `a,b`.
    ///
    /// # Errors
    /// No name, a name already used, too many curves, or parameters that are not `a,b` with
    /// `b > 0` (the message names the problem).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::link::RocLink;
    /// let mut r = RocLink::default();
    /// r.add_binormal("A", "1,1").unwrap();
    /// assert!(r.add_binormal("A", "2,1").is_err());
    /// assert!(r.add_binormal("B", "1,0").unwrap_err().contains("greater than 0"));
    /// assert_eq!(r.binormal.len(), 1);
    /// ```
    pub fn add_binormal(&mut self, name: &str, ab: &str) -> Result<(), String> {
        let name = clean_name(name);
        if name.is_empty() {
            return Err("a binormal curve needs a name".into());
        }
        if self.binormal.iter().any(|(n, _)| *n == name) {
            return Err(format!("there is already a curve named '{name}'"));
        }
        if self.binormal.len() >= MAX_CLASSIFIERS {
            return Err(format!("at most {MAX_CLASSIFIERS} curves"));
        }
        let model = parse_ab(ab).map_err(|e| e.to_string())?;
        self.binormal.push((name, model));
        Ok(())
    }
}

/// `bn.NAME=a,b`.
fn read_binormal(name: &str, raw: &str, s: &mut AppState) -> Result<(), LinkError> {
    let value = pct_decode(raw);
    if name.is_empty() {
        return Err(LinkError::rejected(
            &value,
            20,
            "a named curve (write bn.NAME=a,b)",
        ));
    }
    if s.roc.binormal.iter().any(|(n, _)| n == name) {
        return Err(LinkError::SecondClassifier(name.to_string()));
    }
    if s.roc.binormal.len() >= MAX_CLASSIFIERS {
        return Err(LinkError::TooManyClassifiers);
    }
    let model = parse_ab(&value).map_err(|e| {
        LinkError::rejected(&value, 20, format!("a binormal curve a,b with b > 0 ({e})"))
    })?;
    s.roc.binormal.push((name.to_string(), model));
    Ok(())
}

fn write_binormal(s: &AppState, out: &mut Vec<String>) {
    for (n, m) in &s.roc.binormal {
        out.push(format!(
            "{BINORMAL_PREFIX}{}={}",
            pct_encode(n),
            format_ab(m)
        ));
    }
}

/// The view's keys, for the app's key table.
pub const LINK_KEYS: [Key; 3] = [
    Key::new(
        BINORMAL_PREFIX,
        "a,b",
        "ROC: a binormal curve TPR = Φ(a + b·Φ⁻¹(FPR)), b > 0; one key per curve, in order",
        Read::Family(read_binormal),
        write_binormal,
    ),
    Key::value(
        POSITIVE_KEY,
        "label",
        "ROC and Probabilities: the file's positive label (class 0; in a probabilities file, \
         the class a single column gives the probability of); default: scikit-learn's rule",
        |v, s| {
            let p = v.trim();
            if p.is_empty() {
                return Err(LinkError::rejected(v, 20, "a label"));
            }
            s.roc.positive = Some(p.to_string());
            Ok(())
        },
        |s, out| {
            if let Some(p) = &s.roc.positive {
                out.push(format!("{POSITIVE_KEY}={}", pct_encode(p)));
            }
        },
    ),
    Key::value(
        SCORES_KEY,
        "names",
        "ROC: the classifiers of the scores file the link was made with (a memo: a link \
         cannot hold the scores)",
        |v, s| {
            s.roc.scores = read_memo(v)?;
            Ok(())
        },
        |s, out| write_memo(SCORES_KEY, &s.roc.scores, out),
    ),
];

/// Reads a memo of names (`scores`, the Probabilities view's `pmodels`): comma-separated, each
/// cleaned, at most [`MAX_CLASSIFIERS`].
///
/// # Errors
/// No name.
///
/// # Examples
///
/// ```
/// use ulab_state::roc::link::read_memo;
/// assert_eq!(read_memo("A, B ,,C").unwrap(), ["A", "B", "C"]);
/// assert!(read_memo(" , ").is_err());
/// ```
pub fn read_memo(v: &str) -> Result<Vec<String>, LinkError> {
    let names: Vec<String> = v
        .split(',')
        .map(clean_name)
        .filter(|n| !n.is_empty())
        .take(MAX_CLASSIFIERS)
        .collect();
    if names.is_empty() {
        return Err(LinkError::rejected(v, 20, "names, comma-separated"));
    }
    Ok(names)
}

/// Writes a memo of names as `key=a,b` (nothing for none); a name's own commas would split
/// it when read back: they are written as spaces.
pub fn write_memo(key: &str, names: &[String], out: &mut Vec<String>) {
    if !names.is_empty() {
        let names: Vec<String> = names
            .iter()
            .map(|n| pct_encode(&n.replace(',', " ")))
            .collect();
        out.push(format!("{key}={}", names.join(",")));
    }
}

/// The names of a memo in words: "classifier A", "classifiers A, B and C".
///
/// # Examples
///
/// ```
/// use ulab_state::roc::link::names_in_words;
/// assert_eq!(names_in_words("model", &["A".into(), "B".into(), "C".into()]), "models A, B and C");
/// assert_eq!(names_in_words("model", &["A".into()]), "model A");
/// ```
pub fn names_in_words(what: &str, names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => format!("{what} {one}"),
        [init @ .., last] => format!("{what}s {} and {last}", init.join(", ")),
    }
}

/// The notice of a reloaded link that was made with a scores file: `None` without `scores`.
///
/// # Examples
///
/// ```
/// use ulab_state::roc::link::{reload_notice, RocLink};
/// let link = RocLink { scores: vec!["A".into(), "B".into()], ..Default::default() };
/// assert_eq!(
///     reload_notice(&link).unwrap(),
///     "This link was made with a scores file (classifiers A and B), which a link cannot hold: \
///      drop the file here again to see its curves."
/// );
/// ```
pub fn reload_notice(link: &RocLink) -> Option<String> {
    if link.scores.is_empty() {
        return None;
    }
    let names = names_in_words("classifier", &link.scores);
    Some(format!(
        "This link was made with a scores file ({names}), which a link cannot hold: drop the \
         file here again to see its curves."
    ))
}
