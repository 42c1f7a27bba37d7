//! The scatter plots of the Monte Carlo (Dyrland et al. 2022):
//!
//! * [`ScoreScatter`], figs 2–3: for confusion matrices with one class balance, a metric's
//!   score against the yield under a utility matrix; the pairs the metric ranks against their
//!   yields are red triangles joined by a thin line;
//! * [`DifferencesPlot`], fig. 6: for pairs of classifiers, the difference in true yield
//!   against the difference in a metric's score; points in quadrants II and IV (discordant
//!   signs) are mis-ranked pairs, in red.
//!
//! Both are small multiples (one panel per metric and utility matrix), sized to the width.
//! Points are drawn as small squares (cheap on a canvas); the counts in the titles come from
//! all the samples, not just the points drawn.
//!
//! (Over 500 lines: figs 2–3 and fig. 6 share the panel grid and its axes; split, the shared
//! drawing would have to be exported for two users. Each plot's table is in its `Plot` impl.)

use super::mc_space::{Tone, tone_colour};
use super::panel_grid::{draw_panel_grid, grid_height};
use super::reliability::grid_layout;
use super::{DrawResult, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use ulab_core::mc::scores::misranked;

/// The colour of correctly ranked points: fig. 5's blue, at an opacity that keeps single points
/// at 3:1 against the background and shows where they pile up.
pub(crate) fn point_colour(theme: &Theme) -> RGBAColor {
    tone_colour(Tone::Blue, theme).mix(POINT_OPACITY)
}

/// The opacity of the scatter plots' points.
pub(crate) const POINT_OPACITY: f64 = 0.7;

/// One panel of figs 2–3.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ScorePanel {
    /// E.g. "F1 · U = [[1, 0], [0, 1]]".
    pub title: String,
    /// A second title line, e.g. "12.1 % of 50 000 pairs mis-ranked".
    pub subtitle: String,
    /// The y axis: the metric's name.
    pub y_title: String,
    /// Yields (x).
    pub x: Vec<f64>,
    /// Scores (y), same length.
    pub y: Vec<f64>,
    /// Pairs `k` (points `2k`, `2k + 1`) ranked against their yields.
    pub misranked_pairs: Vec<u64>,
}

/// Figs 2–3: panels in a grid, `columns` wide when there is room.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ScoreScatter {
    /// Panels, row by row.
    pub panels: Vec<ScorePanel>,
    /// Columns on a wide screen (e.g. 2: one per utility matrix).
    pub columns: usize,
}

const SCORE_PANEL_MIN_WIDTH: u32 = 250;

impl ScoreScatter {
    fn layout(&self, width: u32) -> (usize, usize) {
        grid_layout(
            width,
            self.panels.len(),
            self.columns.max(1),
            SCORE_PANEL_MIN_WIDTH,
        )
    }
}

impl super::Plot for ScoreScatter {
    crate::draw_on_with!(draw_score_scatter);

    fn height_for(&self, width: u32) -> u32 {
        grid_height(self.layout(width), width, 0.8, (220.0, 330.0))
    }

    fn table(&self) -> super::PlotTable {
        let rows = self.panels.iter().map(|p| {
            let wrong = p.misranked_pairs.len();
            (&p.title, &p.x[..], &p.y[..], wrong, &p.subtitle)
        });
        let what = [
            "panel",
            "points",
            "yield",
            "score",
            "pairs drawn mis-ranked",
        ];
        super::table::scatter_summary(
            "Each panel's points: utility yield (x) and the metric's score (y)",
            what,
            rows,
        )
    }
}

/// Draws figs 2–3.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, mc_scatter::{ScorePanel, ScoreScatter}};
/// let p = ScoreScatter {
///     panels: vec![ScorePanel {
///         title: "F1 · U = [[1, 0], [0, 1]]".into(),
///         subtitle: "2 of 2 pairs mis-ranked".into(),
///         y_title: "F1".into(),
///         x: vec![0.7, 0.8, 0.75, 0.9],
///         y: vec![0.8, 0.7, 0.7, 0.9],
///         misranked_pairs: vec![0],
///     }],
///     columns: 2,
/// };
/// let svg = p.to_svg(600, false).unwrap();
/// assert!(svg.contains("mis-ranked") && svg.contains("<polygon"));
/// ```
pub fn draw_score_scatter<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &ScoreScatter,
    theme: &Theme,
) -> DrawResult<DB> {
    draw_panel_grid(
        root,
        &plot.panels,
        |w| plot.layout(w),
        "No points yet",
        theme,
        draw_score_panel,
    )
}

fn range_of(v: &[f64]) -> (f64, f64) {
    let lo = v
        .iter()
        .copied()
        .filter(|x| x.is_finite())
        .fold(f64::INFINITY, f64::min);
    let hi = v
        .iter()
        .copied()
        .filter(|x| x.is_finite())
        .fold(f64::NEG_INFINITY, f64::max);
    if !(lo.is_finite() && hi.is_finite()) {
        return (0.0, 1.0);
    }
    let span = if hi > lo { hi - lo } else { 1.0 };
    (lo - 0.04 * span, hi + 0.04 * span)
}

fn draw_score_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &ScorePanel,
    theme: &Theme,
) -> DrawResult<DB> {
    let (x0, x1) = range_of(&panel.x);
    let (y0, y1) = range_of(&panel.y);
    let body = area.margin(theme.px(4.0), theme.px(6.0), theme.px(2.0), theme.px(10.0));
    let (head, body) = body.split_vertically(theme.px(36.0));
    head.draw(&Text::new(
        panel.title.clone(),
        (theme.px(4.0) as i32, 0),
        theme.font(12.5).pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    head.draw(&Text::new(
        panel.subtitle.clone(),
        (theme.px(4.0) as i32, theme.px(17.0) as i32),
        theme.muted_font(11.0).pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    let mut cc = ChartBuilder::on(&body)
        .x_label_area_size(theme.px(32.0))
        .y_label_area_size(theme.px(44.0))
        .build_cartesian_2d(x0..x1, y0..y1)?;
    theme
        .mesh(&mut cc, 10.0, 11.0)
        .x_labels(5)
        .y_labels(5)
        .x_desc("yield")
        .y_desc(panel.y_title.as_str())
        .draw()?;
    let n = panel.x.len().min(panel.y.len());
    let half = theme.px(1.3) as i32;
    let style = point_colour(theme).filled();
    cc.draw_series(
        (0..n)
            .filter(|&i| panel.x[i].is_finite() && panel.y[i].is_finite())
            .map(|i| {
                EmptyElement::at((panel.x[i], panel.y[i]))
                    + Rectangle::new([(-half, -half), (half, half)], style)
            }),
    )?;
    let bad = theme.bad();
    for &k in &panel.misranked_pairs {
        let (a, b) = (2 * k as usize, 2 * k as usize + 1);
        if b >= n {
            continue;
        }
        let (pa, pb) = ((panel.x[a], panel.y[a]), (panel.x[b], panel.y[b]));
        if !(pa.0.is_finite() && pa.1.is_finite() && pb.0.is_finite() && pb.1.is_finite()) {
            continue;
        }
        cc.draw_series(std::iter::once(PathElement::new(
            vec![pa, pb],
            bad.mix(0.45).stroke_width(theme.px(1.0)),
        )))?;
        cc.draw_series(
            [pa, pb]
                .into_iter()
                .map(|p| TriangleMarker::new(p, theme.px(4.5) as i32, bad.filled())),
        )?;
    }
    Ok(())
}

/// One panel of fig. 6.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DifferencePanel {
    /// E.g. "accuracy".
    pub title: String,
    /// E.g. "8.79 % ± 0.03 mis-ranked (10⁶ pairs)".
    pub subtitle: String,
    /// Differences in true yield (x).
    pub x: Vec<f64>,
    /// Differences in the metric's score (y).
    pub y: Vec<f64>,
    /// Draw this panel's frame in the strong colour (the erroneous utility).
    pub highlight: bool,
}

/// Fig. 6: one panel per metric, in the given order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DifferencesPlot {
    /// The panels.
    pub panels: Vec<DifferencePanel>,
}

const DIFF_PANEL_MIN_WIDTH: u32 = 210;

impl DifferencesPlot {
    fn layout(&self, width: u32) -> (usize, usize) {
        let n = self.panels.len();
        grid_layout(width, n, n.clamp(1, 4), DIFF_PANEL_MIN_WIDTH)
    }
}

impl super::Plot for DifferencesPlot {
    crate::draw_on_with!(draw_differences);

    fn height_for(&self, width: u32) -> u32 {
        grid_height(self.layout(width), width, 0.95, (200.0, 300.0))
    }

    fn table(&self) -> super::PlotTable {
        // Mis-ranked: the two differences not both positive or both negative.
        let agree = |(a, b): (&f64, &f64)| (*a > 0.0 && *b > 0.0) || (*a < 0.0 && *b < 0.0);
        let rows = self.panels.iter().map(|p| {
            let wrong = p.x.iter().zip(&p.y).filter(|q| !agree(*q)).count();
            (&p.title, &p.x[..], &p.y[..], wrong, &p.subtitle)
        });
        let what = [
            "metric",
            "pairs drawn",
            "yield difference",
            "score difference",
            "drawn in quadrants II and IV",
        ];
        super::table::scatter_summary(
            "Each panel's pairs: difference in true yield (x) and in the metric's score (y)",
            what,
            rows,
        )
        .note("Pairs in quadrants II and IV (or on an axis) are mis-ranked.")
    }
}

/// Draws fig. 6.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, mc_scatter::{DifferencePanel, DifferencesPlot}};
/// let p = DifferencesPlot {
///     panels: vec![DifferencePanel {
///         title: "accuracy".into(),
///         subtitle: "8.8 %".into(),
///         x: vec![0.1, -0.2, 0.05],
///         y: vec![0.2, 0.1, 0.01],
///         highlight: false,
///     }],
/// };
/// let svg = p.to_svg(500, false).unwrap();
/// assert!(svg.contains("accuracy") && svg.contains("<polygon")); // one mis-ranked point
/// ```
pub fn draw_differences<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &DifferencesPlot,
    theme: &Theme,
) -> DrawResult<DB> {
    draw_panel_grid(
        root,
        &plot.panels,
        |w| plot.layout(w),
        "Run the Monte Carlo to see its pairs",
        theme,
        draw_difference_panel,
    )
}

/// A symmetric range around 0 holding (almost) every value: the 99.5th percentile of `|v|`,
/// so that a few extreme points do not squeeze the rest into the centre.
fn symmetric_range(v: &[f64]) -> f64 {
    let mut a: Vec<f64> = v
        .iter()
        .map(|x| x.abs())
        .filter(|x| x.is_finite())
        .collect();
    if a.is_empty() {
        return 1.0;
    }
    ulab_core::order::sort_ascending(&mut a);
    let q = a[((a.len() - 1) as f64 * 0.995).round() as usize];
    if q > 0.0 { q * 1.08 } else { 1.0 }
}

/// One polygon that fills a `2hx × 2hy` square around each centre and nothing else: the
/// squares in order, each closed at its first corner, joined corner to corner, and the joins
/// walked back in reverse at the end, so every join is a segment traversed once each way and
/// encloses no area (zero winding), whatever the fill rule.
fn square_cloud(centres: &[(f64, f64)], hx: f64, hy: f64) -> Vec<(f64, f64)> {
    let mut v = Vec::with_capacity(centres.len() * 6);
    for &(x, y) in centres {
        v.extend([
            (x - hx, y - hy),
            (x + hx, y - hy),
            (x + hx, y + hy),
            (x - hx, y + hy),
            (x - hx, y - hy),
        ]);
    }
    v.extend(centres.iter().rev().map(|&(x, y)| (x - hx, y - hy)));
    v
}

fn draw_difference_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &DifferencePanel,
    theme: &Theme,
) -> DrawResult<DB> {
    let a = symmetric_range(&panel.x);
    let b = symmetric_range(&panel.y);
    let body = area.margin(theme.px(4.0), theme.px(6.0), theme.px(2.0), theme.px(8.0));
    let (head, body) = body.split_vertically(theme.px(34.0));
    let title_font = if panel.highlight {
        ("sans-serif", 12.5 * theme.scale)
            .into_font()
            .style(FontStyle::Bold)
            .color(&theme.fg())
    } else {
        theme.font(12.5)
    };
    head.draw(&Text::new(
        panel.title.clone(),
        (theme.px(4.0) as i32, 0),
        title_font.pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    head.draw(&Text::new(
        panel.subtitle.clone(),
        (theme.px(4.0) as i32, theme.px(16.0) as i32),
        theme.muted_font(10.5).pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    let mut cc = ChartBuilder::on(&body)
        .x_label_area_size(theme.px(32.0))
        .y_label_area_size(theme.px(50.0))
        .build_cartesian_2d(-a..a, -b..b)?;
    // Up to five ticks: plotters then always finds at least three (0 and a step either side)
    // on a range symmetric about 0; asked for three, it may find only 0.
    theme
        .mesh(&mut cc, 9.5, 10.0)
        .x_labels(5)
        .y_labels(5)
        .x_desc("Δ true yield")
        .y_desc("Δ score")
        .draw()?;
    // Quadrants II and IV (mis-ranked) tinted.
    let tint = theme.bad().mix(if theme.dark { 0.10 } else { 0.06 });
    cc.draw_series([
        Rectangle::new([(-a, 0.0), (0.0, b)], tint.filled()),
        Rectangle::new([(0.0, -b), (a, 0.0)], tint.filled()),
    ])?;
    let axis = theme.muted().stroke_width(theme.px(1.0));
    cc.draw_series([
        PathElement::new(vec![(-a, 0.0), (a, 0.0)], axis),
        PathElement::new(vec![(0.0, -b), (0.0, b)], axis),
    ])?;
    let n = panel.x.len().min(panel.y.len());
    let inside = |i: usize| {
        let (x, y) = (panel.x[i], panel.y[i]);
        x.is_finite() && y.is_finite() && x.abs() <= a && y.abs() <= b
    };
    // The well-ranked points (most of them) as one filled shape of small squares: one fill
    // instead of one per point, so a figure of 11 × 1000 points draws in a few milliseconds.
    let (pw, ph) = cc.plotting_area().dim_in_pixel();
    let half = 1.4 * theme.scale;
    let (hx, hy) = (
        2.0 * a * half / f64::from(pw.max(1)),
        2.0 * b * half / f64::from(ph.max(1)),
    );
    let good = point_colour(theme).filled();
    let centres: Vec<(f64, f64)> = (0..n)
        .filter(|&i| inside(i) && !misranked(panel.x[i], panel.y[i]))
        .map(|i| (panel.x[i], panel.y[i]))
        .collect();
    if !centres.is_empty() {
        cc.draw_series(std::iter::once(Polygon::new(
            square_cloud(&centres, hx, hy),
            good,
        )))?;
    }
    let bad = theme.bad().filled();
    cc.draw_series(
        (0..n)
            .filter(|&i| inside(i) && misranked(panel.x[i], panel.y[i]))
            .map(|i| TriangleMarker::new((panel.x[i], panel.y[i]), theme.px(3.0) as i32, bad)),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Plot;
    use crate::svg_probe::{overlapping, texts};

    #[test]
    fn score_scatter_marks_each_mis_ranked_pair_with_two_triangles() {
        let panel = ScorePanel {
            title: "MCC · U = [[1, 0], [0, 0]]".into(),
            subtitle: "1 of 3 pairs mis-ranked".into(),
            y_title: "MCC".into(),
            x: vec![0.4, 0.5, 0.6, 0.7, 0.3, 0.2],
            y: vec![0.6, 0.5, 0.6, 0.7, 0.2, 0.1],
            misranked_pairs: vec![0, 7], // 7 is out of range: ignored
        };
        let plot = ScoreScatter {
            panels: vec![panel.clone(), panel],
            columns: 2,
        };
        let svg = plot.to_svg(640, false).unwrap();
        assert_eq!(svg.matches("<polygon").count(), 4, "2 triangles × 2 panels");
        assert!(svg.contains("MCC · U = [[1, 0], [0, 0]]"));
        // Narrow: one column, twice as tall as one row.
        assert!(plot.height_for(375) > plot.height_for(640));
    }

    #[test]
    fn differences_colour_quadrants_two_and_four() {
        let panel = DifferencePanel {
            title: "F1".into(),
            subtitle: "x".into(),
            x: vec![0.1, -0.1, 0.1, -0.1, 0.0],
            y: vec![0.1, -0.1, -0.1, 0.1, 0.2],
            highlight: true,
        };
        let svg = DifferencesPlot {
            panels: vec![panel],
        }
        .to_svg(400, true)
        .unwrap();
        // Two discordant points and one tie (x = 0): three triangles; the two concordant points
        // are one polygon of two squares.
        assert_eq!(svg.matches("<polygon").count(), 3 + 1);
    }

    #[test]
    fn the_square_cloud_covers_each_square_and_its_joins_cancel() {
        let v = square_cloud(&[(0.0, 0.0), (10.0, 0.0)], 1.0, 1.0);
        assert_eq!(v.len(), 2 * 5 + 2);
        // Shoelace area: the two squares (4 each); the joins add nothing.
        let area: f64 = v
            .iter()
            .zip(v.iter().cycle().skip(1))
            .map(|(p, q)| p.0 * q.1 - q.0 * p.1)
            .sum::<f64>()
            / 2.0;
        assert!((area - 8.0).abs() < 1e-12, "{area}");
        assert!(square_cloud(&[], 1.0, 1.0).is_empty());
    }

    /// The tick labels of an SVG of one panel: (x axis, y axis), and every pair of texts
    /// that overlap.
    fn ticks_and_overlaps(svg: &str) -> (usize, usize, Vec<String>) {
        let all = texts(svg);
        let count = |anchor: &str| {
            all.iter()
                .filter(|t| t.is_number() && t.anchor == anchor)
                .count()
        };
        (count("middle"), count("end"), overlapping(&all))
    }

    #[test]
    fn fig6_panels_have_a_scale_on_both_axes_at_every_magnitude() {
        let magnitudes = [0.003, 0.02, 0.045, 0.19, 0.27, 0.45, 0.9, 1.7, 4.5];
        for a in magnitudes {
            for b in magnitudes {
                let panel = DifferencePanel {
                    title: "specificity (TNR)".into(),
                    subtitle: "24.88 % ± 0.08 mis-ranked".into(),
                    x: vec![a, -a / 2.0, a / 3.0],
                    y: vec![-b, b / 2.0, b / 5.0],
                    highlight: false,
                };
                for width in [210, 330] {
                    let svg = DifferencesPlot {
                        panels: vec![panel.clone()],
                    }
                    .to_svg(width, false)
                    .unwrap();
                    let (x, y, overlaps) = ticks_and_overlaps(&svg);
                    assert!(x >= 3 && y >= 3, "{a} {b} at {width}: {x} and {y} ticks");
                    assert_eq!(overlaps, Vec::<String>::new(), "{a} {b} at {width}");
                    assert!(svg.contains("Δ score") && svg.contains("Δ true yield"));
                }
            }
        }
    }

    #[test]
    fn figs_2_3_axis_titles_and_ticks_do_not_overlap() {
        let panel = ScorePanel {
            title: "MCC · U = [[1, 0], [0, 0]]".into(),
            subtitle: "25.01 % of 5·10⁴ pairs mis-ranked".into(),
            y_title: "MCC".into(),
            x: vec![0.25, 0.5, -0.25, 0.35],
            y: vec![0.2, 1.0, -0.35, 0.6],
            misranked_pairs: vec![],
        };
        for width in [250, 343, 640] {
            let svg = ScoreScatter {
                panels: vec![panel.clone()],
                columns: 1,
            }
            .to_svg(width, true)
            .unwrap();
            let (x, y, overlaps) = ticks_and_overlaps(&svg);
            assert!(x >= 3 && y >= 3, "{width}: {x} and {y} ticks");
            assert_eq!(overlaps, Vec::<String>::new(), "{width}");
        }
    }

    #[test]
    fn empty_and_odd_inputs_do_not_fail() {
        ScoreScatter::default().to_svg(300, false).unwrap();
        DifferencesPlot::default().to_svg(300, false).unwrap();
        let odd = DifferencePanel {
            title: "x".into(),
            subtitle: String::new(),
            x: vec![f64::NAN, 0.0],
            y: vec![1.0],
            highlight: false,
        };
        DifferencesPlot {
            panels: vec![odd; 11],
        }
        .to_svg(1200, false)
        .unwrap();
        let odd = ScorePanel {
            x: vec![f64::INFINITY, 1.0, 1.0],
            y: vec![0.0, 0.0, 0.0],
            misranked_pairs: vec![0, 1],
            ..ScorePanel::default()
        };
        ScoreScatter {
            panels: vec![odd],
            columns: 0,
        }
        .to_svg(200, false)
        .unwrap();
    }
}
