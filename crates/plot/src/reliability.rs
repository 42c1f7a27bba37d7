//! Fig. 7 of Dyrland et al. 2022: the mis-ranking percentage of the erroneous utility matrix as the error
//! on the utilities grows, one panel per prior, with every metric drawn as its constant level
//! (a metric does not look at the utilities, so the error does not change it). Also the
//! helpers shared by the Monte Carlo plots: a colour per metric, panel grids, label
//! de-overlapping.

use super::{DrawResult, Theme};
use crate::tick_decimals;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use ulab_core::mc::Ranker;
use ulab_core::metrics::Metric;
use ulab_core::text::fixed;

/// The colour of a ranker in every Monte Carlo plot, for its marks (at least 3:1 against the
/// background, see [`Theme::mark`]); the erroneous utility matrix is drawn in the text colour,
/// the strongest.
pub fn metric_colour(r: Ranker, theme: &Theme) -> RGBColor {
    match r.metric() {
        Some(m) => theme.mark(metric_base(m)),
        None => theme.fg(),
    }
}

/// The colour of a ranker's label: its colour, at least 4.5:1 against the background.
pub fn metric_text_colour(r: Ranker, theme: &Theme) -> RGBColor {
    match r.metric() {
        Some(m) => theme.text(metric_base(m)),
        None => theme.fg(),
    }
}

/// A metric's hue (Okabe & Ito where they suffice), before the theme adjusts it.
fn metric_base(m: Metric) -> RGBColor {
    match m {
        Metric::Accuracy => RGBColor(0, 114, 178),
        Metric::BalancedAccuracy => RGBColor(86, 180, 233),
        Metric::Precision => RGBColor(213, 94, 0),
        Metric::Recall => RGBColor(230, 159, 0),
        Metric::Specificity => RGBColor(160, 140, 0),
        Metric::F1 => RGBColor(0, 158, 115),
        Metric::Mcc => RGBColor(204, 121, 167),
        Metric::FowlkesMallows => RGBColor(150, 100, 60),
        Metric::Kappa => RGBColor(117, 112, 179),
        Metric::PreferenceDriven | Metric::Npv => RGBColor(128, 128, 128),
    }
}

/// A short label for legends.
pub fn metric_short(r: Ranker) -> &'static str {
    let Some(m) = r.metric() else {
        return "erroneous utility";
    };
    match m {
        Metric::Accuracy => "accuracy",
        Metric::BalancedAccuracy => "balanced acc.",
        Metric::Precision => "precision",
        Metric::Recall => "recall (TPR)",
        Metric::Specificity => "specificity",
        Metric::F1 => "F1",
        Metric::Mcc => "MCC",
        Metric::FowlkesMallows => "Fowlkes–Mallows",
        Metric::Kappa => "kappa",
        Metric::PreferenceDriven => "p-d",
        Metric::Npv => "NPV",
    }
}

/// Columns of a grid of `n` panels at least `min_width` CSS pixels wide in `width` pixels.
pub fn grid_columns(width: u32, n: usize, min_width: u32) -> usize {
    ((width / min_width.max(1)) as usize).clamp(1, n.max(1))
}

/// The grid of `panels` panels in `width` CSS pixels, as (rows, columns): at most `most`
/// columns, none narrower than `min_width`, and at least one row.
///
/// ```
/// use ulab_plot::reliability::grid_layout;
/// assert_eq!(grid_layout(1000, 5, 4, 210), (2, 4));
/// assert_eq!(grid_layout(300, 5, 4, 210), (5, 1));
/// assert_eq!(grid_layout(300, 0, 1, 210), (1, 1));
/// ```
pub fn grid_layout(width: u32, panels: usize, most: usize, min_width: u32) -> (usize, usize) {
    let cols = grid_columns(width, most, min_width);
    (panels.div_ceil(cols).max(1), cols)
}

/// Moves labels (wanted centre `y`, in pixels) apart so that consecutive ones are at least
/// `gap` pixels apart, keeping them within `[lo, hi]` as far as possible. Returns the new
/// positions in the input order.
///
/// # Examples
///
/// ```
/// use ulab_plot::reliability::spread_labels;
/// let y = spread_labels(&[100.0, 101.0, 300.0], 12.0, 0.0, 400.0);
/// assert!((y[1] - y[0]).abs() >= 12.0 - 1e-9);
/// assert_eq!(y[2], 300.0);
/// ```
pub fn spread_labels(wanted: &[f64], gap: f64, lo: f64, hi: f64) -> Vec<f64> {
    let order = ulab_core::order::order_by(wanted, false);
    let mut y: Vec<f64> = order.iter().map(|&i| wanted[i].clamp(lo, hi)).collect();
    for k in 1..y.len() {
        if y[k] < y[k - 1] + gap {
            y[k] = y[k - 1] + gap;
        }
    }
    // Pushed past the bottom: back up from there, each keeping its gap to the one below.
    if let Some(last) = y.last_mut() {
        *last = last.min(hi);
    }
    for k in (0..y.len().saturating_sub(1)).rev() {
        y[k] = y[k].min(y[k + 1] - gap);
    }
    let mut out = vec![0.0; wanted.len()];
    for (k, &i) in order.iter().enumerate() {
        out[i] = y[k];
    }
    out
}

/// One point of a sweep: the error on the x axis, the erroneous utility's mis-ranking.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SweepPoint {
    /// σ or the realized sd.
    pub x: f64,
    /// Mis-ranked pairs, %.
    pub percent: f64,
    /// Its standard error, percentage points.
    pub se: f64,
}

/// One panel of fig. 7 (one prior).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SweepPanel {
    /// E.g. "uniform prior".
    pub title: String,
    /// The erroneous utility's curve, in increasing x.
    pub points: Vec<SweepPoint>,
    /// Each metric's level (mis-ranked %, pooled over the sweep's runs).
    pub levels: Vec<(Ranker, f64)>,
}

/// Fig. 7: one panel per prior.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SweepPlot {
    /// The panels, top to bottom.
    pub panels: Vec<SweepPanel>,
    /// The x axis title.
    pub x_title: String,
}

/// Below this width the metric names go into a legend under each panel instead of beside the
/// lines.
const SIDE_LABELS_MIN_WIDTH: u32 = 560;

/// The legend's columns under each panel at a CSS width: none from
/// [`SIDE_LABELS_MIN_WIDTH`] up (the levels are written beside the chart), two from 360 px
/// ("Fowlkes–Mallows 10.5 %" fits half of that), else one.
fn legend_columns(css_w: u32) -> usize {
    if css_w >= SIDE_LABELS_MIN_WIDTH {
        0
    } else if css_w >= 360 {
        2
    } else {
        1
    }
}

impl SweepPlot {
    fn panel_height(width: u32, levels: usize) -> u32 {
        let chart = (width as f64 * 0.42).clamp(230.0, 340.0) as u32;
        match legend_columns(width) {
            0 => chart,
            cols => chart + 10 + 16 * levels.div_ceil(cols) as u32,
        }
    }
}

impl super::Plot for SweepPlot {
    crate::draw_on_with!(draw_sweep);

    fn height_for(&self, width: u32) -> u32 {
        let n = self.panels.len().max(1) as u32;
        let levels = self
            .panels
            .iter()
            .map(|p| p.levels.len() + 1)
            .max()
            .unwrap_or(1);
        n * SweepPlot::panel_height(width, levels)
    }

    fn table(&self) -> super::PlotTable {
        use super::table::cell;
        let mut t = super::PlotTable::new(
            "Mis-ranked pairs (%) of the erroneous utility matrix at each error, and of each metric",
            &[
                "prior, ranker",
                &self.x_title,
                "mis-ranked pairs (%)",
                "standard error",
            ],
        );
        for p in &self.panels {
            for q in &p.points {
                let name = format!("{}, erroneous utility", p.title);
                t = t.row(vec![name, cell(q.x), cell(q.percent), cell(q.se)]);
            }
            for (m, v) in &p.levels {
                let name = format!("{}, {}", p.title, metric_short(*m));
                t = t.row(vec![name, "any".into(), cell(*v), String::new()]);
            }
        }
        t.note("A metric ignores the utilities: its level is the same at every error.")
    }
}

/// Draws fig. 7.
///
/// # Examples
///
/// ```
/// use ulab_core::mc::Ranker;
/// use ulab_plot::{Plot, reliability::{SweepPanel, SweepPlot, SweepPoint}};
/// let key = |k| Ranker::from_key(k).unwrap();
/// let plot = SweepPlot {
///     panels: vec![SweepPanel {
///         title: "uniform prior".into(),
///         points: vec![SweepPoint { x: 0.0, percent: 0.0, se: 0.0 }, SweepPoint { x: 0.1, percent: 4.0, se: 0.02 }],
///         levels: vec![(key("accuracy"), 8.8), (key("f1"), 11.0)],
///     }],
///     x_title: "σ".into(),
/// };
/// let svg = plot.to_svg(700, false).unwrap();
/// assert!(svg.contains("uniform prior") && svg.contains("accuracy"));
/// ```
pub fn draw_sweep<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &SweepPlot,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    if plot.panels.is_empty() {
        root.draw(&Text::new(
            "No sweep yet",
            (theme.px(12.0) as i32, theme.px(20.0) as i32),
            theme.muted_font(14.0),
        ))?;
        return Ok(());
    }
    let areas = root.split_evenly((plot.panels.len(), 1));
    let (w, _) = root.dim_in_pixel();
    let css_w = (w as f64 / theme.scale) as u32;
    let cols = legend_columns(css_w);
    for (area, panel) in areas.iter().zip(&plot.panels) {
        draw_sweep_panel(area, panel, &plot.x_title, cols, theme)?;
    }
    Ok(())
}

/// One panel of fig. 7.
///
/// Over ~120 lines: one panel drawn step by step (mesh, bands, lines, markers, labels), the
/// steps sharing the chart and its ranges; cut apart they would pass a dozen locals around.
fn draw_sweep_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &SweepPanel,
    x_title: &str,
    legend_cols: usize,
    theme: &Theme,
) -> DrawResult<DB> {
    let side_labels = legend_cols == 0;
    let mut entries: Vec<(Ranker, f64)> = panel.levels.clone();
    if let Some(last) = panel.points.last() {
        entries.push((Ranker::UTILITY, last.percent));
    }
    let (chart_area, legend_area) = if side_labels {
        (area.clone(), None)
    } else {
        let rows = entries.len().div_ceil(legend_cols) as u32;
        let (a, b) =
            area.split_vertically(area.dim_in_pixel().1 - theme.px(10.0 + 16.0 * rows as f64));
        (a, Some(b))
    };
    let finite = |v: &f64| v.is_finite();
    let x_max = panel
        .points
        .iter()
        .map(|p| p.x)
        .filter(finite)
        .fold(0.0f64, f64::max)
        .max(1e-3);
    let y_max = panel
        .points
        .iter()
        .map(|p| p.percent + p.se)
        .chain(panel.levels.iter().map(|l| l.1))
        .filter(finite)
        .fold(1.0f64, f64::max);
    let (x0, x1) = (0.0, x_max * 1.03);
    let (y0, y1) = (0.0, y_max * 1.08);
    let label_w = if side_labels { 152.0 } else { 14.0 };
    let mut cc = ChartBuilder::on(&chart_area)
        .caption(panel.title.as_str(), theme.font(14.0))
        .margin_top(theme.px(6.0))
        .margin_left(theme.px(6.0))
        .margin_right(theme.px(label_w))
        .x_label_area_size(theme.px(40.0))
        .y_label_area_size(theme.px(60.0))
        .build_cartesian_2d(x0..x1, y0..y1)?;
    // Every tick of an axis with the same decimals (fig. 7's σ: 0.00, 0.05, 0.10 …).
    let (dx, dy) = (tick_decimals(x0, x1, 7), tick_decimals(y0, y1, 6));
    let x_tick = move |v: &f64| fixed(*v, dx);
    let y_tick = move |v: &f64| format!("{} %", fixed(*v, dy));
    theme
        .mesh(&mut cc, 11.0, 12.0)
        .x_labels(7)
        .y_labels(6)
        .x_label_formatter(&x_tick)
        .y_label_formatter(&y_tick)
        .x_desc(x_title)
        .y_desc("mis-ranked pairs")
        .draw()?;

    // The metrics: constant levels, dashed.
    for &(m, level) in &panel.levels {
        if !level.is_finite() {
            continue;
        }
        cc.draw_series(DashedLineSeries::new(
            vec![(x0, level), (x1, level)],
            theme.px(6.0),
            theme.px(4.0),
            metric_colour(m, theme).stroke_width(theme.px(1.6)),
        ))?;
    }
    // The erroneous utility: a thick line with error bars and markers.
    let pts: Vec<&SweepPoint> = panel
        .points
        .iter()
        .filter(|p| p.x.is_finite() && p.percent.is_finite())
        .collect();
    let fg = theme.fg();
    cc.draw_series(LineSeries::new(
        pts.iter().map(|p| (p.x, p.percent)),
        fg.stroke_width(theme.px(2.5)),
    ))?;
    // Error bars (± 1 SE), with caps.
    let bar = fg.stroke_width(theme.px(1.0));
    let cap = theme.px(3.0) as i32;
    cc.draw_series(
        pts.iter()
            .filter(|p| p.se > 0.0)
            .map(|p| PathElement::new(vec![(p.x, p.percent - p.se), (p.x, p.percent + p.se)], bar)),
    )?;
    cc.draw_series(
        pts.iter()
            .filter(|p| p.se > 0.0)
            .flat_map(|p| [p.percent - p.se, p.percent + p.se].map(|y| (p.x, y)))
            .map(|c| EmptyElement::at(c) + PathElement::new(vec![(-cap, 0), (cap, 0)], bar)),
    )?;
    cc.draw_series(
        pts.iter()
            .map(|p| Circle::new((p.x, p.percent), theme.px(3.5), fg.filled())),
    )?;

    // Labels: beside the lines (right margin), or a legend below.
    let base = chart_area.get_base_pixel();
    if side_labels {
        let wanted: Vec<f64> = entries
            .iter()
            .map(|&(_, v)| (cc.backend_coord(&(x1, v)).1 - base.1) as f64)
            .collect();
        let (_, top) = cc.backend_coord(&(x1, y1));
        let (right, bottom) = cc.backend_coord(&(x1, y0));
        let ys = spread_labels(
            &wanted,
            theme.px(13.0) as f64,
            (top - base.1) as f64 + theme.px(6.0) as f64,
            (bottom - base.1) as f64,
        );
        for (&(m, v), y) in entries.iter().zip(ys) {
            // Beside the chart, without the unit (the axis has it: room is short here).
            let label = format!("{} {}", metric_short(m), fixed(v, 1));
            let style = theme.font_in(11.0, metric_text_colour(m, theme));
            chart_area.draw(&Text::new(
                label,
                (right - base.0 + theme.px(6.0) as i32, y.round() as i32),
                style.pos(Pos::new(HPos::Left, VPos::Center)),
            ))?;
        }
    } else if let Some(legend) = legend_area {
        let (lw, _) = legend.dim_in_pixel();
        let col_w = (lw / legend_cols as u32) as i32;
        for (k, &(m, v)) in entries.iter().enumerate() {
            let x = theme.px(8.0) as i32 + (k % legend_cols) as i32 * col_w;
            let y = theme.px(8.0 + 16.0 * (k / legend_cols) as f64) as i32;
            let colour = metric_colour(m, theme);
            legend.draw(&Rectangle::new(
                [
                    (x, y - theme.px(1.5) as i32),
                    (x + theme.px(14.0) as i32, y + theme.px(1.5) as i32),
                ],
                colour.filled(),
            ))?;
            legend.draw(&Text::new(
                level_label(m, v),
                (x + theme.px(20.0) as i32, y),
                theme.font(11.0).pos(Pos::new(HPos::Left, VPos::Center)),
            ))?;
        }
    }
    Ok(())
}

/// A metric's level in the legend: its short name and the share of mis-ranked pairs, every
/// level to one decimal (`accuracy 12.4 %`, `F1 8.0 %`: alike, whatever the size of each);
/// beside the chart the same number without the unit.
fn level_label(m: Ranker, v: f64) -> String {
    format!("{} {} %", metric_short(m), fixed(v, 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Plot;

    fn sample() -> SweepPlot {
        let panel = |title: &str, slope: f64| SweepPanel {
            title: title.into(),
            points: (0..7)
                .map(|k| {
                    let x = 0.05 * k as f64;
                    SweepPoint {
                        x,
                        percent: slope * x,
                        se: 0.03,
                    }
                })
                .collect(),
            levels: Ranker::ALL
                .iter()
                .filter(|m| !m.is_utility())
                .map(|&m| (m, 8.0 + m.index() as f64 * 1.7))
                .collect(),
        };
        SweepPlot {
            panels: vec![panel("uniform prior", 40.0), panel("gaussian prior", 50.0)],
            x_title: "realized sd of the utility errors".into(),
        }
    }

    #[test]
    fn draws_both_panels_every_metric_and_the_utility_curve() {
        for width in [900, 375] {
            let plot = sample();
            let svg = plot.to_svg(width, width < 500).unwrap();
            assert!(svg.contains("uniform prior") && svg.contains("gaussian prior"));
            for m in Ranker::ALL {
                assert!(
                    svg.contains(metric_short(m)),
                    "{width}: {} missing",
                    metric_short(m)
                );
            }
            assert!(svg.contains("realized sd of the utility errors"));
            // 7 markers per panel.
            assert!(svg.matches("<circle").count() >= 14, "{width}");
        }
    }

    /// Issue 28, item 13: fig. 7's labels in one precision per axis and per kind of label.
    #[test]
    fn labels_of_one_kind_share_their_decimals() {
        let svg = sample().to_svg(900, false).unwrap();
        let texts: Vec<&str> = svg
            .split("<text")
            .skip(1)
            .filter_map(|t| t.split_once('>').map(|(_, rest)| rest))
            .filter_map(|t| t.split_once("</text>").map(|(inner, _)| inner.trim()))
            .collect();
        // The σ axis: 0.00, 0.05, …, 0.30 — never "0.1" beside "0.05".
        for tick in ["0.00", "0.05", "0.10", "0.15", "0.20"] {
            assert!(texts.contains(&tick), "{tick} missing in {texts:?}");
        }
        assert!(
            !texts.contains(&"0.1") && !texts.contains(&"0"),
            "{texts:?}"
        );
        // The levels beside the chart: one decimal each.
        let levels: Vec<&&str> = texts
            .iter()
            .filter(|t| t.starts_with("accuracy "))
            .collect();
        assert!(!levels.is_empty(), "{texts:?}");
        for l in levels {
            let number = l.trim_start_matches("accuracy ");
            assert_eq!(number.split_once('.').map(|(_, d)| d.len()), Some(1), "{l}");
        }
    }

    #[test]
    fn empty_and_degenerate_sweeps_do_not_fail() {
        let empty = SweepPlot::default();
        assert!(empty.to_svg(400, false).unwrap().contains("No sweep yet"));
        let odd = SweepPlot {
            panels: vec![SweepPanel {
                title: "x".into(),
                points: vec![SweepPoint {
                    x: f64::NAN,
                    percent: f64::INFINITY,
                    se: 0.0,
                }],
                levels: vec![(Ranker::from_metric(Metric::F1).unwrap(), f64::NAN)],
            }],
            x_title: "σ".into(),
        };
        odd.to_svg(600, false).unwrap();
        odd.to_svg(320, true).unwrap();
    }

    #[test]
    fn spread_labels_keeps_order_gap_and_bounds() {
        let y = spread_labels(&[50.0, 48.0, 49.0, 200.0, 199.0], 10.0, 0.0, 205.0);
        let mut sorted = y.clone();
        sorted.sort_by(f64::total_cmp);
        for w in sorted.windows(2) {
            assert!(w[1] - w[0] >= 10.0 - 1e-9, "{y:?}");
        }
        assert!(y.iter().all(|v| *v <= 205.0 + 1e-9), "{y:?}");
        // Crowded at the bottom: pushed up, not out.
        let y = spread_labels(&[100.0; 5], 10.0, 0.0, 100.0);
        assert!(y.iter().all(|v| *v <= 100.0 && *v >= 50.0), "{y:?}");
    }
}
