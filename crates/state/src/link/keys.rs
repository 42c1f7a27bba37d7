//! The one table of the link's keys: each [`Key`] has its name, what it holds, its line of the
//! key table of docs/links.md, how it is read and how it is written, side by side. The decoder,
//! the encoder and the docs test (`tests/it/docs_links.rs`) all read [`KEYS`].
//!
//! **Adding a key** is one entry in the `LINK_KEYS` group of the module that owns the setting
//! (a view's keys live in that view's state module; each group is listed once in [`KEYS`]),
//! with its reader and writer side by side:
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
//! and its row in docs/links.md (the docs test fails with the table to paste). The decoder
//! reads every key of the table and notes the keys none knows; the encoder writes every key of
//! the table, in its order.

use super::LinkError;
use crate::{AppState, FORMAT_VERSION, View, decide, reliability, roc, space, story};
use ulab_core::text::{parse_number, parse_whole, shortest, truncate};

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
    /// What the value holds, in a few words (the docs/links.md table's second column).
    pub holds: &'static str,
    /// What it means (the docs/links.md table's third column). Empty in the web app's build:
    /// only the docs test reads it, and in the page's wasm the texts would be bytes that every
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

    /// The key as docs/links.md shows it: `sigma`, `cm.NAME`.
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

    /// The key's row of docs/links.md's table: `` | `key` | holds | doc | ``.
    pub fn readme_row(&self) -> String {
        format!("| `{}` | {} | {} |", self.shown(), self.holds, self.doc)
    }
}

/// Every key, group by group, in the order links are written: the general keys, the problem
/// (matrices, names, shares), then each view's settings: Metric reliability, Story, Decide,
/// Utility space, Preference-driven measure, ROC & thresholds.
pub const KEYS: &[&[Key]] = &[
    &GENERAL,
    &super::problem::KEYS,
    &reliability::settings::LINK_KEYS,
    &story::LINK_KEYS,
    &decide::LINK_KEYS,
    &space::link::LINK_KEYS,
    &crate::pd::link::LINK_KEYS,
    &roc::link::LINK_KEYS,
];

/// Every key, in order.
pub fn all() -> impl Iterator<Item = &'static Key> {
    KEYS.iter().flat_map(|group| group.iter())
}

/// The key (or family) `key` belongs to.
pub fn find(key: &str) -> Option<&'static Key> {
    all().find(|k| k.matches(key))
}

/// The keys of every link: version, view, embedding.
const GENERAL: [Key; 3] = [
    Key::problem("v", "`1`", "format version", |_, out| {
        out.push(format!("v={FORMAT_VERSION}"))
    }),
    Key::value(
        "view",
        "`compare`, `space`, `reliability`, `roc`, `decide`, `pd`, `story`",
        "the view shown",
        |v, s| {
            s.view = View::from_key(v).ok_or_else(|| LinkError::UnknownView(truncate(v, 20)))?;
            Ok(())
        },
        |s, out| out.push(format!("view={}", s.view.key())),
    ),
    Key::value(
        "embed",
        "`1`",
        "the view alone, for an iframe",
        |v, s| {
            s.embed = match v.trim() {
                "1" | "true" | "yes" => true,
                "0" | "false" | "no" => false,
                other => return Err(LinkError::rejected(other, 20, "1 or 0")),
            };
            Ok(())
        },
        |s, out| {
            if s.embed {
                out.push("embed=1".into())
            }
        },
    ),
];

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

/// A list of numbers written `a,b,c` (the matrix syntax, one row).
pub fn read_list(v: &str) -> Option<Vec<f64>> {
    let m = ulab_core::Matrix::parse(v).ok()?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_families_end_with_a_dot() {
        let keys: Vec<&Key> = all().collect();
        for (i, k) in keys.iter().enumerate() {
            assert!(!k.name.is_empty() && !k.doc.is_empty() && !k.holds.is_empty());
            assert!(
                keys[i + 1..].iter().all(|o| o.name != k.name),
                "{} twice",
                k.name
            );
            assert!(!k.name.contains(['=', '&', '#']));
            assert_eq!(
                k.is_family(),
                matches!(k.read, Read::Family(_)) || k.name == "cm."
            );
        }
        assert_eq!(find("cm.A").map(|k| k.name), Some("cm."));
        assert_eq!(find("sigma").map(|k| k.name), Some("sigma"));
        assert!(find("colour").is_none());
    }

    #[test]
    fn the_view_key_lists_every_view() {
        let view = find("view").unwrap();
        let listed: Vec<String> = View::ALL.iter().map(|v| format!("`{}`", v.key())).collect();
        assert_eq!(view.holds, listed.join(", "));
    }

    #[test]
    fn numbers_are_read_by_the_one_rule() {
        assert_eq!(read_real(" 0.25 ", 0.0, 1.0, "x"), Ok(0.25));
        assert_eq!(
            read_real("2", 0.0, 1.0, "a number between 0 and 1")
                .unwrap_err()
                .to_string(),
            "'2' is not a number between 0 and 1; ignored"
        );
        assert!(read_real("NaN", 0.0, 1.0, "x").is_err());
        assert_eq!(read_whole("1e6", 1, 10_000_000, "x"), Ok(1_000_000));
        assert!(read_whole("-3", 0, u64::MAX, "x").is_err());
        assert_eq!(join_numbers(&[1e-70, 1.0, 0.1]), "1e-70,1,0.1");
        assert_eq!(read_list("1e-320,1"), Some(vec![1e-320, 1.0]));
    }
}
