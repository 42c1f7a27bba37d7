//! Test helpers: the texts of an SVG that plotters drew, each with its colour and the box it
//! takes on the page's canvas — where plotters draws text 1.24 × the SVG's `font-size` (the
//! SVG backend divides the size by 1.24, the canvas backend does not), so the boxes are those
//! of the larger, on-screen text.

use plotters::style::RGBColor;

/// Width of a character, in ems: a generous bound for sans-serif text (Arial's lower case
/// averages 0.5 em; "always cat" is 0.47 em a character).
pub const CHAR_EM: f64 = 0.6;

/// One `<text>` of an SVG.
#[derive(Debug, Clone, PartialEq)]
pub struct SvgText {
    /// The text, unescaped.
    pub text: String,
    /// Box: left, top, right, bottom, in pixels.
    pub bbox: (f64, f64, f64, f64),
    /// Its fill.
    pub fill: RGBColor,
    /// Its opacity.
    pub opacity: f64,
    /// Its `text-anchor`: "start", "middle" or "end".
    pub anchor: String,
    /// Whether it is turned a quarter (an axis title of a y axis).
    pub rotated: bool,
}

impl SvgText {
    /// Whether the boxes of `self` and `other` intersect.
    pub fn overlaps(&self, other: &SvgText) -> bool {
        let (a, b) = (self.bbox, other.bbox);
        a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
    }

    /// Whether the box lies inside `width × height`.
    pub fn inside(&self, (width, height): (f64, f64)) -> bool {
        let b = self.bbox;
        b.0 >= 0.0 && b.1 >= 0.0 && b.2 <= width && b.3 <= height
    }

    /// Whether the text reads as a number (a tick label).
    pub fn is_number(&self) -> bool {
        ulab_core::text::parse_number(&self.text.replace('\u{2212}', "-")).is_some()
    }
}

fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

fn num(tag: &str, name: &str) -> f64 {
    attr(tag, name).and_then(|v| v.parse().ok()).unwrap_or(0.0)
}

fn hex(v: &str) -> RGBColor {
    let c = |k: usize| u8::from_str_radix(v.get(1 + 2 * k..3 + 2 * k).unwrap_or("0"), 16).unwrap();
    RGBColor(c(0), c(1), c(2))
}

/// The SVG's size, from its root element.
pub fn svg_size(svg: &str) -> (f64, f64) {
    let head = &svg[..svg.find('>').unwrap_or(svg.len())];
    (num(head, "width"), num(head, "height"))
}

/// Every `<text>` of `svg`, with its on-screen box.
pub fn texts(svg: &str) -> Vec<SvgText> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find("<text ") {
        rest = &rest[at..];
        let open_end = rest.find('>').unwrap();
        let tag = &rest[..open_end];
        let close = rest.find("</text>").unwrap();
        let text = rest[open_end + 1..close]
            .trim()
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&apos;", "'")
            .replace("&amp;", "&");
        rest = &rest[close..];
        let (x, y) = (num(tag, "x"), num(tag, "y"));
        let size = num(tag, "font-size") * 1.24;
        let w = text.chars().count() as f64 * CHAR_EM * size;
        let anchor = attr(tag, "text-anchor").unwrap_or("start").to_string();
        let (u0, u1) = match anchor.as_str() {
            "end" => (-w, 0.0),
            "middle" => (-w / 2.0, w / 2.0),
            _ => (0.0, w),
        };
        let (v0, v1) = match attr(tag, "dy") {
            Some("0.76em") => (0.0, size),
            Some("-0.5ex") => (-size, 0.0),
            _ => (-size / 2.0, size / 2.0),
        };
        // Turned a quarter anticlockwise (`rotate(270, x, y)`): local (u, v) is (x + v, y − u).
        let bbox = match attr(tag, "transform") {
            Some(t) if t.starts_with("rotate(270") => (x + v0, y - u1, x + v1, y - u0),
            Some(t) if t.starts_with("rotate(90") => (x - v1, y + u0, x - v0, y + u1),
            _ => (x + u0, y + v0, x + u1, y + v1),
        };
        out.push(SvgText {
            text,
            bbox,
            fill: attr(tag, "fill").map(hex).unwrap_or(RGBColor(0, 0, 0)),
            opacity: attr(tag, "opacity")
                .and_then(|v| v.parse().ok())
                .unwrap_or(1.0),
            anchor,
            rotated: attr(tag, "transform").is_some(),
        });
    }
    out
}

/// The pairs of texts whose boxes intersect, as text.
pub fn overlapping(texts: &[SvgText]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, a) in texts.iter().enumerate() {
        for b in &texts[i + 1..] {
            if a.overlaps(b) {
                out.push(format!(
                    "{:?} {:?} ~ {:?} {:?}",
                    a.text, a.bbox, b.text, b.bbox
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_plotters_text() {
        let svg = r##"<svg width="300" height="200" viewBox="0 0 300 200" xmlns="http://www.w3.org/2000/svg">
<text x="100" y="50" dy="0.76em" text-anchor="middle" font-family="sans-serif" font-size="10" opacity="1" fill="#1C1E24">
a &amp; b
</text>
<text x="20" y="100" dy="0.5ex" text-anchor="middle" font-family="sans-serif" font-size="10" opacity="0.5" fill="#FFFFFF" transform="rotate(270, 20, 100)">
y
</text>
</svg>"##;
        assert_eq!(svg_size(svg), (300.0, 200.0));
        let t = texts(svg);
        assert_eq!(t[0].text, "a & b");
        assert_eq!(t[0].fill, RGBColor(0x1C, 0x1E, 0x24));
        let w = 5.0 * CHAR_EM * 12.4;
        assert_eq!(t[0].bbox, (100.0 - w / 2.0, 50.0, 100.0 + w / 2.0, 62.4));
        // Rotated: tall and narrow, centred on (20, 100).
        let b = t[1].bbox;
        assert!((b.2 - b.0 - 12.4).abs() < 1e-9 && (b.3 - b.1 - CHAR_EM * 12.4).abs() < 1e-9);
        assert_eq!(t[1].opacity, 0.5);
        assert!(!t[0].overlaps(&t[1]) && t[0].inside((300.0, 200.0)));
    }
}
