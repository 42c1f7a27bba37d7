//! The invariants every view relies on ([`AppState::validate`]) beyond the problem's own
//! (which [`Problem`](crate::Problem) holds by construction), and the error that names the
//! first one broken. The codecs and the edits only ever produce states that pass it; the UI
//! keeps the last good state when an edit would break one.

use super::AppState;
use super::reliability::settings::SettingsError;
use crate::problem::ProblemError;
use std::fmt;
use ulab_core::CoreError;

/// The first invariant a state breaks: its `Display` is one line for the user.
#[derive(Debug, Clone, PartialEq)]
pub enum StateError {
    /// The problem (classes, decisions, utility matrix, classifiers).
    Problem(ProblemError),
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
            StateError::Problem(e) => write!(f, "{e}"),
            StateError::Shares(e) | StateError::Kappa(e) => write!(f, "{e}"),
            StateError::Settings(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StateError {}

impl From<ProblemError> for StateError {
    fn from(e: ProblemError) -> StateError {
        StateError::Problem(e)
    }
}

impl AppState {
    /// Checks the invariants every view relies on beyond the problem's; the codecs only ever
    /// produce states that pass it.
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
    /// s.prevalence = Some(vec![0.5, 0.6]);
    /// assert!(matches!(s.validate(), Err(StateError::Shares(_))));
    /// ```
    pub fn validate(&self) -> Result<(), StateError> {
        if let Some(p) = &self.prevalence {
            ulab_core::utility::check_shares("deployment shares", p, self.n())
                .map_err(StateError::Shares)?;
        }
        if let Some(k) = &self.kappa {
            ulab_core::metrics::check_kappa(k, self.n()).map_err(StateError::Kappa)?;
        }
        self.mc.validate().map_err(StateError::Settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
