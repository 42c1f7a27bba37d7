//! `ulab eval`: the utility yield, every metric and the ranking of classifiers under a utility
//! matrix (Table 1 of Dyrland et al. 2022, with the yields beside it).

use crate::common::{self, fmt4, fmt_num, quoted, Table};
use serde::Serialize;
use utility_lab::core::metrics::{Admissibility, Metric};
use utility_lab::core::utility::ranking;
use utility_lab::core::{prevalence, ConfusionMatrix, Orientation, Score, UtilityMatrix};

const AFTER_HELP: &str = "\
Matrices use the matrix syntax: cells separated by ',', rows by ';' (quote them in the shell).
A confusion matrix has rows = the classifier's output, columns = the true class, unless
--orientation true-rows says it is written the scikit-learn way (rows = true class). Counts or
fractions both work; with counts the total utility over the N items is shown too. The utility
matrix always has rows = decisions, columns = true classes, and may have extra rows (decisions
such as \"refer to an expert\" that no classifier outputs).

Binary metrics take class 0 as \"positive\"; with more classes they are macro averages and MCC is
the multi-class R_K. F1 with more classes is the macro F1, the mean of per-class F1
(scikit-learn's f1_score(average='macro'); JSON key \"f1\"), not the F1 of macro precision and
macro recall that `ulab pd` shows. p-d uses --kappa, or by default each matrix's class shares
(eq. 31 of Kozak et al. 2022). Undefined values (0/0) show as '—' with the reason below the
table, and as null in JSON.

With --prevalence, every confusion matrix is first re-weighted from its test-set class shares f
to the deployment shares π (C'_ij = C_ij·π_j/f_j); the yields, metrics, ranking and the JSON are
then those expected in deployment.

--json prints {\"classifiers\":[{\"name\",\"yield\",\"metrics\":{\"accuracy\",\"balanced_accuracy\",
\"precision\",\"recall\",\"specificity\",\"f1\",\"mcc\",\"fowlkes_mallows\",\"kappa\",
\"preference_driven\"}}],\"ranking\":[names]}: yields per item, full precision, null = undefined.

Examples:
  # The factory of Dyrland et al. 2022: most metrics favour B, the yield favours A (3.5 vs -3.5 €/item)
  ulab eval --utility '15,-335;-35,165' --cm A='27,15;23,35' --cm B='43,18;7,32'
  # The variant utilities (eq. 5): now B yields more (7.3 vs 4.7)
  ulab eval --utility '45,-335;-65,165' --cm A='27,15;23,35' --cm B='43,18;7,32' --json
  # Matrices from scikit-learn (rows = true class), named classes, a rare class in deployment
  ulab eval --utility '1,-5;0,0' --orientation true-rows --classes fraud,ok \\
            --cm lr='40,10;25,925' --cm rf='35,15;5,945' --prevalence 0.01,0.99
  # A matrix from a file (rows on lines, cells separated by ',', tabs or spaces)
  ulab eval --utility '1,0,0;0,1,0;0,0,1' --cm svm=@svm.csv";

/// Yields, metrics and ranking of classifiers under a utility matrix.
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// Utility matrix, rows = decisions, columns = true classes (e.g. '15,-335;-35,165')
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    pub utility: String,

    #[command(flatten)]
    pub classifiers: common::ClassifierArgs,

    /// Deployment class shares π, one per class, summing to 1: re-weight every matrix to them
    #[arg(long, value_name = "p,...", allow_hyphen_values = true)]
    pub prevalence: Option<String>,

    /// p-d preference vector κ, one value in [0, 1] per class (default: the class shares)
    #[arg(long, value_name = "k,...", allow_hyphen_values = true)]
    pub kappa: Option<String>,

    /// Class names, comma-separated (default 0, 1, ...)
    #[arg(long, value_name = "a,b,...")]
    pub classes: Option<String>,

    /// Print JSON instead of the table
    #[arg(long)]
    pub json: bool,
}

/// One classifier, evaluated.
struct Evaluated {
    name: String,
    /// The matrix used (re-weighted to the deployment prevalence if given).
    cm: ConfusionMatrix,
    /// Whether the input held whole counts (so a total over N items is meaningful).
    counts: bool,
    yield_value: f64,
    scores: Vec<(Metric, Score)>,
}

#[derive(Serialize)]
struct JsonOut<'a> {
    classifiers: Vec<JsonClassifier<'a>>,
    ranking: Vec<&'a str>,
}

#[derive(Serialize)]
struct JsonClassifier<'a> {
    name: &'a str,
    #[serde(rename = "yield")]
    yield_value: Option<f64>,
    metrics: JsonMetrics,
}

#[derive(Serialize)]
struct JsonMetrics {
    accuracy: Option<f64>,
    balanced_accuracy: Option<f64>,
    precision: Option<f64>,
    recall: Option<f64>,
    specificity: Option<f64>,
    f1: Option<f64>,
    mcc: Option<f64>,
    fowlkes_mallows: Option<f64>,
    kappa: Option<f64>,
    preference_driven: Option<f64>,
}

impl JsonMetrics {
    fn of(scores: &[(Metric, Score)]) -> JsonMetrics {
        let get = |m: Metric| {
            scores
                .iter()
                .find(|(k, _)| *k == m)
                .and_then(|(_, s)| s.value())
                .and_then(common::finite)
        };
        JsonMetrics {
            accuracy: get(Metric::Accuracy),
            balanced_accuracy: get(Metric::BalancedAccuracy),
            precision: get(Metric::Precision),
            recall: get(Metric::Recall),
            specificity: get(Metric::Specificity),
            f1: get(Metric::F1),
            mcc: get(Metric::Mcc),
            fowlkes_mallows: get(Metric::FowlkesMallows),
            kappa: get(Metric::Kappa),
            preference_driven: get(Metric::PreferenceDriven),
        }
    }
}

pub fn run(args: &Args) -> Result<(), String> {
    let u = common::utility_arg(&args.utility)?;
    let named = common::named_confusions(&args.classifiers.cm, args.classifiers.orientation)?;
    let n = named[0].1.n();
    common::check_fits(
        &u,
        n,
        &format!("--cm {}", utility_lab::text::truncate(&named[0].0, 40)),
    )?;
    let classes = common::class_names(args.classes.as_deref(), n)?;
    let prevalence = match &args.prevalence {
        Some(t) => Some(common::shares_arg(
            "--prevalence",
            t,
            n,
            "one share per class",
        )?),
        None => None,
    };
    let kappa = match &args.kappa {
        Some(t) => Some(common::kappa_arg(t, n)?),
        None => None,
    };

    let mut evaluated = Vec::with_capacity(named.len());
    for (name, cm) in named {
        let label = format!("--cm {}", utility_lab::text::truncate(&name, 40));
        let counts = cm.is_integer_counts();
        let cm = match &prevalence {
            Some(pi) => prevalence::reweight(&cm, pi).map_err(|e| match e {
                utility_lab::core::CoreError::AbsentClass { class } => format!(
                    "{label}: the test set has no case of class {}, so it cannot be re-weighted \
                     to the positive share --prevalence gives it",
                    quoted(&classes[class])
                ),
                other => format!("{label}: {other}"),
            })?,
            None => cm,
        };
        let yield_value = u.yield_of(&cm).map_err(|e| format!("{label}: {e}"))?;
        if !yield_value.is_finite() {
            return Err(format!(
                "{label}: the yield overflows: rescale the utility matrix (any a·U + b with a > 0 \
                 ranks the same)"
            ));
        }
        let safe = common::metric_safe(&cm);
        let scores = Metric::ALL
            .iter()
            .map(|m| m.value(&safe, kappa.as_deref()).map(|s| (*m, s)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("--kappa: {e}"))?;
        evaluated.push(Evaluated {
            name,
            cm,
            counts,
            yield_value,
            scores,
        });
    }
    let yields: Vec<f64> = evaluated.iter().map(|e| e.yield_value).collect();
    let order = ranking(&yields);

    let text = if args.json {
        let out = JsonOut {
            classifiers: evaluated
                .iter()
                .map(|e| JsonClassifier {
                    name: &e.name,
                    yield_value: common::finite(e.yield_value),
                    metrics: JsonMetrics::of(&e.scores),
                })
                .collect(),
            ranking: order.iter().map(|&i| evaluated[i].name.as_str()).collect(),
        };
        common::to_json(&out)?
    } else {
        human(
            &u,
            &evaluated,
            &order,
            &classes,
            prevalence.as_deref(),
            kappa.as_deref(),
            args,
        )
    };
    common::emit(&text)
}

/// The indices of the best value(s) of a row (higher is better; undefined values never win).
fn best_of(values: &[Option<f64>]) -> Vec<usize> {
    let best = values
        .iter()
        .flatten()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    if !best.is_finite() {
        return Vec::new();
    }
    let tol = 1e-12 * best.abs().max(1.0);
    (0..values.len())
        .filter(|&i| values[i].is_some_and(|v| v >= best - tol))
        .collect()
}

fn admissible_text(m: Metric, n: usize) -> String {
    match m.admissibility(n) {
        Admissibility::Admissible(u) => {
            if m == Metric::Accuracy {
                "yes: U = identity".to_string()
            } else if n <= 3 {
                format!("yes: U = {}", common::fmt_matrix(u.matrix()))
            } else {
                "yes".to_string()
            }
        }
        Admissibility::Inadmissible(_) => "no".to_string(),
    }
}

fn favours_text(names: &[&str], best: &[usize]) -> String {
    match best.len() {
        0 => "—".to_string(),
        1 => names[best[0]].to_string(),
        k if k == names.len() => "tie".to_string(),
        _ => format!(
            "{} (tie)",
            best.iter()
                .map(|&i| names[i])
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[allow(clippy::too_many_arguments)]
fn human(
    u: &UtilityMatrix,
    ev: &[Evaluated],
    order: &[usize],
    classes: &[String],
    prevalence: Option<&[f64]>,
    kappa: Option<&[f64]>,
    args: &Args,
) -> String {
    let n = classes.len();
    let names: Vec<&str> = ev.iter().map(|e| e.name.as_str()).collect();
    let several = ev.len() > 1;
    let mut out = String::new();

    // Header: what was given.
    out.push_str(&format!(
        "Classes: {}{}\n",
        common::fmt_names(classes),
        if n == 2 {
            format!(
                " (class {} is \"positive\" for the binary metrics)",
                quoted(&classes[0])
            )
        } else {
            " (per-class metrics are macro averages over the classes)".to_string()
        }
    ));
    if u.n_decisions() * u.n_classes() <= 36 {
        out.push_str(&format!(
            "Utility matrix (rows = decision ↓, columns = true class →): {}\n",
            common::fmt_matrix(u.matrix())
        ));
    } else {
        out.push_str(&format!(
            "Utility matrix: {} decisions × {} classes\n",
            u.n_decisions(),
            u.n_classes()
        ));
    }
    if args.classifiers.orientation == Orientation::TrueRows {
        out.push_str(
            "Confusion matrices were given with rows = true class (--orientation true-rows) and \
             are used transposed (rows = output).\n",
        );
    }
    if let Some(pi) = prevalence {
        out.push_str(&format!(
            "Deployment prevalence π = ({}): each confusion matrix was re-weighted from its \
             test-set class shares f to π (C'_ij = C_ij·π_j/f_j) before computing the yields and \
             metrics below.\n",
            common::fmt_list_capped(pi)
        ));
    }
    out.push('\n');

    // The table: metric rows × classifier columns.
    let mut header: Vec<String> = vec!["".to_string()];
    header.extend(names.iter().map(|s| s.to_string()));
    if several {
        header.push("favours".to_string());
    }
    header.push("admissible".to_string());
    let mut table = Table::new(&header).left(header.len() - 1);
    if several {
        table = table.left(header.len() - 2);
    }
    let pad = if several { "  " } else { "" };
    let mark = |is_best: bool| if is_best && several { " *" } else { pad };

    let yv: Vec<Option<f64>> = ev.iter().map(|e| Some(e.yield_value)).collect();
    let ybest = best_of(&yv);
    let mut row = vec!["Utility yield per item".to_string()];
    for (i, e) in ev.iter().enumerate() {
        row.push(format!(
            "{}{}",
            fmt_num(e.yield_value),
            mark(ybest.contains(&i))
        ));
    }
    if several {
        row.push(favours_text(&names, &ybest));
    }
    row.push("(the criterion)".to_string());
    table.row(row);
    if ev.iter().any(|e| e.counts) {
        let mut row = vec![if prevalence.is_some() {
            "Total over N items, in deployment".to_string()
        } else {
            "Total over the N items".to_string()
        }];
        for e in ev {
            row.push(if e.counts {
                format!(
                    "{} (N={}){pad}",
                    fmt_num(e.yield_value * e.cm.total()),
                    fmt_num(e.cm.total())
                )
            } else {
                format!("—{pad}")
            });
        }
        table.row(row);
    }
    table.row(vec![String::new()]);

    // Undefined footnotes: (classifier, reason) → metrics.
    let mut notes: Vec<(usize, String, Vec<String>)> = Vec::new();
    let mut favoured_by: Vec<Option<usize>> = Vec::new();
    for (mi, m) in Metric::ALL.iter().enumerate() {
        let vals: Vec<Option<f64>> = ev.iter().map(|e| e.scores[mi].1.value()).collect();
        let best = best_of(&vals);
        favoured_by.push((best.len() == 1).then(|| best[0]));
        let mut row = vec![m.name(n)];
        for (i, e) in ev.iter().enumerate() {
            match e.scores[mi].1 {
                Score::Defined(v) => row.push(format!("{}{}", fmt4(v), mark(best.contains(&i)))),
                Score::Undefined(why) => {
                    row.push(format!("—{pad}"));
                    let reason = why.describe(classes);
                    match notes.iter_mut().find(|(c, r, _)| *c == i && *r == reason) {
                        Some(note) => note.2.push(m.name(n)),
                        None => notes.push((i, reason, vec![m.name(n)])),
                    }
                }
            }
        }
        if several {
            row.push(favours_text(&names, &best));
        }
        row.push(admissible_text(*m, n));
        table.row(row);
    }
    out.push_str(&table.render());
    if several {
        out.push_str("  * the best value in the row (every metric here: higher is better)\n");
    }
    out.push_str(
        "  admissible: ranks classifiers as the yield of one fixed utility matrix does (eq. 17 \
         of Dyrland et al. 2022);\n  'no': can rank classifiers against any utility matrix\n",
    );
    match kappa {
        Some(k) => out.push_str(&format!(
            "  p-d with κ = ({})\n",
            common::fmt_list_capped(k)
        )),
        None => out.push_str(
            "  p-d with κ = each matrix's class shares (its default, eq. 31 of Kozak et al. 2022)\n",
        ),
    }
    for (i, reason, metrics) in &notes {
        out.push_str(&format!(
            "  — {}: {} ({})\n",
            names[*i],
            reason,
            metrics.join(", ")
        ));
    }
    out.push('\n');

    // Ranking.
    if several {
        let parts: Vec<String> = order
            .iter()
            .enumerate()
            .map(|(r, &i)| format!("{}. {} ({})", r + 1, names[i], fmt_num(ev[i].yield_value)))
            .collect();
        out.push_str(&format!("Ranking by utility yield: {}\n", parts.join(", ")));
    } else {
        out.push_str(&format!(
            "Utility yield of {}: {} per item\n",
            names[0],
            fmt_num(ev[0].yield_value)
        ));
    }

    // Trivial classifiers as reference points.
    let dname = |d: usize| {
        classes
            .get(d)
            .cloned()
            .unwrap_or_else(|| format!("decision {d}"))
    };
    let shares_of = |e: &Evaluated| e.cm.class_shares();
    let same_shares = ev.iter().all(|e| {
        shares_of(e)
            .iter()
            .zip(shares_of(&ev[0]))
            .all(|(a, b)| (a - b).abs() < 1e-9)
    });
    let trivial_line = |shares: &[f64]| -> Option<(String, Vec<f64>)> {
        let t = u.trivial_yields(shares).ok()?;
        let parts: Vec<String> = t
            .iter()
            .enumerate()
            .take(12)
            .map(|(d, y)| format!("always {}: {}", quoted(&dname(d)), fmt_num(*y)))
            .collect();
        let more = if t.len() > 12 {
            format!(", … ({} decisions)", t.len())
        } else {
            String::new()
        };
        Some((format!("{}{}", parts.join("; "), more), t))
    };
    let best_classifier = ev
        .iter()
        .map(|e| e.yield_value)
        .fold(f64::NEG_INFINITY, f64::max);
    let mut beaten_by: Vec<(String, f64)> = Vec::new();
    if same_shares {
        let shares = shares_of(&ev[0]);
        if let Some((line, t)) = trivial_line(&shares) {
            let at = if prevalence.is_some() {
                "at π"
            } else {
                "at the class shares"
            };
            out.push_str(&format!(
                "Trivial classifiers (always decide one thing), {at} ({}): {line}\n",
                common::fmt_list_capped(&shares)
            ));
            for (d, y) in t.iter().enumerate() {
                if *y > best_classifier + 1e-12 * y.abs().max(1.0) {
                    beaten_by.push((dname(d), *y));
                }
            }
        }
    } else {
        out.push_str("Trivial classifiers (always decide one thing), on each test set:\n");
        for e in ev {
            if let Some((line, _)) = trivial_line(&shares_of(e)) {
                out.push_str(&format!("  {}: {line}\n", e.name));
            }
        }
    }
    if let Some((d, y)) = beaten_by.iter().max_by(|a, b| a.1.total_cmp(&b.1)).cloned() {
        out.push_str(&format!(
            "Note: always deciding {} yields {} per item, more than {}.\n",
            quoted(&d),
            fmt_num(y),
            if several {
                "any classifier above"
            } else {
                "the classifier"
            }
        ));
    }

    // The factory story's point.
    if several && ybest.len() == 1 {
        let top = ybest[0];
        let decided: Vec<usize> = favoured_by.iter().flatten().copied().collect();
        let against = decided.iter().filter(|&&i| i != top).count();
        let total = Metric::ALL.len();
        if 2 * against > total {
            let mut counts = vec![0usize; ev.len()];
            for &i in &decided {
                counts[i] += 1;
            }
            let (other, k) = counts
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != top)
                .max_by_key(|(_, c)| **c)
                .map(|(i, c)| (i, *c))
                .unwrap_or((top, 0));
            if 2 * k > total {
                out.push_str(&format!(
                    "Most metrics ({k} of {total}) favour {}, but under this utility matrix {} \
                     yields more ({} vs {} per item): choosing by those metrics would lose utility.\n",
                    names[other],
                    names[top],
                    fmt_num(ev[top].yield_value),
                    fmt_num(ev[other].yield_value)
                ));
            } else {
                out.push_str(&format!(
                    "Most metrics ({against} of {total}) favour a classifier other than {}, but \
                     under this utility matrix {} yields the most ({} per item).\n",
                    names[top],
                    names[top],
                    fmt_num(ev[top].yield_value)
                ));
            }
        }
    }
    out
}
