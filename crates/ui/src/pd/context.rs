//! What the panels of the Preference-driven measure view read ([`PdContext`]).

use leptos::prelude::*;

use crate::Computed;
use ulab_state::pd::Classifiers;
use ulab_state::pd::kappa::Shown;
use ulab_state::pd::table::PdTable;

/// What the panels of the view read (recomputed when the state changes).
#[derive(Clone, Copy)]
pub struct PdContext {
    /// The classifiers, or why there are none to show.
    pub classifiers: Computed<Result<Classifiers, String>>,
    /// What the κ sliders show.
    pub shown: Computed<Option<Shown>>,
    /// The table for the κ in force.
    pub table: Computed<Result<PdTable, String>>,
}

/// The view's context (panics outside the view, a programming error).
pub fn use_pd() -> PdContext {
    expect_context::<PdContext>()
}
