//! The user's own question: P(best) and yield distributions under uncertain utilities and
//! finite test sets.

use utility_lab::core::mc::question::{
    QUESTION_CHUNK, QuestionConfig, QuestionTally, question, question_chunk, question_summary,
};
use utility_lab::core::{ConfusionMatrix, Matrix, Orientation, UtilityMatrix};

fn cm(s: &str) -> ConfusionMatrix {
    ConfusionMatrix::parse(s, Orientation::OutputRows).unwrap()
}

fn config(u: &str, cms: &[&str]) -> QuestionConfig {
    QuestionConfig::new(
        UtilityMatrix::parse(u).unwrap(),
        cms.iter().map(|s| cm(s)).collect(),
    )
}

#[test]
fn dominant_classifier_with_huge_counts_is_surely_best() {
    let mut q = config(
        "1,0;0,1",
        &["900000,100000;100000,900000", "600000,400000;400000,600000"],
    );
    q.sigma = 0.1;
    q.draws = 20_000;
    let r = question(&q, |_, _| {}).unwrap();
    assert_eq!(r.p_best, vec![1.0, 0.0]);
    assert_eq!(r.p_best_se, vec![0.0, 0.0]);
    // Posterior yields concentrate on the point yields (0.9 and 0.6 of accuracy's identity,
    // here with the noise σ on the utilities: mean unchanged, sd ≈ σ·√(Σ C²)).
    assert!((r.yields[0].point - 0.9).abs() < 1e-12);
    assert!(
        (r.yields[0].mean - 0.9).abs() < 0.005,
        "{}",
        r.yields[0].mean
    );
    assert!(
        (r.yields[1].mean - 0.6).abs() < 0.005,
        "{}",
        r.yields[1].mean
    );
    let expect_sd = 0.1 * (2.0 * 0.45f64.powi(2) + 2.0 * 0.05f64.powi(2)).sqrt();
    assert!(
        (r.yields[0].sd - expect_sd).abs() < 0.05 * expect_sd,
        "{} vs {expect_sd}",
        r.yields[0].sd
    );
}

#[test]
fn identical_classifiers_split_evenly() {
    let mut q = config("15,-335;-35,165", &["27,15;23,35", "27,15;23,35"]);
    q.draws = 40_000;
    let r = question(&q, |_, _| {}).unwrap();
    for k in 0..2 {
        assert!(
            (r.p_best[k] - 0.5).abs() < 4.0 * r.p_best_se[k],
            "{:?}",
            r.p_best
        );
    }
    assert!((r.p_best[0] + r.p_best[1] - 1.0).abs() < 1e-12);
    // Same distributions: means within 4 combined standard errors.
    let se = (r.yields[0].sd.powi(2) + r.yields[1].sd.powi(2)).sqrt() / (q.draws as f64).sqrt();
    assert!((r.yields[0].mean - r.yields[1].mean).abs() < 4.0 * se);
}

#[test]
fn three_way_ties_split_in_thirds() {
    // σ = 0, α = 0 and counts only in cell (0, 0): every draw puts all the mass there, every
    // yield is exactly U00 = 2, and every draw is a three-way tie.
    let mut q = config("2,2;2,3", &["5,0;0,0", "7,0;0,0", "1,0;0,0"]);
    q.sigma = 0.0;
    q.alpha = 0.0;
    q.draws = 3000;
    let r = question(&q, |_, _| {}).unwrap();
    for p in &r.p_best {
        assert!((p - 1.0 / 3.0).abs() < 1e-12, "{:?}", r.p_best);
    }
    assert!(r.yields.iter().all(|y| y.mean == 2.0 && y.sd == 0.0));
    // With α = 1 the draws spread over the four cells: no more ties, and the classifier with
    // the fewest counts (most pseudo-count mass on the best cell, U11 = 3) wins most often.
    q.alpha = 1.0;
    let r = question(&q, |_, _| {}).unwrap();
    assert!(r.p_best.iter().all(|p| (p - 1.0 / 3.0).abs() > 0.01));
    assert!(r.p_best[2] > r.p_best[0] && r.p_best[0] > r.p_best[1]);
}

#[test]
fn posterior_mean_yield_is_the_dirichlet_mean() {
    // σ = 0: E[yield] = Σ U_ij (M_ij + α)/(N + n²α) exactly (Dirichlet mean).
    let mut q = config("15,-335;-35,165", &["27,15;23,35"]);
    q.sigma = 0.0;
    q.alpha = 1.0;
    q.draws = 50_000;
    let r = question(&q, |_, _| {}).unwrap();
    let m = [27.0, 15.0, 23.0, 35.0];
    let u = [15.0, -335.0, -35.0, 165.0];
    let expect: f64 = m.iter().zip(u).map(|(m, u)| u * (m + 1.0) / 104.0).sum();
    let y = &r.yields[0];
    assert!(
        (y.mean - expect).abs() < 5.0 * y.sd / (q.draws as f64).sqrt(),
        "{} vs {expect}",
        y.mean
    );
    // Quantiles are ordered and bracket the mean; the histogram counts every draw.
    assert!(y.quantiles.windows(2).all(|w| w[0] <= w[1]));
    assert!(y.quantiles[0] < y.mean && y.mean < y.quantiles[4]);
    assert_eq!(y.histogram.iter().sum::<u64>(), q.draws);
    assert_eq!(r.bin_edges.len(), q.bins + 1);
    assert!(r.bin_edges.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn utility_noise_widens_the_yield_distribution() {
    let base = config("15,-335;-35,165", &["27,15;23,35", "43,18;7,32"]);
    let mut q0 = base.clone();
    q0.sigma = 0.0;
    let mut q1 = base;
    q1.sigma = 0.2;
    let (r0, r1) = (
        question(&q0, |_, _| {}).unwrap(),
        question(&q1, |_, _| {}).unwrap(),
    );
    for k in 0..2 {
        assert!(r1.yields[k].sd > r0.yields[k].sd * 1.2);
    }
}

#[test]
fn rectangular_utility_and_many_classes() {
    // 3 decisions (an extra "refer to an expert" row, unused by the classifiers), 2 classes.
    let mut q = config("10,-50;-20,5;0,0", &["40,5;10,45", "45,10;5,40"]);
    q.draws = 5000;
    let r = question(&q, |_, _| {}).unwrap();
    assert!((r.p_best.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // 5 classes.
    let n = 5;
    let mut id = vec![0.0; n * n];
    let mut a = vec![2.0; n * n];
    let mut b = vec![2.0; n * n];
    for i in 0..n {
        id[i * n + i] = 1.0;
        a[i * n + i] = 80.0;
        b[i * n + i] = 30.0;
    }
    let q = QuestionConfig {
        draws: 4000,
        ..QuestionConfig::new(
            UtilityMatrix::new(Matrix::new(n, n, id).unwrap()).unwrap(),
            vec![
                ConfusionMatrix::from_counts(Matrix::new(n, n, a).unwrap()).unwrap(),
                ConfusionMatrix::from_counts(Matrix::new(n, n, b).unwrap()).unwrap(),
            ],
        )
    };
    let r = question(&q, |_, _| {}).unwrap();
    // Accuracies 400/440 = 0.91 and 150/190 = 0.79, posterior sds ≈ 0.014 and 0.03.
    assert!(r.p_best[0] > 0.99, "{:?}", r.p_best);
}

#[test]
fn chunks_merge_to_the_same_answer() {
    let mut q = config(
        "15,-335;-35,165",
        &["27,15;23,35", "43,18;7,32", "30,10;20,40"],
    );
    q.draws = 3 * QUESTION_CHUNK + 17;
    let whole = question(&q, |_, _| {}).unwrap();
    let mut t = QuestionTally::default();
    for k in 0..q.chunks() {
        t.merge(&question_chunk(&q, k).unwrap());
    }
    assert_eq!(question_summary(&q, &t).unwrap(), whole);
    let t2: QuestionTally = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
    assert_eq!(t2.draws, t.draws);
    assert!(question_chunk(&q, q.chunks()).is_err());
}

#[test]
fn bad_questions_are_errors() {
    let good = config("1,0;0,1", &["5,5;5,5"]);
    assert!(good.validate().is_ok());
    let mut q = good.clone();
    q.classifiers.clear();
    assert!(question(&q, |_, _| {}).is_err());
    let mut q = good.clone();
    q.classifiers = vec![cm("1,2,3;4,5,6;7,8,9")];
    assert!(question(&q, |_, _| {}).is_err());
    for (sigma, alpha) in [
        (-0.1, 1.0),
        (f64::NAN, 1.0),
        (0.1, -1.0),
        (0.1, f64::INFINITY),
    ] {
        let mut q = good.clone();
        q.sigma = sigma;
        q.alpha = alpha;
        assert!(question(&q, |_, _| {}).is_err());
    }
    let mut q = good.clone();
    q.draws = 0;
    assert!(question(&q, |_, _| {}).is_err());
    let mut q = good.clone();
    q.bins = 0;
    assert!(question(&q, |_, _| {}).is_err());
    let mut q = good;
    q.utility = UtilityMatrix::parse("3,3;3,3").unwrap();
    assert!(question(&q, |_, _| {}).is_err());
}
