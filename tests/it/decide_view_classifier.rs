//! The Decide view's logic (`state::decide`), a label-only classifier as a decision maker:
//! eq. 23 of Dyrland et al. (draft) by hand, the factory's classifier A (Dyrland et al. 2022),
//! fractions and test-set sizes, "don't balance classes" (Porta Mana, course notes) with
//! hand-checked numbers, the CSV exports; and property tests against naive formulas.

use super::decide_view::{close, m, names, shares, u};
use proptest::collection::vec;
use proptest::prelude::*;
use utility_lab::core::{Matrix, UtilityMatrix};
use utility_lab::state::Classifier;
use utility_lab::state::decide::DecideError;
use utility_lab::state::decide::balance::{SharesKind, balance_study};
use utility_lab::state::decide::classifier::label_only;
use utility_lab::state::decide::export::{expected_utilities_csv, remap_csv};
use utility_lab::state::decide::one_item::one_item;
use utility_lab::state::decide::view::{DecideProblem, analyze};

// ------------------------------------------------------------------------------------------
// 4. A label-only classifier as a decision maker (Dyrland et al. (draft), eq. 23)
// ------------------------------------------------------------------------------------------

#[test]
fn eq_23_by_hand_with_alpha_0_and_1() {
    // Classifier A of the factory, base rates π = (0.2, 0.8).
    let a = m("27,15;23,35");
    let id = u("1,0;0,1");
    let pi = [0.2, 0.8];
    // α = 0: p(o|c) = (27/50, 15/50; 23/50, 35/50). p(c | o=0) ∝ (0.54·0.2, 0.3·0.8) =
    // (0.108, 0.24) → (9/29, 20/29); p(c | o=1) ∝ (0.46·0.2, 0.7·0.8) = (0.092, 0.56) →
    // (23/163, 140/163).
    let r = label_only("A", &a, &id, 0.0, Some(&pi), None).unwrap();
    let want0 = [[9.0 / 29.0, 20.0 / 29.0], [23.0 / 163.0, 140.0 / 163.0]];
    // α = 1: p(o|c) = (28/52, 16/52; 24/52, 36/52). p(c | o=0) ∝ (7/13·0.2, 4/13·0.8) →
    // (7/23, 16/23); p(c | o=1) ∝ (6/13·0.2, 9/13·0.8) → (1/7, 6/7).
    let r1 = label_only("A", &a, &id, 1.0, Some(&pi), None).unwrap();
    let want1 = [[7.0 / 23.0, 16.0 / 23.0], [1.0 / 7.0, 6.0 / 7.0]];
    for o in 0..2 {
        for c in 0..2 {
            assert!(
                close(r.class_given_output.get(o, c), want0[o][c]),
                "α=0 ({o},{c})"
            );
            assert!(
                close(r1.class_given_output.get(o, c), want1[o][c]),
                "α=1 ({o},{c})"
            );
        }
    }
    assert!(close(r1.output_given_class.get(0, 1), 16.0 / 52.0));
    // p(o = 0) = 0.54·0.2 + 0.3·0.8 = 0.348.
    assert!(close(r.outputs[0].probability, 0.348));
}

#[test]
fn factory_a_remapped_yields_65_against_3_5() {
    let factory = u("15,-335;-35,165");
    let r = label_only("A", &m("27,15;23,35"), &factory, 0.0, None, None).unwrap();
    assert!(close(r.raw_yield, 3.5));
    assert!(close(r.remapped_yield, 65.0));
    assert_eq!(
        r.outputs.iter().map(|o| o.decision).collect::<Vec<_>>(),
        vec![1, 1]
    );
    assert_eq!(
        r.outputs.iter().map(|o| o.changed).collect::<Vec<_>>(),
        vec![true, false]
    );
    // Output "long": p(long | long) = 27/42, Ū(long) = (15·27 − 335·15)/42 = −110,
    // Ū(short) = (−35·27 + 165·15)/42 = 1530/42.
    assert!(close(r.outputs[0].expected[0], -110.0));
    assert!(close(r.outputs[0].expected[1], 1530.0 / 42.0));
    let (raw, remapped) = r.totals.unwrap();
    assert!(close(raw, 350.0) && close(remapped, 6500.0));
    // With α = 1 "always short" still yields 65: Σ_o p(o|c) = 1 for each class.
    let r1 = label_only("A", &m("27,15;23,35"), &factory, 1.0, None, None).unwrap();
    assert!(close(r1.remapped_yield, 65.0));
    // Raw with α = 1: ½(15·28/52 − 35·24/52) + ½(−335·16/52 + 165·36/52) = 80/52.
    assert!(close(r1.raw_yield, 80.0 / 52.0));
}

#[test]
fn fractions_need_a_test_set_size_for_a_pseudo_count() {
    let factory = u("15,-335;-35,165");
    let f = m("0.27,0.15;0.23,0.35");
    let e = label_only("A", &f, &factory, 1.0, None, None).unwrap_err();
    assert!(matches!(e, DecideError::NeedsTestSetSize { ref name, .. } if name == "A"));
    assert!(e.to_string().contains("give the test set's size N"));
    // With N = 100 the counts are 27, 15, 23, 35: the same as the counts' result.
    let with_n = label_only("A", &f, &factory, 1.0, None, Some(100)).unwrap();
    let counts = label_only("A", &m("27,15;23,35"), &factory, 1.0, None, None).unwrap();
    assert!(close(with_n.raw_yield, counts.raw_yield));
    assert!(with_n.counts.from_fractions);
    // Fractions that do not sum to 1 are read relative to their sum.
    let half = label_only(
        "A",
        &m("0.135,0.075;0.115,0.175"),
        &factory,
        1.0,
        None,
        Some(100),
    );
    assert!(close(half.unwrap().raw_yield, counts.raw_yield));
    // α = 0: no size needed (p(o | c) does not depend on the scale), no total.
    let plain = label_only("A", &f, &factory, 0.0, None, None).unwrap();
    assert!(close(plain.remapped_yield, 65.0) && plain.totals.is_none());
}

/// Counts (whole, zeros frequent) or fractions, n × n.
fn classifier_matrix(n: usize) -> impl Strategy<Value = (Matrix, bool)> {
    (
        vec(prop_oneof![1 => Just(0u32), 2 => 0u32..60], n * n),
        any::<bool>(),
        0..n * n,
    )
        .prop_map(move |(v, fractions, k)| {
            let mut d: Vec<f64> = v.into_iter().map(f64::from).collect();
            if d.iter().all(|x| *x == 0.0) {
                d[k] = 1.0;
            }
            if fractions {
                let s: f64 = d.iter().sum();
                d.iter_mut().for_each(|x| *x /= s * 1.7);
            }
            (Matrix::new(n, n, d).unwrap(), fractions)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn remapping_never_yields_less_than_the_raw_classifier(
        ((cm, _), util, pi) in (2usize..=5, 0usize..=2).prop_flat_map(|(n, extra)| {
            (classifier_matrix(n), vec(-100.0..100.0f64, (n + extra) * n), shares(n))
                .prop_map(move |(c, d, p)| (c, UtilityMatrix::new(Matrix::new(n + extra, n, d).unwrap()).unwrap(), p))
        }),
        alpha in prop_oneof![Just(0.0), 0.0..5.0f64],
        use_pi in any::<bool>(),
        size in prop_oneof![Just(None), (1u64..1000).prop_map(Some)],
    ) {
        // The documented rule: whole numbers with a total above 1 are counts, else fractions.
        let fractions = cm.data().iter().any(|v| v.fract() != 0.0) || cm.sum() <= 1.0;
        let base = use_pi.then_some(pi.as_slice());
        let r = match label_only("X", &cm, &util, alpha, base, size) {
            Ok(r) => r,
            Err(DecideError::NeedsTestSetSize { .. }) => {
                prop_assert!(fractions && alpha > 0.0 && size.is_none());
                return Ok(());
            }
            Err(DecideError::Core(utility_lab::core::CoreError::NoCases { .. })) => {
                prop_assert!(alpha == 0.0);
                return Ok(());
            }
            Err(e) => return Err(TestCaseError::fail(format!("unexpected {e}"))),
        };
        prop_assert!(r.remapped_yield >= r.raw_yield - 1e-9, "{} < {}", r.remapped_yield, r.raw_yield);
        // Independently: the raw yield Σ_o Σ_c U_oc p(o|c) π_c from the counts as scaled.
        let n = cm.rows();
        let scale = match size { Some(s) if fractions => s as f64 / cm.sum(), _ => 1.0 };
        let counts = |o: usize, c: usize| cm.get(o, c) * scale;
        let totals: Vec<f64> = (0..n).map(|c| (0..n).map(|o| counts(o, c)).sum()).collect();
        let big_n: f64 = totals.iter().sum();
        let pi_used: Vec<f64> = if use_pi { pi.clone() } else { totals.iter().map(|t| t / big_n).collect() };
        let p_oc = |o: usize, c: usize| (counts(o, c) + alpha) / (totals[c] + n as f64 * alpha);
        let raw: f64 = (0..n).map(|o| (0..n).map(|c| util.get(o, c) * p_oc(o, c) * pi_used[c]).sum::<f64>()).sum();
        prop_assert!((r.raw_yield - raw).abs() <= 1e-9 * 100.0, "raw {} vs {}", r.raw_yield, raw);
        // The per-output contributions add up to the yields.
        let sum_raw: f64 = r.outputs.iter().map(|o| o.raw_contribution).sum();
        let sum_rem: f64 = r.outputs.iter().map(|o| o.remapped_contribution).sum();
        prop_assert!((sum_raw - r.raw_yield).abs() < 1e-9 && (sum_rem - r.remapped_yield).abs() < 1e-9);
        // Each output's decision is at least as good as every other decision for it.
        for o in &r.outputs {
            let best = o.expected.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            prop_assert!(o.expected[o.decision] >= best - 1e-9);
        }
    }

    #[test]
    fn balancing_never_beats_the_deployment_decisions(
        ((cm, _), util, pi) in (2usize..=4, 0usize..=1).prop_flat_map(|(n, extra)| {
            (classifier_matrix(n), vec(-50.0..50.0f64, (n + extra) * n), shares(n))
                .prop_map(move |(c, d, p)| (c, UtilityMatrix::new(Matrix::new(n + extra, n, d).unwrap()).unwrap(), p))
        }),
        alpha in 0.1..3.0f64,
    ) {
        let s = balance_study("X", &cm, &util, alpha, &pi, Some(500)).unwrap();
        let dep = s.case(SharesKind::Deployment);
        prop_assert!(dep.loss == 0.0);
        prop_assert!((dep.claimed_yield - dep.real_yield).abs() < 1e-9);
        for c in &s.cases {
            prop_assert!(c.real_yield <= dep.real_yield + 1e-9, "{:?} {} > {}", c.kind, c.real_yield, dep.real_yield);
            prop_assert!(c.loss >= 0.0);
        }
        prop_assert!(s.raw_real_yield <= dep.real_yield + 1e-9);
    }

    /// A slider's move recomputes the item only (`DecideView::with_item`): the view is the same
    /// as the whole analysis at the new probabilities, classifiers, shape and errors included.
    #[test]
    fn a_slider_move_gives_the_whole_analysis(
        (clfs, util, p1, p2, pi) in (2usize..=4, 0usize..=1).prop_flat_map(|(n, extra)| {
            (vec(classifier_matrix(n), 0..3), vec(-50.0..50.0f64, (n + extra) * n), shares(n), shares(n), shares(n))
                .prop_map(move |(c, d, p1, p2, pi)| (c, Matrix::new(n + extra, n, d).unwrap(), p1, p2, pi))
        }),
        alpha in prop_oneof![Just(0.0), 0.1..3.0f64],
        use_pi in any::<bool>(),
        size in prop_oneof![Just(None), (1u64..1000).prop_map(Some)],
        p2_bad in any::<bool>(),
    ) {
        let n = util.cols();
        let problem = DecideProblem {
            decisions: (0..util.rows()).map(|d| format!("d{d}")).collect(),
            classes: (0..n).map(|c| format!("c{c}")).collect(),
            utility: util,
            classifiers: clfs.into_iter().enumerate().map(|(i, (matrix, _))| Classifier { name: format!("k{i}"), matrix }).collect(),
            base_rates: use_pi.then_some(pi),
            alpha,
            test_size: size,
        };
        // Also from and to a bad item (probabilities of the wrong length).
        let p2 = if p2_bad { vec![1.0] } else { p2 };
        let before = analyze(&problem.inputs(&p1));
        let after = analyze(&problem.inputs(&p2));
        prop_assert_eq!(&before.with_item(&problem.inputs(&p2)), &after);
        prop_assert_eq!(&after.with_item(&problem.inputs(&p1)), &before);
    }
}

// ------------------------------------------------------------------------------------------
// 5. Don't balance classes (Porta Mana, course notes)
// ------------------------------------------------------------------------------------------

#[test]
fn a_checker_tuned_on_a_balanced_test_set_loses_money() {
    let lottery = u("10,-1;0,0");
    // Right 80 % of the time on each class, tested on 50 % winning tickets; really 1 % win.
    let s = balance_study(
        "checker",
        &m("40,10;10,40"),
        &lottery,
        0.0,
        &[0.01, 0.99],
        None,
    )
    .unwrap();
    let test = s.case(SharesKind::TestSet);
    let bal = s.case(SharesKind::Balanced);
    let dep = s.case(SharesKind::Deployment);
    // At 50/50: p(win | says win) = 0.8 → Ū(buy) = 7.8; p(win | says lose) = 0.2 → Ū(buy) = 1.2:
    // buy whatever it says, 10·0.5 − 1·0.5 = 4.5 per ticket.
    assert_eq!(test.decisions, vec![0, 0]);
    assert_eq!(bal.decisions, vec![0, 0]);
    assert!(close(bal.claimed_yield, 4.5));
    // At 1/99: p(win | says win) = 0.008/0.206 → Ū(buy) < 0: never buy, 0 per ticket.
    assert_eq!(dep.decisions, vec![1, 1]);
    assert_eq!(dep.real_yield, 0.0);
    // Buying every ticket really yields 10·0.01 − 0.99 = −0.89: a loss of 0.89 per ticket.
    assert!(close(bal.real_yield, -0.89));
    assert!(close(bal.loss, 0.89));
    // The raw checker (buy iff it says win): 10·0.4 − 0.1 = 3.9 at 50/50; at 1/99,
    // 10·0.8·0.01 − 0.2·0.99 = −0.118.
    assert!(close(bal.raw_claimed_yield, 3.9));
    assert!(close(s.raw_real_yield, -0.118));
}

#[test]
fn balancing_a_representative_test_set_costs_the_same() {
    // The same checker on a test set with the real shares (10 winning tickets in 1000):
    // rebalancing it to 50/50 tunes the decisions to "buy", which really loses 0.89.
    let s = balance_study(
        "checker",
        &m("8,198;2,792"),
        &u("10,-1;0,0"),
        0.0,
        &[0.01, 0.99],
        None,
    )
    .unwrap();
    assert_eq!(s.case(SharesKind::TestSet).decisions, vec![1, 1]);
    assert_eq!(s.case(SharesKind::Balanced).decisions, vec![0, 0]);
    assert!(close(s.case(SharesKind::Balanced).real_yield, -0.89));
    assert!(close(s.case(SharesKind::TestSet).loss, 0.0));
}

#[test]
fn factory_a_at_1_percent_long() {
    let s = balance_study(
        "A",
        &m("27,15;23,35"),
        &u("15,-335;-35,165"),
        0.0,
        &[0.01, 0.99],
        None,
    )
    .unwrap();
    // Always short everywhere: 65 at 50/50; −35·0.01 + 165·0.99 = 163 at 1/99.
    assert!(close(s.case(SharesKind::TestSet).claimed_yield, 65.0));
    assert!(close(s.case(SharesKind::Deployment).real_yield, 163.0));
    assert!(close(s.case(SharesKind::TestSet).raw_claimed_yield, 3.5));
    assert!(close(s.raw_real_yield, 14.77));
}

// ------------------------------------------------------------------------------------------
// 7. CSV exports
// ------------------------------------------------------------------------------------------

#[test]
fn csv_exports_read_back() {
    let lottery = u("10,-1;0,0");
    let item = one_item(&lottery, &[0.2, 0.8]).unwrap();
    let text =
        expected_utilities_csv(&item, &names("buy,not buy"), &names("win,\"lose\"")).unwrap();
    let rows: Vec<Vec<String>> = utility_lab::csv::read(&text)
        .unwrap()
        .into_iter()
        .map(|r| r.fields)
        .collect();
    assert_eq!(rows[2], vec!["probability", "\"lose\"", "0.8", ""]);
    assert_eq!(rows[3], vec!["expected_utility", "buy", "1.2", "yes"]);
    assert_eq!(rows[4], vec!["expected_utility", "not buy", "0", "no"]);

    let r = label_only(
        "A",
        &m("27,15;23,35"),
        &u("15,-335;-35,165"),
        0.0,
        None,
        None,
    )
    .unwrap();
    let text = remap_csv(&r, &names("long,short"), &names("long,short")).unwrap();
    let rows: Vec<Vec<String>> = utility_lab::csv::read(&text)
        .unwrap()
        .into_iter()
        .map(|r| r.fields)
        .collect();
    assert_eq!(rows.len(), 4);
    // Output short: p = 0.58, p(long | short) = 23/58, keeps "short", Ū = (−35·23 + 165·35)/58
    // = 4970/58, contribution 0.58 · 4970/58 = 49.7 in both.
    assert_eq!(rows[2][0], "short");
    assert_eq!(rows[2][1], "0.58");
    assert_eq!(rows[2][2], "0.396551724138");
    assert_eq!(&rows[2][4..8], &["short", "short", "short", "no"]);
    assert_eq!(&rows[2][10..], &["49.7", "49.7"]);
    assert_eq!(&rows[3][10..], &["3.5", "65"]);
    assert!(remap_csv(&r, &names("a"), &names("long,short")).is_err());
}
