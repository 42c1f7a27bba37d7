//! The Preference-driven measure view's plots: they render (SVG) for 1–20 classifiers, 2–20
//! classes and degenerate matrices without failing, in both themes and at phone and desktop
//! widths; the hit test inverts the drawing; and an ignored test writes the pictures to
//! `/tmp/pd_plots/` to be looked at (`cargo test --test it pd_view_plots -- --ignored`).

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use utility_lab::core::{ConfusionMatrix, Matrix, Orientation};
use utility_lab::plot::Plot;
use utility_lab::plot::pd::heatmap::HeatmapPlot;
use utility_lab::plot::pd::histogram::HistogramPlot;
use utility_lab::plot::pd::winners::WinnerMap;
use utility_lab::state::pd::grid::{GridPlan, GridSettings};
use utility_lab::state::pd::heatmap::heatmaps;
use utility_lab::state::pd::presets::TABLE3;
use utility_lab::state::pd::{Classifiers, kappa, table};

fn random_classifiers(rng: &mut Xoshiro256PlusPlus, m: usize, n: usize) -> Classifiers {
    let cms = (0..m)
        .map(|k| {
            let d: Vec<f64> = (0..n * n)
                .map(|i| match k % 4 {
                    // degenerate: never outputs anything but class 0 (precision 0/0)
                    1 => {
                        if i < n {
                            rng.random_range(1..9) as f64
                        } else {
                            0.0
                        }
                    }
                    // perfect
                    2 => {
                        if i % (n + 1) == 0 {
                            5.0
                        } else {
                            0.0
                        }
                    }
                    _ => rng.random_range(0..30) as f64,
                })
                .collect();
            let mut d = d;
            if d.iter().all(|v| *v == 0.0) {
                d[0] = 1.0;
            }
            ConfusionMatrix::from_counts(Matrix::new(n, n, d).unwrap()).unwrap()
        })
        .collect();
    Classifiers::new((0..m).map(|k| format!("classifier {k}")).collect(), cms).unwrap()
}

fn heatmap_plot(c: &Classifiers, divisions: usize) -> HeatmapPlot {
    let kappas = kappa::in_force(None, c).unwrap();
    HeatmapPlot {
        heatmaps: heatmaps(c, divisions).unwrap(),
        classes: ["long".into(), "short".into()],
        markers: kappas.iter().map(|k| Some([k[0], k[1]])).collect(),
    }
}

fn histogram_plot(c: &Classifiers) -> HistogramPlot {
    let t = table::table(c, None, None).unwrap();
    GridPlan::new(c, &GridSettings::default())
        .unwrap()
        .run()
        .histogram_plot(t.rows.iter().map(|r| Some(r.pd)).collect())
}

#[test]
fn two_class_plots_render_for_1_to_20_classifiers() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    for m in [1, 2, 3, 5, 8, 13, 20] {
        let c = random_classifiers(&mut rng, m, 2);
        for (divisions, width, dark) in [(10, 375, false), (100, 1280, true), (37, 700, false)] {
            let h = heatmap_plot(&c, divisions);
            let svg = h.to_svg(width, dark).unwrap();
            assert!(svg.contains("classifier 0") && svg.contains("p-d"), "{m}");
            assert_eq!(
                svg.matches("<circle").count(),
                2 * m,
                "one marker per panel"
            );
            let w = WinnerMap {
                heatmaps: h.heatmaps.clone(),
                classes: h.classes.clone(),
                marker: Some([0.3, 0.6]),
            };
            let svg = w.to_svg(width, dark).unwrap();
            assert!(
                svg.contains("ranks first by p-d") && svg.contains("tie"),
                "{m}"
            );
            histogram_plot(&c).to_svg(width, dark).unwrap();
        }
    }
}

#[test]
fn histograms_render_for_2_to_20_classes() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
    for n in [2, 3, 4, 6, 10, 20] {
        for m in [1, 5, 20] {
            let c = random_classifiers(&mut rng, m, n);
            let p = histogram_plot(&c);
            for (width, dark) in [(375, false), (1280, true)] {
                let svg = p.to_svg(width, dark).unwrap();
                assert!(svg.contains("first at"), "{n} classes, {m} classifiers");
            }
            if n > 8 {
                assert!(p.note.contains("at random"), "{}", p.note);
            }
        }
    }
}

#[test]
fn degenerate_inputs_do_not_fail() {
    // One case only; a classifier that never outputs class 1; identical classifiers (ties
    // everywhere); a constant heatmap (the ideal classifier).
    for list in [
        vec![("a", "1,0;0,0")],
        vec![("a", "5,5;0,0"), ("b", "5,5;0,0")],
        vec![("cm1", TABLE3[0].1)],
        vec![("cm9", TABLE3[8].1), ("cm1", TABLE3[0].1)],
    ] {
        let c = Classifiers::new(
            list.iter().map(|(n, _)| n.to_string()).collect(),
            list.iter()
                .map(|(_, m)| ConfusionMatrix::parse(m, Orientation::TrueRows).unwrap())
                .collect(),
        )
        .unwrap();
        let mut h = heatmap_plot(&c, 10);
        h.markers.push(Some([f64::NAN, 2.0])); // more markers than panels, and off the square
        for width in [1, 120, 375, 1280] {
            h.to_svg(width, false).unwrap();
            histogram_plot(&c).to_svg(width, true).unwrap();
        }
    }
}

#[test]
fn hit_test_inverts_the_drawing() {
    // The centre of cell (i, j) in pixels (from the layout) maps back to (i, j).
    let c = Classifiers::new(
        vec!["cm4".into(), "cm8".into(), "cm2".into()],
        [3, 7, 1]
            .iter()
            .map(|k| ConfusionMatrix::parse(TABLE3[*k].1, Orientation::TrueRows).unwrap())
            .collect(),
    )
    .unwrap();
    for (divisions, width) in [(10, 375.0), (100, 1280.0), (20, 800.0)] {
        let plot = heatmap_plot(&c, divisions);
        let (squares, _) = plot.layout(width);
        let side = (divisions + 1) as f64;
        for (panel, sq) in squares.iter().enumerate() {
            for (i, j) in [(0, 0), (divisions, divisions), (3, 7), (divisions / 2, 1)] {
                let x = sq.x + (i as f64 + 0.5) / side * sq.w;
                let y = sq.y + sq.h - (j as f64 + 0.5) / side * sq.h;
                let p = plot.kappa_at(width, x, y).unwrap();
                assert_eq!(p.panel, panel);
                let cell = plot.heatmaps.cell_at(p.kappa0, p.kappa1).unwrap();
                assert_eq!((cell.i, cell.j), (i, j), "{divisions} {width}");
            }
        }
    }
}

#[test]
#[ignore = "writes pictures to /tmp/pd_plots to look at"]
fn write_pictures() {
    let dir = std::path::Path::new("/tmp/pd_plots");
    std::fs::create_dir_all(dir).unwrap();
    let fig5: Vec<(&str, &str)> = TABLE3[..8].to_vec();
    let c = Classifiers::new(
        fig5.iter().map(|(n, _)| n.to_string()).collect(),
        fig5.iter()
            .map(|(_, m)| ConfusionMatrix::parse(m, Orientation::TrueRows).unwrap())
            .collect(),
    )
    .unwrap();
    let fig3 = Classifiers::new(
        vec!["cm4".into(), "cm8".into()],
        vec![
            ConfusionMatrix::parse(TABLE3[3].1, Orientation::TrueRows).unwrap(),
            ConfusionMatrix::parse(TABLE3[7].1, Orientation::TrueRows).unwrap(),
        ],
    )
    .unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let many = random_classifiers(&mut rng, 5, 5);
    for (width, dark) in [(375, false), (375, true), (1280, false), (1280, true)] {
        let tag = format!("{width}_{}", if dark { "dark" } else { "light" });
        let mut h = heatmap_plot(&c, 10);
        h.markers = vec![Some([0.1, 0.3]); 8];
        std::fs::write(
            dir.join(format!("heatmaps_{tag}.svg")),
            h.to_svg(width, dark).unwrap(),
        )
        .unwrap();
        let h = heatmap_plot(&fig3, 100);
        let w = WinnerMap {
            heatmaps: h.heatmaps.clone(),
            classes: ["1".into(), "2".into()],
            marker: Some([0.3, 0.6]),
        };
        std::fs::write(
            dir.join(format!("winners_{tag}.svg")),
            w.to_svg(width, dark).unwrap(),
        )
        .unwrap();
        std::fs::write(
            dir.join(format!("histograms_{tag}.svg")),
            histogram_plot(&many).to_svg(width, dark).unwrap(),
        )
        .unwrap();
    }
}
