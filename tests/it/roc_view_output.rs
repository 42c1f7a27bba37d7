//! The ROC & thresholds view's outputs (`state::roc`, `plot::roc`): the decimation of large
//! curves, the CSV exports, the link keys, and the plots on awkward inputs (and, ignored, the
//! pictures written for a person to look at).

use super::roc_view::{binormal, report_of, u, uniform};
use crate::common::csv_records as records;
use utility_lab::core::roc::{Roc, upper_hull, yield_at};
use utility_lab::plot::Plot;
use utility_lab::plot::roc::{RocChart, RocSeries};
use utility_lab::state::link;
use utility_lab::state::roc::analysis::{RocReport, analyze, choose_share};
use utility_lab::state::roc::charts::{roc_chart, threshold_chart};
use utility_lab::state::roc::curves::{Curve, DRAW_TOLERANCE, ScoredCurve};
use utility_lab::state::roc::export::{points_csv, summary_csv};
use utility_lab::state::roc::link::reload_notice;
use utility_lab::state::roc::presets::FIG8_PRESETS;
use utility_lab::state::roc::scored_curves;
use utility_lab::state::roc::scores::parse_scores;
use utility_lab::state::roc::verdict::auc_text;
// ------------------------------------------------------------------------------------------
// Large inputs: decimation
// ------------------------------------------------------------------------------------------

#[test]
fn a_million_points_are_drawn_with_a_few_thousand_keeping_hull_and_optimum() {
    let n = 1_000_000;
    let mut r = uniform(11);
    let pos: Vec<bool> = (0..n).map(|_| r() < 0.4).collect();
    // Scores: a noisy signal, quantized to 10⁻⁷ so there are ties too.
    let scores: Vec<f64> = pos
        .iter()
        .map(|&p| ((if p { 0.6 } else { 0.0 } + 2.0 * r() - r()) * 1e7).round() / 1e7)
        .collect();
    let roc = Roc::from_scores(&scores, &pos).unwrap();
    let all = roc.points.clone();
    assert!(all.len() > 500_000);
    let curve = ScoredCurve::new("big".into(), roc);
    assert!(
        curve.drawn.len() <= 3_000 + curve.hull.len() + 2,
        "{} drawn, hull {}",
        curve.drawn.len(),
        curve.hull.len()
    );
    assert!(curve.drawn.len() < 5_000);
    // Every hull vertex is drawn, and the hull of the drawn points is the hull.
    let drawn = curve.drawn_points();
    assert_eq!(upper_hull(&drawn), upper_hull(&all));
    for h in &curve.hull {
        assert!(curve.drawn.binary_search(h).is_ok());
    }
    // Every point dropped lies within the tolerance of the last point kept before it.
    let mut k = 0;
    for (i, p) in all.iter().enumerate() {
        if curve.drawn.get(k + 1) == Some(&i) {
            k += 1;
        }
        let q = all[curve.drawn[k]];
        assert!(
            (p.fpr - q.fpr).abs() <= DRAW_TOLERANCE && (p.tpr - q.tpr).abs() <= DRAW_TOLERANCE,
            "point {i}"
        );
    }
    // The optimum, for several utilities, is drawn and is the maximum over all points.
    let c = vec![Curve::Scores(curve)];
    for m in ["1,0;0,1", "15,-335;-35,165", "4,0;0,1", "1,-9;0,0"] {
        let um = u(m);
        let r = analyze(&c, &um, choose_share(None, Some(0.4)).unwrap()).unwrap();
        let o = r.curves[0].optimum;
        assert_eq!(r.curves[0].drawn[o.drawn_index], o.point);
        let best = all
            .iter()
            .map(|p| yield_at(&um, 0.4, p.fpr, p.tpr))
            .fold(f64::NEG_INFINITY, f64::max);
        assert!(
            (o.yield_value - best).abs() <= 1e-9 * best.abs().max(1.0),
            "{m}"
        );
    }
}

// ------------------------------------------------------------------------------------------
// Exports and links
// ------------------------------------------------------------------------------------------

#[test]
fn csv_exports_hold_every_point_with_its_yield() {
    let t = parse_scores("y,A,B\n1,0.9,1\n0,0.7,1\n1,0.6,2\n0,0.6,0\n1,0.2,3\n").unwrap();
    let curves: Vec<Curve> = scored_curves(&t, 0)
        .unwrap()
        .into_iter()
        .map(Curve::Scores)
        .chain([binormal("N", 1.0, 1.0)])
        .collect();
    let um = u("2,-1;0,1");
    let r = analyze(
        &curves,
        &um,
        choose_share(None, Some(t.test_share(0))).unwrap(),
    )
    .unwrap();
    let text = points_csv(&curves, &r, &um, None);
    let rows = records(&text);
    let count = |name: &str| rows.iter().filter(|(_, f)| f[0] == name).count();
    // A: 4 distinct scores + the point at +∞; B: 4 + 1.
    assert_eq!((count("A"), count("B")), (5, 5));
    assert_eq!(count("N"), r.curves[2].drawn.len());
    // Each row's yield is eq. 22 at its (f, t), with B = 3/5.
    for (_, f) in &rows[1..] {
        let (fpr, tpr, y): (f64, f64, f64) = (
            f[2].parse().unwrap(),
            f[3].parse().unwrap(),
            f[4].parse().unwrap(),
        );
        assert!((yield_at(&um, 0.6, fpr, tpr) - y).abs() < 1e-9);
    }
    // One optimal row per curve.
    assert_eq!(rows.iter().filter(|(_, f)| f[6] == "1").count(), 3);
    let only_b = points_csv(&curves, &r, &um, Some(1));
    assert_eq!(records(&only_b).len(), 6);
    let summary = records(&summary_csv(&r));
    assert_eq!(summary.len(), 4);
    // A's AUC by hand: positives 0.9, 0.6, 0.2 against negatives 0.7, 0.6: pairs won
    // 2 + ½ + 0 of 6.
    assert_eq!(summary[1].1[6], "0.416666666667");
}

#[test]
fn link_keys_round_trip_and_bad_values_are_reported() {
    let d = link::decode(
        "view=roc&bn.A=1,1&bn.B%202=2,1&bn.=1,1&bn.A=3,1&bn.C=1,-1&bn.D=x&u=4,0;0,1&pos=%C3%A9t%C3%A9&scores=m1,m%202",
    );
    let s = &d.state;
    assert_eq!(s.view.key(), "roc");
    let names: Vec<&str> = s.roc.binormal.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["A", "B 2"]);
    assert_eq!((s.roc.binormal[1].1.a, s.roc.binormal[1].1.b), (2.0, 1.0));
    assert_eq!(s.roc.positive.as_deref(), Some("été"));
    assert_eq!(s.roc.scores, vec!["m1".to_string(), "m 2".to_string()]);
    let keys: Vec<&str> = d.notices.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["bn.", "bn.A", "bn.C", "bn.D"]);
    assert!(
        d.notices[1]
            .message()
            .contains("a second classifier named 'A'")
    );
    assert!(d.notices[2].message().contains("greater than 0"));
    assert!(
        d.notices[3]
            .message()
            .starts_with("'x' is not a binormal curve a,b")
    );
    let again = link::encode(s);
    assert!(
        again.contains("&bn.A=1,1&bn.B%202=2,1&pos=%C3%A9t%C3%A9&scores=m1,m%202"),
        "{again}"
    );
    assert_eq!(link::decode(&again).state, *s);
    assert!(
        reload_notice(&s.roc)
            .unwrap()
            .contains("classifiers m1 and m 2")
    );
}

// ------------------------------------------------------------------------------------------
// Plots
// ------------------------------------------------------------------------------------------

/// Reports on awkward inputs: 1 to 10 classifiers (scores and binormal), all-tied scores, a
/// perfect classifier, and degenerate utility matrices.
fn awkward_reports() -> Vec<RocReport> {
    let mut out = Vec::new();
    let mut r = uniform(3);
    let mut many: Vec<Curve> = Vec::new();
    for k in 0..10 {
        if k % 3 == 2 {
            many.push(binormal(
                &format!("model {k}"),
                0.3 * k as f64,
                0.5 + 0.2 * k as f64,
            ));
        } else {
            let pos: Vec<bool> = (0..300).map(|i| i % 3 == 0).collect();
            let s: Vec<f64> = pos
                .iter()
                .map(|&p| if p { 0.1 * k as f64 } else { 0.0 } + r())
                .collect();
            let roc = Roc::from_scores(&s, &pos).unwrap();
            many.push(Curve::Scores(ScoredCurve::new(format!("model {k}"), roc)));
        }
    }
    let tied = Roc::from_scores(&[1.0, 1.0, 1.0], &[true, false, true]).unwrap();
    let perfect = Roc::from_scores(&[2.0, 1.0], &[true, false]).unwrap();
    let sets: Vec<Vec<Curve>> = vec![
        vec![],
        many[..1].to_vec(),
        many[..2].to_vec(),
        many.clone(),
        vec![Curve::Scores(ScoredCurve::new("tied".into(), tied))],
        vec![Curve::Scores(ScoredCurve::new(
            "a very long classifier name that goes on".into(),
            perfect,
        ))],
    ];
    for set in &sets {
        for m in [
            "1,0;0,1",
            "15,-335;-35,165",
            "1,1;1,1",
            "0,0;1,1",
            "0,5;0,0",
            "1e15,-1e15;-1e15,1e15",
        ] {
            for prev in [None, Some([0.0, 1.0]), Some([0.8, 0.2])] {
                let share = choose_share(prev.as_ref().map(|p| &p[..]), Some(0.3)).unwrap();
                out.push(analyze(set, &u(m), share).unwrap());
            }
        }
    }
    out
}

#[test]
fn plots_render_on_awkward_inputs() {
    for (k, r) in awkward_reports().iter().enumerate() {
        let (roc, thr) = (roc_chart(r), threshold_chart(r));
        for width in [375, 1280] {
            let dark = k % 2 == 1;
            let svg = roc.to_svg(width, dark).unwrap();
            assert!(svg.starts_with("<svg"));
            for c in &r.curves {
                assert!(svg.contains(&auc_text(c.auc)), "{k}: AUC of {}", c.name);
            }
            thr.to_svg(width, dark).unwrap();
        }
        // Tiny areas: an error or a picture, never a panic.
        for width in [1, 40] {
            let _ = roc.to_svg(width, false);
            let _ = thr.to_svg(width, false);
        }
    }
}

#[test]
fn the_roc_picture_names_curves_marks_optima_and_draws_the_family() {
    let r = report_of(FIG8_PRESETS[0].fragment);
    let chart = roc_chart(&r);
    assert!(chart.family.len() >= 5);
    assert!(
        chart
            .series
            .iter()
            .all(|s| s.optimum.is_some() && s.tangent.is_some())
    );
    let svg = chart.to_svg(1280, false).unwrap();
    for want in [
        "AUC 0.910",
        "AUC 0.814",
        "B (best)",
        "thr 0.4668, yield 2.135",
        "slope m = 0.25",
        "false-positive rate f",
    ] {
        assert!(svg.contains(want), "{want}");
    }
    let thr = threshold_chart(&r).to_svg(600, true).unwrap();
    assert!(thr.contains("latent threshold") && thr.contains("never class 0"));
    // An empty chart says so.
    assert!(
        RocChart::default()
            .to_svg(375, false)
            .unwrap()
            .contains("No curve yet")
    );
    let _ = RocSeries::default();
}

/// Writes the pictures for a person to look at: `cargo test --test it -- --ignored
/// roc_view_pictures`, then open /tmp/roc-view/*.svg (or the PNGs made from them).
#[test]
#[ignore]
fn roc_view_pictures() {
    let dir = std::path::Path::new("/tmp/roc-view");
    std::fs::create_dir_all(dir).unwrap();
    let mut r = uniform(5);
    let pos: Vec<bool> = (0..20_000).map(|_| r() < 0.3).collect();
    let a: Vec<f64> = pos
        .iter()
        .map(|&p| if p { 0.9 } else { 0.0 } + r() + r())
        .collect();
    let b: Vec<f64> = pos
        .iter()
        .map(|&p| ((if p { 0.5 } else { 0.0 } + r()) * 20.0).round() / 20.0)
        .collect();
    let curves = vec![
        Curve::Scores(ScoredCurve::new(
            "logistic".into(),
            Roc::from_scores(&a, &pos).unwrap(),
        )),
        Curve::Scores(ScoredCurve::new(
            "forest".into(),
            Roc::from_scores(&b, &pos).unwrap(),
        )),
    ];
    let scores_report = analyze(
        &curves,
        &u("15,-335;-35,165"),
        choose_share(None, Some(0.3)).unwrap(),
    )
    .unwrap();
    let cases = [
        ("fig8", report_of(FIG8_PRESETS[0].fragment)),
        ("scores", scores_report),
        ("ten", awkward_reports().swap_remove(3 * 18 + 3)),
    ];
    for (name, rep) in &cases {
        for width in [375u32, 1280] {
            for dark in [false, true] {
                let tag = format!("{name}-{width}-{}", if dark { "dark" } else { "light" });
                let roc = roc_chart(rep).to_svg(width, dark).unwrap();
                std::fs::write(dir.join(format!("{tag}-roc.svg")), roc).unwrap();
                let thr = threshold_chart(rep).to_svg(width, dark).unwrap();
                std::fs::write(dir.join(format!("{tag}-threshold.svg")), thr).unwrap();
            }
        }
    }
}
