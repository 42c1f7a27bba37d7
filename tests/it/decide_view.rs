//! The Decide view's logic (`state::decide`), one item: the probabilities' sliders and link
//! value, the lottery of Dyrland et al. (draft), the factory's flip point (Dyrland et al. 2022),
//! the triangle's regions — hand-computed values, and property tests of the invariants, each
//! checked against an independent computation (a naive formula written here), never against the
//! code's own output. The classifier part is in `decide_view_classifier`.

use proptest::collection::vec;
use proptest::prelude::*;
use utility_lab::core::decision::decide;
use utility_lab::core::{Matrix, UtilityMatrix};
use utility_lab::state::decide::DecideError;
use utility_lab::state::decide::one_item::{explain, one_item};
use utility_lab::state::decide::probabilities::{
    format_p, parse_p, set_probability, set_typed, tidy,
};
use utility_lab::state::decide::simplex::{contains, regions, to_plane};
use utility_lab::state::decide::two_classes::envelope;

pub(crate) fn names(s: &str) -> Vec<String> {
    s.split(',').map(String::from).collect()
}

pub(crate) fn u(s: &str) -> UtilityMatrix {
    UtilityMatrix::parse(s).unwrap()
}

pub(crate) fn m(s: &str) -> Matrix {
    Matrix::parse(s).unwrap()
}

pub(crate) fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * b.abs().max(1.0)
}

// ------------------------------------------------------------------------------------------
// 1. One item's probabilities
// ------------------------------------------------------------------------------------------

/// A probability vector of length `n` (zeros occur).
pub(crate) fn shares(n: usize) -> impl Strategy<Value = Vec<f64>> {
    vec(prop_oneof![1 => Just(0.0), 4 => 0.0..1.0f64], n).prop_map(|mut v| {
        if v.iter().all(|x| *x == 0.0) {
            v[0] = 1.0;
        }
        let s: f64 = v.iter().sum();
        v.iter_mut().for_each(|x| *x /= s);
        v
    })
}

/// A probability vector of length 2..=20.
fn probabilities() -> impl Strategy<Value = Vec<f64>> {
    (2usize..=20).prop_flat_map(shares)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn moving_a_slider_keeps_the_sum_and_the_proportions(
        p in probabilities(),
        k in 0usize..20,
        v in prop_oneof![Just(0.0), Just(1.0), -0.5..1.5f64],
    ) {
        let k = k % p.len();
        let q = set_probability(&p, k, v).unwrap();
        let v = v.clamp(0.0, 1.0);
        prop_assert_eq!(q[k], v, "the moved one gets exactly v");
        prop_assert!(q.iter().all(|x| *x >= 0.0), "negative: {:?}", q);
        prop_assert!((q.iter().sum::<f64>() - 1.0).abs() <= 1e-12, "sum {}", q.iter().sum::<f64>());
        let others: f64 = (0..p.len()).filter(|&j| j != k).map(|j| p[j]).sum();
        for j in (0..p.len()).filter(|&j| j != k) {
            // Independently: the others share 1 − v in proportion to their old values, or
            // evenly if they had nothing.
            let want = if others > 0.0 { p[j] / others * (1.0 - v) } else { (1.0 - v) / (p.len() - 1) as f64 };
            prop_assert!((q[j] - want).abs() <= 1e-12, "class {}: {} vs {}", j, q[j], want);
        }
        if v == 1.0 {
            prop_assert!((0..p.len()).filter(|&j| j != k).all(|j| q[j] == 0.0));
        }
    }

    #[test]
    fn a_tidied_slider_move_reads_back_from_the_link_without_a_notice(
        p in probabilities(),
        k in 0usize..20,
        step in 0u32..=1000,
    ) {
        // A slider's value: a multiple of 0.001, as the page's range input gives it.
        let k = k % p.len();
        let v = f64::from(step) / 1000.0;
        let q = tidy(set_probability(&p, k, v).unwrap(), k);
        prop_assert_eq!(q[k], v);
        prop_assert!(q.iter().all(|x| *x >= 0.0));
        prop_assert!((q.iter().sum::<f64>() - 1.0).abs() <= 1e-10);
        let back = parse_p(&format_p(&q), q.len()).unwrap();
        prop_assert_eq!(back.rescaled_from, None);
        prop_assert_eq!(back.values, q);
    }

    #[test]
    fn the_link_value_round_trips_exactly(p in probabilities()) {
        let text = format_p(&p);
        let back = parse_p(&text, p.len()).unwrap();
        prop_assert_eq!(back.values, p);
        prop_assert_eq!(back.rescaled_from, None);
    }

    #[test]
    fn sums_within_one_percent_are_rescaled_others_refused(
        p in probabilities(),
        factor in 0.95..1.05f64,
    ) {
        let scaled: Vec<f64> = p.iter().map(|x| x * factor).collect();
        let text = format_p(&scaled);
        let sum: f64 = text.split(',').map(|t| t.parse::<f64>().unwrap()).sum();
        match parse_p(&text, p.len()) {
            Ok(r) => {
                prop_assert!((sum - 1.0).abs() <= 0.01 + 1e-12, "accepted sum {}", sum);
                prop_assert!((r.values.iter().sum::<f64>() - 1.0).abs() <= 1e-12);
                prop_assert_eq!(r.rescaled_from.is_some(), (sum - 1.0).abs() > 1e-9);
            }
            Err(DecideError::NotSummingToOne { sum: s }) => {
                prop_assert!((s - 1.0).abs() > 0.01, "refused sum {}", s);
            }
            Err(e) => prop_assert!(false, "unexpected {}", e),
        }
    }
}

#[test]
fn bad_probabilities_give_typed_errors_with_the_amount() {
    assert_eq!(
        parse_p("0.5,-0.5,1", 3),
        Err(DecideError::Negative {
            index: 1,
            value: -0.5
        })
    );
    assert_eq!(
        parse_p("0.2,0.8", 3),
        Err(DecideError::WrongLength {
            expected: 3,
            found: 2
        })
    );
    let e = parse_p("0.3,0.3", 2).unwrap_err();
    assert_eq!(e, DecideError::NotSummingToOne { sum: 0.6 });
    assert!(e.to_string().contains("sum to 0.6, 0.4 less than 1"), "{e}");
    assert!(matches!(
        parse_p("0.2,abc", 2),
        Err(DecideError::NotANumber { index: 1, .. })
    ));
    assert!(parse_p("0.2,NaN", 2).is_err() && parse_p("0.2,inf", 2).is_err());
    // A typed value replaces one class's probability; a typo is refused, never clamped.
    assert_eq!(set_typed(&[0.5, 0.5], 0, "100%").unwrap(), vec![1.0, 0.0]);
    assert!(matches!(
        set_typed(&[0.5, 0.5], 1, "1.5"),
        Err(DecideError::AboveOne { index: 1, .. })
    ));
}

// ------------------------------------------------------------------------------------------
// 2. One item: the lottery of Dyrland et al. (draft), §2.3
// ------------------------------------------------------------------------------------------

#[test]
fn lottery_buys_although_lose_is_more_probable() {
    let lottery = u("10,-1;0,0");
    let item = one_item(&lottery, &[0.2, 0.8]).unwrap();
    // Ū(buy) = 10·0.2 − 1·0.8 = 1.2, Ū(not-buy) = 0 (the draft's numbers).
    assert!(close(item.expected[0], 1.2));
    assert_eq!(item.expected[1], 0.0);
    assert_eq!(item.optimal, 0);
    assert_eq!(item.tied, vec![0]);
    assert_eq!(item.most_probable, 1);
    assert!(item.differs);
    let e = explain(&item, &lottery, &names("buy,not-buy"), &names("win,lose")).unwrap();
    assert!(e.headline.starts_with(
        "Decide buy (expected utility 1.2) although lose is the more probable class (0.8):"
    ));
    assert!(e.detail.contains("10 × 0.2 − 1 × 0.8 = 1.2"));
}

#[test]
fn ties_are_reported_in_full() {
    // Every decision equal: all tied, the first one chosen.
    let flat = u("3,3;3,3;3,3");
    let item = one_item(&flat, &[0.3, 0.7]).unwrap();
    assert_eq!((item.optimal, item.tied.clone()), (0, vec![0, 1, 2]));
    assert!(!item.differs);
    // At the lottery's threshold p(win) = 1/11 both decisions are worth 0.
    let item = one_item(&u("10,-1;0,0"), &[1.0 / 11.0, 10.0 / 11.0]).unwrap();
    assert_eq!(item.tied, vec![0, 1]);
}

// ------------------------------------------------------------------------------------------
// 3. Two classes: flip points; three classes: regions
// ------------------------------------------------------------------------------------------

#[test]
fn factory_decides_long_iff_p0_at_least_500_over_550() {
    let factory = u("15,-335;-35,165");
    let e = envelope(&factory).unwrap();
    assert_eq!(e.thresholds.len(), 1);
    let t = e.thresholds[0].p0;
    assert_eq!(t, 500.0 / 550.0);
    assert_eq!(
        (e.thresholds[0].numerator, e.thresholds[0].denominator),
        (500.0, 550.0)
    );
    assert_eq!(e.decision_at(t), 0);
    let below = t - 1e-9;
    assert_eq!(e.decision_at(below), 1);
    assert_eq!(decide(&factory, &[below, 1.0 - below]).unwrap().optimal, 1);
    assert_eq!(
        decide(&factory, &[t + 1e-9, 1.0 - t - 1e-9])
            .unwrap()
            .optimal,
        0
    );
}

#[test]
fn an_inspect_decision_gives_two_flip_points() {
    // Short: 165 − 200 p₀; inspect: −10; long: −335 + 350 p₀. Short = inspect at
    // p₀ = 175/200; inspect = long at p₀ = 325/350.
    let e = envelope(&u("15,-335;-35,165;-10,-10")).unwrap();
    let t: Vec<(f64, usize, usize)> = e
        .thresholds
        .iter()
        .map(|t| (t.p0, t.below, t.above))
        .collect();
    assert_eq!(t, vec![(175.0 / 200.0, 1, 2), (325.0 / 350.0, 2, 0)]);
    // "Inspect" worth −20: never optimal, back to one flip at 500/550.
    let e = envelope(&u("15,-335;-35,165;-20,-20")).unwrap();
    assert_eq!(e.thresholds.len(), 1);
    assert_eq!(e.thresholds[0].p0, 500.0 / 550.0);
}

/// A 2-class utility matrix with 2..=8 decisions, small integers (exact ties happen).
fn two_class_utilities() -> impl Strategy<Value = UtilityMatrix> {
    (2usize..=8).prop_flat_map(|n_d| {
        vec(-6i32..=6, n_d * 2).prop_map(move |v| {
            let d: Vec<f64> = v.into_iter().map(f64::from).collect();
            UtilityMatrix::new(Matrix::new(n_d, 2, d).unwrap()).unwrap()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_envelope_picks_a_best_decision_everywhere(u in two_class_utilities(), p0 in 0.0..=1.0f64) {
        let e = envelope(&u).unwrap();
        // Independently: the best expected utility at p₀, by brute force.
        let value = |d: usize| u.get(d, 0) * p0 + u.get(d, 1) * (1.0 - p0);
        let best = (0..u.n_decisions()).map(value).fold(f64::NEG_INFINITY, f64::max);
        let d = e.decision_at(p0);
        prop_assert!(value(d) >= best - 1e-9, "decision {} worth {} < {}", d, value(d), best);
        // The stretches cover [0, 1] in order, each decision at most once, flips in between.
        prop_assert_eq!(e.segments[0].from, 0.0);
        prop_assert_eq!(e.segments.last().unwrap().to, 1.0);
        prop_assert_eq!(e.thresholds.len() + 1, e.segments.len());
        for (k, t) in e.thresholds.iter().enumerate() {
            prop_assert_eq!(e.segments[k].to, t.p0);
            prop_assert_eq!(e.segments[k + 1].from, t.p0);
            prop_assert!(t.p0 > 0.0 && t.p0 < 1.0);
            prop_assert!(k == 0 || t.p0 > e.thresholds[k - 1].p0);
            // At a flip both sides are equally good.
            let (a, b) = (t.below, t.above);
            let va = u.get(a, 0) * t.p0 + u.get(a, 1) * (1.0 - t.p0);
            let vb = u.get(b, 0) * t.p0 + u.get(b, 1) * (1.0 - t.p0);
            prop_assert!((va - vb).abs() < 1e-9);
        }
        let mut seen: Vec<usize> = e.segments.iter().map(|s| s.decision).collect();
        seen.sort_unstable();
        seen.dedup();
        prop_assert_eq!(seen.len(), e.segments.len());
    }

    #[test]
    fn the_triangle_regions_tile_it_and_are_optimal(
        n_d in 2usize..=8,
        cells in vec(-6i32..=6, 24),
        raw in vec(0.0..1.0f64, 3),
    ) {
        let data: Vec<f64> = cells[..n_d * 3].iter().map(|v| f64::from(*v)).collect();
        let u = UtilityMatrix::new(Matrix::new(n_d, 3, data).unwrap()).unwrap();
        let r = regions(&u).unwrap();
        let total: f64 = r.iter().map(|g| g.share).sum();
        prop_assert!((total - 1.0).abs() < 1e-9, "shares sum to {}", total);
        let s: f64 = raw.iter().sum::<f64>().max(1e-9);
        let p = [raw[0] / s, raw[1] / s, raw[2] / s];
        let value = |d: usize| (0..3).map(|c| u.get(d, c) * p[c]).sum::<f64>();
        let best = (0..n_d).map(value).fold(f64::NEG_INFINITY, f64::max);
        let holders: Vec<usize> = r.iter().filter(|g| contains(&g.vertices, to_plane(p))).map(|g| g.decision).collect();
        prop_assert!(!holders.is_empty(), "no region holds {:?}", p);
        for d in holders {
            prop_assert!(value(d) >= best - 1e-9, "region of {} at {:?}", d, p);
        }
    }
}
