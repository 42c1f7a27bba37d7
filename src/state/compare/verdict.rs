//! The Compare view's verdict in plain words: who yields most, and whether most metrics say
//! otherwise; the trivial classifiers; the other class distribution.

use super::{Analysis, Scenario};
use crate::state::AppState;
use crate::text::{capitalize, prose};

/// The verdict in plain words.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Verdict {
    /// The main sentence: who yields most, and whether most metrics say otherwise.
    pub headline: String,
    /// Further sentences (the trivial classifiers, the other class distribution).
    pub details: Vec<String>,
    /// The majority of the metrics favours a classifier that does not yield most.
    pub majority_disagrees: bool,
    /// Deciding one class for every item yields more than every classifier.
    pub trivial_wins: bool,
}

impl Verdict {
    /// Headline and details as one paragraph.
    pub fn text(&self) -> String {
        std::iter::once(self.headline.as_str())
            .chain(self.details.iter().map(String::as_str))
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The verdict on one class distribution; `context` ("under the deployment class shares") is
/// put in front of the headline when not empty.
pub fn scenario_verdict(state: &AppState, sc: &Scenario, context: &str) -> Verdict {
    let names: Vec<&str> = state.classifiers.iter().map(|c| c.name.as_str()).collect();
    let lead = |s: String| {
        if context.is_empty() {
            capitalize(&s)
        } else {
            format!("{}, {s}", capitalize(context))
        }
    };
    let mut v = Verdict::default();
    if let Some(d) = sc.trivial_best {
        let decision = state
            .decisions
            .get(d)
            .map(String::as_str)
            .unwrap_or("one class");
        v.trivial_wins = true;
        v.details.push(format!(
            "Deciding '{decision}' for every item, without any classifier, would yield {} per \
             item — more than {}.",
            prose(sc.trivial[d]),
            if names.len() == 1 {
                "this classifier"
            } else {
                "every classifier here"
            }
        ));
    }
    if names.is_empty() {
        v.headline = "Add a classifier to compare.".into();
        v.details.clear();
        return v;
    }
    if names.len() == 1 {
        v.headline = lead(format!(
            "{} yields {} per item; add another classifier to compare.",
            names[0],
            prose(sc.rows[0].yield_value)
        ));
        return v;
    }
    let yields: Vec<f64> = sc.rows.iter().map(|r| r.yield_value).collect();
    let best = &sc.best;
    if best.is_empty() {
        v.headline = lead("all classifiers have the same utility yield.".into());
        return v;
    }
    let best_names: Vec<&str> = best.iter().map(|i| names[*i]).collect();
    let runner_up = sc.ranking.iter().find(|i| !best.contains(i)).copied();
    let total = sc.metric_rows().count();
    let against = sc.against();
    let higher = if names.len() == 2 {
        "higher"
    } else {
        "highest"
    };
    if against * 2 > total && best.len() == 1 {
        // Which classifier do the disagreeing metrics favour?
        let mut votes = vec![0usize; names.len()];
        for r in sc.metric_rows().filter(|r| r.agrees == Some(false)) {
            for i in &r.favoured {
                votes[*i] += 1;
            }
        }
        let top = (0..names.len()).max_by_key(|i| votes[*i]).unwrap_or(0);
        let (whom, other) = if votes[top] == against {
            (names[top].to_string(), top)
        } else {
            ("other classifiers".to_string(), runner_up.unwrap_or(top))
        };
        v.majority_disagrees = true;
        v.headline = lead(format!(
            "{against} of {total} metrics favour {whom}, yet {} has the {higher} utility yield: \
             {} per item against {} for {}.",
            best_names[0],
            prose(yields[best[0]]),
            prose(yields[other]),
            names[other]
        ));
        v.details.insert(
            0,
            "Choosing by the majority of these metrics would pick the wrong classifier.".into(),
        );
        return v;
    }
    v.headline = if best.len() == 1 {
        match runner_up {
            Some(j) => lead(format!(
                "{} has the {higher} utility yield: {} per item, against {} for {}.",
                best_names[0],
                prose(yields[best[0]]),
                prose(yields[j]),
                names[j]
            )),
            None => lead(format!("{} has the {higher} utility yield.", best_names[0])),
        }
    } else {
        lead(format!(
            "{} tie for the highest utility yield ({} per item).",
            best_names.join(" and "),
            prose(yields[best[0]])
        ))
    };
    let sentence = match against {
        0 => "No metric favours another classifier.".to_string(),
        1 => format!("1 of {total} metrics favours another classifier."),
        k => format!("{k} of {total} metrics favour another classifier."),
    };
    v.details.insert(0, sentence);
    v
}

/// The verdict of the whole analysis: on the deployment class shares when they are set (with
/// a sentence on the test set's ranking), else on the test set.
///
/// # Examples
///
/// ```
/// use utility_lab::state::{compare::{analyze, verdict_of}, AppState};
/// let s = AppState::default();
/// let v = verdict_of(&s, &analyze(&s).unwrap());
/// assert!(v.majority_disagrees);
/// assert!(v.headline.starts_with("11 of 12 metrics favour B, yet A has the higher utility yield"), "{}", v.headline);
/// ```
pub fn verdict_of(state: &AppState, a: &Analysis) -> Verdict {
    let Some(d) = &a.deployment else {
        return scenario_verdict(state, &a.test, "");
    };
    let mut v = scenario_verdict(state, d, "under the deployment class shares");
    let names: Vec<&str> = state.classifiers.iter().map(|c| c.name.as_str()).collect();
    if names.len() >= 2 && !a.test.best.is_empty() && !d.best.is_empty() {
        let t = &a.test;
        let first = |sc: &Scenario| sc.best.iter().map(|i| names[*i]).collect::<Vec<_>>();
        if t.best == d.best {
            v.details.push(format!(
                "On the test set's class shares the same classifier comes first ({} per item).",
                prose(t.rows[t.best[0]].yield_value)
            ));
        } else {
            v.details.push(format!(
                "On the test set's class shares the ranking is different: {} comes first there \
                 ({} per item) — the test set does not have the deployment's class shares.",
                first(t).join(" and "),
                prose(t.rows[t.best[0]].yield_value)
            ));
        }
    }
    v
}

/// The verdict on one scenario as one paragraph (see [`scenario_verdict`]).
///
/// # Examples
///
/// ```
/// use utility_lab::state::{compare::{analyze, verdict}, AppState};
/// let s = AppState::default();
/// let v = verdict(&s, &analyze(&s).unwrap().test);
/// assert!(v.contains("of 12 metrics favour B, yet A has the higher utility yield"), "{v}");
/// ```
pub fn verdict(state: &AppState, sc: &Scenario) -> String {
    scenario_verdict(state, sc, "").text()
}
