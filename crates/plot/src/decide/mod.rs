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
use super::colour::{contrast, over};
use plotters::style::RGBColor;

/// `c` blended into the background: `t = 1` is `c`, `t = 0` the background (opaque, so that
/// overlapping shapes do not darken).
pub(crate) fn blend(c: RGBColor, theme: &Theme, t: f64) -> RGBColor {
    over(c, theme.bg(), t)
}

/// Near-black or near-white, whichever contrasts more with `c` (WCAG ratio).
pub(crate) fn ink_on(c: RGBColor) -> RGBColor {
    let (black, white) = (RGBColor(20, 22, 28), RGBColor(245, 246, 248));
    if contrast(black, c) >= contrast(white, c) {
        black
    } else {
        white
    }
}

/// `s` cut to `max` characters with `…`.
pub(crate) fn short(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        ulab_core::text::truncate(s, max.saturating_sub(1).max(1))
    }
}

/// Twelve more colours after the theme's eight (from Kelly's colours of maximum contrast).
const MORE: [RGBColor; 12] = [
    RGBColor(128, 62, 117),
    RGBColor(193, 0, 32),
    RGBColor(206, 162, 98),
    RGBColor(0, 125, 52),
    RGBColor(246, 118, 142),
    RGBColor(0, 83, 138),
    RGBColor(83, 55, 122),
    RGBColor(179, 40, 81),
    RGBColor(147, 170, 0),
    RGBColor(127, 24, 13),
    RGBColor(89, 51, 21),
    RGBColor(166, 189, 215),
];

/// The colour of decision `d`, the same in every plot of the view: the theme's eight series
/// colours, then twelve more, so that up to 20 decisions all differ (then it cycles).
///
/// # Examples
///
/// ```
/// use ulab_plot::{decide::decision_colour, Theme};
/// let t = Theme::default();
/// assert_eq!(decision_colour(&t, 1), t.series(1));
/// let all: Vec<_> = (0..20).map(|d| decision_colour(&t, d)).collect();
/// assert!((0..20).all(|a| (0..a).all(|b| all[a] != all[b])));
/// assert_eq!(decision_colour(&t, 20), all[0]);
/// ```
pub fn decision_colour(theme: &Theme, d: usize) -> RGBColor {
    let k = d % 20;
    if k < 8 {
        theme.series(k)
    } else {
        theme.mark(MORE[k - 8])
    }
}
