//! Hand calculations, written out beside each assertion.

use ulab_core::UtilityMatrix;
use ulab_probs::recalibrate::{cross_fit, fit};
use ulab_probs::reliability::{calibration_error, reliability};
use ulab_probs::{Decider, ProbTable, Shares, decide_all, decide_model};

const LOTTERY: &str = "10,-1;0,0"; // buy / not-buy × win / lose

#[test]
fn shares_change_the_lottery_decision() {
    // A test set of 2 winning and 2 losing tickets, each given p(win) = 0.2 by the model.
    let t = ProbTable::new(
        2,
        vec!["A".into()],
        vec![0, 0, 1, 1],
        vec![[0.2, 0.8].repeat(4)],
    )
    .unwrap();
    let u = UtilityMatrix::parse(LOTTERY).unwrap();
    // On the test set: Ū_buy = 10·0.2 − 0.8 = 1.2 > 0: buy every ticket; yield (20 − 2)/4.
    let o = &decide_all(&t, &u, None).unwrap()[0];
    assert_eq!(o.optimal.counts.to_string(), "2,2;0,0");
    assert!((o.optimal.yield_per_item - 4.5).abs() < 1e-12);
    // Real lotteries: 1 % win. p'(win) = 0.2·0.02 / (0.2·0.02 + 0.8·1.98) = 0.0025:
    // Ū_buy = 10·0.0025 − 0.9975 < 0: buy none. Yield at those shares: 0; buying all would
    // yield 10·0.01 − 0.99 = −0.89.
    let o = &decide_all(&t, &u, Some(&[0.01, 0.99])).unwrap()[0];
    assert_eq!(o.optimal.counts.to_string(), "0,0;2,2");
    assert_eq!(o.optimal.yield_per_item, 0.0);
    assert_eq!(o.most_probable.counts.to_string(), "0,0;2,2");
    // The counts re-weighted to the shares keep N = 4: 0.04 winners, 3.96 losers.
    assert_eq!(o.optimal.deployed.to_string(), "0,0;0.04,3.96");
}

#[test]
fn a_refer_decision_and_ties() {
    // Decisions yes / no / refer; refer is worth 0.8 whatever the class.
    let u = UtilityMatrix::parse("1,0;0,1;0.8,0.8").unwrap();
    let d = Decider::new(&u, None).unwrap();
    // p = (0.9, 0.1): Ū = (0.9, 0.1, 0.8): yes. p = (0.55, 0.45): (0.55, 0.45, 0.8): refer.
    assert_eq!(d.decide(&[0.9, 0.1]), (0, 0));
    assert_eq!(d.decide(&[0.55, 0.45]), (0, 2));
    // p = (0.5, 0.5): the classes tie (first: class 0); Ū = (0.5, 0.5, 0.8): refer.
    assert_eq!(d.decide(&[0.5, 0.5]), (0, 2));
    // p = (0.8, 0.2): Ū_yes = 0.8 = Ū_refer: a tie, the first maximum (yes).
    assert_eq!(d.decide(&[0.8, 0.2]), (0, 0));
    let t = ProbTable::new(
        2,
        vec!["A".into()],
        vec![0, 1, 0, 1],
        vec![vec![0.9, 0.1, 0.55, 0.45, 0.5, 0.5, 0.8, 0.2]],
    )
    .unwrap();
    let o = decide_model(&t, &t.models()[0], &d).unwrap();
    // Optimal: item 0 yes (class 0: 1), item 1 refer (0.8), item 2 refer (0.8), item 3 yes
    // (class 1: 0). Most probable: all class 0: 1 + 0 + 1 + 0.
    assert_eq!(o.optimal.counts.to_string(), "1,1;0,0;1,1");
    assert!((o.optimal.yield_per_item - 2.6 / 4.0).abs() < 1e-12);
    assert_eq!(o.most_probable.counts.to_string(), "2,2;0,0;0,0");
    assert_eq!(o.most_probable.yield_per_item, 0.5);
    assert!((o.gain() - 0.15).abs() < 1e-12);
}

#[test]
fn an_item_with_no_evidence_left_is_decided_on_the_shares() {
    // Class 2 has share 0 in deployment; an item the model puts wholly on class 2 has no
    // probability left: p' is taken as π itself, whose most probable class is 1 and under the
    // identity the optimal decision too.
    let t = ProbTable::new(
        3,
        vec!["A".into()],
        vec![0, 1, 2],
        vec![vec![1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]],
    )
    .unwrap();
    let s = Shares::new(&[0.4, 0.6, 0.0], t.class_counts()).unwrap();
    let d = Decider::new(&UtilityMatrix::identity(3).unwrap(), Some(&s)).unwrap();
    assert_eq!(d.decide(&[0.0, 0.0, 1.0]), (1, 1));
    assert_eq!(d.decide(&[1.0, 0.0, 0.0]), (0, 0));
}

/// An overconfident model: the calibrated probabilities `σ(x)` sharpened to `σ(3x)`, for
/// log-odds `x` spread over `[−3, 3]`, and labels drawn as the calibrated ones say (by a
/// deterministic quasi-random sequence).
fn overconfident(n: usize) -> ProbTable {
    let sigmoid = |x: f64| 1.0 / (1.0 + (-x).exp());
    let mut truth = Vec::new();
    let mut probs = Vec::new();
    for i in 0..n {
        let x = -3.0 + 6.0 * (i as f64 + 0.5) / n as f64;
        let u = (i as f64 * 0.618_033_988_749_895).fract();
        truth.push(usize::from(u >= sigmoid(x)));
        let p = sigmoid(3.0 * x);
        probs.extend_from_slice(&[p, 1.0 - p]);
    }
    ProbTable::new(2, vec!["sharp".into()], truth, vec![probs]).unwrap()
}

#[test]
fn recalibration_softens_an_overconfident_model() {
    let t = ProbTable::clone(&overconfident(5000));
    let all: Vec<usize> = (0..t.n_items()).collect();
    let s = fit(&t, &t.models()[0], &all).unwrap();
    // The log-odds were multiplied by 3: the fit divides them back, a ≈ 1/3, no bias.
    assert!((s.a - 1.0 / 3.0).abs() < 0.03, "a = {}", s.a);
    assert!(s.b[1].abs() < 0.1, "b = {:?}", s.b);
    let r = cross_fit(&t, &t.models()[0], 5)
        .unwrap()
        .apply(&t, &t.models()[0], "sharp recalibrated")
        .unwrap();
    let ece = |m| calibration_error(&reliability(&t, m, 10).unwrap()[0]).unwrap();
    assert!(ece(&t.models()[0]) > 0.05);
    assert!(ece(&r) < 0.03, "{}", ece(&r));
    // Under the lottery matrix (buy iff p(win) ≥ 1/11), trusting the sharp probabilities buys
    // too few tickets; the recalibrated ones do better.
    let d = Decider::new(&UtilityMatrix::parse(LOTTERY).unwrap(), None).unwrap();
    let raw = decide_model(&t, &t.models()[0], &d).unwrap();
    let fixed = decide_model(&t, &r, &d).unwrap();
    assert!(fixed.optimal.yield_per_item > raw.optimal.yield_per_item + 0.01);
}
