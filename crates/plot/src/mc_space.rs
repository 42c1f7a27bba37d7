//! Figs 4–5 of Dyrland et al. 2022 on the space of binary utility matrices of fig. 1 (the hexagon
//! `|x| ≤ 1, |y| ≤ 1, |y − x| < 1`, eq. 13): the density of a prior of true utility matrices
//! (fig. 4), and clouds of erroneous matrices around true ones (fig. 5), with the admissible
//! metrics as landmarks — accuracy at the centre, the true-positive rate at `(−1, 0)` and the
//! true-negative rate at `(1, 0)`.

use super::reliability::grid_layout;
use super::{DrawResult, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The corners of the hexagon of fig. 1, in order.
pub use ulab_core::space::HEXAGON;

/// Counts of points on a `grid × grid` lattice of square cells over `[−1, 1]²`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Density {
    /// Cells per side.
    pub grid: usize,
    /// Row-major counts, row 0 at `y = −1`.
    pub counts: Vec<u32>,
}

impl Density {
    /// Bins `points` on a `grid × grid` lattice (points outside `[−1, 1]²` are ignored).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::mc_space::Density;
    /// let d = Density::from_points(&[(0.0, 0.0), (0.01, 0.02), (-1.0, -1.0), (5.0, 0.0)], 4);
    /// assert_eq!(d.counts.iter().sum::<u32>(), 3);
    /// assert_eq!(d.counts[2 * 4 + 2], 2); // the cell just above and right of the centre
    /// ```
    pub fn from_points(points: &[(f64, f64)], grid: usize) -> Density {
        let grid = grid.max(1);
        let mut counts = vec![0u32; grid * grid];
        let cell = |v: f64| (((v + 1.0) / 2.0 * grid as f64).floor() as usize).min(grid - 1);
        for &(x, y) in points {
            if (-1.0..=1.0).contains(&x) && (-1.0..=1.0).contains(&y) {
                counts[cell(y) * grid + cell(x)] += 1;
            }
        }
        Density { grid, counts }
    }
}

/// How a group of points is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marker {
    /// A small triangle.
    Triangle,
    /// A small square.
    Square,
    /// A diamond, larger (the true matrices of fig. 5).
    Diamond,
}

/// The colour of a group of points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Blue (fig. 5: σ = 0.1).
    Blue,
    /// Red (fig. 5: σ = 0.2).
    Red,
    /// The text colour (fig. 5: the true matrices).
    Strong,
}

/// Points of one kind, with a legend label.
#[derive(Debug, Clone, PartialEq)]
pub struct PointGroup {
    /// Legend text.
    pub label: String,
    /// Marker.
    pub marker: Marker,
    /// Colour.
    pub tone: Tone,
    /// Points `(x, y)`.
    pub points: Vec<(f64, f64)>,
}

/// One panel: the hexagon, a density and/or point groups, the landmarks.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SpacePanel {
    /// E.g. "gaussian prior (fig. 4)".
    pub title: String,
    /// A density to shade, if any.
    pub density: Option<Density>,
    /// Groups of points, drawn in order.
    pub groups: Vec<PointGroup>,
}

/// Figs 4–5: panels side by side when there is room.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SpacePlot {
    /// The panels.
    pub panels: Vec<SpacePanel>,
}

const SPACE_PANEL_MIN_WIDTH: u32 = 270;

impl SpacePlot {
    fn layout(&self, width: u32) -> (usize, usize) {
        let n = self.panels.len();
        grid_layout(width, n, n, SPACE_PANEL_MIN_WIDTH)
    }

    fn legend_rows(&self) -> usize {
        self.panels
            .iter()
            .map(|p| p.groups.len())
            .max()
            .unwrap_or(0)
    }
}

impl super::Plot for SpacePlot {
    crate::draw_on_with!(draw_space);

    fn height_for(&self, width: u32) -> u32 {
        let (rows, cols) = self.layout(width);
        let side = (width / cols as u32).min(400);
        rows as u32 * (side + 28 + 16 * self.legend_rows() as u32)
    }

    fn table(&self) -> super::PlotTable {
        use super::table::{cell, pair};
        let mut t = super::PlotTable::new(
            "The points of each panel (x, y): their centre and spread",
            &["panel", "points", "centre (x, y)", "spread"],
        );
        for p in &self.panels {
            if let Some(d) = &p.density {
                // Weighted moments of the cells' centres (row 0 at y = −1).
                let (mut n, mut sx, mut sy, mut sxx, mut syy) = (0.0, 0.0, 0.0, 0.0, 0.0);
                for (k, c) in d.counts.iter().enumerate() {
                    let at = |i: usize| -1.0 + (i as f64 + 0.5) * 2.0 / d.grid as f64;
                    let (x, y, w) = (at(k % d.grid), at(k / d.grid), f64::from(*c));
                    (n, sx, sy, sxx, syy) = (
                        n + w,
                        sx + w * x,
                        sy + w * y,
                        sxx + w * x * x,
                        syy + w * y * y,
                    );
                }
                let (mx, my) = (sx / n, sy / n);
                let sd = pair((sxx / n - mx * mx).sqrt(), (syy / n - my * my).sqrt());
                t = t.row(vec![
                    p.title.clone(),
                    ulab_core::text::number(n, 0),
                    pair(mx, my),
                    format!("sd {sd}"),
                ]);
            }
            let centres: Vec<(f64, f64)> = p
                .groups
                .iter()
                .filter(|g| g.marker == Marker::Diamond)
                .flat_map(|g| g.points.clone())
                .collect();
            for g in &p.groups {
                let row = if g.marker == Marker::Diamond {
                    let at: Vec<String> = g.points.iter().map(|q| pair(q.0, q.1)).collect();
                    vec![
                        g.label.clone(),
                        g.points.len().to_string(),
                        at.join(" "),
                        String::new(),
                    ]
                } else {
                    // Root-mean-square distance to the nearest true matrix.
                    let d2 = |q: &(f64, f64)| {
                        centres
                            .iter()
                            .map(|c| (q.0 - c.0).powi(2) + (q.1 - c.1).powi(2))
                            .fold(f64::INFINITY, f64::min)
                    };
                    let rms = (g.points.iter().map(d2).sum::<f64>() / g.points.len() as f64).sqrt();
                    let spread = format!(
                        "{} from the nearest true matrix (root mean square)",
                        cell(rms)
                    );
                    vec![
                        g.label.clone(),
                        g.points.len().to_string(),
                        "around the true matrices".into(),
                        spread,
                    ]
                };
                t = t.row(row);
            }
        }
        t
    }
}

/// The non-empty cells of a density: lower-left and upper-right corners in data coordinates
/// (square cells over `[−1, 1]²`) and the opacity `0.08 + 0.87·√(count/max)` they are shaded
/// with (fig. 4).
pub(crate) fn density_cells(
    d: &Density,
) -> impl Iterator<Item = ((f64, f64), (f64, f64), f64)> + '_ {
    let max = d.counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let g = d.grid.max(1);
    let step = 2.0 / g as f64;
    d.counts
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(move |(k, c)| {
            let (row, col) = (k / g, k % g);
            let (x, y) = (-1.0 + col as f64 * step, -1.0 + row as f64 * step);
            let alpha = 0.08 + 0.87 * (*c as f64 / max).sqrt();
            ((x, y), (x + step, y + step), alpha)
        })
}

/// The size (px) and style of a group's markers.
pub(crate) fn group_style(group: &PointGroup, theme: &Theme) -> (i32, ShapeStyle) {
    let colour = tone_colour(group.tone, theme);
    match group.marker {
        Marker::Diamond => (theme.px(6.0) as i32, colour.filled()),
        Marker::Triangle => (theme.px(3.5) as i32, colour.mix(0.75).filled()),
        Marker::Square => (theme.px(3.5) as i32, colour.mix(0.7).filled()),
    }
}

pub(crate) fn tone_colour(tone: Tone, theme: &Theme) -> RGBColor {
    match tone {
        Tone::Blue => {
            if theme.dark {
                RGBColor(110, 165, 235)
            } else {
                RGBColor(0, 90, 170)
            }
        }
        Tone::Red => theme.bad(),
        Tone::Strong => theme.fg(),
    }
}

/// A marker at pixel `c` of `area`, `size` pixels across.
pub(crate) fn marker_at<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    c: (i32, i32),
    marker: Marker,
    size: i32,
    style: ShapeStyle,
) -> DrawResult<DB> {
    let (x, y) = c;
    match marker {
        Marker::Triangle => {
            area.draw(&TriangleMarker::new((x, y), size, style))?;
        }
        Marker::Square => {
            let h = size / 2;
            area.draw(&Rectangle::new([(x - h, y - h), (x + h, y + h)], style))?;
        }
        Marker::Diamond => {
            area.draw(&Polygon::new(
                vec![(x, y - size), (x + size, y), (x, y + size), (x - size, y)],
                style,
            ))?;
        }
    }
    Ok(())
}

/// Draws figs 4–5.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, mc_space::{Density, SpacePanel, SpacePlot}};
/// let p = SpacePlot {
///     panels: vec![SpacePanel {
///         title: "gaussian prior".into(),
///         density: Some(Density::from_points(&[(0.0, 0.0), (0.1, 0.1)], 20)),
///         groups: vec![],
///     }],
/// };
/// let svg = p.to_svg(400, false).unwrap();
/// assert!(svg.contains("accuracy") && svg.contains("TPR") && svg.contains("TNR"));
/// ```
pub fn draw_space<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &SpacePlot,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    if plot.panels.is_empty() {
        return Ok(());
    }
    let (w, _) = root.dim_in_pixel();
    let (rows, cols) = plot.layout((w as f64 / theme.scale) as u32);
    let areas = root.split_evenly((rows, cols));
    let legend_rows = plot.legend_rows();
    for (area, panel) in areas.iter().zip(&plot.panels) {
        draw_space_panel(area, panel, legend_rows, theme)?;
    }
    Ok(())
}

fn draw_space_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &SpacePanel,
    legend_rows: usize,
    theme: &Theme,
) -> DrawResult<DB> {
    let (w, h) = area.dim_in_pixel();
    let legend_h = theme.px(16.0 * legend_rows as f64 + 4.0);
    let title_h = theme.px(24.0);
    let side = w.min(h.saturating_sub(legend_h + title_h)).max(10);
    let left = (w - side) / 2;
    area.draw(&Text::new(
        panel.title.clone(),
        (left as i32 + theme.px(4.0) as i32, theme.px(4.0) as i32),
        theme.font(12.5).pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    let square = area.clone().shrink((left, title_h), (side, side));
    let mut cc = ChartBuilder::on(&square)
        .margin(theme.px(6.0))
        .x_label_area_size(theme.px(36.0))
        .y_label_area_size(theme.px(48.0))
        .build_cartesian_2d(-1.12f64..1.12f64, -1.12f64..1.12f64)?;
    theme
        .mesh(&mut cc, 10.0, 11.0)
        .x_labels(5)
        .y_labels(5)
        .x_desc("x")
        .y_desc("y")
        .draw()?;
    let hex: Vec<(f64, f64)> = HEXAGON.to_vec();
    cc.draw_series(std::iter::once(Polygon::new(
        hex.clone(),
        theme.grid().mix(0.35).filled(),
    )))?;
    if let Some(d) = &panel.density {
        let base = tone_colour(Tone::Blue, theme);
        cc.draw_series(
            density_cells(d)
                .map(|(lo, hi, alpha)| Rectangle::new([lo, hi], base.mix(alpha).filled())),
        )?;
    }
    let mut outline = hex;
    outline.push(HEXAGON[0]);
    cc.draw_series(std::iter::once(PathElement::new(
        outline,
        theme.muted().stroke_width(theme.px(1.5)),
    )))?;
    // Points of each group, then the landmarks on top.
    for group in &panel.groups {
        let (size, style) = group_style(group, theme);
        let plot_area = cc.plotting_area();
        for &(x, y) in &group.points {
            if !(x.is_finite() && y.is_finite()) {
                continue;
            }
            let c = plot_area.map_coordinate(&(x, y));
            let b = square.get_base_pixel();
            marker_at(&square, (c.0 - b.0, c.1 - b.1), group.marker, size, style)?;
        }
    }
    let landmark = theme.fg();
    for (x, label, anchor) in [
        (0.0, "accuracy", HPos::Center),
        (-1.0, "TPR", HPos::Left),
        (1.0, "TNR", HPos::Right),
    ] {
        cc.draw_series(std::iter::once(Circle::new(
            (x, 0.0),
            theme.px(4.0),
            landmark.stroke_width(theme.px(2.0)),
        )))?;
        let (px, py) = cc.backend_coord(&(x, 0.0));
        let b = square.get_base_pixel();
        let dx = match anchor {
            HPos::Left => theme.px(6.0) as i32,
            HPos::Right => -(theme.px(6.0) as i32),
            HPos::Center => 0,
        };
        square.draw(&Text::new(
            label,
            (px - b.0 + dx, py - b.1 - theme.px(7.0) as i32),
            theme.font(11.0).pos(Pos::new(anchor, VPos::Bottom)),
        ))?;
    }
    // Legend under the square.
    let top = (title_h + side) as i32 + theme.px(4.0) as i32;
    for (k, group) in panel.groups.iter().enumerate() {
        let y = top + theme.px(16.0 * k as f64 + 6.0) as i32;
        let x = left as i32 + theme.px(12.0) as i32;
        let colour = tone_colour(group.tone, theme);
        marker_at(
            area,
            (x, y),
            group.marker,
            theme.px(4.5) as i32,
            colour.filled(),
        )?;
        area.draw(&Text::new(
            group.label.clone(),
            (x + theme.px(12.0) as i32, y),
            theme.font(11.0).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Plot;
    use crate::svg_probe::{overlapping, texts};

    #[test]
    fn draws_density_points_landmarks_and_legend() {
        let d = Density::from_points(&[(0.0, 0.0), (0.5, 0.4), (-0.5, -0.9)], 10);
        let plot = SpacePlot {
            panels: vec![
                SpacePanel {
                    title: "uniform prior".into(),
                    density: Some(d),
                    groups: vec![],
                },
                SpacePanel {
                    title: "errors (fig. 5)".into(),
                    density: None,
                    groups: vec![
                        PointGroup {
                            label: "σ = 0.1".into(),
                            marker: Marker::Triangle,
                            tone: Tone::Blue,
                            points: vec![(0.1, 0.2), (0.2, 0.1)],
                        },
                        PointGroup {
                            label: "σ = 0.2".into(),
                            marker: Marker::Square,
                            tone: Tone::Red,
                            points: vec![(0.3, 0.2)],
                        },
                        PointGroup {
                            label: "true matrices".into(),
                            marker: Marker::Diamond,
                            tone: Tone::Strong,
                            points: vec![(0.5, 0.5), (f64::NAN, 0.0)],
                        },
                    ],
                },
            ],
        };
        for width in [800, 375] {
            let svg = plot.to_svg(width, width < 500).unwrap();
            for text in [
                "uniform prior",
                "σ = 0.1",
                "true matrices",
                "accuracy",
                "TPR",
            ] {
                assert!(svg.contains(text), "{width}: {text}");
            }
        }
        // Stacked when narrow.
        assert!(plot.height_for(375) > plot.height_for(800));
    }

    #[test]
    fn axis_titles_clear_the_tick_labels() {
        let plot = SpacePlot {
            panels: vec![SpacePanel {
                title: "Uniform prior".into(),
                density: Some(Density::from_points(&[(0.0, 0.0)], 10)),
                groups: vec![],
            }],
        };
        for width in [300, 375, 800] {
            let svg = plot.to_svg(width, false).unwrap();
            let all = texts(&svg);
            assert!(all.iter().any(|t| t.text == "x") && all.iter().any(|t| t.text == "y"));
            assert!(
                all.iter().filter(|t| t.is_number()).count() >= 10,
                "{width}"
            );
            assert_eq!(overlapping(&all), Vec::<String>::new(), "{width}");
        }
    }

    #[test]
    fn density_bins_the_edges_inside() {
        let d = Density::from_points(&[(1.0, 1.0), (-1.0, 1.0), (0.999, -1.0)], 3);
        assert_eq!(d.counts[8], 1); // top right
        assert_eq!(d.counts[6], 1); // top left
        assert_eq!(d.counts[2], 1); // bottom right
        SpacePlot::default().to_svg(300, false).unwrap();
    }
}
