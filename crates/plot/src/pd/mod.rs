//! Plots of the Preference-driven measure view (Kozak et al. 2022): the heatmaps of p-d over
//! (κ₀, κ₁) per classifier (figs 2–5) with a shared colour scale, the map of which classifier
//! ranks first, and the histograms of p-d over a grid of κ vectors (fig. 7).
//!
//! Each is a [`Plot`](super::Plot) (canvas, PNG and SVG export, native tests). The heatmaps
//! are laid out in CSS pixels by a pure function ([`grid_layout`]) shared by the drawing and
//! the hit test ([`heatmap::HeatmapPlot::kappa_at`]), so that a pointer position maps to the
//! cell drawn under it. The κ marker is drawn by its own function
//! ([`heatmap::draw_markers`]) so that the page can put it on a canvas over the heatmaps and
//! redraw only the marker while a κ slider moves (the grids do not change with κ).
//!
//! The colour scale is viridis (perceptually uniform, readable by colour-blind readers, and
//! dark-to-bright in both themes); the marker is a white disc ringed in black, visible on every
//! colour of the scale and on both backgrounds.

pub mod heatmap;
pub mod histogram;
pub mod winners;

use super::Theme;
use plotters::prelude::*;

/// Viridis at nine equally spaced points (van der Walt & Smith, matplotlib), interpolated
/// linearly by [`scale_colour`].
const VIRIDIS: [(u8, u8, u8); 9] = [
    (68, 1, 84),
    (71, 44, 122),
    (59, 81, 139),
    (44, 113, 142),
    (33, 144, 141),
    (39, 173, 129),
    (92, 200, 99),
    (170, 220, 50),
    (253, 231, 37),
];

/// The colour of `t ∈ [0, 1]` on the scale (clamped; NaN → the low end): linear interpolation
/// between the nine viridis anchors.
///
/// # Examples
///
/// ```
/// use plotters::style::RGBColor;
/// use ulab_plot::pd::scale_colour;
/// assert_eq!(scale_colour(0.0), RGBColor(68, 1, 84));
/// assert_eq!(scale_colour(1.0), RGBColor(253, 231, 37));
/// assert_eq!(scale_colour(0.5), RGBColor(33, 144, 141));
/// ```
pub fn scale_colour(t: f64) -> RGBColor {
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let x = t * (VIRIDIS.len() - 1) as f64;
    let k = (x.floor() as usize).min(VIRIDIS.len() - 2);
    let f = x - k as f64;
    let (a, b) = (VIRIDIS[k], VIRIDIS[k + 1]);
    let mix = |p: u8, q: u8| (p as f64 + (q as f64 - p as f64) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// A colour scale from `lo` to `hi` (widened to at least 0.02 around the middle, so a constant
/// heatmap still has a scale).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ColourScale {
    /// Value at the low end.
    pub lo: f64,
    /// Value at the high end.
    pub hi: f64,
}

impl ColourScale {
    /// The scale of values in `[lo, hi]`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::pd::ColourScale;
    /// let s = ColourScale::new(1.0, 1.0);
    /// assert!(s.hi - s.lo >= 0.02 - 1e-12);
    /// assert!((ColourScale::new(0.2, 0.8).t(0.5) - 0.5).abs() < 1e-12);
    /// ```
    pub fn new(lo: f64, hi: f64) -> ColourScale {
        let (lo, hi) = if lo.is_finite() && hi.is_finite() && lo <= hi {
            (lo, hi)
        } else {
            (0.0, 1.0)
        };
        if hi - lo < 0.02 {
            let mid = 0.5 * (lo + hi);
            ColourScale {
                lo: mid - 0.01,
                hi: mid + 0.01,
            }
        } else {
            ColourScale { lo, hi }
        }
    }

    /// The position of `v` on the scale, `(v − lo)/(hi − lo)`.
    pub fn t(&self, v: f64) -> f64 {
        (v - self.lo) / (self.hi - self.lo)
    }

    /// The colour of `v`.
    pub fn colour(&self, v: f64) -> RGBColor {
        scale_colour(self.t(v))
    }
}

/// A rectangle in CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left.
    pub x: f64,
    /// Top.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// Whether `(x, y)` is inside (edges included): `x ≤ px ≤ x + w`, `y ≤ py ≤ y + h`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::pd::Rect;
    /// let r = Rect { x: 10.0, y: 20.0, w: 100.0, h: 50.0 };
    /// assert!(r.contains(110.0, 70.0) && !r.contains(9.9, 30.0));
    /// assert_eq!(r.scaled(2.0), (20, 40, 220, 140));
    /// ```
    pub fn contains(&self, x: f64, y: f64) -> bool {
        x >= self.x && x <= self.x + self.w && y >= self.y && y <= self.y + self.h
    }

    /// In device pixels: `(x0, y0, x1, y1)` scaled by `scale` and rounded.
    pub fn scaled(&self, scale: f64) -> (i32, i32, i32, i32) {
        (
            (self.x * scale).round() as i32,
            (self.y * scale).round() as i32,
            ((self.x + self.w) * scale).round() as i32,
            ((self.y + self.h) * scale).round() as i32,
        )
    }
}

/// Space around each square panel, in CSS pixels.
pub const TITLE_H: f64 = 24.0;
/// Left of the square: tick labels and the y-axis title.
pub const LEFT_W: f64 = 44.0;
/// Under the square: tick labels and the x-axis title.
pub const BOTTOM_H: f64 = 38.0;
/// Right of the square.
pub const RIGHT_W: f64 = 12.0;
/// The largest square side.
pub const MAX_SIDE: f64 = 420.0;
/// The narrowest panel (columns are as many as fit).
pub const MIN_PANEL_W: f64 = 250.0;

/// The squares of `panels` panels in a plot `width` CSS pixels wide, in rows of as many columns
/// as fit ([`MIN_PANEL_W`] each), starting `top` pixels down; and the total height they take.
///
/// # Examples
///
/// ```
/// use ulab_plot::pd::grid_layout;
/// let (squares, h) = grid_layout(1280.0, 6, 0.0); // 5 columns of 256 px
/// assert_eq!(squares.len(), 6);
/// assert!(squares[1].x > squares[0].x && squares[5].y > squares[0].y); // 2 rows
/// let (narrow, _) = grid_layout(375.0, 2, 0.0);
/// assert!(narrow[1].y > narrow[0].y); // stacked
/// assert!(h > 0.0);
/// ```
pub fn grid_layout(width: f64, panels: usize, top: f64) -> (Vec<Rect>, f64) {
    let panels = panels.max(1);
    let width = if width.is_finite() {
        width.max(120.0)
    } else {
        375.0
    };
    let cols = ((width / MIN_PANEL_W).floor() as usize).clamp(1, panels);
    let rows = panels.div_ceil(cols);
    let col_w = width / cols as f64;
    let side = (col_w - LEFT_W - RIGHT_W).clamp(40.0, MAX_SIDE);
    let block_h = TITLE_H + side + BOTTOM_H;
    let squares = (0..panels)
        .map(|p| {
            let (r, c) = (p / cols, p % cols);
            let used = LEFT_W + side + RIGHT_W;
            Rect {
                x: c as f64 * col_w + (col_w - used).max(0.0) / 2.0 + LEFT_W,
                y: top + r as f64 * block_h + TITLE_H,
                w: side,
                h: side,
            }
        })
        .collect();
    (squares, rows as f64 * block_h)
}

/// The short form of a name for a panel title or legend (at most `max` characters).
fn short(name: &str, max: usize) -> String {
    ulab_core::text::truncate(name, max.saturating_sub(1).max(1))
}

/// The marker's ring and disc (the same in both themes).
const MARKER_RING: RGBColor = RGBColor(0, 0, 0);
const MARKER_FILL: RGBColor = RGBColor(255, 255, 255);

fn font(theme: &Theme, size: f64) -> TextStyle<'static> {
    theme.font(size)
}
