//! Two classes: the expected utility of each decision as a line against `p₀` (the probability of
//! class 0), the upper envelope (the optimal decision) drawn thick, the flip points as dashed
//! verticals with their values, and the current `p₀`.

use super::{blend, decision_colour, short};
use crate::{DrawResult, Plot, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use ulab_core::text::number;

/// The data of the lines plot.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ThresholdPlot {
    /// The name of class 0 (the x axis is `p(class 0)`).
    pub class0: String,
    /// Decision names.
    pub decisions: Vec<String>,
    /// Each decision's line: `(Ū_d(0), Ū_d(1))`.
    pub lines: Vec<(f64, f64)>,
    /// The optimal decision on each stretch `[from, to]` of `p₀`.
    pub segments: Vec<(usize, f64, f64)>,
    /// The flip points.
    pub thresholds: Vec<f64>,
    /// The current `p₀`, if shown.
    pub p0: Option<f64>,
    /// The y axis title, e.g. "expected utility".
    pub y_title: String,
}

const MARGIN_LEFT: f64 = 4.0;
const MARGIN_RIGHT: f64 = 16.0;
const Y_LABELS: f64 = 52.0;
const TOP: f64 = 34.0;
const X_LABELS: f64 = 40.0;
const LEGEND_ROW: f64 = 20.0;

impl ThresholdPlot {
    /// Legend rows for a plot `width` CSS pixels wide, and each entry's (row, x offset).
    fn legend(&self, width: f64) -> (usize, Vec<(usize, f64)>) {
        let mut row = 0;
        let mut x = MARGIN_LEFT + Y_LABELS;
        let mut at = Vec::new();
        for name in &self.decisions {
            let w = 26.0 + 7.0 * short(name, 20).chars().count() as f64 + 14.0;
            if x + w > width && x > MARGIN_LEFT + Y_LABELS {
                row += 1;
                x = MARGIN_LEFT + Y_LABELS;
            }
            at.push((row, x));
            x += w;
        }
        (
            if self.decisions.is_empty() {
                0
            } else {
                row + 1
            },
            at,
        )
    }

    fn chart_height(width: u32) -> f64 {
        (f64::from(width) * 0.55).clamp(230.0, 380.0)
    }

    /// The `p₀` under the CSS x coordinate `x` of a plot `width` pixels wide (clamped to
    /// [0, 1]): what a click or drag on the plot selects.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::decide::ThresholdPlot;
    /// let p = ThresholdPlot::default();
    /// assert_eq!(p.p0_at(400, 0.0), 0.0);
    /// assert_eq!(p.p0_at(400, 399.0), 1.0);
    /// let mid = p.p0_at(400, (56.0 + 384.0) / 2.0);
    /// assert!((mid - 0.5).abs() < 1e-12);
    /// ```
    pub fn p0_at(&self, width: u32, x: f64) -> f64 {
        let left = MARGIN_LEFT + Y_LABELS;
        let right = f64::from(width) - MARGIN_RIGHT;
        if !(right > left) || !x.is_finite() {
            return 0.0;
        }
        ((x - left) / (right - left)).clamp(0.0, 1.0)
    }
}

impl Plot for ThresholdPlot {
    crate::draw_on_with!(draw);

    fn height_for(&self, width: u32) -> u32 {
        let (rows, _) = self.legend(f64::from(width));
        (Self::chart_height(width) + 8.0 + LEGEND_ROW * rows as f64) as u32
    }

    fn table(&self) -> crate::PlotTable {
        use crate::table::cell;
        let p = format!("p({})", self.class0);
        let at = |v: u8| format!("{} at {p} = {v}", self.y_title);
        let mut t = crate::PlotTable::new(
            format!(
                "{} of each decision against {p}",
                ulab_core::text::capitalize(&self.y_title)
            ),
            &["decision", &at(0), &at(1), &format!("optimal for {p} in")],
        );
        for (d, name) in self.decisions.iter().enumerate() {
            let (a, b) = self.lines.get(d).copied().unwrap_or((f64::NAN, f64::NAN));
            let best: Vec<String> = self
                .segments
                .iter()
                .filter(|s| s.0 == d)
                .map(|s| format!("[{}, {}]", cell(s.1), cell(s.2)))
                .collect();
            t = t.row(vec![name.clone(), cell(a), cell(b), best.join(", ")]);
        }
        let mut note = self.summary();
        if let Some(p0) = self.p0 {
            note = format!("{note}; the item: {p} = {}", cell(p0));
        }
        t.note(ulab_core::text::capitalize(&note))
    }

    fn summary(&self) -> String {
        let flips: Vec<String> = self
            .thresholds
            .iter()
            .map(|v| crate::table::cell(*v))
            .collect();
        if flips.is_empty() {
            "no flip point".into()
        } else {
            format!("flip points at p({}) = {}", self.class0, flips.join(", "))
        }
    }
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &ThresholdPlot,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let (w, _) = root.dim_in_pixel();
    let css_w = f64::from(w) / theme.scale;
    let n = plot.lines.len().min(plot.decisions.len());
    let chart_h = ThresholdPlot::chart_height(css_w as u32);
    let (chart_area, legend_area) = root.split_vertically(theme.px(chart_h));
    let finite = |v: f64| if v.is_finite() { v } else { 0.0 };
    let ends: Vec<f64> = plot.lines[..n]
        .iter()
        .flat_map(|(a, b)| [finite(*a), finite(*b)])
        .collect();
    let lo = ends.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = ends.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if lo.is_finite() && hi > lo && (hi - lo).is_finite() {
        (lo, hi)
    } else if lo.is_finite() {
        (lo - 1.0, lo + 1.0)
    } else {
        (-1.0, 1.0)
    };
    let pad = 0.06 * (hi - lo);
    let mut cc = ChartBuilder::on(&chart_area)
        .margin_top(theme.px(TOP))
        .margin_left(theme.px(MARGIN_LEFT))
        .margin_right(theme.px(MARGIN_RIGHT))
        .x_label_area_size(theme.px(X_LABELS))
        .y_label_area_size(theme.px(Y_LABELS))
        .build_cartesian_2d(0f64..1f64, (lo - pad)..(hi + pad))?;
    let x_desc = format!(
        "p({}), the probability of {}",
        short(&plot.class0, 16),
        short(&plot.class0, 16)
    );
    theme
        .mesh(&mut cc, 11.0, 12.0)
        .x_labels(if css_w < 420.0 { 5 } else { 11 })
        .y_labels(6)
        .x_desc(x_desc)
        .y_desc(plot.y_title.as_str())
        .draw()?;
    // Every line, thin and light; then the envelope, thick, in the optimal decision's colour.
    for (d, (a, b)) in plot.lines[..n].iter().enumerate() {
        let c = blend(decision_colour(theme, d), theme, 0.55);
        cc.draw_series(std::iter::once(PathElement::new(
            vec![(0.0, finite(*a)), (1.0, finite(*b))],
            c.stroke_width(theme.px(1.5)),
        )))?;
    }
    let value = |d: usize, p: f64| {
        plot.lines
            .get(d)
            .map_or(0.0, |(a, b)| finite(*a) * (1.0 - p) + finite(*b) * p)
    };
    for &(d, from, to) in &plot.segments {
        if d >= n || !(to >= from) {
            continue;
        }
        cc.draw_series(std::iter::once(PathElement::new(
            vec![(from, value(d, from)), (to, value(d, to))],
            decision_colour(theme, d).stroke_width(theme.px(4.0)),
        )))?;
    }
    name_segments(root, &cc, plot, theme, n)?;
    draw_thresholds(root, &mut cc, plot, theme, (lo - pad, hi + pad))?;
    if let Some(p0) = plot.p0.filter(|p| p.is_finite()).map(|p| p.clamp(0.0, 1.0)) {
        cc.draw_series(std::iter::once(PathElement::new(
            vec![(p0, lo - pad), (p0, hi + pad)],
            theme.fg().stroke_width(theme.px(1.5)),
        )))?;
        let best = plot
            .segments
            .iter()
            .find(|s| p0 >= s.1 && p0 <= s.2)
            .map_or(0, |s| s.0);
        let (px, py) = cc.backend_coord(&(p0, value(best, p0)));
        root.draw(&Circle::new(
            (px, py),
            theme.px(5.5),
            decision_colour(theme, best).filled(),
        ))?;
        root.draw(&Circle::new(
            (px, py),
            theme.px(5.5),
            theme.fg().stroke_width(theme.px(1.5)),
        ))?;
        let (_, top) = cc.backend_coord(&(p0, hi + pad));
        let label = format!("p({}) = {}", short(&plot.class0, 12), number(p0, 3));
        let font = theme.font(11.5);
        let (tw, th) = root.estimate_text_size(&label, &font)?;
        let (tw, th) = (tw as i32, th as i32);
        let right_half = p0 > 0.5;
        let pad_px = theme.px(3.0) as i32;
        let x = if right_half {
            px - theme.px(6.0) as i32 - tw
        } else {
            px + theme.px(6.0) as i32
        };
        let y = top + theme.px(4.0) as i32;
        // A background box, so that flip lines behind the label do not cross it.
        root.draw(&Rectangle::new(
            [(x - pad_px, y - pad_px), (x + tw + pad_px, y + th + pad_px)],
            theme.bg().filled(),
        ))?;
        root.draw(&Text::new(
            label,
            (x, y),
            font.pos(Pos::new(HPos::Left, VPos::Top)),
        ))?;
    }
    draw_legend(&legend_area, plot, theme)
}

type Chart<'a, DB> = ChartContext<
    'a,
    DB,
    Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

/// Dashed verticals at the flip points, their values above the plot (staggered when close).
fn draw_thresholds<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    cc: &mut Chart<'_, DB>,
    plot: &ThresholdPlot,
    theme: &Theme,
    (y0, y1): (f64, f64),
) -> DrawResult<DB> {
    let mut last: Option<i32> = None;
    let mut level = 0;
    for &t in plot.thresholds.iter().filter(|t| t.is_finite()) {
        cc.draw_series(DashedLineSeries::new(
            vec![(t, y0), (t, y1)],
            theme.px(5.0),
            theme.px(4.0),
            theme.muted().stroke_width(theme.px(1.5)),
        ))?;
        let (px, py) = cc.backend_coord(&(t, y1));
        level = match last {
            Some(l) if (px - l).abs() < theme.px(46.0) as i32 => 1 - level,
            _ => 0,
        };
        last = Some(px);
        root.draw(&Text::new(
            number(t, 4),
            (px, py - theme.px(4.0 + 14.0 * f64::from(level)) as i32),
            theme
                .muted_font(11.0)
                .pos(Pos::new(HPos::Center, VPos::Bottom)),
        ))?;
    }
    Ok(())
}

/// One swatch and name per decision, wrapped into rows.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plot: &ThresholdPlot,
    theme: &Theme,
) -> DrawResult<DB> {
    let (w, _) = area.dim_in_pixel();
    let (_, at) = plot.legend(f64::from(w) / theme.scale);
    for (d, (row, x)) in at.iter().enumerate() {
        let y = theme.px(8.0 + LEGEND_ROW * *row as f64 + LEGEND_ROW / 2.0) as i32;
        let x = theme.px(*x) as i32;
        area.draw(&PathElement::new(
            vec![(x, y), (x + theme.px(20.0) as i32, y)],
            decision_colour(theme, d).stroke_width(theme.px(4.0)),
        ))?;
        area.draw(&Text::new(
            short(&plot.decisions[d], 20),
            (x + theme.px(26.0) as i32, y),
            theme.font(12.0).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    Ok(())
}

/// The optimal decision's name over each stretch of the envelope wide enough to hold it (an
/// eighth of the axis), so that the lines do not speak by colour alone.
fn name_segments<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    cc: &Chart<'_, DB>,
    plot: &ThresholdPlot,
    theme: &Theme,
    n: usize,
) -> DrawResult<DB> {
    for &(d, from, to) in &plot.segments {
        let Some((a, b)) = plot.lines.get(d).filter(|_| d < n && to - from >= 0.125) else {
            continue;
        };
        let mid = (from + to) / 2.0;
        let (px, py) = cc.backend_coord(&(mid, a * (1.0 - mid) + b * mid));
        root.draw(&Text::new(
            short(&plot.decisions[d], 20),
            (px, py - theme.px(8.0) as i32),
            theme.font(12.0).pos(Pos::new(HPos::Center, VPos::Bottom)),
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_lines_thresholds_and_point() {
        let p = ThresholdPlot {
            class0: "long".into(),
            decisions: vec!["long".into(), "short".into(), "inspect".into()],
            lines: vec![(-335.0, 15.0), (165.0, -35.0), (-10.0, -10.0)],
            segments: vec![
                (1, 0.0, 0.875),
                (2, 0.875, 325.0 / 350.0),
                (0, 325.0 / 350.0, 1.0),
            ],
            thresholds: vec![0.875, 325.0 / 350.0],
            p0: Some(0.9),
            y_title: "expected utility".into(),
        };
        let svg = p.to_svg(375, false).unwrap();
        assert!(svg.contains("0.875") && svg.contains("0.9286"));
        assert!(svg.contains("p(long) = 0.9"));
        assert!(svg.contains("inspect"));
        assert!(ThresholdPlot::default().to_svg(300, true).is_ok());
    }
}
