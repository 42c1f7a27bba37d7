//! Properties of `ulab_probs` on random test sets: what decision theory guarantees, and
//! that every way of computing the same numbers (in slices, streamed, in any order) agrees.

use proptest::prelude::*;
use ulab_core::{Matrix, UtilityMatrix};
use ulab_probs::bootstrap::{Bootstrap, BootstrapBuilder};
use ulab_probs::curve::ThresholdCurve;
use ulab_probs::recalibrate::cross_fit;
use ulab_probs::tally::Tally;
use ulab_probs::{Counts, Decider, ProbTable, Rule, Shares, decide_all, decide_model};

/// A random test set: classes, items' true classes, one or two models whose probabilities
/// are multiples of 1/8 (exact in every precision: expected utilities tie exactly or differ by
/// at least 1/8 of a utility step).
fn table_strategy() -> impl Strategy<Value = ProbTable> {
    (2usize..5, 1usize..3, 1usize..60).prop_flat_map(|(n, m, items)| {
        (
            prop::collection::vec(0..n, items),
            prop::collection::vec(prop::collection::vec(0u8..9, n), items * m),
        )
            .prop_map(move |(truth, raw)| {
                let probs = (0..m)
                    .map(|k| {
                        raw[k * items..(k + 1) * items]
                            .iter()
                            .flat_map(|w| eighths(w))
                            .collect()
                    })
                    .collect();
                let names = (0..m).map(|k| format!("m{k}")).collect();
                ProbTable::new(n, names, truth, probs).unwrap()
            })
    })
}

/// Weights `w` (not all zero) made a probability vector of multiples of 1/8.
fn eighths(w: &[u8]) -> Vec<f64> {
    let total: u32 = w.iter().map(|&v| u32::from(v)).sum();
    if total == 0 {
        let mut p = vec![0.0; w.len()];
        p[0] = 1.0;
        return p;
    }
    // Largest remainder: integers k_c summing to 8.
    let mut k: Vec<u32> = w.iter().map(|&v| u32::from(v) * 8 / total).collect();
    let mut left = 8 - k.iter().sum::<u32>();
    let mut c = 0;
    while left > 0 {
        if w[c % w.len()] > 0 {
            k[c % w.len()] += 1;
            left -= 1;
        }
        c += 1;
    }
    k.iter().map(|&v| f64::from(v) / 8.0).collect()
}

/// A random utility matrix with whole-number entries in `[−10, 10]`, `n` columns and `n` or
/// `n + 1` rows.
fn utility_strategy(n: usize) -> impl Strategy<Value = UtilityMatrix> {
    (0usize..2).prop_flat_map(move |extra| {
        prop::collection::vec(-10i32..=10, (n + extra) * n).prop_map(move |v| {
            let data = v.into_iter().map(f64::from).collect();
            UtilityMatrix::new(Matrix::new(n + extra, n, data).unwrap()).unwrap()
        })
    })
}

fn table_and_utility() -> impl Strategy<Value = (ProbTable, UtilityMatrix)> {
    table_strategy().prop_flat_map(|t| {
        let n = t.n_classes();
        (Just(t), utility_strategy(n))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `a·U + b` with `a > 0` describes the same decision problem: no decision changes.
    #[test]
    fn an_affine_change_of_u_never_changes_a_decision(
        (t, u) in table_and_utility(),
        a in 0.1f64..10.0,
        b in -50.0f64..50.0,
    ) {
        let v = u.affine(a, b).unwrap();
        let before = decide_all(&t, &u, None).unwrap();
        let after = decide_all(&t, &v, None).unwrap();
        for (x, y) in before.iter().zip(&after) {
            prop_assert_eq!(&x.optimal.counts, &y.optimal.counts);
            prop_assert_eq!(&x.most_probable.counts, &y.most_probable.counts);
        }
    }

    /// When each distinct probability vector is the empirical class frequency of its items,
    /// the probabilities are calibrated on this very file and the optimal rule's yield is at
    /// least the most probable class's (up to the tie tolerance).
    #[test]
    fn calibrated_probabilities_never_lose_to_the_most_probable_class(
        groups in prop::collection::vec(prop::collection::vec(0u32..6, 3), 1..12),
        u in utility_strategy(3),
    ) {
        let mut truth = Vec::new();
        let mut probs = Vec::new();
        for counts in groups.iter().filter(|c| c.iter().sum::<u32>() > 0) {
            let k: u32 = counts.iter().sum();
            let freq: Vec<f64> = counts.iter().map(|&c| f64::from(c) / f64::from(k)).collect();
            for (class, &c) in counts.iter().enumerate() {
                for _ in 0..c {
                    truth.push(class);
                    probs.extend_from_slice(&freq);
                }
            }
        }
        prop_assume!(!truth.is_empty());
        let t = ProbTable::new(3, vec!["F".into()], truth, vec![probs]).unwrap();
        let o = &decide_all(&t, &u, None).unwrap()[0];
        let scale = u.matrix().data().iter().fold(0.0f64, |m, v| m.max(v.abs()));
        prop_assert!(o.gain() >= -2e-6 * scale, "gain {}", o.gain());
    }

    /// The loop for 2–4 classes known at compile time (`Counts::add_range`) decides every
    /// item as the general one does (`Decider::decide`, one item at a time), ties and
    /// deployment shares included: the same counts.
    #[test]
    fn the_fixed_size_loop_decides_as_the_general_one(
        (t, u) in table_and_utility(),
        w in prop::collection::vec(1u32..9, 4),
        with_shares in any::<bool>(),
    ) {
        let n = t.n_classes();
        let total: u32 = w[..n].iter().sum();
        let pi: Vec<f64> = w[..n].iter().map(|&v| f64::from(v) / f64::from(total)).collect();
        let shares = if with_shares { Shares::new(&pi, t.class_counts()).ok() } else { None };
        let decider = Decider::new(&u, shares.as_ref()).unwrap();
        for m in t.models() {
            let mut fast = Counts::new(&decider);
            fast.add_range(&t, m, &decider, 0..t.n_items()).unwrap();
            let mut slow = Counts::new(&decider);
            for (i, p) in m.values().chunks_exact(n).enumerate() {
                slow.add(usize::from(t.truth()[i]), decider.decide(p));
            }
            prop_assert_eq!(fast, slow);
        }
    }

    /// Deciding in slices and merging the counts gives the whole; so does a tally fed row by
    /// row (with and without deployment shares, and its net benefits for two classes equal the
    /// sorted curve's).
    #[test]
    fn slices_and_streams_agree_with_the_whole(
        (t, u) in table_and_utility(),
        cut in 0usize..60,
        pi0 in 0.05f64..0.95,
    ) {
        let n = t.n_classes();
        let mut pi = vec![(1.0 - pi0) / (n - 1) as f64; n];
        pi[0] = pi0;
        let shares = Shares::new(&pi, t.class_counts()).ok();
        for sh in [None, shares.as_ref()] {
            let d = Decider::new(&u, sh).unwrap();
            let model = &t.models()[0];
            let whole = decide_model(&t, model, &d).unwrap();
            let mut a = Counts::new(&d);
            let mut b = Counts::new(&d);
            a.add_range(&t, model, &d, 0..cut).unwrap();
            b.add_range(&t, model, &d, cut..usize::MAX).unwrap();
            b.merge(&a);
            prop_assert_eq!(&b.outcome(&d).unwrap(), &whole);

            let thresholds = [0.125, 0.3, 0.5, 0.8];
            let nb = (n == 2).then_some(&thresholds[..]);
            let names: Vec<String> = t.models().iter().map(|m| m.name().to_string()).collect();
            let mut tally = Tally::new(d.clone(), names, nb).unwrap();
            for i in 0..t.n_items() {
                let row: Vec<f64> = t.models().iter()
                    .flat_map(|m| m.item(i).iter().map(|&v| f64::from(v)))
                    .collect();
                tally.push(usize::from(t.truth()[i]), &row).unwrap();
            }
            let streamed = tally.outcomes().unwrap();
            for (k, m) in t.models().iter().enumerate() {
                prop_assert_eq!(&streamed[k], &decide_model(&t, m, &d).unwrap());
            }
            if let Some(curve) = tally.decision_curve() {
                for (k, m) in t.models().iter().enumerate() {
                    let tc = ThresholdCurve::new(&t, m, sh).unwrap();
                    for p in &curve {
                        let want = tc.net_benefit(p.threshold).unwrap();
                        prop_assert!((p.models[k] - want).abs() < 1e-12);
                        prop_assert!((p.treat_all - tc.treat_all(p.threshold).unwrap()).abs() < 1e-12);
                    }
                }
            }
        }
    }

    /// The bootstrap's resamples depend on their index only: slices merged in any order give
    /// the same summary; the observed yields are the decisions' yields.
    #[test]
    fn bootstrap_slices_merge_to_the_same_summary(
        (t, u) in table_and_utility(),
        seed in any::<u64>(),
        cut in 0u64..20,
    ) {
        let d = Decider::new(&u, None).unwrap();
        let models: Vec<_> = t.models().iter().collect();
        let b = Bootstrap::new(&t, &models, &d, seed).unwrap();
        let whole = b.run(0..20).summary();
        let mut parts = b.run(cut..20);
        parts.extend(&b.run(0..cut));
        prop_assert_eq!(parts.summary(), whole);
        let observed = b.observed();
        for (k, m) in t.models().iter().enumerate() {
            let o = decide_model(&t, m, &d).unwrap();
            for (j, rule) in Rule::BOTH.iter().enumerate() {
                let want = o.rule(*rule).yield_per_item;
                prop_assert!((observed[2 * k + j] - want).abs() < 1e-9 * (1.0 + want.abs()));
            }
        }
    }

    /// A bootstrap grouped a slice of items at a time is the bootstrap grouped at once.
    #[test]
    fn a_bootstrap_built_in_slices_is_the_same(
        (t, u) in table_and_utility(),
        seed in any::<u64>(),
        slice in 1usize..7,
    ) {
        let d = Decider::new(&u, None).unwrap();
        let models: Vec<_> = t.models().iter().collect();
        let whole = Bootstrap::new(&t, &models, &d, seed).unwrap();
        let mut b = BootstrapBuilder::new(&t, &models, &d, seed).unwrap();
        let mut steps = 0;
        while !b.step(&t, &models, &d, slice).unwrap() {
            steps += 1;
        }
        prop_assert_eq!(steps + 1, t.n_items().div_ceil(slice).max(1));
        let sliced = b.finish();
        prop_assert_eq!(sliced.n_groups(), whole.n_groups());
        prop_assert_eq!(sliced.run(0..10), whole.run(0..10));
        prop_assert_eq!(sliced.observed(), whole.observed());
    }

    /// Cross-fitting: an item's recalibrated probabilities do not depend on its own label (nor
    /// on any label of its fold).
    #[test]
    fn an_items_recalibration_never_sees_its_own_label(
        t in table_strategy(),
        item in 0usize..60,
    ) {
        let n_items = t.n_items();
        prop_assume!(n_items >= 5);
        let item = item % n_items;
        let folds = 5;
        let mut truth: Vec<usize> = t.truth().iter().map(|&y| usize::from(y)).collect();
        // Relabel every item of the fold of `item`.
        for (i, y) in truth.iter_mut().enumerate() {
            if i % folds == item % folds {
                *y = (*y + 1) % t.n_classes();
            }
        }
        let probs = t.models().iter().map(|m| m.values().iter().map(|&v| f64::from(v)).collect()).collect();
        let names = t.models().iter().map(|m| m.name().to_string()).collect();
        let relabelled = ProbTable::new(t.n_classes(), names, truth, probs).unwrap();
        let before = cross_fit(&t, &t.models()[0], folds).unwrap().apply(&t, &t.models()[0], "r").unwrap();
        let after = cross_fit(&relabelled, &relabelled.models()[0], folds).unwrap()
            .apply(&relabelled, &relabelled.models()[0], "r").unwrap();
        prop_assert_eq!(before.item(item), after.item(item));
    }

    /// No input makes the core panic: any numbers into a table, any slice to a decider, any
    /// index to the counts.
    #[test]
    fn no_input_panics(
        values in prop::collection::vec(
            prop_oneof![any::<f64>(), -0.5f64..1.5, Just(f64::NAN), Just(f64::INFINITY)],
            0..40,
        ),
        class in 0usize..5,
        (t, u) in table_and_utility(),
        index in 0usize..200,
    ) {
        if let Ok(mut b) = ulab_probs::ProbTableBuilder::new(2, vec!["A".into()]) {
            let _ = b.push(class, &values);
            let _ = b.push(class, &values[..values.len().min(2)]);
            let _ = b.finish();
        }
        let d = Decider::new(&u, None).unwrap();
        let p: Vec<f32> = values.iter().map(|&v| v as f32).collect();
        let _ = d.decide(&p);
        let mut c = Counts::new(&d);
        c.add(index, (index, index % 3));
        let _ = t.models()[0].item(index);
        let _ = c.add_range(&t, &t.models()[0], &d, index..index / 2);
    }
}
