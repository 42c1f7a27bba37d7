//! Benchmark of the Preference-driven measure view's engine (native; run in release):
//!
//! ```sh
//! cargo run --release --example pd_bench
//! ```
//!
//! Prints the time of the histogram over 10⁵ κ vectors × 10 classifiers × 5 classes (whole and
//! per chunk), and of the two-class heatmaps at step 0.01 with 5 classifiers (compute, draw to
//! SVG at 375 and 1280 px, and the κ marker layer alone). Best of 5 runs each.

use std::time::Instant;
use utility_lab::core::{ConfusionMatrix, Matrix};
use utility_lab::plot::pd::heatmap::{HeatmapPlot, draw_heatmaps, draw_markers};
use utility_lab::plot::{Plot, Theme, render_svg};
use utility_lab::state::pd::Classifiers;
use utility_lab::state::pd::grid::{GridPlan, GridSettings};
use utility_lab::state::pd::heatmap::heatmaps;

/// A deterministic n × n count matrix (a linear congruential sequence), diagonal-heavy.
fn matrix(n: usize, seed: u64) -> ConfusionMatrix {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let d: Vec<f64> = (0..n * n)
        .map(|i| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let v = (s >> 40) % 20;
            (if i % (n + 1) == 0 { 40 + v } else { v }) as f64
        })
        .collect();
    ConfusionMatrix::from_counts(Matrix::new(n, n, d).unwrap()).unwrap()
}

fn classifiers(m: usize, n: usize) -> Classifiers {
    Classifiers::new(
        (0..m).map(|k| format!("c{k}")).collect(),
        (0..m).map(|k| matrix(n, k as u64 + 1)).collect(),
    )
    .unwrap()
}

fn best_ms(mut f: impl FnMut()) -> f64 {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    // Histograms: 10 classifiers, 5 classes, 10 grid values (10⁵ vectors, full grid) and 11
    // values (1.6·10⁵ > 10⁵: 10⁵ random vectors).
    let c = classifiers(10, 5);
    for g in [10usize, 11] {
        let s = GridSettings {
            values: (0..g).map(|i| i as f64 / (g - 1) as f64).collect(),
            ..Default::default()
        };
        let plan = GridPlan::new(&c, &s).unwrap();
        let whole = best_ms(|| {
            plan.run();
        });
        let chunks_only = best_ms(|| {
            for k in 0..plan.chunks() {
                plan.run_chunk(k);
            }
        });
        println!("  (the chunks alone: {chunks_only:.2} ms)");
        let chunk = (0..plan.chunks())
            .map(|k| {
                best_ms(|| {
                    plan.run_chunk(k);
                })
            })
            .fold(0.0, f64::max);
        println!(
            "grid {g}^5, {} vectors × 10 classifiers × 5 classes: {whole:.2} ms in all, \
             {chunk:.3} ms for the slowest chunk of 8192 ({})",
            plan.vectors(),
            if g == 10 {
                "full grid"
            } else {
                "random vectors"
            }
        );
    }
    // Heatmaps: 5 classifiers, 2 classes, step 0.01 (101 × 101 points each) and 0.1.
    let c = classifiers(5, 2);
    for divisions in [100, 10] {
        heatmap_bench(&c, divisions);
    }
}

fn heatmap_bench(c: &Classifiers, divisions: usize) {
    let compute = best_ms(|| {
        heatmaps(c, divisions).unwrap();
    });
    println!(
        "heatmaps, 5 classifiers, step {}: compute {compute:.3} ms",
        1.0 / divisions as f64
    );
    let plot = HeatmapPlot {
        heatmaps: heatmaps(c, divisions).unwrap(),
        classes: ["0".into(), "1".into()],
        markers: vec![Some([0.3, 0.6]); 5],
    };
    for width in [375u32, 1280] {
        let h = plot.height_for(width);
        let mut bytes = 0;
        let draw = best_ms(|| {
            let svg = render_svg(width, h, |r| {
                draw_heatmaps(r, &plot, &Theme::default()).map_err(|e| e.to_string())
            })
            .unwrap();
            bytes = svg.len();
        });
        let marker = best_ms(|| {
            render_svg(width, h, |r| {
                draw_markers(r, &plot, &Theme::default()).map_err(|e| e.to_string())
            })
            .unwrap();
        });
        let rects = plot.to_svg(width, false).unwrap().matches("<rect").count();
        println!(
            "  draw to SVG at {width} px: {draw:.2} ms ({rects} rectangles, {} kB); the κ \
             marker layer alone: {marker:.3} ms",
            bytes / 1000
        );
    }
}
