//! The yield against the threshold, one panel per classifier (each has its own threshold
//! scale: probabilities, logits, or a binormal curve's latent threshold), all on the same yield
//! scale, with the optimum marked and the trivial classifiers ("never class 0", "always
//! class 0") as dashed reference lines.
//!
//! An empirical curve's yield is a step function of the threshold: the rule "class 0 iff
//! score ≥ s" gives, for every `s` between two consecutive scores, the output at the upper
//! one; it is drawn as such (a step at each point). A binormal curve's is smooth.

use super::super::reliability::{grid_columns, grid_layout};
use super::super::{DrawResult, Theme};
use super::{Marker, draw_label, place_label, text_colour};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One classifier's panel.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ThresholdPanel {
    /// The classifier's name (the panel's title).
    pub name: String,
    /// Its palette index.
    pub colour: usize,
    /// The x axis' title ("threshold (score)", "latent threshold").
    pub x_title: String,
    /// `(threshold, yield)` in any order of threshold; non-finite points are skipped.
    pub points: Vec<(f64, f64)>,
    /// Smooth (binormal) rather than steps.
    pub smooth: bool,
    /// The optimum; an infinite threshold is drawn at the edge of the panel.
    pub optimum: Option<Marker>,
    /// Whether the classifier is (one of) the best.
    pub best: bool,
}

/// The yield-against-threshold chart.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ThresholdChart {
    /// One panel per classifier.
    pub panels: Vec<ThresholdPanel>,
    /// Reference yields, e.g. ("never class 0", 0.5).
    pub references: Vec<(String, f64)>,
    /// The y axis' title.
    pub y_title: String,
}

/// The narrowest panel, CSS pixels.
const PANEL_MIN_WIDTH: u32 = 360;

impl ThresholdChart {
    fn panel_height(width: u32, cols: usize) -> u32 {
        ((width / cols.max(1) as u32) as f64 * 0.5).clamp(170.0, 260.0) as u32
    }
}

impl super::super::Plot for ThresholdChart {
    crate::draw_on_with!(draw);

    fn height_for(&self, width: u32) -> u32 {
        let n = self.panels.len();
        let (rows, cols) = grid_layout(width, n, n, PANEL_MIN_WIDTH);
        rows as u32 * Self::panel_height(width, cols)
    }

    fn table(&self) -> crate::PlotTable {
        use crate::table::span;
        let mut t = crate::PlotTable::new(
            format!(
                "{} against the threshold: range and optimum",
                ulab_core::text::capitalize(&self.y_title)
            ),
            &["classifier", "thresholds", &self.y_title, "optimum"],
        );
        for p in &self.panels {
            let best = if p.best { " (best)" } else { "" };
            let ys: Vec<f64> = p.points.iter().map(|q| q.1).collect();
            let optimum = p
                .optimum
                .as_ref()
                .map(|o| o.label.clone())
                .unwrap_or_default();
            t = t.row(vec![
                format!("{}{best}", p.name),
                p.points.len().to_string(),
                span(&ys),
                optimum,
            ]);
        }
        t.note(crate::table::references_note(&self.references))
    }
}

/// The finite range of `values`, widened when degenerate, with `pad` of the span on each side.
fn range(values: impl Iterator<Item = f64>, pad: f64) -> (f64, f64) {
    let (lo, hi) = values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    if !(lo <= hi) {
        return (0.0, 1.0);
    }
    let span = if hi > lo {
        hi - lo
    } else {
        lo.abs().max(1.0) * 0.5
    };
    (lo - pad * span, hi + pad * span)
}

/// Draws the chart.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, roc::{Marker, threshold::{ThresholdChart, ThresholdPanel}}};
/// let chart = ThresholdChart {
///     panels: vec![ThresholdPanel {
///         name: "A".into(),
///         x_title: "threshold (score)".into(),
///         points: vec![(0.9, 0.6), (0.5, 0.8), (0.1, 0.5)],
///         optimum: Some(Marker { x: 0.5, y: 0.8, label: "best 0.8 at 0.5".into() }),
///         ..Default::default()
///     }],
///     references: vec![("never class 0".into(), 0.5)],
///     y_title: "yield per item".into(),
/// };
/// let svg = chart.to_svg(500, true).unwrap();
/// assert!(svg.contains("best 0.8 at 0.5") && svg.contains("never class 0"));
/// ```
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &ThresholdChart,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    if chart.panels.is_empty() {
        root.draw(&Text::new(
            "No curve yet",
            (theme.px(12.0) as i32, theme.px(20.0) as i32),
            theme.muted_font(14.0),
        ))?;
        return Ok(());
    }
    let (w, _) = root.dim_in_pixel();
    let css_w = (w as f64 / theme.scale).round() as u32;
    let n = chart.panels.len();
    let cols = grid_columns(css_w, n, PANEL_MIN_WIDTH);
    let rows = n.div_ceil(cols);
    let areas = root.split_evenly((rows, cols));
    let (y0, y1) = range(
        chart
            .panels
            .iter()
            .flat_map(|p| p.points.iter().map(|q| q.1))
            .chain(chart.references.iter().map(|r| r.1)),
        0.08,
    );
    // Room above the highest yield for the optimum's label.
    let ys = (y0, y1 + 0.12 * (y1 - y0));
    for (area, panel) in areas.iter().zip(&chart.panels) {
        draw_panel(area, panel, chart, ys, theme)?;
    }
    Ok(())
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &ThresholdPanel,
    chart: &ThresholdChart,
    (y0, y1): (f64, f64),
    theme: &Theme,
) -> DrawResult<DB> {
    let mut pts: Vec<(f64, f64)> = panel
        .points
        .iter()
        .copied()
        .filter(|p| p.0.is_finite() && p.1.is_finite())
        .collect();
    ulab_core::order::sort_by_number(&mut pts, |p| p.0, false);
    let (x0, x1) = range(pts.iter().map(|p| p.0), 0.04);
    let colour = theme.series(panel.colour);
    let title = if panel.best {
        format!("{} (best)", panel.name)
    } else {
        panel.name.clone()
    };
    let mut cc = ChartBuilder::on(area)
        .caption(title, theme.font(13.0))
        .margin(theme.px(6.0))
        .margin_right(theme.px(12.0))
        .x_label_area_size(theme.px(36.0))
        .y_label_area_size(theme.px(46.0))
        .build_cartesian_2d(x0..x1, y0..y1)?;
    theme
        .mesh(&mut cc, 10.0, 11.0)
        .x_labels(5)
        .y_labels(5)
        .x_desc(panel.x_title.as_str())
        .y_desc(chart.y_title.as_str())
        .draw()?;
    let (_, top) = cc.backend_coord(&(x0, y1));
    let base = area.get_base_pixel();
    for (label, v) in &chart.references {
        if !v.is_finite() {
            continue;
        }
        cc.draw_series(DashedLineSeries::new(
            vec![(x0, *v), (x1, *v)],
            theme.px(5.0),
            theme.px(4.0),
            theme.muted().stroke_width(theme.px(1.2)),
        ))?;
        // The label above the line, or below it when the line is at the top.
        let (px, py) = cc.backend_coord(&(x0, *v));
        let (dy, vp) = if py - top > theme.px(12.0) as i32 {
            (-(theme.px(2.0) as i32), VPos::Bottom)
        } else {
            (theme.px(3.0) as i32, VPos::Top)
        };
        area.draw(&Text::new(
            label.clone(),
            (px - base.0 + theme.px(4.0) as i32, py - base.1 + dy),
            theme.muted_font(10.0).pos(Pos::new(HPos::Left, vp)),
        ))?;
    }
    let line: Vec<(f64, f64)> = if panel.smooth {
        pts.clone()
    } else {
        // The yield at threshold s is that of the lowest point ≥ s: steps that are flat to the
        // left of each point.
        let mut v = Vec::with_capacity(2 * pts.len());
        for (k, p) in pts.iter().enumerate() {
            let left = if k == 0 { x0 } else { pts[k - 1].0 };
            v.push((left, p.1));
            v.push(*p);
        }
        // Above the highest score nothing is class 0: the point at +∞.
        let never = panel
            .points
            .iter()
            .find(|p| p.0 == f64::INFINITY && p.1.is_finite());
        if let (Some(last), Some(inf)) = (pts.last(), never) {
            v.push((last.0, inf.1));
            v.push((x1, inf.1));
        }
        v
    };
    cc.draw_series(LineSeries::new(
        line,
        colour.stroke_width(theme.px(if panel.best { 2.4 } else { 1.8 })),
    ))?;
    if let Some(m) = &panel.optimum
        && m.y.is_finite()
        && !m.x.is_nan()
    {
        let x = m.x.clamp(x0, x1);
        let r = theme.px(5.0);
        cc.draw_series([
            Circle::new((x, m.y), r + theme.px(1.5), theme.bg().filled()),
            Circle::new((x, m.y), r, colour.filled()),
        ])?;
        let (px, py) = cc.backend_coord(&(x, m.y));
        let (bx0, by0) = cc.backend_coord(&(x0, y1));
        let (bx1, by1) = cc.backend_coord(&(x1, y0));
        let bounds = (bx0 - base.0, by0 - base.1, bx1 - base.0, by1 - base.1);
        let at = (px - base.0, py - base.1);
        let chars = m.label.chars().count();
        // Above the optimum first (the curve falls away on both sides below it).
        let below = (bounds.0, at.1 + 1, bounds.2, bounds.3);
        let placed = place_label(at, chars, 11.0, theme.scale, bounds, &[below])
            .or_else(|| place_label(at, chars, 11.0, theme.scale, bounds, &[]));
        if let Some(placed) = placed {
            let c = text_colour(theme, panel.colour);
            draw_label(area, &m.label, at, placed, c, theme)?;
        }
    }
    Ok(())
}
