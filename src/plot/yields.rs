//! The ranking of classifiers by utility yield: one horizontal bar per classifier (and a second,
//! lighter bar under deployment prevalence), with the trivial "always decide k" classifiers as
//! dashed reference lines.

use super::{DrawResult, Theme};
use crate::text::axis_label;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The data of the yield chart.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct YieldChart {
    /// Classifier names, top to bottom.
    pub names: Vec<String>,
    /// Yield per item on the test set, one per name.
    pub yields: Vec<f64>,
    /// Yield per item under the deployment prevalence, if set.
    pub deployment: Option<Vec<f64>>,
    /// Reference lines: label and yield (e.g. "always short", 65).
    pub references: Vec<(String, f64)>,
    /// Axis title, e.g. "utility yield per item".
    pub x_title: String,
}

impl YieldChart {
    /// A suggested pixel height for the chart (CSS pixels).
    pub fn suggested_height(&self) -> u32 {
        let per = if self.deployment.is_some() { 44 } else { 30 };
        (90 + per * self.names.len().max(1)) as u32
    }
}

impl super::Plot for YieldChart {
    fn draw_on<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        theme: &Theme,
    ) -> Result<(), String> {
        draw(root, self, theme).map_err(|e| e.to_string())
    }

    fn height_for(&self, _width: u32) -> u32 {
        self.suggested_height()
    }

    fn table(&self) -> super::PlotTable {
        use super::table::cell;
        let dep = self.deployment.as_ref();
        let mut headers = vec!["", self.x_title.as_str()];
        if dep.is_some() {
            headers.push("under the deployment shares");
        }
        let mut t = super::PlotTable::new(crate::text::capitalize(&self.x_title), &headers);
        for (i, name) in self.names.iter().enumerate() {
            let at = |v: &[f64]| cell(v.get(i).copied().unwrap_or(f64::NAN));
            let mut row = vec![name.clone(), at(&self.yields)];
            if let Some(d) = dep {
                row.push(at(d));
            }
            t = t.row(row);
        }
        for (name, v) in &self.references {
            let mut row = vec![name.clone(), cell(*v)];
            row.resize(headers.len(), String::new());
            t = t.row(row);
        }
        t.note("Classifiers from best to worst; then the trivial classifiers (dashed lines).")
    }

    fn summary(&self) -> String {
        let named = self.names.iter().zip(&self.yields);
        named
            .chain(self.references.iter().map(|(n, v)| (n, v)))
            .map(|(n, v)| format!("{n} {}", super::table::cell(*v)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Draws the yield chart on `root`.
///
/// Over ~120 lines: one chart drawn step by step (bars, trivial references, labels, legend),
/// the steps sharing its layout; cut apart they would pass a dozen locals around.
///
/// # Examples
///
/// ```
/// use utility_lab::plot::{render_svg, Theme, yields::{draw, YieldChart}};
/// let chart = YieldChart {
///     names: vec!["A".into(), "B".into()],
///     yields: vec![3.5, -3.5],
///     deployment: None,
///     references: vec![("always long".into(), -160.0), ("always short".into(), 65.0)],
///     x_title: "€ per component".into(),
/// };
/// let svg = render_svg(600, chart.suggested_height(), |root| {
///     draw(root, &chart, &Theme::default()).map_err(|e| e.to_string())
/// }).unwrap();
/// assert!(svg.contains("always short") && svg.contains(">\nA\n<"));
/// ```
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &YieldChart,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let n = chart.names.len();
    if n == 0 {
        root.draw(&Text::new(
            "No classifier yet",
            (theme.px(12.0) as i32, theme.px(20.0) as i32),
            theme.muted_font(14.0),
        ))?;
        return Ok(());
    }
    let mut values: Vec<f64> = chart.yields.clone();
    if let Some(d) = &chart.deployment {
        values.extend(d.iter().copied());
    }
    values.extend(chart.references.iter().map(|r| r.1));
    values.push(0.0);
    let finite: Vec<f64> = values.into_iter().filter(|v| v.is_finite()).collect();
    let lo = finite.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = finite.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let span = if hi > lo { hi - lo } else { 1.0 };
    let (x0, x1) = (lo - 0.06 * span, hi + 0.06 * span);

    let label_w = chart
        .names
        .iter()
        .map(|s| s.chars().count().min(24))
        .max()
        .unwrap_or(1) as f64
        * 7.5
        + 16.0;
    let top = if chart.references.is_empty() {
        12.0
    } else {
        30.0
    };
    let mut cc = ChartBuilder::on(root)
        .margin_top(theme.px(top))
        .margin_right(theme.px(16.0))
        .margin_left(theme.px(6.0))
        .x_label_area_size(theme.px(40.0))
        .y_label_area_size(theme.px(label_w.clamp(40.0, 200.0)))
        .build_cartesian_2d(x0..x1, -0.5f64..(n as f64 - 0.5))?;
    cc.configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_labels(6)
        .x_label_formatter(&|v| axis_label(*v))
        .x_desc(chart.x_title.as_str())
        .axis_desc_style(theme.muted_font(12.0))
        .label_style(theme.font(12.0))
        .axis_style(theme.muted())
        .light_line_style(TRANSPARENT)
        .bold_line_style(theme.grid())
        .draw()?;

    // Rows top to bottom: row i sits at y = n − 1 − i.
    let y_of = |i: usize| (n - 1 - i) as f64;
    let two = chart.deployment.is_some();
    for (i, name) in chart.names.iter().enumerate() {
        let color = theme.series(i);
        let y = y_of(i);
        let (a, b) = if two {
            (y + 0.05, y + 0.38)
        } else {
            (y - 0.3, y + 0.3)
        };
        if let Some(v) = chart.yields.get(i).filter(|v| v.is_finite()) {
            cc.draw_series(std::iter::once(Rectangle::new(
                [(0.0, a), (*v, b)],
                color.filled(),
            )))?;
            value_label(root, &cc, *v, (a + b) / 2.0, theme)?;
        }
        if let Some(v) = chart
            .deployment
            .as_ref()
            .and_then(|d| d.get(i))
            .filter(|v| v.is_finite())
        {
            let light = color.mix(0.45);
            cc.draw_series(std::iter::once(Rectangle::new(
                [(0.0, y - 0.38), (*v, y - 0.05)],
                light.filled(),
            )))?;
            cc.draw_series(std::iter::once(Rectangle::new(
                [(0.0, y - 0.38), (*v, y - 0.05)],
                color.stroke_width(theme.px(1.0)),
            )))?;
            value_label(root, &cc, *v, y - 0.215, theme)?;
        }
        let (px, py) = cc.backend_coord(&(x0, y));
        let shown: String = if name.chars().count() > 24 {
            name.chars().take(23).chain(std::iter::once('…')).collect()
        } else {
            name.clone()
        };
        root.draw(&Text::new(
            shown,
            (px - theme.px(8.0) as i32, py),
            theme.font(13.0).pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
    }
    // Zero line.
    cc.draw_series(std::iter::once(PathElement::new(
        vec![(0.0, -0.5), (0.0, n as f64 - 0.5)],
        theme.fg().stroke_width(theme.px(1.0)),
    )))?;
    // References: dashed vertical lines, labels above the plot, staggered if close.
    let mut last_label_px: Option<i32> = None;
    let mut stagger = false;
    let mut refs: Vec<&(String, f64)> = chart
        .references
        .iter()
        .filter(|r| r.1.is_finite())
        .collect();
    refs.sort_by(|a, b| a.1.total_cmp(&b.1));
    for (label, v) in refs {
        let dash = DashedLineSeries::new(
            vec![(*v, -0.5), (*v, n as f64 - 0.5)],
            theme.px(5.0),
            theme.px(4.0),
            theme.muted().stroke_width(theme.px(1.5)),
        );
        cc.draw_series(dash)?;
        let (px, py) = cc.backend_coord(&(*v, n as f64 - 0.5));
        if let Some(last) = last_label_px {
            stagger = (px - last).abs() < theme.px(110.0) as i32 && !stagger;
        }
        let dy = if stagger { theme.px(16.0) as i32 } else { 0 };
        root.draw(&Text::new(
            label.clone(),
            (px, py - theme.px(6.0) as i32 - dy),
            theme
                .muted_font(11.0)
                .pos(Pos::new(HPos::Center, VPos::Bottom)),
        ))?;
        last_label_px = Some(px);
    }
    if two {
        let (_, py) = cc.backend_coord(&(x0, -0.5));
        root.draw(&Text::new(
            "upper bar: test set · lower bar: deployment",
            (theme.px(6.0) as i32, py + theme.px(22.0) as i32),
            theme.muted_font(11.0).pos(Pos::new(HPos::Left, VPos::Top)),
        ))?;
    }
    Ok(())
}

/// The value at the end of a bar (outside it, on the side away from zero).
fn value_label<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    cc: &ChartContext<
        '_,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    v: f64,
    y: f64,
    theme: &Theme,
) -> DrawResult<DB> {
    let (px, py) = cc.backend_coord(&(v, y));
    let gap = theme.px(4.0) as i32;
    let (x, h) = if v >= 0.0 {
        (px + gap, HPos::Left)
    } else {
        (px - gap, HPos::Right)
    };
    root.draw(&Text::new(
        crate::text::number(v, 3),
        (x, py),
        theme.font(11.0).pos(Pos::new(h, VPos::Center)),
    ))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::render_svg;

    #[test]
    fn draws_every_name_and_reference_with_deployment() {
        let chart = YieldChart {
            names: vec!["always buy".into(), "never buy".into()],
            yields: vec![4.5, 0.0],
            deployment: Some(vec![-0.89, 0.0]),
            references: vec![("always buy".into(), 4.5), ("always not buy".into(), 0.0)],
            x_title: "yield".into(),
        };
        let svg = render_svg(500, chart.suggested_height(), |r| {
            draw(
                r,
                &chart,
                &Theme {
                    dark: true,
                    scale: 1.0,
                },
            )
            .map_err(|e| e.to_string())
        })
        .unwrap();
        assert!(svg.contains("never buy"));
        assert!(svg.contains("always not buy"));
        assert!(svg.contains("deployment"));
        assert!(svg.matches("<rect").count() >= 4, "bars missing");
    }

    #[test]
    fn empty_and_degenerate_inputs_do_not_fail() {
        for chart in [
            YieldChart::default(),
            YieldChart {
                names: vec!["x".into()],
                yields: vec![0.0],
                ..Default::default()
            },
            YieldChart {
                names: vec!["x".into()],
                yields: vec![f64::NAN],
                ..Default::default()
            },
        ] {
            render_svg(300, 120, |r| {
                draw(r, &chart, &Theme::default()).map_err(|e| e.to_string())
            })
            .unwrap();
        }
    }
}
