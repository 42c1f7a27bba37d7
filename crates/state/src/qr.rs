//! The link of a printed page as a QR code, drawn as SVG, and the block that shows both on
//! paper ([`link_block_html`]): a handout carries the link that reproduces it, as text and as
//! a code a phone can scan.
//!
//! The link is encoded as bytes (UTF-8), in the smallest code that holds it: error correction
//! level M (15 % of the code may be lost: a creased or smudged sheet) while the link fits; a
//! longer link falls back to level L (7 %), which holds the most; a link longer than a QR code
//! can hold at all (2 953 bytes) is [`QrError::TooLong`], and the printed page then shows the
//! link as text only, with that reason.

use qrcode::bits::Bits;
use qrcode::types::Version;
use qrcode::{Color, EcLevel, QrCode};
use std::fmt;

/// What the QR code is, for screen readers.
pub const QR_LABEL: &str = "QR code of this page's link";

/// The most bytes a QR code holds (version 40, level L, byte mode: ISO/IEC 18004, table 7).
pub const MAX_BYTES: usize = 2953;

/// Light modules around the code, as the QR standard asks (ISO/IEC 18004: 4 modules).
pub const QUIET_ZONE: usize = 4;

/// The printed size of one module, in millimetres (a phone reads 0.5 mm modules from a page).
const MODULE_MM: f64 = 0.5;

/// The printed side of the code, in millimetres: never smaller than this…
const MIN_SIDE_MM: f64 = 30.0;

/// …and never larger than this (a version 40 code: 185 modules at ~0.49 mm).
const MAX_SIDE_MM: f64 = 90.0;

/// Why a link has no QR code. Its `Display` is the sentence printed in place of the code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QrError {
    /// The link does not fit in the largest QR code (version 40, level L).
    TooLong {
        /// The link's length in bytes (UTF-8).
        bytes: usize,
    },
}

impl fmt::Display for QrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QrError::TooLong { bytes } => write!(
                f,
                "This link is too long for a QR code ({} bytes; a QR code holds at most {}): \
                 type it, or save the state as a file from the page.",
                ulab_core::text::number(*bytes as f64, 0),
                ulab_core::text::number(MAX_BYTES as f64, 0)
            ),
        }
    }
}

impl std::error::Error for QrError {}

/// A QR code drawn as SVG.
#[derive(Debug, Clone, PartialEq)]
pub struct QrSvg {
    /// `<svg>…</svg>`: black modules on white, whatever the page's colours.
    pub svg: String,
    /// Modules per side, without the quiet zone (21 for version 1, +4 per version).
    pub modules: usize,
    /// The printed side, quiet zone included, in millimetres.
    pub side_mm: f64,
}

/// The QR code of `link` as SVG, labelled `label` for screen readers.
///
/// The code's modules are drawn as one `<path>`, one rectangle per horizontal run of dark
/// modules, in a `viewBox` of one unit per module with the quiet zone around it; the printed
/// side is `0.5 mm` per module, within [30 mm, 90 mm].
///
/// ```
/// use ulab_state::qr::link_qr;
/// // 14 bytes is the most a version 1 code (21 × 21) holds at level M.
/// assert_eq!(link_qr("https://ex.org", "QR").unwrap().modules, 21);
/// assert_eq!(link_qr("https://ex.org/", "QR").unwrap().modules, 25);
/// ```
pub fn link_qr(link: &str, label: &str) -> Result<QrSvg, QrError> {
    let data = link.as_bytes();
    let code = smallest_code(data, EcLevel::M)
        .or_else(|| smallest_code(data, EcLevel::L))
        .ok_or(QrError::TooLong { bytes: data.len() })?;
    let modules = code.width();
    let side = modules + 2 * QUIET_ZONE;
    let side_mm = (side as f64 * MODULE_MM).clamp(MIN_SIDE_MM, MAX_SIDE_MM);
    let path = dark_runs_path(&code.to_colors(), modules);
    let label = escape(label);
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" \
         width=\"{side_mm}mm\" height=\"{side_mm}mm\" shape-rendering=\"crispEdges\" \
         role=\"img\" aria-label=\"{label}\"><rect width=\"{side}\" height=\"{side}\" \
         fill=\"#fff\"/><path fill=\"#000\" d=\"{path}\"/></svg>"
    );
    Ok(QrSvg {
        svg,
        modules,
        side_mm,
    })
}

/// The smallest code (version 1 to 40) that holds `data` in byte mode at level `ec`, if any.
/// (Byte mode only: the crate's mixed-mode optimizer would make some links a version smaller,
/// for more code in the page's wasm.)
fn smallest_code(data: &[u8], ec: EcLevel) -> Option<QrCode> {
    (1..=40).find_map(|v| {
        let mut bits = Bits::new(Version::Normal(v));
        bits.push_byte_data(data).ok()?;
        bits.push_terminator(ec).ok()?;
        QrCode::with_bits(bits, ec).ok()
    })
}

/// `text` for HTML text and attribute values.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The block printed at the top of a handout: the page's `link` as text and as a QR code, or
/// the reason it has no code — HTML for the page (crates/ui/src/chrome/print_link.rs; style/print.css
/// shows it on paper only).
///
/// ```
/// use ulab_state::qr::link_block_html;
/// let html = link_block_html("https://ex.org/#u=1,0;0,1&cm.A=1,2;3,4");
/// assert!(html.contains(">https://ex.org/#u=1,0;0,1&amp;cm.A=1,2;3,4</p>"));
/// assert!(html.contains("<svg "));
/// ```
pub fn link_block_html(link: &str) -> String {
    let code = match link_qr(link, QR_LABEL) {
        Ok(qr) => format!(
            "<div class=\"print-qr\" data-testid=\"print-qr\">{}</div>",
            qr.svg
        ),
        Err(why) => format!(
            "<p class=\"print-qr-none\" data-testid=\"print-qr-too-long\">{}</p>",
            escape(&why.to_string())
        ),
    };
    format!(
        "<aside class=\"print-link\" data-testid=\"print-link\" aria-label=\"The link to this page\">\
         <div class=\"print-link-text\"><p class=\"print-link-lead\">This page, with these numbers, \
         is at:</p><p class=\"print-link-url\" data-testid=\"print-link-url\">{}</p></div>{code}</aside>",
        escape(link)
    )
}

/// The SVG path of the dark modules of a `width × width` code (rows first), shifted by the
/// quiet zone: `M{x} {y}h{run}v1h-{run}z` per horizontal run of dark modules.
fn dark_runs_path(colors: &[Color], width: usize) -> String {
    use std::fmt::Write;
    let mut path = String::new();
    for (y, row) in colors.chunks(width.max(1)).enumerate() {
        let mut x = 0;
        while x < row.len() {
            if row[x] != Color::Dark {
                x += 1;
                continue;
            }
            let start = x;
            while x < row.len() && row[x] == Color::Dark {
                x += 1;
            }
            let run = x - start;
            let _ = write!(
                path,
                "M{} {}h{run}v1h-{run}z",
                start + QUIET_ZONE,
                y + QUIET_ZONE
            );
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dark modules of `svg`'s path, read back as a grid of `side × side` (quiet zone
    /// included): an independent reading of what the SVG draws.
    fn drawn(svg: &str, side: usize) -> Vec<Vec<bool>> {
        let d = svg
            .split(" d=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let mut grid = vec![vec![false; side]; side];
        for rect in d.split('M').filter(|s| !s.is_empty()) {
            let (xy, rest) = rect.split_once('h').unwrap();
            let (x, y) = xy.split_once(' ').unwrap();
            let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
            let run: usize = rest.split_once('v').unwrap().0.parse().unwrap();
            assert_eq!(rest, format!("{run}v1h-{run}z"));
            for cell in &mut grid[y][x..x + run] {
                assert!(!*cell, "modules drawn twice");
                *cell = true;
            }
        }
        grid
    }

    #[test]
    fn versions_follow_the_standard_capacities() {
        // ISO/IEC 18004, table 7 (byte mode): version 1-M holds 14 bytes, version 2-M 26,
        // version 40-L 2 953. 21 + 4 (v − 1) modules per side.
        let bytes = |n: usize| "a".repeat(n);
        assert_eq!(link_qr(&bytes(14), "x").unwrap().modules, 21);
        assert_eq!(link_qr(&bytes(15), "x").unwrap().modules, 25);
        assert_eq!(link_qr(&bytes(26), "x").unwrap().modules, 25);
        assert_eq!(link_qr(&bytes(27), "x").unwrap().modules, 29);
        // Version 40-M holds 2 331 bytes: beyond, level L; beyond 2 953, no code.
        assert_eq!(link_qr(&bytes(2953), "x").unwrap().modules, 177);
        assert_eq!(
            link_qr(&bytes(2954), "x"),
            Err(QrError::TooLong { bytes: 2954 })
        );
    }

    #[test]
    fn the_too_long_message_names_the_length() {
        let e = link_qr(&"é".repeat(2000), "x").unwrap_err();
        assert_eq!(e, QrError::TooLong { bytes: 4000 });
        let text = e.to_string();
        assert!(
            text.starts_with("This link is too long for a QR code (4"),
            "{text}"
        );
        assert!(text.contains("000 bytes"), "{text}");
    }

    #[test]
    fn the_svg_draws_the_finder_patterns_in_the_quiet_zone() {
        let link = "http://127.0.0.1:4173/#view=compare&u=15,-335;-35,165&cm.A=27,15;23,35";
        let qr = link_qr(link, "QR code of the link").unwrap();
        let side = qr.modules + 2 * QUIET_ZONE;
        assert!(qr.svg.contains(&format!("viewBox=\"0 0 {side} {side}\"")));
        let grid = drawn(&qr.svg, side);
        // The quiet zone is light all round.
        let in_quiet_zone = |r: usize, c: usize| {
            let edge = |i: usize| i < QUIET_ZONE || i >= side - QUIET_ZONE;
            edge(r) || edge(c)
        };
        let dark_in_zone = (0..side * side)
            .filter(|i| in_quiet_zone(i / side, i % side) && grid[i / side][i % side])
            .count();
        assert_eq!(dark_in_zone, 0);
        // The three finder patterns (a dark 7 × 7 ring, a light ring, a dark 3 × 3 centre)
        // at the top-left, top-right and bottom-left corners.
        let finder = |r: usize, c: usize| {
            for dy in 0..7 {
                for dx in 0..7 {
                    let ring = dy.min(dx).min(6 - dy).min(6 - dx);
                    let dark = ring != 1;
                    assert_eq!(
                        grid[r + dy][c + dx],
                        dark,
                        "finder at ({r}, {c}) + ({dy}, {dx})"
                    );
                }
            }
        };
        let far = QUIET_ZONE + qr.modules - 7;
        finder(QUIET_ZONE, QUIET_ZONE);
        finder(QUIET_ZONE, far);
        finder(far, QUIET_ZONE);
        // The timing pattern: row 6 alternates dark and light between the finders.
        for x in 8..qr.modules - 8 {
            assert_eq!(grid[QUIET_ZONE + 6][QUIET_ZONE + x], x % 2 == 0);
        }
    }

    #[test]
    fn the_printed_side_grows_with_the_code_within_bounds() {
        let small = link_qr("https://ex.org", "x").unwrap();
        assert_eq!(small.side_mm, 30.0);
        let mid = link_qr(&"a".repeat(600), "x").unwrap();
        let side = (mid.modules + 8) as f64 * 0.5;
        assert!(side > 30.0 && side < 90.0);
        assert_eq!(mid.side_mm, side);
        let big = link_qr(&"a".repeat(2900), "x").unwrap();
        assert_eq!(big.side_mm, 90.0);
        assert!(big.svg.contains("width=\"90mm\" height=\"90mm\""));
    }

    #[test]
    fn the_label_is_escaped() {
        let qr = link_qr("x", "a \"b\" <c> & d").unwrap();
        assert!(
            qr.svg
                .contains("aria-label=\"a &quot;b&quot; &lt;c&gt; &amp; d\"")
        );
    }

    #[test]
    fn the_block_escapes_the_link_and_holds_its_code() {
        let html = link_block_html("http://h/#a=<b>&c=\"d\"");
        assert!(html.contains(
            "data-testid=\"print-link-url\">http://h/#a=&lt;b&gt;&amp;c=&quot;d&quot;</p>"
        ));
        assert_eq!(html.matches("<svg ").count(), 1);
        assert!(html.contains(&format!("aria-label=\"{}\"", escape(QR_LABEL))));
        assert!(!html.contains("print-qr-too-long"));
    }

    #[test]
    fn a_block_too_long_for_a_code_says_so() {
        let link = format!("http://h/#{}", "a".repeat(3000));
        let html = link_block_html(&link);
        assert!(!html.contains("<svg"));
        assert!(
            html.contains(
                "data-testid=\"print-qr-too-long\">This link is too long for a QR code (3"
            )
        );
        assert!(html.contains(&link));
    }
}
