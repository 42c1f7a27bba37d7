//! The Preference-driven measure view's engine (`state::pd`, `core::pd`) against Kozak et al.
//! 2022 (eq. 30, Table 4, fig. 2 and the "F1 counterparts" of §4.2), hand calculations and
//! direct evaluation of eq. 30 written out here (presets, Table 3, the Monte Carlo, CSV and
//! links: `pd_view_presets`).

use proptest::collection::vec;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use utility_lab::core::pd::grid_analysis;
use utility_lab::core::{ConfusionMatrix, Matrix, Orientation, Score, UtilityMatrix};
use utility_lab::state::link as url;
use utility_lab::state::pd::f1::{F1Convention, KappaForF1, kappa_for_f1};
use utility_lab::state::pd::grid::{GridPlan, GridSettings, Sampling};
use utility_lab::state::pd::heatmap::{MAX_CELLS, heatmaps};
use utility_lab::state::pd::kappa::{self, KappaError};
use utility_lab::state::pd::presets::{F1_COUNTERPARTS, TABLE3};
use utility_lab::state::pd::table::{Measure, table};
use utility_lab::state::pd::{Classifiers, PdError};

// ---- independent statements -------------------------------------------------------------

/// Precision and recall of each class from counts `m[i][j]` (rows = output), 0/0 as 0.
pub(crate) fn p_r(m: &[Vec<f64>]) -> (Vec<f64>, Vec<f64>) {
    let n = m.len();
    let row = |k: usize| m[k].iter().sum::<f64>();
    let col = |k: usize| (0..n).map(|i| m[i][k]).sum::<f64>();
    let ratio = |a: f64, b: f64| if b == 0.0 { 0.0 } else { a / b };
    (
        (0..n).map(|k| ratio(m[k][k], row(k))).collect(),
        (0..n).map(|k| ratio(m[k][k], col(k))).collect(),
    )
}

/// Eq. 30 of Kozak et al. 2022, written out.
pub(crate) fn eq30(m: &[Vec<f64>], kappa: &[f64]) -> f64 {
    let (p, r) = p_r(m);
    let c = p.len() as f64;
    (0..p.len())
        .map(|k| kappa[k] * p[k] + (1.0 - kappa[k]) * r[k])
        .sum::<f64>()
        / c
}

pub(crate) fn rows_of(cm: &ConfusionMatrix) -> Vec<Vec<f64>> {
    cm.counts().to_rows()
}

pub(crate) fn named(list: &[(&str, &str)], o: Orientation) -> Classifiers {
    Classifiers::new(
        list.iter().map(|(n, _)| n.to_string()).collect(),
        list.iter()
            .map(|(_, m)| ConfusionMatrix::parse(m, o).unwrap())
            .collect(),
    )
    .unwrap()
}

/// An n × n count matrix (rows = output) with a positive total; zero rows and columns occur.
fn counts(n_min: usize, n_max: usize) -> impl Strategy<Value = ConfusionMatrix> {
    (n_min..=n_max)
        .prop_flat_map(|n| {
            (
                Just(n),
                vec(
                    prop_oneof![1 => Just(0.0), 2 => (0u32..40).prop_map(f64::from)],
                    n * n,
                ),
                0..n * n,
            )
        })
        .prop_map(|(n, mut d, k)| {
            if d.iter().all(|v| *v == 0.0) {
                d[k] = 1.0;
            }
            ConfusionMatrix::from_counts(Matrix::new(n, n, d).unwrap()).unwrap()
        })
}

// ---- 1. p-d for any κ ----------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn pd_is_macro_precision_at_one_and_macro_recall_at_zero(cm in counts(2, 12)) {
        let n = cm.n();
        let m = rows_of(&cm);
        let c = Classifiers::new(vec!["x".into()], vec![cm.clone()]).unwrap();
        let (p, r) = p_r(&m);
        let at1 = table(&c, Some(&vec![1.0; n]), None).unwrap();
        let at0 = table(&c, Some(&vec![0.0; n]), None).unwrap();
        // p-d(1) = (1/c) Σ precision_k, p-d(0) = (1/c) Σ recall_k (0/0 as 0 inside p-d) …
        prop_assert!((at1.rows[0].pd - p.iter().sum::<f64>() / n as f64).abs() < 1e-12);
        prop_assert!((at0.rows[0].pd - r.iter().sum::<f64>() / n as f64).abs() < 1e-12);
        // … and equal to the table's macro precision / recall wherever those are defined.
        if let Score::Defined(mp) = at1.rows[0].macro_precision {
            prop_assert!((at1.rows[0].pd - mp).abs() < 1e-12);
        }
        if let Score::Defined(mr) = at0.rows[0].macro_recall {
            prop_assert!((at0.rows[0].pd - mr).abs() < 1e-12);
        }
    }

    #[test]
    fn pd_at_any_kappa_is_eq30(cm in counts(2, 10), seed in any::<u64>()) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let k: Vec<f64> = (0..cm.n()).map(|_| rng.random::<f64>()).collect();
        let c = Classifiers::new(vec!["x".into()], vec![cm.clone()]).unwrap();
        let t = table(&c, Some(&k), None).unwrap();
        prop_assert!((t.rows[0].pd - eq30(&rows_of(&cm), &k)).abs() < 1e-12);
    }
}

#[test]
fn table4_is_0_656_in_both_orientations() {
    // Kozak et al. 2022, Table 4 is written rows = true class; our matrices are rows = output.
    let paper = ConfusionMatrix::parse("40,7,3;8,10,2;9,1,20", Orientation::TrueRows).unwrap();
    let ours = ConfusionMatrix::parse("40,8,9;7,10,1;3,2,20", Orientation::OutputRows).unwrap();
    assert_eq!(paper, ours);
    // Read the wrong way round, it is another classifier with other class shares.
    let wrong = ConfusionMatrix::parse("40,7,3;8,10,2;9,1,20", Orientation::OutputRows).unwrap();
    assert_eq!(kappa::default_of(&wrong), vec![0.57, 0.18, 0.25]);
    for cm in [paper, ours] {
        let c = Classifiers::new(vec!["T4".into()], vec![cm.clone()]).unwrap();
        let t = table(&c, None, None).unwrap();
        assert_eq!(t.rows[0].kappa, vec![0.5, 0.2, 0.3]);
        // The paper's own arithmetic: (0.351 + 0.4 + 0.111 + 0.4 + 0.24 + 0.467)/3 = 0.656.
        let by_hand = (0.5 * 40.0 / 57.0
            + 0.5 * 40.0 / 50.0
            + 0.2 * 10.0 / 18.0
            + 0.8 * 10.0 / 20.0
            + 0.3 * 20.0 / 25.0
            + 0.7 * 20.0 / 30.0)
            / 3.0;
        assert!((t.rows[0].pd - by_hand).abs() < 1e-12);
        assert_eq!(format!("{:.3}", t.rows[0].pd), "0.656");
    }
}

#[test]
fn rankings_tie_and_skip_undefined() {
    // Two identical classifiers tie on every column; C never outputs class 1, so its macro
    // precision and F1 are undefined and unranked.
    let c = named(
        &[("A", "6,2;4,8"), ("B", "6,2;4,8"), ("C", "10,10;0,0")],
        Orientation::OutputRows,
    );
    let u = UtilityMatrix::parse("1,0;0,1").unwrap();
    let t = table(&c, None, Some(&u)).unwrap();
    assert_eq!(t.ranks_by(Measure::Pd)[..2], [Some(1), Some(1)]);
    assert_eq!(t.ranks_by(Measure::MacroPrecision)[2], None);
    assert_eq!(t.ranks_by(Measure::F1MacroPr)[2], None);
    assert_eq!(t.first_by(Measure::Yield), ["A", "B"]); // accuracy 0.7 against 0.5
    assert!(matches!(t.rows[2].macro_precision, Score::Undefined(_)));
    // Two classes: each row's κ is a marker of the heatmaps.
    let pairs = t.kappa_pairs();
    assert_eq!(pairs.len(), 3);
    for (pair, row) in pairs.iter().zip(&t.rows) {
        assert_eq!(pair.map(|k| k.to_vec()), Some(row.kappa.clone()));
    }
    // Three classes: none.
    let cm = ConfusionMatrix::parse("40,8,9;7,10,1;3,2,20", Orientation::OutputRows).unwrap();
    let three = Classifiers::new(vec!["T4".into()], vec![cm]).unwrap();
    assert_eq!(table(&three, None, None).unwrap().kappa_pairs(), [None]);
}

#[test]
fn kappa_link_values_round_trip_and_errors_are_typed() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for n in 2..=20 {
        let k: Vec<f64> = (0..n).map(|_| rng.random::<f64>()).collect();
        assert_eq!(kappa::parse_kappa(&kappa::format_kappa(&k), n).unwrap(), k);
        let sliders: Vec<f64> = k.iter().map(|v| kappa::slider_value(*v)).collect();
        let text = kappa::format_kappa(&sliders);
        assert!(text.len() <= 6 * n, "{text}");
        assert_eq!(kappa::parse_kappa(&text, n).unwrap(), sliders);
    }
    assert_eq!(
        kappa::parse_kappa("0.2,0.3", 3),
        Err(KappaError::WrongLength {
            expected: 3,
            found: 2
        })
    );
    let e = kappa::parse_kappa("0.2,1.01,0", 3).unwrap_err();
    assert_eq!(e.to_string(), "κ: value 2 (1.01) is outside [0, 1]");
    let e = kappa::parse_kappa("0.2,,0", 3).unwrap_err();
    assert!(
        matches!(e, KappaError::NotANumber { index: 1, .. }),
        "{e:?}"
    );
    assert_eq!(
        kappa::parse_kappa("0.2,NaN,0", 3).unwrap_err().to_string(),
        "κ: value 2 ('NaN') is not a number"
    );
    assert_eq!(kappa::parse_kappa(" ", 3), Err(KappaError::Empty));
    // The link decoder reads what format_kappa writes.
    let d = url::decode("#cm.A=3,1;1,3&kappa=0.125,0.7");
    assert_eq!(d.state.kappa, Some(vec![0.125, 0.7]));
    // Reset to default: the state's κ back to None; sliders then show the class shares.
    let c = named(&[("A", "3,1;1,5")], Orientation::OutputRows);
    let s = kappa::shown(None, &c);
    assert!(s.is_default && !s.defaults_differ);
    assert_eq!(s.kappa, vec![0.4, 0.6]);
    assert_eq!(kappa::shown(Some(&[0.3, 2.0]), &c).kappa, vec![0.4, 0.6]);
}

// ---- 2. two classes ------------------------------------------------------------------------

#[test]
fn heatmap_grid_matches_direct_evaluation_at_random_kappa() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    for _ in 0..40 {
        let m: Vec<Vec<f64>> = (0..2)
            .map(|_| (0..2).map(|_| rng.random_range(0..30) as f64).collect())
            .collect();
        if m.iter().flatten().sum::<f64>() == 0.0 {
            continue;
        }
        let cm = ConfusionMatrix::from_counts(Matrix::from_rows(&m).unwrap()).unwrap();
        let c = Classifiers::new(vec!["x".into()], vec![cm]).unwrap();
        let divisions = [10, 20, 50, 100, 200][rng.random_range(0..5)];
        let h = heatmaps(&c, divisions).unwrap();
        for _ in 0..20 {
            // A random grid point, and a random κ looked up through the hit test's cell.
            let (i, j) = (
                rng.random_range(0..=divisions),
                rng.random_range(0..=divisions),
            );
            let k = [i as f64 / divisions as f64, j as f64 / divisions as f64];
            assert!((h.grids[0][i][j] - eq30(&m, &k)).abs() < 1e-12);
            let (k0, k1) = (rng.random::<f64>(), rng.random::<f64>());
            let cell = h.cell_at(k0, k1).unwrap();
            assert!((cell.kappa[0] - k0).abs() <= 0.5 / divisions as f64 + 1e-12);
            assert!((cell.values[0] - eq30(&m, &cell.kappa)).abs() < 1e-12);
        }
    }
}

#[test]
fn figure_2_values_of_cm4() {
    // Kozak et al. 2022, §4.2 (fig. 2): cm4 from 0.5833 at [1, 0] to 1 at [0, 1]; the dots.
    let c = named(&[("cm4", TABLE3[3].1)], Orientation::TrueRows);
    let h = heatmaps(&c, 10).unwrap();
    let at = |a: usize, b: usize| format!("{:.4}", h.grids[0][a][b]);
    assert_eq!(at(10, 0), "0.5833");
    assert_eq!(at(0, 10), "1.0000");
    for ((a, b), v) in [
        ((1, 3), "0.8083"),
        ((1, 8), "0.9333"),
        ((4, 4), "0.7833"),
        ((9, 1), "0.6250"),
        ((9, 8), "0.8000"),
    ] {
        assert_eq!(at(a, b), v);
    }
    assert_eq!(h.value_range().0, h.grids[0][10][0]);
}

#[test]
fn winner_map_of_cm4_and_cm8_splits_along_the_diagonal() {
    // Fig. 3: cm4 and its opposite cm8 — cm4 first where κ₁ > κ₀, cm8 where κ₀ > κ₁, a tie on
    // the diagonal (p-d(cm4) − p-d(cm8) = (5/12)(κ₁ − κ₀)).
    let c = named(
        &[("cm4", TABLE3[3].1), ("cm8", TABLE3[7].1)],
        Orientation::TrueRows,
    );
    let h = heatmaps(&c, 20).unwrap();
    for i in 0..=20 {
        for j in 0..=20 {
            let want = match j.cmp(&i) {
                std::cmp::Ordering::Greater => vec![0],
                std::cmp::Ordering::Less => vec![1],
                std::cmp::Ordering::Equal => vec![0, 1],
            };
            assert_eq!(h.cell(i, j).unwrap().winners, want, "({i}, {j})");
        }
    }
    let s = h.first_shares();
    assert!((s[0] - 0.5).abs() < 1e-12 && (s[1] - 0.5).abs() < 1e-12);
}

#[test]
fn heatmap_work_is_bounded() {
    let one = ("A", "3,1;1,3");
    let c = named(&vec![one; 50], Orientation::OutputRows);
    // 50 classifiers at step 0.005: 201² · 50 = 2 020 050 cells > 10⁶.
    assert!(matches!(
        heatmaps(&c, 200),
        Err(PdError::TooMuchWork { max: MAX_CELLS, .. })
    ));
    assert!(heatmaps(&c, 100).is_ok());
    let three = named(&[("T4", "40,7,3;8,10,2;9,1,20")], Orientation::TrueRows);
    assert!(matches!(
        heatmaps(&three, 10),
        Err(PdError::NotTwoClasses { found: 3 })
    ));
    assert!(heatmaps(&c, 9).is_err());
}

// ---- 3. more classes -----------------------------------------------------------------------

#[test]
fn grid_in_chunks_equals_the_cores_full_enumeration() {
    // Table 4's matrix and two variants, grid {0, 0.1, …, 1}³ = 1331 vectors (full).
    let c = named(
        &[
            ("T4", "40,7,3;8,10,2;9,1,20"),
            ("U", "30,17,3;3,15,2;9,1,20"),
            ("V", "40,7,3;8,10,2;9,1,20"),
        ],
        Orientation::TrueRows,
    );
    let values: Vec<f64> = (0..=10).map(|i| i as f64 / 10.0).collect();
    let s = GridSettings {
        values: values.clone(),
        bins: 20,
        seed: 1,
    };
    let plan = GridPlan::new(&c, &s).unwrap();
    assert_eq!(plan.sampling(), Sampling::Full { vectors: 1331 });
    let r = plan.run();
    let core = grid_analysis(c.matrices(), &values, 20).unwrap();
    assert_eq!(r.analysis.histograms, core.histograms);
    assert_eq!(r.analysis.first_share, core.first_share);
    // T4 and V are the same matrix: they tie everywhere they lead, each "first in a tie".
    assert_eq!(r.first_alone[0], 0.0);
    assert_eq!(r.first_tied[0], r.first_tied[2]);
    let total: f64 = r.first_share().iter().sum();
    assert!((total - 1.0).abs() < 1e-12);
    // Every vector by hand: the mean of eq. 30 over the grid.
    let m = rows_of(&c.matrices()[1]);
    let mut sum = 0.0;
    for a in &values {
        for b in &values {
            for d in &values {
                sum += eq30(&m, &[*a, *b, *d]);
            }
        }
    }
    assert!((r.analysis.mean[1] - sum / 1331.0).abs() < 1e-12);
}

#[test]
fn random_vectors_estimate_the_full_grid_and_say_so() {
    // 7 classes × 6 values = 279 936 vectors > 10⁵: random vectors of the grid.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let cms: Vec<ConfusionMatrix> = (0..3)
        .map(|_| {
            let d: Vec<f64> = (0..49)
                .map(|_| rng.random_range(0..20) as f64 + 1.0)
                .collect();
            ConfusionMatrix::from_counts(Matrix::new(7, 7, d).unwrap()).unwrap()
        })
        .collect();
    let c = Classifiers::new(vec!["a".into(), "b".into(), "c".into()], cms).unwrap();
    let values = vec![0.0, 0.2, 0.4, 0.6, 0.8, 1.0];
    let s = GridSettings {
        values: values.clone(),
        bins: 10,
        seed: 9,
    };
    let plan = GridPlan::new(&c, &s).unwrap();
    assert!(matches!(
        plan.sampling(),
        Sampling::Random {
            vectors: 100_000,
            ..
        }
    ));
    assert!(plan.note().contains("drawn at random"), "{}", plan.note());
    let r = plan.run();
    assert_eq!(r.analysis.vectors, 100_000);
    // Same seed, same numbers, in any chunk order.
    let mut t = plan.empty_tally();
    for k in (0..plan.chunks()).rev() {
        t.merge(&plan.run_chunk(k));
    }
    assert_eq!(plan.finish(&t).analysis.histograms, r.analysis.histograms);
    // Against every vector of the grid (the core enumerates up to 4·10⁶): within 5 binomial
    // standard errors.
    let full = grid_analysis(c.matrices(), &values, 10).unwrap();
    for m in 0..3 {
        let f = full.first_share[m];
        let se = (f * (1.0 - f) / 1e5).sqrt().max(1e-6);
        assert!(
            (r.first_share()[m] - f).abs() < 5.0 * se,
            "{m}: {} vs {f}",
            r.first_share()[m]
        );
        assert!((r.analysis.mean[m] - full.mean[m]).abs() < 0.002);
    }
}

// ---- 4. the κ at which p-d equals F1 -------------------------------------------------------

#[test]
fn kappa_for_f1_hand_example() {
    // Rows = output [[9, 3], [1, 7]]: precisions 3/4 and 7/8, recalls 9/10 and 7/10;
    // P = 13/16, R = 4/5, F1 = 2PR/(P + R) = (2·13/16·4/5)/(13/16 + 4/5) = 104/129.
    let cm = ConfusionMatrix::parse("9,3;1,7", Orientation::OutputRows).unwrap();
    let f1 = 104.0 / 129.0;
    let KappaForF1::Found {
        f1: reported,
        target,
        convention,
        uniform,
        nearest,
    } = kappa_for_f1(&cm, Some(&[0.5, 0.5])).unwrap()
    else {
        panic!("no κ")
    };
    assert_eq!(convention, F1Convention::Defined);
    assert!((reported.value().unwrap() - f1).abs() < 1e-12 && (target - f1).abs() < 1e-12);
    // On the diagonal: R + t(P − R) = F1 ⇒ t = (104/129 − 4/5)/(13/16 − 4/5) = 64/129.
    assert!((uniform - 64.0 / 129.0).abs() < 1e-12);
    // Nearest [0.5, 0.5]: p-d = 0.8 + (−0.075κ₀ + 0.0875κ₁); at [0.5, 0.5] it is 0.80625, and
    // F1 − 0.80625 = −0.00004845…; the step is along the slopes s = (−0.075, 0.0875):
    // λ = Δ/|s|², κ = [0.5, 0.5] + λs.
    let s = [-0.075, 0.0875];
    let lambda = (f1 - 0.80625) / (s[0] * s[0] + s[1] * s[1]);
    assert!((nearest[0] - (0.5 + lambda * s[0])).abs() < 1e-9);
    assert!((nearest[1] - (0.5 + lambda * s[1])).abs() < 1e-9);
    assert!((eq30(&rows_of(&cm), &nearest) - f1).abs() < 1e-12);
}

#[test]
fn paper_f1_counterparts_hold_for_the_reconstructed_matrices() {
    for (name, k) in F1_COUNTERPARTS {
        let m = TABLE3.iter().find(|(n, _)| *n == name).unwrap().1;
        let cm = ConfusionMatrix::parse(m, Orientation::TrueRows).unwrap();
        let KappaForF1::Found {
            target,
            uniform,
            nearest,
            convention,
            ..
        } = kappa_for_f1(&cm, None).unwrap()
        else {
            panic!("{name}: none")
        };
        // The paper's κ (3 decimals) gives p-d = F1 within the rounding of κ.
        let at_paper = eq30(&rows_of(&cm), &k);
        assert!(
            (at_paper - target).abs() < 1.5e-3,
            "{name}: {at_paper} vs {target}"
        );
        // Ours give it exactly.
        assert!(
            (eq30(&rows_of(&cm), &[uniform, uniform]) - target).abs() < 1e-9,
            "{name}"
        );
        assert!(
            (eq30(&rows_of(&cm), &nearest) - target).abs() < 1e-9,
            "{name}"
        );
        // cm9 never outputs class 2: F1 is undefined, solved with 0/0 as 0 (= 1/3, Table 3).
        if name == "cm9" {
            assert_eq!(convention, F1Convention::ZeroForUndefined);
            assert!((target - 1.0 / 3.0).abs() < 1e-12);
        } else {
            assert_eq!(convention, F1Convention::Defined, "{name}");
        }
    }
    // "None": nothing is ever classified right, F1 = 0/0 even with 0/0 as 0.
    let cm = ConfusionMatrix::parse("0,5;5,0", Orientation::OutputRows).unwrap();
    let r = kappa_for_f1(&cm, None).unwrap();
    assert!(matches!(r, KappaForF1::None { .. }));
    assert!(
        r.sentence().starts_with("none: F1 is undefined"),
        "{}",
        r.sentence()
    );
}
