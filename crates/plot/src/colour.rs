//! Legible colours: the WCAG 2.1 contrast ratio, and a theme's way of darkening (light page) or
//! lightening (dark page) a colour until it stands out from the plot's background — 4.5:1 for
//! text, 3:1 for marks (lines, bars, points), the ratios WCAG 2.1 asks of text (1.4.3) and of
//! graphical objects (1.4.11).

use super::Theme;
use plotters::style::RGBColor;

/// The contrast text needs against its background (WCAG 2.1, 1.4.3, AA).
pub const TEXT_CONTRAST: f64 = 4.5;
/// The contrast marks need against their background (WCAG 2.1, 1.4.11).
pub const MARK_CONTRAST: f64 = 3.0;

/// The relative luminance of an sRGB colour (WCAG 2.1):
/// `L = 0.2126 R + 0.7152 G + 0.0722 B`, each channel `c = v/255` linearized as `c/12.92` if
/// `c ≤ 0.04045`, else `((c + 0.055)/1.055)^2.4`.
///
/// ```
/// use plotters::style::RGBColor;
/// use ulab_plot::colour::luminance;
/// assert_eq!(luminance(RGBColor(0, 0, 0)), 0.0);
/// assert!((luminance(RGBColor(255, 255, 255)) - 1.0).abs() < 1e-12);
/// ```
pub fn luminance(c: RGBColor) -> f64 {
    let lin = |v: u8| {
        let c = f64::from(v) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
}

/// The contrast ratio of two colours (WCAG 2.1): `(L₁ + 0.05) / (L₂ + 0.05)`, `L₁` the
/// lighter's luminance; from 1 (the same) to 21 (black on white).
///
/// ```
/// use plotters::style::RGBColor;
/// use ulab_plot::colour::contrast;
/// assert!((contrast(RGBColor(0, 0, 0), RGBColor(255, 255, 255)) - 21.0).abs() < 1e-9);
/// // The palette's blue on white: 5.2:1.
/// assert!((contrast(RGBColor(0, 114, 178), RGBColor(255, 255, 255)) - 5.19).abs() < 0.01);
/// ```
pub fn contrast(a: RGBColor, b: RGBColor) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `c` laid over `bg` with opacity `a` (0 to 1), as the opaque colour one sees.
///
/// ```
/// use plotters::style::RGBColor;
/// use ulab_plot::colour::over;
/// assert_eq!(over(RGBColor(255, 0, 0), RGBColor(255, 255, 255), 0.5), RGBColor(255, 128, 128));
/// ```
pub fn over(c: RGBColor, bg: RGBColor, a: f64) -> RGBColor {
    let m = |x: u8, y: u8| {
        (f64::from(y) + a.clamp(0.0, 1.0) * (f64::from(x) - f64::from(y)))
            .round()
            .clamp(0.0, 255.0) as u8
    };
    RGBColor(m(c.0, bg.0), m(c.1, bg.1), m(c.2, bg.2))
}

impl Theme {
    /// `c`, blended towards the text colour in steps of 5 % until its contrast against the
    /// background reaches `ratio` (unchanged when it already does): darker on a light page,
    /// lighter on a dark one, its hue kept as far as the contrast allows.
    pub fn legible(&self, c: RGBColor, ratio: f64) -> RGBColor {
        let (bg, fg) = (self.bg(), self.fg());
        (0..=20)
            .map(|k| over(fg, c, f64::from(k) / 20.0))
            .find(|m| contrast(*m, bg) >= ratio)
            .unwrap_or(fg)
    }

    /// `c` as a mark (line, bar, point): at least 3:1 against the background.
    pub fn mark(&self, c: RGBColor) -> RGBColor {
        self.legible(c, MARK_CONTRAST)
    }

    /// `c` as text: at least 4.5:1 against the background.
    pub fn text(&self, c: RGBColor) -> RGBColor {
        self.legible(c, TEXT_CONTRAST)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contrast_matches_published_ratios() {
        // WebAIM's contrast checker: #777777 on white is 4.48:1, #767676 4.54:1.
        let white = RGBColor(255, 255, 255);
        assert!((contrast(RGBColor(0x77, 0x77, 0x77), white) - 4.48).abs() < 0.01);
        assert!((contrast(RGBColor(0x76, 0x76, 0x76), white) - 4.54).abs() < 0.01);
        assert_eq!(contrast(white, white), 1.0);
    }

    #[test]
    fn legible_reaches_the_ratio_and_keeps_colours_that_already_do() {
        for dark in [false, true] {
            let t = Theme { dark, scale: 1.0 };
            for c in [
                RGBColor(240, 228, 66),
                RGBColor(0, 114, 178),
                RGBColor(128, 128, 128),
                t.bg(),
            ] {
                for ratio in [MARK_CONTRAST, TEXT_CONTRAST] {
                    let m = t.legible(c, ratio);
                    assert!(contrast(m, t.bg()) >= ratio, "{c:?} {dark}");
                    if contrast(c, t.bg()) >= ratio {
                        assert_eq!(m, c);
                    }
                }
            }
        }
    }
}
