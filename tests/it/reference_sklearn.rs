//! The core's metrics against scikit-learn.
//!
//! The reference values in `tests/it/reference/sklearn_cases.json` were computed by scikit-learn
//! (and, for specificity, NPV and yields, plain numpy on scikit-learn's confusion matrix) with
//! `tests/it/reference/make_reference.py`; see that script for how to regenerate them. Nothing
//! here compares the core with itself.
//!
//! Conventions to keep in mind:
//! * scikit-learn's `confusion_matrix` has rows = TRUE class; ours has rows = OUTPUT. The file
//!   keeps scikit-learn's orientation and this test transposes.
//! * scikit-learn writes 0/0 as NaN (`zero_division=np.nan`, null in the file); the core returns
//!   `Score::Undefined`. Undefined must appear exactly where scikit-learn has NaN.
//! * scikit-learn's macro averages skip NaN classes and its `matthews_corrcoef` returns 0.0 for
//!   degenerate marginals; the core returns Undefined in both situations. Those are compared
//!   explicitly, not numerically.

use serde::Deserialize;
use serde_json::Value;
use utility_lab::core::metrics::{self, Metric};
use utility_lab::core::roc::{Roc, mann_whitney_auc};
use utility_lab::core::{ConfusionMatrix, Matrix, Orientation, Score, Undefined, UtilityMatrix};

const TOL: f64 = 1e-9;
const DATA: &str = include_str!("reference/sklearn_cases.json");

#[derive(Deserialize)]
struct Doc {
    versions: Versions,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Versions {
    numpy: String,
    #[serde(rename = "scikit-learn")]
    sklearn: String,
}

#[derive(Deserialize)]
struct Case {
    id: String,
    kinds: Vec<String>,
    label_type: String,
    explicit_labels: bool,
    labels: Vec<Value>,
    y_true: Vec<Value>,
    y_pred: Vec<Value>,
    sklearn_cm_true_rows: Vec<Vec<f64>>,
    accuracy: f64,
    balanced_accuracy: Option<f64>,
    precision: Vec<Option<f64>>,
    recall: Vec<Option<f64>>,
    f1: Vec<Option<f64>>,
    f2: Vec<Option<f64>>,
    support: Vec<u64>,
    specificity: Vec<Option<f64>>,
    npv: Vec<Option<f64>>,
    macro_precision: Option<f64>,
    macro_recall: Option<f64>,
    macro_f1: Option<f64>,
    micro_precision: Option<f64>,
    micro_recall: Option<f64>,
    micro_f1: Option<f64>,
    mcc: f64,
    mcc_denominator_zero: bool,
    kappa: Option<f64>,
    roc: Option<RocRef>,
    utility: Option<UtilityRef>,
}

#[derive(Deserialize)]
struct RocRef {
    positive_label: Value,
    scores: Vec<f64>,
    auc: f64,
    fpr: Vec<f64>,
    tpr: Vec<f64>,
    thresholds: Vec<Value>,
}

#[derive(Deserialize)]
struct UtilityRef {
    u_output_rows: Vec<Vec<f64>>,
    #[serde(rename = "yield")]
    yield_value: f64,
    total_yield: f64,
}

fn doc() -> Doc {
    serde_json::from_str(DATA).expect("tests/it/reference/sklearn_cases.json parses")
}

/// A JSON label (string or integer) as the string the core receives.
fn label(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        other => panic!("unexpected label {other}"),
    }
}

fn labels(vs: &[Value]) -> Vec<String> {
    vs.iter().map(label).collect()
}

/// Collects every mismatch so that one run reports all of them.
#[derive(Default)]
struct Report(Vec<String>);

impl Report {
    fn check(&mut self, ok: bool, msg: impl FnOnce() -> String) {
        if !ok {
            self.0.push(msg());
        }
    }

    /// A defined core value equal to scikit-learn's within `TOL`.
    fn num(&mut self, what: &str, id: &str, ours: Score, theirs: f64) {
        match ours {
            Score::Defined(v) => self.check((v - theirs).abs() <= TOL, || {
                format!("{id}: {what}: core {v} vs scikit-learn {theirs}")
            }),
            Score::Undefined(u) => self.0.push(format!(
                "{id}: {what}: core undefined ({u:?}), scikit-learn {theirs}"
            )),
        }
    }

    /// Defined and equal where scikit-learn gives a number; undefined with `why` where it
    /// gives NaN.
    fn opt(&mut self, what: &str, id: &str, ours: Score, theirs: Option<f64>, why: Undefined) {
        match theirs {
            Some(t) => self.num(what, id, ours, t),
            None => self.check(ours == Score::Undefined(why), || {
                format!("{id}: {what}: scikit-learn NaN, core {ours:?} (expected {why:?})")
            }),
        }
    }

    fn finish(self, what: &str) {
        assert!(
            self.0.is_empty(),
            "{what}: {} mismatches:\n{}",
            self.0.len(),
            self.0.join("\n")
        );
    }
}

/// The confusion matrix built from the label vectors, with its labels.
fn from_labels(c: &Case) -> (ConfusionMatrix, Vec<String>) {
    let yt = labels(&c.y_true);
    let yp = labels(&c.y_pred);
    if c.explicit_labels {
        let classes = labels(&c.labels);
        let cm = ConfusionMatrix::from_labels_with_classes(&yt, &yp, &classes)
            .unwrap_or_else(|e| panic!("{}: from_labels_with_classes: {e}", c.id));
        (cm, classes)
    } else {
        ConfusionMatrix::from_labels(&yt, &yp)
            .unwrap_or_else(|e| panic!("{}: from_labels: {e}", c.id))
    }
}

/// The confusion matrix built from scikit-learn's matrix (rows = true class).
fn from_sklearn(c: &Case) -> ConfusionMatrix {
    let m = Matrix::from_rows(&c.sklearn_cm_true_rows).expect("a matrix");
    ConfusionMatrix::new(m, Orientation::TrueRows).expect("a confusion matrix")
}

#[test]
fn the_reference_file_covers_what_it_should() {
    let d = doc();
    assert!(!d.versions.sklearn.is_empty() && !d.versions.numpy.is_empty());
    assert!(d.cases.len() >= 60, "only {} cases", d.cases.len());
    let count = |k: &str| {
        d.cases
            .iter()
            .filter(|c| c.kinds.iter().any(|x| x == k))
            .count()
    };
    assert!(count("never_predicted") >= 5);
    assert!(count("never_true") >= 5);
    assert!(count("explicit_absent_label") >= 3);
    assert!(count("constant_prediction") >= 1);
    assert!(d.cases.iter().filter(|c| c.roc.is_some()).count() >= 10);
    assert!(d.cases.iter().filter(|c| c.utility.is_some()).count() >= 20);
    assert!(d.cases.iter().any(|c| c.labels.len() == 2));
    assert!(d.cases.iter().any(|c| c.labels.len() >= 8));
    // Integer label sets whose numeric order differs from their string order, so that the
    // class order of `from_labels` is really tested.
    let numeric_not_lexicographic = d
        .cases
        .iter()
        .filter(|c| c.label_type == "int" && !c.explicit_labels)
        .filter(|c| {
            let mut s = labels(&c.labels);
            s.sort();
            s != labels(&c.labels)
        })
        .count();
    assert!(
        numeric_not_lexicographic >= 10,
        "{numeric_not_lexicographic}"
    );
    assert!(d.cases.iter().any(|c| c.label_type == "str"));
}

#[test]
fn confusion_matrices_from_labels_and_from_sklearn_agree() {
    let mut r = Report::default();
    for c in &doc().cases {
        let (cm, got_labels) = from_labels(c);
        let want_labels = labels(&c.labels);
        r.check(got_labels == want_labels, || {
            format!(
                "{}: labels {:?} vs scikit-learn's order {:?}",
                c.id, got_labels, want_labels
            )
        });
        let n = want_labels.len();
        r.check(cm.n() == n, || {
            format!("{}: {} classes vs {}", c.id, cm.n(), n)
        });
        if cm.n() != n {
            continue;
        }
        // Ours: rows = output i, columns = true j; scikit-learn: rows = true.
        for (i, row) in c.sklearn_cm_true_rows.iter().enumerate() {
            for (j, v) in row.iter().enumerate() {
                r.check(cm.get(j, i) == *v, || {
                    format!(
                        "{}: M[output {j}][true {i}] = {} vs scikit-learn {v}",
                        c.id,
                        cm.get(j, i)
                    )
                });
            }
        }
        let b = from_sklearn(c);
        r.check(b == cm, || {
            format!("{}: TrueRows matrix differs from the labels' one", c.id)
        });
        let back = cm.in_orientation(Orientation::TrueRows);
        r.check(back.to_rows() == c.sklearn_cm_true_rows, || {
            format!(
                "{}: in_orientation(TrueRows) is not scikit-learn's matrix",
                c.id
            )
        });
        let supports: Vec<f64> = c.support.iter().map(|s| *s as f64).collect();
        r.check(cm.class_totals() == supports, || {
            format!(
                "{}: class totals {:?} vs support {:?}",
                c.id,
                cm.class_totals(),
                supports
            )
        });
    }
    r.finish("confusion matrices");
}

#[test]
fn per_class_metrics_match_sklearn() {
    let mut r = Report::default();
    for c in &doc().cases {
        let cm = from_sklearn(c);
        let id = c.id.as_str();
        for k in 0..cm.n() {
            let what = |m: &str| format!("{m}[{k}]");
            r.opt(
                &what("precision"),
                id,
                metrics::precision(&cm, k),
                c.precision[k],
                Undefined::NeverOutput { class: k },
            );
            r.opt(
                &what("recall"),
                id,
                metrics::recall(&cm, k),
                c.recall[k],
                Undefined::NoCases { class: k },
            );
            r.opt(
                &what("f1"),
                id,
                metrics::f1(&cm, k),
                c.f1[k],
                Undefined::Absent { class: k },
            );
            let f2 = metrics::f_beta(&cm, k, 2.0).expect("beta = 2 is valid");
            r.opt(&what("f2"), id, f2, c.f2[k], Undefined::Absent { class: k });
            r.opt(
                &what("specificity"),
                id,
                metrics::specificity(&cm, k),
                c.specificity[k],
                Undefined::OnlyCases { class: k },
            );
            r.opt(
                &what("npv"),
                id,
                metrics::npv(&cm, k),
                c.npv[k],
                Undefined::AlwaysOutput { class: k },
            );
            // The per-class accessor of the summary metrics gives the same numbers.
            r.opt(
                &what("Metric::Precision.class_value"),
                id,
                Metric::Precision.class_value(&cm, k).unwrap(),
                c.precision[k],
                Undefined::NeverOutput { class: k },
            );
            r.opt(
                &what("Metric::Recall.class_value"),
                id,
                Metric::Recall.class_value(&cm, k).unwrap(),
                c.recall[k],
                Undefined::NoCases { class: k },
            );
            // Fowlkes–Mallows is not in scikit-learn per class: √(P·R) of scikit-learn's P and R.
            if let (Some(p), Some(rc)) = (c.precision[k], c.recall[k]) {
                r.num(
                    &what("fowlkes_mallows"),
                    id,
                    metrics::fowlkes_mallows(&cm, k),
                    (p * rc).sqrt(),
                );
            } else {
                r.check(metrics::fowlkes_mallows(&cm, k).value().is_none(), || {
                    format!("{id}: fowlkes_mallows[{k}] defined although P or R is NaN")
                });
            }
        }
        if cm.n() == 2 {
            // Independent cross-check: specificity of class 0 = scikit-learn's recall of class 1.
            r.opt(
                "specificity[0] vs recall[1]",
                id,
                metrics::specificity(&cm, 0),
                c.recall[1],
                Undefined::OnlyCases { class: 0 },
            );
            r.opt(
                "npv[0] vs precision[1]",
                id,
                metrics::npv(&cm, 0),
                c.precision[1],
                Undefined::AlwaysOutput { class: 0 },
            );
        }
    }
    r.finish("per-class metrics");
}

/// A macro-averaged metric: name, scikit-learn's per-class values and macro average, the
/// core's per-class function and summary metric.
type MacroRow<'a> = (
    &'a str,
    &'a [Option<f64>],
    Option<f64>,
    fn(&ConfusionMatrix, usize) -> Score,
    Metric,
);

/// The first class whose value is NaN in scikit-learn.
fn first_nan(v: &[Option<f64>]) -> Option<usize> {
    v.iter().position(|x| x.is_none())
}

#[test]
fn summary_metrics_match_sklearn() {
    let mut r = Report::default();
    let mut compared_mcc_zero = 0;
    for c in &doc().cases {
        let cm = from_sklearn(c);
        let id = c.id.as_str();
        let n = cm.n();
        r.check((metrics::accuracy(&cm) - c.accuracy).abs() <= TOL, || {
            format!(
                "{id}: accuracy {} vs {}",
                metrics::accuracy(&cm),
                c.accuracy
            )
        });
        r.num(
            "Metric::Accuracy",
            id,
            Metric::Accuracy.value(&cm, None).unwrap(),
            c.accuracy,
        );
        // Micro averages of single-label classification are the accuracy.
        for (what, m) in [
            ("micro precision", c.micro_precision),
            ("micro recall", c.micro_recall),
            ("micro f1", c.micro_f1),
        ] {
            let m = m.unwrap_or_else(|| panic!("{id}: {what} NaN"));
            r.check((metrics::accuracy(&cm) - m).abs() <= TOL, || {
                format!(
                    "{id}: accuracy {} vs scikit-learn {what} {m}",
                    metrics::accuracy(&cm)
                )
            });
        }

        // Balanced accuracy: scikit-learn ignores classes without cases (with a warning); the
        // core says undefined. It is the mean of recalls either way.
        let ba = metrics::balanced_accuracy(&cm);
        match first_nan(&c.recall) {
            None => {
                let want = c.balanced_accuracy.expect("defined");
                if c.explicit_labels {
                    r.check(false, || {
                        format!("{id}: explicit absent label should make recall NaN")
                    });
                }
                r.num("balanced accuracy", id, ba, want);
                r.num(
                    "Metric::BalancedAccuracy",
                    id,
                    Metric::BalancedAccuracy.value(&cm, None).unwrap(),
                    want,
                );
            }
            Some(k) => r.check(
                ba == Score::Undefined(Undefined::NoCases { class: k }),
                || format!("{id}: balanced accuracy {ba:?}, want undefined for class {k}"),
            ),
        }

        // Macro averages (and the summary metrics, which are macro averages for n > 2).
        let macros: [MacroRow; 3] = [
            (
                "precision",
                &c.precision,
                c.macro_precision,
                metrics::precision,
                Metric::Precision,
            ),
            (
                "recall",
                &c.recall,
                c.macro_recall,
                metrics::recall,
                Metric::Recall,
            ),
            ("f1", &c.f1, c.macro_f1, metrics::f1, Metric::F1),
        ];
        for (name, per_class, sk_macro, f, metric) in macros {
            let ours = metrics::macro_average(&cm, f);
            let summary = metric.value(&cm, None).unwrap();
            match first_nan(per_class) {
                None => {
                    let want = sk_macro.expect("all classes defined");
                    r.num(&format!("macro {name}"), id, ours, want);
                    if n > 2 {
                        r.num(&format!("Metric::{name} (macro)"), id, summary, want);
                    }
                }
                Some(_) => {
                    r.check(ours.value().is_none(), || {
                        format!("{id}: macro {name} {ours:?} although scikit-learn has a NaN class")
                    });
                    if n > 2 {
                        r.check(summary.value().is_none(), || {
                            format!("{id}: Metric {name} {summary:?} although a class is NaN")
                        });
                    }
                }
            }
            if n == 2 {
                // Binary: class 0 is positive (scikit-learn's pos_label = the first label).
                match per_class[0] {
                    Some(v) => r.num(&format!("Metric::{name} (binary)"), id, summary, v),
                    None => r.check(summary.value().is_none(), || {
                        format!("{id}: Metric {name} (binary) {summary:?}, scikit-learn NaN")
                    }),
                }
            }
        }
        if n == 2 {
            r.opt(
                "Metric::Specificity (binary)",
                id,
                Metric::Specificity.value(&cm, None).unwrap(),
                c.specificity[0],
                Undefined::OnlyCases { class: 0 },
            );
            r.opt(
                "Metric::Npv (binary)",
                id,
                Metric::Npv.value(&cm, None).unwrap(),
                c.npv[0],
                Undefined::AlwaysOutput { class: 0 },
            );
        }

        // MCC: scikit-learn returns 0.0 where the core says 0/0.
        let mcc = metrics::mcc(&cm);
        if c.mcc_denominator_zero {
            compared_mcc_zero += 1;
            r.check(c.mcc == 0.0, || {
                format!("{id}: scikit-learn MCC {} on degenerate marginals", c.mcc)
            });
            // The denominator vanishes only when one output or one class takes everything.
            r.check(
                matches!(
                    mcc,
                    Score::Undefined(Undefined::AlwaysOutput { .. } | Undefined::OnlyCases { .. })
                ),
                || {
                    format!(
                        "{id}: core MCC {mcc:?} on degenerate marginals (scikit-learn gives 0.0)"
                    )
                },
            );
        } else {
            r.num("mcc", id, mcc, c.mcc);
            r.num(
                "Metric::Mcc",
                id,
                Metric::Mcc.value(&cm, None).unwrap(),
                c.mcc,
            );
        }

        let kappa = metrics::cohen_kappa(&cm);
        r.opt("kappa", id, kappa, c.kappa, Undefined::ChanceAgreementOne);
        r.opt(
            "Metric::Kappa",
            id,
            Metric::Kappa.value(&cm, None).unwrap(),
            c.kappa,
            Undefined::ChanceAgreementOne,
        );
    }
    assert!(
        compared_mcc_zero >= 3,
        "too few degenerate-MCC cases: {compared_mcc_zero}"
    );
    r.finish("summary metrics");
}

#[test]
fn roc_curves_and_auc_match_sklearn() {
    let mut r = Report::default();
    let mut n_curves = 0;
    for c in &doc().cases {
        let Some(roc_ref) = &c.roc else { continue };
        n_curves += 1;
        let id = c.id.as_str();
        let pos = label(&roc_ref.positive_label);
        r.check(pos == label(&c.labels[0]), || {
            format!("{id}: positive label is not class 0")
        });
        let positive: Vec<bool> = c.y_true.iter().map(|y| label(y) == pos).collect();
        let roc = Roc::from_scores(&roc_ref.scores, &positive).expect("a ROC curve");
        let auc = roc.auc();
        r.check((auc - roc_ref.auc).abs() <= TOL, || {
            format!("{id}: AUC {auc} vs {}", roc_ref.auc)
        });
        let mw = mann_whitney_auc(&roc_ref.scores, &positive).expect("Mann–Whitney");
        r.check((mw - roc_ref.auc).abs() <= TOL, || {
            format!("{id}: Mann–Whitney AUC {mw} vs {}", roc_ref.auc)
        });
        r.check(roc.points.len() == roc_ref.fpr.len(), || {
            format!(
                "{id}: {} ROC points vs scikit-learn's {}",
                roc.points.len(),
                roc_ref.fpr.len()
            )
        });
        for (k, p) in roc.points.iter().enumerate().take(roc_ref.fpr.len()) {
            r.check(
                (p.fpr - roc_ref.fpr[k]).abs() <= TOL && (p.tpr - roc_ref.tpr[k]).abs() <= TOL,
                || {
                    format!(
                        "{id}: point {k} ({}, {}) vs ({}, {})",
                        p.fpr, p.tpr, roc_ref.fpr[k], roc_ref.tpr[k]
                    )
                },
            );
            let thr = &roc_ref.thresholds[k];
            let same = match thr {
                Value::String(s) if s == "inf" => p.threshold == f64::INFINITY,
                Value::Number(x) => p.threshold == x.as_f64().unwrap(),
                _ => false,
            };
            r.check(same, || {
                format!("{id}: threshold {k}: {} vs {thr}", p.threshold)
            });
        }
        r.check(roc.positives == c.support[0] as usize, || {
            format!("{id}: positives")
        });
    }
    assert!(n_curves >= 10);
    r.finish("ROC");
}

#[test]
fn yields_match_numpy() {
    let mut r = Report::default();
    let mut n = 0;
    for c in &doc().cases {
        let Some(u_ref) = &c.utility else { continue };
        n += 1;
        let id = c.id.as_str();
        let u = UtilityMatrix::new(Matrix::from_rows(&u_ref.u_output_rows).unwrap()).unwrap();
        let (cm, _) = from_labels(c);
        let y = u.yield_of(&cm).unwrap();
        r.check((y - u_ref.yield_value).abs() <= TOL, || {
            format!("{id}: yield {y} vs numpy {}", u_ref.yield_value)
        });
        let t = u.total_yield_of(&cm).unwrap();
        r.check(
            (t - u_ref.total_yield).abs() <= TOL * u_ref.total_yield.abs().max(1.0),
            || format!("{id}: total yield {t} vs numpy {}", u_ref.total_yield),
        );
        // The same classifier given as a normalized matrix in scikit-learn's orientation.
        let total: f64 = c.sklearn_cm_true_rows.iter().flatten().sum();
        let norm: Vec<Vec<f64>> = c
            .sklearn_cm_true_rows
            .iter()
            .map(|row| row.iter().map(|v| v / total).collect())
            .collect();
        let cmn = ConfusionMatrix::from_normalized(
            Matrix::from_rows(&norm).unwrap(),
            Orientation::TrueRows,
        )
        .unwrap();
        let yn = u.yield_of(&cmn).unwrap();
        r.check((yn - u_ref.yield_value).abs() <= TOL, || {
            format!(
                "{id}: yield from the normalized matrix {yn} vs numpy {}",
                u_ref.yield_value
            )
        });
    }
    assert!(n >= 20);
    r.finish("yields");
}
