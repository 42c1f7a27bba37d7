//! The user's own question: how likely each classifier is to be the best ([`BestPlot`],
//! horizontal bars with ± 1 standard error), and how each one's yield is distributed over the
//! draws ([`YieldHistograms`], one row per classifier on a common axis, with the yield of the
//! counts themselves marked).

use super::{DrawResult, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

fn short(name: &str) -> String {
    if name.chars().count() > 20 {
        name.chars().take(19).chain(std::iter::once('…')).collect()
    } else {
        name.to_string()
    }
}

fn label_width(names: &[String]) -> f64 {
    (names
        .iter()
        .map(|s| s.chars().count().min(20))
        .max()
        .unwrap_or(1) as f64
        * 7.5
        + 14.0)
        .clamp(40.0, 170.0)
}

/// A chart of one row per name (the caller writes the names) over `x` × `y`, its x axis titled
/// `x_title`, with `margin_right` CSS pixels on the right for the values written there.
#[allow(clippy::type_complexity)]
fn rows_chart<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    theme: &Theme,
    names: &[String],
    margin_right: f64,
    (x, y): (std::ops::Range<f64>, std::ops::Range<f64>),
    x_title: &str,
) -> Result<
    ChartContext<
        'a,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    DrawingAreaErrorKind<DB::ErrorType>,
> {
    let mut cc = ChartBuilder::on(root)
        .margin_top(theme.px(8.0))
        .margin_right(theme.px(margin_right))
        .margin_left(theme.px(6.0))
        .x_label_area_size(theme.px(36.0))
        .y_label_area_size(theme.px(label_width(names)))
        .build_cartesian_2d(x, y)?;
    theme
        .mesh(&mut cc, 11.0, 12.0)
        .disable_y_mesh()
        .y_labels(0)
        .x_labels(6)
        .x_desc(x_title)
        .draw()?;
    Ok(cc)
}

/// P(best) per classifier.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BestPlot {
    /// Classifier names, top to bottom.
    pub names: Vec<String>,
    /// `P(best)`.
    pub p: Vec<f64>,
    /// Standard errors.
    pub se: Vec<f64>,
}

impl super::Plot for BestPlot {
    crate::draw_on_with!(draw_best);

    fn height_for(&self, _width: u32) -> u32 {
        (60 + 30 * self.names.len().max(1)) as u32
    }

    fn table(&self) -> super::PlotTable {
        let mut t = super::PlotTable::new(
            "Probability that each classifier is the best",
            &["classifier", "P(best)", "standard error"],
        );
        for (k, name) in self.names.iter().enumerate() {
            let at = |v: &[f64]| super::table::cell(v.get(k).copied().unwrap_or(f64::NAN));
            t = t.row(vec![name.clone(), at(&self.p), at(&self.se)]);
        }
        t
    }

    fn summary(&self) -> String {
        let each = self.names.iter().zip(&self.p);
        let all: Vec<String> = each
            .map(|(n, p)| format!("{n} {}", super::table::cell(*p)))
            .collect();
        all.join(", ")
    }
}

/// Draws the P(best) bars.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, mc_question::BestPlot};
/// let p = BestPlot { names: vec!["A".into(), "B".into()], p: vec![0.9, 0.1], se: vec![0.002, 0.002] };
/// let svg = p.to_svg(500, false).unwrap();
/// assert!(svg.contains("0.9") && svg.contains("P(best)"));
/// ```
pub fn draw_best<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &BestPlot,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let n = plot.names.len();
    if n == 0 {
        return Ok(());
    }
    let mut cc = rows_chart(
        root,
        theme,
        &plot.names,
        44.0,
        (0.0..1.0, -0.5..(n as f64 - 0.5)),
        "P(best)",
    )?;
    for (i, name) in plot.names.iter().enumerate() {
        let y = (n - 1 - i) as f64;
        let p = plot.p.get(i).copied().unwrap_or(f64::NAN);
        let se = plot.se.get(i).copied().unwrap_or(0.0);
        let colour = theme.series(i);
        if p.is_finite() {
            cc.draw_series(std::iter::once(Rectangle::new(
                [(0.0, y - 0.3), (p.clamp(0.0, 1.0), y + 0.3)],
                colour.filled(),
            )))?;
            if se > 0.0 {
                let (lo, hi) = ((p - se).max(0.0), (p + se).min(1.0));
                cc.draw_series(std::iter::once(PathElement::new(
                    vec![(lo, y), (hi, y)],
                    theme.fg().stroke_width(theme.px(1.5)),
                )))?;
            }
            let (px, py) = cc.backend_coord(&(p.clamp(0.0, 1.0), y));
            root.draw(&Text::new(
                ulab_core::text::trimmed(p, 3),
                (px + theme.px(5.0) as i32, py),
                theme.font(11.0).pos(Pos::new(HPos::Left, VPos::Center)),
            ))?;
        }
        let (px, py) = cc.backend_coord(&(0.0, y));
        root.draw(&Text::new(
            short(name),
            (px - theme.px(8.0) as i32, py),
            theme.font(12.0).pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
    }
    Ok(())
}

/// Each classifier's yield histogram over the draws, on common bins.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct YieldHistograms {
    /// Classifier names, top to bottom.
    pub names: Vec<String>,
    /// The common bin edges (`bins + 1`).
    pub edges: Vec<f64>,
    /// Counts per bin, one vector per classifier.
    pub counts: Vec<Vec<u64>>,
    /// The yield of each classifier's counts (marked with a tick).
    pub points: Vec<f64>,
    /// The x axis title.
    pub x_title: String,
}

impl super::Plot for YieldHistograms {
    crate::draw_on_with!(draw_histograms);

    fn height_for(&self, _width: u32) -> u32 {
        (60 + 56 * self.names.len().max(1)) as u32
    }

    fn table(&self) -> super::PlotTable {
        use super::table::cell;
        let mut headers = vec![self.x_title.as_str()];
        headers.extend(self.names.iter().map(String::as_str));
        let mut t = super::PlotTable::new("Draws per bin of the yield, per classifier", &headers);
        for (b, w) in self.edges.windows(2).enumerate() {
            let mut row = vec![format!("{} to {}", cell(w[0]), cell(w[1]))];
            row.extend(
                self.counts
                    .iter()
                    .map(|c| c.get(b).map_or(0, |n| *n).to_string()),
            );
            t = t.row(row);
        }
        let points: Vec<String> = self
            .names
            .iter()
            .zip(&self.points)
            .map(|(n, v)| format!("{n} {}", cell(*v)))
            .collect();
        t.capped().note(format!(
            "The yield of each classifier's counts (the tick): {}.",
            points.join(", ")
        ))
    }
}

/// Draws the yield histograms.
///
/// # Examples
///
/// ```
/// use ulab_plot::{Plot, mc_question::YieldHistograms};
/// let h = YieldHistograms {
///     names: vec!["A".into(), "B".into()],
///     edges: vec![0.0, 1.0, 2.0],
///     counts: vec![vec![3, 1], vec![0, 4]],
///     points: vec![0.5, 1.5],
///     x_title: "yield".into(),
/// };
/// assert!(h.to_svg(500, false).unwrap().contains("yield"));
/// ```
pub fn draw_histograms<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plot: &YieldHistograms,
    theme: &Theme,
) -> DrawResult<DB> {
    root.fill(&theme.bg())?;
    let n = plot.names.len();
    let finite: Vec<f64> = plot
        .edges
        .iter()
        .copied()
        .filter(|v| v.is_finite())
        .collect();
    if n == 0 || finite.len() < 2 {
        return Ok(());
    }
    let (lo, hi) = (finite[0], finite[finite.len() - 1]);
    let span = if hi > lo { hi - lo } else { 1.0 };
    let (x0, x1) = (lo - 0.02 * span, hi + 0.02 * span);
    let mut cc = rows_chart(
        root,
        theme,
        &plot.names,
        16.0,
        (x0..x1, 0.0..n as f64),
        &plot.x_title,
    )?;
    for (i, name) in plot.names.iter().enumerate() {
        let base = (n - 1 - i) as f64;
        let counts = plot.counts.get(i).cloned().unwrap_or_default();
        let max = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
        let colour = theme.series(i);
        cc.draw_series(
            counts
                .iter()
                .enumerate()
                .filter(|(b, c)| **c > 0 && b + 1 < plot.edges.len())
                .map(|(b, c)| {
                    let top = base + 0.08 + 0.8 * (*c as f64 / max);
                    Rectangle::new(
                        [(plot.edges[b], base + 0.08), (plot.edges[b + 1], top)],
                        colour.mix(0.75).filled(),
                    )
                }),
        )?;
        cc.draw_series(std::iter::once(PathElement::new(
            vec![(x0, base + 0.08), (x1, base + 0.08)],
            theme.grid().stroke_width(theme.px(1.0)),
        )))?;
        if let Some(p) = plot.points.get(i).filter(|p| p.is_finite()) {
            cc.draw_series(std::iter::once(PathElement::new(
                vec![(*p, base + 0.02), (*p, base + 0.95)],
                theme.fg().stroke_width(theme.px(2.0)),
            )))?;
        }
        let (px, py) = cc.backend_coord(&(x0, base + 0.45));
        root.draw(&Text::new(
            short(name),
            (px - theme.px(8.0) as i32, py),
            theme.font(12.0).pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Plot;

    #[test]
    fn bars_and_histograms_for_every_classifier() {
        let names: Vec<String> = ["first", "a very long classifier name indeed", "<b>c</b>"]
            .map(String::from)
            .to_vec();
        let best = BestPlot {
            names: names.clone(),
            p: vec![0.7, 0.3, 0.0],
            se: vec![0.01, 0.01, 0.0],
        };
        let svg = best.to_svg(600, true).unwrap();
        assert!(svg.contains("first") && svg.contains("a very long classif…"));
        assert!(
            svg.contains("&lt;b&gt;c&lt;/b&gt;"),
            "names are text, escaped"
        );
        let h = YieldHistograms {
            names,
            edges: (0..=10).map(|k| k as f64 / 10.0).collect(),
            counts: vec![vec![1; 10], vec![0, 0, 5, 9, 2, 0, 0, 0, 0, 0], vec![]],
            points: vec![0.5, 0.35, f64::NAN],
            x_title: "yield per item".into(),
        };
        let svg = h.to_svg(600, false).unwrap();
        assert!(svg.contains("yield per item"));
        assert!(svg.matches("<rect").count() >= 13);
    }

    #[test]
    fn degenerate_inputs_do_not_fail() {
        BestPlot::default().to_svg(300, false).unwrap();
        YieldHistograms::default().to_svg(300, false).unwrap();
        YieldHistograms {
            names: vec!["x".into()],
            edges: vec![1.0, 1.0],
            counts: vec![vec![5]],
            points: vec![1.0],
            x_title: String::new(),
        }
        .to_svg(300, false)
        .unwrap();
        BestPlot {
            names: vec!["x".into()],
            p: vec![f64::NAN],
            se: vec![],
        }
        .to_svg(300, false)
        .unwrap();
    }
}
