//! The invariants every view relies on ([`AppState::validate`]) and the error that names the
//! first one broken. The codecs and the edits only ever produce states that pass it; the UI
//! keeps the last good state when an edit would break one.

use super::reliability::settings::SettingsError;
use super::{AppState, MAX_CLASSIFIERS};
use std::fmt;
use ulab_core::CoreError;
use ulab_core::confusion::MAX_CLASSES;
use ulab_core::limits::MAX_CELLS;
use ulab_core::matrix::MAX_DIM;

/// The first invariant a state breaks: its `Display` is one line for the user.
#[derive(Debug, Clone, PartialEq)]
pub enum StateError {
    /// The utility matrix has fewer than 2 columns.
    TooFewClasses,
    /// The utility matrix has fewer rows than classes.
    TooFewDecisions {
        /// The number of classes.
        n: usize,
    },
    /// More classes or decisions than supported.
    TooLarge,
    /// The utility matrix is not a utility matrix (an entry beyond ±10¹⁵).
    Utility(CoreError),
    /// Not one class name per class.
    ClassNames {
        /// Names given.
        found: usize,
        /// Classes.
        n: usize,
    },
    /// Not one decision name per decision.
    DecisionNames {
        /// Names given.
        found: usize,
        /// Decisions.
        n: usize,
    },
    /// More than [`MAX_CLASSIFIERS`] classifiers.
    TooManyClassifiers,
    /// More confusion-matrix cells than [`MAX_CELLS`] (classifiers × classes²).
    TooManyCells {
        /// Classifiers.
        classifiers: usize,
        /// Classes.
        n: usize,
    },
    /// A classifier without a name (its 0-based position).
    Unnamed(usize),
    /// Two classifiers with this name.
    DuplicateName(String),
    /// A classifier's matrix is not `n × n`.
    ClassifierSize {
        /// Its name.
        name: String,
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
        /// The number of classes.
        n: usize,
    },
    /// A classifier's matrix is not a confusion matrix.
    Classifier {
        /// Its name.
        name: String,
        /// Why.
        error: CoreError,
    },
    /// The deployment shares are not shares of the classes.
    Shares(CoreError),
    /// The p-d preference vector is not one value in `[0, 1]` per class.
    Kappa(CoreError),
    /// A Monte Carlo setting is out of range.
    Settings(SettingsError),
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::TooFewClasses => {
                write!(f, "the utility matrix needs at least 2 classes (columns)")
            }
            StateError::TooFewDecisions { n } => write!(
                f,
                "the utility matrix needs at least one decision per class ({n} rows)"
            ),
            StateError::TooLarge => write!(f, "too many classes or decisions"),
            StateError::ClassNames { found, n } => {
                write!(f, "{found} class names for {n} classes")
            }
            StateError::DecisionNames { found, n } => {
                write!(f, "{found} decision names for {n} decisions")
            }
            StateError::TooManyClassifiers => {
                write!(f, "more than {MAX_CLASSIFIERS} classifiers")
            }
            StateError::TooManyCells { classifiers, n } => write!(
                f,
                "{classifiers} classifiers of {n} classes hold {} cells, more than the {MAX_CELLS} \
                 supported",
                classifiers * n * n
            ),
            StateError::Unnamed(i) => write!(f, "classifier {} has no name", i + 1),
            StateError::DuplicateName(name) => write!(f, "two classifiers are named '{name}'"),
            StateError::ClassifierSize {
                name,
                rows,
                cols,
                n,
            } => write!(
                f,
                "classifier '{name}' is {rows} × {cols} but there are {n} classes"
            ),
            StateError::Classifier { name, error } => write!(f, "classifier '{name}': {error}"),
            StateError::Utility(e) => write!(f, "utility matrix: {e}"),
            StateError::Shares(e) | StateError::Kappa(e) => write!(f, "{e}"),
            StateError::Settings(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StateError {}

impl AppState {
    /// Checks the invariants every view relies on; the codecs only ever produce states that
    /// pass it.
    ///
    /// # Errors
    /// The first violated invariant.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::{AppState, StateError};
    /// let mut s = AppState::default();
    /// assert!(s.validate().is_ok());
    /// s.classifiers[1].name = "A".into();
    /// assert_eq!(s.validate(), Err(StateError::DuplicateName("A".into())));
    /// assert_eq!(s.validate().unwrap_err().to_string(), "two classifiers are named 'A'");
    /// ```
    pub fn validate(&self) -> Result<(), StateError> {
        self.validate_problem()?;
        self.validate_classifiers()?;
        if let Some(p) = &self.prevalence {
            ulab_core::utility::check_shares("deployment shares", p, self.n())
                .map_err(StateError::Shares)?;
        }
        if let Some(k) = &self.kappa {
            ulab_core::metrics::check_kappa(k, self.n()).map_err(StateError::Kappa)?;
        }
        self.mc.validate().map_err(StateError::Settings)
    }

    /// The utility matrix and the names.
    fn validate_problem(&self) -> Result<(), StateError> {
        let n = self.n();
        if n < 2 {
            return Err(StateError::TooFewClasses);
        }
        if self.utility.rows() < n {
            return Err(StateError::TooFewDecisions { n });
        }
        if self.utility.rows() > MAX_DIM || n > MAX_CLASSES {
            return Err(StateError::TooLarge);
        }
        if self.classes.len() != n {
            return Err(StateError::ClassNames {
                found: self.classes.len(),
                n,
            });
        }
        self.utility_matrix().map_err(StateError::Utility)?;
        if self.decisions.len() != self.utility.rows() {
            return Err(StateError::DecisionNames {
                found: self.decisions.len(),
                n: self.utility.rows(),
            });
        }
        Ok(())
    }

    /// The classifiers: named, uniquely, each an `n × n` confusion matrix.
    fn validate_classifiers(&self) -> Result<(), StateError> {
        let n = self.n();
        if self.classifiers.len() > MAX_CLASSIFIERS {
            return Err(StateError::TooManyClassifiers);
        }
        if self.classifiers.len() * n * n > MAX_CELLS {
            return Err(StateError::TooManyCells {
                classifiers: self.classifiers.len(),
                n,
            });
        }
        for (i, c) in self.classifiers.iter().enumerate() {
            if c.name.is_empty() {
                return Err(StateError::Unnamed(i));
            }
            if self.classifiers[..i].iter().any(|d| d.name == c.name) {
                return Err(StateError::DuplicateName(c.name.clone()));
            }
            if c.matrix.rows() != n || c.matrix.cols() != n {
                return Err(StateError::ClassifierSize {
                    name: c.name.clone(),
                    rows: c.matrix.rows(),
                    cols: c.matrix.cols(),
                    n,
                });
            }
            c.confusion().map_err(|error| StateError::Classifier {
                name: c.name.clone(),
                error,
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulab_core::Matrix;

    #[test]
    fn default_state_is_valid() {
        AppState::default().validate().unwrap();
    }

    #[test]
    fn each_invariant_is_named() {
        let s = AppState::default;
        let cases: Vec<(AppState, &str)> = vec![
            (
                AppState {
                    classes: vec!["a".into()],
                    ..s()
                },
                "1 class names for 2 classes",
            ),
            (
                AppState {
                    decisions: vec![],
                    ..s()
                },
                "0 decision names for 2 decisions",
            ),
            (
                {
                    let mut t = s();
                    t.classifiers[0].name.clear();
                    t
                },
                "classifier 1 has no name",
            ),
            (
                {
                    let mut t = s();
                    t.classifiers[0].matrix = Matrix::parse("1,2,3;4,5,6;7,8,9").unwrap();
                    t
                },
                "classifier 'A' is 3 × 3 but there are 2 classes",
            ),
            (
                {
                    let mut t = s();
                    t.classifiers[0].matrix = Matrix::parse("0,0;0,0").unwrap();
                    t
                },
                "classifier 'A': all counts are zero",
            ),
            (
                AppState {
                    prevalence: Some(vec![0.5, 0.6]),
                    ..s()
                },
                "deployment shares = 1.1 is invalid: expected shares summing to 1",
            ),
            (
                {
                    let mut t = s();
                    t.mc.question.alpha = 2000.0;
                    t
                },
                "α must be between 0 and 1000",
            ),
        ];
        for (state, message) in cases {
            assert_eq!(state.validate().unwrap_err().to_string(), message);
        }
    }
}
