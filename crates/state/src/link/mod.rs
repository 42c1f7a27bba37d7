//! The link format: the whole state in the URL fragment, readable and writable by hand.
//!
//! `#v=1&view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short`
//!
//! The keys are listed once, in [`keys::KEYS`] (each with what it holds, its line of the key
//! table, its reader and its writer); docs/links.md's key table is that table. Names and
//! labels are percent-encoded (UTF-8, [`pct`]).
//!
//! [`decode`] works in stages: the fragment is split into `key=value` parts ([`Parts`]); the
//! problem stage ([`problem::decode`]) reads the version, the orientation, the matrices and the
//! names, on which the rest depends; then every other key of the table, by its own reader, in
//! table order; then the keys no entry knows; last, the state is validated. Decoding never
//! fails and never panics: a bad or unknown part is ignored with a [`Notice`] saying what and
//! why ([`LinkError`]), and everything else is applied.

pub mod error;
pub mod keys;
pub mod pct;
pub mod problem;

pub use error::LinkError;
pub use keys::{KEYS, Key, Read};
pub use pct::{pct_decode, pct_encode};

use super::{AppState, View, presets};
use std::fmt;
use ulab_core::text::truncate;

/// The longest fragment read; the rest is ignored with a notice.
pub const MAX_FRAGMENT: usize = ulab_core::limits::MAX_FRAGMENT;

/// Something in a link that was ignored, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    /// The key (or the raw part) concerned, cut to 40 characters; `link` for the whole link.
    pub key: String,
    /// What was done about it.
    pub error: LinkError,
}

impl Notice {
    /// What was done about it, in one sentence.
    pub fn message(&self) -> String {
        self.error.to_string()
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.key, self.error)
    }
}

/// The notices of a decoding, in the order they arise.
#[derive(Debug, Default)]
pub struct Notes(Vec<Notice>);

impl Notes {
    /// Notes `error` about `key`.
    pub fn add(&mut self, key: &str, error: LinkError) {
        self.0.push(Notice {
            key: truncate(key, 40),
            error,
        });
    }
}

/// A fragment split into `key=value` parts, in order: keys percent-decoded and trimmed, values
/// raw (a list of names is split on `,` before its names are decoded).
#[derive(Debug, Default)]
pub struct Parts(Vec<(String, String)>);

impl Parts {
    /// Splits `fragment` (with or without `#`), noting a fragment that is too long and parts
    /// without `=` (a bare `embed` means `embed=1`).
    pub fn split(fragment: &str, notes: &mut Notes) -> Parts {
        let raw = fragment.strip_prefix('#').unwrap_or(fragment);
        let raw = if raw.len() > MAX_FRAGMENT {
            notes.add("link", LinkError::TooLong);
            let mut end = MAX_FRAGMENT;
            while !raw.is_char_boundary(end) {
                end -= 1;
            }
            &raw[..end]
        } else {
            raw
        };
        let mut pairs = Vec::new();
        for part in raw.split('&').filter(|p| !p.trim().is_empty()) {
            match part.split_once('=') {
                Some((k, v)) => pairs.push((pct_decode(k).trim().to_string(), v.to_string())),
                None => {
                    let k = pct_decode(part);
                    if k.trim() == "embed" {
                        pairs.push(("embed".into(), "1".into()));
                    } else {
                        notes.add(&k, LinkError::NoValue);
                    }
                }
            }
        }
        Parts(pairs)
    }

    /// Every key, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(k, _)| k.as_str())
    }

    /// The last raw value of `key`.
    pub fn raw(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The last value of `key`, percent-decoded.
    pub fn get(&self, key: &str) -> Option<String> {
        self.raw(key).map(pct_decode)
    }

    /// Every `(key, raw value)` whose key starts with `prefix` (`cm.`), in order.
    pub fn family<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = (&'a str, &'a str)> {
        self.0
            .iter()
            .filter(move |(k, _)| k.starts_with(prefix))
            .map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

/// A decoded link: the state (always valid) and what was ignored.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// The state to show.
    pub state: AppState,
    /// What was ignored and why (empty for a clean link).
    pub notices: Vec<Notice>,
}

/// Decodes a fragment (with or without the leading `#`). Never panics, whatever the input.
/// An empty fragment gives the default state (the factory example).
///
/// # Examples
///
/// ```
/// use ulab_state::link::{decode, LinkError};
/// let d = decode("#view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short");
/// assert!(d.notices.is_empty());
/// assert_eq!(d.state.classifiers[1].name, "B");
/// let bad = decode("#u=1,0;0,x&cm.A=3,1;1,3&colour=red");
/// assert_eq!(bad.notices.len(), 2);
/// assert_eq!(bad.notices[1].error, LinkError::UnknownKey);
/// assert_eq!(bad.state.utility.to_string(), "1,0;0,1"); // identity, the default
/// ```
pub fn decode(fragment: &str) -> Decoded {
    let mut notes = Notes::default();
    let parts = Parts::split(fragment, &mut notes);
    let mut state = problem::decode(&parts, &mut notes);
    for key in keys::all() {
        match key.read {
            keys::Read::Problem => {}
            keys::Read::Value(read) => {
                if let Some(v) = parts.get(key.name)
                    && let Err(e) = read(&v, &mut state)
                {
                    notes.add(key.name, e);
                }
            }
            keys::Read::Family(read) => {
                for (k, raw) in parts.family(key.name) {
                    let name = super::clean_name(&k[key.name.len()..]);
                    if let Err(e) = read(&name, raw, &mut state) {
                        notes.add(k, e);
                    }
                }
            }
        }
    }
    for k in parts.keys() {
        if k.is_empty() {
            notes.add("=", LinkError::NoKey);
        } else if keys::find(k).is_none() {
            notes.add(k, LinkError::UnknownKey);
        }
    }
    // Should not happen: every part above is checked. Should a part still break an invariant,
    // that part alone is dropped (with a notice), never the valid rest of the link.
    for _ in 0..=super::MAX_CLASSIFIERS + 8 {
        let Err(e) = state.validate() else { break };
        let (key, what) = repair(&mut state, &e);
        notes.add(key, LinkError::Dropped { error: e, what });
    }
    if let Err(e) = state.validate() {
        notes.add("link", LinkError::Invalid(e));
        state = presets::factory();
    }
    Decoded {
        state,
        notices: notes.0,
    }
}

/// Drops or resets the part of `state` that breaks the invariant `e`, and says which key it
/// came from and what was done. A utility matrix that breaks one leaves the factory example.
fn repair(state: &mut AppState, e: &super::StateError) -> (&'static str, &'static str) {
    use super::StateError as E;
    let remove = |state: &mut AppState, name: &str| {
        // The last classifier of that name: a duplicate is the later one.
        if let Some(i) = state.classifiers.iter().rposition(|c| c.name == name) {
            state.classifiers.remove(i);
        }
    };
    match e {
        E::Shares(_) => {
            state.prevalence = None;
            ("prev", "the deployment shares were ignored")
        }
        E::Kappa(_) => {
            state.kappa = None;
            ("kappa", "κ was ignored")
        }
        E::Settings(_) => {
            state.mc = Default::default();
            ("link", "the Monte Carlo settings were reset")
        }
        E::Classifier { name, .. } | E::ClassifierSize { name, .. } | E::DuplicateName(name) => {
            remove(state, name);
            ("cm.", "the classifier was ignored")
        }
        E::Unnamed(i) => {
            state.classifiers.remove(*i);
            ("cm.", "the classifier was ignored")
        }
        E::TooManyClassifiers | E::TooManyCells { .. } => {
            let n = state.n();
            let fit = (ulab_core::limits::MAX_CELLS / (n * n)).min(super::MAX_CLASSIFIERS);
            state.classifiers.truncate(fit);
            ("cm.", "the classifiers beyond the limit were ignored")
        }
        E::ClassNames { .. } => {
            state.classes = (0..state.n()).map(super::default_class_name).collect();
            ("classes", "default names are used")
        }
        E::DecisionNames { .. } => {
            state.decisions = (0..state.utility.rows())
                .map(|d| super::default_decision_name(d, &state.classes))
                .collect();
            ("decisions", "default names are used")
        }
        E::Utility(_) | E::TooFewClasses | E::TooFewDecisions { .. } | E::TooLarge => {
            *state = presets::factory();
            ("u", "the factory example is shown")
        }
    }
}

/// Encodes the state as a fragment (without `#`): every key of [`keys::KEYS`] in order, each
/// written only when it differs from its default (the version, the view and the matrices
/// always). `decode(encode(s))` gives `s` back.
///
/// # Examples
///
/// ```
/// use ulab_state::{link, AppState};
/// let s = AppState::default();
/// assert_eq!(
///     link::encode(&s),
///     "v=1&view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short"
/// );
/// assert_eq!(link::decode(&link::encode(&s)).state, s);
/// ```
pub fn encode(state: &AppState) -> String {
    let mut parts = Vec::new();
    for key in keys::all() {
        (key.write)(state, &mut parts);
    }
    parts.join("&")
}

/// An encoded fragment with its view set to `view` (the `view=` part replaced, or added after
/// the version): the same link as [`encode`] of the state with that view, without encoding
/// the state again.
///
/// # Examples
///
/// ```
/// use ulab_state::{link, View};
/// assert_eq!(
///     link::with_view("v=1&view=compare&u=1,0;0,1", View::Story),
///     "v=1&view=story&u=1,0;0,1"
/// );
/// assert_eq!(link::with_view("u=1,0;0,1", View::Reliability), "view=reliability&u=1,0;0,1");
/// ```
pub fn with_view(fragment: &str, view: View) -> String {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let part = format!("view={}", view.key());
    let mut parts: Vec<&str> = fragment
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("view="))
        .collect();
    let at = usize::from(parts.first().is_some_and(|p| p.starts_with("v=")));
    parts.insert(at, &part);
    parts.join("&")
}

#[cfg(test)]
mod tests;
