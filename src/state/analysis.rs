//! Everything the Compare view shows, computed from the state in one pass: yields and
//! rankings (test set and deployment), the metric table with the favoured classifier per
//! metric, admissibility, the trivial classifiers, and the plain-words verdict.

use super::AppState;
use crate::core::metrics::{all_metrics, Admissibility, Metric};
use crate::core::prevalence::reweight;
use crate::core::utility::ranking;
use crate::core::{ConfusionMatrix, Score, UtilityMatrix};

/// One classifier's numbers on one class distribution.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Yield per item.
    pub yield_value: f64,
    /// Total yield over the test set's `N` items (`None` if the matrix holds fractions).
    pub total: Option<f64>,
    /// Every summary metric, in [`Metric::ALL`] order.
    pub metrics: Vec<(Metric, Score)>,
}

/// The numbers of all classifiers on one class distribution (the test set's, or deployment).
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    /// One row per classifier, in state order.
    pub rows: Vec<Row>,
    /// Classifier indices, best yield first.
    pub ranking: Vec<usize>,
    /// Yield of "always decide d" for each decision.
    pub trivial: Vec<f64>,
    /// Class shares used.
    pub shares: Vec<f64>,
    /// For each metric (in [`Metric::ALL`] order): the classifiers it favours (highest
    /// defined value; several on ties) and disfavours (lowest).
    pub favoured: Vec<(Vec<usize>, Vec<usize>)>,
    /// Metrics whose favourite is not the yield's best classifier.
    pub disagreeing: Vec<Metric>,
}

/// The whole analysis.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// On the test set.
    pub test: Scenario,
    /// Under the deployment prevalence, when it is set.
    pub deployment: Option<Scenario>,
    /// Admissibility of each metric (in [`Metric::ALL`] order) for this number of classes.
    pub admissibility: Vec<Admissibility>,
    /// Problems worth a warning (e.g. classifiers tested on different test sets).
    pub warnings: Vec<String>,
}

/// Values within this relative distance count as a tie.
const TIE: f64 = 1e-12;

fn extremes(values: &[Option<f64>]) -> (Vec<usize>, Vec<usize>) {
    let defined: Vec<f64> = values.iter().flatten().copied().collect();
    if defined.len() < 2 {
        return (vec![], vec![]);
    }
    let hi = defined.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let lo = defined.iter().copied().fold(f64::INFINITY, f64::min);
    let tol = TIE * hi.abs().max(lo.abs()).max(1.0);
    if hi - lo <= tol {
        return (vec![], vec![]);
    }
    let pick = |target: f64| {
        values
            .iter()
            .enumerate()
            .filter(|(_, v)| v.is_some_and(|v| (v - target).abs() <= tol))
            .map(|(i, _)| i)
            .collect()
    };
    (pick(hi), pick(lo))
}

fn scenario(
    u: &UtilityMatrix,
    cms: &[ConfusionMatrix],
    kappa: Option<&[f64]>,
    counts: &[bool],
) -> Result<Scenario, String> {
    let mut rows = Vec::with_capacity(cms.len());
    for (cm, is_counts) in cms.iter().zip(counts) {
        let y = u.yield_of(cm).map_err(|e| e.to_string())?;
        rows.push(Row {
            yield_value: y,
            total: is_counts.then(|| y * cm.total()),
            metrics: all_metrics(cm, kappa).map_err(|e| e.to_string())?,
        });
    }
    let yields: Vec<f64> = rows.iter().map(|r| r.yield_value).collect();
    let order = ranking(&yields);
    let shares = cms.first().map(|c| c.class_shares()).unwrap_or_default();
    let trivial = if shares.is_empty() {
        vec![]
    } else {
        u.trivial_yields(&shares).map_err(|e| e.to_string())?
    };
    let (best_yield, _) = extremes(&yields.iter().map(|y| Some(*y)).collect::<Vec<_>>());
    let mut favoured = Vec::new();
    let mut disagreeing = Vec::new();
    for (k, m) in Metric::ALL.iter().enumerate() {
        let vals: Vec<Option<f64>> = rows.iter().map(|r| r.metrics[k].1.value()).collect();
        let fav = extremes(&vals);
        if !best_yield.is_empty()
            && !fav.0.is_empty()
            && !fav.0.iter().any(|i| best_yield.contains(i))
        {
            disagreeing.push(*m);
        }
        favoured.push(fav);
    }
    Ok(Scenario {
        rows,
        ranking: order,
        trivial,
        shares,
        favoured,
        disagreeing,
    })
}

/// Computes the analysis.
///
/// # Errors
/// The state is invalid (cannot happen for states from the codecs).
///
/// # Examples
///
/// ```
/// use utility_lab::state::{analysis::analyze, AppState};
/// let a = analyze(&AppState::default()).unwrap();
/// assert_eq!(a.test.ranking, vec![0, 1]); // A first
/// assert!(a.test.disagreeing.len() >= 8);   // most metrics favour B
/// ```
pub fn analyze(state: &AppState) -> Result<Analysis, String> {
    let u = state.utility_matrix().map_err(|e| e.to_string())?;
    let cms: Vec<ConfusionMatrix> = state
        .classifiers
        .iter()
        .map(|c| c.confusion().map_err(|e| format!("{}: {e}", c.name)))
        .collect::<Result<_, _>>()?;
    let counts: Vec<bool> = cms
        .iter()
        .map(|c| c.is_integer_counts() && c.total() > 1.0)
        .collect();
    let kappa = state.kappa.as_deref();
    let test = scenario(&u, &cms, kappa, &counts)?;
    let deployment = match &state.prevalence {
        Some(p) => {
            let re: Vec<ConfusionMatrix> = cms
                .iter()
                .zip(&state.classifiers)
                .map(|(c, s)| reweight(c, p).map_err(|e| format!("{}: {e}", s.name)))
                .collect::<Result<_, _>>()?;
            Some(scenario(&u, &re, kappa, &counts)?)
        }
        None => None,
    };
    let n = state.n();
    let admissibility = Metric::ALL.iter().map(|m| m.admissibility(n)).collect();
    let mut warnings = Vec::new();
    if let Some(first) = cms.first() {
        let s0 = first.class_shares();
        for (cm, c) in cms.iter().zip(&state.classifiers).skip(1) {
            let s = cm.class_shares();
            if s.iter().zip(&s0).any(|(a, b)| (a - b).abs() > 1e-9) {
                warnings.push(format!(
                    "'{}' has other class shares than '{}': classifiers should be compared on the \
                     same test set",
                    c.name, state.classifiers[0].name
                ));
            }
        }
    }
    Ok(Analysis {
        test,
        deployment,
        admissibility,
        warnings,
    })
}

/// The verdict in plain words: which classifier yields most, and whether most metrics say
/// otherwise.
///
/// # Examples
///
/// ```
/// use utility_lab::state::{analysis::{analyze, verdict}, AppState};
/// let s = AppState::default();
/// let v = verdict(&s, &analyze(&s).unwrap().test);
/// assert!(v.starts_with("A has the highest utility yield"), "{v}");
/// assert!(v.contains("of 11 metrics favour B"), "{v}");
/// ```
pub fn verdict(state: &AppState, sc: &Scenario) -> String {
    let names: Vec<&str> = state.classifiers.iter().map(|c| c.name.as_str()).collect();
    if names.is_empty() {
        return "Add a classifier to compare.".into();
    }
    if names.len() == 1 {
        return format!(
            "{} yields {} per item; add another classifier to compare.",
            names[0],
            fmt(sc.rows[0].yield_value)
        );
    }
    let yields: Vec<f64> = sc.rows.iter().map(|r| r.yield_value).collect();
    let (best, _) = extremes(&yields.iter().map(|y| Some(*y)).collect::<Vec<_>>());
    if best.is_empty() {
        return "All classifiers have the same utility yield.".into();
    }
    let best_names: Vec<&str> = best.iter().map(|i| names[*i]).collect();
    let second = sc.ranking.iter().find(|i| !best.contains(i)).copied();
    let mut s = if best.len() == 1 {
        match second {
            Some(j) => format!(
                "{} has the highest utility yield: {} per item, against {} for {}.",
                best_names[0],
                fmt(yields[best[0]]),
                fmt(yields[j]),
                names[j]
            ),
            None => format!("{} has the highest utility yield.", best_names[0]),
        }
    } else {
        format!(
            "{} tie for the highest utility yield.",
            best_names.join(" and ")
        )
    };
    let total = Metric::ALL.len();
    let against = sc.disagreeing.len();
    if against * 2 > total {
        // Which classifier do the disagreeing metrics favour most often?
        let mut votes = vec![0usize; names.len()];
        for (k, _) in Metric::ALL.iter().enumerate() {
            for i in &sc.favoured[k].0 {
                if !best.contains(i) {
                    votes[*i] += 1;
                }
            }
        }
        let top = (0..names.len()).max_by_key(|i| votes[*i]).unwrap_or(0);
        s.push_str(&format!(
            " Yet {against} of {total} metrics favour {}: here the majority of metrics would pick the wrong classifier.",
            if votes[top] == against { names[top].to_string() } else { "another classifier".to_string() }
        ));
    } else if against > 0 {
        s.push_str(&format!(
            " {against} of {total} metrics favour another classifier."
        ));
    } else {
        s.push_str(" Every metric agrees.");
    }
    s
}

/// A number for prose: up to 4 significant decimals, typographic minus.
pub fn fmt(v: f64) -> String {
    let d = if v.abs() >= 100.0 {
        1
    } else if v.abs() >= 1.0 {
        3
    } else {
        4
    };
    crate::core::matrix::format_trimmed(v, d).replace('-', "−")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{presets, url};

    fn decode(f: &str) -> AppState {
        let d = url::decode(f);
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        d.state
    }

    #[test]
    fn factory_table_one() {
        let s = presets::factory();
        let a = analyze(&s).unwrap();
        assert!((a.test.rows[0].yield_value - 3.5).abs() < 1e-12);
        assert!((a.test.rows[1].yield_value + 3.5).abs() < 1e-12);
        assert_eq!(a.test.rows[0].total, Some(350.0));
        // Table 1: every metric but specificity (TNR) favours B.
        for (k, m) in Metric::ALL.iter().enumerate() {
            let fav = &a.test.favoured[k].0;
            match m {
                Metric::Specificity => assert_eq!(fav, &vec![0], "{m:?}"),
                Metric::Npv => {} // not in Table 1
                _ => assert_eq!(fav, &vec![1], "{m:?}"),
            }
        }
        assert_eq!(a.test.trivial, vec![-160.0, 65.0]);
        assert!(a.warnings.is_empty());
    }

    #[test]
    fn variant_agrees_with_metrics() {
        let s = decode(presets::preset("variant").unwrap().fragment);
        let a = analyze(&s).unwrap();
        assert_eq!(a.test.ranking, vec![1, 0]);
        assert!(verdict(&s, &a.test).starts_with("B has the highest"));
    }

    #[test]
    fn lottery_flips_under_deployment() {
        let s = decode(presets::preset("lottery").unwrap().fragment);
        let a = analyze(&s).unwrap();
        assert_eq!(a.test.ranking[0], 0); // always buy: 4.5
        let d = a.deployment.unwrap();
        assert!((d.rows[0].yield_value + 0.89).abs() < 1e-12);
        assert_eq!(d.ranking[0], 1); // never buy: 0
    }

    #[test]
    fn different_test_sets_are_warned() {
        let s = decode("u=1,0;0,1&cm.A=10,0;0,10&cm.B=10,0;0,30");
        assert_eq!(analyze(&s).unwrap().warnings.len(), 1);
    }

    #[test]
    fn undefined_metrics_are_not_favoured() {
        // B never outputs class 0: its precision is undefined; A is favoured by precision.
        let s = decode("u=1,0;0,1&cm.A=5,1;5,9&cm.B=0,0;10,10");
        let a = analyze(&s).unwrap();
        let k = Metric::ALL
            .iter()
            .position(|m| *m == Metric::Precision)
            .unwrap();
        assert!(a.test.rows[1].metrics[k].1.value().is_none());
        assert_eq!(a.test.favoured[k], (vec![], vec![])); // only one defined value
    }

    #[test]
    fn twenty_classes_twenty_classifiers() {
        let n = 20;
        let mut s = presets::factory();
        s.resize_classes(n);
        s.classifiers.clear();
        for k in 0..20 {
            let data: Vec<f64> = (0..n * n)
                .map(|i| ((i * 7 + k * 13) % 17) as f64 + if i % (n + 1) == 0 { 30.0 } else { 0.0 })
                .collect();
            s.classifiers.push(crate::state::Classifier {
                name: format!("C{k}"),
                matrix: crate::core::Matrix::new(n, n, data).unwrap(),
            });
        }
        s.validate().unwrap();
        let a = analyze(&s).unwrap();
        assert_eq!(a.test.rows.len(), 20);
        assert_eq!(a.test.favoured.len(), Metric::ALL.len());
    }
}
