//! The Compare view's verdict in plain words: who yields most, and whether most metrics say
//! otherwise; the trivial classifiers; the other class distribution.

use super::{Analysis, Scenario};
use crate::AppState;
use crate::baseline::Baseline;
use ulab_core::text::{capitalize, percent, prose};
use ulab_core::{ConfusionMatrix, UtilityMatrix};

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
///
/// About 120 lines: one sentence built case by case (who is best, ties, the metrics that
/// disagree, the trivial classifiers), each case beside the next.
pub fn scenario_verdict(state: &AppState, sc: &Scenario, context: &str) -> Verdict {
    let names: Vec<&str> = state.all_classifiers().map(|c| c.name.as_str()).collect();
    let lead = |s: String| {
        if context.is_empty() {
            capitalize(&s)
        } else {
            format!("{}, {s}", capitalize(context))
        }
    };
    let mut v = Verdict::default();
    if let Some(d) = sc.trivial_best {
        v.trivial_wins = true;
        if let Some(b) = Baseline::best(state.utility_matrix(), &sc.shares, state.decisions()) {
            v.details.push(b.sentence("classifier", names.len()));
        }
        // The test set's confusion matrices say who makes the mistake it avoids.
        let cms = context.is_empty().then(|| state.problem.confusions());
        if let Some(why) = trivial_why(state.utility_matrix(), &sc.shares, d) {
            v.details
                .extend(why_sentences(state, &why, d, context.is_empty(), cms));
        }
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

/// Why deciding one class for every item yields what it does — in the factory (Dyrland et al.
/// 2022, eqs. 1–4), "always short" yields 65 € per component, more than either classifier.
#[derive(Debug, Clone, PartialEq)]
pub struct TrivialWhy {
    /// `(f_j, U_dj)` for each class `j`: the class's share and what the decision gets for an
    /// item of it. The yield is `Σ_j f_j U_dj`.
    pub terms: Vec<(f64, f64)>,
    /// That yield.
    pub value: f64,
    /// The costliest mistake the decision never makes, `(i, j, U_ij)`: the smallest utility of
    /// the matrix, when it lies outside row `d` and below what `d` gets for class `j`.
    pub avoided: Option<(usize, usize, f64)>,
}

/// Why "always `d`" yields `Σ_j f_j U_dj` with the class shares `shares`, and the costliest
/// mistake it avoids; `None` if `d` or the shares do not fit `u`.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::compare::verdict::trivial_why;
/// // The factory: "always short" (decision 1), half the components long, half short.
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let why = trivial_why(&u, &[0.5, 0.5], 1).unwrap();
/// assert_eq!(why.terms, vec![(0.5, -35.0), (0.5, 165.0)]);
/// assert_eq!(why.value, 65.0);
/// assert_eq!(why.avoided, Some((0, 1, -335.0))); // deciding "long" for a short component
/// ```
pub fn trivial_why(u: &UtilityMatrix, shares: &[f64], d: usize) -> Option<TrivialWhy> {
    let n = u.n_classes();
    if d >= u.n_decisions() || shares.len() != n {
        return None;
    }
    let terms: Vec<(f64, f64)> = (0..n).map(|j| (shares[j], u.get(d, j))).collect();
    let value = terms.iter().map(|(f, x)| f * x).sum();
    let worst = (0..u.n_decisions())
        .flat_map(|i| (0..n).map(move |j| (i, j, u.get(i, j))))
        .min_by(|a, b| a.2.total_cmp(&b.2));
    let avoided = worst.filter(|&(i, j, x)| i != d && x < u.get(d, j));
    Some(TrivialWhy {
        terms,
        value,
        avoided,
    })
}

/// The sentences that explain [`TrivialWhy`] for decision `d`: the yield as a sum (up to four
/// classes), and the mistake it avoids — with who makes it, when the confusion matrices `cms`
/// (one per classifier, in the state's order) are given.
fn why_sentences(
    state: &AppState,
    why: &TrivialWhy,
    d: usize,
    test_set: bool,
    cms: Option<&[ConfusionMatrix]>,
) -> Vec<String> {
    let decision = |i: usize| state.decisions().get(i).map_or("?", String::as_str);
    let class = |j: usize| state.classes().get(j).map_or("?", String::as_str);
    let paren = |x: f64| {
        if x < 0.0 {
            format!("({})", prose(x))
        } else {
            prose(x)
        }
    };
    let list = |items: Vec<String>| match items.len() {
        0 | 1 => items.concat(),
        k => format!("{} and {}", items[..k - 1].join(", "), items[k - 1]),
    };
    let whose = if test_set {
        "the test set is"
    } else {
        "the deployment class shares are"
    };
    let mut out = Vec::new();
    if why.terms.len() <= 4 {
        let gets = list(
            why.terms
                .iter()
                .enumerate()
                .map(|(j, (_, x))| format!("{} for each {} item", prose(*x), class(j)))
                .collect(),
        );
        let shares = list(
            why.terms
                .iter()
                .enumerate()
                .map(|(j, (f, _))| format!("{} {}", percent(*f, 1), class(j)))
                .collect(),
        );
        let sum: Vec<String> = why
            .terms
            .iter()
            .map(|(f, x)| format!("{} × {}", prose(*f), paren(*x)))
            .collect();
        out.push(format!(
            "Why: '{}' gets {gets}; {whose} {shares}, so it yields {} = {} per item.",
            decision(d),
            sum.join(" + "),
            prose(why.value)
        ));
    } else {
        out.push(format!(
            "Why: '{}' gets, for each item, the utility of its row for the item's true class; \
             averaged over the class shares, that is {} per item.",
            decision(d),
            prose(why.value)
        ));
    }
    if let Some((i, j, x)) = why.avoided {
        let names: Vec<&str> = state
            .classifiers()
            .iter()
            .map(|c| c.name.as_str())
            .collect();
        let makers: Vec<String> = cms
            .unwrap_or_default()
            .iter()
            .zip(&names)
            // A classifier outputs one decision per class: an extra decision (a row beyond
            // its matrix) is a mistake none of them makes.
            .filter(|(cm, _)| i < cm.n() && cm.c(i, j) > 0.0)
            .enumerate()
            .map(|(k, (cm, name))| {
                let verb = if k == 0 { " makes" } else { "" };
                format!("{name}{verb} on {}", percent(cm.c(i, j), 1))
            })
            .collect();
        let who = match makers.len() {
            0 if cms.is_some() => return out,
            0 => String::new(),
            1..=4 => format!(", which {} of the items", list(makers)),
            k => format!(", which {k} of the classifiers make"),
        };
        out.push(format!(
            "It never makes the costliest mistake, deciding '{}' for a {} item ({} each){who}.",
            decision(i),
            class(j),
            prose(x)
        ));
    }
    out
}

/// The verdict of the whole analysis: on the deployment class shares when they are set (with
/// a sentence on the test set's ranking), else on the test set.
///
/// # Examples
///
/// ```
/// use ulab_state::{compare::{analyze, verdict_of}, AppState};
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
    let names: Vec<&str> = state.all_classifiers().map(|c| c.name.as_str()).collect();
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
/// use ulab_state::{compare::{analyze, verdict}, AppState};
/// let s = AppState::default();
/// let v = verdict(&s, &analyze(&s).unwrap().test);
/// assert!(v.contains("of 12 metrics favour B, yet A has the higher utility yield"), "{v}");
/// ```
pub fn verdict(state: &AppState, sc: &Scenario) -> String {
    scenario_verdict(state, sc, "").text()
}
