//! Property tests of the evaluation core (proptest). Each property is checked against an
//! independent statement of what must hold — a hand-written formula, a naive algorithm, or an
//! invariant of the mathematics — never against another output of the same function.

use proptest::collection::vec;
use proptest::prelude::*;
use utility_lab::core::decision::remap;
use utility_lab::core::metrics::{self, Metric};
use utility_lab::core::pd::kappa_for_value;
use utility_lab::core::prevalence::reweight;
use utility_lab::core::roc::{Binormal, Roc, mann_whitney_auc};
use utility_lab::core::utility::rank_classifiers;
use utility_lab::core::{ConfusionMatrix, Matrix, Orientation, Score, UtilityMatrix};

// ------------------------------------------------------------------------------------------
// Strategies
// ------------------------------------------------------------------------------------------

/// A count, zero about a third of the time.
fn count() -> impl Strategy<Value = f64> {
    prop_oneof![1 => Just(0.0), 2 => (0u32..60).prop_map(f64::from)]
}

/// An n × n count matrix (rows = output) with a positive total; zero rows and columns occur.
fn counts(n_min: usize, n_max: usize) -> impl Strategy<Value = ConfusionMatrix> {
    (n_min..=n_max)
        .prop_flat_map(|n| (Just(n), vec(count(), n * n), 0..n * n))
        .prop_map(|(n, mut data, k)| {
            if data.iter().all(|v| *v == 0.0) {
                data[k] = 1.0;
            }
            ConfusionMatrix::from_counts(Matrix::new(n, n, data).unwrap()).unwrap()
        })
}

/// A real utility matrix with `rows × cols` entries in [−100, 100].
fn utility(rows: usize, cols: usize) -> impl Strategy<Value = UtilityMatrix> {
    vec(-100.0..100.0f64, rows * cols)
        .prop_map(move |d| UtilityMatrix::new(Matrix::new(rows, cols, d).unwrap()).unwrap())
}

/// A probability vector of length n (some entries may be 0).
fn shares(n: usize) -> impl Strategy<Value = Vec<f64>> {
    vec(prop_oneof![1 => Just(0.0), 4 => 0.01..1.0f64], n).prop_map(|mut v| {
        if v.iter().all(|x| *x == 0.0) {
            v[0] = 1.0;
        }
        let s: f64 = v.iter().sum();
        v.iter_mut().for_each(|x| *x /= s);
        v
    })
}

fn rel_close(a: f64, b: f64, scale: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * scale.abs().max(1.0)
}

/// The standard normal distribution function, written independently of the core (erfc of
/// the `libm` crate).
fn phi(x: f64) -> f64 {
    0.5 * libm::erfc(-x / std::f64::consts::SQRT_2)
}

// ------------------------------------------------------------------------------------------
// Utility yields: affine invariance (Dyrland et al. 2022, eq. 11)
// ------------------------------------------------------------------------------------------

proptest! {
    #[test]
    fn affine_utilities_keep_every_ranking(
        (u, cms) in (2usize..=5).prop_flat_map(|n| (utility(n, n), vec(counts(n, n), 2..7))),
        a in 0.001..1000.0f64,
        b in -1e4..1e4f64,
    ) {
        let (y, order) = rank_classifiers(&u, &cms).unwrap();
        let ua = u.affine(a, b).unwrap();
        let (ya, order_a) = rank_classifiers(&ua, &cms).unwrap();
        let pos = |o: &[usize], i: usize| o.iter().position(|&k| k == i).unwrap();
        let scale = 100.0;
        for i in 0..cms.len() {
            // yield(aU + b) = a·yield(U) + b, because Σ C_ij = 1.
            prop_assert!(rel_close(ya[i], a * y[i] + b, a * scale + b.abs(), 1e-9),
                "yield(aU+b) {} vs a·yield + b {}", ya[i], a * y[i] + b);
            for j in 0..cms.len() {
                // Any pair that is not a near-tie keeps its order.
                if y[i] > y[j] + 1e-9 * scale {
                    prop_assert!(pos(&order, i) < pos(&order, j));
                    prop_assert!(pos(&order_a, i) < pos(&order_a, j),
                        "ranking changed by a = {a}, b = {b}: {order:?} vs {order_a:?}");
                }
            }
        }
        // Equivalent matrices are recognized as such.
        prop_assert!(u.is_equivalent(&ua, 1e-9));
    }

    #[test]
    fn yield_is_the_elementwise_sum(
        (u, cm) in (2usize..=6).prop_flat_map(|n| (utility(n, n), counts(n, n))),
    ) {
        // Σ_ij U_ij M_ij / N, written out.
        let n = cm.n();
        let mut s = 0.0;
        let mut total = 0.0;
        for i in 0..n {
            for j in 0..n {
                s += u.get(i, j) * cm.counts().get(i, j);
                total += cm.counts().get(i, j);
            }
        }
        prop_assert!(rel_close(u.yield_of(&cm).unwrap(), s / total, 100.0, 1e-12));
        prop_assert!(rel_close(u.total_yield_of(&cm).unwrap(), s, 100.0 * total, 1e-12));
    }

    #[test]
    fn normalized_utility_spans_exactly_zero_to_one(
        (r, c) in (2usize..=5, 2usize..=5),
        seed in vec(-1e6..1e6f64, 25),
    ) {
        let u = UtilityMatrix::new(Matrix::new(r, c, seed[..r * c].to_vec()).unwrap()).unwrap();
        let nm = u.normalized().unwrap();
        let m = nm.matrix();
        prop_assert!(m.data().iter().all(|v| (0.0..=1.0).contains(v)));
        prop_assert_eq!(m.min(), 0.0);
        prop_assert_eq!(m.max(), 1.0);
        // The normalized matrix is an affine image, so equivalent.
        prop_assert!(u.is_equivalent(&nm, 1e-9));
        // Constant matrices cannot be normalized.
        let k = UtilityMatrix::new(Matrix::new(r, c, vec![seed[0]; r * c]).unwrap()).unwrap();
        prop_assert!(k.normalized().is_err());
    }
}

// ------------------------------------------------------------------------------------------
// Preference-driven measure (Kozak et al. 2022)
// ------------------------------------------------------------------------------------------

proptest! {
    #[test]
    fn preference_driven_stays_in_unit_interval(
        (cm, kappa) in (2usize..=8).prop_flat_map(|n| (counts(n, n), vec(0.0..=1.0f64, n))),
    ) {
        let v = metrics::preference_driven(&cm, &kappa).unwrap();
        prop_assert!((0.0..=1.0).contains(&v), "p-d = {v}");
        // Also at the corners of the cube and at the default κ.
        let n = cm.n();
        for k in [vec![0.0; n], vec![1.0; n], metrics::default_kappa(&cm)] {
            let v = metrics::preference_driven(&cm, &k).unwrap();
            prop_assert!((0.0..=1.0).contains(&v), "p-d = {v}");
        }
    }

    #[test]
    fn kappa_for_value_really_gives_the_target(
        (cm, near) in (2usize..=5).prop_flat_map(|n| (counts(n, n), vec(0.0..=1.0f64, n))),
        target in 0.0..=1.0f64,
        use_near in any::<bool>(),
    ) {
        let near_opt = use_near.then_some(near.as_slice());
        let got = kappa_for_value(&cm, target, near_opt).unwrap();
        // p-d is affine in κ; its range over [0,1]^c, from precision p_k and recall r_k
        // (0/0 counted as 0, as the measure does): base Σ r_k / c plus the negative or positive
        // parts of the slopes (p_k − r_k) / c.
        let n = cm.n() as f64;
        let (mut lo, mut hi) = (0.0, 0.0);
        for k in 0..cm.n() {
            let p = metrics::precision(&cm, k).value().unwrap_or(0.0);
            let r = metrics::recall(&cm, k).value().unwrap_or(0.0);
            lo += p.min(r) / n;
            hi += p.max(r) / n;
        }
        match got {
            Some(k) => {
                prop_assert!(k.iter().all(|x| (0.0..=1.0).contains(x)), "κ = {k:?}");
                let v = metrics::preference_driven(&cm, &k).unwrap();
                prop_assert!((v - target).abs() <= 1e-9, "p-d(κ) = {v}, target {target}");
            }
            None => prop_assert!(target < lo + 1e-9 || target > hi - 1e-9,
                "target {target} is in [{lo}, {hi}] but no κ was found"),
        }
    }
}

// ------------------------------------------------------------------------------------------
// Decisions: remapping a label-only classifier (Dyrland et al. (draft))
// ------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn remapped_decisions_never_yield_less(
        (cm, u, prev) in (2usize..=5, 0usize..=2).prop_flat_map(|(n, extra)| {
            (counts(n, n), utility(n + extra, n), shares(n))
        }),
        alpha in prop_oneof![Just(0.0), 0.0..5.0f64],
        use_prev in any::<bool>(),
    ) {
        let n = cm.n();
        let totals = cm.class_totals();
        let pi: Vec<f64> = if use_prev { prev } else { cm.class_shares() };
        let r = match remap(&cm, &u, alpha, use_prev.then_some(pi.as_slice())) {
            Ok(r) => r,
            Err(e) => {
                // Documented: α = 0 and a class without cases.
                prop_assert!(alpha == 0.0 && totals.contains(&0.0), "unexpected error {e}");
                return Ok(());
            }
        };
        let scale: f64 = 100.0;
        prop_assert!(r.remapped_yield >= r.raw_yield - 1e-9 * scale,
            "remapped {} < raw {}", r.remapped_yield, r.raw_yield);
        // Independently: p(o|c) = (M_oc + α)/(N_c + n·α); the raw classifier decides o for
        // output o, the remapped one the best decision for the joint p(o|c)·π_c.
        let p_oc = |o: usize, c: usize| (cm.counts().get(o, c) + alpha) / (totals[c] + n as f64 * alpha);
        let mut raw = 0.0;
        let mut best_total = 0.0;
        for o in 0..n {
            let eu = |d: usize| (0..n).map(|c| u.get(d, c) * p_oc(o, c) * pi[c]).sum::<f64>();
            raw += eu(o);
            best_total += (0..u.n_decisions()).map(eu).fold(f64::NEG_INFINITY, f64::max);
        }
        prop_assert!(rel_close(r.raw_yield, raw, scale, 1e-9), "raw {} vs {raw}", r.raw_yield);
        prop_assert!(rel_close(r.remapped_yield, best_total, scale, 1e-9),
            "remapped {} vs {best_total}", r.remapped_yield);
        // With α = 0 and the test set's own shares the raw yield is the test-set yield.
        if alpha == 0.0 && !use_prev {
            prop_assert!(rel_close(r.raw_yield, u.yield_of(&cm).unwrap(), scale, 1e-9));
        }
    }
}

// ------------------------------------------------------------------------------------------
// Deployment prevalence
// ------------------------------------------------------------------------------------------

proptest! {
    #[test]
    fn reweighting_keeps_recall_and_total(
        (cm, raw) in (2usize..=7).prop_flat_map(|n| (counts(n, n), shares(n))),
    ) {
        let n = cm.n();
        let totals = cm.class_totals();
        // A deployment share can be positive only for a class present in the test set.
        let mut pi: Vec<f64> = raw.iter().zip(&totals).map(|(p, t)| if *t > 0.0 { *p } else { 0.0 }).collect();
        let s: f64 = pi.iter().sum();
        if s == 0.0 {
            let j = totals.iter().position(|t| *t > 0.0).unwrap();
            pi[j] = 1.0;
        } else {
            pi.iter_mut().for_each(|p| *p /= s);
        }
        let r = reweight(&cm, &pi).unwrap();
        prop_assert!(rel_close(r.total(), cm.total(), cm.total(), 1e-12));
        let shares = r.class_shares();
        for j in 0..n {
            prop_assert!((shares[j] - pi[j]).abs() <= 1e-12, "share {j}: {} vs {}", shares[j], pi[j]);
            // Recall of every class with cases is unchanged.
            if pi[j] > 0.0 {
                let (a, b) = (metrics::recall(&cm, j).value().unwrap(), metrics::recall(&r, j).value().unwrap());
                prop_assert!((a - b).abs() <= 1e-12, "recall {j}: {a} vs {b}");
            }
            // C'_ij = M_ij · π_j · N / N_j, by hand.
            for i in 0..n {
                let want = if totals[j] > 0.0 { cm.get(i, j) * pi[j] * cm.total() / totals[j] } else { 0.0 };
                prop_assert!(rel_close(r.get(i, j), want, cm.total(), 1e-12));
            }
        }
        // A positive share for an absent class is refused.
        if let Some(j) = totals.iter().position(|t| *t == 0.0) {
            let mut bad = vec![0.0; n];
            bad[j] = 1.0;
            prop_assert!(reweight(&cm, &bad).is_err());
        }
    }
}

// ------------------------------------------------------------------------------------------
// Orientation and the matrix syntax
// ------------------------------------------------------------------------------------------

proptest! {
    #[test]
    fn orientation_round_trips(
        (n, data) in (2usize..=9).prop_flat_map(|n| (Just(n), vec(0.0..1e6f64, n * n))),
    ) {
        let m = Matrix::new(n, n, data).unwrap();
        prop_assume!(m.sum() > 0.0);
        let t = ConfusionMatrix::new(m.clone(), Orientation::TrueRows).unwrap();
        let o = ConfusionMatrix::new(m.clone(), Orientation::OutputRows).unwrap();
        for i in 0..n {
            for j in 0..n {
                // Written with rows = true class: entry (i, j) is output j, true class i.
                prop_assert_eq!(t.get(j, i), m.get(i, j));
                prop_assert_eq!(o.get(i, j), m.get(i, j));
            }
        }
        prop_assert_eq!(t.in_orientation(Orientation::TrueRows), m.clone());
        prop_assert_eq!(o.in_orientation(Orientation::OutputRows), m.clone());
        // Write in one orientation, read back in the same: the same classifier.
        let back = ConfusionMatrix::new(o.in_orientation(Orientation::TrueRows), Orientation::TrueRows).unwrap();
        prop_assert_eq!(back, o.clone());
        // The class shares are column sums in one orientation and row sums in the other.
        let rows: Vec<f64> = (0..n).map(|i| (0..n).map(|j| m.get(i, j)).sum()).collect();
        for (a, b) in t.class_totals().iter().zip(&rows) {
            prop_assert!(rel_close(*a, *b, *b, 1e-12));
        }
        for p in [Orientation::OutputRows, Orientation::TrueRows] {
            prop_assert_eq!(Orientation::parse(p.as_str()), Some(p));
        }
    }

    #[test]
    fn display_then_parse_round_trips_ordinary_numbers(
        (r, c) in (1usize..=6, 1usize..=6),
        data in vec(prop_oneof![
            -1e15..1e15f64,
            -1.0..1.0f64,
            (-1_000_000i64..1_000_000).prop_map(|v| v as f64),
            (-1e-15..1e-15f64),
        ], 36),
    ) {
        let m = Matrix::new(r, c, data[..r * c].to_vec()).unwrap();
        let text = m.to_string();
        let back = Matrix::parse(&text);
        prop_assert_eq!(back, Ok(m), "{}", text);
    }
}

/// BUG (crates/core/src/matrix.rs): `Display for Matrix` writes `{}` of f64, which never uses
/// exponent notation, so a large or tiny value becomes a token longer than the 64 characters
/// `parse_number` accepts: `Matrix::parse("1e70")` succeeds, but writing that matrix back
/// (`to_string()` = "1" followed by 70 zeros) and parsing it fails with a Parse error. A link
/// or command line produced by the app from a user's own valid matrix would then not load.
#[test]
fn display_then_parse_round_trips_every_finite_number() {
    let mut failures = Vec::new();
    for v in [
        1e70,
        -1e70,
        1e300,
        f64::MAX,
        1e-70,
        5e-324,
        -2.5e-100,
        1.5e64,
    ] {
        let m = Matrix::new(1, 1, vec![v]).unwrap();
        let text = m.to_string();
        match Matrix::parse(&text) {
            Ok(back) if back == m => {}
            other => failures.push(format!(
                "{v:e}: written as {} chars, read back {other:?}",
                text.len()
            )),
        }
    }
    assert!(
        Matrix::parse("1e70").is_ok(),
        "the input itself is accepted"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ------------------------------------------------------------------------------------------
// Parsers never panic
// ------------------------------------------------------------------------------------------

/// Text built from the characters that matter to the parsers, plus some unicode.
fn matrixish() -> impl Strategy<Value = String> {
    let tokens = prop_oneof![
        Just("1".to_string()),
        Just("0".to_string()),
        Just("-".to_string()),
        Just("+".to_string()),
        Just(".".to_string()),
        Just("e".to_string()),
        Just("E".to_string()),
        Just(",".to_string()),
        Just(";".to_string()),
        Just(" ".to_string()),
        Just("\t".to_string()),
        Just("\n".to_string()),
        Just("\r\n".to_string()),
        Just("9".repeat(400)),
        Just("1e308".to_string()),
        Just("1e309".to_string()),
        Just("-1e-400".to_string()),
        Just("NaN".to_string()),
        Just("inf".to_string()),
        Just("∞".to_string()),
        Just("٣".to_string()),
        Just("１".to_string()),
        Just("é".to_string()),
        Just("\u{200b}".to_string()),
        Just("\u{a0}".to_string()),
        Just("0x1F".to_string()),
        Just("1_000".to_string()),
        Just(",".repeat(250)),
        Just(";".repeat(250)),
        "[0-9]{1,30}",
        "\\PC{0,8}",
    ];
    vec(tokens, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    #[test]
    fn parsers_never_panic_on_any_string(s in any::<String>()) {
        check_parsers(&s);
    }

    #[test]
    fn parsers_never_panic_on_matrix_like_strings(s in matrixish()) {
        check_parsers(&s);
    }
}

fn check_parsers(s: &str) {
    // The result may be Ok or Err; it must not panic, and an Ok must hold finite values.
    for m in [Matrix::parse(s), Matrix::parse_pasted(s)]
        .into_iter()
        .flatten()
    {
        assert!(m.data().iter().all(|v| v.is_finite()));
        assert!(m.rows() >= 1 && m.cols() >= 1);
    }
    for o in [Orientation::OutputRows, Orientation::TrueRows] {
        if let Ok(cm) = ConfusionMatrix::parse(s, o) {
            assert!(cm.total() > 0.0 && cm.total().is_finite());
        }
    }
    let _ = UtilityMatrix::parse(s);
    let _ = Orientation::parse(s);
    // Label vectors made of the string's pieces.
    let labels: Vec<&str> = s.split([',', ';', '\n']).collect();
    let mut shifted = labels.clone();
    shifted.rotate_left(1);
    let _ = ConfusionMatrix::from_labels(&labels, &shifted);
}

#[test]
fn parsers_never_panic_on_huge_inputs() {
    let many_cells = vec!["1"; 50_000].join(",");
    assert!(Matrix::parse(&many_cells).is_err());
    let many_rows = vec!["1"; 50_000].join(";");
    assert!(Matrix::parse(&many_rows).is_err());
    assert!(Matrix::parse_pasted(&vec!["1"; 50_000].join("\n")).is_err());
    let square = vec![vec!["1"; 200].join(","); 200].join(";");
    assert!(Matrix::parse(&square).is_ok());
    assert!(
        ConfusionMatrix::parse(&square, Orientation::TrueRows).is_err(),
        "over 100 classes"
    );
    let long_number = "9".repeat(100_000);
    assert!(Matrix::parse(&long_number).is_err());
}

// ------------------------------------------------------------------------------------------
// Metrics never NaN
// ------------------------------------------------------------------------------------------

fn assert_no_nan(cm: &ConfusionMatrix) -> Result<(), TestCaseError> {
    let n = cm.n();
    for (m, s) in metrics::all_metrics(cm, None).unwrap() {
        if let Score::Defined(v) = s {
            prop_assert!(v.is_finite(), "{:?} = {} for {}", m, v, cm.counts());
        }
    }
    for k in 0..n {
        for m in Metric::ALL {
            if let Some(Score::Defined(v)) = m.class_value(cm, k) {
                prop_assert!(v.is_finite(), "{m:?}[{k}] = {v}");
            }
        }
        for beta in [0.5, 2.0] {
            if let Score::Defined(v) = metrics::f_beta(cm, k, beta).unwrap() {
                prop_assert!(v.is_finite());
            }
        }
    }
    prop_assert!(metrics::accuracy(cm).is_finite());
    let pd = metrics::preference_driven(cm, &vec![0.5; n]).unwrap();
    prop_assert!(pd.is_finite());
    Ok(())
}

proptest! {
    #[test]
    fn metrics_are_never_nan_on_counts(cm in counts(2, 12)) {
        assert_no_nan(&cm)?;
    }

    #[test]
    fn metrics_are_never_nan_on_fractions(
        (n, data) in (2usize..=12).prop_flat_map(|n| (Just(n), vec(prop_oneof![Just(0.0), 0.0..1.0f64, 1e-9..1e-6f64], n * n))),
    ) {
        let m = Matrix::new(n, n, data).unwrap();
        prop_assume!(m.sum() > 0.0);
        let cm = ConfusionMatrix::new(m, Orientation::OutputRows).unwrap();
        assert_no_nan(&cm)?;
    }
}

/// Confusion matrices with entries at the bound (10¹⁵) or tiny (down to subnormal) give
/// defined, finite metrics: MCC and κ are computed on the normalized matrix without
/// cancellation. Entries beyond 10¹⁵ are refused (they used to give MCC = NaN, ∞ − ∞).
#[test]
fn metrics_are_never_nan_on_extreme_magnitudes() {
    let mut failures = Vec::new();
    for text in [
        "1e15,1;1,1e15",
        "1e-170,1e-170;1e-170,1e-170",
        "1e15,0;0,1e15",
        "1e14,2e14;3e14,4e14",
        "1e15,0;0,1e-300",
        "5e-324,0;0,1",
    ] {
        let cm = ConfusionMatrix::parse(text, Orientation::OutputRows).unwrap();
        for (m, s) in metrics::all_metrics(&cm, None).unwrap() {
            if let Score::Defined(v) = s
                && !v.is_finite()
            {
                failures.push(format!("{text}: {m:?} = {v}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for text in ["1e200,1;1,1e200", "1e300,0;0,1e300"] {
        assert!(ConfusionMatrix::parse(text, Orientation::OutputRows).is_err());
    }
}

// ------------------------------------------------------------------------------------------
// ROC
// ------------------------------------------------------------------------------------------

proptest! {
    #[test]
    fn auc_is_the_mann_whitney_statistic(
        data in vec((0u8..12, any::<bool>()), 2..300),
    ) {
        // Scores from a small set: many ties.
        let scores: Vec<f64> = data.iter().map(|(s, _)| *s as f64 * 0.25 - 1.0).collect();
        let positive: Vec<bool> = data.iter().map(|(_, p)| *p).collect();
        let p = positive.iter().filter(|x| **x).count();
        prop_assume!(p > 0 && p < positive.len());
        // Naive O(P·N): P(score₀ > score₁) + ½ P(equal).
        let mut wins = 0.0;
        for (i, si) in scores.iter().enumerate() {
            for (j, sj) in scores.iter().enumerate() {
                if positive[i] && !positive[j] {
                    if si > sj {
                        wins += 1.0;
                    } else if si == sj {
                        wins += 0.5;
                    }
                }
            }
        }
        let naive = wins / (p * (positive.len() - p)) as f64;
        let roc = Roc::from_scores(&scores, &positive).unwrap();
        prop_assert!((roc.auc() - naive).abs() <= 1e-12, "trapezoid {} vs naive {naive}", roc.auc());
        let mw = mann_whitney_auc(&scores, &positive).unwrap();
        prop_assert!((mw - naive).abs() <= 1e-12, "ranks {mw} vs naive {naive}");
        // The curve: from (0, 0) at +∞ to (1, 1), monotone, one point per distinct score.
        let pts = &roc.points;
        prop_assert_eq!((pts[0].fpr, pts[0].tpr), (0.0, 0.0));
        prop_assert_eq!(pts[0].threshold, f64::INFINITY);
        let last = pts[pts.len() - 1];
        prop_assert_eq!((last.fpr, last.tpr), (1.0, 1.0));
        let mut distinct = scores.clone();
        distinct.sort_by(f64::total_cmp);
        distinct.dedup();
        prop_assert_eq!(pts.len(), distinct.len() + 1);
        for w in pts.windows(2) {
            prop_assert!(w[1].fpr >= w[0].fpr && w[1].tpr >= w[0].tpr && w[1].threshold < w[0].threshold);
        }
        // Each point: share of each class with score ≥ threshold, counted by hand.
        for pt in pts.iter().skip(1) {
            let tp = scores.iter().zip(&positive).filter(|(s, y)| **y && **s >= pt.threshold).count();
            let fp = scores.iter().zip(&positive).filter(|(s, y)| !**y && **s >= pt.threshold).count();
            prop_assert_eq!(pt.tpr, tp as f64 / p as f64);
            prop_assert_eq!(pt.fpr, fp as f64 / (positive.len() - p) as f64);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn binormal_auc_is_the_area_under_t_of_f(a in -3.0..3.0f64, b in 0.2..5.0f64) {
        let curve = Binormal::new(a, b).unwrap();
        // Trapezoid rule over t(f) on a fine grid of f, denser in the tails: f = Φ(z) for
        // z evenly spaced on [−12, 12], plus the end points (0, 0) and (1, 1).
        let k = 24_000;
        let mut f_prev = 0.0;
        let mut t_prev = 0.0;
        let mut area = 0.0;
        for i in 0..=k + 1 {
            let f = if i <= k { phi(-12.0 + 24.0 * i as f64 / k as f64) } else { 1.0 };
            let t = curve.tpr(f);
            area += (f - f_prev) * (t + t_prev) / 2.0;
            f_prev = f;
            t_prev = t;
        }
        prop_assert!((curve.auc() - area).abs() <= 1e-6, "Φ(a/√(1+b²)) = {} vs ∫ t df = {area}", curve.auc());
        // And with a uniform grid in f (coarser accuracy where the curve is steep).
        let m = 20_000;
        let mut uni = 0.0;
        for i in 0..m {
            let (f0, f1) = (i as f64 / m as f64, (i + 1) as f64 / m as f64);
            uni += (f1 - f0) * (curve.tpr(f0) + curve.tpr(f1)) / 2.0;
        }
        prop_assert!((curve.auc() - uni).abs() <= 2e-3, "{} vs {uni}", curve.auc());
    }
}
