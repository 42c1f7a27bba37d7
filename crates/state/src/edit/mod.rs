//! Pure edits behind the Compare view's input editors, and the readers of what the user types,
//! pastes and imports.
//!
//! Every edit either succeeds and leaves a valid state ([`AppState::validate`]), or returns an
//! [`EditError`] (one sentence for the user) and leaves the state exactly as it was. The UI
//! only wires these to fields and buttons.
//!
//! * [`names`]: the rules of class, decision and classifier names;
//! * [`classes`]: the edits of classes, decisions and the utility matrix;
//! * [`classifiers`]: the edits of classifiers, their matrices and the deployment shares;
//! * [`decided`]: the classifiers with a row per decision, and how they follow the edits of the
//!   classes and decisions;
//! * [`readers`]: percent shares, pasted matrix text, counts or fractions;
//! * [`cell`]: what one typed cell of a matrix editor means;
//! * [`text`]: the one reader of a matrix written as text (links, paste, import): brackets as
//!   NumPy and scikit-learn print them, the matrix syntax, spreadsheet cells; every bad cell named;
//! * [`import`]: a classifier from a CSV file or pasted text, in four stages.

pub mod cell;
pub mod classes;
pub mod classifiers;
pub mod decided;
pub mod import;
pub mod names;
pub mod readers;
pub mod text;
pub mod values;

pub use import::{
    ImportError, ImportKind, ImportOptions, ImportOutcome, import_classifier, import_read,
};
pub use names::{check_name, next_classifier_name};
pub use readers::{
    Pasted, ReadError, SharesError, SharesReading, Values, default_confusion, percent_texts,
    read_matrix_text, read_percent_shares, values_of,
};

use crate::{AppState, MAX_CLASSIFIERS, MAX_NAME_CHARS};
use std::fmt;
use ulab_core::CoreError;
use ulab_core::confusion::MAX_CLASSES;
use ulab_core::limits::MAX_CELLS;
use ulab_core::matrix::MAX_DIM;
use ulab_core::text::capitalize;

/// Why an edit was refused (the state is unchanged): one sentence for the user.
#[derive(Debug, Clone, PartialEq)]
pub enum EditError {
    /// An empty name (`what`: "class", "decision" or "classifier").
    NoName {
        /// What is named.
        what: &'static str,
    },
    /// A name longer than [`MAX_NAME_CHARS`].
    NameTooLong {
        /// What is named.
        what: &'static str,
    },
    /// A name another one already has.
    NameTaken {
        /// What is named.
        what: &'static str,
        /// The name.
        name: String,
    },
    /// Not one name per class.
    NameCount {
        /// Names given.
        found: usize,
        /// Classes.
        n: usize,
    },
    /// A class would take the name of an extra decision.
    DecisionClash(String),
    /// An index past the end (`what`: "class", "decision" or "classifier").
    NoSuch(&'static str),
    /// Already [`MAX_CLASSES`] classes.
    TooManyClasses,
    /// Only two classes left.
    TooFewClasses,
    /// The edit would break an invariant of the problem (the edits check theirs first, so this
    /// names what they did not foresee).
    Problem(crate::ProblemError),
    /// Removing a class would leave a classifier without any test case.
    WouldEmpty {
        /// The class.
        class: String,
        /// The classifier.
        classifier: String,
    },
    /// Counts with a row per decision that are not `n_d × n` (rows = decisions).
    DecidedSize {
        /// Classes.
        n: usize,
        /// Decisions.
        n_d: usize,
        /// Rows found (rows = decisions).
        rows: usize,
        /// Columns found.
        cols: usize,
    },
    /// A decision some classifier with a row per decision takes cannot be removed.
    DecisionTaken {
        /// The decision.
        decision: String,
        /// The classifier.
        classifier: String,
        /// How many items (or what share) it decides so.
        items: f64,
    },
    /// Already [`MAX_DIM`] decisions.
    TooManyDecisions,
    /// The decision of a class cannot be removed on its own.
    ClassDecision(String),
    /// A utility matrix without one column per class.
    UtilityColumns {
        /// The number of classes.
        n: usize,
        /// Their names, comma-separated.
        classes: String,
        /// Its columns.
        found: usize,
    },
    /// A utility matrix with fewer rows than classes.
    UtilityRows {
        /// The number of classes.
        n: usize,
        /// Its rows.
        found: usize,
    },
    /// A utility matrix with an entry beyond ±10¹⁵ (or too many classes).
    Utility(CoreError),
    /// Already [`MAX_CLASSIFIERS`] classifiers.
    TooManyClassifiers,
    /// The classifiers' matrices would hold more than [`MAX_CELLS`] cells.
    TooManyCells {
        /// Classifiers after the edit.
        classifiers: usize,
        /// Classes after the edit.
        n: usize,
    },
    /// A confusion matrix of the wrong size.
    ConfusionSize {
        /// The number of classes.
        n: usize,
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
    },
    /// Not a confusion matrix (negative, all zero, …).
    Confusion(CoreError),
    /// A class with a deployment share but no test case in the new matrix.
    NeedsCases {
        /// The class.
        class: String,
    },
    /// Not deployment shares of the classes.
    Shares(CoreError),
    /// A positive deployment share for a class a classifier has no test case of.
    ShareWithoutCases {
        /// The class.
        class: String,
        /// The classifier.
        classifier: String,
    },
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::NoName { what } => write!(f, "A {what} needs a name."),
            EditError::NameTooLong { what } => write!(
                f,
                "A {what} name can have at most {MAX_NAME_CHARS} characters."
            ),
            EditError::NameTaken { what, name } => {
                write!(f, "Another {what} is already named '{name}'.")
            }
            EditError::NameCount { found, n } => write!(f, "{found} names for {n} classes."),
            EditError::DecisionClash(name) => {
                write!(f, "A decision is already named '{name}'; rename it first.")
            }
            EditError::NoSuch(what) => write!(f, "There is no such {what}."),
            EditError::TooManyClasses => write!(f, "At most {MAX_CLASSES} classes."),
            EditError::TooFewClasses => write!(f, "At least two classes are needed."),
            EditError::Problem(e) => write!(f, "{}.", capitalize(&e.to_string())),
            EditError::WouldEmpty { class, classifier } => write!(
                f,
                "Removing '{class}' would leave classifier '{classifier}' without any test case."
            ),
            EditError::DecidedSize { n, n_d, rows, cols } => write!(
                f,
                "A classifier with a row per decision needs {n_d} × {n} counts (decisions × \
                 classes), not {rows} × {cols}."
            ),
            EditError::DecisionTaken {
                decision,
                classifier,
                items,
            } => write!(
                f,
                "Classifier '{classifier}' decides '{decision}' for {} items: remove that \
                 classifier first.",
                ulab_core::text::shortest(*items)
            ),
            EditError::TooManyDecisions => write!(f, "At most {MAX_DIM} decisions."),
            EditError::ClassDecision(name) => write!(
                f,
                "'{name}' is the decision for a class; remove the class instead."
            ),
            EditError::UtilityColumns { n, classes, found } => write!(
                f,
                "The utility matrix needs {n} columns, one per class ({classes}); this one has \
                 {found}."
            ),
            EditError::UtilityRows { n, found } => write!(
                f,
                "The utility matrix needs at least {n} rows, one decision per class; this one \
                 has {found}."
            ),
            EditError::Utility(e) => write!(f, "Utility matrix: {e}."),
            EditError::TooManyClassifiers => write!(f, "At most {MAX_CLASSIFIERS} classifiers."),
            EditError::TooManyCells { classifiers, n } => write!(
                f,
                "{classifiers} classifiers of {n} classes would hold {} matrix cells, more than \
                 the {MAX_CELLS} supported.",
                classifiers * n * n
            ),
            EditError::ConfusionSize { n, rows, cols } => write!(
                f,
                "A confusion matrix here is {n} × {n} (one row and column per class); this one \
                 is {rows} × {cols}."
            ),
            EditError::Confusion(e) | EditError::Shares(e) => {
                write!(f, "{}", capitalize(&e.to_string()))
            }
            EditError::NeedsCases { class } => write!(
                f,
                "'{class}' needs at least one test case: its deployment share is above 0."
            ),
            EditError::ShareWithoutCases { class, classifier } => write!(
                f,
                "'{class}' has no test case in {classifier}'s matrix, so its deployment share \
                 must be 0."
            ),
        }
    }
}

impl std::error::Error for EditError {}

/// Adds or removes (last) classes one at a time until there are `k`, so that new classes get
/// unique names. The state must have no classifier that removing a class would empty.
pub(crate) fn resize_by_steps(state: &mut AppState, k: usize) {
    let k = k.clamp(2, MAX_CLASSES);
    while state.n() < k {
        if state.add_class().is_err() {
            break;
        }
    }
    while state.n() > k {
        if state.remove_class(state.n() - 1).is_err() {
            break;
        }
    }
}

impl AppState {
    /// Applies `change` to a copy of the problem's data and puts the result in force if it is a
    /// valid problem ([`AppState::set_problem`]); nothing changes otherwise. Every edit of the
    /// problem goes through here, so the checks are [`crate::Problem::new`]'s.
    ///
    /// # Errors
    /// [`EditError::Problem`]: the first invariant the changed problem breaks.
    pub fn change_problem(
        &mut self,
        change: impl FnOnce(&mut crate::ProblemFields),
    ) -> Result<(), EditError> {
        let mut fields = self.problem.fields();
        change(&mut fields);
        decided::settle(&mut fields);
        self.set_problem(fields).map_err(EditError::Problem)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{link, presets};

    /// A three-class problem with an extra decision, deployment shares and κ.
    pub(crate) fn three() -> AppState {
        link::decode("u=1,0,0;0,1,0;0,0,1;0.5,0.5,0.5&cm.A=5,1,2;1,6,0;0,3,7&cm.B=4,0,0;0,4,0;1,0,4&classes=a,b,c&decisions=a,b,c,refer&prev=0.2,0.3,0.5&kappa=0.1,0.2,0.3").state
    }

    #[test]
    fn every_edit_keeps_the_state_valid() {
        let mut s = three();
        s.add_class().unwrap();
        s.add_decision().unwrap();
        s.duplicate_classifier(1).unwrap();
        s.remove_class(0).unwrap();
        s.rename_class(0, "z").unwrap();
        s.remove_decision(s.decisions().len() - 1).unwrap();
        s.validate().unwrap();
        assert!(crate::compare::analyze(&s).is_ok());
        assert_eq!(link::decode(&link::encode(&s)).state, s);
    }

    #[test]
    fn resizing_by_steps_names_new_classes() {
        let mut s = presets::factory();
        s.change_problem(|p| {
            p.classifiers.clear();
        })
        .unwrap();
        resize_by_steps(&mut s, 4);
        assert_eq!(*s.classes(), ["long", "short", "2", "3"]);
        resize_by_steps(&mut s, 2);
        assert_eq!(*s.classes(), ["long", "short"]);
    }

    #[test]
    fn messages_are_sentences() {
        let e = EditError::Confusion(CoreError::ZeroTotal);
        assert_eq!(e.to_string(), "All counts are zero");
        assert_eq!(
            EditError::NoSuch("classifier").to_string(),
            "There is no such classifier."
        );
    }
}
