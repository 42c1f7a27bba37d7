//! The state as a file: [`AppState::to_json`] and [`AppState::from_json`] ("Save state" and
//! "Open state…"), and why a file was not opened ([`JsonError`]). The file is
//! `{"utility_lab_state": <format>, "state": {…}}`, the state in the shape of its serde derives
//! (read and written by hand: [`codec`]).

mod codec;
mod space;

use crate::edit::text::{BadCells, Rule, refused_cells};
use crate::{AppState, FORMAT_VERSION, Problem, ProblemError, ProblemFields, StateError};
use std::fmt;
use ulab_json::{Bad, Encode, Json, Writer};

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
        let mut w = Writer::pretty();
        w.begin();
        w.key("utility_lab_state");
        w.uint(u64::from(FORMAT_VERSION));
        w.key("state");
        self.encode(&mut w);
        w.close();
        w.finish()
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
        let not_a_state = |e: Bad| JsonError::NotAState(e.to_string());
        let doc = ulab_json::parse(text).map_err(|e| not_a_state(Bad::Shape(e)))?;
        let version: u32 = ulab_json::field(&doc, "utility_lab_state").map_err(not_a_state)?;
        if version > FORMAT_VERSION {
            return Err(JsonError::Newer(version));
        }
        let state: &Json = doc
            .get("state")
            .ok_or_else(|| not_a_state(Bad::Shape("missing field `state`".into())))?;
        // A problem that breaks an invariant says which, not where in the text.
        let fields = codec::problem_fields(state).map_err(not_a_state)?;
        let problem = Problem::new(fields.clone()).map_err(|p| JsonError::invalid(&fields, p))?;
        let state = codec::state(state, problem).map_err(not_a_state)?;
        state.validate().map_err(JsonError::Invalid)?;
        Ok(state)
    }
}

#[cfg(test)]
mod tests;
