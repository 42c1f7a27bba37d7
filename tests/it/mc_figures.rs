//! The figure helpers: scatter of scores vs yields (figs 2–3), pair differences (fig. 6),
//! prior points (fig. 4), error extents (fig. 5).

use utility_lab::core::UtilityMatrix;
use utility_lab::core::mc::scatter::{
    error_points, metric_scatter, pair_differences, pair_differences_chunk, prior_points,
};
use utility_lab::core::mc::scores::{binary_scores, misranked};
use utility_lab::core::mc::{McConfig, Prior, Ranker, Tally, run, run_chunk};
use utility_lab::core::metrics::Metric;

fn u(s: &str) -> UtilityMatrix {
    UtilityMatrix::parse(s).unwrap()
}

#[test]
fn scatter_figs_2_and_3() {
    // Fig. 2 left: balanced classes, identity utilities: yield = accuracy.
    let s = metric_scatter(0.5, &u("1,0;0,1"), 2000, 1).unwrap();
    let series = |m: Metric| s.scores.iter().find(|x| x.metric == m).unwrap();
    assert_eq!(series(Metric::Accuracy).values, s.yields);
    assert!(series(Metric::Accuracy).misranked_pairs.is_empty());
    // ... and balanced accuracy is accuracy when p = 1/2.
    assert!(series(Metric::BalancedAccuracy).misranked_pairs.is_empty());
    // Recall is wrong on some pairs.
    assert!(!series(Metric::Recall).misranked_pairs.is_empty());
    // Fig. 3 right: 90 % of class 0, utilities [[1,0],[0,0]]: yield = p·TPR, so recall is
    // never wrong, and an affine image of the matrix changes nothing.
    let s = metric_scatter(0.9, &u("1,0;0,0"), 2000, 2).unwrap();
    let s2 = metric_scatter(0.9, &u("7,3;3,3"), 2000, 2).unwrap();
    let rec = s
        .scores
        .iter()
        .find(|x| x.metric == Metric::Recall)
        .unwrap();
    assert!(rec.misranked_pairs.is_empty());
    for (a, b) in s.scores.iter().zip(&s2.scores) {
        assert_eq!(a.misranked_pairs, b.misranked_pairs);
    }
    for (k, y) in s.yields.iter().enumerate() {
        assert!((y - 0.9 * s.tpr[k]).abs() < 1e-15);
    }
    // Every series lists exactly the pairs whose score order disagrees with the yield order.
    for series in &s.scores {
        let m = Ranker::from_metric(series.metric).unwrap().index();
        for k in 0..1000 {
            let (a, b) = (2 * k, 2 * k + 1);
            let sa = binary_scores(0.9, s.tpr[a], s.tnr[a])[m].unwrap();
            let sb = binary_scores(0.9, s.tpr[b], s.tnr[b])[m].unwrap();
            let wrong = misranked(s.yields[a] - s.yields[b], sa - sb);
            assert_eq!(series.misranked_pairs.binary_search(&k).is_ok(), wrong);
        }
    }
    assert!(metric_scatter(0.0, &u("1,0;0,1"), 10, 1).is_err());
    assert!(metric_scatter(0.5, &u("1,0,0;0,1,0;0,0,1"), 10, 1).is_err());
    assert!(metric_scatter(0.5, &u("1,0;0,1"), 0, 1).is_err());
}

#[test]
fn pair_differences_count_like_the_fast_loop() {
    // Naive yields and scores, subtracted, on the very pairs of run_chunk: identical counts
    // and error sums over 200 000 pairs (4 chunks).
    for (prior, sigma) in [(Prior::Uniform, 0.11), (Prior::Gaussian, 0.3)] {
        let c = McConfig::new(prior, sigma, 200_000, 21).unwrap();
        let d = pair_differences(&c, 3000).unwrap();
        let mut t = Tally::default();
        for k in 0..c.chunks() {
            t.merge(&run_chunk(&c, k).unwrap());
        }
        assert_eq!(d.tally, t);
        assert_eq!(d.true_diff.len(), 3000);
        assert_eq!(d.score_diff.utility.len(), 3000);
        // The kept points are the first pairs of the stream.
        let first = pair_differences_chunk(&c, 0, 10).unwrap();
        assert_eq!(first.true_diff[..], d.true_diff[..10]);
    }
    // Points reproduce the mis-ranking rate of their metric (fig. 6 colours).
    let c = McConfig::new(Prior::Uniform, 0.11, 65_536, 3).unwrap();
    let d = pair_differences(&c, 65_536).unwrap();
    let wrong = d
        .true_diff
        .iter()
        .zip(&d.score_diff.accuracy)
        .filter(|(t, s)| misranked(**t, **s))
        .count() as u64;
    assert_eq!(wrong, d.tally.misranked.accuracy);
    let r = run(&c, |_, _| {}).unwrap();
    assert_eq!(r.misranked, d.tally.misranked);
}

#[test]
fn prior_points_fig_4() {
    let g = prior_points(Prior::Gaussian, 100_000, 4).unwrap();
    assert!(
        g.iter()
            .all(|(x, y)| x.abs() <= 1.0 && y.abs() <= 1.0 && (y - x).abs() < 1.0)
    );
    // Concentrated at the centre: most points within 1/3 of accuracy's identity.
    let near = g.iter().filter(|(x, y)| x * x + y * y < 1.0 / 9.0).count() as f64 / 1e5;
    assert!(near > 0.35 && near < 0.45, "{near}"); // 1 − e^(−1/2) ≈ 0.39 untruncated
    let uni = prior_points(Prior::Uniform, 100_000, 4).unwrap();
    let near_u = uni
        .iter()
        .filter(|(x, y)| x * x + y * y < 1.0 / 9.0)
        .count() as f64
        / 1e5;
    assert!(
        (near_u - std::f64::consts::PI / 27.0).abs() < 0.005,
        "{near_u}"
    ); // π/9 over area 3
    assert!(prior_points(Prior::Uniform, 0, 1).is_err());
}

#[test]
fn error_points_fig_5() {
    for m in ["0.5,0.5;0,1", "1,0;0.5,0.1"] {
        let um = u(m);
        let (x0, y0) = um.xy().unwrap();
        // σ = 0: every point is the matrix itself.
        let pts = error_points(&um, 0.0, 100, 1).unwrap();
        assert!(
            pts.iter()
                .all(|(x, y)| (x - x0).abs() < 1e-12 && (y - y0).abs() < 1e-12)
        );
        // σ = 0.1 and 0.2: a cloud around it, wider for 0.2; all points inside the space.
        let spread = |s: f64| {
            let p = error_points(&um, s, 20_000, 2).unwrap();
            assert!(
                p.iter()
                    .all(|(x, y)| x.abs() <= 1.0 && y.abs() <= 1.0 && (y - x).abs() <= 1.0)
            );
            p.iter()
                .map(|(x, y)| ((x - x0).powi(2) + (y - y0).powi(2)).sqrt())
                .sum::<f64>()
                / 20_000.0
        };
        let (d1, d2) = (spread(0.1), spread(0.2));
        assert!(d1 > 0.05 && d2 > 1.3 * d1, "{m}: {d1} {d2}");
    }
    // Affine images of a matrix give the same points (the matrix is normalized first).
    let a = error_points(&u("15,-335;-35,165"), 0.1, 50, 3).unwrap();
    let b = error_points(&u("350,0;300,500"), 0.1, 50, 3).unwrap();
    for (p, q) in a.iter().zip(&b) {
        assert!((p.0 - q.0).abs() < 1e-12 && (p.1 - q.1).abs() < 1e-12);
    }
    assert!(error_points(&u("0,1;1,0"), 0.1, 10, 1).is_err()); // outside the space
    assert!(error_points(&u("1,0;0,1"), -0.1, 10, 1).is_err());
}
