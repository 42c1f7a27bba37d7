//! Benchmark of the ROC view's engine on a large scores file (speed is measured by this
//! command, never by tests):
//!
//! ```sh
//! cargo run --release --example roc_bench [ROWS] [CLASSIFIERS]     # default 1000000 2
//! ```
//!
//! It writes a CSV of ROWS rows (a label column and CLASSIFIERS score columns, scores with 17
//! significant digits as Python writes them), then times: the whole parse; the parse in steps
//! of 20 000 lines (total and slowest step); building every curve in steps of 200 000 units
//! (total and slowest step); the analysis for one utility matrix; the plots' data and their SVG;
//! the CSV export of every point in parts of 20 000 rows. And the crate's CSV reader alone, the
//! bulk of the parse.

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;
use utility_lab::core::UtilityMatrix;
use utility_lab::plot::Plot;
use utility_lab::state::roc::analysis::{analyze, choose_share};
use utility_lab::state::roc::build::TableCurves;
use utility_lab::state::roc::charts::{roc_chart, threshold_chart};
use utility_lab::state::roc::curves::Curve;
use utility_lab::state::roc::export::{points_csv_part, points_rows};
use utility_lab::state::roc::scores::{ScoresParser, parse_scores};

/// A uniform sequence in [0, 1) (xoshiro256++).
fn uniform(seed: u64) -> impl FnMut() -> f64 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    move || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rows: usize = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let k: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2);
    let mut r = uniform(1);
    let mut text = String::from("label");
    for j in 0..k {
        text.push_str(&format!(",model_{j}"));
    }
    text.push('\n');
    for _ in 0..rows {
        let pos = r() < 0.3;
        text.push_str(if pos { "1" } else { "0" });
        for j in 0..k {
            let s = 1.0
                / (1.0 + (-(if pos { 1.0 + j as f64 * 0.3 } else { 0.0 } + 2.0 * r() - 1.5)).exp());
            text.push_str(&format!(",{s:.17}"));
        }
        text.push('\n');
    }
    println!(
        "scores file: {rows} rows × {k} classifiers, {:.1} MB",
        text.len() as f64 / 1e6
    );

    let t = Instant::now();
    let records = utility_lab::csv::read(&text).map(|r| r.len());
    println!(
        "CSV reader alone (csv::read):   {:8.1} ms ({records:?} records)",
        ms(t)
    );
    let t = Instant::now();
    let whole = parse_scores(&text).expect("valid file");
    println!("parse, whole file:              {:8.1} ms", ms(t));

    let t = Instant::now();
    let mut parser = ScoresParser::new(text.clone()).expect("valid header");
    let (mut steps, mut slowest) = (0, 0.0f64);
    while !parser.is_done() {
        let s = Instant::now();
        parser.step(20_000).expect("valid rows");
        slowest = slowest.max(ms(s));
        steps += 1;
    }
    let table = parser.finish().expect("valid file");
    assert_eq!(table, whole);
    println!(
        "parse, 20 000 lines per step:   {:8.1} ms in {steps} steps, slowest {slowest:.1} ms",
        ms(t)
    );

    let positive = table.positive(None).expect("labels 0/1");
    let t = Instant::now();
    let mut job = TableCurves::new(&table, positive);
    let (mut steps, mut slowest) = (0, 0.0f64);
    loop {
        let s = Instant::now();
        let done = job.step(&table, 200_000).expect("curves");
        slowest = slowest.max(ms(s));
        steps += 1;
        if done {
            break;
        }
    }
    let curves: Vec<Curve> = job.finish().into_iter().map(Curve::Scores).collect();
    println!(
        "curves (sort, hull, decimation): {:8.1} ms in {steps} steps of 200 000, slowest {slowest:.1} ms",
        ms(t)
    );
    for c in &curves {
        if let Curve::Scores(s) = c {
            println!(
                "  {}: {} points, {} on the hull, {} drawn, AUC {:.4}",
                s.name,
                s.roc.points.len(),
                s.hull.len(),
                s.drawn.len(),
                s.auc
            );
        }
    }

    let u = UtilityMatrix::parse("15,-335;-35,165").expect("matrix");
    let share = choose_share(None, Some(table.test_share(positive))).expect("share");
    let t = Instant::now();
    let report = analyze(&curves, &u, share).expect("report");
    println!("analysis (one U, B):            {:8.3} ms", ms(t));

    let t = Instant::now();
    let (rc, tc) = (roc_chart(&report), threshold_chart(&report));
    println!("plot data:                      {:8.3} ms", ms(t));
    let t = Instant::now();
    let svg = rc.to_svg(1280, false).expect("svg");
    let svg2 = tc.to_svg(1280, false).expect("svg");
    println!(
        "SVG at 1280 px (both plots):    {:8.1} ms, {} kB",
        ms(t),
        (svg.len() + svg2.len()) / 1000
    );

    let t = Instant::now();
    let n = points_rows(&curves, &report, None);
    let (mut csv, mut slowest, mut start) = (String::new(), 0.0f64, 0);
    while start < n {
        let s = Instant::now();
        csv.push_str(&points_csv_part(
            &curves,
            &report,
            &u,
            None,
            start..start + 20_000,
        ));
        slowest = slowest.max(ms(s));
        start += 20_000;
    }
    println!(
        "CSV of every point ({n} rows):  {:8.1} ms, {:.1} MB; parts of 20 000 rows, slowest {slowest:.1} ms",
        ms(t),
        csv.len() as f64 / 1e6
    );
}
