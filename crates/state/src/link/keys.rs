//! The one table of the link's keys ([`KEYS`]), group by group: the decoder, the encoder and
//! the docs test (the key table of docs/links.md) all read it. A key itself is a
//! [`Key`](super::key::Key) of the module that owns the setting. The decoder reads every key of
//! the table and notes the keys none knows; the encoder writes every key of the table, in its
//! order.

use super::LinkError;
use super::key::Key;
use crate::{FORMAT_VERSION, View, decide, reliability, roc, space};
use ulab_core::text::truncate;

/// Every key, group by group, in the order links are written: the general keys, the colours, the problem
/// (matrices, names, shares), then each view's settings: Metric reliability, Story, Decide,
/// Utility space, Preference-driven measure, ROC & thresholds, Probabilities.
pub const KEYS: &[&[Key]] = &[
    &GENERAL,
    &crate::theme::LINK_KEYS,
    &super::problem::KEYS,
    &reliability::settings::LINK_KEYS,
    &crate::story::link::LINK_KEYS,
    &decide::LINK_KEYS,
    &space::link::LINK_KEYS,
    &crate::pd::link::LINK_KEYS,
    &roc::link::LINK_KEYS,
    &crate::probs::link::LINK_KEYS,
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
        "`compare`, `space`, `reliability`, `roc`, `decide`, `pd`, `story`, `probs`",
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::key::{Read, join_numbers, read_list, read_real, read_whole};

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
