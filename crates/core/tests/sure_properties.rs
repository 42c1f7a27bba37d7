//! Properties of "how sure" (P(best), yield intervals, items to settle) that hold whatever the
//! numbers: probabilities that sum to 1, intervals that shrink with more items, even splits
//! between identical classifiers, deployment shares, seeds, slices, and the search's answers.

use ulab_core::mc::question::{
    QUESTION_CHUNK, QuestionConfig, QuestionSlices, QuestionTally, question_chunk,
};
use ulab_core::mc::settle::{
    SETTLE_CAP, Settle, SettleSearch, SettleStep, items_to_settle, settle_wins,
};
use ulab_core::mc::sure::{sure, sure_summary};
use ulab_core::{ConfusionMatrix, CoreError, Matrix, Orientation, UtilityMatrix};

const FACTORY_U: &str = "15,-335;-35,165";
const A: &str = "27,15;23,35";
const B: &str = "43,18;7,32";
const THREE_U: &str = "10,-5,-20;-2,8,-10;-15,-5,12";
const X: &str = "50,8,5;6,40,10;4,12,65"; // class shares 0.3, 0.3, 0.4 (all three)
const Y: &str = "44,6,3;10,48,9;6,6,68";
const Z: &str = "58,12,8;2,36,12;0,12,60";

fn cm(s: &str) -> ConfusionMatrix {
    ConfusionMatrix::parse(s, Orientation::OutputRows).unwrap()
}

fn scaled(s: &str, f: f64) -> ConfusionMatrix {
    ConfusionMatrix::from_counts(cm(s).counts().map(|v| v * f).unwrap()).unwrap()
}

fn question(u: &str, cms: Vec<ConfusionMatrix>, draws: u64) -> QuestionConfig {
    let mut q = QuestionConfig::how_sure(UtilityMatrix::parse(u).unwrap(), cms);
    q.draws = draws;
    q
}

/// A small pseudo-random generator for the made-up cases (not the Monte Carlo's).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, m: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % m
    }
}

/// Random questions: 2–4 classes, 1–4 classifiers, counts 0–30 (some all-zero rows), α of
/// 0, 0.5 or 1, σ of 0 or 0.1, and deployment shares half the time.
fn random_questions(count: usize) -> Vec<QuestionConfig> {
    let mut g = Lcg(2026);
    (0..count)
        .map(|_| {
            let n = 2 + g.below(3) as usize;
            let u: Vec<f64> = (0..n * n).map(|_| g.below(41) as f64 - 20.0).collect();
            let mut u = Matrix::new(n, n, u).unwrap();
            if u.max() == u.min() {
                u = Matrix::identity(n).unwrap();
            }
            let cms = (0..1 + g.below(4))
                .map(|_| {
                    let m: Vec<f64> = (0..n * n)
                        .map(|k| (k / n == k % n) as u64 as f64 + g.below(31) as f64)
                        .collect();
                    ConfusionMatrix::from_counts(Matrix::new(n, n, m).unwrap()).unwrap()
                })
                .collect();
            let mut q = QuestionConfig::how_sure(UtilityMatrix::new(u).unwrap(), cms);
            q.draws = 500 + g.below(5000);
            q.alpha = [0.0, 0.5, 1.0][g.below(3) as usize];
            q.sigma = [0.0, 0.1][g.below(2) as usize];
            q.seed = g.below(1000);
            if g.below(2) == 0 {
                let w: Vec<f64> = (0..n).map(|_| 1.0 + g.below(9) as f64).collect();
                let s: f64 = w.iter().sum();
                q.prevalence = Some(w.iter().map(|v| v / s).collect());
            }
            q
        })
        .collect()
}

#[test]
fn p_best_sums_to_one() {
    for q in random_questions(40) {
        let s = sure(&q).unwrap();
        let total: f64 = s.p_best.iter().sum();
        assert!((total - 1.0).abs() < 1e-9, "{total} for {q:?}");
        for (y, p) in s.yields.iter().zip(&s.p_best) {
            assert!((0.0..=1.0).contains(p));
            assert!(y.low <= y.mean && y.mean <= y.high, "{y:?}");
        }
    }
    // A degenerate tie (α = 0, every count in cell (0, 0)): three equal yields in every draw,
    // split in thirds.
    let mut q = question(
        "2,2;2,3",
        vec![cm("5,0;0,0"), cm("7,0;0,0"), cm("1,0;0,0")],
        999,
    );
    q.alpha = 0.0;
    let s = sure(&q).unwrap();
    assert!(s.p_best.iter().all(|p| (p - 1.0 / 3.0).abs() < 1e-12));
}

#[test]
fn more_items_shrink_the_interval() {
    for (u, cms) in [(FACTORY_U, [A, B].as_slice()), (THREE_U, &[X, Y, Z])] {
        let width = |f: f64| -> Vec<f64> {
            let q = question(u, cms.iter().map(|c| scaled(c, f)).collect(), 8000);
            sure(&q)
                .unwrap()
                .yields
                .iter()
                .map(|y| y.high - y.low)
                .collect()
        };
        let (w1, w10, w100) = (width(1.0), width(10.0), width(100.0));
        for k in 0..cms.len() {
            // The width falls as 1/√N: about 3.2 times per factor 10.
            assert!(
                w10[k] < w1[k] / 2.5 && w100[k] < w10[k] / 2.5,
                "{w1:?} {w10:?} {w100:?}"
            );
        }
    }
}

#[test]
fn identical_classifiers_split_p_best_evenly() {
    for (u, c, copies) in [(FACTORY_U, A, 2), (FACTORY_U, B, 3), (THREE_U, Z, 4)] {
        let q = question(u, vec![cm(c); copies], 40_000);
        let s = sure(&q).unwrap();
        let even = 1.0 / copies as f64;
        for (p, se) in s.p_best.iter().zip(&s.p_best_se) {
            assert!((p - even).abs() < 4.0 * se, "{:?}", s.p_best);
        }
        // ... and no number of test items would settle it.
        let a = items_to_settle(&q, &s).unwrap();
        assert_eq!(a.settle, Settle::Never);
    }
}

#[test]
fn deployment_shares_equal_to_the_test_shares_change_little() {
    // π = the test sets' own shares (0.3, 0.3, 0.4 for X, Y and Z). The yields of the counts do
    // not change; the posterior changes only in that the draws' class shares no longer vary
    // (each draw is re-weighted by its own shares: see mc::posterior), which removes a small
    // part of the yields' spread: P(best) moves by about 0.01 here (NumPy, 10⁶ draws: Y 0.609
    // → 0.619, Z 0.149 → 0.139), the means and quantiles by a few hundredths.
    let base = question(THREE_U, vec![cm(X), cm(Y), cm(Z)], 40_000);
    let same = QuestionConfig {
        prevalence: Some(vec![0.3, 0.3, 0.4]),
        ..base.clone()
    };
    let other = QuestionConfig {
        prevalence: Some(vec![0.2, 0.3, 0.5]),
        ..base.clone()
    };
    let (s0, s1, s2) = (
        sure(&base).unwrap(),
        sure(&same).unwrap(),
        sure(&other).unwrap(),
    );
    for k in 0..3 {
        let (p0, p1) = (s0.yields[k].point, s1.yields[k].point);
        assert!((p0 - p1).abs() < 1e-12 * p0.abs(), "{p0} {p1}");
        assert!(
            (s0.p_best[k] - s1.p_best[k]).abs() < 0.02,
            "{:?} {:?}",
            s0.p_best,
            s1.p_best
        );
        let half = (s0.yields[k].high - s0.yields[k].low) / 2.0;
        assert!((s0.yields[k].mean - s1.yields[k].mean).abs() < 0.02 * half);
        assert!((s0.yields[k].low - s1.yields[k].low).abs() < 0.05 * half);
        assert!((s0.yields[k].high - s1.yields[k].high).abs() < 0.05 * half);
    }
    // Other shares do change the answer (so the checks above can fail).
    assert!(
        (s0.p_best[1] - s2.p_best[1]).abs() > 0.1,
        "{:?} {:?}",
        s0.p_best,
        s2.p_best
    );
    assert!((s0.yields[2].point - s2.yields[2].point).abs() > 0.1);
}

#[test]
fn deployment_shares_are_applied_to_every_draw() {
    // Class 0 only (π = (1, 0, 0)): each draw's yield is Σ_i U_i0 · p(output i | class 0),
    // whose mean is the Dirichlet mean of column 0 alone, Σ_i U_i0 (M_i0 + α)/(N_0 + 3α).
    let q = QuestionConfig {
        prevalence: Some(vec![1.0, 0.0, 0.0]),
        ..question(THREE_U, vec![cm(X)], 50_000)
    };
    let s = sure(&q).unwrap();
    let expect = (10.0 * 51.0 - 2.0 * 7.0 - 15.0 * 5.0) / 63.0; // X's column 0: 50, 6, 4
    let sd = (s.yields[0].high - s.yields[0].low) / 3.29; // the 90 % interval ≈ ±1.645 sd
    assert!(
        (s.yields[0].mean - expect).abs() < 5.0 * sd / (q.draws as f64).sqrt(),
        "{} vs {expect}",
        s.yields[0].mean
    );
    assert!((s.yields[0].point - (10.0 * 50.0 - 2.0 * 6.0 - 15.0 * 4.0) / 60.0).abs() < 1e-12);
}

#[test]
fn seeded_runs_repeat_and_other_seeds_differ() {
    for q in random_questions(6) {
        assert_eq!(sure(&q).unwrap(), sure(&q).unwrap());
        let other = QuestionConfig {
            seed: q.seed + 1,
            ..q.clone()
        };
        if q.classifiers.len() > 1 {
            assert_ne!(sure(&q).unwrap().yields, sure(&other).unwrap().yields);
        }
    }
}

#[test]
fn slices_chunks_and_the_whole_agree() {
    for q in random_questions(8) {
        let mut t = QuestionTally::default();
        let mut sliced = QuestionTally::default();
        for k in 0..q.chunks() {
            t.merge(&question_chunk(&q, k).unwrap());
            let mut s = QuestionSlices::new(&q, k).unwrap();
            let mut steps = 0;
            while !s.step(77) {
                steps += 1;
            }
            assert!(s.is_done() && steps < QUESTION_CHUNK);
            sliced.merge(&s.into_tally());
        }
        assert_eq!(t, sliced);
        assert_eq!(sure_summary(&q, &t).unwrap(), sure(&q).unwrap());
    }
}

#[test]
fn the_worker_message_without_shares_still_reads() {
    // A question as the page sent it before deployment shares existed: no `prevalence` key.
    let q = question(FACTORY_U, vec![cm(A), cm(B)], 100);
    let json = serde_json::to_string(&q).unwrap();
    assert!(!json.contains("prevalence"));
    let back: QuestionConfig = serde_json::from_str(&json).unwrap();
    assert_eq!(back, q);
    let with = QuestionConfig {
        prevalence: Some(vec![0.25, 0.75]),
        ..q
    };
    let back: QuestionConfig =
        serde_json::from_str(&serde_json::to_string(&with).unwrap()).unwrap();
    assert_eq!(back, with);
    // Shares the question cannot use are refused when read.
    let bad = serde_json::to_string(&with).unwrap().replace("0.75", "0.5");
    assert!(serde_json::from_str::<QuestionConfig>(&bad).is_err());
}

#[test]
fn bad_settings_are_errors_not_panics() {
    let good = question(FACTORY_U, vec![cm(A), cm(B)], 1000);
    let cases: Vec<(QuestionConfig, &str)> = vec![
        (
            QuestionConfig {
                alpha: -1.0,
                ..good.clone()
            },
            "alpha",
        ),
        (
            QuestionConfig {
                alpha: f64::NAN,
                ..good.clone()
            },
            "alpha",
        ),
        (
            QuestionConfig {
                alpha: 1e9,
                ..good.clone()
            },
            "alpha",
        ),
        (
            QuestionConfig {
                draws: 0,
                ..good.clone()
            },
            "draws",
        ),
        (
            QuestionConfig {
                draws: 1 << 40,
                ..good.clone()
            },
            "draws",
        ),
        (
            QuestionConfig {
                prevalence: Some(vec![0.5]),
                ..good.clone()
            },
            "shares",
        ),
        (
            QuestionConfig {
                prevalence: Some(vec![0.5, 0.6]),
                ..good.clone()
            },
            "shares",
        ),
        (
            QuestionConfig {
                prevalence: Some(vec![f64::NAN, 1.0]),
                ..good.clone()
            },
            "shares",
        ),
    ];
    for (q, what) in cases {
        let e = sure(&q).unwrap_err().to_string();
        assert!(e.contains(what), "{what}: {e}");
        assert!(SettleSearch::new(&q, &sure(&good).unwrap()).is_err());
        assert!(settle_wins(&q, 0, 0..1).is_err());
    }
    // A class with no case in a test set cannot take a positive deployment share.
    let absent = QuestionConfig {
        prevalence: Some(vec![0.5, 0.5]),
        ..question(FACTORY_U, vec![cm("5,0;5,0"), cm(A)], 100)
    };
    assert_eq!(
        sure(&absent).unwrap_err(),
        CoreError::AbsentClass { class: 1 }
    );
    // ... but a zero share for it is fine.
    let zero = QuestionConfig {
        prevalence: Some(vec![1.0, 0.0]),
        ..absent
    };
    assert!(sure(&zero).is_ok());
    // A constant utility matrix is fine with σ = 0 (every yield equal: a tie), not with σ > 0.
    let flat = question("3,3;3,3", vec![cm(A), cm(B)], 100);
    assert_eq!(sure(&flat).unwrap().p_best, vec![0.5, 0.5]);
    assert!(sure(&QuestionConfig { sigma: 0.1, ..flat }).is_err());
    // The tally must fit the question; the search's own errors.
    let s = sure(&good).unwrap();
    assert!(sure_summary(&good, &QuestionTally::default()).is_err());
    let three = question(FACTORY_U, vec![cm(A), cm(B), cm(A)], 1000);
    assert!(SettleSearch::new(&three, &s).is_err());
    let search = SettleSearch::new(&good, &s).unwrap();
    assert!(search.config_at(0).is_err() && search.config_at(SETTLE_CAP + 1).is_err());
    assert!(search.config_at(SETTLE_CAP).is_ok());
    assert!(settle_wins(&good, 2, 0..1).is_err());
    assert!(settle_wins(&good, 0, 0..1001).is_err());
}

/// The leader's P(best) at `items` items, by the search's own draws.
fn p_at(search: &SettleSearch, items: u64) -> f64 {
    let at = search.config_at(items).unwrap();
    settle_wins(&at, search.leader(), 0..at.draws).unwrap() / at.draws as f64
}

#[test]
fn the_settled_size_is_where_p_best_crosses_095() {
    for (u, cms) in [(FACTORY_U, [A, B].as_slice()), (THREE_U, &[X, Y, Z])] {
        let q = question(u, cms.iter().map(|c| cm(c)).collect(), 4000);
        let s = sure(&q).unwrap();
        let search = SettleSearch::new(&q, &s).unwrap();
        let answer = items_to_settle(&q, &s).unwrap();
        assert_eq!(answer.classifier, s.leader());
        let Settle::Settled { items } = answer.settle else {
            panic!("{answer:?}")
        };
        // At the answer the leader is best with probability ≥ 0.95; 5 % fewer items fall
        // short (the search stops within 1 %).
        assert!(p_at(&search, items) >= 0.95);
        assert!(p_at(&search, items * 95 / 100) < 0.95);
        // The first guess (normal approximation) is within a factor 1.5.
        let g = search.guess() as f64;
        assert!(
            g > items as f64 / 1.5 && g < items as f64 * 1.5,
            "{g} vs {items}"
        );
        // Common random numbers: P(best) rises with the size, step by step.
        let ps: Vec<f64> = (1..=12).map(|k| p_at(&search, items * k / 6)).collect();
        assert!(ps.windows(2).all(|w| w[0] <= w[1] + 0.002), "{ps:?}");
    }
}

#[test]
fn already_settled_and_never() {
    // 10 000 items each: A is surely the best.
    let q = question(FACTORY_U, vec![scaled(A, 100.0), scaled(B, 100.0)], 4000);
    let s = sure(&q).unwrap();
    assert!(s.p_best[0] > 0.99);
    assert_eq!(
        items_to_settle(&q, &s).unwrap().settle,
        Settle::AlreadySettled
    );
    // B first: the answer is about A, the second.
    let q = question(FACTORY_U, vec![cm(B), cm(A)], 4000);
    let a = items_to_settle(&q, &sure(&q).unwrap()).unwrap();
    assert_eq!(a.classifier, 1);
    assert!(matches!(a.settle, Settle::Settled { items } if (2500..4000).contains(&items)));
    // Equal yields from different test sets (3.5 each: A, and A's proportions on 200
    // items): never settled.
    let q = question(FACTORY_U, vec![cm(A), cm("54,30;46,70"), cm(B)], 4000);
    assert_eq!(
        items_to_settle(&q, &sure(&q).unwrap()).unwrap().settle,
        Settle::Never
    );
    // With noisy utilities (σ = 0.2) the yields' difference stays uncertain however many
    // items: P(A best) tends to Φ(7/23) ≈ 0.62, never 0.95.
    let q = QuestionConfig {
        sigma: 0.2,
        ..question(FACTORY_U, vec![cm(A), cm(B)], 2000)
    };
    let s = sure(&q).unwrap();
    let mut search = SettleSearch::new(&q, &s).unwrap();
    let mut evaluations = 0;
    let answer = loop {
        match search.next() {
            SettleStep::Done(a) => break a,
            SettleStep::Evaluate { items } => {
                evaluations += 1;
                let p = p_at(&search, items);
                search.record(p);
            }
        }
    };
    assert_eq!((answer, evaluations), (Settle::Never, 3));
}

#[test]
fn a_leader_whose_counts_yield_less_is_never_settled() {
    // Yield = 10 × accuracy. C1 and C2: accuracy 0.5 on 100 000 items each (yield 5.00 ± 0.02);
    // D: accuracy 0.49 on 200 items (4.9 ± 0.35). D beats both in about 39 % of the draws, and
    // C1 and C2 share the rest: D is the leader, but more items can only show that its yield
    // is lower, so no number of items would make it best with probability 0.95.
    let c = "25000,25000;25000,25000";
    let q = question("10,0;0,10", vec![cm(c), cm(c), cm("49,51;51,49")], 8000);
    let s = sure(&q).unwrap();
    assert_eq!(s.leader(), 2, "{:?}", s.p_best);
    assert!(s.p_best[2] < 0.5);
    let a = items_to_settle(&q, &s).unwrap();
    assert_eq!((a.classifier, a.settle), (2, Settle::Never));
}

#[test]
fn remapped_classifiers_read_their_decisions_utilities() {
    // Output i taken as decision d(i): the identity map changes nothing, bit for bit (σ > 0
    // too: the noise is drawn over the same rows when the utility matrix is square).
    let base = QuestionConfig {
        sigma: 0.1,
        ..question(FACTORY_U, vec![cm(A), cm(B)], 3000)
    };
    let identity = QuestionConfig {
        remap: Some(vec![vec![0, 1], vec![0, 1]]),
        ..base.clone()
    };
    assert_eq!(sure(&base).unwrap(), sure(&identity).unwrap());
    // The factory's A remapped by Decide (every output to "short", decision 1) yields 65 on
    // its counts, as decision::remap says; its posterior mean is the Dirichlet mean of its
    // cells under the remapped utilities, Σ U_{d(i)j} (M_ij + 1)/(N + 4).
    let u = UtilityMatrix::parse(FACTORY_U).unwrap();
    let r = ulab_core::decision::remap(&cm(A), &u, 0.0, None).unwrap();
    assert_eq!(r.decisions, vec![1, 1]);
    let q = QuestionConfig {
        remap: Some(vec![r.decisions.clone(), vec![0, 1]]),
        ..question(FACTORY_U, vec![cm(A), cm(B)], 40_000)
    };
    let s = sure(&q).unwrap();
    assert!((s.yields[0].point - r.remapped_yield).abs() < 1e-12);
    assert!((s.yields[1].point + 3.5).abs() < 1e-12);
    let expect = (-35.0 * 28.0 + 165.0 * 16.0 - 35.0 * 24.0 + 165.0 * 36.0) / 104.0;
    let sd = (s.yields[0].high - s.yields[0].low) / 3.29;
    assert!(
        (s.yields[0].mean - expect).abs() < 5.0 * sd / 200.0,
        "{}",
        s.yields[0].mean
    );
    assert!(s.p_best[0] > 0.99);
    // A decision beyond the classes ("refer", a third row): every item referred yields 0.
    let refer = QuestionConfig {
        remap: Some(vec![vec![2, 2], vec![0, 1]]),
        sigma: 0.05,
        ..question("15,-335;-35,165;0,0", vec![cm(A), cm(B)], 2000)
    };
    let s = sure(&refer).unwrap();
    assert_eq!(s.yields[0].point, 0.0);
    assert!((s.p_best.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // Maps that do not fit are errors.
    for bad in [
        vec![vec![0, 1]],
        vec![vec![0, 1], vec![0]],
        vec![vec![0, 1], vec![0, 3]],
    ] {
        let q = QuestionConfig {
            remap: Some(bad),
            ..refer.clone()
        };
        assert!(sure(&q).is_err() && q.validate().is_err());
    }
}
