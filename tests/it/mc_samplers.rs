//! Each sampling step of the Monte Carlo, checked against independently known values:
//! eq. 13 against `UtilityMatrix::from_xy`, moments of the priors against exact integrals,
//! the rates' quantiles, the normal (moments, tails, χ² against Φ), the truncated normal's mean
//! against its closed form, the gamma's moments. Fixed seeds; tolerances are 5 standard
//! errors unless said otherwise.

use utility_lab::core::UtilityMatrix;
use utility_lab::core::mc::Prior;
use utility_lab::core::mc::rng::{McRng, Stream, chunk_rng, uniform, uniform_open};
use utility_lab::core::mc::sampler::{
    class_share, erroneous_utility, gamma, rate, standard_normal, truncated_entry, utility_entries,
    utility_point,
};

fn rng(seed: u64) -> McRng {
    chunk_rng(seed, Stream::Pairs, 0)
}

fn mean_sd(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let m = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0);
    (m, var.sqrt())
}

/// Standard normal CDF via libm's erfc (independent of the sampler).
fn phi_cdf(x: f64) -> f64 {
    0.5 * libm::erfc(-x / std::f64::consts::SQRT_2)
}

fn phi_pdf(x: f64) -> f64 {
    (-0.5 * x * x).exp() / (2.0 * std::f64::consts::PI).sqrt()
}

#[test]
fn eq13_matches_from_xy_on_chosen_points() {
    let points = [
        (0.0, 0.0),
        (0.5, 0.5),
        (-0.9, -0.5),
        (0.3, -0.6),
        (1.0, 0.5),
        (-1.0, -0.25),
        (0.25, 1.0),
        (-0.5, 0.4),
        (0.7, -0.2),
    ];
    for (x, y) in points {
        let reference = UtilityMatrix::from_xy(x, y).unwrap();
        let e = utility_entries(x, y);
        assert_eq!(e.to_vec(), reference.matrix().data().to_vec(), "({x}, {y})");
    }
    // Hand values: the centre is accuracy's identity; (0.5, 0.5) is fig. 5's first matrix.
    assert_eq!(utility_entries(0.0, 0.0), [1.0, 0.0, 0.0, 1.0]);
    assert_eq!(utility_entries(0.5, 0.5), [0.5, 0.5, 0.0, 1.0]);
}

#[test]
fn eq13_matches_from_xy_and_back_on_prior_points() {
    let mut r = rng(11);
    for prior in Prior::ALL {
        for _ in 0..20_000 {
            let (x, y) = utility_point(&mut r, prior);
            let e = utility_entries(x, y);
            let reference = UtilityMatrix::from_xy(x, y).unwrap();
            assert_eq!(e.to_vec(), reference.matrix().data().to_vec());
            // Normalized: min 0, max 1; and xy() maps it back.
            let (bx, by) = reference.xy().unwrap();
            assert!((bx - x).abs() < 1e-12 && (by - y).abs() < 1e-12);
        }
    }
}

#[test]
fn uniform_prior_stays_in_the_hexagon_with_exact_moments() {
    let mut r = rng(12);
    let n = 200_000;
    let pts: Vec<(f64, f64)> = (0..n)
        .map(|_| utility_point(&mut r, Prior::Uniform))
        .collect();
    assert!(
        pts.iter()
            .all(|(x, y)| x.abs() <= 1.0 && y.abs() <= 1.0 && (y - x).abs() < 1.0)
    );
    // Exact moments of the uniform distribution on the hexagon (area 3): the square's
    // integrals minus those of the two corner triangles:
    // E[x] = 0, E[x²] = (4/3 − 2·1/4)/3 = 5/18, E[x⁴] = (4/5 − 2·1/6)/3 = 7/45,
    // E[xy] = (0 − 2·(−5/24))/3 = 5/36.
    let x2: Vec<f64> = pts.iter().map(|p| p.0 * p.0).collect();
    let xy: Vec<f64> = pts.iter().map(|p| p.0 * p.1).collect();
    let xs: Vec<f64> = pts.iter().map(|p| p.0).collect();
    let (m1, s1) = mean_sd(&xs);
    let (m2, s2) = mean_sd(&x2);
    let (mxy, sxy) = mean_sd(&xy);
    let se = |s: f64| 5.0 * s / (n as f64).sqrt();
    assert!(m1.abs() < se(s1), "E[x] = {m1}");
    assert!((m2 - 5.0 / 18.0).abs() < se(s2), "E[x²] = {m2}");
    let var_x2 = 7.0 / 45.0 - (5.0f64 / 18.0).powi(2);
    assert!((s2 * s2 - var_x2).abs() < 0.003, "Var(x²) {}", s2 * s2);
    assert!((mxy - 5.0 / 36.0).abs() < se(sxy), "E[xy] = {mxy}");
    // Every sixth of the hexagon (split by the lines x = 0, y = 0, y = x) is equally likely.
    let mut sixths = [0usize; 6];
    for (x, y) in &pts {
        let k = (*x > 0.0) as usize * 4 + (*y > 0.0) as usize * 2 + (*y > *x) as usize;
        let k = match k {
            0 => 0, // x<0, y<0, y<x
            1 => 1, // x<0, y<0, y>x
            3 => 2, // x<0, y>0
            4 => 3, // x>0, y<0
            6 => 4, // x>0, y>0, y<x
            7 => 5, // x>0, y>0, y>x
            _ => unreachable!("impossible region"),
        };
        sixths[k] += 1;
    }
    let expect = n as f64 / 6.0;
    let sd = (n as f64 * (1.0 / 6.0) * (5.0 / 6.0)).sqrt();
    for c in sixths {
        assert!((c as f64 - expect).abs() < 5.0 * sd, "{sixths:?}");
    }
}

#[test]
fn gaussian_prior_bounds_and_truncated_moments() {
    // Before truncation the coordinates are N(0, (1/3)²).
    let mut r = rng(13);
    let raw: Vec<f64> = (0..200_000)
        .map(|_| standard_normal(&mut r) / 3.0)
        .collect();
    let (_, sd) = mean_sd(&raw);
    assert!((sd - 1.0 / 3.0).abs() < 0.0025, "sd {sd}");
    // After truncation: inside the box and the band, with E[x²] and E[xy] of the truncated
    // density computed by midpoint quadrature over the allowed region.
    let n = 200_000;
    let pts: Vec<(f64, f64)> = (0..n)
        .map(|_| utility_point(&mut r, Prior::Gaussian))
        .collect();
    assert!(
        pts.iter()
            .all(|(x, y)| x.abs() <= 1.0 && y.abs() <= 1.0 && (y - x).abs() < 1.0)
    );
    let g = 1200;
    let h = 2.0 / g as f64;
    let (mut z, mut ex2, mut exy) = (0.0, 0.0, 0.0);
    for i in 0..g {
        for j in 0..g {
            let x = -1.0 + (i as f64 + 0.5) * h;
            let y = -1.0 + (j as f64 + 0.5) * h;
            if (y - x).abs() < 1.0 {
                let w = (-(x * x + y * y) * 4.5).exp();
                z += w;
                ex2 += w * x * x;
                exy += w * x * y;
            }
        }
    }
    let (ex2, exy) = (ex2 / z, exy / z);
    let x2: Vec<f64> = pts.iter().map(|p| p.0 * p.0).collect();
    let xy: Vec<f64> = pts.iter().map(|p| p.0 * p.1).collect();
    let (m2, s2) = mean_sd(&x2);
    let (mxy, sxy) = mean_sd(&xy);
    let se = |s: f64| 5.0 * s / (n as f64).sqrt();
    assert!((m2 - ex2).abs() < se(s2) + 1e-4, "E[x²] {m2} vs {ex2}");
    assert!((mxy - exy).abs() < se(sxy) + 1e-4, "E[xy] {mxy} vs {exy}");
    // The truncation matters: E[x²] is below 1/9.
    assert!(ex2 < 1.0 / 9.0 - 0.003);
}

#[test]
fn rate_quartiles_and_bounds() {
    let mut r = rng(14);
    let n = 100_000;
    let mut v: Vec<f64> = (0..n).map(|_| rate(&mut r)).collect();
    assert!(v.iter().all(|x| (0.5..=1.0).contains(x)));
    v.sort_by(|a, b| a.total_cmp(b));
    // Quantile function ½ + ½√q, density 8(r − ½); the sample quantile's standard error is
    // √(q(1−q)/n) / density.
    for (q, expect) in [
        (0.25, 0.75),
        (0.5, 0.853_553_390_593_273_8),
        (0.75, 0.933_012_701_892_219_3),
    ] {
        let got = v[(q * n as f64) as usize];
        let se = (q * (1.0 - q) / n as f64).sqrt() / (8.0 * (expect - 0.5));
        assert!(
            (got - expect).abs() < 5.0 * se,
            "q {q}: {got} vs {expect} (se {se})"
        );
    }
    // The paper's rounded values: quartiles 0.75 and 0.93, median 0.85.
    assert!((v[n / 2] - 0.85).abs() < 0.005);
    assert!((v[3 * n / 4] - 0.93).abs() < 0.005);
}

#[test]
fn class_share_is_uniform_open() {
    let mut r = rng(15);
    let n = 100_000;
    let v: Vec<f64> = (0..n).map(|_| class_share(&mut r)).collect();
    assert!(v.iter().all(|p| *p > 0.0 && *p < 1.0 && 1.0 - *p > 0.0));
    let (m, sd) = mean_sd(&v);
    assert!((m - 0.5).abs() < 5.0 * sd / (n as f64).sqrt());
    assert!((sd * sd - 1.0 / 12.0).abs() < 0.002);
    let u: Vec<f64> = (0..n).map(|_| uniform(&mut r)).collect();
    assert!(u.iter().all(|x| (0.0..1.0).contains(x)));
    let o: Vec<f64> = (0..n).map(|_| uniform_open(&mut r)).collect();
    assert!(o.iter().all(|x| *x > 0.0 && *x < 1.0));
}

#[test]
fn normal_moments_tails_and_chi_square() {
    let mut r = rng(16);
    let n = 2_000_000usize;
    let z: Vec<f64> = (0..n).map(|_| standard_normal(&mut r)).collect();
    let nf = n as f64;
    let mean = z.iter().sum::<f64>() / nf;
    let m2 = z.iter().map(|x| x * x).sum::<f64>() / nf;
    let m3 = z.iter().map(|x| x * x * x).sum::<f64>() / nf;
    let m4 = z.iter().map(|x| x.powi(4)).sum::<f64>() / nf;
    assert!(mean.abs() < 5.0 / nf.sqrt(), "mean {mean}");
    assert!((m2 - 1.0).abs() < 5.0 * (2.0 / nf).sqrt(), "E[Z²] {m2}");
    assert!(m3.abs() < 5.0 * (15.0 / nf).sqrt(), "E[Z³] {m3}");
    assert!((m4 - 3.0).abs() < 5.0 * (96.0 / nf).sqrt(), "E[Z⁴] {m4}");
    // Tails, including beyond the ziggurat's base r = 3.6541 (drawn by the tail method) and
    // beyond 4.5 (only the tail method can produce those).
    for t in [1.0, 2.0, 3.0, 3.654_152_885_361_009, 4.0, 4.5] {
        let p = 2.0 * phi_cdf(-t);
        let count = z.iter().filter(|x| x.abs() > t).count() as f64;
        let sd = (nf * p * (1.0 - p)).sqrt();
        assert!(
            (count - nf * p).abs() < 5.0 * sd + 1.0,
            "P(|Z| > {t}): {count} vs {}",
            nf * p
        );
    }
    // Both signs in the tail.
    assert!(z.iter().any(|x| *x > 4.0) && z.iter().any(|x| *x < -4.0));
    // χ² over 64 equiprobable bins against Φ (inverted by bisection on erfc).
    let bins = 64;
    let mut edges = vec![f64::NEG_INFINITY];
    for k in 1..bins {
        let target = k as f64 / bins as f64;
        let (mut lo, mut hi) = (-10.0, 10.0);
        for _ in 0..100 {
            let mid = 0.5 * (lo + hi);
            if phi_cdf(mid) < target {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        edges.push(0.5 * (lo + hi));
    }
    let mut counts = vec![0usize; bins];
    for x in &z {
        let k = edges.partition_point(|e| e <= x) - 1;
        counts[k] += 1;
    }
    let expect = nf / bins as f64;
    let chi2: f64 = counts
        .iter()
        .map(|c| (*c as f64 - expect).powi(2) / expect)
        .sum();
    // 63 degrees of freedom: the 99.99 % quantile is about 116.
    assert!(chi2 < 116.0, "χ² = {chi2}");
}

/// The mean of `N(v, σ²)` truncated to `[0, 1]`:
/// `v + σ(φ(α) − φ(β))/(Φ(β) − Φ(α))`, `α = −v/σ`, `β = (1 − v)/σ`.
fn truncated_mean(v: f64, s: f64) -> f64 {
    let (a, b) = (-v / s, (1.0 - v) / s);
    v + s * (phi_pdf(a) - phi_pdf(b)) / (phi_cdf(b) - phi_cdf(a))
}

#[test]
fn truncated_entry_matches_closed_form_mean() {
    let mut r = rng(17);
    let n = 100_000;
    // Bounds (v = 0, 1: the folded path), interior values, and σ on both sides of the switch
    // to the uniform proposal (σ > 1).
    for v in [0.0, 1.0, 0.02, 0.3, 0.5, 0.97] {
        for s in [0.05, 0.2, 0.6, 1.0, 1.5, 6.0] {
            let w: Vec<f64> = (0..n).map(|_| truncated_entry(&mut r, v, s)).collect();
            assert!(w.iter().all(|x| (0.0..=1.0).contains(x)));
            let (m, sd) = mean_sd(&w);
            let expect = truncated_mean(v, s);
            assert!(
                (m - expect).abs() < 5.0 * sd / (n as f64).sqrt(),
                "v {v} σ {s}: mean {m} vs {expect}"
            );
        }
    }
    assert_eq!(truncated_entry(&mut r, 0.4, 0.0), 0.4);
}

/// The spec's literal procedure: the whole matrix redrawn until every constraint holds.
fn erroneous_whole_matrix(r: &mut McRng, u: &[f64; 4], s: f64) -> [f64; 4] {
    loop {
        let e = [
            u[0] + s * standard_normal(r),
            u[1] + s * standard_normal(r),
            u[2] + s * standard_normal(r),
            u[3] + s * standard_normal(r),
        ];
        if e.iter().all(|v| (0.0..=1.0).contains(v)) && e[0] >= e[2] && e[3] >= e[1] {
            return e;
        }
    }
}

#[test]
fn erroneous_matrix_constraints_always_hold() {
    let mut r = rng(18);
    for s in [0.01, 0.1, 0.3, 0.9, 2.0] {
        for prior in Prior::ALL {
            for _ in 0..20_000 {
                let (x, y) = utility_point(&mut r, prior);
                let u = utility_entries(x, y);
                let e = erroneous_utility(&mut r, &u, s);
                assert!(e.iter().all(|v| (0.0..=1.0).contains(v)), "{e:?}");
                assert!(e[0] >= e[2] && e[3] >= e[1], "{e:?}");
            }
        }
    }
}

#[test]
fn column_wise_redraw_has_the_whole_matrix_distribution() {
    // Same true matrix, two procedures: means and standard deviations of each entry, and the
    // correlation of the two entries of a column, agree within 5 combined standard errors.
    let mut r = rng(19);
    let n = 60_000;
    for (x, y, s) in [(0.3, -0.2, 0.2), (0.0, 0.0, 0.1), (-0.6, 0.1, 0.3)] {
        let u = utility_entries(x, y);
        let a: Vec<[f64; 4]> = (0..n).map(|_| erroneous_utility(&mut r, &u, s)).collect();
        let b: Vec<[f64; 4]> = (0..n)
            .map(|_| erroneous_whole_matrix(&mut r, &u, s))
            .collect();
        for k in 0..4 {
            let ak: Vec<f64> = a.iter().map(|e| e[k]).collect();
            let bk: Vec<f64> = b.iter().map(|e| e[k]).collect();
            let (ma, sa) = mean_sd(&ak);
            let (mb, sb) = mean_sd(&bk);
            let se = ((sa * sa + sb * sb) / n as f64).sqrt();
            assert!(
                (ma - mb).abs() < 5.0 * se + 1e-12,
                "entry {k} at ({x},{y}) σ {s}: {ma} vs {mb}"
            );
            assert!(
                (sa - sb).abs() < 0.03 * sa.max(sb) + 1e-12,
                "entry {k}: sd {sa} vs {sb}"
            );
        }
        let prod = |v: &[[f64; 4]]| v.iter().map(|e| e[0] * e[2]).sum::<f64>() / n as f64;
        assert!((prod(&a) - prod(&b)).abs() < 0.01, "E[U'00·U'10]");
    }
}

#[test]
fn gamma_moments() {
    let mut r = chunk_rng(20, Stream::Question, 0);
    let n = 200_000;
    for k in [0.05, 0.3, 1.0, 2.5, 50.0, 10_000.0] {
        let g: Vec<f64> = (0..n).map(|_| gamma(&mut r, k)).collect();
        assert!(g.iter().all(|x| *x >= 0.0 && x.is_finite()));
        let (m, sd) = mean_sd(&g);
        // Mean k, variance k; Var(sample variance) ≈ (μ₄ − σ⁴)/n with μ₄ = 3k² + 6k.
        assert!(
            (m - k).abs() < 5.0 * (k / n as f64).sqrt(),
            "shape {k}: mean {m}"
        );
        let se_var = ((2.0 * k * k + 6.0 * k) / n as f64).sqrt();
        assert!(
            (sd * sd - k).abs() < 5.0 * se_var,
            "shape {k}: var {}",
            sd * sd
        );
    }
    assert_eq!(gamma(&mut r, 0.0), 0.0);
}

#[test]
fn out_of_domain_inputs_return_instead_of_looping() {
    let mut r = rng(21);
    // Values outside [0, 1] are clamped, a bad σ acts as 0: no endless rejection loop.
    assert_eq!(truncated_entry(&mut r, 5.0, 0.0), 1.0);
    assert!((0.0..=1.0).contains(&truncated_entry(&mut r, 5.0, 0.1)));
    assert!((0.0..=1.0).contains(&truncated_entry(&mut r, -3.0, 0.1)));
    assert!((0.0..=1.0).contains(&truncated_entry(&mut r, f64::NAN, 0.1)));
    assert_eq!(truncated_entry(&mut r, 0.3, f64::NAN), 0.3);
    assert_eq!(truncated_entry(&mut r, 0.3, -1.0), 0.3);
    // An out-of-order matrix without noise is returned as it is (clamped).
    assert_eq!(
        erroneous_utility(&mut r, &[0.0, 1.0, 1.0, 0.0], 0.0),
        [0.0, 1.0, 1.0, 0.0]
    );
    assert_eq!(
        erroneous_utility(&mut r, &[2.0, -1.0, 0.0, 1.0], f64::NAN),
        [1.0, 0.0, 0.0, 1.0]
    );
    // With noise it is redrawn into order.
    let e = erroneous_utility(&mut r, &[0.0, 1.0, 1.0, 0.0], 0.2);
    assert!(e[0] >= e[2] && e[3] >= e[1]);
}
