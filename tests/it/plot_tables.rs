//! Every plot's table ([`Plot::table`]) and key numbers ([`Plot::summary`]) against known
//! values: the factory of Dyrland et al. 2022 (yields 3.5 and −3.5 per item, "always short"
//! 65), the lottery of Dyrland et al. (draft) (flip point 1/11), binormal AUCs `Φ(a/√(1 + b²))`,
//! symmetry (three decisions share the triangle in thirds), the moments of the uniform
//! hexagon, hand-counted quadrants, and the Utility space's shares against direct yields at
//! random points. Each table has as many cells in each row as it has headers.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use utility_lab::core::mc::Prior;
use utility_lab::core::mc::sampler::utility_point;
use utility_lab::core::mc::scatter::prior_points;
use utility_lab::core::{ConfusionMatrix, Matrix, UtilityMatrix};
use utility_lab::plot::decide::SimplexPlot;
use utility_lab::plot::mc_scatter::{DifferencePanel, DifferencesPlot};
use utility_lab::plot::mc_space::{Density, SpacePanel, SpacePlot};
use utility_lab::plot::pd::heatmap::HeatmapPlot;
use utility_lab::plot::pd::winners::WinnerMap;
use utility_lab::plot::yields::YieldChart;
use utility_lab::plot::{Plot, PlotTable};
use utility_lab::state::compare::analyze as compare;
use utility_lab::state::decide::view::{DecideInputs, analyze};
use utility_lab::state::pd::Classifiers;
use utility_lab::state::pd::grid::{GridPlan, GridSettings};
use utility_lab::state::pd::heatmap::heatmaps;
use utility_lab::state::presets::factory;
use utility_lab::state::reliability::{
    PAPER_SCATTER_METRICS, merge_scatter, scatter_works, score_scatter,
};
use utility_lab::state::roc::charts::{roc_chart, threshold_chart};
use utility_lab::state::space::link::SpaceSettings;
use utility_lab::state::space::regions::{Trivial, contestants};
use utility_lab::state::space::view::{Problem, hexagon_view};

const MINUS: char = '\u{2212}';

/// The table of `plot`, checked for shape: a caption, headers, rows as long as the headers.
fn table_of(plot: &impl Plot) -> PlotTable {
    let t = plot.table();
    assert!(!t.caption.is_empty());
    for r in &t.rows {
        assert_eq!(r.len(), t.headers.len(), "{:?}: {r:?}", t.headers);
    }
    t
}

/// Rows as `&str`s, for comparisons.
fn cells(t: &PlotTable) -> Vec<Vec<&str>> {
    t.rows
        .iter()
        .map(|r| r.iter().map(String::as_str).collect())
        .collect()
}

/// A page number → f64 ("−3.5", "33.3 %").
fn num(s: &str) -> f64 {
    s.replace(MINUS, "-")
        .trim_end_matches('%')
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn the_factory_yields_3_5_and_minus_3_5() {
    let s = factory();
    let a = compare(&s).unwrap();
    // As the Compare view builds its chart: classifiers in ranking order, then the trivial ones.
    let order = &a.test.ranking;
    let chart = YieldChart {
        names: order
            .iter()
            .map(|i| s.classifiers()[*i].name.clone())
            .collect(),
        yields: order.iter().map(|i| a.test.rows[*i].yield_value).collect(),
        deployment: None,
        references: s
            .decisions()
            .iter()
            .zip(&a.test.trivial)
            .map(|(d, y)| (format!("always {d}"), *y))
            .collect(),
        x_title: "utility yield per item".into(),
        sure: vec![],
    };
    let t = table_of(&chart);
    let m = |v: &str| format!("{MINUS}{v}");
    assert_eq!(
        t.rows,
        vec![
            vec!["A".to_string(), "3.5".into()],
            vec!["B".into(), m("3.5")],
            vec!["always long".into(), m("160")],
            vec!["always short".into(), "65".into()],
        ]
    );
    assert_eq!(t.caption, "Utility yield per item");
    assert_eq!(
        chart.summary(),
        format!("A 3.5, B {MINUS}3.5, always long {MINUS}160, always short 65")
    );
    // With deployment shares, a third column.
    let dep = YieldChart {
        deployment: Some(vec![1.0, -2.0]),
        ..chart
    };
    let t = table_of(&dep);
    assert_eq!(t.rows[1], vec!["B".to_string(), m("3.5"), m("2")]);
    assert_eq!(t.rows[3][2], "");
}

fn decide_view(
    u: &str,
    decisions: &str,
    classes: &str,
    p: &[f64],
) -> utility_lab::state::decide::view::DecideView {
    let split = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
    analyze(&DecideInputs {
        utility: &Matrix::parse(u).unwrap(),
        decisions: &split(decisions),
        classes: &split(classes),
        p,
        classifiers: &[],
        base_rates: None,
        alpha: 1.0,
        test_size: None,
    })
}

#[test]
fn the_lottery_buys_at_0_2_and_flips_at_one_eleventh() {
    // Dyrland et al. (draft): buying yields 10·0.2 − 1·0.8 = 1.2 > 0, although "lose" is the
    // more probable class; buying is optimal from p(win) = 1/11.
    let v = decide_view("10,-1;0,0", "buy,not-buy", "win,lose", &[0.2, 0.8]);
    let bars = v.bars().unwrap();
    assert_eq!(
        cells(&table_of(&bars)),
        vec![
            vec!["buy", "1.2", "optimal"],
            vec!["not-buy", "0", "goes with the most probable class, lose"],
        ]
    );
    assert_eq!(bars.summary(), "buy 1.2 (optimal), not-buy 0");
    let lines = v.threshold_plot().unwrap();
    let t = table_of(&lines);
    let m1 = format!("{MINUS}1");
    assert_eq!(
        cells(&t),
        vec![
            vec!["buy", m1.as_str(), "10", "[0.0909, 1]"],
            vec!["not-buy", "0", "0", "[0, 0.0909]"],
        ]
    );
    assert_eq!(lines.summary(), "flip points at p(win) = 0.0909");
    assert_eq!(
        t.note,
        "Flip points at p(win) = 0.0909; the item: p(win) = 0.2"
    );
}

#[test]
fn three_decisions_share_the_triangle_in_thirds() {
    // The identity: decide the most probable class; by symmetry each region is a third.
    let v = decide_view("1,0,0;0,1,0;0,0,1", "a,b,c", "a,b,c", &[0.2, 0.3, 0.5]);
    let plot: SimplexPlot = v.simplex_plot().unwrap();
    let t = table_of(&plot);
    assert_eq!(t.rows.len(), 3);
    for r in &t.rows {
        assert_eq!(r[1], "33.3\u{202f}%", "{r:?}");
    }
    assert_eq!(t.note, "The item (0.2, 0.3, 0.5): optimal decision c.");
}

#[test]
fn roc_tables_give_the_binormal_aucs() {
    // AUC of a binormal curve: Φ(a/√(1 + b²)); A (1, 1): Φ(0.7071) = 0.7602; B (2, 1):
    // Φ(1.4142) = 0.9214.
    let r = crate::roc_view::report_of("bn.A=1,1&bn.B=2,1&u=4,0;0,1&prev=0.5,0.5");
    let roc = roc_chart(&r);
    let t = table_of(&roc);
    assert_eq!(t.rows[0][0], "A");
    assert!(t.rows[0][2].starts_with("AUC 0.760"), "{:?}", t.rows[0]);
    assert_eq!(t.rows[1][0], "B (best)");
    assert!(t.rows[1][2].starts_with("AUC 0.921"), "{:?}", t.rows[1]);
    assert!(roc.summary().contains("A: AUC 0.760") && roc.summary().ends_with(", best"));
    // The references with U = diag(4, 1) at B = 0.5: never class 0 yields 0.5, always 2.
    let thr = table_of(&threshold_chart(&r));
    assert_eq!(thr.rows[1][0], "B (best)");
    assert_eq!(
        thr.note,
        "Reference lines: never class 0 0.5, always class 0 2."
    );
}

#[test]
fn pd_tables_hold_the_macro_recall_at_kappa_zero_and_every_vector() {
    let c = Classifiers::from_app(factory().classifiers()).unwrap();
    let h = heatmaps(&c, 10).unwrap();
    let classes = ["long".to_string(), "short".to_string()];
    let heat = HeatmapPlot {
        heatmaps: h.clone(),
        classes: classes.clone(),
        markers: vec![Some([0.5, 0.5]), None],
    };
    let t = table_of(&heat);
    // κ = (0, 0): p-d is the macro recall, A (27/50 + 35/50)/2 = 0.62, B (43/50 + 32/50)/2 = 0.75.
    assert_eq!(t.rows[0], vec!["0", "0", "0.62", "0.75", "B"]);
    assert_eq!(
        t.headers[..2],
        ["κ of long".to_string(), "κ of short".into()]
    );
    // Every point of the 11 × 11 grid (step 0.1); a finer grid is cut at 150 rows.
    assert_eq!(t.rows.len(), 121);
    assert!(t.rows[120][..2] == ["1".to_string(), "1".into()]);
    let fine = HeatmapPlot {
        heatmaps: heatmaps(&c, 20).unwrap(),
        classes: classes.clone(),
        markers: vec![],
    };
    let ft = table_of(&fine);
    assert_eq!(ft.rows.len(), 150);
    assert_eq!(
        ft.note,
        "The first 150 of 441 rows; the CSV export has them all."
    );
    assert!(
        t.note.ends_with("Marked, the κ in force: A at (0.5, 0.5)."),
        "{}",
        t.note
    );
    let w = table_of(&WinnerMap {
        heatmaps: h,
        classes,
        marker: Some([0.0, 0.0]),
    });
    let total: f64 = w.rows.iter().map(|r| num(&r[1])).sum();
    assert!((total - 100.0).abs() < 0.15, "{total}");
    assert!(
        w.note.ends_with("At the κ in force, (0, 0): B first."),
        "{}",
        w.note
    );
    // The histograms list every κ vector: 5² = 25 per classifier with the default grid.
    let result = GridPlan::new(&c, &GridSettings::default()).unwrap().run();
    let hist = table_of(&result.histogram_plot(vec![Some(0.7), None]));
    for k in 2..4 {
        let n: u64 = hist.rows.iter().map(|r| r[k].parse::<u64>().unwrap()).sum();
        assert_eq!(n, 25);
    }
    assert!(
        hist.note
            .ends_with("p-d at the κ in force (dashed): A 0.7.")
    );
}

#[test]
fn space_shares_agree_with_direct_yields_at_random_points() {
    let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
    let cm = |s| ConfusionMatrix::parse(s, utility_lab::core::Orientation::OutputRows).unwrap();
    let named = vec![
        ("A".to_string(), cm("27,15;23,35")),
        ("B".to_string(), cm("43,18;7,32")),
    ];
    let names = ["long".to_string(), "short".to_string()];
    let p = Problem {
        utility: &u,
        classifiers: &named,
        classes: &names,
        decisions: &names,
    };
    let v = hexagon_view(&p, &SpaceSettings::default(), Trivial::Auto).unwrap();
    let t = table_of(&v.plot);
    let m6 = format!("(0.3, {MINUS}0.6)");
    assert_eq!(
        v.plot.summary(),
        format!("your matrix {m6} is in A's region")
    );
    assert!(t.rows.iter().any(|r| r[0] == "A (your matrix is here)"));
    assert!(t.rows.iter().any(|r| r[0] == "your matrix" && r[2] == m6));
    // Shares of the hexagon (uniform points) where each contestant yields the most, counted
    // directly with the yields.
    let cs = contestants(
        &UtilityMatrix::identity(2).unwrap(),
        &named,
        Trivial::Auto,
        &names,
    )
    .unwrap();
    let cms: Vec<ConfusionMatrix> = named.iter().map(|n| n.1.clone()).collect();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(15);
    let mut wins = vec![0usize; cs.len()];
    let n = 20_000;
    for _ in 0..n {
        let q = utility_point(&mut rng, Prior::Uniform);
        let uq = UtilityMatrix::from_xy(q.0, q.1).unwrap();
        if let Some(w) = crate::space::direct_winner(&uq, &cs, &cms, 0.0) {
            wins[w] += 1;
        }
    }
    for (k, c) in cs.iter().enumerate() {
        let share = 100.0 * wins[k] as f64 / n as f64;
        let row = t.rows.iter().find(|r| r[0].starts_with(&c.name));
        let shown = row.map_or(0.0, |r| num(&r[1]));
        assert!(
            (shown - share).abs() < 1.0,
            "{}: table {shown} %, direct {share} %",
            c.name
        );
    }
}

#[test]
fn monte_carlo_tables_summarize_their_points() {
    // Figs 2–3: accuracy never mis-ranks under the identity (it is that matrix's yield).
    let samples = merge_scatter(
        &scatter_works(0.5, 1)
            .iter()
            .map(|w| utility_lab::worker::run_work(w).unwrap())
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let figs = score_scatter(&samples, &PAPER_SCATTER_METRICS);
    let t = table_of(&figs);
    assert_eq!(t.rows.len(), 8);
    assert_eq!(t.rows[0][0], "accuracy · U = [[1, 0], [0, 1]]");
    assert_eq!(t.rows[0][1], figs.panels[0].x.len().to_string());
    assert_eq!(t.rows[0][4], "0");
    assert!(t.rows[1][4] != "0");
    // Fig. 6 by hand: (1, 1) agrees; (−1, 1) and (2, −3) disagree; (0.5, 0) is a tie, wrong.
    let fig6 = DifferencesPlot {
        panels: vec![DifferencePanel {
            title: "F1".into(),
            subtitle: "10 % ± 1 mis-ranked".into(),
            x: vec![1.0, -1.0, 2.0, 0.5],
            y: vec![1.0, 1.0, -3.0, 0.0],
            highlight: false,
        }],
    };
    let m1 = format!("{MINUS}1 to 2");
    let m3 = format!("{MINUS}3 to 1");
    assert_eq!(
        cells(&table_of(&fig6)),
        vec![vec![
            "F1",
            "4",
            m1.as_str(),
            m3.as_str(),
            "3",
            "10 % ± 1 mis-ranked"
        ]]
    );
    // Figs 4–5: the uniform prior on the hexagon has mean (0, 0) and sd √(5/18) = 0.527 in x
    // and y (marginal density (2 − |x|)/3), plus the binning's w²/12.
    let points = prior_points(Prior::Uniform, 20_000, 1).unwrap();
    let t = table_of(&SpacePlot {
        panels: vec![SpacePanel {
            title: "Uniform prior".into(),
            density: Some(Density::from_points(&points, 36)),
            groups: vec![],
        }],
    });
    let r = &t.rows[0];
    assert_eq!(r[1], "20000");
    let centre: Vec<f64> = r[2].trim_matches(['(', ')']).split(", ").map(num).collect();
    let sd: Vec<f64> = r[3]
        .trim_start_matches("sd (")
        .trim_end_matches(')')
        .split(", ")
        .map(num)
        .collect();
    let want = (5.0f64 / 18.0 + (2.0f64 / 36.0).powi(2) / 12.0).sqrt();
    for k in 0..2 {
        assert!(centre[k].abs() < 0.02, "{r:?}");
        assert!((sd[k] - want).abs() < 0.01, "{r:?} against {want}");
    }
}
