//! The ROC & thresholds view's engine (`state::roc`): scores files, chunked parsing and curve
//! building, the slope and optimum of Dyrland et al. 2022 §5 against hand values and brute
//! force, fig. 8 as presets, "send to Compare". (Decimation, exports, links and plots:
//! `roc_view_output`.)
//!
//! Independent values: hand calculations in the comments; the binormal optima and AUCs of the
//! fig. 8 presets from a separate golden-section search in Python (`math.erfc`):
//! A = (1.5, 0.5): best yield 2.1345409037 at f = 0.32031, AUC 0.9101437526;
//! B = (2, 2): 2.2046605504 at f = 0.50786, AUC 0.8144533152 (U = diag(4, 1), B = ½).

use proptest::prelude::*;
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use utility_lab::core::UtilityMatrix;
use utility_lab::core::roc::{Binormal, Roc, yield_at};
use utility_lab::state::link;
use utility_lab::state::roc::analysis::{RocReport, ShareSource, analyze, choose_share};
use utility_lab::state::roc::build::{BLOCK, RocBuilder, TableCurves};
use utility_lab::state::roc::compare::{counts_at, point_for_threshold, scored_classifier};
use utility_lab::state::roc::curves::{Curve, ScoredCurve};
use utility_lab::state::roc::presets::FIG8_PRESETS;
use utility_lab::state::roc::scored_curves;
use utility_lab::state::roc::scores::{ScoresError, ScoresParser, parse_scores};
use utility_lab::state::roc::verdict::{auc_sentence, auc_text, best_sentence};

pub(crate) fn u(s: &str) -> UtilityMatrix {
    UtilityMatrix::parse(s).unwrap()
}

pub(crate) fn binormal(name: &str, a: f64, b: f64) -> Curve {
    Curve::Binormal {
        name: name.into(),
        model: Binormal::new(a, b).unwrap(),
    }
}

/// A deterministic pseudo-random sequence in [0, 1) (xoshiro256++), for large inputs.
pub(crate) fn uniform(seed: u64) -> impl FnMut() -> f64 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    move || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// The report of a link fragment with `bn.*`, `u` and `prev` (what the view will compute).
pub(crate) fn report_of(fragment: &str) -> RocReport {
    let d = link::decode(fragment);
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    let prev = d.state.prevalence.clone().expect("the fragment has prev");
    let curves: Vec<Curve> = d
        .state
        .roc
        .binormal
        .clone()
        .into_iter()
        .map(|(name, model)| Curve::Binormal { name, model })
        .collect();
    analyze(
        &curves,
        d.state.utility_matrix(),
        choose_share(Some(&prev), None).unwrap(),
    )
    .unwrap()
}

// ------------------------------------------------------------------------------------------
// Scores files
// ------------------------------------------------------------------------------------------

#[test]
fn a_non_numeric_score_on_line_7_names_line_7_and_its_column() {
    let text = "label,logistic,forest\n1,0.9,0.8\n0,0.1,0.3\n\n1,0.7,0.6\n0,0.2,0.1\n1,0.8,n/a\n";
    let e = parse_scores(text).unwrap_err();
    assert_eq!(e.line(), Some(7));
    assert_eq!(
        e.to_string(),
        "line 7, column 'forest': 'n/a' is not a number"
    );
    // The same when read in chunks of one line.
    let mut p = ScoresParser::new(text.to_string()).unwrap();
    let err = loop {
        match p.step(1) {
            Ok(_) if p.is_done() => panic!("no error"),
            Ok(_) => {}
            Err(e) => break e,
        }
    };
    assert_eq!(err, e);
}

#[test]
fn every_kind_of_bad_file_has_its_message() {
    let cases: [(&str, &str); 11] = [
        ("", "the file is empty"),
        ("\n  \n", "the file is empty"),
        ("label,A\n", "line 1: a header but no rows of data"),
        ("1,0.5\n0,0.2\n", "line 1: the first line must be a header"),
        ("label\n1\n", "line 1: no column of scores"),
        ("label,A,A\n1,2,3\n", "line 1: two columns are named 'A'"),
        (
            "label,A,B\n1,0.5,0.2\n0,0.1\n",
            "line 3: 2 fields, but the header has 3",
        ),
        ("y,A\n0,0.1\n0,0.2\n", "every row has the label '0'"),
        (
            "y,A\na,1\nb,2\nb,3\nc,4\n",
            "line 5: a third label 'c' (after 'a' and 'b')",
        ),
        (
            "y,A\n1,0.5\n,0.2\n",
            "line 3: the label (column 'y') is empty",
        ),
        ("y,A\n1,\"0.5\n", "line 2: a quoted field is not closed"),
    ];
    for (text, want) in cases {
        let e = parse_scores(text).unwrap_err();
        assert!(e.to_string().starts_with(want), "{text:?}: {e}");
    }
}

#[test]
fn header_names_the_label_column_and_extra_columns_are_ignored() {
    // pandas' to_csv: an unnamed index first; the label column named 'Target' in the middle.
    let t = parse_scores(",m1,Target,m2\r\n0,0.4,spam,1.5\r\n1,0.3,ham,-2\r\n").unwrap();
    assert_eq!(t.label_column, "Target");
    assert_eq!(t.labels, ["spam".to_string(), "ham".to_string()]);
    let names: Vec<&str> = t.classifiers.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["m1", "m2"]);
    assert_eq!(t.classifiers[1].scores, vec![1.5, -2.0]);
    assert_eq!(t.ignored, vec![String::new()]);
    // No known name: the first column holds the labels. Semicolons and decimal commas.
    let t = parse_scores("\u{feff}truth?;A\nyes;0,25\nno;0,75\n").unwrap();
    assert_eq!(t.label_column, "truth?");
    assert_eq!(t.classifiers[0].scores, vec![0.25, 0.75]);
    // Quoted fields, a label with a comma.
    let t = parse_scores("label,\"model, v2\"\n\"a, b\",1\nc,2\n").unwrap();
    assert_eq!(t.classifiers[0].name, "model, v2");
    assert_eq!(t.labels[0], "a, b");
}

#[test]
fn the_positive_label_follows_scikit_learn_or_must_be_chosen() {
    let t = parse_scores("y,A\ntrue,0.9\nfalse,0.2\n").unwrap();
    assert_eq!(t.positive(None).unwrap(), 0);
    assert_eq!(t.class_names(0), ["true".to_string(), "false".to_string()]);
    let t = parse_scores("y,A\n-1,0.9\n1,0.2\n").unwrap();
    assert_eq!(t.positive(None).unwrap(), 1);
    let t = parse_scores("y,A\nspam,0.9\nham,0.2\n").unwrap();
    assert_eq!(
        t.positive(None).unwrap_err(),
        ScoresError::PositiveRequired {
            labels: ["spam".into(), "ham".into()]
        }
    );
    assert_eq!(t.positive(Some(" ham ")).unwrap(), 1);
    assert!(
        t.positive(Some("eggs"))
            .unwrap_err()
            .to_string()
            .contains("'eggs' is not in the file")
    );
}

#[test]
fn a_chunk_cut_inside_a_quoted_field_is_read_as_a_whole() {
    // A stray quote in an unquoted label fools the chunk boundary; the quoted label with a
    // line break that follows must still be read as in one piece, with the right line numbers.
    let text = "label,A\n5\" a,0.1\n\"multi\nline\",0.3\n5\" a,0.2\n\"multi\nline\",x\n";
    let whole = parse_scores(text).unwrap_err();
    assert_eq!(whole.line(), Some(6));
    for k in 1..6 {
        let mut p = ScoresParser::new(text.to_string()).unwrap();
        let e = loop {
            match p.step(k) {
                Err(e) => break e,
                Ok(_) => assert!(!p.is_done(), "k = {k}: no error"),
            }
        };
        assert_eq!(e, whole, "k = {k}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn chunked_parsing_equals_whole_parsing(
        rows in prop::collection::vec((any::<bool>(), -50i32..50, -50i32..50, any::<bool>()), 2..60),
        chunk in 1usize..20,
    ) {
        let mut text = String::from("id,label,A,B\n");
        for (i, (l, a, b, blank)) in rows.iter().enumerate() {
            text.push_str(&format!("{i},{},{},{}e-1\n", if *l { "pos" } else { "neg" }, a, b));
            if *blank {
                text.push('\n');
            }
        }
        let whole = parse_scores(&text);
        let mut p = ScoresParser::new(text.clone()).unwrap();
        let mut steps = 0;
        while !p.is_done() {
            p.step(chunk).unwrap();
            steps += 1;
        }
        prop_assert!(steps >= 1);
        prop_assert_eq!(p.finish(), whole);
    }
}

// ------------------------------------------------------------------------------------------
// Curves built in steps
// ------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn the_stepped_curve_is_the_core_curve(
        data in prop::collection::vec((0u8..10, any::<bool>()), 2..400),
        budget in 1usize..200,
    ) {
        let scores: Vec<f64> = data.iter().map(|(s, _)| *s as f64 / 4.0 - 1.0).collect();
        let pos: Vec<bool> = data.iter().map(|(_, p)| *p).collect();
        let core = Roc::from_scores(&scores, &pos);
        match RocBuilder::new(&scores, &pos) {
            Err(e) => prop_assert_eq!(Err::<Roc, _>(e), core),
            Ok(mut b) => {
                while !b.step(budget) {}
                prop_assert_eq!(b.finish().unwrap(), core.unwrap());
            }
        }
    }
}

#[test]
fn many_blocks_merge_into_the_core_curve() {
    // 3.5 blocks of scores with heavy ties, ±0 among them, so the merge crosses every block.
    let n = BLOCK * 7 / 2;
    let mut r = uniform(7);
    let scores: Vec<f64> = (0..n)
        .map(|i| {
            if i % 1000 == 0 {
                -0.0
            } else {
                (r() * 5000.0).floor() / 100.0 - 25.0
            }
        })
        .collect();
    let pos: Vec<bool> = scores.iter().map(|s| r() < 0.3 + s.abs() / 50.0).collect();
    let core = Roc::from_scores(&scores, &pos).unwrap();
    let mut b = RocBuilder::new(&scores, &pos).unwrap();
    let mut steps = 0;
    while !b.step(20_000) {
        steps += 1;
    }
    assert!(steps > 10);
    assert_eq!(b.finish().unwrap(), core);
}

#[test]
fn table_curves_in_small_steps_equal_curves_at_once() {
    let text = "label,A,B,C\n1,0.9,3,0\n0,0.8,2,0\n1,0.8,1,0\n0,0.3,5,0\n1,0.1,4,0\n";
    let t = parse_scores(text).unwrap();
    let at_once = scored_curves(&t, 0).unwrap();
    let mut job = TableCurves::new(&t, 0);
    let mut last = 0.0;
    while !job.step(&t, 1).unwrap() {
        assert!(job.progress() >= last);
        last = job.progress();
    }
    let stepped = job.finish();
    assert_eq!(stepped, at_once);
    // Hand values: A's AUC. Positives (label 1) 0.9, 0.8, 0.1; negatives 0.8, 0.3:
    // pairs won 2 + (½ + 1) + 0 = 3.5 of 6.
    assert!((at_once[0].auc - 3.5 / 6.0).abs() < 1e-15);
    // C: all scores tied: one diagonal step, AUC ½.
    assert_eq!(at_once[2].auc, 0.5);
    assert_eq!(at_once[2].roc.points.len(), 2);
}

// ------------------------------------------------------------------------------------------
// Slope, optimum, best (Dyrland et al. 2022, eqs. 20–25)
// ------------------------------------------------------------------------------------------

#[test]
fn slope_against_hand_values() {
    let c = vec![binormal("A", 1.0, 1.0)];
    let half = choose_share(Some(&[0.5, 0.5]), None).unwrap();
    // (U11 − U01)(1 − B) / ((U00 − U10) B) = (165 + 335)·½ / ((15 + 35)·½) = 10.
    let r = analyze(&c, &u("15,-335;-35,165"), half).unwrap();
    assert_eq!(r.slope, Some(10.0));
    // diag(4, 1): 1·½ / (4·½) = ¼; the identity at B = 0.8: 0.2 / 0.8 = ¼.
    assert_eq!(analyze(&c, &u("4,0;0,1"), half).unwrap().slope, Some(0.25));
    let r = analyze(
        &c,
        &u("1,0;0,1"),
        choose_share(Some(&[0.8, 0.2]), None).unwrap(),
    )
    .unwrap();
    assert!((r.slope.unwrap() - 0.25).abs() < 1e-15);
    // No finite positive slope when U00 ≤ U10, or at B = 0: none, and still an optimum.
    let r = analyze(&c, &u("0,0;1,1"), half).unwrap();
    assert_eq!(r.slope, None);
    assert!(r.curves[0].optimum.yield_value.is_finite());
    assert_eq!(
        analyze(
            &c,
            &u("1,0;0,1"),
            choose_share(Some(&[0.0, 1.0]), None).unwrap()
        )
        .unwrap()
        .slope,
        None
    );
    // The tangent's intercept: t* − m·f*.
    let r = analyze(&c, &u("4,0;0,1"), half).unwrap();
    let o = r.curves[0].optimum;
    assert!((o.intercept.unwrap() - (o.point.tpr - 0.25 * o.point.fpr)).abs() < 1e-15);
}

/// The best yield over every threshold, by counting each class above the threshold.
fn brute_force(scores: &[f64], pos: &[bool], um: &UtilityMatrix, b: f64) -> f64 {
    let p = pos.iter().filter(|x| **x).count() as f64;
    let n = pos.len() as f64 - p;
    let mut thresholds: Vec<f64> = scores.to_vec();
    thresholds.push(f64::INFINITY);
    thresholds
        .iter()
        .map(|&s| {
            let tp = scores
                .iter()
                .zip(pos)
                .filter(|(x, y)| **y && **x >= s)
                .count() as f64;
            let fp = scores
                .iter()
                .zip(pos)
                .filter(|(x, y)| !**y && **x >= s)
                .count() as f64;
            yield_at(um, b, fp / n, tp / p)
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    #[test]
    fn the_optimum_on_the_hull_is_the_brute_force_maximum(
        data in prop::collection::vec((0u8..15, any::<bool>()), 2..120),
        cells in prop::collection::vec(-10i32..10, 4),
        share in prop::option::of(0.0f64..=1.0),
    ) {
        let scores: Vec<f64> = data.iter().map(|(s, _)| *s as f64 * 0.1).collect();
        let pos: Vec<bool> = data.iter().map(|(_, p)| *p).collect();
        let np = pos.iter().filter(|x| **x).count();
        prop_assume!(np > 0 && np < pos.len());
        let um = UtilityMatrix::parse(&format!("{},{};{},{}", cells[0], cells[1], cells[2], cells[3])).unwrap();
        let roc = Roc::from_scores(&scores, &pos).unwrap();
        let test_share = roc.class0_share();
        let curve = Curve::Scores(ScoredCurve::new("X".into(), roc));
        let prev = share.map(|b| [b, 1.0 - b]);
        let sh = choose_share(prev.as_ref().map(|p| &p[..]), Some(test_share)).unwrap();
        let r = analyze(&[curve], &um, sh).unwrap();
        let o = r.curves[0].optimum;
        let want = brute_force(&scores, &pos, &um, sh.value);
        prop_assert!((o.yield_value - want).abs() <= 1e-9 * want.abs().max(1.0), "{} vs {want}", o.yield_value);
        // Its threshold gives that yield when applied to the raw scores.
        let tp = scores.iter().zip(&pos).filter(|(x, y)| **y && **x >= o.point.threshold).count();
        let fp = scores.iter().zip(&pos).filter(|(x, y)| !**y && **x >= o.point.threshold).count();
        let again = yield_at(&um, sh.value, fp as f64 / (pos.len() - np) as f64, tp as f64 / np as f64);
        prop_assert!((again - o.yield_value).abs() <= 1e-12 * want.abs().max(1.0));
        // It is drawn, and when the yield grows with t (U00 ≥ U10), a vertex of the hull.
        prop_assert_eq!(r.curves[0].drawn[o.drawn_index], o.point);
        if cells[0] >= cells[2] {
            prop_assert!(r.curves[0].hull.contains(&o.point));
        }
    }
}

#[test]
fn binormal_auc_and_optimum_against_closed_forms() {
    let half = choose_share(None, None).unwrap();
    assert_eq!(half.source, ShareSource::Default);
    let r = analyze(
        &[binormal("A", 1.0, 1.0), binormal("B", 2.0, 1.0)],
        &u("4,0;0,1"),
        half,
    )
    .unwrap();
    // Φ(1/√2) = 0.7602499389, Φ(2/√2) = 0.9213503965.
    assert_eq!(auc_text(r.curves[0].auc), "0.760");
    assert_eq!(auc_text(r.curves[1].auc), "0.921");
    assert!((r.curves[0].auc - 0.7602499389065233).abs() < 1e-12);
    // Equal variances: t'(f) = exp(−a·z − a²/2) = m at z = −(ln m + a²/2)/a, so the latent
    // threshold s = −z = (ln ¼ + ½)/1 = −0.8862944 for A.
    let s = r.curves[0].optimum.point.threshold;
    assert!((s - (0.25f64.ln() + 0.5)).abs() < 1e-6, "{s}");
    assert!((r.curves[0].optimum.yield_value - 2.0346094329792113).abs() < 1e-9);
    assert_eq!(r.best, vec![1]);
    // The AUC against the area under the drawn binormal curve (trapezoids).
    let area: f64 = r.curves[1]
        .drawn
        .windows(2)
        .map(|w| (w[1].fpr - w[0].fpr) * (w[1].tpr + w[0].tpr) / 2.0)
        .sum();
    assert!((area - r.curves[1].auc).abs() < 1e-4, "{area}");
}

#[test]
fn the_hand_typed_link_of_the_issue() {
    let r = report_of("view=roc&bn.A=1,1&bn.B=2,1&u=4,0;0,1&prev=0.5,0.5");
    assert_eq!(auc_text(r.curves[0].auc), "0.760");
    assert_eq!(auc_text(r.curves[1].auc), "0.921");
    assert_eq!(r.best, vec![1]);
    assert!(best_sentence(&r).unwrap().starts_with("B is the best"));
    assert_eq!(
        auc_sentence(&r),
        None,
        "B has both the larger AUC and yield"
    );
}

// ------------------------------------------------------------------------------------------
// Fig. 8 presets
// ------------------------------------------------------------------------------------------

#[test]
fn fig_8_presets_larger_auc_lower_yield() {
    assert_eq!(FIG8_PRESETS.len(), 2);
    let factor = [1.0, 0.4]; // identity at B = 0.8: 0.8t + 0.2(1 − f) = 0.4·(2t − f/2 + ½)
    for (preset, k) in FIG8_PRESETS.iter().zip(factor) {
        let r = report_of(preset.fragment);
        let (a, b) = (&r.curves[0], &r.curves[1]);
        assert!((a.auc - 0.9101437525605001).abs() < 1e-12);
        assert!((b.auc - 0.8144533152386512).abs() < 1e-12);
        assert!((a.optimum.yield_value - k * 2.1345409037025123).abs() < 1e-7 * k);
        assert!((b.optimum.yield_value - k * 2.2046605503598835).abs() < 1e-7 * k);
        assert!((a.optimum.point.fpr - 0.3203086).abs() < 1e-4);
        assert!((b.optimum.point.fpr - 0.5078645).abs() < 1e-4);
        assert!((r.slope.unwrap() - 0.25).abs() < 1e-15);
        assert_eq!(r.best, vec![1], "{}", preset.id);
        let sentence = auc_sentence(&r).unwrap();
        assert!(
            sentence.starts_with("A has the larger AUC (0.910 vs 0.814) but B yields more"),
            "{sentence}"
        );
        assert!(preset.fragment.starts_with("view=roc&"));
    }
    assert!(
        auc_sentence(&report_of(FIG8_PRESETS[1].fragment))
            .unwrap()
            .contains("(0.8819 vs 0.8538)")
    );
}

// ------------------------------------------------------------------------------------------
// Send to Compare
// ------------------------------------------------------------------------------------------

#[test]
fn send_to_compare_gives_the_counts_at_the_threshold() {
    // label 1 = positive = class 0. Scores: pos 0.9, 0.6, 0.6, 0.2; neg 0.7, 0.6, 0.1.
    // At threshold 0.6 (score ≥ 0.6 → class 0): TP = 3 (0.9, 0.6, 0.6), FP = 2 (0.7, 0.6),
    // FN = 1 (0.2), TN = 1 (0.1): rows = output, columns = true class.
    let t = parse_scores("y,A\n1,0.9\n0,0.7\n1,0.6\n0,0.6\n1,0.6\n1,0.2\n0,0.1\n").unwrap();
    let positive = t.positive(None).unwrap();
    let curve = &scored_curves(&t, positive).unwrap()[0];
    let i = point_for_threshold(&curve.roc, 0.6);
    assert_eq!(curve.roc.points[i].threshold, 0.6);
    assert_eq!(counts_at(&curve.roc, i).unwrap().to_string(), "3,2;1,1");
    let c = scored_classifier(curve, i).unwrap();
    assert_eq!(c.name, "A @ 0.6");
    assert_eq!(c.matrix.to_string(), "3,2;1,1");
    // A threshold between scores: 0.65 → only 0.9 and 0.7 are class 0.
    let j = point_for_threshold(&curve.roc, 0.65);
    assert_eq!(counts_at(&curve.roc, j).unwrap().to_string(), "1,1;3,2");
    // The matrix is a valid classifier for the Compare view.
    c.confusion().unwrap();
}
