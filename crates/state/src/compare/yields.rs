//! The Compare view's yields: the table of each classifier's yield (per item, in total, under
//! the deployment class shares) with the trivial "always decide d" classifiers as references
//! ([`yields_table`]), the note when one of those beats every classifier ([`beaten_note`]),
//! and the bar chart ([`yields_chart`]).

use super::Analysis;
use crate::AppState;
use crate::sure::SureReport;
use ulab_plot::yields::{Sureness, YieldChart};

/// One line of the yields table (a classifier or a trivial reference classifier).
#[derive(Debug, Clone, PartialEq)]
pub struct YieldLine {
    /// Rank on the test set (`None` for reference rows).
    pub rank: Option<usize>,
    /// The classifier's name, or "always d".
    pub name: String,
    /// Yield per item on the test set.
    pub value: f64,
    /// Total over the test set (counts only).
    pub total: Option<f64>,
    /// Yield per item and rank under the deployment class shares.
    pub deployment: Option<(f64, Option<usize>)>,
    /// Ranked first (classifiers) / beats every classifier (references).
    pub highlight: bool,
}

/// What the yields table shows, in display order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct YieldsTable {
    /// The classifiers, ranked.
    pub classifiers: Vec<YieldLine>,
    /// "Always decide d", one per decision.
    pub references: Vec<YieldLine>,
    /// The test set's size when every classifier's matrix holds counts of the same size.
    pub n_items: Option<f64>,
    pub has_totals: bool,
    pub has_deployment: bool,
    /// The reference that beats every classifier on the test set / under deployment.
    pub beaten: Option<String>,
    pub beaten_deployment: Option<String>,
}

/// The yields table of `a`, the analysis of `s`: the classifiers ranked (with their totals when
/// they hold counts, and their yields and ranks under the deployment shares when set), then
/// "always decide d" for each decision as reference rows.
pub fn yields_table(s: &AppState, a: &Analysis) -> YieldsTable {
    let dep = a.deployment.as_ref();
    let names = s.problem.all_names();
    let classifiers = a
        .test
        .ranking
        .iter()
        .enumerate()
        .map(|(rank, &i)| {
            let row = &a.test.rows[i];
            YieldLine {
                rank: Some(rank + 1),
                name: names[i].clone(),
                value: row.yield_value,
                total: row.total,
                deployment: dep.map(|d| {
                    (
                        d.rows[i].yield_value,
                        d.ranking.iter().position(|j| *j == i).map(|r| r + 1),
                    )
                }),
                highlight: a.test.best.contains(&i),
            }
        })
        .collect();
    let n_items = {
        let totals: Vec<f64> = s.all_classifiers().map(|c| c.matrix.sum()).collect();
        let counts = a.test.rows.iter().all(|r| r.total.is_some());
        match totals.first() {
            Some(t) if counts && totals.iter().all(|u| u == t) => Some(*t),
            _ => None,
        }
    };
    let references = a
        .test
        .trivial
        .iter()
        .enumerate()
        .map(|(d, y)| YieldLine {
            rank: None,
            name: format!(
                "always {}",
                s.decisions().get(d).cloned().unwrap_or_default()
            ),
            value: *y,
            total: n_items.map(|n| n * y),
            deployment: dep.and_then(|dd| dd.trivial.get(d)).map(|v| (*v, None)),
            highlight: a.test.trivial_best == Some(d)
                || dep.is_some_and(|dd| dd.trivial_best == Some(d)),
        })
        .collect();
    let name_of = |d: usize| s.decisions().get(d).cloned().unwrap_or_default();
    YieldsTable {
        classifiers,
        references,
        n_items,
        has_totals: a.test.rows.iter().any(|r| r.total.is_some()),
        has_deployment: dep.is_some(),
        beaten: a.test.trivial_best.map(name_of),
        beaten_deployment: dep.and_then(|d| d.trivial_best).map(name_of),
    }
}

/// The bar chart of `a`, the analysis of `s`: the classifiers ranked, with the trivial
/// classifiers (and, when set, their yields under the deployment shares) as reference lines.
pub fn yields_chart(s: &AppState, a: &Analysis) -> YieldChart {
    let order = &a.test.ranking;
    let mut references: Vec<(String, f64)> = s
        .decisions()
        .iter()
        .zip(a.test.trivial.iter())
        .map(|(d, y)| (format!("always {d}"), *y))
        .collect();
    if let Some(d) = &a.deployment {
        references.extend(
            s.decisions()
                .iter()
                .zip(d.trivial.iter())
                .map(|(d, y)| (format!("always {d} (deployment)"), *y)),
        );
    }
    let all = s.problem.all_names();
    YieldChart {
        names: order.iter().map(|i| all[*i].clone()).collect(),
        yields: order.iter().map(|i| a.test.rows[*i].yield_value).collect(),
        deployment: a
            .deployment
            .as_ref()
            .map(|d| order.iter().map(|i| d.rows[*i].yield_value).collect()),
        references,
        x_title: "utility yield per item".into(),
        sure: vec![],
    }
}

/// `chart` with the 90 % interval and P(best) of each of its classifiers in `report` (matched by
/// name, in the chart's order; a classifier the report does not rank has none).
///
/// ```
/// use ulab_state::{AppState, compare::{analyze, yields::{with_sureness, yields_chart}}, sure::compare_job};
/// let s = AppState::default(); // the factory
/// let chart = yields_chart(&s, &analyze(&s).unwrap());
/// let report = compare_job(&s).unwrap().run().unwrap();
/// let chart = with_sureness(chart, &report);
/// let a = chart.names.iter().position(|n| n == "A").unwrap();
/// let sure = chart.sure[a].unwrap();
/// assert!(sure.low < sure.high && (0.55..0.66).contains(&sure.p_best));
/// ```
pub fn with_sureness(mut chart: YieldChart, report: &SureReport) -> YieldChart {
    chart.sure = chart
        .names
        .iter()
        .map(|n| {
            let k = report.names.iter().position(|m| m == n)?;
            let y = report.sure.yields[k];
            Some(Sureness {
                low: y.low,
                high: y.high,
                p_best: report.sure.p_best[k],
            })
        })
        .collect();
    chart
}

impl YieldsTable {
    /// The note when deciding the same thing for every item yields more than every classifier
    /// (on the test set, under the deployment shares, or both).
    pub fn beaten_note(&self) -> Option<String> {
        let dep = self
            .has_deployment
            .then_some(self.beaten_deployment.as_deref());
        beaten_note(self.beaten.as_deref(), dep)
    }

    /// The number of columns: rank, name, per item, total (counts), and the deployment's yield
    /// and rank.
    pub fn columns(&self) -> usize {
        3 + usize::from(self.has_totals) + 2 * usize::from(self.has_deployment)
    }
}

/// The note when deciding `test` (on the test set) or `deployment` (under the deployment
/// shares) for every item yields more than every classifier. `deployment` is `None` without
/// deployment shares, `Some(None)` when they are set and no constant decision beats the
/// classifiers under them: then the test set's note says it holds there only.
///
/// # Examples
///
/// ```
/// use ulab_state::compare::yields::beaten_note;
/// assert_eq!(beaten_note(None, None), None);
/// assert_eq!(
///     beaten_note(Some("short"), None).unwrap(),
///     "Deciding 'short' for every item, without any classifier, yields more than every classifier."
/// );
/// assert_eq!(
///     beaten_note(Some("short"), Some(None)).unwrap(),
///     "On the test set's class shares, deciding 'short' for every item yields more than every classifier; under the deployment class shares it does not."
/// );
/// ```
pub fn beaten_note(test: Option<&str>, deployment: Option<Option<&str>>) -> Option<String> {
    match (test, deployment.flatten()) {
        (Some(a), Some(b)) if a == b => Some(format!(
            "Deciding '{a}' for every item yields more than every classifier, on the test set and under the deployment class shares."
        )),
        (Some(a), Some(b)) => Some(format!(
            "Deciding '{a}' for every item yields more than every classifier on the test set; deciding '{b}' does under the deployment class shares."
        )),
        (Some(a), None) if deployment.is_some() => Some(format!(
            "On the test set's class shares, deciding '{a}' for every item yields more than every classifier; under the deployment class shares it does not."
        )),
        (Some(a), None) => Some(format!(
            "Deciding '{a}' for every item, without any classifier, yields more than every classifier."
        )),
        (None, Some(b)) => Some(format!(
            "Under the deployment class shares, deciding '{b}' for every item yields more than every classifier."
        )),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::analyze;
    use crate::{link, presets};

    #[test]
    fn the_factory_table_ranks_a_first_with_totals_and_references() {
        let s = presets::factory();
        let a = analyze(&s).unwrap();
        let t = yields_table(&s, &a);
        let names: Vec<&str> = t.classifiers.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["A", "B"]);
        assert_eq!(t.classifiers[0].rank, Some(1));
        assert!(t.classifiers[0].highlight && !t.classifiers[1].highlight);
        assert!((t.classifiers[0].value - 3.5).abs() < 1e-12);
        assert_eq!(t.classifiers[0].total, Some(350.0));
        assert_eq!(t.n_items, Some(100.0));
        assert!(t.has_totals && !t.has_deployment);
        assert_eq!(t.columns(), 4);
        let refs: Vec<&str> = t.references.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(refs, ["always long", "always short"]);
        assert!(t.references.iter().all(|l| l.rank.is_none()));
        // A reference's total is its yield over the test set's items.
        let r = &t.references[0];
        assert_eq!(r.total, Some(100.0 * r.value));
        // Deciding "short" for every component yields more than A and B (Dyrland et al. 2022).
        assert_eq!(t.beaten.as_deref(), Some("short"));
        assert!(t.references[1].highlight && !t.references[0].highlight);
        assert!(
            t.beaten_note()
                .unwrap()
                .starts_with("Deciding 'short' for every item, without")
        );
    }

    #[test]
    fn the_chart_follows_the_ranking_with_references() {
        let s = presets::factory();
        let a = analyze(&s).unwrap();
        let c = yields_chart(&s, &a);
        assert_eq!(c.names, ["A", "B"]);
        assert!((c.yields[0] - 3.5).abs() < 1e-12 && (c.yields[1] + 3.5).abs() < 1e-12);
        assert_eq!(c.deployment, None);
        let refs: Vec<&str> = c.references.iter().map(|r| r.0.as_str()).collect();
        assert_eq!(refs, ["always long", "always short"]);
        assert_eq!(c.x_title, "utility yield per item");
    }

    #[test]
    fn deployment_adds_columns_ranks_and_reference_lines() {
        let d = link::decode(&format!("{}&prev=0.1,0.9", presets::PRESETS[0].fragment));
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        let a = analyze(&d.state).unwrap();
        let t = yields_table(&d.state, &a);
        assert!(t.has_deployment);
        assert_eq!(t.columns(), 6);
        for l in &t.classifiers {
            let (y, rank) = l.deployment.unwrap();
            assert!(y.is_finite());
            assert!(rank.is_some());
        }
        let c = yields_chart(&d.state, &a);
        assert_eq!(c.deployment.as_ref().map(Vec::len), Some(2));
        assert_eq!(c.references.len(), 4);
        assert_eq!(c.references[2].0, "always long (deployment)");
    }

    #[test]
    fn a_beaten_note_names_the_decisions() {
        let both = beaten_note(Some("x"), Some(Some("x"))).unwrap();
        assert!(both.ends_with("on the test set and under the deployment class shares."));
        let two = beaten_note(Some("x"), Some(Some("y"))).unwrap();
        assert!(two.contains("'x'") && two.contains("'y'"));
        let dep = beaten_note(None, Some(Some("y"))).unwrap();
        assert!(dep.starts_with("Under the deployment class shares, deciding 'y'"));
    }

    #[test]
    fn under_deployment_shares_where_the_baseline_loses_the_note_says_so() {
        // The factory at 90 % long: "always short" yields 0.9 × (−35) + 0.1 × 165 = −15, B 5.7
        // (issue 28, item 3): the test set's note must not stand alone.
        let d = link::decode(&format!("{}&prev=0.9,0.1", presets::PRESETS[0].fragment));
        let a = analyze(&d.state).unwrap();
        let t = yields_table(&d.state, &a);
        assert_eq!(t.beaten.as_deref(), Some("short"));
        assert_eq!(t.beaten_deployment, None);
        assert!(
            t.beaten_note()
                .unwrap()
                .ends_with("under the deployment class shares it does not."),
            "{:?}",
            t.beaten_note()
        );
        let v = crate::compare::verdict_of(&d.state, &a);
        assert!(!v.trivial_wins, "{v:?}");
        assert!(!v.text().contains("for every item"), "{}", v.text());
    }
}
