//! Two classes: decisions by a threshold on the probability of class 0.
//!
//! * [`DecisionCurveChart`]: the decision curve as `dcurves` draws it — each model's net
//!   benefit `TP/N − FP/N · p_t/(1 − p_t)` against the threshold probability `p_t`, with
//!   "treat all" (dashed) and "treat none" (0); the threshold the user's utility matrix
//!   implies and a picked `p_t` marked. "Treat all" falls steeply: the y axis stops a little
//!   below 0 and lines are cut there.
//! * [`YieldCurveChart`]: each model's yield per item against the threshold under the user's
//!   utility matrix; the implied threshold ("trust the probabilities", a square on each
//!   curve) and each model's best threshold on the data (a circle).

use super::super::{DrawResult, Theme};
use super::{LegendEntry, RuleMark, clip_band, draw_legend, draw_mark, legend_height, short};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One model's curve.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CurveSeries {
    /// The model.
    pub name: String,
    /// Its palette index.
    pub colour: usize,
    /// `(threshold, value)`, in increasing threshold.
    pub points: Vec<(f64, f64)>,
}

/// The decision curve.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DecisionCurveChart {
    /// Each model's net benefit.
    pub models: Vec<CurveSeries>,
    /// "Treat all".
    pub treat_all: Vec<(f64, f64)>,
    /// The threshold probability the utility matrix implies, if it is one in (0, 1).
    pub implied: Option<f64>,
    /// A picked threshold probability (the one whose matrix can be opened).
    pub picked: Option<f64>,
    /// The name of class 0 ("treated" when the probability of it is at least `p_t`).
    pub class0: String,
}

/// The yield against the threshold.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct YieldCurveChart {
    /// Each model's yield per item.
    pub models: Vec<CurveSeries>,
    /// The threshold the utility matrix implies, if any, and each model's yield there.
    pub implied: Option<(f64, Vec<f64>)>,
    /// Each model's best threshold on the data and its yield (`None`: never class 0).
    pub best: Vec<Option<(f64, f64)>>,
    /// "Always class 0" and "always class 1" yields, as reference lines.
    pub references: Vec<(String, f64)>,
    /// The name of class 0.
    pub class0: String,
}

fn chart_height(width: u32) -> f64 {
    (f64::from(width) * 0.55).clamp(250.0, 400.0)
}

fn legend_of(models: &[CurveSeries], extra: &[(&str, bool)]) -> Vec<LegendEntry> {
    let mut out: Vec<LegendEntry> = models
        .iter()
        .map(|m| LegendEntry {
            text: m.name.clone(),
            colour: Some(m.colour),
            dashed: false,
        })
        .collect();
    out.extend(extra.iter().map(|(t, dashed)| LegendEntry {
        text: t.to_string(),
        colour: None,
        dashed: *dashed,
    }));
    out
}

impl DecisionCurveChart {
    fn legend(&self) -> Vec<LegendEntry> {
        legend_of(&self.models, &[("treat all", true), ("treat none", false)])
    }

    /// The y range: from a little below 0 to the largest net benefit.
    fn y_range(&self) -> (f64, f64) {
        let top = self
            .models
            .iter()
            .flat_map(|m| m.points.iter().map(|p| p.1))
            .chain(self.treat_all.iter().map(|p| p.1))
            .filter(|v| v.is_finite())
            .fold(0.0f64, f64::max);
        let top = if top > 0.0 { top * 1.1 } else { 0.1 };
        (-0.3 * top, top)
    }

    /// The threshold probability under the CSS x coordinate `x` of a chart `width` pixels
    /// wide, within (0, 1) (what a click on the chart picks); `None` outside the plotting
    /// area.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_plot::probs::curves::DecisionCurveChart;
    /// let c = DecisionCurveChart::default();
    /// let mid = c.threshold_at(500, (8.0 + 56.0 + 500.0 - 16.0) / 2.0).unwrap();
    /// assert!((mid - 0.5).abs() < 0.01);
    /// assert!(c.threshold_at(500, 2.0).is_none());
    /// ```
    pub fn threshold_at(&self, width: u32, x: f64) -> Option<f64> {
        let (left, right) = (MARGIN + Y_LABELS, f64::from(width) - MARGIN_RIGHT);
        (x >= left && x <= right && right > left)
            .then(|| ((x - left) / (right - left)).clamp(0.01, 0.99))
    }
}

const MARGIN: f64 = 8.0;
const MARGIN_RIGHT: f64 = 16.0;
const Y_LABELS: f64 = 56.0;

impl super::super::Plot for DecisionCurveChart {
    crate::draw_on_with!(draw_decision_curve);

    fn height_for(&self, width: u32) -> u32 {
        chart_height(width) as u32 + legend_height(&self.legend(), width)
    }

    fn table(&self) -> crate::PlotTable {
        use crate::table::cell;
        let mut headers = vec!["threshold probability".to_string(), "treat all".into()];
        headers.extend(self.models.iter().map(|m| m.name.clone()));
        let h: Vec<&str> = headers.iter().map(String::as_str).collect();
        let mut t = crate::PlotTable::new(
            "Net benefit against the threshold probability (the decision curve)",
            &h,
        );
        for (k, &(x, all)) in self.treat_all.iter().enumerate() {
            let mut row = vec![cell(x), cell(all)];
            row.extend(
                self.models
                    .iter()
                    .map(|m| m.points.get(k).map_or("—".into(), |p| cell(p.1))),
            );
            t = t.row(row);
        }
        t.capped().note("Treat none is 0 at every threshold.")
    }

    fn summary(&self) -> String {
        match self.implied {
            Some(p) => format!(
                "your utilities' threshold probability {}",
                crate::table::cell(p)
            ),
            None => String::new(),
        }
    }
}

impl YieldCurveChart {
    fn legend(&self) -> Vec<LegendEntry> {
        legend_of(&self.models, &[])
    }
}

impl super::super::Plot for YieldCurveChart {
    crate::draw_on_with!(draw_yield_curve);

    fn height_for(&self, width: u32) -> u32 {
        chart_height(width) as u32 + legend_height(&self.legend(), width) + 20
    }

    fn table(&self) -> crate::PlotTable {
        use crate::table::cell;
        let mut t = crate::PlotTable::new(
            "Yield per item against the threshold: trusting the probabilities, and the best threshold on the data",
            &[
                "model",
                "trust the probabilities: threshold",
                "its yield",
                "best on the data: threshold",
                "its yield",
            ],
        );
        for (k, m) in self.models.iter().enumerate() {
            let (it, iy) = match &self.implied {
                Some((t, ys)) => (cell(*t), ys.get(k).map_or("—".into(), |y| cell(*y))),
                None => ("—".into(), "—".into()),
            };
            let (bt, by) = match self.best.get(k).copied().flatten() {
                Some((t, y)) => (cell(t), cell(y)),
                None => ("never".into(), "—".into()),
            };
            t = t.row(vec![m.name.clone(), it, iy, bt, by]);
        }
        t.note(crate::table::references_note(&self.references))
    }
}

/// Draws the decision curve.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, probs::curves::{CurveSeries, DecisionCurveChart}};
/// let c = DecisionCurveChart {
///     models: vec![CurveSeries { name: "A".into(), colour: 0, points: vec![(0.1, 0.15), (0.5, 0.05), (0.9, 0.0)] }],
///     treat_all: vec![(0.1, 0.11), (0.5, -0.6), (0.9, -6.2)],
///     implied: Some(0.2),
///     picked: Some(0.5),
///     class0: "ill".into(),
/// };
/// let svg = c.to_svg(500, false).unwrap();
/// assert!(svg.contains("treat all") && svg.contains("your utilities: 0.2") && svg.contains("net benefit"));
/// ```
pub fn draw_decision_curve<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &DecisionCurveChart,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let legend = c.legend();
    let css_w = theme.css_width(root) as u32;
    let (top, area) = root.split_vertically(theme.px(f64::from(legend_height(&legend, css_w))));
    draw_legend(&top, &legend, theme)?;
    let (y0, y1) = c.y_range();
    let x_desc = format!(
        "threshold probability p_t (decide {} iff p ≥ p_t)",
        short(&c.class0, 14)
    );
    let mut cc = axes(&area, (y0, y1), MARGIN, (&x_desc, "net benefit"), theme)?;
    let line = |pts: &[(f64, f64)]| clip_band(pts, y0, y1);
    // Treat none (0) and treat all.
    cc.draw_series(std::iter::once(PathElement::new(
        vec![(0.0, 0.0), (1.0, 0.0)],
        theme.muted().stroke_width(theme.px(1.6)),
    )))?;
    for piece in line(&c.treat_all) {
        cc.draw_series(DashedLineSeries::new(
            piece,
            theme.px(6.0),
            theme.px(4.0),
            theme.muted().stroke_width(theme.px(1.8)),
        ))?;
    }
    for m in &c.models {
        let colour = theme.series(m.colour);
        for piece in line(&m.points) {
            cc.draw_series(LineSeries::new(piece, colour.stroke_width(theme.px(2.2))))?;
        }
    }
    let marks = [
        (c.implied, "your utilities: "),
        (c.picked.filter(|p| Some(*p) != c.implied), "picked: "),
    ];
    for (k, (at, what)) in marks.iter().enumerate() {
        let Some(p) = at.filter(|p| p.is_finite() && *p > 0.0 && *p < 1.0) else {
            continue;
        };
        vertical(
            &area,
            &mut cc,
            p,
            (y0, y1),
            &format!("{what}{}", crate::table::cell(p)),
            k,
            theme,
        )?;
    }
    Ok(())
}

/// The chart of `area` over thresholds 0 to 1 and `(y0, y1)`, its axes titled `(x, y)`,
/// `top` CSS pixels below the top.
fn axes<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    (y0, y1): (f64, f64),
    top: f64,
    (x_desc, y_desc): (&str, &str),
    theme: &Theme,
) -> Result<Chart<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    let mut cc = ChartBuilder::on(area)
        .margin_left(theme.px(MARGIN))
        .margin_right(theme.px(MARGIN_RIGHT))
        .margin_top(theme.px(top))
        .x_label_area_size(theme.px(40.0))
        .y_label_area_size(theme.px(Y_LABELS))
        .build_cartesian_2d(0f64..1f64, y0..y1)?;
    theme
        .mesh(&mut cc, 11.0, 12.0)
        .x_labels(if theme.css_width(area) < 420.0 { 5 } else { 11 })
        .y_labels(6)
        .x_desc(x_desc)
        .y_desc(y_desc)
        .draw()?;
    Ok(cc)
}

type Chart<'a, DB> = ChartContext<
    'a,
    DB,
    plotters::coord::cartesian::Cartesian2d<
        plotters::coord::types::RangedCoordf64,
        plotters::coord::types::RangedCoordf64,
    >,
>;

/// A dashed vertical at `x` with its label at the top (the `level`-th label a line lower).
fn vertical<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    cc: &mut Chart<'_, DB>,
    x: f64,
    (y0, y1): (f64, f64),
    label: &str,
    level: usize,
    theme: &Theme,
) -> DrawResult<DB> {
    let style = if level == 0 {
        theme.fg()
    } else {
        theme.muted()
    };
    cc.draw_series(DashedLineSeries::new(
        vec![(x, y0), (x, y1)],
        theme.px(4.0),
        theme.px(3.0),
        style.stroke_width(theme.px(1.4)),
    ))?;
    let (px, py) = cc.backend_coord(&(x, y1));
    let base = area.get_base_pixel();
    let (px, py) = (px - base.0, py - base.1);
    let right_half = x > 0.55;
    let font = theme.font(11.0).color(&style);
    let (tw, th) = area.estimate_text_size(label, &font)?;
    let gap = theme.px(4.0) as i32;
    let tx = if right_half {
        px - gap - tw as i32
    } else {
        px + gap
    };
    let ty = py + gap + level as i32 * (th as i32 + gap);
    area.draw(&Rectangle::new(
        [(tx - 2, ty - 1), (tx + tw as i32 + 2, ty + th as i32 + 1)],
        theme.bg().mix(0.9).filled(),
    ))?;
    area.draw(&Text::new(
        label.to_string(),
        (tx, ty),
        font.pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    Ok(())
}

/// Draws the yield against the threshold.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, probs::curves::{CurveSeries, YieldCurveChart}};
/// let c = YieldCurveChart {
///     models: vec![CurveSeries { name: "A".into(), colour: 0, points: vec![(0.0, 1.0), (0.5, 3.0), (1.0, 2.0)] }],
///     implied: Some((0.4, vec![2.5])),
///     best: vec![Some((0.5, 3.0))],
///     references: vec![("always 1".into(), 2.0)],
///     class0: "ill".into(),
/// };
/// let svg = c.to_svg(500, true).unwrap();
/// assert!(svg.contains("trust the probabilities: 0.4") && svg.contains("always 1"));
/// ```
pub fn draw_yield_curve<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &YieldCurveChart,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let legend = c.legend();
    let css_w = theme.css_width(root) as u32;
    let (top, area) = root.split_vertically(theme.px(f64::from(legend_height(&legend, css_w))));
    draw_legend(&top, &legend, theme)?;
    let values: Vec<f64> = c
        .models
        .iter()
        .flat_map(|m| m.points.iter().map(|p| p.1))
        .chain(c.references.iter().map(|r| r.1))
        .filter(|v| v.is_finite())
        .collect();
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if lo < hi {
        (lo, hi)
    } else if lo.is_finite() {
        (lo - 1.0, lo + 1.0)
    } else {
        (0.0, 1.0)
    };
    let pad = 0.08 * (hi - lo);
    let (y0, y1) = (lo - pad, hi + 2.5 * pad);
    let x_desc = format!("threshold t (decide {} iff p ≥ t)", short(&c.class0, 14));
    let mut cc = axes(
        &area,
        (y0, y1),
        MARGIN + 18.0,
        (&x_desc, "yield per item"),
        theme,
    )?;
    let base = area.get_base_pixel();
    for (label, v) in c.references.iter().filter(|r| r.1.is_finite()) {
        cc.draw_series(DashedLineSeries::new(
            vec![(0.0, *v), (1.0, *v)],
            theme.px(5.0),
            theme.px(4.0),
            theme.muted().stroke_width(theme.px(1.2)),
        ))?;
        let (px, py) = cc.backend_coord(&(1.0, *v));
        area.draw(&Text::new(
            label.clone(),
            (
                px - base.0 - theme.px(2.0) as i32,
                py - base.1 - theme.px(2.0) as i32,
            ),
            theme
                .muted_font(10.5)
                .pos(Pos::new(HPos::Right, VPos::Bottom)),
        ))?;
    }
    for m in &c.models {
        cc.draw_series(LineSeries::new(
            m.points.clone(),
            theme.series(m.colour).stroke_width(theme.px(2.2)),
        ))?;
    }
    let implied = c.implied.as_ref().filter(|(t, _)| t.is_finite());
    if let Some((t, _)) = implied {
        let label = format!("trust the probabilities: {}", crate::table::cell(*t));
        vertical(&area, &mut cc, *t, (y0, y1), &label, 0, theme)?;
    }
    // A square on each curve at the implied threshold, a circle at its best one.
    let at_implied = implied.into_iter().flat_map(|(t, ys)| {
        c.models
            .iter()
            .zip(ys)
            .map(move |(m, y)| (m.colour, (*t, *y), RuleMark::Optimal, 4.5))
    });
    let at_best = c
        .models
        .iter()
        .zip(&c.best)
        .filter_map(|(m, b)| b.map(|p| (m.colour, p, RuleMark::MostProbable, 5.0)));
    for (colour, p, mark, r) in at_implied.chain(at_best) {
        let at = cc.backend_coord(&p);
        let at = (at.0 - base.0, at.1 - base.1);
        draw_mark(
            &area,
            at,
            mark,
            theme.px(r) as i32,
            theme.series(colour),
            theme,
        )?;
    }
    // What the marks mean, under the plot.
    let (_, h) = area.dim_in_pixel();
    area.draw(&Text::new(
        "■ trust the probabilities   ● best threshold on the data",
        (
            theme.px(MARGIN + Y_LABELS) as i32,
            h as i32 - theme.px(2.0) as i32,
        ),
        theme
            .muted_font(11.0)
            .pos(Pos::new(HPos::Left, VPos::Bottom)),
    ))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Plot;

    fn series(k: usize) -> CurveSeries {
        CurveSeries {
            name: format!("model {k}"),
            colour: k,
            points: (1..100)
                .map(|i| {
                    let t = f64::from(i) / 100.0;
                    (t, 0.2 - t * 0.3 * (k + 1) as f64)
                })
                .collect(),
        }
    }

    #[test]
    fn the_decision_curve_is_cut_below_zero_and_tabled() {
        let c = DecisionCurveChart {
            models: vec![series(0), series(1)],
            treat_all: (1..100)
                .map(|i| {
                    let t = f64::from(i) / 100.0;
                    (t, 0.2 - 0.8 * t / (1.0 - t))
                })
                .collect(),
            implied: Some(1.0 / 6.0),
            picked: Some(0.5),
            class0: "1".into(),
        };
        let (y0, y1) = c.y_range();
        assert!((y1 - 0.197 * 1.1).abs() < 1e-9 && (y0 + 0.3 * y1).abs() < 1e-12);
        for (w, dark) in [(375, true), (1280, false)] {
            let svg = c.to_svg(w, dark).unwrap();
            assert!(svg.contains("your utilities: 0.1667") && svg.contains("picked: 0.5"));
        }
        let t = c.table();
        assert_eq!(
            t.headers,
            ["threshold probability", "treat all", "model 0", "model 1"]
        );
        assert_eq!(t.rows.len(), 99);
        assert_eq!(c.summary(), "your utilities' threshold probability 0.1667");
    }

    #[test]
    fn the_yield_curve_marks_both_thresholds() {
        let c = YieldCurveChart {
            models: vec![series(0), series(1)],
            implied: Some((0.3, vec![0.11, 0.02])),
            best: vec![Some((0.01, 0.197)), None],
            references: vec![("always 1".into(), 0.0), ("always 0".into(), -0.1)],
            class0: "1".into(),
        };
        let svg = c.to_svg(375, false).unwrap();
        assert!(svg.contains("best threshold on the data"));
        let t = c.table();
        assert_eq!(t.rows[1][3], "never");
        assert_eq!(t.rows[0][2], "0.11");
        assert!(YieldCurveChart::default().to_svg(300, true).is_ok());
        assert!(DecisionCurveChart::default().to_svg(300, true).is_ok());
    }
}
