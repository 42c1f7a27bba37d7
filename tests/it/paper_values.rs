//! The core against the numbers printed in the source papers (`../shared/seeds/`) and against
//! hand calculations. Every expected value here was read off a paper or derived by hand (the
//! derivation is in the comment next to it); none was produced by the core.

use utility_lab::core::decision::{self, BinaryRule};
use utility_lab::core::metrics::{self, Admissibility, Metric};
use utility_lab::core::pd::{self, f1_of_macro_pr, heatmap};
use utility_lab::core::prevalence::reweight;
use utility_lab::core::roc::{Binormal, iso_utility_slope, yield_at};
use utility_lab::core::utility::rank_classifiers;
use utility_lab::core::{ConfusionMatrix, Matrix, Orientation, Score, UtilityMatrix};

fn cm(text: &str, o: Orientation) -> ConfusionMatrix {
    ConfusionMatrix::parse(text, o).unwrap()
}

fn u(text: &str) -> UtilityMatrix {
    UtilityMatrix::parse(text).unwrap()
}

fn val(m: Metric, c: &ConfusionMatrix) -> f64 {
    m.value(c, None)
        .unwrap()
        .value()
        .unwrap_or_else(|| panic!("{m:?} undefined"))
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// A small deterministic generator (SplitMix64), so the test needs no RNG crate.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform on [0, 1).
    fn unif(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unif()
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

// ------------------------------------------------------------------------------------------
// Dyrland et al. 2022 §0: the factory story.
// ------------------------------------------------------------------------------------------

/// Classifiers A and B of eqs. (1)-(2), as normalized matrices and as counts out of 100.
fn factory() -> [(ConfusionMatrix, ConfusionMatrix); 2] {
    let a = Matrix::parse("0.27,0.15;0.23,0.35").unwrap();
    let b = Matrix::parse("0.43,0.18;0.07,0.32").unwrap();
    [
        (
            ConfusionMatrix::from_normalized(a, Orientation::OutputRows).unwrap(),
            ConfusionMatrix::from_normalized(b, Orientation::OutputRows).unwrap(),
        ),
        (
            cm("27,15;23,35", Orientation::OutputRows),
            cm("43,18;7,32", Orientation::OutputRows),
        ),
    ]
}

#[test]
fn table_1_of_dyrland_2022() {
    // Table 1: metric, classifier A, classifier B, printed to 2 decimals.
    let table = [
        (Metric::Accuracy, "0.62", "0.75"),
        (Metric::BalancedAccuracy, "0.62", "0.75"), // "Accuracy (also balanced accuracy)"
        (Metric::Precision, "0.64", "0.70"),
        (Metric::F1, "0.59", "0.77"),
        (Metric::Mcc, "0.24", "0.51"),
        (Metric::FowlkesMallows, "0.59", "0.78"),
        (Metric::Recall, "0.54", "0.86"),
        (Metric::Specificity, "0.70", "0.64"),
    ];
    for (a, b) in factory() {
        let f = a.class_shares();
        assert!(
            close(f[0], 0.5, 1e-15) && close(f[1], 0.5, 1e-15),
            "50 % short, 50 % long"
        );
        for (m, ta, tb) in table {
            let (va, vb) = (val(m, &a), val(m, &b));
            assert_eq!(format!("{va:.2}"), ta, "{m:?} of A");
            assert_eq!(format!("{vb:.2}"), tb, "{m:?} of B");
            // "blue bold indicates the classifier favoured by the metric": all favour B except
            // the true-negative rate.
            assert_eq!(
                vb > va,
                m != Metric::Specificity,
                "{m:?} favours the wrong classifier"
            );
        }
        // "Only the true-negative rate favours classifier A, but only by a relative difference
        // of 9%."
        let (sa, sb) = (val(Metric::Specificity, &a), val(Metric::Specificity, &b));
        assert_eq!(format!("{:.2}", (sa - sb) / sa), "0.09");
    }
}

#[test]
fn factory_yields_eqs_3_to_6() {
    let eq4 = u("15,-335;-35,165");
    let eq5 = u("45,-335;-65,165");
    let eq6 = u("350,0;300,500");
    for (a, b) in factory() {
        let pair = [a.clone(), b.clone()];
        // Eq. (3), by hand: 15·0.27 − 335·0.15 − 35·0.23 + 165·0.35 = 3.5 and
        // 15·0.43 − 335·0.18 − 35·0.07 + 165·0.32 = −3.5.
        let (y, order) = rank_classifiers(&eq4, &pair).unwrap();
        assert!(close(y[0], 3.5, 1e-12) && close(y[1], -3.5, 1e-12), "{y:?}");
        assert_eq!(order, vec![0, 1]);
        // Eq. (5): "7.3 €/component, vs 4.7 €/component for classifier A".
        let (y, order) = rank_classifiers(&eq5, &pair).unwrap();
        assert!(close(y[0], 4.7, 1e-12) && close(y[1], 7.3, 1e-12), "{y:?}");
        assert_eq!(order, vec![1, 0]);
        // Eq. (6) = eq. (4) + 335: 338.5 and 331.5 months, "more than six-month longer".
        let (y, order) = rank_classifiers(&eq6, &pair).unwrap();
        assert!(
            close(y[0], 338.5, 1e-10) && close(y[1], 331.5, 1e-10),
            "{y:?}"
        );
        assert!(y[0] - y[1] > 6.0 && close(y[0] - y[1], 7.0, 1e-10));
        assert_eq!(order, vec![0, 1]);
        // Totals over the 100 items of the trial.
        if a.total() == 100.0 {
            assert!(close(eq4.total_yield_of(&a).unwrap(), 350.0, 1e-9));
        }
    }
    // "numerically equivalent to (4) up to a common additive constant of 335"
    assert!(eq4.is_equivalent(&eq6, 1e-12) && eq6.is_equivalent(&eq4, 1e-12));
    assert_eq!(eq4.affine(1.0, 335.0).unwrap(), eq6);
    assert!(!eq4.is_equivalent(&eq5, 1e-6) && !eq5.is_equivalent(&eq6, 1e-6));
    // Hand normalization (eq. 12) of eq. 4: (U + 335) / 500.
    let n = eq4.normalized().unwrap();
    assert!(
        n.matrix()
            .approx_eq(&Matrix::parse("0.7,0;0.6,1").unwrap(), 1e-15)
    );
    // A scaled version is equivalent too; a transposed one is not.
    assert!(eq4.is_equivalent(&eq4.affine(0.01, -3.0).unwrap(), 1e-12));
    assert!(!eq4.is_equivalent(&u("15,-35;-335,165"), 1e-6));
}

// ------------------------------------------------------------------------------------------
// Dyrland et al. 2022 §3.2-3.3: the space of binary utility matrices and the common metrics.
// ------------------------------------------------------------------------------------------

#[test]
fn eq_13_landmarks_and_inverse() {
    let m = |x: f64, y: f64| UtilityMatrix::from_xy(x, y).unwrap().matrix().clone();
    assert_eq!(
        m(0.0, 0.0),
        Matrix::identity(2).unwrap(),
        "centre = accuracy"
    );
    assert_eq!(m(-1.0, 0.0), Matrix::parse("1,0;0,0").unwrap(), "TPR");
    assert_eq!(m(1.0, 0.0), Matrix::parse("0,0;0,1").unwrap(), "TNR");
    // Hand evaluation of eq. 13 at the other corners of the hexagon.
    assert_eq!(m(0.0, 1.0), Matrix::parse("1,1;0,1").unwrap());
    assert_eq!(m(0.0, -1.0), Matrix::parse("1,0;1,1").unwrap());
    assert_eq!(m(1.0, 1.0), Matrix::parse("0,1;0,1").unwrap());
    assert_eq!(m(-1.0, -1.0), Matrix::parse("1,0;1,0").unwrap());
    // Outside the hexagon (upper-left / lower-right corners are excluded).
    assert!(UtilityMatrix::from_xy(-0.5, 0.6).is_err());
    assert!(UtilityMatrix::from_xy(0.6, -0.5).is_err());
    assert!(UtilityMatrix::from_xy(1.1, 0.5).is_err());
    // The factory matrix: normalized [[0.7,0],[0.6,1]] → x = 1 − 0.7 = 0.3, y = 0 − 0.6 = −0.6.
    let (x, y) = u("15,-335;-35,165").xy().unwrap();
    assert!(close(x, 0.3, 1e-12) && close(y, -0.6, 1e-12));
    // xy() inverts from_xy() on a grid covering the hexagon, and eq. 13 holds entry by entry.
    let mut count = 0;
    for i in 0..=40i32 {
        for j in 0..=40i32 {
            let (x, y) = (-1.0 + i as f64 / 20.0, -1.0 + j as f64 / 20.0);
            if (y - x).abs() > 1.0 {
                continue;
            }
            count += 1;
            let um = UtilityMatrix::from_xy(x, y).unwrap();
            let pos = |v: f64| if v > 0.0 { v } else { 0.0 };
            let neg = |v: f64| if v < 0.0 { -v } else { 0.0 };
            let want = [1.0 - pos(x), pos(y), neg(y), 1.0 - neg(x)];
            assert_eq!(um.matrix().data(), &want, "eq. 13 at ({x}, {y})");
            if (i - j).abs() == 20 {
                // On the slanted edges |y − x| = 1: checked with a tolerance below.
                continue;
            }
            let (bx, by) = um.xy().unwrap();
            assert!(
                close(bx, x, 1e-12) && close(by, y, 1e-12),
                "({x},{y}) → ({bx},{by})"
            );
            // ... and so does any equivalent matrix a·U + b.
            let (ex, ey) = um.affine(37.5, -12.25).unwrap().xy().unwrap();
            assert!(close(ex, x, 1e-12) && close(ey, y, 1e-12));
        }
    }
    assert!(count > 1000);
}

/// On the slanted edges of the hexagon (|y − x| = 1) rounding can make U01 exceed U11 (or U10
/// exceed U00) by one ulp: e.g. `from_xy(-0.9, 0.1)` gives [[1, 0.1], [0, 0.09999999999999998]].
/// `xy` must still invert `from_xy` there (regression test of a bug found by this suite).
#[test]
fn xy_inverts_from_xy_on_the_slanted_edges() {
    let mut failures = Vec::new();
    for i in 0..=20 {
        let (x, y) = (-1.0 + i as f64 / 20.0, i as f64 / 20.0);
        for (x, y) in [(x, y), (y, x)] {
            let um = UtilityMatrix::from_xy(x, y).expect("on the hexagon");
            match um.xy() {
                Ok((bx, by)) if close(bx, x, 1e-12) && close(by, y, 1e-12) => {}
                other => failures.push(format!("({x:?}, {y:?}) → {other:?}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn section_3_3_formulas_in_c00_c11() {
    // Dyrland et al. 2022 §3.3 writes the binary metrics with C10 = f0 − C00 and C01 = f1 − C11.
    let mut rng = Rng(3);
    for _ in 0..2000 {
        let f0 = rng.range(0.05, 0.95);
        let f1 = 1.0 - f0;
        let c00 = rng.range(0.01, 0.99) * f0;
        let c11 = rng.range(0.01, 0.99) * f1;
        let data = vec![c00, f1 - c11, f0 - c00, c11];
        let c = ConfusionMatrix::new(Matrix::new(2, 2, data).unwrap(), Orientation::OutputRows)
            .unwrap();
        let tol = 1e-12;
        assert!(close(val(Metric::Accuracy, &c), c00 + c11, tol));
        assert!(close(val(Metric::Recall, &c), c00 / f0, tol));
        assert!(close(val(Metric::Specificity, &c), c11 / f1, tol));
        assert!(close(
            val(Metric::Precision, &c),
            c00 / (c00 - c11 + f1),
            tol
        ));
        assert!(close(
            val(Metric::F1, &c),
            2.0 * c00 / (c00 - c11 + 1.0),
            tol
        ));
        assert!(close(
            val(Metric::FowlkesMallows, &c),
            c00 / (f0 * (f1 + c00 - c11)).sqrt(),
            tol
        ));
        assert!(close(
            val(Metric::BalancedAccuracy, &c),
            c00 / (2.0 * f0) + c11 / (2.0 * f1),
            tol
        ));
        // MCC. The paper prints the numerator as f1·C00 + f0·C11, which is a typo: TP·TN − FP·FN
        // = C00·C11 − (f1 − C11)(f0 − C00) = f1·C00 + f0·C11 − f0·f1. (With the printed
        // numerator classifier A of Table 1 would score 1.26, not 0.24.)
        let den = (f0 * f1 * (f1 + c00 - c11) * (f0 + c11 - c00)).sqrt();
        let mcc = (f1 * c00 + f0 * c11 - f0 * f1) / den;
        assert!(
            close(val(Metric::Mcc, &c), mcc, 1e-11),
            "{} vs {mcc}",
            val(Metric::Mcc, &c)
        );
        // Eq. 15 with a = 1: Σ U C = (U00 − U10) C00 + (U11 − U01) C11 + f0 U10 + f1 U01.
        let uu: Vec<f64> = (0..4).map(|_| rng.range(-10.0, 10.0)).collect();
        let um = UtilityMatrix::new(Matrix::new(2, 2, uu.clone()).unwrap()).unwrap();
        let eq15 = (uu[0] - uu[2]) * c00 + (uu[3] - uu[1]) * c11 + f0 * uu[2] + f1 * uu[1];
        assert!(close(um.yield_of(&c).unwrap(), eq15, 1e-11));
    }
    // The printed MCC numerator is indeed off for Table 1's classifier A.
    let (f0, f1, c00, c11): (f64, f64, f64, f64) = (0.5, 0.5, 0.27, 0.35);
    let printed = (f1 * c00 + f0 * c11) / (f0 * f1 * (f1 + c00 - c11) * (f0 + c11 - c00)).sqrt();
    assert_eq!(format!("{printed:.2}"), "1.26");
}

#[test]
fn admissibility_and_equivalent_utility_matrices() {
    let mat = |a: &Admissibility| a.utility().expect("admissible").matrix().clone();
    for n in 2..=6 {
        assert_eq!(
            mat(&Metric::Accuracy.admissibility(n)),
            Matrix::identity(n).unwrap()
        );
        for k in 0..n {
            let mut want = Matrix::zeros(n, n).unwrap().to_rows();
            want[k][k] = 1.0;
            let got = mat(&Metric::Recall.class_admissibility(k, n));
            assert_eq!(
                got,
                Matrix::from_rows(&want).unwrap(),
                "recall of class {k} of {n}"
            );
        }
        for m in [
            Metric::Precision,
            Metric::F1,
            Metric::Mcc,
            Metric::FowlkesMallows,
            Metric::BalancedAccuracy,
            Metric::Kappa,
            Metric::PreferenceDriven,
            Metric::Npv,
        ] {
            assert!(
                !m.admissibility(n).is_admissible(),
                "{m:?} with {n} classes"
            );
        }
    }
    assert_eq!(
        mat(&Metric::Recall.admissibility(2)),
        Matrix::parse("1,0;0,0").unwrap()
    );
    assert_eq!(
        mat(&Metric::Specificity.admissibility(2)),
        Matrix::parse("0,0;0,1").unwrap()
    );
    // Only accuracy, TPR and TNR are admissible among the binary summary metrics.
    let admissible: Vec<Metric> = Metric::ALL
        .into_iter()
        .filter(|m| m.admissibility(2).is_admissible())
        .collect();
    assert_eq!(
        admissible,
        vec![Metric::Accuracy, Metric::Recall, Metric::Specificity]
    );
}

/// Two random count matrices with the same column totals (one test set, two classifiers).
fn pair_on_one_test_set(rng: &mut Rng, n: usize) -> (ConfusionMatrix, ConfusionMatrix) {
    let totals: Vec<usize> = (0..n).map(|_| 1 + rng.below(60)).collect();
    let draw = |rng: &mut Rng| {
        let mut m = vec![0.0; n * n];
        for (j, t) in totals.iter().enumerate() {
            // Each classifier has its own tendency per class, so that both good and bad
            // matrices occur.
            let bias = rng.unif();
            for _ in 0..*t {
                let i = if rng.unif() < bias { j } else { rng.below(n) };
                m[i * n + j] += 1.0;
            }
        }
        ConfusionMatrix::from_counts(Matrix::new(n, n, m).unwrap()).unwrap()
    };
    (draw(rng), draw(rng))
}

#[test]
fn admissible_metrics_rank_as_their_utility_matrix() {
    let mut rng = Rng(17);
    for round in 0..3000 {
        let n = 2 + round % 5;
        let (c1, c2) = pair_on_one_test_set(&mut rng, n);
        assert_eq!(c1.class_totals(), c2.class_totals());
        let f = c1.class_shares();
        // (metric value, equivalent utility matrix, its factor a(f) and offset b = 0)
        let mut cases: Vec<(String, Score, Score, UtilityMatrix, f64)> = Vec::new();
        let acc = Metric::Accuracy;
        cases.push((
            "accuracy".into(),
            acc.value(&c1, None).unwrap(),
            acc.value(&c2, None).unwrap(),
            acc.admissibility(n).utility().unwrap().clone(),
            1.0,
        ));
        for (k, fk) in f.iter().enumerate() {
            cases.push((
                format!("recall {k}"),
                metrics::recall(&c1, k),
                metrics::recall(&c2, k),
                Metric::Recall
                    .class_admissibility(k, n)
                    .utility()
                    .unwrap()
                    .clone(),
                1.0 / fk,
            ));
        }
        if n == 2 {
            for m in [Metric::Recall, Metric::Specificity] {
                let a = if m == Metric::Recall {
                    1.0 / f[0]
                } else {
                    1.0 / f[1]
                };
                cases.push((
                    format!("{m:?}"),
                    m.value(&c1, None).unwrap(),
                    m.value(&c2, None).unwrap(),
                    m.admissibility(2).utility().unwrap().clone(),
                    a,
                ));
            }
        }
        for (name, s1, s2, um, a) in cases {
            let (m1, m2) = (s1.value().unwrap(), s2.value().unwrap());
            let (y1, y2) = (um.yield_of(&c1).unwrap(), um.yield_of(&c2).unwrap());
            // Eq. 17: metric = a(f)·yield (+ b(f) = 0 here), exactly.
            assert!(
                close(m1, a * y1, 1e-12) && close(m2, a * y2, 1e-12),
                "{name}"
            );
            let (dm, dy) = (m1 - m2, y1 - y2);
            let same = (dm.abs() < 1e-12 && dy.abs() < 1e-12) || dm * dy > 0.0;
            assert!(same, "{name}: metric Δ {dm} vs yield Δ {dy}");
        }
        // Net benefit at p_t is the yield of [[1, −p_t/(1−p_t)], [0, 0]]: hand formula.
        if n == 2 {
            let p_t = 0.05 + 0.9 * rng.unif();
            let nb = metrics::net_benefit(&c1, p_t).unwrap();
            let hand = c1.c(0, 0) - c1.c(0, 1) * p_t / (1.0 - p_t);
            assert!(close(nb, hand, 1e-12));
            let um = UtilityMatrix::net_benefit(p_t).unwrap();
            assert!(close(um.yield_of(&c1).unwrap(), hand, 1e-12));
        }
    }
}

/// A binary normalized confusion matrix with class-0 share `f0`, TPR `t`, TNR `s` (eq. 21).
fn binary(f0: f64, t: f64, s: f64) -> ConfusionMatrix {
    let f1 = 1.0 - f0;
    let data = vec![f0 * t, f1 * (1.0 - s), f0 * (1.0 - t), f1 * s];
    ConfusionMatrix::new(Matrix::new(2, 2, data).unwrap(), Orientation::OutputRows).unwrap()
}

#[test]
fn balanced_accuracy_disagrees_with_accuracy_on_an_imbalanced_set() {
    // By hand, f0 = 0.9:
    //   C  (TPR 0.9, TNR 0.5): accuracy 0.81 + 0.05 = 0.86, balanced accuracy 0.70;
    //   C' (TPR 0.8, TNR 0.8): accuracy 0.72 + 0.08 = 0.80, balanced accuracy 0.80.
    let c = binary(0.9, 0.9, 0.5);
    let d = binary(0.9, 0.8, 0.8);
    assert!(close(val(Metric::Accuracy, &c), 0.86, 1e-12));
    assert!(close(val(Metric::Accuracy, &d), 0.80, 1e-12));
    assert!(close(val(Metric::BalancedAccuracy, &c), 0.70, 1e-12));
    assert!(close(val(Metric::BalancedAccuracy, &d), 0.80, 1e-12));
    let id = UtilityMatrix::identity(2).unwrap();
    assert!(id.yield_of(&c).unwrap() > id.yield_of(&d).unwrap());
    // On a balanced set the two coincide (same pair of rates).
    let (cb, db) = (binary(0.5, 0.9, 0.5), binary(0.5, 0.8, 0.8));
    for x in [&cb, &db] {
        assert!(close(
            val(Metric::Accuracy, x),
            val(Metric::BalancedAccuracy, x),
            1e-12
        ));
    }
}

#[test]
fn every_inadmissible_metric_misranks_some_pair_for_every_utility_matrix() {
    // For each utility matrix U on a grid of the space of fig. 1 and each inadmissible binary
    // metric, search pairs of classifiers on one test set (class-0 share 0.5 or 0.9) until one
    // pair is ranked strictly opposite by the metric and by U's yield. Admissible metrics never
    // misrank their own matrix (see the test above); an inadmissible one has no such matrix.
    let inadmissible = [
        Metric::Precision,
        Metric::Npv,
        Metric::F1,
        Metric::Mcc,
        Metric::FowlkesMallows,
        Metric::BalancedAccuracy,
        Metric::Kappa,
        Metric::PreferenceDriven,
    ];
    let mut rng = Rng(99);
    let mut grid = Vec::new();
    for i in 0..=10i32 {
        for j in 0..=10i32 {
            // (1, 1) and (−1, −1) make every classifier yield the same: nothing to rank.
            if (i - j).abs() > 5 || (i == j && (i == 0 || i == 10)) {
                continue;
            }
            let (x, y) = ((i - 5) as f64 / 5.0, (j - 5) as f64 / 5.0);
            grid.push(UtilityMatrix::from_xy(x, y).unwrap());
        }
    }
    assert!(grid.len() > 80);
    for m in inadmissible {
        for um in &grid {
            let mut found = false;
            for attempt in 0..200_000 {
                let f0 = if attempt % 2 == 0 { 0.5 } else { 0.9 };
                let c = binary(f0, rng.range(0.02, 0.98), rng.range(0.02, 0.98));
                let d = binary(f0, rng.range(0.02, 0.98), rng.range(0.02, 0.98));
                let dm = val(m, &c) - val(m, &d);
                let dy = um.yield_of(&c).unwrap() - um.yield_of(&d).unwrap();
                if dm * dy < 0.0 && dm.abs() > 1e-9 && dy.abs() > 1e-9 {
                    found = true;
                    break;
                }
            }
            assert!(
                found,
                "{m:?}: no misranked pair found for U = {}",
                um.matrix()
            );
        }
    }
    // The admissible ones, by contrast, never misrank for their own matrix on either set.
    for m in [Metric::Accuracy, Metric::Recall, Metric::Specificity] {
        let um = m.admissibility(2).utility().unwrap().clone();
        for attempt in 0..20_000 {
            let f0 = if attempt % 2 == 0 { 0.5 } else { 0.9 };
            let c = binary(f0, rng.range(0.02, 0.98), rng.range(0.02, 0.98));
            let d = binary(f0, rng.range(0.02, 0.98), rng.range(0.02, 0.98));
            let dm = val(m, &c) - val(m, &d);
            let dy = um.yield_of(&c).unwrap() - um.yield_of(&d).unwrap();
            assert!(dm * dy >= 0.0, "{m:?} misranked its own utility matrix");
        }
    }
}

// ------------------------------------------------------------------------------------------
// Dyrland et al. 2022 §5, fig. 8: ROC and iso-utility lines; net benefit.
// ------------------------------------------------------------------------------------------

#[test]
fn fig_8_iso_utility_slopes_and_tangent_beats_area() {
    // Eq. 24 by hand: (U11 − U01)(1 − B) / ((U00 − U10) B): (1·0.5)/(4·0.5) = 0.25 and
    // (1·0.2)/(1·0.8) = 0.25.
    let u4 = u("4,0;0,1");
    let id = UtilityMatrix::identity(2).unwrap();
    assert!(close(iso_utility_slope(&u4, 0.5).unwrap(), 0.25, 1e-15));
    assert!(close(iso_utility_slope(&id, 0.8).unwrap(), 0.25, 1e-15));
    // The factory matrix on its balanced set: 500·0.5 / (50·0.5) = 10.
    assert!(close(
        iso_utility_slope(&u("15,-335;-35,165"), 0.5).unwrap(),
        10.0,
        1e-12
    ));
    // Eq. 22 against the yield of the confusion matrix of eq. 21 built by hand.
    for (f, t, b) in [(0.3, 0.54, 0.5), (0.1, 0.7, 0.8), (0.9, 0.95, 0.2)] {
        let c = binary(b, t, 1.0 - f);
        for um in [&u4, &id, &u("15,-335;-35,165")] {
            assert!(close(
                yield_at(um, b, f, t),
                um.yield_of(&c).unwrap(),
                1e-12
            ));
        }
    }
    // Fig. 8's situation with two binormal curves: X has the larger area, Y touches the
    // iso-utility lines higher. By hand: AUC = Φ(a/√(1+b²)): X = Φ(0.8944) = 0.8145,
    // Y = Φ(0.6708) = 0.7488. Best yields for [[4,0],[0,1]], B = 0.5 (yield = 2t − f/2 + 1/2),
    // found by a fine grid search in scipy: X 2.0 (at f = 1), Y 2.155471.
    let x = Binormal::new(1.0, 0.5).unwrap();
    let y = Binormal::new(1.5, 2.0).unwrap();
    assert!(close(x.auc(), 0.8144533152386513, 1e-12));
    assert!(close(y.auc(), 0.748832522819749, 1e-12));
    let (_, _, yx) = x.optimal(&u4, 0.5).unwrap();
    let (fy, _, yy) = y.optimal(&u4, 0.5).unwrap();
    assert!(close(yx, 2.0, 1e-6), "{yx}");
    assert!(close(yy, 2.155471084351639, 1e-6), "{yy}");
    assert!(close(fy, 0.61, 0.01), "{fy}");
    // The identity at B = 0.8 gives yields 0.4 × those (0.8t + 0.2(1 − f) = 0.4(2t − f/2 + 1/2)),
    // hence the same choice.
    let (_, _, ix) = x.optimal(&id, 0.8).unwrap();
    let (fiy, _, iy) = y.optimal(&id, 0.8).unwrap();
    assert!(close(ix, 0.8, 1e-6) && close(iy, 0.4 * 2.155471084351639, 1e-6));
    assert!(close(fiy, fy, 1e-4));
}

// ------------------------------------------------------------------------------------------
// Dyrland et al. (draft): the lottery, decisions vs classes, test-set vs deployment prevalence.
// ------------------------------------------------------------------------------------------

#[test]
fn the_lottery_of_dyrland_draft() {
    let lottery = u("10,-1;0,0"); // buy / not-buy × win / lose
    // "+10 · 0.2 − 1 · 0.8 = +1.2" and 0 for not-buy.
    let eu = decision::expected_utilities(&lottery, &[0.2, 0.8]).unwrap();
    assert!(close(eu[0], 1.2, 1e-12) && eu[1] == 0.0);
    let d = decision::decide(&lottery, &[0.2, 0.8]).unwrap();
    assert_eq!(d.optimal, 0, "buy");
    assert_eq!(d.most_probable, 1, "lose");
    // Threshold by hand: buy iff p(win)·10 − (1 − p(win)) ≥ 0, i.e. p(win) ≥ 1/11.
    assert_eq!(
        decision::binary_threshold(&lottery).unwrap(),
        BinaryRule::ZeroAtOrAbove(1.0 / 11.0)
    );
    assert_eq!(
        decision::decide(&lottery, &[0.08, 0.92]).unwrap().optimal,
        1
    );
    assert_eq!(decision::decide(&lottery, &[0.1, 0.9]).unwrap().optimal, 0);
    // Always-buy and never-buy on a 50 %/50 % test set: 4.5 and 0 ("the first algorithm
    // will yield 4.5 on average, the second 0").
    let always = cm("50,50;0,0", Orientation::OutputRows);
    let never = cm("0,0;50,50", Orientation::OutputRows);
    let (y, order) = rank_classifiers(&lottery, &[always.clone(), never.clone()]).unwrap();
    assert!(close(y[0], 4.5, 1e-12) && y[1] == 0.0);
    assert_eq!(order, vec![0, 1]);
    // In real lotteries win occurs 1 %: 0.01·10 − 0.99·1 = −0.89 and 0; the ranking flips.
    let real = [
        reweight(&always, &[0.01, 0.99]).unwrap(),
        reweight(&never, &[0.01, 0.99]).unwrap(),
    ];
    let (y, order) = rank_classifiers(&lottery, &real).unwrap();
    assert!(close(y[0], -0.89, 1e-12) && y[1] == 0.0, "{y:?}");
    assert_eq!(order, vec![1, 0]);
    assert_eq!(real[0].total(), 100.0);
}

// ------------------------------------------------------------------------------------------
// Kozak et al. 2022: the preference-driven measure.
// ------------------------------------------------------------------------------------------

/// Table 4 of Kozak et al. 2022, as printed: rows = ACTUAL (true) class, columns = predicted.
const TABLE_4: &str = "40,7,3;8,10,2;9,1,20";

#[test]
fn preference_driven_worked_example_table_4() {
    let c = cm(TABLE_4, Orientation::TrueRows);
    assert_eq!(metrics::default_kappa(&c), vec![0.5, 0.2, 0.3]);
    // The paper's own arithmetic, with exact fractions:
    // (1/3)(0.5·40/57 + 0.5·40/50 + 0.2·10/18 + 0.8·10/20 + 0.3·20/25 + 0.7·20/30)
    let hand = (0.5 * 40.0 / 57.0
        + 0.5 * 40.0 / 50.0
        + 0.2 * 10.0 / 18.0
        + 0.8 * 10.0 / 20.0
        + 0.3 * 20.0 / 25.0
        + 0.7 * 20.0 / 30.0)
        / 3.0;
    let pd_default = metrics::preference_driven(&c, &[0.5, 0.2, 0.3]).unwrap();
    assert!(close(pd_default, hand, 1e-12), "{pd_default} vs {hand}");
    assert_eq!(format!("{pd_default:.3}"), "0.656");
    assert!(close(val(Metric::PreferenceDriven, &c), hand, 1e-12));
    // Reading the same numbers with the wrong orientation (rows = output) swaps precision and
    // recall and changes the default κ to the column shares [0.57, 0.18, 0.25]:
    // (1/3)(0.57·40/50 + 0.43·40/57 + 0.18·10/20 + 0.82·10/18 + 0.25·20/30 + 0.75·20/25).
    let wrong = cm(TABLE_4, Orientation::OutputRows);
    let hand_wrong = (0.57 * 40.0 / 50.0
        + 0.43 * 40.0 / 57.0
        + 0.18 * 10.0 / 20.0
        + 0.82 * 10.0 / 18.0
        + 0.25 * 20.0 / 30.0
        + 0.75 * 20.0 / 25.0)
        / 3.0;
    let v = val(Metric::PreferenceDriven, &wrong);
    assert!(close(v, hand_wrong, 1e-12), "{v} vs {hand_wrong}");
    assert_eq!(format!("{v:.3}"), "0.690");
    assert!((v - pd_default).abs() > 0.03, "orientation must matter");
}

/// The confusion matrices of fig. 1 of Kozak et al. 2022 (the figure is missing from the text),
/// reconstructed from Table 3 (rows = TRUE class, as in Table 4): a search over all 2 × 2 count
/// matrices with up to 80 cases per class for the ones that reproduce every printed value.
/// cm4 and cm8 follow from the text (cm4: p-d[1,0] = 0.5833, p-d[0,1] = 1), cm9 from "all
/// samples assigned to only one class (the first)". Each is unique up to scaling.
const FIG_1: [(&str, &str); 9] = [
    ("cm1", "10,0;0,10"),
    ("cm2", "5,0;1,4"),
    ("cm3", "5,0;2,3"),
    ("cm4", "10,0;5,5"),
    ("cm5", "4,1;2,3"),
    ("cm6", "8,2;5,5"),
    ("cm7", "6,4;5,5"),
    ("cm8", "5,5;0,10"),
    ("cm9", "10,0;10,0"),
];

#[test]
fn table_3_of_kozak_2022() {
    // p-d[0.3,0.6], p-d[0.9,0.4], p-d[0.5,0.5], macro precision, macro recall, and the paper's
    // "macro F1", the F1 of macro P and R.
    let table: [[f64; 6]; 9] = [
        [1.0000, 1.0000, 1.0000, 1.0000, 1.0000, 1.0000],
        [0.9350, 0.8650, 0.9083, 0.9157, 0.9000, 0.9083],
        [0.8771, 0.7514, 0.8286, 0.8571, 0.8000, 0.8276],
        [0.8500, 0.7000, 0.7917, 0.8333, 0.7500, 0.7895],
        [0.7250, 0.6700, 0.7042, 0.7083, 0.7000, 0.7041],
        [0.6866, 0.6098, 0.6574, 0.6648, 0.6500, 0.6573],
        [0.5585, 0.5366, 0.5503, 0.5505, 0.5500, 0.5502],
        [0.7250, 0.9083, 0.7917, 0.8333, 0.7500, 0.7895],
        [0.4250, 0.2750, 0.3750, 0.2500, 0.5000, 0.3333],
    ];
    for ((name, text), row) in FIG_1.iter().zip(table) {
        let c = cm(text, Orientation::TrueRows);
        let pd_at = |k: [f64; 2]| metrics::preference_driven(&c, &k).unwrap();
        let mut ours = [
            pd_at([0.3, 0.6]),
            pd_at([0.9, 0.4]),
            pd_at([0.5, 0.5]),
            // Footnotes 1-2: macro precision = p-d[1,1], macro recall = p-d[0,0] (κ = 1
            // weighs precision, eq. 30).
            pd_at([1.0, 1.0]),
            pd_at([0.0, 0.0]),
            0.0,
        ];
        // Default κ = class shares = [0.5, 0.5]: "incidentally given in column p-d[0.5,0.5]".
        assert_eq!(metrics::default_kappa(&c), vec![0.5, 0.5]);
        assert!(close(val(Metric::PreferenceDriven, &c), ours[2], 1e-15));
        if *name == "cm9" {
            // Class 2 is never output: its precision is 0/0. The paper counts it as 0 (its
            // "Precision" 0.25 = p-d[1,1]); the core's macro precision is undefined, and so
            // the F1 of macro P and R. By hand: P = (0.5 + 0)/2, R = (1 + 0)/2, F1 = 2PR/(P+R).
            assert!(
                metrics::macro_average(&c, metrics::precision)
                    .value()
                    .is_none()
            );
            assert!(f1_of_macro_pr(&c).value().is_none());
            ours[5] = 2.0 * 0.25 * 0.5 / 0.75;
        } else {
            let mp = metrics::macro_average(&c, metrics::precision)
                .value()
                .unwrap();
            let mr = metrics::macro_average(&c, metrics::recall).value().unwrap();
            assert!(
                close(mp, ours[3], 1e-15) && close(mr, ours[4], 1e-15),
                "{name}"
            );
            ours[5] = f1_of_macro_pr(&c).value().unwrap();
        }
        for (col, (v, printed)) in ours.iter().zip(row).enumerate() {
            // Printed to 4 decimals. Two cells are off in the paper: cm2's precision is printed
            // 0.9157 but its other five values force 0.9167 (5/6 and 1; also p-d[0.5,0.5] =
            // (P + R)/2 = 0.9083 needs P = 0.9167); cm7's F1 is 0.550253, printed 0.5502
            // (rounded from the rounded P and R).
            let tol = match (*name, col) {
                ("cm2", 3) => 1.0e-3 + 1e-9,
                ("cm7", 5) => 1.0e-4,
                _ => 0.5e-4 + 1e-12,
            };
            assert!(
                close(*v, printed, tol),
                "{name} column {col}: {v} vs printed {printed}"
            );
        }
    }
    // cm2's precision is 5/6·½ + 1·½ = 0.91667, not the printed 0.9157.
    let cm2 = cm(FIG_1[1].1, Orientation::TrueRows);
    let p = metrics::macro_average(&cm2, metrics::precision)
        .value()
        .unwrap();
    assert_eq!(format!("{p:.4}"), "0.9167");
}

#[test]
fn figures_2_to_4_of_kozak_2022() {
    // cm4: "ranges from 0.5833 for κ = [1.0, 0.0] to 1.0000 for κ = [0.0, 1.0]"; the coloured
    // dots of fig. 2.
    let cm4 = cm(FIG_1[3].1, Orientation::TrueRows);
    let h = heatmap(&cm4, 10).unwrap();
    let at = |k1: usize, k2: usize| h[k1][k2];
    let printed = [
        ((10, 0), 0.5833),
        ((0, 10), 1.0),
        ((1, 3), 0.8083),
        ((1, 8), 0.9333),
        ((4, 4), 0.7833),
        ((9, 1), 0.6250),
        ((9, 8), 0.8000),
    ];
    for ((i, j), v) in printed {
        assert!(
            close(at(i, j), v, 0.5e-4),
            "p-d[{},{}] = {} vs {v}",
            i,
            j,
            at(i, j)
        );
    }
    let flat: Vec<f64> = h.iter().flatten().copied().collect();
    let (lo, hi) = flat
        .iter()
        .fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(*v), h.max(*v)));
    assert!(close(lo, 0.5833, 0.5e-4) && close(hi, 1.0, 1e-12));
    // cm1 is constant 1; for cm9 "κ2 does not affect the value".
    let cm1 = heatmap(&cm(FIG_1[0].1, Orientation::TrueRows), 10).unwrap();
    assert!(cm1.iter().flatten().all(|v| close(*v, 1.0, 1e-12)));
    let cm9 = heatmap(&cm(FIG_1[8].1, Orientation::TrueRows), 10).unwrap();
    for row in &cm9 {
        assert!(row.iter().all(|v| *v == row[0]));
    }
    // cm4 and cm8 are opposite: p-d of one at [κ1, κ2] is p-d of the other at [κ2, κ1].
    let cm8 = heatmap(&cm(FIG_1[7].1, Orientation::TrueRows), 10).unwrap();
    for i in 0..=10 {
        for j in 0..=10 {
            assert!(close(h[i][j], cm8[j][i], 1e-12));
        }
    }
}

#[test]
fn f1_counterparts_of_kozak_2022() {
    // "the F1 counterparts are ... preference vectors" (printed to 2-3 decimals): p-d at them
    // equals the F1 of macro P and R up to the rounding of κ.
    let printed: [(usize, [f64; 2]); 8] = [
        (1, [0.015, 0.095]),
        (2, [0.010, 0.145]),
        (3, [0.189, 0.284]),
        (4, [0.045, 0.095]),
        (5, [0.06, 0.12]),
        (6, [0.5, 0.5]),
        (7, [0.284, 0.189]),
        (8, [0.67, 0.00]),
    ];
    for (i, k) in printed {
        let c = cm(FIG_1[i].1, Orientation::TrueRows);
        let f1 = if i == 8 {
            1.0 / 3.0
        } else {
            f1_of_macro_pr(&c).value().unwrap()
        };
        let v = metrics::preference_driven(&c, &k).unwrap();
        assert!(
            close(v, f1, 1e-3),
            "{}: p-d{k:?} = {v} vs F1 {f1}",
            FIG_1[i].0
        );
        // The core finds an exact κ too, and it really gives F1.
        let exact = pd::kappa_for_value(&c, f1, None)
            .unwrap()
            .expect("reachable");
        assert!(close(
            metrics::preference_driven(&c, &exact).unwrap(),
            f1,
            1e-9
        ));
    }
}
