//! The view's keys in the link (to be wired into the app's link codec; this module reads and
//! writes their values only):
//!
//! | key | value |
//! |---|---|
//! | `view` | `roc` |
//! | `bn.NAME` | a binormal curve `a,b` ([`parse_ab`]); one key per curve, in order; `NAME` percent-encoded |
//! | `u` | the 2 × 2 utility matrix (rows = decisions, columns = classes; class 0 = the positive label) |
//! | `prev` | deployment class shares `B,1−B`; default: the test set's (scores), ½ (binormal curves only) |
//! | `pos` | the positive label of the scores file (percent-encoded); default: scikit-learn's rule |
//! | `scores` | the classifier columns of the scores file the link was made with (names, comma-separated, percent-encoded): a memo, the scores themselves are not in the link |
//!
//! A scores file cannot live in a link (10⁶ rows). After an upload the link holds `pos` and
//! `scores`; a reload shows the binormal curves of the link (if any) and
//! [`reload_notice`]: the file must be dropped again, and then `pos` applies to it.

use super::binormal::{format_ab, parse_ab};
use crate::core::roc::Binormal;
use crate::state::link::{pct_decode, pct_encode};

/// The prefix of a binormal curve's key.
pub const BINORMAL_PREFIX: &str = "bn.";

/// The key of the positive label.
pub const POSITIVE_KEY: &str = "pos";

/// The key of the scores file's classifier names.
pub const SCORES_KEY: &str = "scores";

/// The view's part of a link.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RocLink {
    /// Binormal curves, in order: name and model.
    pub binormal: Vec<(String, Binormal)>,
    /// The positive label chosen for the scores file.
    pub positive: Option<String>,
    /// The classifier names of the scores file the link was made with.
    pub scores: Vec<String>,
}

/// A key of the link that could not be used, and why (for the link's notice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkProblem {
    /// The key as written.
    pub key: String,
    /// The user's message.
    pub message: String,
}

/// Whether `key` (still percent-encoded) is one of this view's ([`BINORMAL_PREFIX`]…,
/// [`POSITIVE_KEY`], [`SCORES_KEY`]).
///
/// # Examples
///
/// ```
/// use utility_lab::state::roc::link::is_roc_key;
/// assert!(is_roc_key("bn.A") && is_roc_key("pos") && !is_roc_key("cm.A"));
/// ```
pub fn is_roc_key(key: &str) -> bool {
    key.starts_with(BINORMAL_PREFIX) || key == POSITIVE_KEY || key == SCORES_KEY
}

/// Reads the view's keys from a link's `(key, value)` pairs as written (percent-encoded);
/// other keys are skipped. Never fails: a bad part is left out and reported.
///
/// # Examples
///
/// ```
/// use utility_lab::state::roc::link::decode;
/// let (link, problems) = decode([("view", "roc"), ("bn.A", "1,1"), ("bn.B%202", "2,1"), ("bn.C", "1,0"), ("pos", "spam")]);
/// assert_eq!(link.binormal.len(), 2);
/// assert_eq!(link.binormal[1].0, "B 2");
/// assert_eq!(link.positive.as_deref(), Some("spam"));
/// assert_eq!(problems[0].key, "bn.C");
/// ```
pub fn decode<'a>(
    pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> (RocLink, Vec<LinkProblem>) {
    let mut link = RocLink::default();
    let mut problems = Vec::new();
    let mut problem = |key: &str, message: String| {
        problems.push(LinkProblem {
            key: key.to_string(),
            message,
        })
    };
    for (key, value) in pairs {
        if let Some(raw) = key.strip_prefix(BINORMAL_PREFIX) {
            let name = crate::state::clean_name(&pct_decode(raw));
            if name.is_empty() {
                problem(
                    key,
                    "a binormal curve needs a name (bn.NAME=a,b); ignored".into(),
                );
            } else if link.binormal.iter().any(|(n, _)| *n == name) {
                problem(key, format!("a second curve named '{name}'; ignored"));
            } else if link.binormal.len() >= crate::state::MAX_CLASSIFIERS {
                problem(key, "too many curves; ignored".into());
            } else {
                match parse_ab(&pct_decode(value)) {
                    Ok(m) => link.binormal.push((name, m)),
                    Err(e) => problem(key, format!("{e}; ignored")),
                }
            }
        } else if key == POSITIVE_KEY {
            let p = pct_decode(value).trim().to_string();
            if p.is_empty() {
                problem(key, "an empty positive label; ignored".into());
            } else {
                link.positive = Some(p);
            }
        } else if key == SCORES_KEY {
            link.scores = value
                .split(',')
                .map(|n| crate::state::clean_name(&pct_decode(n)))
                .filter(|n| !n.is_empty())
                .collect();
        }
    }
    (link, problems)
}

/// Writes the view's keys, in the order `bn.*`, `pos`, `scores` (each `key=value`, to be
/// joined with `&`); [`decode`] reads them back.
///
/// # Examples
///
/// ```
/// use utility_lab::core::roc::Binormal;
/// use utility_lab::state::roc::link::{decode, encode, RocLink};
/// let link = RocLink {
///     binormal: vec![("A & B".into(), Binormal::new(1.5, 0.5).unwrap())],
///     positive: Some("1".into()),
///     scores: vec!["logistic".into(), "forest, v2".into()],
/// };
/// let parts = encode(&link);
/// assert_eq!(parts, vec!["bn.A%20%26%20B=1.5,0.5", "pos=1", "scores=logistic,forest%2C%20v2"]);
/// let pairs: Vec<(&str, &str)> = parts.iter().filter_map(|p| p.split_once('=')).collect();
/// assert_eq!(decode(pairs).0, link);
/// ```
pub fn encode(link: &RocLink) -> Vec<String> {
    let mut out: Vec<String> = link
        .binormal
        .iter()
        .map(|(n, m)| format!("{BINORMAL_PREFIX}{}={}", pct_encode(n), format_ab(m)))
        .collect();
    if let Some(p) = &link.positive {
        out.push(format!("{POSITIVE_KEY}={}", pct_encode(p)));
    }
    if !link.scores.is_empty() {
        let names: Vec<String> = link.scores.iter().map(|n| pct_encode(n)).collect();
        out.push(format!("{SCORES_KEY}={}", names.join(",")));
    }
    out
}

/// The notice of a reloaded link that was made with a scores file: `None` without `scores`.
///
/// # Examples
///
/// ```
/// use utility_lab::state::roc::link::{reload_notice, RocLink};
/// let link = RocLink { scores: vec!["A".into(), "B".into()], ..Default::default() };
/// assert_eq!(
///     reload_notice(&link).unwrap(),
///     "This link was made with a scores file (classifiers A and B), which a link cannot hold: \
///      drop the file here again to see its curves."
/// );
/// ```
pub fn reload_notice(link: &RocLink) -> Option<String> {
    let names = match link.scores.as_slice() {
        [] => return None,
        [one] => format!("classifier {one}"),
        [init @ .., last] => format!("classifiers {} and {last}", init.join(", ")),
    };
    Some(format!(
        "This link was made with a scores file ({names}), which a link cannot hold: drop the \
         file here again to see its curves."
    ))
}
