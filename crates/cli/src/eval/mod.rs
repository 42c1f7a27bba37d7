//! `ulab eval`: the utility yield, every metric and the ranking of classifiers under a utility
//! matrix (Table 1 of Dyrland et al. 2022, with the yields beside it).

mod report;
mod sure;

use crate::common::{self, quoted};
use serde::Serialize;
use ulab_core::metrics::Metric;
use ulab_core::utility::ranking;
use ulab_core::{ConfusionMatrix, Score, prevalence};

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

How sure (--draws N [--seed K] [--alpha A] [--n N]): the test sets are finite, so each
yield is uncertain. Each confusion matrix's cells get the posterior Dirichlet(M + α) (α per cell,
default 1), drawn N times (seed K, default 1; the same numbers every run), with the utilities as
entered and --prevalence applied to every draw. The table adds each classifier's probability of
being the best (its yield the highest of the classifiers') and the 5 % and 95 % quantiles of its
yield per item, and says how many test items per classifier, at the same proportions, would make
the most likely best the best with probability 0.95 (or that no number would). Matrices of
fractions need the test-set size --n N (counts = value × N / sum). --json adds to each classifier
\"p_best\", \"p_best_stderr\", \"yield_interval\": [5 %, 95 %], \"yield_mean\" and \"test_items\", and at
the top \"draws\", \"seed\", \"alpha\" and \"items_to_settle\": {\"classifier\", \"answer\" (\"settled\",
\"already_settled\" or \"never\"), \"items\" (a number when settled, else null), \"probability\": 0.95}.

Examples:
  # The factory of Dyrland et al. 2022: most metrics favour B, the yield favours A (3.5 vs -3.5 €/item)
  ulab eval --utility '15,-335;-35,165' --cm A='27,15;23,35' --cm B='43,18;7,32'
  # The variant utilities (eq. 5): now B yields more (7.3 vs 4.7)
  ulab eval --utility '45,-335;-65,165' --cm A='27,15;23,35' --cm B='43,18;7,32' --json
  # Matrices from scikit-learn (rows = true class), named classes, a rare class in deployment
  ulab eval --utility '1,-5;0,0' --orientation true-rows --classes fraud,ok \\
            --cm lr='40,10;25,925' --cm rf='35,15;5,945' --prevalence 0.01,0.99
  # How sure: A is the best with probability ≈ 0.61 on 100 items; about 3100 would settle it
  ulab eval --utility '15,-335;-35,165' --cm A='27,15;23,35' --cm B='43,18;7,32' --draws 4000
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

    /// Posterior draws: how sure the ranking is (P(best), 90 % intervals, items to settle it)
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub draws: Option<u64>,

    /// Seed of the draws (with --draws) [default: 1]
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub seed: Option<u64>,

    /// Dirichlet pseudo-count α ≥ 0 added to every count (with --draws) [default: 1]
    #[arg(
        long,
        value_name = "A",
        value_parser = common::parse_finite,
        allow_hyphen_values = true
    )]
    pub alpha: Option<f64>,

    /// The test-set size of matrices given as fractions (with --draws): counts are then
    /// value × N / (sum of the values)
    #[arg(long = "n", value_name = "N", allow_hyphen_values = true)]
    pub n: Option<String>,

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
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    how_sure: Option<sure::JsonSure<'a>>,
}

#[derive(Serialize)]
struct JsonClassifier<'a> {
    name: &'a str,
    #[serde(rename = "yield")]
    yield_value: Option<f64>,
    metrics: JsonMetrics,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    how_sure: Option<sure::JsonClassifierSure>,
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
        &format!("--cm {}", ulab_core::text::truncate(&named[0].0, 40)),
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
    sure::check_options(args)?;
    // The counts as given, for the posterior (the loop below re-weights them).
    let named_counts = if args.draws.is_some() {
        named.clone()
    } else {
        Vec::new()
    };

    let mut evaluated = Vec::with_capacity(named.len());
    for (name, cm) in named {
        let label = format!("--cm {}", ulab_core::text::truncate(&name, 40));
        let counts = cm.is_integer_counts();
        let cm = match &prevalence {
            Some(pi) => prevalence::reweight(&cm, pi).map_err(|e| match e {
                ulab_core::CoreError::AbsentClass { class } => format!(
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
    let how_sure = sure::how_sure(args, &u, &named_counts, prevalence.as_deref())?;
    let names: Vec<&str> = evaluated.iter().map(|e| e.name.as_str()).collect();

    let text = if args.json {
        let out = JsonOut {
            classifiers: evaluated
                .iter()
                .enumerate()
                .map(|(k, e)| JsonClassifier {
                    name: &e.name,
                    yield_value: common::finite(e.yield_value),
                    metrics: JsonMetrics::of(&e.scores),
                    how_sure: how_sure.as_ref().map(|h| h.json_classifier(k)),
                })
                .collect(),
            ranking: order.iter().map(|&i| evaluated[i].name.as_str()).collect(),
            how_sure: how_sure.as_ref().map(|h| h.json(&names)),
        };
        common::to_json(&out)?
    } else {
        report::Report {
            u: &u,
            ev: &evaluated,
            order: &order,
            classes: &classes,
            prevalence: prevalence.as_deref(),
            kappa: kappa.as_deref(),
            orientation: args.classifiers.orientation,
            how_sure: how_sure.as_ref(),
        }
        .text()
    };
    common::emit(&text)
}
