//! A question holding decided classifiers ([`QuestionConfig::decided`], decision × class
//! counts with extra decisions such as "refer"): their point yields, their posterior means,
//! the draws of the other classifiers left as they were, P(best) over all of them, the checks
//! and the worker's JSON.

use ulab_core::mc::question::{QuestionConfig, question, question_chunk};
use ulab_core::mc::settle::{Settle, SettleSearch, items_to_settle};
use ulab_core::mc::sure::sure;
use ulab_core::{ConfusionMatrix, CoreError, DecisionCounts, Matrix, Orientation, UtilityMatrix};

/// The factory's utilities (Dyrland et al. 2022, §0) and "refer" at a cost.
const REFER_U: &str = "15,-335;-35,165;-5,-20";
const A: &str = "27,15;23,35";
const B: &str = "43,18;7,32";
/// Refers 40 of 100 components.
const D: &str = "27,15;13,5;10,30";
/// Refers few, of a larger test set.
const E: &str = "120,20;40,150;40,30";

fn cm(s: &str) -> ConfusionMatrix {
    ConfusionMatrix::parse(s, Orientation::OutputRows).unwrap()
}

fn dc(s: &str) -> DecisionCounts {
    DecisionCounts::new(Matrix::parse(s).unwrap()).unwrap()
}

fn refer_question(draws: u64) -> QuestionConfig {
    let mut q =
        QuestionConfig::how_sure(UtilityMatrix::parse(REFER_U).unwrap(), vec![cm(A), cm(B)]);
    q.decided = vec![dc(D), dc(E)];
    q.draws = draws;
    q
}

/// The draws of every chunk of `q`, per classifier.
fn yields(q: &QuestionConfig) -> Vec<Vec<f64>> {
    let mut out = vec![Vec::new(); q.n_classifiers()];
    for k in 0..q.chunks() {
        for (o, y) in out.iter_mut().zip(question_chunk(q, k).unwrap().yields) {
            o.extend(y);
        }
    }
    out
}

#[test]
fn decided_point_yields_are_the_yields_of_their_decisions() {
    let mut q = refer_question(100);
    let u = q.utility.clone();
    for (k, d) in [(2, D), (3, E)] {
        assert_eq!(
            q.point_yield(k).unwrap(),
            u.yield_of_decisions(&dc(d)).unwrap()
        );
    }
    // (27·15 − 15·335 − 13·35 + 5·165 − 10·5 − 30·20) / 100
    assert!((q.point_yield(2).unwrap() + 49.0).abs() < 1e-12);
    assert!(q.point_yield(4).is_err());
    let pi = [0.3, 0.7];
    q.prevalence = Some(pi.to_vec());
    for (k, d) in [(2, D), (3, E)] {
        let want = u.yield_of_decisions(&dc(d).reweight(&pi).unwrap()).unwrap();
        assert_eq!(q.point_yield(k).unwrap(), want);
    }
    // The summaries show them, after the others.
    let s = sure(&q).unwrap();
    assert_eq!(s.yields.len(), 4);
    assert_eq!(s.yields[3].point, q.point_yield(3).unwrap());
    assert_eq!(s.yields[0].point, q.point_yield(0).unwrap());
}

/// `Σ_j π_j Σ_d U_dj (M_dj + α) / Σ_d (M_dj + α)`, or without shares
/// `Σ_dj U_dj (M_dj + α) / Σ_dj (M_dj + α)`: the posterior mean yield.
fn exact_mean(u: &UtilityMatrix, m: &DecisionCounts, alpha: f64, pi: Option<&[f64]>) -> f64 {
    let (nd, n) = (m.n_decisions(), m.n());
    let w = |d: usize, j: usize| m.get(d, j) + alpha;
    match pi {
        None => {
            let cells = (0..nd).flat_map(|d| (0..n).map(move |j| (d, j)));
            let num: f64 = cells.clone().map(|(d, j)| u.get(d, j) * w(d, j)).sum();
            num / cells.map(|(d, j)| w(d, j)).sum::<f64>()
        }
        Some(pi) => (0..n)
            .map(|j| {
                let num: f64 = (0..nd).map(|d| u.get(d, j) * w(d, j)).sum();
                pi[j] * num / (0..nd).map(|d| w(d, j)).sum::<f64>()
            })
            .sum(),
    }
}

#[test]
fn decided_draws_have_the_dirichlet_posterior_mean() {
    let base = refer_question(20_000);
    for (sigma, pi) in [
        (0.0, None),
        (0.1, None),
        (0.0, Some(vec![0.2, 0.8])),
        (0.1, Some(vec![0.6, 0.4])),
    ] {
        let q = QuestionConfig {
            sigma,
            prevalence: pi.clone(),
            ..base.clone()
        };
        let r = question(&q, |_, _| {}).unwrap();
        for (k, d) in [(2, D), (3, E)] {
            let want = exact_mean(&q.utility, &dc(d), q.alpha, pi.as_deref());
            let y = &r.yields[k];
            let se = y.sd / (q.draws as f64).sqrt();
            assert!(
                (y.mean - want).abs() < 4.0 * se,
                "σ {sigma}, π {pi:?}, {d}: mean {} ± {se}, exact {want}",
                y.mean
            );
        }
    }
}

#[test]
fn the_noise_reaches_every_decision_row() {
    // A decided classifier that only refers (α = 0: no weight elsewhere): without noise its
    // yield varies only by the Beta(50, 50) split between −5 and −20 (sd ≈ 0.75); with σ = 0.1
    // the refer row's own noise, sd 500·0.1 per cell, dominates (sd ≈ 35).
    let mut q = refer_question(8000);
    (q.alpha, q.decided) = (0.0, vec![dc("0,0;0,0;50,50")]);
    let r0 = question(&q, |_, _| {}).unwrap();
    assert!(r0.yields[2].sd < 2.0, "{}", r0.yields[2].sd);
    let r = question(&QuestionConfig { sigma: 0.1, ..q }, |_, _| {}).unwrap();
    assert!(r.yields[2].sd > 20.0, "{}", r.yields[2].sd);
}

#[test]
fn decided_classifiers_leave_the_others_draws_unchanged() {
    let without = QuestionConfig {
        draws: 5000,
        decided: Vec::new(),
        ..refer_question(0)
    };
    for (sigma, pi, remap) in [
        (0.0, None, None),
        (0.2, None, None),
        (0.2, Some(vec![0.3, 0.7]), None),
        (0.2, None, Some(vec![vec![0, 2], vec![1, 1]])),
    ] {
        let without = QuestionConfig {
            sigma,
            prevalence: pi,
            remap,
            ..without.clone()
        };
        let with = QuestionConfig {
            decided: vec![dc(D), dc(E)],
            ..without.clone()
        };
        let (a, b) = (yields(&without), yields(&with));
        assert_eq!(b.len(), 4);
        assert_eq!(a[..], b[..2], "σ {sigma}");
    }
}

#[test]
fn a_square_decided_classifier_draws_as_the_same_confusion_matrix() {
    // From a stream of its own: the same distribution, not the same draws.
    let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
    for (sigma, pi) in [(0.0, None), (0.1, Some(vec![0.4, 0.6]))] {
        let mut plain = QuestionConfig::how_sure(u.clone(), vec![cm(A), cm(B)]);
        (plain.sigma, plain.prevalence, plain.draws) = (sigma, pi, 20_000);
        let decided = QuestionConfig {
            classifiers: vec![cm(A)],
            decided: vec![DecisionCounts::from_confusion(&cm(B))],
            ..plain.clone()
        };
        let (p, d) = (
            question(&plain, |_, _| {}).unwrap(),
            question(&decided, |_, _| {}).unwrap(),
        );
        assert_eq!(p.yields[1].point, d.yields[1].point);
        let se = |r: &ulab_core::mc::question::QuestionResult| r.yields[1].sd / 20_000f64.sqrt();
        let gap = (p.yields[1].mean - d.yields[1].mean).abs();
        assert!(gap < 4.0 * se(&p).hypot(se(&d)), "σ {sigma}: {gap}");
        let gap = (p.p_best[0] - d.p_best[0]).abs();
        assert!(
            gap < 4.0 * p.p_best_se[0].hypot(d.p_best_se[0]),
            "σ {sigma}: {gap}"
        );
        assert_ne!(p.yields[1], d.yields[1]);
    }
}

#[test]
fn p_best_covers_every_classifier_decided_ones_too() {
    let q = refer_question(4000);
    let s = sure(&q).unwrap();
    assert_eq!((s.p_best.len(), s.p_best_se.len()), (4, 4));
    assert!((s.p_best.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // E refers the uncertain cases at a small cost: it beats A and B in nearly every draw.
    assert!(s.p_best[3] > 0.9, "{:?}", s.p_best);
    let r = question(&q, |_, _| {}).unwrap();
    assert_eq!(r.yields.len(), 4);
    assert!((r.p_best.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert!(
        r.yields
            .iter()
            .all(|y| y.histogram.iter().sum::<u64>() == 4000)
    );
    // Only decided classifiers.
    let only = QuestionConfig {
        classifiers: Vec::new(),
        ..q.clone()
    };
    only.validate().unwrap();
    let s = sure(&only).unwrap();
    assert_eq!(s.p_best.len(), 2);
    assert!((s.p_best.iter().sum::<f64>() - 1.0).abs() < 1e-12);
}

#[test]
fn settling_counts_the_decided_classifiers() {
    let mut q = refer_question(2000);
    q.classifiers = vec![cm(A)];
    q.decided = vec![dc(D)];
    let search = SettleSearch::new(&q, &sure(&q).unwrap()).unwrap();
    let at = search.config_at(1000).unwrap();
    assert_eq!(at.decided[0].counts().to_string(), "270,150;130,50;100,300");
    // A (3.5 €/item) against D (−49): settled already.
    let s = items_to_settle(&q, &sure(&q).unwrap()).unwrap();
    assert_eq!((s.classifier, s.settle), (0, Settle::AlreadySettled));
    // D against itself: never.
    q.classifiers.clear();
    q.decided = vec![dc(D), dc(D)];
    let s = items_to_settle(&q, &sure(&q).unwrap()).unwrap();
    assert_eq!(s.settle, Settle::Never);
}

#[test]
fn decided_classifiers_are_checked() {
    let good = refer_question(1000);
    good.validate().unwrap();
    let err = |q: QuestionConfig| q.validate().unwrap_err();
    // Rows: the utility matrix's 3 decisions.
    let rows = QuestionConfig {
        decided: vec![dc("27,15;23,35")],
        ..good.clone()
    };
    let e = err(rows);
    assert!(matches!(e, CoreError::DimensionMismatch { .. }), "{e}");
    assert!(e.to_string().contains("3 decisions × 2 classes"), "{e}");
    assert!(e.to_string().contains("found 2 decisions"), "{e}");
    // Columns: 2 classes.
    let cols = QuestionConfig {
        decided: vec![dc("1,2,3;4,5,6;7,8,9")],
        ..good.clone()
    };
    assert!(
        err(cols)
            .to_string()
            .contains("found 3 decisions × 3 classes")
    );
    // A deployment share on a class a decided classifier never saw.
    let absent = QuestionConfig {
        decided: vec![dc(D), dc("5,0;5,0;5,0")],
        prevalence: Some(vec![0.5, 0.5]),
        ..good.clone()
    };
    assert_eq!(err(absent.clone()), CoreError::AbsentClass { class: 1 });
    let zero = QuestionConfig {
        prevalence: Some(vec![1.0, 0.0]),
        ..absent
    };
    zero.validate().unwrap();
    // No classifier at all.
    let none = QuestionConfig {
        classifiers: Vec::new(),
        decided: Vec::new(),
        ..good.clone()
    };
    assert!(matches!(err(none), CoreError::TooSmall { .. }));
    // A remap covers the classifiers only.
    let remap = QuestionConfig {
        remap: Some(vec![vec![0, 2], vec![1, 1]]),
        ..good.clone()
    };
    remap.validate().unwrap();
    let too_many = QuestionConfig {
        remap: Some(vec![vec![0, 1]; 4]),
        ..good.clone()
    };
    assert!(matches!(err(too_many), CoreError::LengthMismatch { .. }));
    // Draws × K: 4 classifiers of 2.6 million draws exceed 10⁷, 2 would not.
    let many = QuestionConfig {
        draws: 2_600_000,
        ..good.clone()
    };
    assert!(matches!(
        err(many.clone()),
        CoreError::InvalidParameter { name: "draws", .. }
    ));
    QuestionConfig {
        decided: Vec::new(),
        ..many
    }
    .validate()
    .unwrap();
}

#[test]
fn the_worker_message_without_decided_still_reads() {
    let mut q = refer_question(100);
    q.decided.clear();
    let json = serde_json::to_string(&q).unwrap();
    assert!(!json.contains("decided"), "{json}");
    let back: QuestionConfig = serde_json::from_str(&json).unwrap();
    assert!(back.decided.is_empty());
    assert_eq!(back, q);
    // With decided classifiers: written and read back.
    let q = refer_question(100);
    let json = serde_json::to_string(&q).unwrap();
    let back: QuestionConfig = serde_json::from_str(&json).unwrap();
    assert_eq!(back, q);
    // Decided counts the question cannot use are refused when read.
    let bad = json.replace(
        r#"{"values":{"rows":3,"cols":2,"data":[27.0,15.0,13.0,5.0,10.0,30.0]},"total":100.0}"#,
        r#"{"values":{"rows":2,"cols":2,"data":[27.0,15.0,13.0,5.0]},"total":60.0}"#,
    );
    assert_ne!(bad, json, "{json}");
    assert!(serde_json::from_str::<QuestionConfig>(&bad).is_err());
}
