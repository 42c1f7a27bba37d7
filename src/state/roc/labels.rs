//! Which column holds the labels, and which label is positive.
//!
//! The positive label becomes the app's **class 0** (the class a high score speaks for; column 0
//! of the utility matrix). The default follows scikit-learn's `roc_curve(pos_label=None)`: for
//! the label sets {0, 1}, {−1, 1} and {false, true} the greater is positive (`1`, `true`); for
//! any other labels the user must say which one is positive.
//!
//! Note for the lead: [`default_positive`] duplicates the rule being added to the library for
//! `ulab roc`; fold the two when both are merged.

/// Header names (compared case-insensitively, trimmed) that mark the label column. The first
/// column whose name is in this list is the label column; with none, the first column is.
pub const LABEL_COLUMN_NAMES: [&str; 14] = [
    "label",
    "labels",
    "y_true",
    "y",
    "class",
    "target",
    "truth",
    "true",
    "actual",
    "outcome",
    "ground_truth",
    "gt",
    "true_label",
    "y_test",
];

/// Header names (case-insensitive) of columns that hold neither labels nor scores and are
/// ignored: row numbers and identifiers. An unnamed column (an empty header cell, as pandas
/// writes its index) is ignored too when another column is the label column.
pub const IGNORED_COLUMN_NAMES: [&str; 4] = ["id", "index", "row", "unnamed: 0"];

/// The index of the label column among `header`'s names: the first name in
/// [`LABEL_COLUMN_NAMES`] (case-insensitive, trimmed), else the first column that is not
/// ignored ([`is_ignored_column`]), else column 0. `None` for an empty header.
///
/// # Examples
///
/// ```
/// use utility_lab::state::roc::labels::label_column;
/// let h = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
/// assert_eq!(label_column(&h(&["model A", "Y_True", "model B"])), Some(1));
/// assert_eq!(label_column(&h(&["truth?", "A", "B"])), Some(0));
/// assert_eq!(label_column(&h(&["", "A", "B"])), Some(1)); // pandas' unnamed index is skipped
/// assert_eq!(label_column(&[]), None);
/// ```
pub fn label_column(header: &[String]) -> Option<usize> {
    if header.is_empty() {
        return None;
    }
    let named = header.iter().position(|h| {
        let h = h.trim().to_lowercase();
        LABEL_COLUMN_NAMES.contains(&h.as_str())
    });
    named
        .or_else(|| {
            (0..header.len()).find(|&i| !is_ignored_column(&header[i], i, header.len(), None))
        })
        .or(Some(0))
}

/// Whether column `index` (of `width`) named `name` is ignored, given the label column
/// `label` (if known): a name in [`IGNORED_COLUMN_NAMES`] (case-insensitive), or an empty name
/// in the first column. The label column itself is never ignored; nor is the only column.
///
/// # Examples
///
/// ```
/// use utility_lab::state::roc::labels::is_ignored_column;
/// assert!(is_ignored_column("ID", 0, 3, Some(1)));
/// assert!(is_ignored_column(" ", 0, 3, Some(1)));
/// assert!(!is_ignored_column("", 2, 3, Some(1))); // an unnamed score column elsewhere is kept
/// assert!(!is_ignored_column("id", 0, 3, Some(0))); // the label column
/// ```
pub fn is_ignored_column(name: &str, index: usize, width: usize, label: Option<usize>) -> bool {
    if label == Some(index) || width <= 1 {
        return false;
    }
    let n = name.trim().to_lowercase();
    IGNORED_COLUMN_NAMES.contains(&n.as_str()) || (index == 0 && n.is_empty())
}

/// The numeric or boolean value of a label for scikit-learn's rule: `0`, `1`, `−1` (any
/// number syntax the app reads: `1.0`, `+1`, `-1e0`) or `false`/`true` (any case, as 0 and 1).
fn rule_value(label: &str) -> Option<f64> {
    let t = label.trim();
    if t.eq_ignore_ascii_case("true") {
        return Some(1.0);
    }
    if t.eq_ignore_ascii_case("false") {
        return Some(0.0);
    }
    crate::text::parse_number(t)
}

/// scikit-learn's default positive label for two labels: when they are {0, 1}, {−1, 1} or
/// {false, true} (as numbers in any syntax, booleans in any case), the index of the greater
/// (the `1` / `true`); otherwise `None` (the user must choose). Mixed forms follow the
/// values: {`0`, `true`} is {0, 1}.
///
/// # Examples
///
/// ```
/// use utility_lab::state::roc::labels::default_positive;
/// assert_eq!(default_positive("1", "0"), Some(0));
/// assert_eq!(default_positive("-1", "1"), Some(1));
/// assert_eq!(default_positive("False", "TRUE"), Some(1));
/// assert_eq!(default_positive("0.0", "1.0"), Some(1));
/// assert_eq!(default_positive("spam", "ham"), None);
/// assert_eq!(default_positive("1", "2"), None);
/// assert_eq!(default_positive("0", "-1"), None);
/// ```
pub fn default_positive(first: &str, second: &str) -> Option<usize> {
    let (a, b) = (rule_value(first)?, rule_value(second)?);
    let set = if a < b { (a, b) } else { (b, a) };
    if set == (0.0, 1.0) || set == (-1.0, 1.0) {
        Some(if a > b { 0 } else { 1 })
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sklearn_rule_needs_exactly_its_sets() {
        // scikit-learn: pos_label = 1 for {0, 1}, {-1, 1} and booleans; an error otherwise.
        for (a, b, want) in [
            ("0", "1", Some(1)),
            ("1", "-1", Some(0)),
            ("true", "false", Some(0)),
            ("+1", "-1.0", Some(0)),
            ("0", "0", None),
            ("1", "1", None),
            ("yes", "no", None),
            ("0", "2", None),
            ("", "1", None),
        ] {
            assert_eq!(default_positive(a, b), want, "{a} {b}");
        }
    }

    #[test]
    fn ignored_columns_never_take_the_label() {
        let h: Vec<String> = ["id", "A", "B"].iter().map(|s| s.to_string()).collect();
        assert_eq!(label_column(&h), Some(1));
        let only: Vec<String> = vec!["id".into()];
        assert_eq!(label_column(&only), Some(0));
    }
}
