//! A link key: its name, what it holds, its line of the key table in docs/links.md, how it is
//! read and how it is written, side by side ([`Key`]), and the readers and writers of numbers
//! that the keys share. The table of every key is [`super::keys::KEYS`].
//!
//! **Adding a key** is one entry in the `LINK_KEYS` group of the module that owns the setting
//! (a view's keys live in that view's state module; each group is listed once in
//! [`super::keys::KEYS`]), with its reader and writer side by side:
//!
//! ```ignore
//! Key::value("alpha", "number ≥ 0", "Decide: the Dirichlet pseudo-count α",
//!     |v, s| { s.decide.alpha = read_real(v, 0.0, 1e6, "a number ≥ 0")?; Ok(()) },
//!     |s, out| write_real(out, "alpha", s.decide.alpha, 1.0)),
//! // a family of keys, one per item (`bn.A=1,1&bn.B=0.5,2`), read in link order:
//! Key::new("bn.", "a,b", "ROC: a binormal curve's (a, b), one key per curve",
//!     Read::Family(|name, raw, s| s.roc.add_binormal(name, raw)),
//!     |s, out| for c in &s.roc.binormal { out.push(format!("bn.{}={},{}", pct_encode(&c.name), shortest(c.a), shortest(c.b))) }),
//! ```
//!
//! and its row in the key table of docs/links.md (`tests/it/docs_links.rs` fails with the
//! table to paste).

use super::LinkError;
use crate::AppState;
use crate::edit::text::{Rule, read_syntax};
use ulab_core::text::{parse_number, parse_whole, shortest};

/// How a key's value is read.
#[derive(Clone, Copy)]
pub enum Read {
    /// Read by the problem stage ([`super::problem`]), before every other key: the version,
    /// the orientation, the matrices and the names, on which the other keys depend.
    Problem,
    /// The key's last value in the link (percent-decoded), applied to the state. An error is
    /// noted under the key; a reader that applied part of the value (or changed it, e.g.
    /// rescaled shares) says so with an error too.
    Value(fn(&str, &mut AppState) -> Result<(), LinkError>),
    /// Every `key.NAME=value` of the link, in order (`NAME` percent-decoded and cleaned,
    /// `value` raw): applied one by one, each error noted under `key.NAME`.
    Family(fn(&str, &str, &mut AppState) -> Result<(), LinkError>),
}

/// One key of the link format.
#[derive(Clone, Copy)]
pub struct Key {
    /// The key as written: `sigma`; for a family of keys its prefix with the dot, `cm.`.
    pub name: &'static str,
    /// What the value holds, in a few words (the key table's second column, docs/links.md).
    pub holds: &'static str,
    /// What it means (the key table's third column). Empty in the web app's build: only
    /// the docs test reads it, and in the page's wasm the texts would be bytes that every
    /// first visit downloads for nothing.
    pub doc: &'static str,
    /// How it is read.
    pub read: Read,
    /// Appends the key's parts (`key=value`) for the state: nothing when the state has the
    /// default, so that links stay short.
    pub write: fn(&AppState, &mut Vec<String>),
}

impl Key {
    /// A key read by the problem stage.
    pub const fn problem(
        name: &'static str,
        holds: &'static str,
        doc: &'static str,
        write: fn(&AppState, &mut Vec<String>),
    ) -> Key {
        Key::new(name, holds, doc, Read::Problem, write)
    }

    /// A key with one value ([`Read::Value`]).
    pub const fn value(
        name: &'static str,
        holds: &'static str,
        doc: &'static str,
        read: fn(&str, &mut AppState) -> Result<(), LinkError>,
        write: fn(&AppState, &mut Vec<String>),
    ) -> Key {
        Key::new(name, holds, doc, Read::Value(read), write)
    }

    /// A key read by `read` (a family: [`Read::Family`]).
    pub const fn new(
        name: &'static str,
        holds: &'static str,
        doc: &'static str,
        read: Read,
        write: fn(&AppState, &mut Vec<String>),
    ) -> Key {
        Key {
            name,
            holds,
            doc: if cfg!(target_arch = "wasm32") {
                ""
            } else {
                doc
            },
            read,
            write,
        }
    }

    /// Whether the key is a family (`cm.NAME`).
    pub fn is_family(&self) -> bool {
        self.name.ends_with('.')
    }

    /// The key as the key table shows it: `sigma`, `cm.NAME`.
    pub fn shown(&self) -> String {
        if self.is_family() {
            format!("{}NAME", self.name)
        } else {
            self.name.to_string()
        }
    }

    /// Whether `key` (as written in a link) is this key, or one of its family.
    pub fn matches(&self, key: &str) -> bool {
        if self.is_family() {
            key.starts_with(self.name)
        } else {
            key == self.name
        }
    }

    /// The key's row of the key table (docs/links.md): `` | `key` | holds | doc | ``.
    pub fn readme_row(&self) -> String {
        format!("| `{}` | {} | {} |", self.shown(), self.holds, self.doc)
    }
}

/// A real number in `[lo, hi]`, or the notice: `'…' is not {expected}; ignored`.
///
/// # Errors
/// Not a number, or outside the range.
pub fn read_real(v: &str, lo: f64, hi: f64, expected: &str) -> Result<f64, LinkError> {
    parse_number(v)
        .filter(|x| (lo..=hi).contains(x))
        .ok_or_else(|| LinkError::rejected(v, 20, expected))
}

/// A whole number in `[lo, hi]` (also written `1e6`), or the notice.
///
/// # Errors
/// Not a whole number, or outside the range.
pub fn read_whole(v: &str, lo: u64, hi: u64, expected: &str) -> Result<u64, LinkError> {
    parse_whole(v)
        .filter(|x| (lo..=hi).contains(x))
        .ok_or_else(|| LinkError::rejected(v, 24, expected))
}

/// A list of numbers written `a,b,c` (the matrix syntax, one row: blanks ignored, one final
/// `;` allowed; or `[a, b, c]`), any finite values.
///
/// ```
/// use ulab_state::link::key::read_list;
/// assert_eq!(read_list(" 0.2, 0.8 ;"), Some(vec![0.2, 0.8]));
/// assert_eq!(read_list("1e308,1e308"), Some(vec![1e308, 1e308]));
/// assert_eq!(read_list("[[0.2, 0.8]]"), Some(vec![0.2, 0.8]));
/// for bad in ["", "1;2", "1,,2", "1,x", "inf,1"] {
///     assert_eq!(read_list(bad), None, "{bad}");
/// }
/// ```
pub fn read_list(v: &str) -> Option<Vec<f64>> {
    let m = read_syntax(v, Rule::Finite).ok()?;
    (m.rows() == 1).then(|| m.data().to_vec())
}

/// Numbers for a link, each the shortest text that reads back exactly.
pub fn join_numbers(v: &[f64]) -> String {
    v.iter().map(|x| shortest(*x)).collect::<Vec<_>>().join(",")
}

/// Appends `key=value` when `value` differs from `default` (numbers as [`shortest`]).
pub fn write_real(out: &mut Vec<String>, key: &str, value: f64, default: f64) {
    if value != default {
        out.push(format!("{key}={}", shortest(value)));
    }
}

/// Appends `key=value` when `value` differs from `default`.
pub fn write_whole(out: &mut Vec<String>, key: &str, value: u64, default: u64) {
    if value != default {
        out.push(format!("{key}={value}"));
    }
}
