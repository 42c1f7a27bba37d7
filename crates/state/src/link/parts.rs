//! A fragment split into `key=value` parts ([`Parts`]), and the notices of a decoding
//! ([`Notes`]): the first stage of the decoder, shared by every key's reader; and what the
//! decoder gives ([`Decoded`]).

use super::error::LinkError;
use super::pct::pct_decode;
use crate::AppState;
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
    /// The notices, in order.
    pub fn into_notices(self) -> Vec<Notice> {
        self.0
    }

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
