//! An independent, literal implementation of the experiment of Dyrland et al. 2022, §4.2,
//! compared statistically with the fast one. It shares no sampling or scoring code with
//! `core::mc`: another generator (xoshiro256**), Box–Muller normals, rejection of the whole
//! erroneous matrix, confusion matrices and yields through the core's `ConfusionMatrix` and
//! `UtilityMatrix`, textbook metric formulas written again here, and the naive comparison of
//! values. Every metric's mis-ranking percentage must agree within 4.5 combined standard
//! errors, the realized sd within 5 of its standard errors.

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256StarStar;
use utility_lab::core::mc::{McConfig, McResult, Prior, Ranker, run};
use utility_lab::core::{ConfusionMatrix, Matrix, Orientation, UtilityMatrix};

struct Reference {
    rng: Xoshiro256StarStar,
    spare: Option<f64>,
}

impl Reference {
    fn new(seed: u64) -> Reference {
        Reference {
            rng: Xoshiro256StarStar::seed_from_u64(seed),
            spare: None,
        }
    }

    fn uniform(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Box–Muller.
    fn normal(&mut self) -> f64 {
        if let Some(z) = self.spare.take() {
            return z;
        }
        let u1 = 1.0 - self.uniform(); // (0, 1]
        let u2 = self.uniform();
        let r = (-2.0 * u1.ln()).sqrt();
        let t = 2.0 * std::f64::consts::PI * u2;
        self.spare = Some(r * t.sin());
        r * t.cos()
    }

    fn true_utility(&mut self, prior: Prior) -> UtilityMatrix {
        loop {
            let (x, y) = match prior {
                Prior::Uniform => (2.0 * self.uniform() - 1.0, 2.0 * self.uniform() - 1.0),
                Prior::Gaussian => (self.normal() / 3.0, self.normal() / 3.0),
            };
            if x.abs() <= 1.0 && y.abs() <= 1.0 && (y - x).abs() < 1.0 {
                return UtilityMatrix::from_xy(x, y).unwrap();
            }
        }
    }

    /// The whole matrix redrawn until every entry is in [0, 1], U00 ≥ U10 and U11 ≥ U01.
    fn erroneous(&mut self, u: &UtilityMatrix, sigma: f64) -> UtilityMatrix {
        loop {
            let e: Vec<f64> = u
                .matrix()
                .data()
                .iter()
                .map(|v| v + sigma * self.normal())
                .collect();
            if e.iter().all(|v| (0.0..=1.0).contains(v)) && e[0] >= e[2] && e[3] >= e[1] {
                return UtilityMatrix::new(Matrix::new(2, 2, e).unwrap()).unwrap();
            }
        }
    }

    fn rate(&mut self) -> f64 {
        0.5 + 0.5 * self.uniform().sqrt()
    }
}

/// Textbook metrics from a normalized confusion matrix (rows = output, class 0 positive), in
/// the order of `Ranker::ALL` without the utility.
fn metrics(c: &ConfusionMatrix) -> [f64; 10] {
    let (tp, fp, fn_, tn) = (c.c(0, 0), c.c(0, 1), c.c(1, 0), c.c(1, 1));
    let precision = tp / (tp + fp);
    let recall = tp / (tp + fn_);
    let specificity = tn / (tn + fp);
    let npv = tn / (tn + fn_);
    let accuracy = tp + tn;
    let f1 = 2.0 * precision * recall / (precision + recall);
    let mcc = (tp * tn - fp * fn_) / ((tp + fp) * (tp + fn_) * (tn + fp) * (tn + fn_)).sqrt();
    let shares = c.class_shares();
    let pe = (tp + fp) * shares[0] + (fn_ + tn) * shares[1];
    let kappa = (accuracy - pe) / (1.0 - pe);
    let pd = (shares[0] * precision
        + (1.0 - shares[0]) * recall
        + shares[1] * npv
        + (1.0 - shares[1]) * specificity)
        / 2.0;
    [
        accuracy,
        (recall + specificity) / 2.0,
        precision,
        recall,
        specificity,
        f1,
        mcc,
        (precision * recall).sqrt(),
        kappa,
        pd,
    ]
}

struct RefResult {
    misranked: [u64; 11],
    pairs: u64,
    errors: Vec<f64>,
}

fn reference_run(prior: Prior, sigma: f64, pairs: u64, seed: u64) -> RefResult {
    let mut r = Reference::new(seed);
    let mut misranked = [0u64; 11];
    let mut errors = Vec::with_capacity(4 * pairs as usize);
    for _ in 0..pairs {
        let u = r.true_utility(prior);
        let e = r.erroneous(&u, sigma);
        let p = loop {
            let p = r.uniform();
            if p > 0.0 {
                break p;
            }
        };
        let cms: Vec<ConfusionMatrix> = (0..2)
            .map(|_| {
                let (a, b) = (r.rate(), r.rate());
                let m = Matrix::new(
                    2,
                    2,
                    vec![p * a, (1.0 - p) * (1.0 - b), p * (1.0 - a), (1.0 - p) * b],
                )
                .unwrap();
                ConfusionMatrix::from_normalized(m, Orientation::OutputRows).unwrap()
            })
            .collect();
        let dy = u.yield_of(&cms[0]).unwrap() - u.yield_of(&cms[1]).unwrap();
        let (m1, m2) = (metrics(&cms[0]), metrics(&cms[1]));
        let mut d = [0.0; 11];
        for k in 0..10 {
            d[k] = m1[k] - m2[k];
        }
        d[10] = e.yield_of(&cms[0]).unwrap() - e.yield_of(&cms[1]).unwrap();
        for k in 0..11 {
            let right = (dy > 0.0 && d[k] > 0.0) || (dy < 0.0 && d[k] < 0.0);
            misranked[k] += (!right) as u64;
        }
        for (a, b) in e.matrix().data().iter().zip(u.matrix().data()) {
            errors.push(a - b);
        }
    }
    RefResult {
        misranked,
        pairs,
        errors,
    }
}

fn compare(prior: Prior, sigma: f64, ref_pairs: u64, fast_pairs: u64) {
    let fast: McResult = run(
        &McConfig::new(prior, sigma, fast_pairs, 77).unwrap(),
        |_, _| {},
    )
    .unwrap();
    let reference = reference_run(prior, sigma, ref_pairs, 1234);
    for m in Ranker::ALL {
        let f_ref = reference.misranked[m.index()] as f64 / reference.pairs as f64;
        let se_ref = (f_ref * (1.0 - f_ref) / reference.pairs as f64).sqrt() * 100.0;
        let (ours, se) = (*fast.misranked_percent.get(m), *fast.stderr_percent.get(m));
        let tol = 4.5 * (se * se + se_ref * se_ref).sqrt();
        println!(
            "{prior} σ {sigma} {:>18}: fast {ours:7.3} reference {:7.3} (tolerance {tol:.3})",
            m.key(),
            100.0 * f_ref
        );
        assert!(
            (ours - 100.0 * f_ref).abs() < tol.max(1e-9),
            "{prior} σ {sigma} {}",
            m.key()
        );
    }
    // Realized sd: sample sd of all errors; its standard error from the fourth moment.
    let e = &reference.errors;
    let n = e.len() as f64;
    let mean = e.iter().sum::<f64>() / n;
    let var = e.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let m4 = e.iter().map(|x| (x - mean).powi(4)).sum::<f64>() / n;
    let sd = var.sqrt();
    let se_sd = if sd > 0.0 {
        ((m4 - var * var) / n).sqrt() / (2.0 * sd)
    } else {
        0.0
    };
    println!(
        "{prior} σ {sigma}: realized sd fast {} reference {sd} (se {se_sd})",
        fast.realized_sd
    );
    assert!((fast.realized_sd - sd).abs() <= 5.0 * se_sd + 1e-12);
}

#[test]
fn uniform_prior_sigma_0_1() {
    compare(Prior::Uniform, 0.1, 200_000, 1_000_000);
}

#[test]
fn gaussian_prior_sigma_0_2() {
    compare(Prior::Gaussian, 0.2, 200_000, 1_000_000);
}

#[test]
fn uniform_prior_sigma_0() {
    compare(Prior::Uniform, 0.0, 100_000, 400_000);
}

#[test]
fn large_sigmas_both_sampling_methods() {
    // σ = 0.6 uses the normal proposal with folding, σ = 1.5 the uniform proposal.
    compare(Prior::Gaussian, 0.6, 40_000, 400_000);
    compare(Prior::Uniform, 1.5, 10_000, 400_000);
}
