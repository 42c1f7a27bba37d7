//! Class labels as people write them: which of two labels is the positive class when nobody
//! said (the ROC of scored cases needs one).

/// The conventional value of a label: `false`/`true` (any case) as 0/1, or a number equal to
/// −1, 0 or 1 (`0`, `1`, `-1`, `1.0`, `+1`). `None` for anything else.
fn conventional_value(label: &str) -> Option<(bool, i8)> {
    let t = label.trim();
    if t.eq_ignore_ascii_case("false") {
        return Some((true, 0));
    }
    if t.eq_ignore_ascii_case("true") {
        return Some((true, 1));
    }
    let v = crate::text::parse_number(t)?;
    [0, 1, -1]
        .into_iter()
        .find(|k| v == f64::from(*k))
        .map(|k| (false, k))
}

/// The positive label of a two-class problem when the user has not named one, by
/// scikit-learn's rule (`pos_label=None` in `roc_curve`, `precision_score`, …): if the two
/// labels are `{0, 1}` or `{−1, 1}` (numbers, also written as text: `0`, `1`, `-1`, `1.0`) or
/// `{false, true}` (any case), the greater — `1` or `true` — is positive. For any other
/// labels (`neg`/`pos`, `0`/`2`, `spam`/`ham`, or more than two) there is no convention and
/// the user must say which is positive: `None`.
///
/// `labels` are the distinct labels found, in any order; the result is an index into it.
///
/// # Examples
///
/// ```
/// use ulab_core::labels::conventional_positive;
/// assert_eq!(conventional_positive(&["0", "1"]), Some(1));
/// assert_eq!(conventional_positive(&["1", "-1"]), Some(0));
/// assert_eq!(conventional_positive(&["True", "false"]), Some(0));
/// assert_eq!(conventional_positive(&["neg", "pos"]), None);
/// assert_eq!(conventional_positive(&["0", "2"]), None);
/// assert_eq!(conventional_positive(&["0", "1", "2"]), None);
/// ```
pub fn conventional_positive<S: AsRef<str>>(labels: &[S]) -> Option<usize> {
    let [a, b] = labels else { return None };
    let (kind_a, va) = conventional_value(a.as_ref())?;
    let (kind_b, vb) = conventional_value(b.as_ref())?;
    // Both booleans or both numbers, and one of them 1 and the other 0 or −1.
    if kind_a != kind_b {
        return None;
    }
    match (va, vb) {
        (1, 0 | -1) => Some(0),
        (0 | -1, 1) => Some(1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::conventional_positive;

    #[test]
    fn the_greater_of_zero_one_minus_one_or_false_true() {
        assert_eq!(conventional_positive(&["1", "0"]), Some(0));
        assert_eq!(conventional_positive(&["-1", "1"]), Some(1));
        assert_eq!(conventional_positive(&["0.0", "1.0"]), Some(1));
        assert_eq!(conventional_positive(&[" 0 ", "+1"]), Some(1));
        assert_eq!(conventional_positive(&["FALSE", "TRUE"]), Some(1));
        assert_eq!(conventional_positive(&["true", "False"]), Some(0));
        let owned = vec!["0".to_string(), "1".to_string()];
        assert_eq!(conventional_positive(&owned), Some(1));
    }

    #[test]
    fn no_convention_means_none() {
        for labels in [
            &["neg", "pos"][..],
            &["spam", "ham"],
            &["0", "2"],
            &["-1", "0"],
            &["1", "1.0"],
            &["true", "0"],
            &["false", "1"],
            &["yes", "no"],
            &["1"],
            &[],
            &["0", "1", "-1"],
        ] {
            assert_eq!(conventional_positive(labels), None, "{labels:?}");
        }
    }
}
