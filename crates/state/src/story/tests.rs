//! Tests of the story's numbers against the paper and hand calculations.

use super::*;
use crate::View;
use ulab_core::text::{fixed, number as plain};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn always_short_beats_both_classifiers_in_all_three_problems() {
    // Eqs. 1, 2 and 4: half the components short (165 €), half long (−35 € when judged
    // short): 65 € per component, against A's 3.5 € and B's −3.5 €.
    let s = Story::new();
    let (d, why) = s.trivial_winner(&s.factory).unwrap();
    assert_eq!(s.classes[d], "short");
    assert_eq!(why.value, 65.0);
    assert_eq!(why.avoided, Some((0, 1, -335.0)));
    assert_eq!((s.cms[0].c(0, 1), s.cms[1].c(0, 1)), (0.15, 0.18));
    // The variant (eq. 5): 0.5 × (−65) + 0.5 × 165 = 50, more than B's 7.3 €; the medical
    // case (eq. 6) is the factory shifted by 335 months: 65 + 335.
    assert_eq!(
        s.trivial_winner(&s.variant).map(|w| (w.0, w.1.value)),
        Some((1, 50.0))
    );
    assert_eq!(
        s.trivial_winner(&s.medical).map(|w| (w.0, w.1.value)),
        Some((1, 400.0))
    );
}

#[test]
fn table1_matches_the_paper() {
    // Dyrland et al. 2022, Table 1 (two decimals); balanced accuracy = accuracy (balanced classes).
    let expected = [
        ("0.62", "0.75"),
        ("0.62", "0.75"),
        ("0.64", "0.70"),
        ("0.59", "0.77"),
        ("0.24", "0.51"),
        ("0.59", "0.78"),
        ("0.54", "0.86"),
        ("0.70", "0.64"),
    ];
    let s = Story::new();
    let rows = s.metrics();
    assert!(rows[..8].iter().all(|r| r.in_table1));
    for (row, (a, b)) in rows.iter().zip(expected) {
        assert_eq!(fixed(row.values[0], 2), a, "{}", row.label);
        assert_eq!(fixed(row.values[1], 2), b, "{}", row.label);
    }
    for (row, t) in rows.iter().zip(TABLE1) {
        assert_eq!(row.measure, crate::compare::Measure::Metric(t.metric));
        assert_eq!(row.label, t.label);
    }
    // Hand-computed: MCC of A = (27·35 − 15·23) / √(42·58·50·50).
    let mcc_a = (27.0 * 35.0 - 15.0 * 23.0) / (42.0f64 * 58.0 * 50.0 * 50.0).sqrt();
    assert!(close(rows[4].values[0], mcc_a));
}

#[test]
fn the_majority_favours_b_and_only_tnr_favours_a_by_9_percent() {
    use crate::compare::Measure;
    use ulab_core::metrics::Metric;
    let s = Story::new();
    // Table 1's eight, then what Compare shows besides: NPV, Cohen's kappa, p-d, net benefit.
    assert_eq!(s.votes(), [1, 11]);
    assert_eq!(s.majority(), 1);
    let rows = s.metrics();
    let shorts: Vec<&str> = rows[8..].iter().map(|r| r.short.as_str()).collect();
    assert_eq!(shorts, ["NPV", "Cohen's kappa", "p-d", "Net benefit"]);
    assert!(rows[8..].iter().all(|r| !r.in_table1));
    let tnr = rows
        .iter()
        .find(|r| r.measure == Measure::Metric(Metric::Specificity))
        .unwrap();
    assert_eq!(tnr.favoured, Some(0));
    // (0.70 − 0.64) / 0.64 = 0.09375: "a relative difference of 9 %".
    assert!(close(tnr.relative.unwrap(), 0.06 / 0.64));
    assert!(
        rows.iter()
            .filter(|r| r.measure != Measure::Metric(Metric::Specificity))
            .all(|r| r.favoured == Some(1))
    );
}

#[test]
fn yields_of_eqs_3_5_6() {
    let s = Story::new();
    let [a, b] = s.yields(&s.factory);
    assert!(close(a, 3.5) && close(b, -3.5), "{a} {b}");
    let [a, b] = s.yields(&s.variant);
    assert!(close(a, 4.7) && close(b, 7.3), "{a} {b}");
    let [a, b] = s.yields(&s.medical);
    assert!(close(a, 338.5) && close(b, 331.5), "{a} {b}");
    assert_eq!(s.best(&s.factory), 0);
    assert_eq!(s.best(&s.variant), 1);
    assert_eq!(s.best(&s.medical), 0);
}

#[test]
fn breakdown_is_the_course_chapters_arithmetic() {
    // [27·15 + 15·(−335) + 23·(−35) + 35·165] / 100 = 3.5.
    let s = Story::new();
    let br = s.breakdown(&s.factory, 0);
    let products: Vec<String> = br.terms.iter().map(|t| plain(t.2, 2)).collect();
    assert_eq!(products, ["4.05", "−50.25", "−8.05", "57.75"]);
    let shares: Vec<String> = br.terms.iter().map(|t| plain(t.1, 2)).collect();
    assert_eq!(shares, ["0.27", "0.15", "0.23", "0.35"]);
    let sum: f64 = br.terms.iter().map(|t| t.2).sum();
    assert!(close(sum, br.yield_value));
    assert!(close(br.total, 350.0));
    let br = s.breakdown(&s.factory, 1);
    assert!(close(br.total, -350.0));
}

#[test]
fn tradeoff_explains_the_difference_of_yields() {
    let s = Story::new();
    for u in [&s.factory, &s.variant, &s.medical] {
        let t = s.tradeoff(u);
        let [a, b] = s.yields(u);
        assert!(close(a - b, t.a_edge() - t.b_edge()));
    }
    let t = s.tradeoff(&s.factory);
    assert!(close(t.weight_long, 50.0) && close(t.weight_short, 500.0));
    assert!(close(t.b_more_long, 0.16) && close(t.a_more_short, 0.03));
    let t = s.tradeoff(&s.variant);
    assert!(close(t.weight_long, 110.0) && close(t.weight_short, 500.0));
}

#[test]
fn medical_is_the_factory_plus_335_and_the_variant_is_another_problem() {
    let s = Story::new();
    assert_eq!(s.medical_shift(), Some(335.0));
    assert!(!s.factory.is_equivalent(&s.variant, 1e-9));
    assert_eq!(changed_cells(&s.factory, &s.variant), vec![(0, 0), (1, 0)]);
    assert_eq!(s.class_shares(), vec![0.5, 0.5]);
    assert_eq!(s.test_size(), 100.0);
    assert_eq!(s.names, ["A", "B"]);
    assert_eq!(s.classes, ["long", "short"]);
    assert_eq!(s.medical_classes, ["type 0", "type 1"]);
}

#[test]
fn every_step_opens_from_its_link_and_a_bad_step_gives_a_notice() {
    for (k, _) in STEPS.iter().enumerate() {
        let d = crate::link::decode(&step_fragment(k, k % 2 == 1));
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        assert_eq!(d.state.view, View::Story);
        assert_eq!(d.state.step, k);
        assert_eq!(d.state.embed, k % 2 == 1);
        // The app writes the state back: the step survives.
        assert_eq!(
            crate::link::decode(&crate::link::encode(&d.state))
                .state
                .step,
            k
        );
    }
    for bad in ["0", "99", "x", "-1", "2.5"] {
        let d = crate::link::decode(&format!("view=story&step={bad}"));
        assert_eq!(d.state.step, 0, "step={bad}");
        assert_eq!(d.notices.len(), 1, "step={bad}");
        assert_eq!(d.notices[0].key, "step");
    }
    let last = crate::link::decode(&format!("view=story&step={}", STORY_STEPS + 1));
    assert_eq!(last.notices.len(), 1);
}
