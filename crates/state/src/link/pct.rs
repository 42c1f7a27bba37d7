//! Percent-encoding of names and labels in links (UTF-8 bytes, `%XX`), and name lists.

use crate::clean_name;

/// Joins names with `,`, each percent-encoded (so a name may hold `,`).
pub fn join_names(names: &[String]) -> String {
    names
        .iter()
        .map(|n| pct_encode(n))
        .collect::<Vec<_>>()
        .join(",")
}

/// Splits a raw (still percent-encoded) list of names on `,` and decodes and cleans each name,
/// so that a name containing `,` (encoded `%2C`) survives.
///
/// # Examples
///
/// ```
/// use ulab_state::link::pct::{join_names, split_names};
/// let names = vec!["a,b".to_string(), "c&d".to_string()];
/// assert_eq!(join_names(&names), "a%2Cb,c%26d");
/// assert_eq!(split_names(&join_names(&names)), names);
/// ```
pub fn split_names(raw: &str) -> Vec<String> {
    raw.split(',').map(|n| clean_name(&pct_decode(n))).collect()
}

/// Percent-encodes everything but ASCII letters, digits and `-_.~` (UTF-8 bytes).
///
/// # Examples
///
/// ```
/// use ulab_state::link::{pct_decode, pct_encode};
/// assert_eq!(pct_encode("Model A, v2"), "Model%20A%2C%20v2");
/// assert_eq!(pct_decode(&pct_encode("<img src=x>é")), "<img src=x>é");
/// ```
pub fn pct_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Decodes `%XX` escapes (invalid escapes are kept as they are; invalid UTF-8 is replaced).
pub fn pct_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = |c: u8| (c as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pct_decode_is_total() {
        for s in ["%", "%4", "%zz", "%E9", "a%2", "%%%", "100%"] {
            let _ = pct_decode(s);
        }
        assert_eq!(pct_decode("a%20b"), "a b");
        assert_eq!(pct_decode("100%"), "100%");
    }
}
