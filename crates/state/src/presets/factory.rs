//! The default state: the factory example.

use crate::edit::text::{Rule, read_syntax};
use crate::{AppState, Classifier, McSettings, Problem, ProblemFields, View};
use ulab_core::Orientation;

/// The factory of Dyrland et al. 2022, §0, the default state: utilities of eq. 4 (€ per component, rows =
/// decisions "long"/"short", columns = true class), classifiers A and B of eqs. 1–2 as counts
/// out of 100.
pub fn factory() -> AppState {
    let m = |s: &str| match read_syntax(s, Rule::Any) {
        Ok(m) => m,
        Err(_) => unreachable!("preset matrices are valid"),
    };
    let classes = vec!["long".to_string(), "short".to_string()];
    AppState {
        view: View::Compare,
        embed: false,
        theme: None,
        problem: Problem::new(ProblemFields {
            decisions: classes.clone(),
            classes,
            utility: m("15,-335;-35,165"),
            classifiers: vec![
                Classifier {
                    name: "A".into(),
                    matrix: m("27,15;23,35"),
                },
                Classifier {
                    name: "B".into(),
                    matrix: m("43,18;7,32"),
                },
            ],
            decided: Vec::new(),
        })
        .expect("the factory is a valid problem"),
        orientation: Orientation::OutputRows,
        prevalence: None,
        kappa: None,
        mc: McSettings::default(),
        step: 0,
        decide: Default::default(),
        space: Default::default(),
        pd: Default::default(),
        roc: Default::default(),
        probs: Default::default(),
        unread_utility: None,
        unread_classifiers: Vec::new(),
    }
}
