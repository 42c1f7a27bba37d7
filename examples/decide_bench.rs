//! How long the Decide view takes to follow a slider: compute (analysis) and draw (SVG) times,
//! natively. Speed is measured by this command, never by tests:
//!
//! ```sh
//! cargo run --release --example decide_bench
//! ```
//!
//! Each line is the median over many repetitions of one slider step: the probabilities moved
//! ([`set_probability`]), the view analyzed ([`analyze`]), and its plots drawn to SVG at 1280 px.
//! The last lines compare the triangle's exact regions with a coloured 200 × 200 grid.

use std::hint::black_box;
use std::time::Instant;
use utility_lab::core::Matrix;
use utility_lab::plot::Plot;
use utility_lab::state::Classifier;
use utility_lab::state::decide::probabilities::set_probability;
use utility_lab::state::decide::simplex::{HEIGHT, from_plane, regions};
use utility_lab::state::decide::view::{DecideInputs, DecideView, analyze};

fn median_us(mut f: impl FnMut(), reps: usize) -> f64 {
    let mut t: Vec<f64> = (0..reps)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[reps / 2]
}

fn utility(n_d: usize, n_c: usize) -> Matrix {
    let mut x: u64 = 12345;
    let data = (0..n_d * n_c)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) % 41) as f64 - 20.0
        })
        .collect();
    Matrix::new(n_d, n_c, data).unwrap()
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|k| format!("name {k}")).collect()
}

fn draw_all(v: &DecideView) -> usize {
    let mut len = 0;
    if let Some(b) = v.bars() {
        len += b.to_svg(1280, false).unwrap().len();
    }
    if let Some(t) = v.threshold_plot() {
        len += t.to_svg(1280, false).unwrap().len();
    }
    if let Some(s) = v.simplex_plot() {
        len += s.to_svg(1280, false).unwrap().len();
    }
    for k in 0..v.classifiers.len() {
        if let Some(p) = v.posterior_plot(k) {
            len += p.to_svg(1280, false).unwrap().len();
        }
    }
    len
}

fn main() {
    println!("one slider step, median µs (native release; SVG at 1280 px)");
    println!("{:<44} {:>10} {:>10}", "case", "compute", "draw");
    for (n_c, n_d, with_classifier) in [
        (2, 2, false),
        (2, 20, false),
        (3, 4, false),
        (3, 20, false),
        (20, 20, false),
        (2, 3, true),
        (20, 20, true),
    ] {
        let u = utility(n_d, n_c);
        let (d, c) = (names(n_d), names(n_c));
        let classifiers: Vec<Classifier> = if with_classifier {
            let m = utility(n_c, n_c).map(|v| v.abs() + 1.0).unwrap();
            vec![Classifier {
                name: "X".into(),
                matrix: m,
            }]
        } else {
            vec![]
        };
        let mut p = vec![1.0 / n_c as f64; n_c];
        let mut step = 0usize;
        let analyze_once = |p: &[f64]| {
            analyze(&DecideInputs {
                utility: &u,
                decisions: &d,
                classes: &c,
                p,
                classifiers: &classifiers,
                base_rates: None,
                alpha: 1.0,
                test_size: None,
            })
        };
        let compute = median_us(
            || {
                step += 1;
                p = set_probability(&p, 0, (step % 97) as f64 / 97.0).unwrap();
                black_box(analyze_once(&p));
            },
            400,
        );
        let v = analyze_once(&p);
        let draw = median_us(|| _ = black_box(draw_all(&v)), 100);
        let label = format!(
            "{n_c} classes, {n_d} decisions{}",
            if with_classifier {
                ", a classifier"
            } else {
                ""
            }
        );
        println!("{label:<44} {compute:>10.1} {draw:>10.1}");
    }
    // The triangle: exact regions against a 200 × 200 grid of argmax (20 decisions).
    let u20 = utility(20, 3);
    let uu = utility_lab::core::UtilityMatrix::new(u20.clone()).unwrap();
    let exact = median_us(|| drop(black_box(regions(&uu).unwrap())), 400);
    let grid = median_us(
        || {
            let mut count = 0usize;
            for i in 0..200 {
                for j in 0..200 {
                    let p = from_plane((i as f64 / 199.0, j as f64 / 199.0 * HEIGHT));
                    if p.iter().any(|v| *v < 0.0) {
                        continue;
                    }
                    let best = (0..20)
                        .map(|d| (0..3).map(|k| u20.get(d, k) * p[k]).sum::<f64>())
                        .fold(f64::NEG_INFINITY, f64::max);
                    count += usize::from(best > 0.0);
                }
            }
            black_box(count);
        },
        50,
    );
    println!("triangle, 20 decisions: exact regions {exact:.1} µs, 200 × 200 grid {grid:.1} µs");
}
