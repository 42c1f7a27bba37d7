//! What every part of the Compare view reads ([`CompareContext`]).

use crate::Computed;
use crate::Var;
use crate::web::use_sure::SureState;
use ulab_state::compare::Analysis;

/// What every part of the Compare view reads: the analysis of the current state, and the
/// view's own choices (not part of the state, so not in links).
#[derive(Clone, Copy)]
pub struct CompareContext {
    /// Yields, rankings, metrics and verdict of the current state (recomputed on every edit).
    pub analysis: Computed<Result<Analysis, String>>,
    /// Threshold probability `p_t` of the net-benefit row.
    pub threshold: Var<f64>,
    /// The metric table shows the deployment class shares (when they are set).
    pub show_deployment: Var<bool>,
    /// Decimals shown in the metric table.
    pub decimals: Var<usize>,
    /// How sure the ranking is (worked out in slices after every edit).
    pub sure: Var<SureState>,
}
