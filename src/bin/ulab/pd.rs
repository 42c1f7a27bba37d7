//! `ulab pd`: the preference-driven measure of Kozak et al. 2022 — its value for a preference
//! vector κ, the κ for which it equals the F1 of macro precision and recall, the two-class
//! heatmap over (κ₀, κ₁) (figs. 2–5), and the distribution over a grid of κ vectors with how
//! often each classifier ranks first (fig. 7).

use crate::common::{self, fmt4, fmt_list, fmt_num, quoted, Table};
use serde::Serialize;
use utility_lab::core::metrics;
use utility_lab::core::pd::{self as core_pd, MAX_GRID_VECTORS};
use utility_lab::core::{ConfusionMatrix, Score};

const AFTER_HELP: &str = "\
p-d_κ = (1/c) Σ_k κ_k·precision_k + (1 − κ_k)·recall_k (eq. 27–30 of Kozak et al. 2022); κ_k = 1 counts
only the precision of class k, κ_k = 0 only its recall. The default κ is each matrix's class
shares (eq. 31). As in the measure's reference definition, a 0/0 precision or recall counts as 0
inside p-d (everywhere else Utility Lab reports 0/0 as undefined).

\"F1 of macro P and R\" is the F1 that Kozak et al. 2022 compare p-d with (eqs. 21, 23): the
harmonic mean 2·P·R / (P + R) of macro precision P and macro recall R, for two classes as well.
It is not the F1 that `ulab eval` and the app's metric table report (for two classes the F1 of
class 0; for more, the macro F1 = the mean of per-class F1, scikit-learn's
f1_score(average='macro')). \"κ for F1\" is the preference vector closest to the κ in use for
which p-d equals the F1 of macro P and R (p-d is linear in κ), or none if no κ in [0, 1]^c
reaches it.

For two classes, the 11 × 11 heatmap of p-d over κ₀, κ₁ ∈ {0, 0.1, …, 1} is printed (rows κ of
class 0, columns κ of class 1). --grid or --steps adds the analysis over every κ vector with
entries from the grid (values^classes vectors, at most 4 000 000): the mean, minimum and maximum
p-d of each classifier, a histogram (--bins), and the share of κ vectors for which each ranks
first (ties split evenly). A grid may be written with an ellipsis: 0,0.1,...,1.

--json prints {\"classes\",\"classifiers\":[{\"name\",\"kappa\",\"preference_driven\",
\"macro_precision\",\"macro_recall\",\"f1_macro_pr\" (the F1 of macro P and R),
\"kappa_for_f1_macro_pr\",\"yield\",\"heatmap\"}],\"grid\":{\"values\",
\"vectors\",\"edges\",\"classifiers\":[{\"name\",\"min\",\"mean\",\"max\",\"first_share\",\"histogram\"}]}}
(null where undefined or not asked for).

Examples:
  # The worked example of Kozak et al. 2022 (Table 4, rows = true class): p-d = 0.656
  ulab pd --cm T4='40,7,3;8,10,2;9,1,20' --orientation true-rows
  # The factory classifiers over the paper's 11 × 11 grid, and their yields
  ulab pd --cm A='27,15;23,35' --cm B='43,18;7,32' --steps 10 --utility '15,-335;-35,165'
  ulab pd --cm A='27,15;23,35' --kappa 0.2,0.6 --grid 0,0.25,...,1 --json";

/// The preference-driven measure (Kozak et al. 2022).
#[derive(clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    #[command(flatten)]
    pub classifiers: common::ClassifierArgs,

    /// Preference vector κ, one value in [0, 1] per class (default: each matrix's class shares)
    #[arg(long, value_name = "k,...", allow_hyphen_values = true)]
    pub kappa: Option<String>,

    /// Grid of κ values for the analysis over κ vectors, e.g. 0,0.1,...,1
    #[arg(
        long,
        value_name = "v,...",
        conflicts_with = "steps",
        allow_hyphen_values = true
    )]
    pub grid: Option<String>,

    /// Grid 0, 1/N, …, 1 for the analysis over κ vectors (10 = the paper's)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub steps: Option<u32>,

    /// Histogram bins on [0, 1] for the grid analysis
    #[arg(long, value_name = "K", default_value = "10", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub bins: u32,

    /// A utility matrix, to show each classifier's yield beside its p-d
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    pub utility: Option<String>,

    /// Class names, comma-separated (default 0, 1, ...)
    #[arg(long, value_name = "a,b,...")]
    pub classes: Option<String>,

    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct JsonClassifier<'a> {
    name: &'a str,
    kappa: &'a [f64],
    preference_driven: f64,
    macro_precision: Option<f64>,
    macro_recall: Option<f64>,
    f1_macro_pr: Option<f64>,
    kappa_for_f1_macro_pr: Option<&'a [f64]>,
    #[serde(rename = "yield")]
    yield_value: Option<f64>,
    heatmap: Option<&'a [Vec<f64>]>,
}

#[derive(Serialize)]
struct JsonGridClassifier<'a> {
    name: &'a str,
    min: f64,
    mean: f64,
    max: f64,
    first_share: f64,
    histogram: &'a [u64],
}

#[derive(Serialize)]
struct JsonGrid<'a> {
    values: &'a [f64],
    vectors: usize,
    edges: &'a [f64],
    classifiers: Vec<JsonGridClassifier<'a>>,
}

#[derive(Serialize)]
struct JsonOut<'a> {
    classes: &'a [String],
    classifiers: Vec<JsonClassifier<'a>>,
    grid: Option<JsonGrid<'a>>,
}

/// One classifier's p-d results.
struct PdResult {
    name: String,
    cm: ConfusionMatrix,
    kappa: Vec<f64>,
    value: f64,
    macro_p: Score,
    macro_r: Score,
    /// The F1 of macro precision and macro recall (Kozak et al. 2022, eq. 23).
    f1_macro_pr: Score,
    kappa_f1: Option<Vec<f64>>,
    yield_value: Option<f64>,
    heatmap: Option<Vec<Vec<f64>>>,
}

/// A grid of κ values: a list, where `a,b,...,z` stands for a, b, b + (b − a), … up to z.
fn parse_grid(text: &str) -> Result<Vec<f64>, String> {
    let tokens: Vec<&str> = text.split(',').map(str::trim).collect();
    let mut out: Vec<f64> = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        let t = tokens[k];
        if t == "..." || t == "…" {
            let n = out.len();
            let Some(&end) = tokens
                .get(k + 1)
                .and_then(|e| utility_lab::text::parse_number(e))
                .as_ref()
            else {
                return Err(
                    "--grid: '...' must be followed by the last value, as in 0,0.1,...,1"
                        .to_string(),
                );
            };
            if n < 2 {
                return Err(
                    "--grid: '...' needs two values before it, as in 0,0.1,...,1".to_string(),
                );
            }
            let (a, b) = (out[n - 2], out[n - 1]);
            let step = b - a;
            if step <= 0.0 || end < b {
                return Err(format!(
                    "--grid: '{},{},...,{}' is not an increasing sequence",
                    fmt_num(a),
                    fmt_num(b),
                    fmt_num(end)
                ));
            }
            let count = ((end - b) / step + 1e-9).floor();
            if count > common::MAX_LIST as f64 {
                return Err(format!("--grid: more than {} values", common::MAX_LIST));
            }
            for i in 1..=(count as usize) {
                out.push(b + step * i as f64);
            }
            // The end value itself, unless the progression already hit it (up to rounding).
            match out.last() {
                Some(last) if (last - end).abs() <= 1e-9 * step.max(1e-300) + 1e-12 => {
                    let l = out.len();
                    out[l - 1] = end;
                }
                _ => out.push(end),
            }
            k += 2;
            continue;
        }
        if t.is_empty() {
            return Err(format!("--grid: value {} is empty", out.len() + 1));
        }
        match utility_lab::text::parse_number(t) {
            Some(v) => out.push(v),
            None => {
                return Err(format!(
                    "--grid: '{}' is not a number",
                    utility_lab::text::truncate(t, 24)
                ))
            }
        }
        if out.len() > common::MAX_LIST {
            return Err(format!("--grid: more than {} values", common::MAX_LIST));
        }
        k += 1;
    }
    if let Some(v) = out.iter().find(|v| !(0.0..=1.0).contains(*v)) {
        return Err(format!("--grid: {} is outside [0, 1]", fmt_num(*v)));
    }
    Ok(out)
}

pub fn run(args: &Args) -> Result<(), String> {
    let named = common::named_confusions(&args.classifiers.cm, args.classifiers.orientation)?;
    let n = named[0].1.n();
    let classes = common::class_names(args.classes.as_deref(), n)?;
    let kappa = match &args.kappa {
        Some(t) => Some(common::kappa_arg(t, n)?),
        None => None,
    };
    let u = match &args.utility {
        Some(t) => {
            let u = common::utility_arg(t)?;
            common::check_fits(
                &u,
                n,
                &format!("--cm {}", utility_lab::text::truncate(&named[0].0, 40)),
            )?;
            Some(u)
        }
        None => None,
    };
    let grid: Option<Vec<f64>> = match (&args.grid, args.steps) {
        (Some(g), _) => Some(parse_grid(g)?),
        (None, Some(s)) => Some((0..=s).map(|i| i as f64 / s as f64).collect()),
        (None, None) => None,
    };
    if let Some(g) = &grid {
        let vectors = (g.len() as f64).powi(n as i32);
        if vectors > MAX_GRID_VECTORS as f64 {
            return Err(format!(
                "--grid: {} values for {n} classes make {} κ vectors, more than {}: use fewer values",
                g.len(),
                fmt_num(vectors),
                MAX_GRID_VECTORS
            ));
        }
    }

    let mut results = Vec::with_capacity(named.len());
    for (name, cm) in named {
        let label = format!("--cm {}", utility_lab::text::truncate(&name, 40));
        let cm = common::metric_safe(&cm);
        let k = kappa.clone().unwrap_or_else(|| metrics::default_kappa(&cm));
        let value = metrics::preference_driven(&cm, &k).map_err(|e| format!("--kappa: {e}"))?;
        let f1_macro_pr = core_pd::f1_of_macro_pr(&cm);
        let kappa_f1 = match f1_macro_pr.value() {
            Some(f) => {
                core_pd::kappa_for_value(&cm, f, Some(&k)).map_err(|e| format!("{label}: {e}"))?
            }
            None => None,
        };
        let yield_value = match &u {
            Some(u) => {
                let y = u.yield_of(&cm).map_err(|e| format!("{label}: {e}"))?;
                if !y.is_finite() {
                    return Err("--utility: the yields overflow: rescale the utility matrix".into());
                }
                Some(y)
            }
            None => None,
        };
        let heatmap = if n == 2 {
            Some(core_pd::heatmap(&cm, 10).map_err(|e| format!("{label}: {e}"))?)
        } else {
            None
        };
        results.push(PdResult {
            name,
            macro_p: metrics::macro_average(&cm, metrics::precision),
            macro_r: metrics::macro_average(&cm, metrics::recall),
            cm,
            kappa: k,
            value,
            f1_macro_pr,
            kappa_f1,
            yield_value,
            heatmap,
        });
    }
    let analysis = match &grid {
        Some(g) => {
            let cms: Vec<ConfusionMatrix> = results.iter().map(|r| r.cm.clone()).collect();
            Some(
                core_pd::grid_analysis(&cms, g, args.bins as usize)
                    .map_err(|e| format!("--grid: {e}"))?,
            )
        }
        None => None,
    };

    let text = if args.json {
        let out = JsonOut {
            classes: &classes,
            classifiers: results
                .iter()
                .map(|r| JsonClassifier {
                    name: &r.name,
                    kappa: &r.kappa,
                    preference_driven: r.value,
                    macro_precision: r.macro_p.value(),
                    macro_recall: r.macro_r.value(),
                    f1_macro_pr: r.f1_macro_pr.value(),
                    kappa_for_f1_macro_pr: r.kappa_f1.as_deref(),
                    yield_value: r.yield_value,
                    heatmap: r.heatmap.as_deref(),
                })
                .collect(),
            grid: match (&grid, &analysis) {
                (Some(g), Some(a)) => Some(JsonGrid {
                    values: g,
                    vectors: a.vectors,
                    edges: &a.edges,
                    classifiers: results
                        .iter()
                        .enumerate()
                        .map(|(i, r)| JsonGridClassifier {
                            name: &r.name,
                            min: a.min[i],
                            mean: a.mean[i],
                            max: a.max[i],
                            first_share: a.first_share[i],
                            histogram: &a.histograms[i],
                        })
                        .collect(),
                }),
                _ => None,
            },
        };
        common::to_json(&out)?
    } else {
        human(
            &results,
            &classes,
            kappa.is_some(),
            grid.as_deref(),
            analysis.as_ref(),
        )
    };
    common::emit(&text)
}

fn score_text(s: &Score) -> String {
    match s {
        Score::Defined(v) => fmt4(*v),
        Score::Undefined(_) => "—".to_string(),
    }
}

fn kappa_text(k: &[f64]) -> String {
    if k.len() <= 8 {
        format!(
            "[{}]",
            k.iter()
                .map(|v| format!("{v:.3}"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    } else {
        format!("({} values; see --json)", k.len())
    }
}

fn human(
    results: &[PdResult],
    classes: &[String],
    given_kappa: bool,
    grid: Option<&[f64]>,
    analysis: Option<&core_pd::GridAnalysis>,
) -> String {
    let n = classes.len();
    let mut out = String::new();
    out.push_str(&format!("Classes: {}\n", common::fmt_names(classes)));
    out.push_str(
        "p-d_κ = (1/c) Σ_k κ_k·precision_k + (1 − κ_k)·recall_k   (0/0 counts as 0 inside p-d)\n",
    );
    if given_kappa {
        out.push_str(&format!(
            "κ = {} (--kappa)\n",
            kappa_text(&results[0].kappa)
        ));
    } else {
        out.push_str("κ = each matrix's class shares (the default, eq. 31 of Kozak et al. 2022)\n");
    }
    out.push('\n');

    let with_yield = results.iter().any(|r| r.yield_value.is_some());
    let mut header = vec![
        "classifier",
        "p-d",
        "macro P",
        "macro R",
        "F1 of macro P and R (Kozak et al.)",
    ];
    if with_yield {
        header.push("yield");
    }
    if !given_kappa {
        header.push("κ");
    }
    let mut t = Table::new(&header);
    if !given_kappa {
        t = t.left(header.len() - 1);
    }
    let mut undefined: Vec<String> = Vec::new();
    for r in results {
        let mut row = vec![
            r.name.clone(),
            fmt4(r.value),
            score_text(&r.macro_p),
            score_text(&r.macro_r),
            score_text(&r.f1_macro_pr),
        ];
        for s in [&r.macro_p, &r.macro_r, &r.f1_macro_pr] {
            if let Score::Undefined(why) = s {
                let note = format!("— {}: {}", r.name, why.describe(classes));
                if !undefined.contains(&note) {
                    undefined.push(note);
                }
            }
        }
        if with_yield {
            row.push(r.yield_value.map(fmt_num).unwrap_or_default());
        }
        if !given_kappa {
            row.push(kappa_text(&r.kappa));
        }
        t.row(row);
    }
    out.push_str(&t.render());
    for note in &undefined {
        out.push_str(&format!("  {note}\n"));
    }
    if results.len() > 1 {
        let best = results
            .iter()
            .map(|r| r.value)
            .fold(f64::NEG_INFINITY, f64::max);
        let first: Vec<&str> = results
            .iter()
            .filter(|r| r.value >= best - 1e-12)
            .map(|r| r.name.as_str())
            .collect();
        out.push_str(&format!("First by p-d at this κ: {}\n", first.join(", ")));
        if with_yield {
            let by: Vec<f64> = results
                .iter()
                .map(|r| r.yield_value.unwrap_or(f64::NAN))
                .collect();
            let best_y = by.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let first_y: Vec<&str> = results
                .iter()
                .zip(&by)
                .filter(|(_, y)| **y >= best_y - 1e-12 * best_y.abs().max(1.0))
                .map(|(r, _)| r.name.as_str())
                .collect();
            out.push_str(&format!("First by utility yield: {}\n", first_y.join(", ")));
        }
    }
    out.push('\n');

    out.push_str(
        "κ for which p-d equals the F1 of macro P and R (Kozak et al. 2022, eq. 23: the harmonic mean \
         of macro precision and macro recall; the κ closest to the one above):\n",
    );
    for r in results {
        let line = match (&r.f1_macro_pr, &r.kappa_f1) {
            (Score::Undefined(_), _) => "none: the F1 of macro P and R is undefined".to_string(),
            (Score::Defined(_), Some(k)) => kappa_text(k),
            (Score::Defined(_), None) => {
                "none: no κ in [0, 1]^c gives p-d = the F1 of macro P and R".to_string()
            }
        };
        out.push_str(&format!("  {}: {line}\n", r.name));
    }

    if n == 2 {
        for r in results {
            if let Some(h) = &r.heatmap {
                out.push('\n');
                out.push_str(&format!(
                    "p-d of {} over κ (rows: κ of class {}, columns: κ of class {}):\n",
                    r.name,
                    quoted(&classes[0]),
                    quoted(&classes[1])
                ));
                let steps = h.len().saturating_sub(1).max(1);
                let mut header = vec!["κ₀ \\ κ₁".to_string()];
                header.extend((0..h.len()).map(|j| format!("{:.1}", j as f64 / steps as f64)));
                let mut t = Table::new(&header);
                for (i, row) in h.iter().enumerate() {
                    let mut cells = vec![format!("{:.1}", i as f64 / steps as f64)];
                    cells.extend(row.iter().map(|v| fmt4(*v)));
                    t.row(cells);
                }
                out.push_str(&t.render());
            }
        }
    }

    if let (Some(g), Some(a)) = (grid, analysis) {
        out.push('\n');
        let shown: String = if g.len() <= 12 {
            fmt_list(g)
        } else {
            format!(
                "{} values from {} to {}",
                g.len(),
                fmt_num(g[0]),
                fmt_num(g[g.len() - 1])
            )
        };
        out.push_str(&format!(
            "Over every κ vector with entries from the grid ({shown}): {} vectors\n",
            a.vectors
        ));
        let mut t = Table::new(&["classifier", "mean", "min", "max", "ranks first"]);
        for (i, r) in results.iter().enumerate() {
            t.row(vec![
                r.name.clone(),
                fmt4(a.mean[i]),
                fmt4(a.min[i]),
                fmt4(a.max[i]),
                format!("{:.1} %", 100.0 * a.first_share[i]),
            ]);
        }
        out.push_str(&t.render());
        out.push_str("  (ties for first place are split evenly)\n\n");
        out.push_str("Histogram of p-d over the grid (number of κ vectors per bin):\n");
        let mut header = vec!["p-d bin".to_string()];
        header.extend(results.iter().map(|r| r.name.clone()));
        let mut t = Table::new(&header);
        let bins = a.edges.len().saturating_sub(1);
        for b in 0..bins {
            let close = if b + 1 == bins { "]" } else { ")" };
            let mut row = vec![format!("[{:.2}, {:.2}{close}", a.edges[b], a.edges[b + 1])];
            row.extend(a.histograms.iter().map(|h| h[b].to_string()));
            t.row(row);
        }
        out.push_str(&t.render());
    }
    out
}
