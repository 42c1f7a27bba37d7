//! `ulab pd`: the preference-driven measure of Kozak et al. 2022 — its value for a preference
//! vector κ, the κ for which it equals the F1 of macro precision and recall, the two-class
//! heatmap over (κ₀, κ₁) (figs. 2–5), and the distribution over a grid of κ vectors with how
//! often each classifier ranks first (fig. 7).

use crate::common::{self, fmt_num};
use serde::Serialize;
use ulab_core::limits::MAX_PD_WORK;
use ulab_core::metrics;
use ulab_core::pd::{self as core_pd, MAX_GRID_VECTORS};
use ulab_core::{ConfusionMatrix, Score, UtilityMatrix};
use ulab_state::pd::link::read_grid;

mod report;

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
entries from the grid (values^classes vectors, at most 4 000 000, and vectors × classifiers ×
classes at most 10 000 000, about 0.1 s): the mean, minimum and maximum
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
                &format!("--cm {}", ulab_core::text::truncate(&named[0].0, 40)),
            )?;
            Some(u)
        }
        None => None,
    };
    let grid = grid_arg(args, n, named.len())?;
    let results = named
        .into_iter()
        .map(|(name, cm)| evaluate(name, cm, kappa.as_deref(), u.as_ref()))
        .collect::<Result<Vec<_>, _>>()?;
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
        json(&classes, &results, grid.as_deref(), analysis.as_ref())?
    } else {
        report::Report {
            results: &results,
            classes: &classes,
            given_kappa: kappa.is_some(),
            grid: grid.as_deref(),
            analysis: analysis.as_ref(),
        }
        .text()
    };
    common::emit(&text)
}

/// The κ grid of `--grid` or `--steps`, if any, checked against [`MAX_GRID_VECTORS`] and,
/// with `classifiers`, against [`MAX_PD_WORK`] (κ components evaluated: about 0.1 s).
fn grid_arg(args: &Args, n: usize, classifiers: usize) -> Result<Option<Vec<f64>>, String> {
    let grid: Option<Vec<f64>> = match (&args.grid, args.steps) {
        (Some(g), _) => Some(read_grid(g, common::MAX_LIST).map_err(|e| format!("--grid: {e}"))?),
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
        let work = vectors * (classifiers * n) as f64;
        if work > MAX_PD_WORK as f64 {
            return Err(format!(
                "--grid: {} κ vectors × {classifiers} classifiers × {n} classes is more than {} \
                 values to compute: use fewer grid values or classifiers",
                fmt_num(vectors),
                fmt_num(MAX_PD_WORK as f64)
            ));
        }
    }

    Ok(grid)
}

/// One classifier: p-d at κ (or its default), macro P and R, their F1, the κ where p-d equals
/// that F1, the yield under `u`, and for two classes the heatmap over κ.
fn evaluate(
    name: String,
    cm: ConfusionMatrix,
    kappa: Option<&[f64]>,
    u: Option<&UtilityMatrix>,
) -> Result<PdResult, String> {
    let n = cm.n();
    let label = format!("--cm {}", ulab_core::text::truncate(&name, 40));
    let cm = common::metric_safe(&cm);
    let k = kappa
        .map(<[f64]>::to_vec)
        .unwrap_or_else(|| metrics::default_kappa(&cm));
    let value = metrics::preference_driven(&cm, &k).map_err(|e| format!("--kappa: {e}"))?;
    let f1_macro_pr = core_pd::f1_of_macro_pr(&cm);
    let kappa_f1 = match f1_macro_pr.value() {
        Some(f) => {
            core_pd::kappa_for_value(&cm, f, Some(&k)).map_err(|e| format!("{label}: {e}"))?
        }
        None => None,
    };
    let yield_value = match u {
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
    Ok(PdResult {
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
    })
}

fn json(
    classes: &[String],
    results: &[PdResult],
    grid: Option<&[f64]>,
    analysis: Option<&core_pd::GridAnalysis>,
) -> Result<String, String> {
    let out = JsonOut {
        classes,
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
        grid: match (grid, analysis) {
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
    common::to_json(&out)
}
