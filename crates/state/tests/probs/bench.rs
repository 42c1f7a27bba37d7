//! Timings (ignored by default): `cargo test --release -p ulab-state --test probs -- --ignored
//! --nocapture`. Not assertions on time: the numbers are printed for the README.

use std::time::Instant;
use ulab_core::UtilityMatrix;
use ulab_state::probs::analysis::analyse;
use ulab_state::probs::calibration::RecalibrationJob;
use ulab_state::probs::file::{ProbsOptions, ProbsParser};
use ulab_state::probs::howsure::bootstrap;
use ulab_state::probs::sample::sample;

/// This thread's CPU time in milliseconds (Linux), so that a busy machine does not count.
fn cpu_ms() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(f64::NAN, |ns| ns / 1e6)
}

/// 10⁶ rows of the triage sample (its 2000 rows again and again), 3 classes × 2 models.
fn big_file() -> String {
    let s = sample("triage", 1).unwrap();
    let (header, rows) = s.csv.split_once('\n').unwrap();
    let mut out = String::with_capacity(rows.len() * 500 + header.len());
    out.push_str(header);
    out.push('\n');
    for _ in 0..500 {
        out.push_str(rows);
    }
    out
}

#[test]
#[ignore]
fn bench_state_probs() {
    let text = big_file();
    println!("file: {} MB", text.len() / 1_000_000);
    let (wall, cpu) = (Instant::now(), cpu_ms());
    let mut p = ProbsParser::streaming(ProbsOptions::default());
    let mut worst = 0.0f64;
    for piece in text.as_bytes().chunks(1 << 20) {
        p.push_bytes(piece).unwrap();
        while {
            let before = p.progress();
            let t = Instant::now();
            let after = p.step(5000).unwrap();
            worst = worst.max(t.elapsed().as_secs_f64() * 1e3);
            after.rows != before.rows
        } {}
    }
    p.end();
    let f = p.finish().unwrap();
    println!(
        "parse 10⁶ rows × 3 classes × 2 models in 1 MiB slices, 5000 lines a step: {:.0} ms ({:.0} ms CPU), slowest step {worst:.1} ms",
        wall.elapsed().as_secs_f64() * 1e3,
        cpu_ms() - cpu
    );
    let u = UtilityMatrix::parse("10,-20,-200;0,15,-100;-30,0,60;-5,5,40").unwrap();
    for _ in 0..3 {
        let (wall, cpu) = (Instant::now(), cpu_ms());
        analyse(&f, &[], &u, None).unwrap();
        println!(
            "analyse (re-decide 10⁶ items × 2 models, both rules): {:.1} ms ({:.1} ms CPU)",
            wall.elapsed().as_secs_f64() * 1e3,
            cpu_ms() - cpu
        );
    }
    let mut job = RecalibrationJob::new(1);
    let (wall, mut worst) = (Instant::now(), 0.0f64);
    while {
        let t = Instant::now();
        let done = job.step(&f).unwrap();
        worst = worst.max(t.elapsed().as_secs_f64() * 1e3);
        !done
    } {}
    println!(
        "recalibration job of one model: {:.0} ms, slowest step {worst:.1} ms",
        wall.elapsed().as_secs_f64() * 1e3
    );
    let (wall, cpu) = (Instant::now(), cpu_ms());
    let (b, _) = bootstrap(&f, &[], &u, None, 1).unwrap();
    let s = b.run(0..1000).summary();
    println!(
        "bootstrap: group 10⁶ items and 1000 resamples ({} groups, {} arms): {:.0} ms ({:.0} ms CPU)",
        b.n_groups(),
        s.arms.len(),
        wall.elapsed().as_secs_f64() * 1e3,
        cpu_ms() - cpu
    );
}
