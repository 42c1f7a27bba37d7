//! The ROC & thresholds view's plots (Dyrland et al. 2022, §5, fig. 8):
//!
//! * [`RocChart`]: each classifier's ROC curve (an empirical curve as its polyline of points —
//!   steps, and diagonals for tied scores — with its convex hull dashed; a binormal curve
//!   smooth), the family of iso-utility lines (thin, muted) and each classifier's tangent one
//!   (in its colour, the best's thickest), each optimal point marked with its threshold and
//!   yield, and a legend with the AUCs;
//! * [`threshold::ThresholdChart`]: the yield against the threshold, one panel per classifier,
//!   with the optimum marked.
//!
//! The data come from `state::roc::charts`; colours from [`Theme`].
//!
//! (Over 500 lines: the ROC picture and the yield-by-threshold plot share one frame and
//! legend; the plotting area and its inverse map are already in frame.rs. The picture's table
//! is in its `Plot` impl.)

mod frame;
pub mod threshold;

use super::{DrawResult, Theme};
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A segment `((f, t), (f, t))` in ROC space.
pub type Segment = ((f64, f64), (f64, f64));

/// A marked point with its label.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    /// x (FPR, or a threshold).
    pub x: f64,
    /// y (TPR, or a yield).
    pub y: f64,
    /// E.g. "thr 0.43, yield 2.13".
    pub label: String,
}

/// One classifier in the ROC picture.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RocSeries {
    /// Its name.
    pub name: String,
    /// Its palette index ([`Theme::series`]).
    pub colour: usize,
    /// The curve's points `(f, t)` from (0, 0) to (1, 1).
    pub points: Vec<(f64, f64)>,
    /// A model curve (binormal), drawn smooth and without its hull.
    pub smooth: bool,
    /// The hull's vertices (dashed); empty: none drawn.
    pub hull: Vec<(f64, f64)>,
    /// The legend's text after the name, e.g. "AUC 0.910 · best yield 2.134".
    pub legend: String,
    /// Whether it is (one of) the best.
    pub best: bool,
    /// The optimal operating point.
    pub optimum: Option<Marker>,
    /// Its iso-utility line through the optimum.
    pub tangent: Option<Segment>,
}

/// The ROC picture.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RocChart {
    /// The classifiers.
    pub series: Vec<RocSeries>,
    /// The family of iso-utility lines.
    pub family: Vec<Segment>,
    /// A note in the top-left corner, e.g. "iso-utility lines: slope 0.25".
    pub note: String,
    /// The operating point the user picked (drawn as a ring), `(f, t)`.
    pub picked: Option<(f64, f64)>,
}

/// The height of a legend entry (two lines), CSS pixels.
const LEGEND_ENTRY: f64 = 36.0;

/// From this width on the legend stands beside the square plot.
const SIDE_LEGEND_MIN_WIDTH: u32 = 640;

impl RocChart {
    fn legend_width(width: u32) -> u32 {
        (width as f64 * 0.32).clamp(200.0, 320.0) as u32
    }

    /// The side of the square plot for a chart `width` wide.
    fn side(&self, width: u32) -> u32 {
        if width >= SIDE_LEGEND_MIN_WIDTH {
            (width - Self::legend_width(width)).min(640)
        } else {
            width
        }
    }

    fn legend_height(&self) -> u32 {
        (12.0 + LEGEND_ENTRY * self.series.len().max(1) as f64) as u32
    }
}

impl super::Plot for RocChart {
    crate::draw_on_with!(draw);

    fn height_for(&self, width: u32) -> u32 {
        let side = self.side(width);
        if width >= SIDE_LEGEND_MIN_WIDTH {
            side.max(self.legend_height())
        } else {
            side + self.legend_height()
        }
    }

    fn table(&self) -> super::PlotTable {
        use super::table::pair;
        let mut t = super::PlotTable::new(
            "Each ROC curve and its best operating point",
            &[
                "classifier",
                "points",
                "summary",
                "best point (FPR, TPR)",
                "there",
            ],
        );
        for s in &self.series {
            let best = if s.best { " (best)" } else { "" };
            let (at, there) = s
                .optimum
                .as_ref()
                .map_or_else(Default::default, |o| (pair(o.x, o.y), o.label.clone()));
            t = t.row(vec![
                format!("{}{best}", s.name),
                s.points.len().to_string(),
                s.legend.clone(),
                at,
                there,
            ]);
        }
        let t = t.note(ulab_core::text::capitalize(&self.note) + ".");
        match self.picked {
            Some((f, tp)) => t.note(format!("Picked point: {}.", pair(f, tp))),
            None => t,
        }
    }

    fn summary(&self) -> String {
        let each = self.series.iter().map(|s| {
            let best = if s.best { ", best" } else { "" };
            format!("{}: {}{best}", s.name, s.legend)
        });
        each.collect::<Vec<_>>().join("; ")
    }
}

/// A label's box in pixels, `(x0, y0, x1, y1)`.
type LabelBox = (i32, i32, i32, i32);

fn overlaps(a: &LabelBox, b: &LabelBox) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// Places a label of `chars` characters (font `size`, times `scale`) next to the point
/// `(px, py)`: the first of sixteen positions around it (right-below, right-above, left-below,
/// left-above, then each farther up or down by a line) whose box stays inside `bounds` and
/// overlaps no box in `taken`. Returns the text anchor (its alignment) and the box, or `None`
/// when every position collides.
///
/// # Examples
///
/// ```
/// use ulab_plot::roc::place_label;
/// let first = place_label((100, 100), 10, 11.0, 1.0, (0, 0, 400, 400), &[]).unwrap();
/// let second = place_label((100, 100), 10, 11.0, 1.0, (0, 0, 400, 400), &[first.1]).unwrap();
/// assert_ne!(first.1, second.1);
/// assert!(place_label((100, 100), 10, 11.0, 1.0, (0, 0, 50, 50), &[]).is_none());
/// ```
#[allow(clippy::type_complexity)]
pub fn place_label(
    (px, py): (i32, i32),
    chars: usize,
    size: f64,
    scale: f64,
    bounds: LabelBox,
    taken: &[LabelBox],
) -> Option<((i32, i32, HPos, VPos), LabelBox)> {
    let w = (chars as f64 * size * 0.56 * scale).ceil() as i32;
    let h = (size * 1.3 * scale).ceil() as i32;
    let gap = (6.0 * scale) as i32;
    (0..4)
        .flat_map(|k| [(1, 1), (1, -1), (-1, 1), (-1, -1)].map(|(sx, sy)| (k, sx, sy)))
        .find_map(|(k, sx, sy)| {
            let x = px + sx * gap;
            let y = py + sy * (gap + k * h);
            let (hp, x0) = if sx > 0 {
                (HPos::Left, x)
            } else {
                (HPos::Right, x - w)
            };
            let (vp, y0) = if sy > 0 {
                (VPos::Top, y)
            } else {
                (VPos::Bottom, y - h)
            };
            let b = (x0, y0, x0 + w, y0 + h);
            let inside = b.0 >= bounds.0 && b.1 >= bounds.1 && b.2 <= bounds.2 && b.3 <= bounds.3;
            (inside && !taken.iter().any(|t| overlaps(t, &b))).then_some(((x, y, hp, vp), b))
        })
}

/// The colour of a curve's text: its series colour, darkened on a light page or lightened on
/// a dark one until it reads at 4.5:1 against the background ([`Theme::series_text`]).
///
/// # Examples
///
/// ```
/// use ulab_plot::{colour::contrast, roc::text_colour, Theme};
/// let light = Theme::default();
/// assert!(contrast(text_colour(&light, 7), light.bg()) >= 4.5); // the palette's yellow
/// ```
pub fn text_colour(theme: &Theme, series: usize) -> RGBColor {
    theme.series_text(series)
}

/// Draws a label placed by [`place_label`] for the point `at` on a box of the background
/// colour (legible over lines), in `colour`; with a thin leader line to the point when the
/// label had to move away from it (more than 14 px from its box).
///
/// # Examples
///
/// ```
/// use ulab_plot::{render_svg, roc::{draw_label, place_label, text_colour}, Theme};
/// let theme = Theme::default();
/// let svg = render_svg(200, 100, |root| {
///     let placed = place_label((20, 20), 7, 11.0, 1.0, (0, 0, 200, 100), &[]).unwrap();
///     draw_label(root, "thr 0.5", (20, 20), placed, text_colour(&theme, 0), &theme)
///         .map_err(|e| e.to_string())
/// }).unwrap();
/// assert!(svg.contains("thr 0.5"));
/// ```
pub fn draw_label<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    at: (i32, i32),
    ((x, y, hp, vp), b): ((i32, i32, HPos, VPos), LabelBox),
    colour: RGBColor,
    theme: &Theme,
) -> DrawResult<DB> {
    let pad = theme.px(1.5) as i32;
    let near = (at.0.max(b.0).min(b.2), at.1.max(b.1).min(b.3));
    if (near.0 - at.0).abs() + (near.1 - at.1).abs() > theme.px(14.0) as i32 {
        area.draw(&PathElement::new(
            vec![at, near],
            colour.mix(0.7).stroke_width(theme.px(1.0)),
        ))?;
    }
    area.draw(&Rectangle::new(
        [(b.0 - pad, b.1), (b.2 + pad, b.3)],
        theme.bg().mix(0.85).filled(),
    ))?;
    area.draw(&Text::new(
        text.to_string(),
        (x, y),
        ("sans-serif", 11.0 * theme.scale)
            .into_font()
            .color(&colour)
            .pos(Pos::new(hp, vp)),
    ))?;
    Ok(())
}

/// Draws the ROC picture.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, roc::{Marker, RocChart, RocSeries}};
/// let chart = RocChart {
///     series: vec![RocSeries {
///         name: "A".into(),
///         points: vec![(0.0, 0.0), (0.2, 0.7), (1.0, 1.0)],
///         hull: vec![(0.0, 0.0), (0.2, 0.7), (1.0, 1.0)],
///         legend: "AUC 0.750".into(),
///         best: true,
///         optimum: Some(Marker { x: 0.2, y: 0.7, label: "thr 0.5, yield 0.75".into() }),
///         tangent: Some(((0.0, 0.5), (1.0, 1.5))),
///         ..Default::default()
///     }],
///     family: vec![((0.0, 0.2), (0.8, 1.0))],
///     note: "iso-utility lines: slope 1".into(),
///     picked: Some((0.5, 1.0)),
/// };
/// let svg = chart.to_svg(700, false).unwrap();
/// assert!(svg.contains("AUC 0.750") && svg.contains("thr 0.5, yield 0.75"));
/// ```
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &RocChart,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let (plot_area, legend_area) = split(root, chart, theme);
    let mut cc = chart_context(&plot_area, theme)?;
    theme
        .mesh(&mut cc, 11.0, 12.0)
        .x_labels(6)
        .y_labels(6)
        .x_desc("false-positive rate f")
        .y_desc("true-positive rate t")
        .draw()?;
    // Chance.
    cc.draw_series(DashedLineSeries::new(
        vec![(0.0, 0.0), (1.0, 1.0)],
        theme.px(2.0),
        theme.px(4.0),
        theme.grid().stroke_width(theme.px(1.5)),
    ))?;
    // The iso-utility family.
    for &(a, b) in &chart.family {
        cc.draw_series(LineSeries::new(
            [a, b],
            theme.muted().mix(0.45).stroke_width(theme.px(1.0)),
        ))?;
    }
    // Hulls, then curves.
    for s in &chart.series {
        if s.smooth || s.hull.len() < 2 {
            continue;
        }
        cc.draw_series(DashedLineSeries::new(
            s.hull.iter().copied(),
            theme.px(5.0),
            theme.px(4.0),
            theme.series(s.colour).stroke_width(theme.px(1.5)),
        ))?;
    }
    for s in &chart.series {
        let width = if s.best { 2.8 } else { 2.0 };
        cc.draw_series(LineSeries::new(
            s.points
                .iter()
                .copied()
                .filter(|p| p.0.is_finite() && p.1.is_finite()),
            theme.series(s.colour).stroke_width(theme.px(width)),
        ))?;
    }
    // Tangents.
    for s in &chart.series {
        if let Some((a, b)) = s.tangent {
            let style =
                theme
                    .series(s.colour)
                    .stroke_width(theme.px(if s.best { 2.4 } else { 1.4 }));
            if s.best {
                cc.draw_series(LineSeries::new([a, b], style))?;
            } else {
                cc.draw_series(DashedLineSeries::new(
                    [a, b],
                    theme.px(8.0),
                    theme.px(4.0),
                    style,
                ))?;
            }
        }
    }
    draw_optima(&plot_area, &cc, chart, theme)?;
    if let Some(p) = chart.picked.filter(|p| p.0.is_finite() && p.1.is_finite()) {
        cc.draw_series(std::iter::once(Circle::new(
            p,
            theme.px(9.0),
            theme.fg().stroke_width(theme.px(2.0)),
        )))?;
    }
    draw_legend(&legend_area, chart, theme)
}

/// The chart's coordinates.
type Coords = Cartesian2d<RangedCoordf64, RangedCoordf64>;

/// The square plot's area and the legend's: beside it from [`SIDE_LEGEND_MIN_WIDTH`], under it
/// below.
fn split<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &RocChart,
    theme: &Theme,
) -> (DrawingArea<DB, Shift>, DrawingArea<DB, Shift>) {
    let (w, _) = root.dim_in_pixel();
    let css_w = (w as f64 / theme.scale).round() as u32;
    let side = theme.px(chart.side(css_w) as f64);
    if css_w >= SIDE_LEGEND_MIN_WIDTH {
        root.split_horizontally(side)
    } else {
        root.split_vertically(side)
    }
}

/// The unit square's coordinates on the plot's area: the margins and label areas of
/// [`frame`] (so that [`RocChart::frame`] is where it draws).
fn chart_context<'a, DB: DrawingBackend>(
    plot_area: &'a DrawingArea<DB, Shift>,
    theme: &Theme,
) -> Result<ChartContext<'a, DB, Coords>, DrawingAreaErrorKind<DB::ErrorType>> {
    ChartBuilder::on(plot_area)
        .margin(theme.px(frame::MARGIN))
        .margin_left(theme.px(frame::MARGIN_LEFT))
        .x_label_area_size(theme.px(frame::X_LABELS))
        .y_label_area_size(theme.px(frame::Y_LABELS))
        .build_cartesian_2d(
            frame::RANGE.0..frame::RANGE.1,
            frame::RANGE.0..frame::RANGE.1,
        )
}

/// The optimal points, their labels (placed so as not to overlap) and the note.
fn draw_optima<DB: DrawingBackend>(
    plot_area: &DrawingArea<DB, Shift>,
    cc: &ChartContext<'_, DB, Coords>,
    chart: &RocChart,
    theme: &Theme,
) -> DrawResult<DB> {
    let (x0, y0) = cc.backend_coord(&(0.0, 1.0));
    let (x1, y1) = cc.backend_coord(&(1.0, 0.0));
    let base = plot_area.get_base_pixel();
    let bounds = (x0 - base.0, y0 - base.1, x1 - base.0, y1 - base.1);
    let markers: Vec<(usize, &Marker)> = chart
        .series
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.optimum.as_ref().map(|m| (i, m)))
        .filter(|(_, m)| m.x.is_finite() && m.y.is_finite())
        .collect();
    // Marker circles are taken space for the labels.
    let mut taken: Vec<LabelBox> = markers
        .iter()
        .map(|(_, m)| {
            let (px, py) = cc.backend_coord(&(m.x, m.y));
            let r = theme.px(5.0) as i32;
            (
                px - base.0 - r,
                py - base.1 - r,
                px - base.0 + r,
                py - base.1 + r,
            )
        })
        .collect();
    if !chart.note.is_empty() {
        let (x, y) = (
            bounds.0 + theme.px(6.0) as i32,
            bounds.1 + theme.px(6.0) as i32,
        );
        let w = (chart.note.chars().count() as f64 * 11.0 * 0.56 * theme.scale) as i32;
        let b = (x - 2, y - 1, x + w, y + theme.px(14.0) as i32);
        plot_area.draw(&Rectangle::new(
            [(b.0, b.1), (b.2, b.3)],
            theme.bg().mix(0.85).filled(),
        ))?;
        plot_area.draw(&Text::new(
            chart.note.clone(),
            (x, y),
            theme.muted_font(11.0).pos(Pos::new(HPos::Left, VPos::Top)),
        ))?;
        taken.push(b);
    }
    // The best first: their labels get the first choice of place.
    let (best, rest): (Vec<_>, Vec<_>) = markers.iter().partition(|(i, _)| chart.series[*i].best);
    for &(i, m) in &markers {
        let s = &chart.series[i];
        let r = theme.px(if s.best { 6.0 } else { 5.0 });
        let (px, py) = cc.backend_coord(&(m.x, m.y));
        let at = (px - base.0, py - base.1);
        plot_area.draw(&Circle::new(at, r + theme.px(1.5), theme.bg().filled()))?;
        plot_area.draw(&Circle::new(at, r, theme.series(s.colour).filled()))?;
    }
    for &(i, m) in best.into_iter().chain(rest) {
        let (px, py) = cc.backend_coord(&(m.x, m.y));
        let at = (px - base.0, py - base.1);
        let chars = m.label.chars().count();
        if let Some(placed) = place_label(at, chars, 11.0, theme.scale, bounds, &taken) {
            taken.push(placed.1);
            let colour = text_colour(theme, chart.series[i].colour);
            draw_label(plot_area, &m.label, at, placed, colour, theme)?;
        }
    }
    Ok(())
}

/// The legend, one entry of two lines per classifier: a line sample and the name (with
/// "(best)"), then the entry's text (AUC, best yield) in a smaller font.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &RocChart,
    theme: &Theme,
) -> DrawResult<DB> {
    if chart.series.is_empty() {
        area.draw(&Text::new(
            "No curve yet",
            (theme.px(12.0) as i32, theme.px(20.0) as i32),
            theme.muted_font(13.0),
        ))?;
        return Ok(());
    }
    let (aw, _) = area.dim_in_pixel();
    let max_chars = ((aw as f64 / theme.scale - 52.0) / 7.0).max(6.0) as usize;
    for (k, s) in chart.series.iter().enumerate() {
        let y = theme.px(16.0 + LEGEND_ENTRY * k as f64) as i32;
        let x = theme.px(10.0) as i32;
        let c = theme.series(s.colour);
        area.draw(&PathElement::new(
            vec![(x, y), (x + theme.px(22.0) as i32, y)],
            c.stroke_width(theme.px(if s.best { 3.0 } else { 2.0 })),
        ))?;
        let best = if s.best { " (best)" } else { "" };
        let name = ulab_core::text::truncate(&s.name, max_chars.saturating_sub(best.len()).max(4));
        let tx = x + theme.px(30.0) as i32;
        area.draw(&Text::new(
            format!("{name}{best}"),
            (tx, y),
            theme.font(12.5).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
        area.draw(&Text::new(
            s.legend.clone(),
            (tx, y + theme.px(15.0) as i32),
            theme
                .muted_font(11.0)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
}
