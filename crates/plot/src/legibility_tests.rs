//! Every plot colour against its background, in both themes, by the WCAG 2.1 contrast ratio:
//! 4.5:1 for text, 3:1 for marks (lines, bars, points, as one sees them over the background
//! when drawn translucent). Axe cannot look inside a canvas; these tests do.
//!
//! Not held to 3:1, by design: grid lines and the hexagon's fill (backdrops), the tint of the
//! mis-ranked quadrants, the density shading of fig. 4 (a scale from faint to strong), and the
//! Utility space view's regions and the points drawn on them (they lie on coloured regions, not
//! on the background).

use super::colour::{MARK_CONTRAST, TEXT_CONTRAST, contrast, over};
use super::mc_scatter::{DifferencePanel, DifferencesPlot, ScorePanel, ScoreScatter, point_colour};
use super::mc_space::{Marker, PointGroup, SpacePanel, SpacePlot, Tone, group_style, tone_colour};
use super::reliability::{SweepPanel, SweepPlot, SweepPoint, metric_colour, metric_text_colour};
use super::svg_probe::{overlapping, svg_size, texts};
use super::yields::{Sureness, YieldChart};
use super::{Plot, Theme};
use plotters::style::{Color, RGBColor};
use ulab_core::mc::Ranker;

fn themes() -> [Theme; 2] {
    [false, true].map(|dark| Theme { dark, scale: 1.0 })
}

fn name(t: &Theme) -> &'static str {
    if t.dark { "dark" } else { "light" }
}

/// A colour with opacity, as it shows over the background.
fn seen(c: impl Color, t: &Theme) -> RGBColor {
    let (r, g, b) = c.rgb();
    over(RGBColor(r, g, b), t.bg(), c.alpha())
}

#[test]
fn text_colours_read_at_4_5_to_1() {
    for t in themes() {
        let mut colours = vec![("text", t.fg()), ("muted", t.muted())];
        colours.extend((0..8).map(|i| ("series text", t.series_text(i))));
        colours.extend(Ranker::ALL.map(|r| (r.key(), metric_text_colour(r, &t))));
        for (what, c) in colours {
            let ratio = contrast(c, t.bg());
            assert!(
                ratio >= TEXT_CONTRAST,
                "{} {what} {c:?}: {ratio:.2}",
                name(&t)
            );
        }
    }
}

#[test]
fn mark_colours_stand_out_at_3_to_1() {
    for t in themes() {
        let mut colours = vec![
            ("axes", t.muted()),
            ("wrong", t.bad()),
            ("scatter points", seen(point_colour(&t), &t)),
        ];
        colours.extend((0..8).map(|i| ("series", t.series(i))));
        colours.extend(Ranker::ALL.map(|r| (r.key(), metric_colour(r, &t))));
        colours.extend((0..20).map(|d| ("decision", super::decide::decision_colour(&t, d))));
        for tone in [Tone::Blue, Tone::Red, Tone::Strong] {
            for marker in [Marker::Triangle, Marker::Square, Marker::Diamond] {
                let group = PointGroup {
                    label: String::new(),
                    marker,
                    tone,
                    points: vec![],
                };
                colours.push(("fig. 5 points", seen(group_style(&group, &t).1.color, &t)));
            }
            colours.push(("tone", tone_colour(tone, &t)));
        }
        for (what, c) in colours {
            let ratio = contrast(c, t.bg());
            assert!(
                ratio >= MARK_CONTRAST,
                "{} {what} {c:?}: {ratio:.2}",
                name(&t)
            );
        }
    }
}

/// A plot's SVG at a width, light or dark; drawn on plotters' SVG backend directly, or
/// (`true`) recorded and replayed there, as the page's "SVG" export draws it
/// ([`crate::record`]).
type Svg = Box<dyn Fn(u32, bool, bool) -> String>;

/// `plot`'s [`Svg`].
fn svg_of<P: Plot + 'static>(plot: P) -> Svg {
    Box::new(move |width, dark, recorded| {
        if !recorded {
            return plot.to_svg(width, dark).unwrap();
        }
        let size = (width, plot.height_for(width));
        let (root, record) = crate::record::Recorder::new(size);
        plot.draw_on(&root, &Theme { dark, scale: 1.0 }).unwrap();
        record.svg(size).unwrap()
    })
}

/// A sample of every Monte Carlo plot and the yield chart.
fn samples() -> Vec<(&'static str, Svg)> {
    let sweep = SweepPlot {
        panels: vec![SweepPanel {
            title: "uniform prior".into(),
            points: (0..7)
                .map(|k| SweepPoint {
                    x: 0.05 * k as f64,
                    percent: 12.0 * k as f64,
                    se: 0.1,
                })
                .collect(),
            levels: Ranker::ALL
                .iter()
                .filter(|r| !r.is_utility())
                .map(|&r| (r, 5.0 + 2.0 * r.index() as f64))
                .collect(),
        }],
        x_title: "σ: error sd before truncation".into(),
    };
    let scatter = ScoreScatter {
        panels: vec![ScorePanel {
            title: "F1 · U = [[1, 0], [0, 1]]".into(),
            subtitle: "2 % mis-ranked".into(),
            y_title: "F1".into(),
            x: vec![0.7, 0.8, 0.75, 0.9],
            y: vec![0.8, 0.7, 0.7, 0.9],
            misranked_pairs: vec![0],
        }],
        columns: 2,
    };
    let differences = DifferencesPlot {
        panels: vec![DifferencePanel {
            title: "accuracy".into(),
            subtitle: "8.8 %".into(),
            x: vec![0.1, -0.2, 0.05],
            y: vec![0.2, 0.1, 0.01],
            highlight: true,
        }],
    };
    let space = SpacePlot {
        panels: vec![SpacePanel {
            title: "errors".into(),
            density: None,
            groups: vec![PointGroup {
                label: "σ = 0.1".into(),
                marker: Marker::Triangle,
                tone: Tone::Red,
                points: vec![(0.1, 0.2)],
            }],
        }],
    };
    let yields = YieldChart {
        names: vec!["A".into(), "B".into()],
        yields: vec![3.5, -3.5],
        deployment: Some(vec![1.0, 2.0]),
        references: vec![
            ("always long".into(), -160.0),
            ("always short".into(), 65.0),
        ],
        x_title: "€ per component".into(),
        sure: vec![
            Some(Sureness {
                low: -25.9,
                high: 27.0,
                p_best: 0.61,
            }),
            None,
        ],
    };
    vec![
        ("sweep", svg_of(sweep)),
        ("scatter", svg_of(scatter)),
        ("fig. 6", svg_of(differences)),
        ("figs 4–5", svg_of(space)),
        ("yields", svg_of(yields)),
    ]
}

#[test]
fn every_text_the_plots_draw_reads_at_4_5_to_1() {
    for (what, svg) in samples() {
        for t in themes() {
            for width in [375, 900] {
                let svg = svg(width, t.dark, false);
                let all = texts(&svg);
                assert!(!all.is_empty(), "{what}");
                for text in all {
                    let c = over(text.fill, t.bg(), text.opacity);
                    let ratio = contrast(c, t.bg());
                    assert!(
                        ratio >= TEXT_CONTRAST,
                        "{what} {} {width}: {:?} in {c:?} is {ratio:.2}:1",
                        name(&t),
                        text.text
                    );
                }
            }
        }
    }
}

#[test]
fn no_text_overlaps_another_or_leaves_the_picture() {
    for (what, svg) in samples() {
        for width in [310, 375, 600, 900] {
            for dark in [false, true] {
                let svg = svg(width, dark, false);
                let all = texts(&svg);
                assert_eq!(overlapping(&all), Vec::<String>::new(), "{what} {width}");
                let size = svg_size(&svg);
                for t in &all {
                    assert!(t.inside(size), "{what} {width}: {:?} {:?}", t.text, t.bbox);
                }
            }
        }
    }
}

#[test]
fn a_recorded_plot_replays_as_the_same_svg() {
    // What the page exports (and draws on its canvas: the same record) is what the plot draws.
    for (what, svg) in samples() {
        for dark in [false, true] {
            for width in [375, 900] {
                let direct = svg(width, dark, false);
                assert!(direct.contains("<text"), "{what}");
                assert_eq!(svg(width, dark, true), direct, "{what} {width} dark={dark}");
            }
        }
    }
}
