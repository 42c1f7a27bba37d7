//! The Decide view's plots: the expected utility of each decision ([`UtilityBars`]), the lines
//! `Ū_d(p₀)` with their flip points for two classes ([`ThresholdPlot`]), the probability triangle
//! coloured by optimal decision for three classes ([`SimplexPlot`]), and a label-only
//! classifier's `p(class | output)` with the decision for each output ([`PosteriorPlot`]).
//!
//! Decision `d` has the colour [`Theme::series`]`(d)` in every one of them. The data are plain
//! (names and numbers); `state::decide::view` builds them from the view's analysis.

mod bars;
mod lines;
mod posterior;
mod simplex;

pub use bars::UtilityBars;
pub use lines::ThresholdPlot;
pub use posterior::PosteriorPlot;
pub use simplex::{SimplexFrame, SimplexPlot, SimplexRegion};

use super::Theme;
use plotters::style::RGBColor;

/// `c` blended into the background: `t = 1` is `c`, `t = 0` the background (opaque, so that
/// overlapping shapes do not darken).
pub(crate) fn blend(c: RGBColor, theme: &Theme, t: f64) -> RGBColor {
    let bg = theme.bg();
    let m = |a: u8, b: u8| (f64::from(a) * t + f64::from(b) * (1.0 - t)).round() as u8;
    RGBColor(m(c.0, bg.0), m(c.1, bg.1), m(c.2, bg.2))
}

/// Black or white, whichever reads better on `c`.
pub(crate) fn ink_on(c: RGBColor) -> RGBColor {
    let luma = 0.299 * f64::from(c.0) + 0.587 * f64::from(c.1) + 0.114 * f64::from(c.2);
    if luma > 150.0 {
        RGBColor(20, 22, 28)
    } else {
        RGBColor(245, 246, 248)
    }
}

/// `s` cut to `max` characters with `…`.
pub(crate) fn short(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        crate::text::truncate(s, max.saturating_sub(1).max(1))
    }
}
