//! The metrics the story counts: the rows of the Compare view's metric table for the factory
//! (issue 28, item 10), so that the story's tally ("11 of 12 metrics favour B") is Compare's, by
//! construction. The metrics of Table 1 of Dyrland et al. 2022 come first, under the paper's
//! names ([`TABLE1`]); then those Compare shows besides (negative predictive value, Cohen's
//! kappa, p-d, net benefit), marked as not in the paper's table.

use crate::AppState;
use crate::compare::{Measure, TableRow, analyze};
use ulab_core::metrics::{Admissibility, Metric};

/// A metric of Table 1 and its names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table1Metric {
    /// The metric.
    pub metric: Metric,
    /// Its name in Table 1.
    pub label: &'static str,
    /// A short name (tallies, small screens).
    pub short: &'static str,
    /// Its name inside a sentence.
    pub prose: &'static str,
}

const fn t1(
    metric: Metric,
    label: &'static str,
    short: &'static str,
    prose: &'static str,
) -> Table1Metric {
    Table1Metric {
        metric,
        label,
        short,
        prose,
    }
}

/// The metrics of Table 1 of Dyrland et al. 2022, in its order, with the names it uses. (The paper
/// merges accuracy and balanced accuracy into one row, equal here because the classes are
/// balanced; the course chapter lists them apart, as here.)
pub const TABLE1: [Table1Metric; 8] = [
    t1(Metric::Accuracy, "Accuracy", "Accuracy", "accuracy"),
    t1(
        Metric::BalancedAccuracy,
        "Balanced accuracy",
        "Balanced accuracy",
        "balanced accuracy",
    ),
    t1(Metric::Precision, "Precision", "Precision", "precision"),
    t1(Metric::F1, "F₁ measure", "F₁", "F₁ measure"),
    t1(
        Metric::Mcc,
        "Matthews correlation coefficient",
        "MCC",
        "Matthews correlation coefficient",
    ),
    t1(
        Metric::FowlkesMallows,
        "Fowlkes–Mallows index",
        "Fowlkes–Mallows",
        "Fowlkes–Mallows index",
    ),
    t1(
        Metric::Recall,
        "True-positive rate (recall)",
        "TPR (recall)",
        "true-positive rate",
    ),
    t1(
        Metric::Specificity,
        "True-negative rate (specificity)",
        "TNR (specificity)",
        "true-negative rate",
    ),
];

/// A metric of the story for both classifiers.
#[derive(Debug, Clone, PartialEq)]
pub struct MetricRow {
    /// What it measures (a row of Compare's metric table).
    pub measure: Measure,
    /// Its name in the story's table.
    pub label: String,
    /// A short name (tallies, small screens).
    pub short: String,
    /// Its name inside a sentence.
    pub prose: String,
    /// Whether Table 1 of the paper has it.
    pub in_table1: bool,
    /// Whether it is the yield of a fixed utility matrix (eq. 17), and which.
    pub admissibility: Admissibility,
    /// Its value for A and for B (every metric of the story is defined for these matrices).
    pub values: [f64; 2],
    /// The classifier it favours (0 = A, 1 = B), `None` on a tie: Compare's.
    pub favoured: Option<usize>,
    /// How much higher the favoured value is, relative to the other: `(hi − lo) / lo`
    /// (`None` on a tie or if `lo ≤ 0`).
    pub relative: Option<f64>,
}

impl MetricRow {
    /// The row's machine key (test ids): [`Measure::key`].
    pub fn key(&self) -> &'static str {
        self.measure.key()
    }
}

/// The story's row of Compare's row `row` (two classifiers, two classes).
fn story_row(row: &TableRow) -> MetricRow {
    let v = |k: usize| {
        row.values
            .get(k)
            .and_then(|s| s.value())
            .unwrap_or(f64::NAN)
    };
    let values = [v(0), v(1)];
    let favoured = match row.favoured.as_slice() {
        [k] => Some(*k),
        _ => None,
    };
    let lo = values[0].min(values[1]);
    let relative = favoured.and_then(|k| (lo > 0.0).then(|| (values[k] - lo) / lo));
    let table1 = match row.measure {
        Measure::Metric(m) => TABLE1.iter().find(|t| t.metric == m),
        _ => None,
    };
    let (label, short, prose) = match (table1, row.measure) {
        (Some(t), _) => (t.label.into(), t.short.into(), t.prose.into()),
        (None, Measure::Metric(Metric::Npv)) => (
            "Negative predictive value".into(),
            "NPV".into(),
            "negative predictive value".into(),
        ),
        (None, Measure::Metric(Metric::Kappa)) => (
            "Cohen's kappa".into(),
            "Cohen's kappa".into(),
            "Cohen's kappa".into(),
        ),
        (None, Measure::Metric(Metric::PreferenceDriven)) => (
            "Preference-driven measure (p-d)".into(),
            "p-d".into(),
            "preference-driven measure".into(),
        ),
        (None, Measure::NetBenefit(_)) => (
            row.measure.label(2),
            "Net benefit".into(),
            "net benefit".into(),
        ),
        (None, m) => {
            let label = m.label(2);
            (label.clone(), label.clone(), label)
        }
    };
    MetricRow {
        measure: row.measure,
        label,
        short,
        prose,
        in_table1: table1.is_some(),
        admissibility: row.admissibility.clone(),
        values,
        favoured,
        relative,
    }
}

/// The story's metrics for the factory `state`: every metric row of the Compare view's
/// analysis on the test set, those of Table 1 first (in its order), then the others (in
/// Compare's). Empty if the state cannot be analysed (never for the presets).
pub fn metric_rows(state: &AppState) -> Vec<MetricRow> {
    let Ok(a) = analyze(state) else {
        return Vec::new();
    };
    let mut rows: Vec<MetricRow> = a.test.metric_rows().map(story_row).collect();
    let rank = |r: &MetricRow| match r.measure {
        Measure::Metric(m) => TABLE1
            .iter()
            .position(|t| t.metric == m)
            .unwrap_or(TABLE1.len()),
        _ => TABLE1.len(),
    };
    ulab_core::order::sort_by_number(&mut rows, |r| rank(r) as f64, false);
    rows
}
