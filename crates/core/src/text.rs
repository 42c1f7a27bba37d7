//! How numbers and short texts are written and read, the same way everywhere: on the page, in
//! the plots, in exported files, in links and on the command line. Pure and native-testable
//! (no web crates), so every rule here has its doctest.
//!
//! Writing:
//! * for people: [`number`] (at most `d` decimals), [`fixed`] (exactly `d` decimals, for
//!   columns), [`signed`], [`percent`], [`prose`] (decimals by magnitude), [`sci`] (`3.2·10⁶`),
//!   [`axis_label`] (`1.5k`) — all with the typographic minus `−` and never `−0`;
//! * for machines: [`shortest`] (what the user typed, exactly: links, the matrix syntax) and
//!   [`exported`] (a computed value in a file, without floating-point noise) — ASCII `-`.
//!
//! Reading: [`parse_number`] and [`parse_decimal`] (the one number rule of the matrix syntax,
//! links, paste boxes, CSV and `ulab`), [`parse_whole`].
//!
//! Short texts: [`truncate`] (to echo bad input in a message), [`capitalize`].

/// The typographic minus sign, used instead of the hyphen for negative numbers on the page.
pub const MINUS: char = '\u{2212}';

/// The longest text read as one number. Long enough for every `f64` written in plain decimals
/// (`5e-324` is 328 characters that way), short enough to bound the work on hostile input.
pub const MAX_NUMBER_CHARS: usize = crate::limits::MAX_NUMBER_CHARS;

/// `s` with a leading hyphen replaced by the typographic minus.
///
/// # Examples
///
/// ```
/// assert_eq!(ulab_core::text::typographic("-3.5".into()), "\u{2212}3.5");
/// assert_eq!(ulab_core::text::typographic("3.5".into()), "3.5");
/// ```
pub fn typographic(s: String) -> String {
    match s.strip_prefix('-') {
        Some(rest) => format!("{MINUS}{rest}"),
        None => s,
    }
}

/// The shortest text that parses back to exactly `v`: plain decimals for ordinary magnitudes,
/// exponent notation for very large or small ones (`15`, `-0.5`, `1e70`, `5e-324`). ASCII
/// hyphen: this is the machine-readable form (links, the matrix syntax, what the user typed).
///
/// # Examples
///
/// ```
/// use ulab_core::text::shortest;
/// assert_eq!(shortest(15.0), "15");
/// assert_eq!(shortest(-0.25), "-0.25");
/// assert_eq!(shortest(1e70), "1e70");
/// assert_eq!(shortest(1e-320), "1e-320");
/// assert_eq!(shortest(f64::MAX).parse::<f64>().unwrap(), f64::MAX);
/// ```
pub fn shortest(v: f64) -> String {
    if let Some(i) = small_whole(v) {
        return i.to_string();
    }
    // Debug prints the shortest round-trip digits, switching to exponent notation for large
    // and small magnitudes; it writes whole numbers as "15.0".
    let s = format!("{v:?}");
    match s.strip_suffix(".0") {
        Some(t) => t.to_string(),
        None => s,
    }
}

/// `v` as an integer when it is a whole number below 10¹⁵ in magnitude (not `-0`): counts, the
/// most frequent numbers written, skip the float formatting.
fn small_whole(v: f64) -> Option<i64> {
    (v.fract() == 0.0 && v.abs() < 1e15 && !(v == 0.0 && v.is_sign_negative())).then_some(v as i64)
}

/// `v` with at most `decimals` decimals and trailing zeros removed (`0.5`, `3`, `-0.125`),
/// never `-0`. ASCII hyphen.
///
/// # Examples
///
/// ```
/// use ulab_core::text::trimmed;
/// assert_eq!(trimmed(0.5000001, 4), "0.5");
/// assert_eq!(trimmed(-3.0, 2), "-3");
/// assert_eq!(trimmed(-0.00001, 2), "0");
/// ```
pub fn trimmed(v: f64, decimals: usize) -> String {
    if let Some(i) = small_whole(v) {
        return i.to_string();
    }
    let s = format!("{v:.decimals$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    if s == "-0" { "0".to_string() } else { s }
}

/// `v` with at most `decimals` decimals, trailing zeros removed, and a typographic minus:
/// `3.5`, `−3.5`, `27`, `0` (never `−0`).
///
/// # Examples
///
/// ```
/// use ulab_core::text::number;
/// assert_eq!(number(-3.5, 2), "\u{2212}3.5");
/// assert_eq!(number(27.0, 2), "27");
/// assert_eq!(number(-0.0001, 2), "0");
/// ```
pub fn number(v: f64, decimals: usize) -> String {
    typographic(trimmed(v, decimals))
}

/// The decimals that carry a value known to within `u` (a standard error): down to the first
/// significant digit of `u`, `⌈−log₁₀ u⌉` clamped to 0…6 (6 when `u` is 0 or not finite).
///
/// # Examples
///
/// ```
/// use ulab_core::text::carried_decimals;
/// assert_eq!(carried_decimals(0.05), 2);
/// assert_eq!(carried_decimals(0.003), 3);
/// assert_eq!(carried_decimals(12.0), 0);
/// assert_eq!(carried_decimals(0.0), 6);
/// ```
pub fn carried_decimals(u: f64) -> usize {
    if !(u.is_finite() && u > 0.0) {
        return 6;
    }
    (-u.log10()).ceil().clamp(0.0, 6.0) as usize
}

/// `v` to `digits` significant digits, as [`number`] writes it: `0.053`, `5.3`, `530`.
///
/// # Examples
///
/// ```
/// use ulab_core::text::significant;
/// assert_eq!(significant(0.053123, 2), "0.053");
/// assert_eq!(significant(5.3123, 2), "5.3");
/// assert_eq!(significant(-531.2, 2), "\u{2212}530");
/// assert_eq!(significant(0.0, 2), "0");
/// ```
pub fn significant(v: f64, digits: usize) -> String {
    if v == 0.0 || !v.is_finite() {
        return number(v, 0);
    }
    let magnitude = v.abs().log10().floor() as i32;
    let decimals = (digits as i32 - 1 - magnitude).max(0) as usize;
    let scale = 10f64.powi(magnitude + 1 - digits as i32);
    let rounded = if decimals == 0 {
        (v / scale).round() * scale
    } else {
        v
    };
    number(rounded, decimals)
}

/// `v` with exactly `decimals` decimals (trailing zeros kept, so that a column lines up) and a
/// typographic minus: `0.70`, `−3.50`; never `−0.00`.
///
/// # Examples
///
/// ```
/// use ulab_core::text::fixed;
/// assert_eq!(fixed(0.7, 2), "0.70");
/// assert_eq!(fixed(-0.001, 2), "0.00");
/// assert_eq!(fixed(-3.5, 1), "\u{2212}3.5");
/// ```
pub fn fixed(v: f64, decimals: usize) -> String {
    let s = format!("{v:.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => typographic(s),
    }
}

/// `v` with at most `decimals` decimals (trailing zeros dropped), a typographic minus, and a
/// `+` before positive values: `+3.5`, `−3.5`, `0`.
///
/// # Examples
///
/// ```
/// use ulab_core::text::signed;
/// assert_eq!(signed(3.5000000001, 2), "+3.5");
/// assert_eq!(signed(-3.5, 2), "\u{2212}3.5");
/// assert_eq!(signed(-0.0001, 2), "0");
/// ```
pub fn signed(v: f64, decimals: usize) -> String {
    let s = trimmed(v, decimals);
    if s == "0" || s.starts_with('-') {
        typographic(s)
    } else {
        format!("+{s}")
    }
}

/// `v` (a share in [0, 1]) as a percentage with at most `decimals` decimals and a narrow
/// no-break space before the sign: `62 %`.
///
/// # Examples
///
/// ```
/// assert_eq!(ulab_core::text::percent(0.625, 1), "62.5\u{202f}%");
/// ```
pub fn percent(v: f64, decimals: usize) -> String {
    format!("{}\u{202f}%", number(100.0 * v, decimals))
}

/// A number for a sentence: 1 decimal from 100 up, 3 from 1, else 4 (trailing zeros dropped),
/// typographic minus.
///
/// # Examples
///
/// ```
/// use ulab_core::text::prose;
/// assert_eq!(prose(-3.5), "\u{2212}3.5");
/// assert_eq!(prose(1234.56), "1234.6");
/// assert_eq!(prose(0.123456), "0.1235");
/// ```
pub fn prose(v: f64) -> String {
    let decimals = if v.abs() >= 100.0 {
        1
    } else if v.abs() >= 1.0 {
        3
    } else {
        4
    };
    number(v, decimals)
}

/// `e` in superscript digits (`⁻³`, `¹⁰`).
///
/// # Examples
///
/// ```
/// assert_eq!(ulab_core::text::superscript(-3), "⁻³");
/// ```
pub fn superscript(e: i32) -> String {
    e.to_string()
        .chars()
        .map(|c| match c {
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            '9' => '⁹',
            _ => '⁻',
        })
        .collect()
}

/// A count or rate in scientific notation from 10⁴ on, with two significant digits
/// (`3.2·10⁶`, `10⁶`); below, a whole number.
///
/// # Examples
///
/// ```
/// use ulab_core::text::sci;
/// assert_eq!(sci(3_210_000.0), "3.2·10⁶");
/// assert_eq!(sci(1_000_000.0), "10⁶");
/// assert_eq!(sci(950.0), "950");
/// assert_eq!(sci(65_536.0), "6.6·10⁴");
/// assert_eq!(sci(99_960.0), "10⁵");
/// ```
pub fn sci(v: f64) -> String {
    if !v.is_finite() || v.abs() < 1e4 {
        return trimmed(v, 0);
    }
    let mut e = v.abs().log10().floor() as i32;
    let mut m = v / 10f64.powi(e);
    // 9.96 rounds to 10.0: carry.
    if (m * 10.0).round() / 10.0 >= 10.0 {
        m /= 10.0;
        e += 1;
    }
    let mantissa = trimmed(m, 1);
    if mantissa == "1" {
        format!("10{}", superscript(e))
    } else {
        format!("{mantissa}·10{}", superscript(e))
    }
}

/// A plot's tick label: `1.5k`, `2M`, up to 3 decimals for small values, typographic minus.
///
/// # Examples
///
/// ```
/// use ulab_core::text::axis_label;
/// assert_eq!(axis_label(-3.0), "\u{2212}3");
/// assert_eq!(axis_label(1500.0), "1.5k");
/// assert_eq!(axis_label(0.25), "0.25");
/// ```
pub fn axis_label(v: f64) -> String {
    let a = v.abs();
    typographic(if a >= 1e6 {
        format!("{}M", trimmed(v / 1e6, 2))
    } else if a >= 1e3 {
        format!("{}k", trimmed(v / 1e3, 2))
    } else if a >= 10.0 || a == 0.0 {
        trimmed(v, 1)
    } else {
        trimmed(v, 3)
    })
}

/// A computed value for an exported file (CSV, JSON figures): rounded to 12 significant digits,
/// then written as the shortest decimal that reads back to that rounded value — so
/// floating-point noise (`1013.0000000000001`, `0.40000000000000036`) does not reach the file.
/// ASCII hyphen, never `-0`; empty for a non-finite value (an undefined cell).
///
/// # Examples
///
/// ```
/// use ulab_core::text::exported;
/// assert_eq!(exported(1013.0000000000001), "1013");
/// assert_eq!(exported(1.2999999999999998), "1.3");
/// assert_eq!(exported(0.40000000000000036), "0.4");
/// assert_eq!(exported(-0.0), "0");
/// assert_eq!(exported(2.0 / 3.0), "0.666666666667");
/// assert_eq!(exported(f64::NAN), "");
/// assert_eq!(exported(1e-300), "1e-300");
/// ```
pub fn exported(v: f64) -> String {
    if !v.is_finite() {
        return String::new();
    }
    let rounded: f64 = format!("{v:.11e}").parse().unwrap_or(v);
    if rounded == 0.0 {
        return "0".into();
    }
    shortest(rounded)
}

/// Reads one number of the matrix syntax: decimal or exponent notation with an optional sign
/// (`15`, `-0.5`, `2.5e-3`), surrounding whitespace ignored. No NaN, no infinity, no hex, no
/// `_`, nothing that overflows (`1e999`), nothing longer than [`MAX_NUMBER_CHARS`].
///
/// # Examples
///
/// ```
/// use ulab_core::text::parse_number;
/// assert_eq!(parse_number(" -2.5e-1 "), Some(-0.25));
/// assert_eq!(parse_number("1e-320"), Some(1e-320));
/// for bad in ["", "inf", "NaN", "0x10", "1_000", "1e999", "1,5", "--1"] {
///     assert_eq!(parse_number(bad), None, "{bad}");
/// }
/// ```
pub fn parse_number(s: &str) -> Option<f64> {
    parse_decimal(s, false)
}

/// [`parse_number`], also accepting a decimal comma (`2,5`) when `decimal_comma` is set, as
/// spreadsheets of many locales write it.
///
/// # Examples
///
/// ```
/// use ulab_core::text::parse_decimal;
/// assert_eq!(parse_decimal("2,5", true), Some(2.5));
/// assert_eq!(parse_decimal("2,5", false), None);
/// ```
pub fn parse_decimal(s: &str, decimal_comma: bool) -> Option<f64> {
    let t = s.trim();
    if t.is_empty() || t.len() > MAX_NUMBER_CHARS {
        return None;
    }
    let owned;
    let t = if decimal_comma && t.contains(',') {
        owned = t.replace(',', ".");
        owned.as_str()
    } else {
        t
    };
    // Only digits, sign, point and exponent: rejects "inf", "NaN", "0x10", "1_000".
    if !t
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | 'e' | 'E'))
    {
        return None;
    }
    t.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Reads a whole number ≥ 0, also written as `1e6` or `1000000.0`.
///
/// # Examples
///
/// ```
/// use ulab_core::text::parse_whole;
/// assert_eq!(parse_whole("1e6"), Some(1_000_000));
/// assert_eq!(parse_whole(" 18446744073709551615 "), Some(u64::MAX));
/// assert_eq!(parse_whole("2.5"), None);
/// assert_eq!(parse_whole("-1"), None);
/// ```
pub fn parse_whole(s: &str) -> Option<u64> {
    let t = s.trim();
    if let Ok(v) = t.parse::<u64>() {
        return Some(v);
    }
    let x = parse_number(t)?;
    // 2⁶⁴ is the first f64 above u64::MAX.
    (x >= 0.0 && x.fract() == 0.0 && x < 18_446_744_073_709_551_616.0).then_some(x as u64)
}

/// `s` cut to at most `max` characters, with `…` when cut: to echo bad input in a message.
/// A message is one line that reads the same in any direction: line breaks and tabs become
/// spaces, and other control and invisible formatting characters (right-to-left overrides, a
/// BOM) become `�`.
///
/// # Examples
///
/// ```
/// use ulab_core::text::truncate;
/// assert_eq!(truncate("abcdef", 3), "abc…");
/// assert_eq!(truncate("abc", 3), "abc");
/// assert_eq!(truncate("a\r\nb\u{202e}c\u{0}", 10), "a  b�c�");
/// ```
pub fn truncate(s: &str, max: usize) -> String {
    let shown = |c: char| match c {
        '\n' | '\r' | '\t' => ' ',
        c if c.is_control() || is_invisible_format(c) => '\u{fffd}',
        c => c,
    };
    let mut t: String = s.chars().take(max).map(shown).collect();
    if s.chars().nth(max).is_some() {
        t.push('…');
    }
    t
}

/// Bidirectional controls, zero-width and other invisible formatting characters (and the BOM).
pub fn is_invisible_format(c: char) -> bool {
    matches!(c,
        '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}'
        | '\u{061c}' | '\u{feff}' | '\u{fff9}'..='\u{fffb}')
}

/// `s` with its first letter in upper case (a message that starts a sentence): an ASCII
/// letter only. The messages start with the app's own English words; one that starts with a
/// name the user typed keeps the name as typed. (Unicode case mapping would also put its
/// tables, 26 KB, in the first page's wasm.)
///
/// # Examples
///
/// ```
/// assert_eq!(ulab_core::text::capitalize("line 2: bad"), "Line 2: bad");
/// assert_eq!(ulab_core::text::capitalize(""), "");
/// assert_eq!(ulab_core::text::capitalize("état: bad"), "état: bad");
/// ```
pub fn capitalize(s: &str) -> String {
    let mut out = s.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whole numbers skip the float formatting: the text is the one it would write.
    #[test]
    fn whole_numbers_are_written_as_the_float_formatting_writes_them() {
        let slow_shortest = |v: f64| {
            let s = format!("{v:?}");
            s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
        };
        let slow_trimmed = |v: f64, d: usize| {
            let s = format!("{v:.d$}");
            let s = if s.contains('.') {
                s.trim_end_matches('0').trim_end_matches('.').to_string()
            } else {
                s
            };
            if s == "-0" { "0".to_string() } else { s }
        };
        let mut values = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            1e15,
            -1e15,
            1e15 - 1.0,
            1e16,
            9007199254740993.0,
        ];
        let mut x = 1.0f64;
        while x < 1e17 {
            values.extend([x, -x, x + 1.0, x - 1.0, x * 7.0, x + 0.5]);
            x *= 3.0;
        }
        for v in values {
            assert_eq!(shortest(v), slow_shortest(v), "shortest({v:?})");
            for d in [0, 2, 4] {
                assert_eq!(trimmed(v, d), slow_trimmed(v, d), "trimmed({v:?}, {d})");
            }
        }
    }
}
