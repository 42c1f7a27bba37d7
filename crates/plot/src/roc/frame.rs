//! Where the ROC picture puts the unit square, in CSS pixels of its canvas, and the way back
//! from a click: [`RocChart::frame`] is the plotting area [`super::draw`] builds (from the same
//! margins, [`MARGIN`], [`MARGIN_LEFT`], [`X_LABELS`], [`Y_LABELS`], and data range [`RANGE`]),
//! [`RocChart::pick`] the point of a curve under a click.

use super::RocChart;
use crate::space::frame::Frame;
use ulab_core::space::polygon::project_on_segment;

/// Margin above, right of and under the plotting area (CSS px; under: below the x labels).
pub(super) const MARGIN: f64 = 10.0;
/// Margin left of the y labels.
pub(super) const MARGIN_LEFT: f64 = 4.0;
/// Room for the x axis's labels and title.
pub(super) const X_LABELS: f64 = 40.0;
/// Room for the y axis's labels and title.
pub(super) const Y_LABELS: f64 = 46.0;
/// The data shown on both axes: the unit square and a margin for the markers.
pub(super) const RANGE: (f64, f64) = (-0.01, 1.01);

/// How far outside the plotting area a click still counts (CSS px).
const SLACK: f64 = 8.0;

impl RocChart {
    /// The plotting area of the chart on a canvas `width` CSS px wide: the square of side
    /// `side(width)` (beside the legend from 640 px, above it below), less the margins and the
    /// axes' labels, showing [`RANGE`] on both axes — from its first pixel to its last (as
    /// plotters maps a range), so one pixel less wide and high than the area.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::roc::RocChart;
    /// let f = RocChart::default().frame(375.0);
    /// assert_eq!((f.left, f.top, f.width, f.height), (50.0, 10.0, 314.0, 314.0));
    /// let (x, y) = f.to_px((0.0, 1.0));
    /// assert!((x - (50.0 + 0.01 / 1.02 * 314.0)).abs() < 1e-9 && y > 10.0);
    /// ```
    pub fn frame(&self, width: f64) -> Frame {
        let w = if width.is_finite() {
            width.round().clamp(0.0, u32::MAX as f64) as u32
        } else {
            0
        };
        let side = self.side(w) as f64;
        Frame {
            left: MARGIN_LEFT + Y_LABELS,
            top: MARGIN,
            width: (side - MARGIN_LEFT - Y_LABELS - MARGIN - 1.0).max(1.0),
            height: (side - 2.0 * MARGIN - X_LABELS - 1.0).max(1.0),
            x_range: RANGE,
            y_range: RANGE,
        }
    }

    /// The ROC point `(f, t)` under pixel `q` of a canvas `width` CSS px wide, kept in the
    /// unit square; `None` when `q` is not on the plotting area (give or take 8 px).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::roc::RocChart;
    /// let chart = RocChart::default();
    /// let f = chart.frame(1280.0);
    /// let (x, y) = chart.roc_at(1280.0, f.to_px((0.25, 0.75))).unwrap();
    /// assert!((x - 0.25).abs() < 1e-12 && (y - 0.75).abs() < 1e-12);
    /// assert_eq!(chart.roc_at(1280.0, f.to_px((-0.02, 1.0))), Some((0.0, 1.0)));
    /// assert_eq!(chart.roc_at(1280.0, (1200.0, 100.0)), None); // the legend
    /// ```
    pub fn roc_at(&self, width: f64, q: (f64, f64)) -> Option<(f64, f64)> {
        let f = self.frame(width);
        if !(q.0.is_finite() && q.1.is_finite() && f.contains_px(q, SLACK)) {
            return None;
        }
        let (x, y) = f.from_px(q);
        Some((x.clamp(0.0, 1.0), y.clamp(0.0, 1.0)))
    }

    /// The point nearest `at` of the curve nearest `at`: the series whose polyline (the
    /// segments between its points, as drawn) passes closest, then its point closest to `at`
    /// (Euclidean distance in ROC units); as (series, index in its points). `None` without a
    /// finite point.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::roc::{RocChart, RocSeries};
    /// let series = |points: Vec<(f64, f64)>| RocSeries { points, ..Default::default() };
    /// let chart = RocChart {
    ///     series: vec![
    ///         series(vec![(0.0, 0.0), (0.0, 0.9), (1.0, 1.0)]),
    ///         series(vec![(0.0, 0.0), (0.3, 0.6), (0.6, 0.7), (1.0, 1.0)]),
    ///     ],
    ///     ..Default::default()
    /// };
    /// assert_eq!(chart.nearest((0.35, 0.62)), Some((1, 1)));
    /// // Nearer the first curve's long segment than any point of the second: the first curve,
    /// // at its nearer end of that segment.
    /// assert_eq!(chart.nearest((0.8, 0.99)), Some((0, 2)));
    /// ```
    pub fn nearest(&self, at: (f64, f64)) -> Option<(usize, usize)> {
        let d2 = |p: (f64, f64)| (p.0 - at.0).powi(2) + (p.1 - at.1).powi(2);
        let finite = |p: &(f64, f64)| p.0.is_finite() && p.1.is_finite();
        let to_curve = |points: &[(f64, f64)]| -> f64 {
            let pts: Vec<(f64, f64)> = points.iter().copied().filter(finite).collect();
            let vertex = pts.iter().map(|&p| d2(p)).fold(f64::INFINITY, f64::min);
            pts.windows(2)
                .map(|w| d2(project_on_segment(at, w[0], w[1])))
                .fold(vertex, f64::min)
        };
        let (series, _) = self
            .series
            .iter()
            .enumerate()
            .map(|(i, s)| (i, to_curve(&s.points)))
            .filter(|(_, d)| d.is_finite())
            .min_by(|a, b| a.1.total_cmp(&b.1))?;
        let index = self.series[series]
            .points
            .iter()
            .enumerate()
            .filter(|(_, p)| finite(p))
            .min_by(|a, b| d2(*a.1).total_cmp(&d2(*b.1)))?
            .0;
        Some((series, index))
    }

    /// The point picked by a click at pixel `q` of a canvas `width` CSS px wide:
    /// [`RocChart::nearest`] of [`RocChart::roc_at`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::roc::{RocChart, RocSeries};
    /// let chart = RocChart {
    ///     series: vec![RocSeries { points: vec![(0.0, 0.0), (0.2, 0.8), (1.0, 1.0)], ..Default::default() }],
    ///     ..Default::default()
    /// };
    /// let q = chart.frame(375.0).to_px((0.22, 0.75));
    /// assert_eq!(chart.pick(375.0, q), Some((0, 1)));
    /// ```
    pub fn pick(&self, width: f64, q: (f64, f64)) -> Option<(usize, usize)> {
        self.nearest(self.roc_at(width, q)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Plot, Theme};
    use plotters::prelude::*;

    /// The chart context [`super::super::draw`] builds maps the unit square's corners to the
    /// frame's pixels (within a CSS pixel: plotters rounds down to whole device pixels), at
    /// 375 to 1280 px, at scales 1 to 2.
    #[test]
    fn the_frame_is_where_the_plot_draws() {
        for (width, scale) in [(375u32, 1.0), (1280, 1.0), (375, 2.0), (700, 1.5)] {
            let chart = RocChart::default();
            let theme = Theme { dark: false, scale };
            let (w, h) = (
                (width as f64 * scale).round() as u32,
                (chart.height_for(width) as f64 * scale).round() as u32,
            );
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
                let (plot_area, _) = super::super::split(&root, &chart, &theme);
                let cc = super::super::chart_context(&plot_area, &theme).unwrap();
                let frame = chart.frame(width as f64).scaled(scale);
                for p in [(0.0, 0.0), (1.0, 1.0), (0.3, 0.8)] {
                    let (x, y) = cc.backend_coord(&p);
                    let (fx, fy) = frame.to_px(p);
                    assert!(
                        (x as f64 - fx).abs() <= scale && (y as f64 - fy).abs() <= scale,
                        "{width} px × {scale}: {p:?} drawn at ({x}, {y}), frame ({fx}, {fy})"
                    );
                }
            }
        }
    }
}
