//! The reliability diagrams: one panel per class (one against the rest), each model's mean
//! predicted probability of the class against the observed frequency of the class in each bin,
//! the 90 % Wilson interval as a whisker, the diagonal of perfect calibration, and above the
//! panel a strip with the items of each bin (where the model's probabilities fall). A
//! recalibrated model is drawn dashed, without whiskers.

use super::super::reliability::grid_layout;
use super::super::{DrawResult, Theme};
use super::{LegendEntry, draw_legend, legend_height, short};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One bin of one model's diagram.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BinPoint {
    /// The bin `(from, to]` (the first bin includes 0).
    pub bin: (f64, f64),
    /// The mean predicted probability of the class in the bin.
    pub predicted: f64,
    /// The share of the bin's items that are of the class.
    pub observed: f64,
    /// Its 90 % Wilson interval.
    pub interval: (f64, f64),
    /// Items in the bin.
    pub count: u64,
}

/// One model in one panel.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReliabilitySeries {
    /// The model's name.
    pub name: String,
    /// Its palette index.
    pub colour: usize,
    /// A recalibrated model: dashed, no whiskers, no count bars.
    pub dashed: bool,
    /// Its non-empty bins, in order.
    pub points: Vec<BinPoint>,
    /// Its expected calibration error for this class, if defined.
    pub error: Option<f64>,
}

/// One class's panel.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReliabilityPanel {
    /// The class.
    pub class: String,
    /// Each model.
    pub series: Vec<ReliabilitySeries>,
}

/// The reliability diagrams of every class.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReliabilityChart {
    /// One panel per class.
    pub panels: Vec<ReliabilityPanel>,
    /// The number of bins.
    pub bins: usize,
}

/// The narrowest panel, CSS pixels.
const PANEL_MIN_WIDTH: u32 = 300;

/// The strip of bin counts above each panel, CSS pixels.
const STRIP: f64 = 34.0;

impl ReliabilityChart {
    fn legend(&self) -> Vec<LegendEntry> {
        let mut out = vec![LegendEntry {
            text: "perfectly calibrated".into(),
            colour: None,
            dashed: true,
        }];
        if let Some(p) = self.panels.first() {
            out.extend(p.series.iter().map(|s| LegendEntry {
                text: s.name.clone(),
                colour: Some(s.colour),
                dashed: s.dashed,
            }));
        }
        out
    }

    fn layout(&self, width: u32) -> (usize, usize) {
        grid_layout(
            width,
            self.panels.len(),
            self.panels.len().min(3),
            PANEL_MIN_WIDTH,
        )
    }

    fn panel_height(width: u32, cols: usize) -> u32 {
        let w = f64::from(width / cols.max(1) as u32);
        (w * 0.8).clamp(240.0, 380.0) as u32 + STRIP as u32
    }
}

impl super::super::Plot for ReliabilityChart {
    crate::draw_on_with!(draw);

    fn height_for(&self, width: u32) -> u32 {
        let (rows, cols) = self.layout(width);
        legend_height(&self.legend(), width) + rows as u32 * Self::panel_height(width, cols)
    }

    fn table(&self) -> crate::PlotTable {
        use crate::table::cell;
        let mut t = crate::PlotTable::new(
            "Reliability: mean predicted probability against observed frequency, per class and bin",
            &[
                "class, model",
                "bin",
                "items",
                "mean predicted",
                "observed",
                "90 % interval",
            ],
        );
        for p in &self.panels {
            for s in &p.series {
                for b in &s.points {
                    t = t.row(vec![
                        format!("{}, {}", p.class, s.name),
                        format!("({}, {}]", cell(b.bin.0), cell(b.bin.1)),
                        b.count.to_string(),
                        cell(b.predicted),
                        cell(b.observed),
                        format!("{} to {}", cell(b.interval.0), cell(b.interval.1)),
                    ]);
                }
            }
        }
        t.capped()
            .note("Empty bins are left out; the CSV export has every bin.")
    }

    fn summary(&self) -> String {
        let each: Vec<String> = self
            .panels
            .iter()
            .flat_map(|p| {
                p.series.iter().filter(|s| !s.dashed).filter_map(move |s| {
                    s.error.map(|e| {
                        format!(
                            "{} on {}: calibration error {}",
                            s.name,
                            p.class,
                            crate::table::cell(e)
                        )
                    })
                })
            })
            .collect();
        each.join("; ")
    }
}

/// Draws the diagrams.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, probs::reliability::{BinPoint, ReliabilityChart, ReliabilityPanel, ReliabilitySeries}};
/// let s = ReliabilitySeries {
///     name: "B".into(),
///     points: vec![BinPoint { bin: (0.8, 0.9), predicted: 0.85, observed: 0.6, interval: (0.5, 0.7), count: 40 }],
///     error: Some(0.25),
///     ..Default::default()
/// };
/// let chart = ReliabilityChart { panels: vec![ReliabilityPanel { class: "ok".into(), series: vec![s] }], bins: 10 };
/// let svg = chart.to_svg(600, false).unwrap();
/// assert!(svg.contains("ok") && svg.contains("perfectly calibrated") && svg.contains("items per bin"));
/// ```
pub fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &ReliabilityChart,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    if chart.panels.is_empty() {
        root.draw(&Text::new(
            "No probabilities yet",
            (theme.px(12.0) as i32, theme.px(20.0) as i32),
            theme.muted_font(14.0),
        ))?;
        return Ok(());
    }
    let css_w = theme.css_width(root) as u32;
    let legend = chart.legend();
    let (top, rest) = root.split_vertically(theme.px(f64::from(legend_height(&legend, css_w))));
    draw_legend(&top, &legend, theme)?;
    let (rows, cols) = chart.layout(css_w);
    let areas = rest.split_evenly((rows, cols));
    for (area, panel) in areas.iter().zip(&chart.panels) {
        draw_panel(area, panel, theme)?;
    }
    Ok(())
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    panel: &ReliabilityPanel,
    theme: &Theme,
) -> DrawResult<DB> {
    let (strip, main) = area.split_vertically(theme.px(STRIP + 22.0));
    let margin = theme.px(8.0);
    let y_labels = theme.px(44.0);
    let mut cc = ChartBuilder::on(&main)
        .margin_left(margin)
        .margin_right(theme.px(14.0))
        .margin_bottom(margin)
        .x_label_area_size(theme.px(38.0))
        .y_label_area_size(y_labels)
        .build_cartesian_2d(0f64..1f64, 0f64..1f64)?;
    let class = short(&panel.class, 18);
    theme
        .mesh(&mut cc, 10.5, 11.5)
        .x_labels(6)
        .y_labels(6)
        .x_desc(format!("mean predicted p({class})"))
        .y_desc(format!("observed share of {class}"))
        .draw()?;
    cc.draw_series(DashedLineSeries::new(
        vec![(0.0, 0.0), (1.0, 1.0)],
        theme.px(5.0),
        theme.px(4.0),
        theme.muted().stroke_width(theme.px(1.2)),
    ))?;
    for s in &panel.series {
        let c = theme.series(s.colour);
        let pts: Vec<(f64, f64)> = s.points.iter().map(|b| (b.predicted, b.observed)).collect();
        if s.dashed {
            cc.draw_series(DashedLineSeries::new(
                pts.clone(),
                theme.px(5.0),
                theme.px(3.0),
                c.stroke_width(theme.px(1.8)),
            ))?;
            cc.draw_series(
                pts.iter()
                    .map(|&p| Circle::new(p, theme.px(3.0), c.stroke_width(theme.px(1.5)))),
            )?;
            continue;
        }
        for b in &s.points {
            cc.draw_series(std::iter::once(PathElement::new(
                vec![(b.predicted, b.interval.0), (b.predicted, b.interval.1)],
                c.mix(0.8).stroke_width(theme.px(1.3)),
            )))?;
        }
        cc.draw_series(LineSeries::new(pts.clone(), c.stroke_width(theme.px(2.0))))?;
        cc.draw_series(
            pts.iter()
                .map(|&p| Circle::new(p, theme.px(3.5), c.filled())),
        )?;
    }
    // The strip of counts, aligned with the panel's x axis.
    let (x0, _) = cc.backend_coord(&(0.0, 0.0));
    let (x1, _) = cc.backend_coord(&(1.0, 0.0));
    draw_strip(&strip, panel, (x0, x1), theme)
}

/// The panel's title and, under it, the items of each bin as bars (one per model, side by
/// side within the bin), scaled to the fullest bin of the panel.
fn draw_strip<DB: DrawingBackend>(
    strip: &DrawingArea<DB, Shift>,
    panel: &ReliabilityPanel,
    (x0, x1): (i32, i32),
    theme: &Theme,
) -> DrawResult<DB> {
    let base = strip.get_base_pixel();
    let (x0, x1) = (x0 - base.0, x1 - base.0);
    strip.draw(&Text::new(
        format!("class {}", short(&panel.class, 24)),
        (x0, theme.px(2.0) as i32),
        theme.font(13.0).pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    strip.draw(&Text::new(
        "items per bin",
        (x1, theme.px(4.0) as i32),
        theme.muted_font(10.0).pos(Pos::new(HPos::Right, VPos::Top)),
    ))?;
    let counted: Vec<&super::reliability::ReliabilitySeries> =
        panel.series.iter().filter(|s| !s.dashed).collect();
    let most = counted
        .iter()
        .flat_map(|s| s.points.iter().map(|b| b.count))
        .max()
        .unwrap_or(0);
    if most == 0 {
        return Ok(());
    }
    let (_, h) = strip.dim_in_pixel();
    let bottom = h as i32 - theme.px(2.0) as i32;
    let tall = f64::from(theme.px(STRIP - 8.0));
    let span = f64::from(x1 - x0);
    let k = counted.len() as f64;
    for (j, s) in counted.iter().enumerate() {
        let c = theme.series(s.colour);
        for b in &s.points {
            let w = (b.bin.1 - b.bin.0) * span;
            let left = f64::from(x0) + b.bin.0 * span + w * (0.1 + 0.8 * j as f64 / k);
            let right = left + (0.8 * w / k - 1.0).max(1.0);
            let top = bottom - (tall * b.count as f64 / most as f64).round().max(1.0) as i32;
            strip.draw(&Rectangle::new(
                [(left.round() as i32, top), (right.round() as i32, bottom)],
                c.filled(),
            ))?;
        }
    }
    strip.draw(&PathElement::new(
        vec![(x0, bottom), (x1, bottom)],
        theme.muted().stroke_width(theme.px(1.0)),
    ))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Plot;

    fn series(name: &str, colour: usize, dashed: bool) -> ReliabilitySeries {
        ReliabilitySeries {
            name: name.into(),
            colour,
            dashed,
            points: (0..10)
                .map(|k| {
                    let p = (k as f64 + 0.5) / 10.0;
                    BinPoint {
                        bin: (k as f64 / 10.0, (k + 1) as f64 / 10.0),
                        predicted: p,
                        observed: p * p,
                        interval: (p * p * 0.8, (p * p * 1.2).min(1.0)),
                        count: 10 + k,
                    }
                })
                .collect(),
            error: Some(0.1),
        }
    }

    #[test]
    fn draws_three_classes_at_375_and_1280_in_both_themes() {
        let chart = ReliabilityChart {
            panels: ["ok", "minor", "severe"]
                .iter()
                .map(|c| ReliabilityPanel {
                    class: c.to_string(),
                    series: vec![
                        series("calibrated", 0, false),
                        series("overconfident", 1, false),
                        series("overconfident (recalibrated)", 1, true),
                    ],
                })
                .collect(),
            bins: 10,
        };
        for (w, dark) in [(375, false), (1280, true)] {
            let svg = chart.to_svg(w, dark).unwrap();
            assert!(svg.contains("class severe") && svg.contains("overconfident"));
            assert!(svg.contains("mean predicted p(minor)"));
        }
        // One panel a row at 375 px, three at 1280.
        assert_eq!(chart.layout(375), (3, 1));
        assert_eq!(chart.layout(1280), (1, 3));
        let t = chart.table();
        assert_eq!(t.rows.len(), 90);
        assert_eq!(t.rows[0][0], "ok, calibrated");
        assert!(
            chart
                .summary()
                .contains("calibrated on ok: calibration error 0.1")
        );
        assert!(ReliabilityChart::default().to_svg(300, false).is_ok());
    }
}
