//! The heatmaps of p-d over (κ₀, κ₁) ∈ [0, 1]², one panel per classifier (Kozak et al. 2022,
//! figs 2–5), on one colour scale with its legend, each with the κ in force marked.
//!
//! Axes: κ of class 0 to the right, κ of class 1 upwards; cell `(i, j)` of
//! [`Heatmaps::grids`] is centred on `(i/N, j/N)`, so the axes run from `−1/2N` to `1 + 1/2N`.
//! Cells smaller than [`MIN_CELL_PX`] device pixels, or more than [`MAX_BLOCKS`] per side, are
//! drawn in blocks of several (the colour of the block's first cell; p-d is affine in κ, so
//! nothing finer than a smooth gradient is lost), which bounds the drawing to `MAX_BLOCKS²`
//! rectangles per panel whatever the step: a κ slider redraws only the marker layer
//! ([`draw_markers`], microseconds); a matrix edit redraws the panels.

use super::{ColourScale, MARKER_FILL, MARKER_RING, Rect, font, grid_layout, short};
use crate::{DrawResult, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use ulab_core::pd::heatmaps::Heatmaps;
use ulab_core::text::axis_label;

/// Cells are drawn at least this many device pixels wide.
pub const MIN_CELL_PX: f64 = 3.0;

/// The most blocks drawn per side of a panel.
pub const MAX_BLOCKS: usize = 64;

/// Height of the colour legend under the panels, CSS pixels.
pub const LEGEND_H: f64 = 56.0;

/// The data of the heatmap panels.
#[derive(Debug, Clone, PartialEq)]
pub struct HeatmapPlot {
    /// The grids ([`Heatmaps::compute`], or the state's bounded builder).
    pub heatmaps: Heatmaps,
    /// The names of the two classes (axis titles).
    pub classes: [String; 2],
    /// The κ in force for each classifier (marked), if any.
    pub markers: Vec<Option<[f64; 2]>>,
}

/// Where a pointer is over the heatmaps: the panel and κ.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pointer {
    /// The panel (classifier) index.
    pub panel: usize,
    /// κ of class 0.
    pub kappa0: f64,
    /// κ of class 1.
    pub kappa1: f64,
}

/// The square of a panel mapped to κ: `κ = −h + (pixel offset / side)·(1 + 2h)`, `h = 1/2N`.
pub(crate) fn to_kappa(sq: &Rect, divisions: usize, x: f64, y: f64) -> (f64, f64) {
    let h = 0.5 / divisions.max(1) as f64;
    let span = 1.0 + 2.0 * h;
    (
        -h + (x - sq.x) / sq.w * span,
        -h + (sq.y + sq.h - y) / sq.h * span,
    )
}

/// κ to CSS pixels in a panel's square (inverse of [`to_kappa`]).
fn to_px(sq: &Rect, divisions: usize, k0: f64, k1: f64) -> (f64, f64) {
    let h = 0.5 / divisions.max(1) as f64;
    let span = 1.0 + 2.0 * h;
    (
        sq.x + (k0 + h) / span * sq.w,
        sq.y + sq.h - (k1 + h) / span * sq.h,
    )
}

impl HeatmapPlot {
    /// The panels' squares and the legend's band for a plot `width` CSS pixels wide.
    pub fn layout(&self, width: f64) -> (Vec<Rect>, Rect) {
        let (squares, h) = grid_layout(width, self.heatmaps.grids.len(), 0.0);
        let legend = Rect {
            x: 0.0,
            y: h,
            w: width,
            h: LEGEND_H,
        };
        (squares, legend)
    }

    /// The hit test: the panel and κ under the CSS pixel `(x, y)` of a plot `width` pixels
    /// wide, or `None` off the squares. Pass κ to [`Heatmaps::cell_at`] for the values.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::pd::heatmap::HeatmapPlot;
    /// use ulab_core::{examples::factory_classifiers, pd::heatmaps::Heatmaps};
    /// let heatmaps = |n| Heatmaps::compute(&factory_classifiers(), n);
    /// let plot = HeatmapPlot { heatmaps: heatmaps(10).unwrap(), classes: ["long".into(), "short".into()], markers: vec![] };
    /// let (squares, _) = plot.layout(800.0);
    /// let sq = squares[1];
    /// let p = plot.kappa_at(800.0, sq.x + 1.0, sq.y + sq.h - 1.0).unwrap(); // bottom left
    /// assert_eq!(p.panel, 1);
    /// assert_eq!(plot.heatmaps.cell_at(p.kappa0, p.kappa1).unwrap().kappa, [0.0, 0.0]);
    /// assert!(plot.kappa_at(800.0, 0.0, 0.0).is_none());
    /// ```
    pub fn kappa_at(&self, width: f64, x: f64, y: f64) -> Option<Pointer> {
        let (squares, _) = self.layout(width);
        let panel = squares.iter().position(|s| s.contains(x, y))?;
        let (kappa0, kappa1) = to_kappa(&squares[panel], self.heatmaps.divisions, x, y);
        Some(Pointer {
            panel,
            kappa0,
            kappa1,
        })
    }
}

impl crate::Plot for HeatmapPlot {
    crate::draw_on_with!(draw_heatmaps, draw_markers);

    fn height_for(&self, width: u32) -> u32 {
        let (_, legend) = self.layout(width as f64);
        (legend.y + legend.h).ceil() as u32
    }

    fn table(&self) -> crate::PlotTable {
        let h = &self.heatmaps;
        let [k0, k1] = self.classes.clone().map(|c| format!("κ of {c}"));
        let mut headers = vec![k0.as_str(), &k1];
        headers.extend(h.names.iter().map(String::as_str));
        headers.push("ranked first");
        let mut t = crate::PlotTable::new("p-d of each classifier at each κ of the grid", &headers);
        t.rows = ulab_core::pd::rows::heatmap_rows(h, crate::table::cell);
        let marks: Vec<String> = h
            .names
            .iter()
            .zip(&self.markers)
            .filter_map(|(n, m)| m.map(|k| format!("{n} at {}", crate::table::pair(k[0], k[1]))))
            .collect();
        let t = t.capped();
        if marks.is_empty() {
            t
        } else {
            t.note(format!("Marked, the κ in force: {}.", marks.join(", ")))
        }
    }
}

/// Draws the panels (background, cells, axes, titles) and the colour legend — everything but
/// the κ markers.
///
/// # Examples
///
/// ```
/// use ulab_plot::{render_svg, Plot, Theme, pd::heatmap::{draw_heatmaps, HeatmapPlot}};
/// use ulab_core::{examples::factory_classifiers, pd::heatmaps::Heatmaps};
/// let heatmaps = |n| Heatmaps::compute(&factory_classifiers(), n);
/// let plot = HeatmapPlot { heatmaps: heatmaps(10).unwrap(), classes: ["long".into(), "short".into()], markers: vec![Some([0.5, 0.5]); 2] };
/// let svg = plot.to_svg(800, false).unwrap();
/// assert!(svg.contains(">\nA\n<") && svg.contains("κ of long"));
/// assert!(svg.matches("<rect").count() >= 2 * 121);
/// ```
pub fn draw_heatmaps<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &HeatmapPlot,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let width = theme.css_width(root);
    let (squares, legend) = plot.layout(width);
    let h = &plot.heatmaps;
    let (lo, hi) = h.value_range();
    let scale = ColourScale::new(lo, hi);
    for (m, sq) in squares.iter().enumerate() {
        let Some(grid) = h.grids.get(m) else { break };
        let name = h.names.get(m).map(String::as_str).unwrap_or("");
        draw_cells(
            root,
            sq,
            h.divisions,
            |i, j| scale.colour(grid[i][j]),
            theme,
        )?;
        draw_frame(root, sq, h.divisions, &plot.classes, theme)?;
        let s = theme.scale;
        root.draw(&Text::new(
            short(name, 40),
            ((sq.x * s) as i32, ((sq.y - 6.0) * s) as i32),
            font(theme, 13.0).pos(Pos::new(HPos::Left, VPos::Bottom)),
        ))?;
    }
    draw_legend(root, &legend, &scale, theme)
}

/// Fills a panel's square cell by cell: `colour(i, j)` for the cell centred on `(i/N, j/N)`,
/// in blocks when cells are smaller than [`MIN_CELL_PX`].
pub(crate) fn draw_cells<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    sq: &Rect,
    divisions: usize,
    colour: impl Fn(usize, usize) -> RGBColor,
    theme: &Theme,
) -> DrawResult<DB> {
    let side = divisions + 1;
    let cell_px = sq.w * theme.scale / side as f64;
    let stride = ((MIN_CELL_PX / cell_px.max(1e-9)).ceil() as usize)
        .max(side.div_ceil(MAX_BLOCKS))
        .clamp(1, side);
    let s = theme.scale;
    let edge = |k: usize| k as f64 / side as f64;
    let mut i = 0;
    while i < side {
        let i1 = (i + stride).min(side);
        let mut j = 0;
        while j < side {
            let j1 = (j + stride).min(side);
            let x0 = ((sq.x + edge(i) * sq.w) * s).round() as i32;
            let x1 = ((sq.x + edge(i1) * sq.w) * s).round() as i32;
            let y1 = ((sq.y + sq.h - edge(j) * sq.h) * s).round() as i32;
            let y0 = ((sq.y + sq.h - edge(j1) * sq.h) * s).round() as i32;
            root.draw(&Rectangle::new([(x0, y0), (x1, y1)], colour(i, j).filled()))?;
            j = j1;
        }
        i = i1;
    }
    Ok(())
}

/// The square's outline, ticks at 0, 0.2, …, 1 and the axis titles "κ of <class>".
pub(crate) fn draw_frame<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    sq: &Rect,
    divisions: usize,
    classes: &[String; 2],
    theme: &Theme,
) -> DrawResult<DB> {
    let s = theme.scale;
    let (x0, y0, x1, y1) = sq.scaled(s);
    root.draw(&Rectangle::new(
        [(x0, y0), (x1, y1)],
        theme.muted().stroke_width(theme.px(1.0)),
    ))?;
    let tick = theme.px(4.0) as i32;
    for k in 0..=5 {
        let v = k as f64 / 5.0;
        let (px, py) = to_px(sq, divisions, v, v);
        let (px, py) = ((px * s).round() as i32, (py * s).round() as i32);
        root.draw(&PathElement::new(
            vec![(px, y1), (px, y1 + tick)],
            theme.muted().stroke_width(theme.px(1.0)),
        ))?;
        root.draw(&Text::new(
            axis_label(v),
            (px, y1 + tick + theme.px(2.0) as i32),
            font(theme, 10.0).pos(Pos::new(HPos::Center, VPos::Top)),
        ))?;
        root.draw(&PathElement::new(
            vec![(x0 - tick, py), (x0, py)],
            theme.muted().stroke_width(theme.px(1.0)),
        ))?;
        root.draw(&Text::new(
            axis_label(v),
            (x0 - tick - theme.px(2.0) as i32, py),
            font(theme, 10.0).pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
    }
    root.draw(&Text::new(
        format!("κ of {} →", short(&classes[0], 24)),
        ((x0 + x1) / 2, y1 + theme.px(19.0) as i32),
        theme
            .muted_font(11.0)
            .pos(Pos::new(HPos::Center, VPos::Top)),
    ))?;
    root.draw(&Text::new(
        format!("κ of {} ↑", short(&classes[1], 24)),
        (x0 - theme.px(30.0) as i32, (y0 + y1) / 2),
        theme
            .muted_font(11.0)
            .transform(FontTransform::Rotate270)
            .pos(Pos::new(HPos::Center, VPos::Center)),
    ))?;
    Ok(())
}

/// The colour legend: a horizontal bar from `lo` to `hi` with five labels.
fn draw_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    band: &Rect,
    scale: &ColourScale,
    theme: &Theme,
) -> DrawResult<DB> {
    let s = theme.scale;
    let w = (band.w - 2.0 * LEFT_PAD).clamp(60.0, 360.0);
    let bar = Rect {
        x: band.x + (band.w - w) / 2.0,
        y: band.y + 20.0,
        w,
        h: 12.0,
    };
    root.draw(&Text::new(
        "p-d",
        (((bar.x - 8.0) * s) as i32, ((bar.y + 6.0) * s) as i32),
        font(theme, 11.0).pos(Pos::new(HPos::Right, VPos::Center)),
    ))?;
    let steps = (w * s).round().max(1.0) as usize / 2;
    for k in 0..steps {
        let t0 = k as f64 / steps as f64;
        let t1 = (k + 1) as f64 / steps as f64;
        let x0 = ((bar.x + t0 * bar.w) * s).round() as i32;
        let x1 = ((bar.x + t1 * bar.w) * s).round() as i32;
        root.draw(&Rectangle::new(
            [(x0, (bar.y * s) as i32), (x1, ((bar.y + bar.h) * s) as i32)],
            super::scale_colour((t0 + t1) / 2.0).filled(),
        ))?;
    }
    for k in 0..=4 {
        let t = k as f64 / 4.0;
        let v = scale.lo + t * (scale.hi - scale.lo);
        let x = ((bar.x + t * bar.w) * s).round() as i32;
        root.draw(&Text::new(
            ulab_core::text::fixed(v, 3),
            (x, ((bar.y + bar.h + 3.0) * s) as i32),
            font(theme, 10.0).pos(Pos::new(HPos::Center, VPos::Top)),
        ))?;
    }
    Ok(())
}

/// Padding of the legend bar from the plot's sides.
const LEFT_PAD: f64 = 40.0;

/// Draws the κ markers only (transparent elsewhere): a white disc ringed in black at each
/// panel's κ in force. For an overlay canvas redrawn while a κ slider moves.
///
/// # Examples
///
/// ```
/// use ulab_plot::{render_svg, Theme, pd::heatmap::{draw_markers, HeatmapPlot}};
/// use ulab_core::{examples::factory_classifiers, pd::heatmaps::Heatmaps};
/// let heatmaps = |n| Heatmaps::compute(&factory_classifiers(), n);
/// let plot = HeatmapPlot { heatmaps: heatmaps(10).unwrap(), classes: ["0".into(), "1".into()], markers: vec![Some([0.2, 0.7]), None] };
/// let svg = render_svg(800, 400, |r| draw_markers(r, &plot, &Theme::default()).map_err(|e| e.to_string())).unwrap();
/// assert_eq!(svg.matches("<circle").count(), 2); // ring and disc, one panel
/// ```
pub fn draw_markers<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &HeatmapPlot,
    theme: &Theme,
) -> DrawResult<DB> {
    let width = theme.css_width(root);
    let (squares, _) = plot.layout(width);
    for (sq, marker) in squares.iter().zip(&plot.markers) {
        if let Some([k0, k1]) = marker {
            marker_at(root, sq, plot.heatmaps.divisions, *k0, *k1, theme)?;
        }
    }
    Ok(())
}

/// One marker at κ in a panel's square (nothing for a κ outside `[0, 1]²` or NaN).
pub(crate) fn marker_at<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    sq: &Rect,
    divisions: usize,
    k0: f64,
    k1: f64,
    theme: &Theme,
) -> DrawResult<DB> {
    if !((0.0..=1.0).contains(&k0) && (0.0..=1.0).contains(&k1)) {
        return Ok(());
    }
    let (x, y) = to_px(sq, divisions, k0, k1);
    let c = (
        (x * theme.scale).round() as i32,
        (y * theme.scale).round() as i32,
    );
    root.draw(&Circle::new(c, theme.px(7.0), MARKER_RING.filled()))?;
    root.draw(&Circle::new(c, theme.px(4.5), MARKER_FILL.filled()))?;
    Ok(())
}
