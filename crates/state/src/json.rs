//! The state as a file: [`AppState::to_json`] and [`AppState::from_json`] ("Save state" and
//! "Open state…"), and why a file was not opened ([`JsonError`]).

use crate::edit::text::{BadCells, Rule, refused_cells};
use crate::{AppState, FORMAT_VERSION, Problem, ProblemError, ProblemFields, StateError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a state file was not opened (nothing is applied).
#[derive(Debug, Clone, PartialEq)]
pub enum JsonError {
    /// Not JSON, or not a Utility Lab state (the first line of the reader's message).
    NotAState(String),
    /// Written by a newer version of the app (its format number).
    Newer(u32),
    /// A state that breaks an invariant.
    Invalid(StateError),
    /// A classifier's counts that are negative or too large: every such cell.
    Counts {
        /// The classifier.
        name: String,
        /// Its bad cells (rows = output).
        cells: BadCells,
    },
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonError::NotAState(e) => write!(f, "not a Utility Lab state file: {e}"),
            JsonError::Newer(v) => write!(
                f,
                "this file was written by a newer version of Utility Lab (format {v})"
            ),
            JsonError::Invalid(e) => write!(f, "{e}"),
            JsonError::Counts { name, cells } => write!(f, "classifier '{name}': {cells}"),
        }
    }
}

impl std::error::Error for JsonError {}

impl JsonError {
    /// The error of a state whose problem `fields` breaks the invariant `p`: for a
    /// classifier's refused counts, every bad cell, not the first only.
    fn invalid(fields: &ProblemFields, p: ProblemError) -> JsonError {
        let bad = match &p {
            ProblemError::Classifier { name, .. } => fields
                .classifiers
                .iter()
                .find(|c| &c.name == name)
                .and_then(|c| refused_cells(&c.matrix, Rule::Counts)),
            _ => None,
        };
        match (bad, p) {
            (Some(cells), ProblemError::Classifier { name, .. }) => {
                JsonError::Counts { name, cells }
            }
            (_, p) => JsonError::Invalid(StateError::Problem(p)),
        }
    }
}

impl AppState {
    /// The state as pretty JSON (with the format version), for "export state".
    pub fn to_json(&self) -> String {
        let doc = StateDocument {
            utility_lab_state: FORMAT_VERSION,
            state: self.clone(),
        };
        serde_json::to_string_pretty(&doc).unwrap_or_else(|_| "{}".to_string())
    }

    /// Reads a state exported by [`AppState::to_json`]; nothing is applied on error. The
    /// matrices are read through their constructors, then the whole state is validated.
    ///
    /// # Errors
    /// Not JSON, not a Utility Lab state, a newer format version, or an invalid state.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::{AppState, JsonError};
    /// let s = AppState::default();
    /// assert_eq!(AppState::from_json(&s.to_json()).unwrap(), s);
    /// assert!(matches!(AppState::from_json("{\"foo\": 1}"), Err(JsonError::NotAState(_))));
    /// ```
    pub fn from_json(text: &str) -> Result<AppState, JsonError> {
        let not_a_state = |e: serde_json::Error| {
            let msg = e.to_string();
            JsonError::NotAState(msg.lines().next().unwrap_or("").to_string())
        };
        let value: serde_json::Value = serde_json::from_str(text).map_err(not_a_state)?;
        let doc = match StateDocument::deserialize(&value) {
            Ok(doc) => doc,
            Err(e) => {
                // A state whose problem breaks an invariant says which, not where in the text.
                let fields = value.get("state").map(ProblemFields::deserialize);
                if let Some(Ok(fields)) = fields
                    && let Err(p) = Problem::new(fields.clone())
                {
                    return Err(JsonError::invalid(&fields, p));
                }
                return Err(not_a_state(e));
            }
        };
        if doc.utility_lab_state > FORMAT_VERSION {
            return Err(JsonError::Newer(doc.utility_lab_state));
        }
        doc.state.validate().map_err(JsonError::Invalid)?;
        Ok(doc.state)
    }
}

#[derive(Serialize, Deserialize)]
struct StateDocument {
    utility_lab_state: u32,
    state: AppState,
}
