//! How long Compare's "how sure" takes natively: P(best) and the 90 % intervals
//! ([`sure`]) and the number of test items that would settle it ([`items_to_settle`]), for the
//! factory (2 classes, 2 classifiers) and for 20 classes × 5 classifiers. Speed is measured by
//! this command, never by tests:
//!
//! ```sh
//! cargo run --release -p ulab-core --example sure_bench
//! ```
//!
//! Each line is the median of several repetitions; "slice" is the time of one
//! [`QuestionSlices::step`] of 100 draws (what a page can spend per frame).

use std::hint::black_box;
use std::time::Instant;
use ulab_core::examples::{factory_classifiers, factory_utility};
use ulab_core::mc::question::{QuestionConfig, QuestionSlices};
use ulab_core::mc::settle::{SettleSearch, SettleStep, items_to_settle, settle_wins};
use ulab_core::mc::sure::sure;
use ulab_core::{ConfusionMatrix, Matrix, UtilityMatrix};

fn median_ms(mut f: impl FnMut(), reps: usize) -> f64 {
    let mut t: Vec<f64> = (0..reps)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[reps / 2]
}

/// A made-up whole number in `0..m` for cell `k` of matrix `seed` (scrambled by a
/// multiplicative hash).
fn cell(seed: u64, k: usize, m: u64) -> u64 {
    ((seed * 1000 + k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) % m
}

/// 20 classes, 5 classifiers of 2000 items each (mostly right, a few errors per cell), and a
/// utility matrix with 10 on the diagonal and −20 … 0 elsewhere.
fn twenty_by_five() -> (UtilityMatrix, Vec<ConfusionMatrix>) {
    let n = 20;
    let u: Vec<f64> = (0..n * n)
        .map(|k| {
            if k / n == k % n {
                10.0
            } else {
                -(cell(9, k, 21) as f64)
            }
        })
        .collect();
    let cms = (0..5)
        .map(|c: u64| {
            let m: Vec<f64> = (0..n * n)
                .map(|k| {
                    if k / n == k % n {
                        60.0 + c as f64 + cell(c, k, 20) as f64
                    } else {
                        cell(c + 10, k, 4) as f64
                    }
                })
                .collect();
            ConfusionMatrix::from_counts(Matrix::new(n, n, m).unwrap()).unwrap()
        })
        .collect();
    (
        UtilityMatrix::new(Matrix::new(n, n, u).unwrap()).unwrap(),
        cms,
    )
}

fn bench(name: &str, u: UtilityMatrix, cms: Vec<ConfusionMatrix>, draws: u64) {
    let mut q = QuestionConfig::how_sure(u, cms);
    q.draws = draws;
    let reps = if draws > 1000 { 5 } else { 9 };
    let s = sure(&q).unwrap();
    let t_sure = median_ms(|| drop(black_box(sure(&q).unwrap())), reps);
    let t_slice = median_ms(
        || {
            let mut sl = QuestionSlices::new(&q, 0).unwrap();
            black_box(sl.step(100));
        },
        reps,
    );
    let search = SettleSearch::new(&q, &s).unwrap();
    let t_eval = match search.next() {
        SettleStep::Evaluate { items } => {
            let at = search.config_at(items).unwrap();
            median_ms(
                || {
                    black_box(settle_wins(&at, 0, 0..at.draws).unwrap());
                },
                reps,
            )
        }
        SettleStep::Done(_) => 0.0,
    };
    let mut answer = None;
    let t_settle = median_ms(|| answer = Some(items_to_settle(&q, &s).unwrap()), 3);
    println!(
        "{name}, {draws} draws: sure {t_sure:.2} ms (slice of 100 draws {t_slice:.3} ms); \
         items to settle {t_settle:.1} ms (one evaluation {t_eval:.2} ms) -> {:?}; P(best) {:?}",
        answer.unwrap().settle,
        s.p_best
    );
}

fn main() {
    for draws in [1000, 4000] {
        let [(_, a), (_, b)] = factory_classifiers();
        bench(
            "factory 2 classes x 2",
            factory_utility(),
            vec![a, b],
            draws,
        );
    }
    for draws in [1000, 4000] {
        let (u, cms) = twenty_by_five();
        bench("20 classes x 5", u, cms, draws);
    }
}
