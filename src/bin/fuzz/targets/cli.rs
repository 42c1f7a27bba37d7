//! `ulab` in-process: random subcommands with arguments of each option's kind (matrices inline
//! or as `@FILE`, scores files, lists, names) and mutations (unknown options, missing values,
//! hostile characters). Checks: bad input ends with one line (exit code 2), never a panic;
//! the output of a successful run holds no NaN or infinity.

use super::Case;
use crate::inputs::Gen;
use std::cell::RefCell;
use std::path::PathBuf;
use ulab_cli::cli::{self as ulab, Outcome};

thread_local! {
    /// This thread's scratch files (written anew for each input).
    static DIR: RefCell<Option<PathBuf>> = const { RefCell::new(None) };
}

/// Writes `text` to this thread's scratch file `name` and returns its path.
fn file(name: &str, text: &str) -> String {
    DIR.with(|d| {
        let mut d = d.borrow_mut();
        let dir = d.get_or_insert_with(|| {
            let p = std::env::temp_dir().join(format!(
                "ulab-fuzz-{}-{:?}",
                std::process::id(),
                std::thread::current().id()
            ));
            let _ = std::fs::create_dir_all(&p);
            p
        });
        let path = dir.join(name);
        let _ = std::fs::write(&path, text);
        path.to_string_lossy().into_owned()
    })
}

/// Removes this thread's scratch files.
pub fn clean_up() {
    DIR.with(|d| {
        if let Some(dir) = d.borrow_mut().take() {
            let _ = std::fs::remove_dir_all(dir);
        }
    });
}

/// A matrix argument: inline, or `@FILE` with rows on lines.
fn matrix_arg(g: &mut Gen, rows: usize, cols: usize, slot: &str) -> String {
    let m = if g.chance(0.9) {
        g.matrix_of(rows, cols)
    } else {
        g.matrix()
    };
    if g.chance(0.15) {
        format!("@{}", file(slot, &m.replace(';', "\n")))
    } else {
        m
    }
}

fn classifiers(g: &mut Gen, args: &mut Vec<String>, n: usize) {
    let count = if g.chance(0.03) {
        40 + g.below(80)
    } else {
        1 + g.below(3)
    };
    for k in 0..count {
        args.push("--cm".into());
        let name = if g.chance(0.9) {
            format!("C{k}")
        } else {
            g.name()
        };
        args.push(format!(
            "{name}={}",
            matrix_arg(g, n, n, &format!("cm{}", k % 4))
        ));
    }
    if g.chance(0.2) {
        args.push("--orientation".into());
        args.push((*g.pick(&["true-rows", "output-rows", "sideways"])).into());
    }
}

fn list(g: &mut Gen, n: usize) -> String {
    {
        let k = g.about(n);
        g.numbers(k, ",")
    }
}

/// `ulab SUBCOMMAND ARGS…`.
///
/// Over ~120 lines: one `match` arm per subcommand, each a short list of its options; the
/// table of subcommands reads best whole.
fn args(g: &mut Gen) -> Vec<String> {
    let n = if g.chance(0.9) {
        2 + g.below(3)
    } else {
        g.size()
    };
    let mut a: Vec<String> = vec!["ulab".into()];
    let opt = |a: &mut Vec<String>, g: &mut Gen, name: &str, value: String| {
        if g.chance(0.5) {
            a.push(name.into());
            a.push(value);
        }
    };
    match g.below(5) {
        0 => {
            a.push("eval".into());
            a.push("--utility".into());
            a.push(matrix_arg(g, n, n, "u"));
            classifiers(g, &mut a, n);
            let v = list(g, n);
            opt(&mut a, g, "--prevalence", v);
            let v = list(g, n);
            opt(&mut a, g, "--kappa", v);
            let v = g.names(n);
            opt(&mut a, g, "--classes", v);
        }
        1 => {
            a.push("decide".into());
            a.push("--utility".into());
            let rows = n + g.below(2);
            a.push(matrix_arg(g, rows, n, "u"));
            if g.chance(0.5) {
                a.push("--probabilities".into());
                a.push(list(g, n));
            } else {
                a.push("--counts".into());
                a.push(matrix_arg(g, n, n, "counts"));
                let v = g.number();
                opt(&mut a, g, "--alpha", v);
                let v = g.number();
                opt(&mut a, g, "--n", v);
                let v = list(g, n);
                opt(&mut a, g, "--prevalence", v);
            }
            let v = g.names(n);
            opt(&mut a, g, "--classes", v);
        }
        2 => {
            a.push("roc".into());
            if g.chance(0.7) {
                let rows: Vec<String> = (0..g.below(30))
                    .map(|_| format!("{},{}", g.number(), g.pick(&["0", "1", "spam", "ham"])))
                    .collect();
                a.push("--scores".into());
                a.push(file("scores.csv", &rows.join("\n")));
                let v = (*g.pick(&["1", "spam", "0", "x"])).to_string();
                opt(&mut a, g, "--positive", v);
            } else {
                a.push("--binormal".into());
                a.push(g.numbers(2, ","));
            }
            let v = matrix_arg(g, 2, 2, "u");
            opt(&mut a, g, "--utility", v);
            let v = g.number();
            opt(&mut a, g, "--share", v);
            if g.chance(0.3) {
                a.push("--curve".into());
            }
        }
        3 => {
            a.push("pd".into());
            classifiers(g, &mut a, n);
            let v = list(g, n);
            opt(&mut a, g, "--kappa", v);
            if g.chance(0.5) {
                a.push("--steps".into());
                a.push((*g.pick(&["10", "100", "1000", "2000", "0"])).into());
            } else if g.chance(0.5) {
                a.push("--grid".into());
                a.push((*g.pick(&["0,0.1,...,1", "0,0.001,...,1", "0,0.5,1", "1,0,...,2"])).into());
            }
            let v = g.number();
            opt(&mut a, g, "--bins", v);
            let v = matrix_arg(g, n, n, "u");
            opt(&mut a, g, "--utility", v);
        }
        _ => {
            a.push("mc".into());
            a.push("--pairs".into());
            a.push((*g.pick(&["1", "100", "1000", "0", "-1", "1e3", "x"])).into());
            let v = g.number();
            opt(&mut a, g, "--sigma", v);
            let v = (*g.pick(&["uniform", "gaussian", "cauchy"])).to_string();
            opt(&mut a, g, "--prior", v);
            let v = g.number();
            opt(&mut a, g, "--seed", v);
            let v = (*g.pick(&["1", "2", "0", "1000000"])).to_string();
            opt(&mut a, g, "--threads", v);
            if g.chance(0.2) {
                a.push("--sweep".into());
                let k = 1 + g.below(3);
                a.push(g.numbers(k, ","));
            }
        }
    }
    if g.chance(0.3) {
        a.push("--json".into());
    }
    match g.below(20) {
        0 => a.push("--help".into()),
        1 => a.push(format!("--{}", g.name())),
        2 => {
            a.pop();
        }
        3 => {
            let k = 1 + g.below(a.len().max(2) - 1);
            if k < a.len() {
                a[k] = g.mutate(&a[k]);
            }
        }
        _ => {}
    }
    // A Monte Carlo run is work the user asked for (with progress in the app): kept small here,
    // whatever a mutation did to `--pairs`.
    if a.get(1).is_some_and(|c| c == "mc")
        && let Some(k) = a.iter().position(|s| s == "--pairs")
    {
        let big = a
            .get(k + 1)
            .and_then(|v| utility_lab::text::parse_whole(v))
            .is_some_and(|p| p > 10_000);
        if big {
            a[k + 1] = "1000".into();
        }
    }
    // Standard input is never read by the fuzz driver.
    for s in &mut a {
        if s == "-" || s == "@-" {
            s.push('x');
        }
    }
    a
}

pub fn run(g: &mut Gen, case: &mut Case) {
    let a = args(g);
    case.input(format!("{a:?}"));
    let (outcome, out) = ulab_cli::common::capture(|| ulab::run(a.clone()));
    let code = outcome.code();
    match outcome {
        Outcome::Done => {
            // (Unless an argument itself put such a word into the output.)
            let echoed = a.iter().any(|s| s.contains("NaN") || s.contains("inf"));
            if let Some(bad) = numbers_not_finite(&a, &out).filter(|_| !echoed) {
                case.nonfinite
                    .get_or_insert(format!("the output holds {bad}"));
            }
        }
        Outcome::Error(line) => {
            case.check(
                code == 2 && !line.is_empty() && !line.contains('\n'),
                || format!("error not one line with exit code 2: {line:?}"),
            );
        }
        Outcome::Help(_) | Outcome::Usage(_) => {}
    }
}

/// `NaN` or an infinity written as a number (`NaN`, `inf`, `∞`) in the output of a run whose
/// arguments hold none of them. A ROC threshold of ±∞ (nothing, or everything, is class 0)
/// is a designed value: `ulab roc` writes it `+∞`/`-∞` in text and `null` in JSON, so its
/// other numbers are checked by key.
fn numbers_not_finite(args: &[String], out: &str) -> Option<&'static str> {
    let roc = args.get(1).is_some_and(|a| a == "roc");
    if roc && let Ok(v) = serde_json::from_str::<serde_json::Value>(out) {
        return null_number(&v).then_some("a null yield, AUC, slope or rate");
    }
    let out: String = out
        .split(' ')
        .filter(|w| !(roc && (w.trim() == "+∞" || w.trim() == "-∞")))
        .collect::<Vec<_>>()
        .join(" ");
    if out.contains('∞') {
        return Some("∞");
    }
    super::link::non_finite_in(&out.replace("null", "")).map(|_| "NaN or inf")
}

/// Whether a JSON value holds `null` under a key that is always a number.
fn null_number(v: &serde_json::Value) -> bool {
    use serde_json::Value;
    match v {
        Value::Object(m) => m.iter().any(|(k, x)| {
            (x.is_null() && ["yield", "auc", "fpr", "tpr", "class0_share"].contains(&k.as_str()))
                || null_number(x)
        }),
        Value::Array(a) => a.iter().any(null_number),
        _ => false,
    }
}
