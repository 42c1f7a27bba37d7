//! The driver: runs each target's inputs (targets spread over threads), catches panics, times
//! every input, and prints the table and the first findings.

use crate::inputs::Gen;
use crate::targets::{Case, TARGETS, Target};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Findings kept per kind and target (the counts go on).
const KEEP: usize = 3;

/// What one target found.
#[derive(Default)]
struct Stats {
    inputs: u64,
    panics: u64,
    mismatches: u64,
    non_finite: u64,
    slowest: Duration,
    /// The inputs' time in all.
    busy: Duration,
    slowest_input: (u64, String),
    findings: Vec<String>,
}

struct Settings {
    n: u64,
    seed: u64,
    only: Option<String>,
    threads: usize,
    replay: Option<u64>,
}

fn usage() -> String {
    "usage: fuzz [N] [SEED] [--target NAME] [--threads T] [--replay INDEX]".into()
}

fn settings() -> Result<Settings, String> {
    let mut s = Settings {
        n: 170_000,
        seed: 1,
        only: None,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        replay: None,
    };
    let mut args = std::env::args().skip(1);
    let mut positional = 0;
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--target" => s.only = Some(value("--target")?),
            "--threads" => s.threads = value("--threads")?.parse().map_err(|_| usage())?,
            "--replay" => s.replay = Some(value("--replay")?.parse().map_err(|_| usage())?),
            "-h" | "--help" => return Err(usage()),
            _ if positional == 0 => {
                s.n = utility_lab::text::parse_whole(&a).ok_or_else(usage)?;
                positional += 1;
            }
            _ if positional == 1 => {
                s.seed = utility_lab::text::parse_whole(&a).ok_or_else(usage)?;
                positional += 1;
            }
            _ => return Err(usage()),
        }
    }
    if let Some(t) = &s.only
        && !TARGETS.iter().any(|x| x.name == t)
    {
        let names: Vec<&str> = TARGETS.iter().map(|x| x.name).collect();
        return Err(format!(
            "unknown target '{t}' (one of {})",
            names.join(", ")
        ));
    }
    Ok(s)
}

/// The seed of input `i` of target `t`: SplitMix64 of the three.
fn input_seed(seed: u64, t: usize, i: u64) -> u64 {
    let mut z = seed
        .wrapping_add((t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(i.wrapping_mul(0xBF58_476D_1CE4_E5B9));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn cut(s: &str, max: usize) -> String {
    utility_lab::text::truncate(&s.replace('\n', "\\n").replace('\r', "\\r"), max)
}

/// Input `i` of target `t`, run: what it found, whether it panicked (with the message), and
/// its time (from the input's generation to the end, without the checks).
fn run_input(target: &Target, t: usize, seed: u64, i: u64) -> (Case, Option<String>, Duration) {
    let mut g = Gen::new(input_seed(seed, t, i));
    let mut case = Case::default();
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| (target.run)(&mut g, &mut case)));
    let took = case
        .started
        .unwrap_or(start)
        .elapsed()
        .saturating_sub(case.checking);
    let panic = result.err().map(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default()
    });
    (case, panic, took)
}

/// Runs input `i` of target `t` into `stats`.
fn one(target: &Target, t: usize, seed: u64, i: u64, stats: &mut Stats) {
    let (case, panic, took) = run_input(target, t, seed, i);
    stats.inputs += 1;
    stats.busy += took;
    if took > stats.slowest {
        stats.slowest = took;
        stats.slowest_input = (i, cut(&case.input, 160));
    }
    let mut note = |kind: &str, what: String| {
        if stats.findings.len() < 3 * KEEP {
            stats.findings.push(format!(
                "{}: {kind} at --replay {i}: {}\n      input: {}",
                target.name,
                cut(&what, 300),
                cut(&case.input, 600)
            ));
        }
    };
    if let Some(msg) = panic {
        stats.panics += 1;
        note("PANIC", msg);
    }
    if let Some(m) = case.mismatch.clone() {
        stats.mismatches += 1;
        note("mismatch", m);
    }
    if let Some(m) = case.nonfinite.clone() {
        stats.non_finite += 1;
        note("non-finite", m);
    }
}

/// Runs everything; the process's exit code.
pub fn main() -> i32 {
    let s = match settings() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("fuzz: {e}");
            return 2;
        }
    };
    // Panics are counted and reported, not printed as they happen.
    std::panic::set_hook(Box::new(|_| {}));
    let chosen: Vec<(usize, &Target)> = TARGETS
        .iter()
        .enumerate()
        .filter(|(_, t)| s.only.as_deref().is_none_or(|o| o == t.name))
        .collect();
    if let Some(i) = s.replay {
        for (t, target) in &chosen {
            let (case, panic, took) = run_input(target, *t, s.seed, i);
            println!(
                "{} --replay {i}: {:.1} ms",
                target.name,
                took.as_secs_f64() * 1e3
            );
            println!("input: {}", case.input);
            println!("panic: {panic:?}");
            println!("mismatch: {:?}", case.mismatch);
            println!("non-finite: {:?}", case.nonfinite);
        }
        return 0;
    }
    println!(
        "fuzz: {} inputs per target, seed {}, {} thread(s)",
        s.n, s.seed, s.threads
    );
    let started = Instant::now();
    // Each target's inputs are cut into blocks handed out to the threads.
    const BLOCK: u64 = 1000;
    let blocks_per_target = s.n.div_ceil(BLOCK);
    let jobs: Vec<(usize, u64)> = chosen
        .iter()
        .flat_map(|(t, _)| (0..blocks_per_target).map(move |b| (*t, b)))
        .collect();
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Stats>> = TARGETS.iter().map(|_| Mutex::default()).collect();
    std::thread::scope(|scope| {
        for _ in 0..s.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let j = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(t, b)) = jobs.get(j) else { break };
                    let mut local = Stats::default();
                    for i in b * BLOCK..((b + 1) * BLOCK).min(s.n) {
                        one(&TARGETS[t], t, s.seed, i, &mut local);
                    }
                    merge(
                        &mut results[t].lock().unwrap_or_else(|e| e.into_inner()),
                        local,
                    );
                }
                crate::targets::clean_up();
            });
        }
    });
    let results: Vec<Stats> = results
        .into_iter()
        .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect();
    print_table(&chosen, &results, started.elapsed())
}

fn merge(into: &mut Stats, s: Stats) {
    into.inputs += s.inputs;
    into.panics += s.panics;
    into.mismatches += s.mismatches;
    into.non_finite += s.non_finite;
    into.busy += s.busy;
    if s.slowest > into.slowest {
        into.slowest = s.slowest;
        into.slowest_input = s.slowest_input;
    }
    for f in s.findings {
        if into.findings.len() < 3 * KEEP {
            into.findings.push(f);
        }
    }
}

fn print_table(chosen: &[(usize, &Target)], results: &[Stats], wall: Duration) -> i32 {
    println!(
        "\n{:<12} {:>9} {:>7} {:>8} {:>10} {:>8} {:>10}  slowest input",
        "target", "inputs", "panics", "mismatch", "non-finite", "mean", "slowest"
    );
    let mut total = 0;
    let mut bad = 0;
    for (t, target) in chosen {
        let r = &results[*t];
        total += r.inputs;
        bad += r.panics + r.mismatches + r.non_finite;
        println!(
            "{:<12} {:>9} {:>7} {:>8} {:>10} {:>6.3}ms {:>8.1}ms  --replay {}: {}",
            target.name,
            r.inputs,
            r.panics,
            r.mismatches,
            r.non_finite,
            r.busy.as_secs_f64() * 1e3 / r.inputs.max(1) as f64,
            r.slowest.as_secs_f64() * 1e3,
            r.slowest_input.0,
            cut(&r.slowest_input.1, 90)
        );
    }
    println!(
        "\n{total} inputs in {:.1} s ({:.0} inputs/s); {bad} finding(s)",
        wall.as_secs_f64(),
        total as f64 / wall.as_secs_f64().max(1e-9)
    );
    for (t, _) in chosen {
        for f in &results[*t].findings {
            println!("  {f}");
        }
    }
    for (t, target) in chosen {
        println!("  {}: {}", target.name, TARGETS[*t].about);
    }
    i32::from(bad > 0)
}
