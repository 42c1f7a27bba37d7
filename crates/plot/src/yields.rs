//! The ranking of classifiers by utility yield: one horizontal bar per classifier (and a second,
//! lighter bar under deployment prevalence), with the trivial "always decide k" classifiers as
//! dashed reference lines.
//!
//! Over 500 lines: the chart, its label rows (so that no two "always …" labels overlap) and
//! their tests (~150 lines) read best together.

use super::{DrawResult, Theme};
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
    /// Per classifier, the 90 % interval of its yield per item (under the deployment shares
    /// when they are set) and the probability that it is the best, once computed: drawn as a
    /// whisker under its bar.
    pub sure: Vec<Option<Sureness>>,
}

/// How sure a classifier's yield and rank are (drawn as a whisker; in the chart's table).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sureness {
    /// The 5 % quantile of the yield per item.
    pub low: f64,
    /// The 95 % quantile.
    pub high: f64,
    /// The probability that it is the best of the classifiers.
    pub p_best: f64,
}

/// Sizes of the chart, in CSS pixels (scaled by [`Theme::scale`] when drawn).
const MARGIN_LEFT: f64 = 6.0;
const MARGIN_RIGHT: f64 = 16.0;
const NAME_FONT: f64 = 13.0;
const VALUE_FONT: f64 = 11.0;
/// The reference labels ("always short"): their font, the height of a row of them above the
/// plot, and the least gap between two in one row.
const REF_FONT: f64 = 11.0;
const REF_ROW: f64 = 15.0;
const REF_GAP: f64 = 8.0;
/// The height of the x axis's labels and title.
const AXIS_H: f64 = 40.0;
/// The space a text takes, in ems a character: a generous bound for the page's sans-serif
/// (its lower case averages about 0.5 em), so that labels laid out by it never touch.
const CHAR_EM: f64 = 0.6;

/// The width of `text` at `size` pixels, by [`CHAR_EM`].
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * CHAR_EM * size
}

/// A reference label laid out above the plot.
#[derive(Debug, Clone, PartialEq)]
struct PlacedLabel {
    /// The text (shortened with "…" if wider than the chart).
    text: String,
    /// Its left edge, CSS pixels from the chart's left edge.
    left: f64,
    /// Its row: 0 just above the plot, 1 above that, …
    row: usize,
}

/// Places labels of the given `(centre, width)` (pixels) in rows: each as near its centre as
/// the chart's `width` allows, in the lowest row where it keeps `gap` from the labels already
/// there, taken from left to right. Returns `(left, row)` for each, in the input order.
///
/// ```
/// use ulab_plot::yields::place_in_rows;
/// // Three labels 60 px wide whose centres are 10 px apart: three rows.
/// let placed = place_in_rows(&[(100.0, 60.0), (110.0, 60.0), (120.0, 60.0)], 400.0, 8.0);
/// assert_eq!(placed.iter().map(|p| p.1).collect::<Vec<_>>(), [0, 1, 2]);
/// // Far apart: one row; near an edge: moved inside.
/// let placed = place_in_rows(&[(10.0, 60.0), (300.0, 60.0)], 320.0, 8.0);
/// assert_eq!(placed, [(0.0, 0), (260.0, 0)]);
/// ```
pub fn place_in_rows(labels: &[(f64, f64)], width: f64, gap: f64) -> Vec<(f64, usize)> {
    let starts: Vec<f64> = labels.iter().map(|l| l.0).collect();
    let order = ulab_core::order::order_by(&starts, false);
    let mut row_ends: Vec<f64> = Vec::new();
    let mut out = vec![(0.0, 0); labels.len()];
    for i in order {
        let (centre, w) = labels[i];
        let left = (centre - w / 2.0).min(width - w).max(0.0);
        let row = match row_ends.iter().position(|end| end + gap <= left) {
            Some(r) => r,
            None => {
                row_ends.push(f64::NEG_INFINITY);
                row_ends.len() - 1
            }
        };
        row_ends[row] = left + w;
        out[i] = (left, row);
    }
    out
}

/// Where everything goes for one width, in CSS pixels.
#[derive(Debug, Clone, PartialEq)]
struct Layout {
    /// The x range drawn.
    x0: f64,
    x1: f64,
    /// Width of the names' column.
    names_w: f64,
    /// Top margin (the reference labels' rows).
    top: f64,
    /// The reference lines' labels, in the order of `references` (finite ones only).
    labels: Vec<(PlacedLabel, f64)>,
}

impl YieldChart {
    /// The values of the bars (test set, then deployment), finite ones only.
    fn bar_values(&self) -> impl Iterator<Item = f64> + '_ {
        self.yields
            .iter()
            .chain(self.deployment.iter().flatten())
            .copied()
            .filter(|v| v.is_finite())
    }

    /// The ends of the intervals, finite ones only.
    fn interval_ends(&self) -> impl Iterator<Item = f64> + '_ {
        self.sure
            .iter()
            .flatten()
            .flat_map(|s| [s.low, s.high])
            .filter(|v| v.is_finite())
    }

    fn layout(&self, width: f64) -> Layout {
        let names_w = (self
            .names
            .iter()
            .map(|s| s.chars().count().min(24))
            .max()
            .unwrap_or(1) as f64
            * CHAR_EM
            * NAME_FONT
            + 16.0)
            .clamp(40.0, 200.0);
        let (left, right) = (MARGIN_LEFT + names_w, width - MARGIN_RIGHT);
        let plot_w = (right - left).max(10.0);
        // The data, zero and the references, padded so that the value at the end of the
        // longest bar on each side fits inside the plot.
        let refs = self
            .references
            .iter()
            .map(|r| r.1)
            .filter(|v| v.is_finite());
        let all: Vec<f64> = self
            .bar_values()
            .chain(self.interval_ends())
            .chain(refs)
            .chain([0.0])
            .collect();
        let lo = all.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = all.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let span = if hi > lo { hi - lo } else { 1.0 };
        let pad = |neg: bool| {
            self.bar_values()
                .filter(|v| (*v < 0.0) == neg)
                .map(|v| text_width(&ulab_core::text::number(v, 3), VALUE_FONT) + 8.0)
                .fold(0.06 * plot_w, f64::max)
                .min(plot_w / 3.0)
        };
        let (pad_lo, pad_hi) = (pad(true), pad(false));
        let per_px = span / (plot_w - pad_lo - pad_hi);
        let (x0, x1) = (lo - pad_lo * per_px, hi + pad_hi * per_px);
        let at = |v: f64| left + (v - x0) / (x1 - x0) * plot_w;
        let finite: Vec<&(String, f64)> =
            self.references.iter().filter(|r| r.1.is_finite()).collect();
        let texts: Vec<String> = finite
            .iter()
            .map(|(label, _)| {
                let most = (width / (CHAR_EM * REF_FONT)).floor().max(2.0) as usize;
                if label.chars().count() <= most {
                    label.clone()
                } else {
                    ulab_core::text::truncate(label, most - 1)
                }
            })
            .collect();
        let boxes: Vec<(f64, f64)> = finite
            .iter()
            .zip(&texts)
            .map(|((_, v), t)| (at(*v), text_width(t, REF_FONT)))
            .collect();
        let placed = place_in_rows(&boxes, width, REF_GAP);
        let rows = placed.iter().map(|p| p.1 + 1).max().unwrap_or(0);
        let top = if rows == 0 {
            12.0
        } else {
            6.0 + rows as f64 * REF_ROW
        };
        let labels = placed
            .into_iter()
            .zip(texts)
            .zip(&finite)
            .map(|(((left, row), text), r)| (PlacedLabel { text, left, row }, r.1))
            .collect();
        Layout {
            x0,
            x1,
            names_w,
            top,
            labels,
        }
    }

    /// The margin under the axis: room for the legend of the two bars, if any.
    fn bottom(&self) -> f64 {
        if self.deployment.is_some() { 20.0 } else { 4.0 }
    }

    /// The chart's height in CSS pixels at `width`: a row per classifier, the reference
    /// labels' rows above, the axis below.
    fn height_at(&self, width: u32) -> u32 {
        let per = if self.deployment.is_some() {
            44.0
        } else {
            30.0
        };
        let below = AXIS_H + self.bottom();
        let top = self.layout(f64::from(width)).top;
        (top + below + per * self.names.len().max(1) as f64).round() as u32
    }
}

impl super::Plot for YieldChart {
    crate::draw_on_with!(draw);

    fn height_for(&self, width: u32) -> u32 {
        self.height_at(width)
    }

    fn table(&self) -> super::PlotTable {
        use super::table::cell;
        let dep = self.deployment.as_ref();
        let mut headers = vec!["", self.x_title.as_str()];
        if dep.is_some() {
            headers.push("under the deployment shares");
        }
        let sure = self.sure.iter().any(Option::is_some);
        if sure {
            headers.extend(["90 % interval", "P(best)"]);
        }
        let mut t = super::PlotTable::new(ulab_core::text::capitalize(&self.x_title), &headers);
        for (i, name) in self.names.iter().enumerate() {
            let at = |v: &[f64]| cell(v.get(i).copied().unwrap_or(f64::NAN));
            let mut row = vec![name.clone(), at(&self.yields)];
            if let Some(d) = dep {
                row.push(at(d));
            }
            if sure {
                match self.sure.get(i).copied().flatten() {
                    Some(s) => {
                        row.push(format!("{} to {}", cell(s.low), cell(s.high)));
                        row.push(format!("{:.2}", s.p_best));
                    }
                    None => row.extend([String::new(), String::new()]),
                }
            }
            t = t.row(row);
        }
        for (name, v) in &self.references {
            let mut row = vec![name.clone(), cell(*v)];
            row.resize(headers.len(), String::new());
            t = t.row(row);
        }
        let t =
            t.note("Classifiers from best to worst; then the trivial classifiers (dashed lines).");
        if sure {
            t.note(
                "The whiskers: 90 % of each yield's posterior given the test-set size (Dirichlet \
                 on the confusion counts); P(best) among the classifiers.",
            )
        } else {
            t
        }
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
/// use ulab_plot::{Plot, yields::{Sureness, YieldChart}};
/// let chart = YieldChart {
///     names: vec!["A".into(), "B".into()],
///     yields: vec![3.5, -3.5],
///     deployment: None,
///     references: vec![("always long".into(), -160.0), ("always short".into(), 65.0)],
///     x_title: "€ per component".into(),
///     sure: vec![Some(Sureness { low: -25.9, high: 27.0, p_best: 0.61 }), None],
/// };
/// let svg = chart.to_svg(600, false).unwrap();
/// assert!(svg.contains("always short") && svg.contains(">\nA\n<"));
/// ```
///
/// Over ~120 lines: one chart drawn step by step (mesh, bars, intervals, reference lines,
/// labels), each step reading the layout the previous ones set.
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
    let s = theme.scale;
    let layout = chart.layout(f64::from(root.dim_in_pixel().0) / s);
    let (x0, x1) = (layout.x0, layout.x1);
    let mut cc = ChartBuilder::on(root)
        .margin_top(theme.px(layout.top))
        .margin_right(theme.px(MARGIN_RIGHT))
        .margin_left(theme.px(MARGIN_LEFT))
        .margin_bottom(theme.px(chart.bottom()))
        .x_label_area_size(theme.px(AXIS_H))
        .y_label_area_size(theme.px(layout.names_w))
        .build_cartesian_2d(x0..x1, -0.5f64..(n as f64 - 0.5))?;
    theme
        .mesh(&mut cc, 12.0, 12.0)
        .disable_y_mesh()
        .y_labels(0)
        .x_labels(6)
        .x_desc(chart.x_title.as_str())
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
        if let Some(s) = chart.sure.get(i).copied().flatten() {
            let wy = if two { y - 0.46 } else { y - 0.38 };
            whisker(&mut cc, s, wy, theme)?;
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
            theme
                .font(NAME_FONT)
                .pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
    }
    // Zero line.
    cc.draw_series(std::iter::once(PathElement::new(
        vec![(0.0, -0.5), (0.0, n as f64 - 0.5)],
        theme.fg().stroke_width(theme.px(1.0)),
    )))?;
    // References: dashed vertical lines; their labels above the plot, in as many rows as
    // they need not to overlap.
    let (_, plot_top) = cc.backend_coord(&(x0, n as f64 - 0.5));
    for (label, v) in &layout.labels {
        let dash = DashedLineSeries::new(
            vec![(*v, -0.5), (*v, n as f64 - 0.5)],
            theme.px(5.0),
            theme.px(4.0),
            theme.muted().stroke_width(theme.px(1.5)),
        );
        cc.draw_series(dash)?;
        let bottom = plot_top - theme.px(4.0 + REF_ROW * label.row as f64) as i32;
        root.draw(&Text::new(
            label.text.clone(),
            ((label.left * s).round() as i32, bottom),
            theme
                .muted_font(REF_FONT)
                .pos(Pos::new(HPos::Left, VPos::Bottom)),
        ))?;
    }
    if two {
        let (_, py) = cc.backend_coord(&(x0, -0.5));
        root.draw(&Text::new(
            "upper bar: test set · lower bar: deployment",
            (
                theme.px(MARGIN_LEFT) as i32,
                py + theme.px(AXIS_H + 2.0) as i32,
            ),
            theme.muted_font(11.0).pos(Pos::new(HPos::Left, VPos::Top)),
        ))?;
    }
    Ok(())
}

/// A 90 % interval: a line from `low` to `high` at height `y`, with short caps.
fn whisker<DB: DrawingBackend>(
    cc: &mut ChartContext<
        '_,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    s: Sureness,
    y: f64,
    theme: &Theme,
) -> DrawResult<DB> {
    if !(s.low.is_finite() && s.high.is_finite()) {
        return Ok(());
    }
    let style = theme.fg().stroke_width(theme.px(1.5));
    cc.draw_series(
        [
            vec![(s.low, y), (s.high, y)],
            vec![(s.low, y - 0.07), (s.low, y + 0.07)],
            vec![(s.high, y - 0.07), (s.high, y + 0.07)],
        ]
        .into_iter()
        .map(|pts| PathElement::new(pts, style)),
    )?;
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
        ulab_core::text::number(v, 3),
        (x, py),
        theme.font(VALUE_FONT).pos(Pos::new(h, VPos::Center)),
    ))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg_probe::{overlapping, svg_size, texts};
    use crate::{Plot, render_svg};

    #[test]
    fn draws_every_name_and_reference_with_deployment() {
        let chart = YieldChart {
            names: vec!["always buy".into(), "never buy".into()],
            yields: vec![4.5, 0.0],
            deployment: Some(vec![-0.89, 0.0]),
            references: vec![("always buy".into(), 4.5), ("always not buy".into(), 0.0)],
            x_title: "yield".into(),
            sure: vec![],
        };
        let svg = chart.to_svg(500, true).unwrap();
        assert!(svg.contains("never buy"));
        assert!(svg.contains("always not buy"));
        assert!(svg.contains("deployment"));
        assert!(svg.matches("<rect").count() >= 4, "bars missing");
    }

    /// `k` classes with the identity utility (a yield is an accuracy): the trivial classifiers
    /// "always k" yield the class shares, all close together.
    fn classes(names: &[&str], shares: &[f64], deployment: bool) -> YieldChart {
        let mut references: Vec<(String, f64)> = names
            .iter()
            .zip(shares)
            .map(|(n, s)| (format!("always {n}"), *s))
            .collect();
        if deployment {
            references.extend(
                names
                    .iter()
                    .zip(shares.iter().rev())
                    .map(|(n, s)| (format!("always {n} (deployment)"), *s)),
            );
        }
        YieldChart {
            names: vec!["A".into(), "B".into(), "a longer name".into()],
            yields: vec![0.71, 0.57, -0.05],
            deployment: deployment.then(|| vec![0.66, 0.6, -0.12]),
            references,
            x_title: "utility yield per item".into(),
            sure: vec![],
        }
    }

    #[test]
    fn no_two_labels_overlap_and_all_lie_inside_with_three_and_five_classes() {
        let three = (["cat", "dog", "bird"], [0.34, 0.33, 0.33]);
        let five = (
            ["cat", "dog", "bird", "fish", "horse"],
            [0.2, 0.21, 0.19, 0.2, 0.2],
        );
        let charts = [
            classes(&three.0, &three.1, false),
            classes(&three.0, &three.1, true),
            classes(&five.0, &five.1, false),
            classes(&five.0, &five.1, true),
        ];
        for chart in &charts {
            for width in [320, 375, 600, 1000] {
                for dark in [false, true] {
                    let svg = chart.to_svg(width, dark).unwrap();
                    let size = svg_size(&svg);
                    let all = texts(&svg);
                    let refs = all.iter().filter(|t| t.text.starts_with("always")).count();
                    assert_eq!(refs, chart.references.len(), "{width}");
                    assert_eq!(overlapping(&all), Vec::<String>::new(), "{width}");
                    for t in &all {
                        assert!(
                            t.inside(size),
                            "{width}: {:?} {:?} outside {size:?}",
                            t.text,
                            t.bbox
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn intervals_are_drawn_and_widen_the_axis_and_fill_the_table() {
        let mut chart = YieldChart {
            names: vec!["A".into(), "B".into()],
            yields: vec![3.5, -3.5],
            deployment: None,
            references: vec![],
            x_title: "€ per component".into(),
            sure: vec![],
        };
        let plain = chart.to_svg(600, false).unwrap();
        let (x0, x1) = (chart.layout(600.0).x0, chart.layout(600.0).x1);
        chart.sure = vec![
            Some(Sureness {
                low: -25.9,
                high: 27.0,
                p_best: 0.61,
            }),
            Some(Sureness {
                low: -30.0,
                high: 22.0,
                p_best: 0.39,
            }),
        ];
        let l = chart.layout(600.0);
        assert!(l.x0 < x0 && l.x1 > x1 && l.x0 < -30.0 && l.x1 > 27.0);
        let with = chart.to_svg(600, false).unwrap();
        // Three lines per whisker, the only lines 1.5 px wide (2 in the SVG).
        let thick = |svg: &str| {
            svg.split("<polyline")
                .filter(|p| p.contains("stroke-width=\"2\""))
                .count()
        };
        assert_eq!((thick(&plain), thick(&with)), (0, 6), "{with}");
        let t = chart.table();
        assert_eq!(t.headers[2..], ["90 % interval", "P(best)"]);
        assert_eq!(t.rows[0][2..], ["−25.9 to 27", "0.61"]);
    }

    #[test]
    fn the_factory_labels_are_one_row_and_far_apart_ones_stay_above_their_lines() {
        // The factory (Dyrland et al. 2022, eq. 4): always long −160, always short 65.
        let chart = YieldChart {
            names: vec!["A".into(), "B".into()],
            yields: vec![3.5, -3.5],
            deployment: None,
            references: vec![
                ("always long".into(), -160.0),
                ("always short".into(), 65.0),
            ],
            x_title: "€ per component".into(),
            sure: vec![],
        };
        let layout = chart.layout(600.0);
        assert!(layout.labels.iter().all(|(l, _)| l.row == 0));
        assert_eq!(layout.top, 6.0 + REF_ROW);
    }

    #[test]
    fn place_in_rows_never_overlaps_and_stays_inside() {
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        for _ in 0..200 {
            let n = 1 + (next() * 9.0) as usize;
            let labels: Vec<(f64, f64)> = (0..n)
                .map(|_| (next() * 400.0, 20.0 + next() * 100.0))
                .collect();
            let placed = place_in_rows(&labels, 400.0, 8.0);
            for (i, (&(_, w), &(l, r))) in labels.iter().zip(&placed).enumerate() {
                assert!(l >= 0.0 && l + w <= 400.0 + 1e-9);
                for (&(_, w2), &(l2, r2)) in labels.iter().zip(&placed).skip(i + 1) {
                    assert!(r != r2 || l + w + 8.0 <= l2 + 1e-9 || l2 + w2 + 8.0 <= l + 1e-9);
                }
            }
        }
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
                references: vec![("always a very long decision name indeed".repeat(4), 1.0)],
                ..Default::default()
            },
        ] {
            render_svg(300, 120, |r| {
                draw(r, &chart, &Theme::default()).map_err(|e| e.to_string())
            })
            .unwrap();
            chart.to_svg(200, true).unwrap();
        }
    }
}
