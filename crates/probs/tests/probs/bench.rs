//! Timings (ignored by default): `cargo test --release -p ulab-core --test probs -- --ignored
//! --nocapture`. Not assertions on time: the numbers are printed for the README.

use std::time::Instant;
use ulab_core::UtilityMatrix;
use ulab_core::mc::rng::{Stream, chunk_rng, uniform};
use ulab_probs::bootstrap::Bootstrap;
use ulab_probs::curve::ThresholdCurve;
use ulab_probs::recalibrate::cross_fit;
use ulab_probs::{Decider, ProbTable, ProbTableBuilder, decide_model};

/// `items` items of `n` classes, `models` models with probabilities `softmax(s)`, scores
/// `s_c = [c = y] + 3·(U − ½)`: informative, overlapping.
fn random_table(items: usize, n: usize, models: usize) -> ProbTable {
    let names = (0..models).map(|k| format!("m{k}")).collect();
    let mut b = ProbTableBuilder::new(n, names).unwrap();
    let mut rng = chunk_rng(1, Stream::Question, 0);
    let mut row = vec![0.0; n * models];
    for _ in 0..items {
        let y = ((uniform(&mut rng) * n as f64) as usize).min(n - 1);
        for p in row.chunks_exact_mut(n) {
            let mut s = 0.0;
            for (c, v) in p.iter_mut().enumerate() {
                *v = (3.0 * (uniform(&mut rng) - 0.5) + if c == y { 1.0 } else { 0.0 }).exp();
                s += *v;
            }
            p.iter_mut().for_each(|v| *v /= s);
        }
        b.push(y, &row).unwrap();
    }
    b.finish().unwrap()
}

/// This thread's CPU time in nanoseconds (Linux: the first field of
/// `/proc/thread-self/schedstat`), so that other processes on a busy machine do not count.
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn time<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let (start, cpu) = (Instant::now(), cpu_ns());
    let out = f();
    let wall = start.elapsed().as_secs_f64() * 1e3;
    match (cpu, cpu_ns()) {
        (Some(a), Some(b)) => println!("{what}: {wall:.1} ms ({:.1} ms CPU)", (b - a) as f64 / 1e6),
        _ => println!("{what}: {wall:.1} ms"),
    }
    out
}

#[test]
#[ignore]
fn bench_probs() {
    let t = time("build 10⁶ × 3 × 3", || random_table(1_000_000, 3, 3));
    let u = UtilityMatrix::parse("10,-20,-200;0,15,-100;-30,0,60;-5,5,40").unwrap();
    let d = Decider::new(&u, None).unwrap();
    for _ in 0..3 {
        time(
            "re-decide 10⁶ items × 3 classes × 3 models, both rules",
            || {
                for m in t.models() {
                    decide_model(&t, m, &d).unwrap();
                }
            },
        );
    }
    let models: Vec<_> = t.models().iter().collect();
    let b = time("bootstrap: group the items", || {
        Bootstrap::new(&t, &models, &d, 1).unwrap()
    });
    println!("groups: {}", b.n_groups());
    time("bootstrap: 1000 resamples of 10⁶ items, 6 arms", || {
        b.run(0..1000).summary()
    });
    let cf = time("recalibrate: fit 5 folds", || {
        cross_fit(&t, &t.models()[0], 5).unwrap()
    });
    println!("{:?}", cf.folds);
    time("recalibrate: apply to 10⁶ items", || {
        cf.apply(&t, &t.models()[0], "r").unwrap()
    });
    time("recalibrate one model (5 folds, fit and apply)", || {
        cross_fit(&t, &t.models()[0], 5)
            .unwrap()
            .apply(&t, &t.models()[0], "r")
            .unwrap()
    });
    let t2 = random_table(1_000_000, 2, 3);
    time("decision curve: sort 10⁶ items of one model", || {
        ThresholdCurve::new(&t2, &t2.models()[0], None).unwrap()
    });
    let worst = random_table(200_000, 20, 10);
    let u20 = UtilityMatrix::identity(20).unwrap();
    let d20 = Decider::new(&u20, None).unwrap();
    let models: Vec<_> = worst.models().iter().collect();
    let b = time(
        "bootstrap: group 2·10⁵ items × 20 classes × 10 models",
        || Bootstrap::new(&worst, &models, &d20, 1).unwrap(),
    );
    println!("groups: {}", b.n_groups());
    time("bootstrap: 100 resamples of those, 20 arms", || {
        b.run(0..100).summary()
    });
}
