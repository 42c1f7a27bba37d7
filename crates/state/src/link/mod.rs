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
pub mod key;
pub mod keys;
pub mod parts;
pub mod pct;
pub mod problem;

pub use error::LinkError;
pub use key::{Key, Read};
pub use keys::KEYS;
pub use parts::{Decoded, MAX_FRAGMENT, Notes, Notice, Parts};
pub use pct::{pct_decode, pct_encode};

use crate::presets::factory::factory;
use crate::{AppState, View};

/// Decodes a fragment (with or without the leading `#`). Never panics, whatever the input.
/// An empty fragment gives the default state (the factory example).
///
/// # Examples
///
/// ```
/// use ulab_state::link::{decode, LinkError};
/// let d = decode("#view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short");
/// assert!(d.notices.is_empty());
/// assert_eq!(d.state.classifiers()[1].name, "B");
/// let bad = decode("#u=1,0;0,x&cm.A=3,1;1,3&colour=red");
/// assert_eq!(bad.notices.len(), 2);
/// assert_eq!(bad.notices[1].error, LinkError::UnknownKey);
/// assert_eq!(bad.state.utility().to_string(), "1,0;0,1"); // identity, the default
/// ```
pub fn decode(fragment: &str) -> Decoded {
    let mut notes = Notes::default();
    let parts = Parts::split(fragment, &mut notes);
    let mut state = problem::decode(&parts, &mut notes);
    for key in keys::all() {
        match key.read {
            Read::Problem => {}
            Read::Value(read) => {
                if let Some(v) = parts.get(key.name)
                    && let Err(e) = read(&v, &mut state)
                {
                    notes.add(key.name, e);
                }
            }
            Read::Family(read) => {
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
    for _ in 0..4 {
        let Err(e) = state.validate() else { break };
        let (key, what) = repair(&mut state, &e);
        notes.add(key, LinkError::Dropped { error: e, what });
    }
    if let Err(e) = state.validate() {
        notes.add("link", LinkError::Invalid(e));
        state = factory();
    }
    Decoded {
        state,
        notices: notes.into_notices(),
    }
}

/// Drops or resets the part of `state` that breaks the invariant `e`, and says which key it
/// came from and what was done. (The problem's own invariants are repaired while it is read:
/// `problem::decode`.)
fn repair(state: &mut AppState, e: &super::StateError) -> (&'static str, &'static str) {
    use super::StateError as E;
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
        E::Problem(_) => {
            *state = factory();
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
