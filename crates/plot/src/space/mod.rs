//! The Utility space view's diagrams: fig. 1 of Dyrland et al. 2022 with the winner regions
//! ([`HexPlot`]) and, for more than two classes, a 2-D slice of the utility matrix
//! ([`SlicePlot`]). Both draw exact polygons (no grid of cells): a drawing is a few dozen
//! shapes whatever the size, crisp at any resolution.
//!
//! The data are plain (points in data coordinates, labels, colour slots); the Utility space
//! view's logic builds them (`state::space::plots`). Where things go is [`frame`]'s: the page
//! uses the same [`frame::Frame`] to turn a click or a drag into a point.

mod axes;
mod draw;
pub mod frame;

use super::mc_space::{Density, PointGroup};
use frame::{Frame, legend_layout, wrap};
use ulab_core::space::Point;

/// The colour of a region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Swatch {
    /// The theme's series colour `i` (a classifier's colour everywhere in the app).
    Series(usize),
    /// A grey, shade `i` (the trivial "always decide d" classifiers).
    Muted(usize),
}

/// One convex piece of a region.
#[derive(Debug, Clone, PartialEq)]
pub struct Fill {
    /// Its colour.
    pub swatch: Swatch,
    /// Its corners, data coordinates.
    pub polygon: Vec<Point>,
    /// Whether it belongs to the current point's region (drawn stronger).
    pub current: bool,
}

/// A straight piece of boundary.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Boundary {
    /// One end.
    pub from: Point,
    /// The other end.
    pub to: Point,
    /// Whether it borders the current point's region (drawn thicker).
    pub current: bool,
}

/// What a legend entry shows before its label.
#[derive(Debug, Clone, PartialEq)]
pub enum Key {
    /// A region's colour; `true` for the current point's region.
    Region(Swatch, bool),
    /// The current point.
    Current,
    /// A candidate of the cloud.
    Candidate,
    /// The mean of the cloud's points.
    Mean,
    /// The expected matrix.
    Expected,
    /// A group of the Monte Carlo's points (fig. 5).
    Group(PointGroup),
    /// A prior's density (fig. 4).
    Density,
}

/// A name written inside a region.
#[derive(Debug, Clone, PartialEq)]
pub struct RegionLabel {
    /// The label's centre, data coordinates (inside the region).
    pub at: Point,
    /// The name.
    pub text: String,
    /// The room around `at`: the distance to the region's nearest edge, data units (the label
    /// is drawn only if it fits in a circle of that radius, give or take).
    pub room: f64,
}

/// A legend entry.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendItem {
    /// Its key.
    pub key: Key,
    /// Its label.
    pub label: String,
}

/// The winner regions of a plane.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Regions {
    /// The regions' pieces.
    pub fills: Vec<Fill>,
    /// The boundaries between regions.
    pub boundaries: Vec<Boundary>,
    /// Names to write inside the regions (each drawn only where it fits).
    pub labels: Vec<RegionLabel>,
    /// The legend: one entry per region that exists, then the other marks.
    pub legend: Vec<LegendItem>,
    /// A line under the legend (e.g. who is never best), empty for none.
    pub footnote: String,
}

/// A cloud of uncertain utilities on the hexagon.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CloudMarks {
    /// The candidates' points.
    pub points: Vec<Point>,
    /// The probability-weighted mean of the points.
    pub mean: Option<Point>,
    /// The point of the expected matrix (eq. 18).
    pub expected: Option<Point>,
}

/// Fig. 1 as an instrument: the hexagon of binary utility matrices with the winner regions,
/// their boundaries, the admissible metrics' landmarks, the current point, and optionally a
/// cloud of uncertain utilities and fig. 4's density or fig. 5's error extents underneath.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct HexPlot {
    /// The regions.
    pub regions: Regions,
    /// Landmarks: point and short label ("accuracy", "TPR", "NB 0.2").
    pub landmarks: Vec<(Point, String)>,
    /// Net benefit's matrices as `p_t` varies (a polyline; empty for none).
    pub curve: Vec<Point>,
    /// The current utility matrix's point.
    pub current: Option<Point>,
    /// The cloud, if any.
    pub cloud: Option<CloudMarks>,
    /// Fig. 4's density, if shown.
    pub density: Option<Density>,
    /// Fig. 5's error extents, if shown.
    pub groups: Vec<PointGroup>,
}

/// A 2-D slice of a utility matrix (two entries varied, the others fixed) with the winner
/// regions.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SlicePlot {
    /// The regions.
    pub regions: Regions,
    /// The horizontal axis's title (the varied entry across).
    pub x_title: String,
    /// The vertical axis's title.
    pub y_title: String,
    /// The range across.
    pub x_range: (f64, f64),
    /// The range up.
    pub y_range: (f64, f64),
    /// The current matrix's point, if within the ranges.
    pub current: Option<Point>,
}

impl HexPlot {
    /// The frame of the hexagon for a canvas `width` CSS px wide (as the page computes it to
    /// hit-test the pointer).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::space::{frame::Frame, HexPlot};
    /// assert_eq!(HexPlot::default().frame(375.0), Frame::hexagon(375.0));
    /// ```
    pub fn frame(&self, width: f64) -> Frame {
        Frame::hexagon(width)
    }
}

impl SlicePlot {
    /// The frame of the slice for a canvas `width` CSS px wide.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::space::SlicePlot;
    /// let p = SlicePlot { x_range: (-500.0, 0.0), y_range: (-100.0, 100.0), ..SlicePlot::default() };
    /// let f = p.frame(375.0);
    /// assert_eq!(f.from_px(f.to_px((-250.0, 0.0))), (-250.0, 0.0));
    /// ```
    pub fn frame(&self, width: f64) -> Frame {
        Frame::square(width, self.x_range, self.y_range)
    }
}

/// The height that a diagram with `regions` and the frame of `width` needs: down to the
/// legend, the legend's rows, the footnote's lines, a margin.
fn height(frame: &Frame, regions: &Regions, width: f64) -> u32 {
    let labels: Vec<&str> = regions.legend.iter().map(|l| l.label.as_str()).collect();
    let (left, w) = legend_box(frame, width);
    let legend = legend_layout(&labels, left, frame.legend_top(), w);
    let notes = wrap(&regions.footnote, w).len() as f64;
    (frame.legend_top() + legend.height + 15.0 * notes + 8.0).ceil() as u32
}

/// The legend's left edge and width (CSS px): under the plot, from the axis labels' left
/// edge to the canvas's right margin (at most the plot's width plus the labels').
pub(crate) fn legend_box(frame: &Frame, width: f64) -> (f64, f64) {
    let left = (frame.left - 30.0).max(10.0);
    (
        left,
        (frame.width + 40.0).min(width - left - 10.0).max(60.0),
    )
}

impl super::Plot for HexPlot {
    crate::draw_on_with!(draw::hexagon);

    fn height_for(&self, width: u32) -> u32 {
        height(&self.frame(width as f64), &self.regions, width as f64)
    }

    fn table(&self) -> super::PlotTable {
        use super::table::pair;
        let mut t = regions_table(
            &self.regions,
            "Who yields the most where in the space of utility matrices (x, y)",
            self.current,
        );
        for (p, name) in &self.landmarks {
            t = t.row(vec![name.clone(), String::new(), pair(p.0, p.1)]);
        }
        if let Some(c) = &self.cloud {
            let n = format!("candidates of the cloud ({})", c.points.len());
            let mean = c.mean.map(|p| pair(p.0, p.1)).unwrap_or_default();
            t = t.row(vec![n, String::new(), format!("mean {mean}")]);
            if let Some(p) = c.expected {
                t = t.row(vec![
                    "expected matrix (eq. 18)".into(),
                    String::new(),
                    pair(p.0, p.1),
                ]);
            }
        }
        t
    }

    fn summary(&self) -> String {
        regions_summary(&self.regions, self.current)
    }
}

impl super::Plot for SlicePlot {
    crate::draw_on_with!(draw::slice);

    fn height_for(&self, width: u32) -> u32 {
        height(&self.frame(width as f64), &self.regions, width as f64)
    }

    fn table(&self) -> super::PlotTable {
        let what = format!(
            "Who yields the most where: {} across, {} up",
            self.x_title, self.y_title
        );
        regions_table(&self.regions, &what, self.current)
    }

    fn summary(&self) -> String {
        regions_summary(&self.regions, self.current)
    }
}

/// Either diagram, drawn by one canvas: the hexagon for two classes, a slice otherwise.
#[derive(Debug, Clone, PartialEq)]
pub enum SpacePlot {
    /// Fig. 1 with the regions.
    Hexagon(HexPlot),
    /// A slice.
    Slice(SlicePlot),
}

impl Default for SpacePlot {
    fn default() -> Self {
        SpacePlot::Hexagon(HexPlot::default())
    }
}

impl SpacePlot {
    /// The diagram's frame for a canvas `width` CSS px wide.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::space::{frame::Frame, SpacePlot};
    /// assert_eq!(SpacePlot::default().frame(375.0), Frame::hexagon(375.0));
    /// ```
    pub fn frame(&self, width: f64) -> Frame {
        match self {
            SpacePlot::Hexagon(p) => p.frame(width),
            SpacePlot::Slice(p) => p.frame(width),
        }
    }
}

impl super::Plot for SpacePlot {
    fn draw_on<DB: plotters::prelude::DrawingBackend>(
        &self,
        root: &plotters::prelude::DrawingArea<DB, plotters::coord::Shift>,
        theme: &super::Theme,
    ) -> Result<(), String> {
        match self {
            SpacePlot::Hexagon(p) => p.draw_on(root, theme),
            SpacePlot::Slice(p) => p.draw_on(root, theme),
        }
    }

    fn height_for(&self, width: u32) -> u32 {
        match self {
            SpacePlot::Hexagon(p) => p.height_for(width),
            SpacePlot::Slice(p) => p.height_for(width),
        }
    }

    fn table(&self) -> super::PlotTable {
        match self {
            SpacePlot::Hexagon(p) => p.table(),
            SpacePlot::Slice(p) => p.table(),
        }
    }

    fn summary(&self) -> String {
        match self {
            SpacePlot::Hexagon(p) => p.summary(),
            SpacePlot::Slice(p) => p.summary(),
        }
    }
}

/// The regions' table: each region's share of the diagram (its pieces' areas), the current
/// point's region marked, then the current point.
fn regions_table(r: &Regions, caption: &str, current: Option<Point>) -> super::PlotTable {
    use ulab_core::space::polygon::signed_area;
    let area = |f: &Fill| signed_area(&f.polygon).abs();
    let total: f64 = r.fills.iter().map(area).sum();
    let mut t = super::PlotTable::new(caption, &["region", "share of the diagram", "point (x, y)"]);
    for item in &r.legend {
        if let Key::Region(swatch, here) = item.key {
            let mine: f64 = r
                .fills
                .iter()
                .filter(|f| f.swatch == swatch)
                .map(area)
                .sum();
            let name = format!(
                "{}{}",
                item.label,
                if here { " (your matrix is here)" } else { "" }
            );
            t = t.row(vec![
                name,
                ulab_core::text::percent(mine / total, 1),
                String::new(),
            ]);
        }
    }
    if let Some(p) = current {
        t = t.row(vec![
            "your matrix".into(),
            String::new(),
            super::table::pair(p.0, p.1),
        ]);
    }
    t.note(r.footnote.clone())
}

/// The region of the current point, for the accessible name: "your matrix (0.2, −0.1) is in
/// A's region".
fn regions_summary(r: &Regions, current: Option<Point>) -> String {
    let here = r
        .legend
        .iter()
        .find(|l| matches!(l.key, Key::Region(_, true)));
    match (current, here) {
        (Some(p), Some(l)) => format!(
            "your matrix {} is in {}'s region",
            super::table::pair(p.0, p.1),
            l.label
        ),
        _ => String::new(),
    }
}
