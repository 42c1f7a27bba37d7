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
/// use ulab_state::roc::labels::label_column;
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
/// use ulab_state::roc::labels::is_ignored_column;
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

/// A scores file brings its own labels: the app's two classes take the file's names, class 0
/// the positive label (`pos`) and class 1 the other (`neg`) — and the decisions too when they
/// are named after the classes — so that the view never speaks of classes the user never
/// entered (the factory's "long" and "short" for a file of 0s and 1s). The utilities stay
/// those in force, now read under the file's names. Returns the sentence that says so, or
/// `None` when the names were already the file's, or cannot be used (more than two classes,
/// names the problem refuses: the names are then left as they are).
///
/// # Examples
///
/// ```
/// use ulab_state::{presets, roc::labels::adopt_labels};
/// let mut s = presets::factory();
/// let said = adopt_labels(&mut s, "1", "0").unwrap();
/// assert_eq!(s.classes(), &["1".to_string(), "0".to_string()]);
/// assert_eq!(s.decisions(), &["1".to_string(), "0".to_string()]);
/// assert_eq!(said, "The classes are now the file's labels: '1' (class 0, positive) and '0'. The utilities are those in force, 15,-335;-35,165 (row: decision, column: true class): set yours under “Your utilities”.");
/// assert_eq!(adopt_labels(&mut s, "1", "0"), None);
/// ```
pub fn adopt_labels(s: &mut crate::AppState, pos: &str, neg: &str) -> Option<String> {
    let names = [pos.to_string(), neg.to_string()];
    if s.n() != 2 || s.classes()[..] == names[..] {
        return None;
    }
    let follow = s.decisions()[..2] == s.classes()[..];
    s.change_problem(|p| {
        p.classes = names.to_vec();
        if follow {
            p.decisions[..2].clone_from_slice(&names);
        }
    })
    .ok()?;
    Some(format!(
        "The classes are now the file's labels: '{pos}' (class 0, positive) and '{neg}'. The \
         utilities are those in force, {} (row: decision, column: true class): set yours under \
         “Your utilities”.",
        s.utility_matrix().matrix()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ignored_columns_never_take_the_label() {
        let h: Vec<String> = ["id", "A", "B"].iter().map(|s| s.to_string()).collect();
        assert_eq!(label_column(&h), Some(1));
        let only: Vec<String> = vec!["id".into()];
        assert_eq!(label_column(&only), Some(0));
    }
}
