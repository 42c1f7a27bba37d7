//! What every part of the Decide view reads ([`DecideContext`]), and the way to the Compare
//! view's editors ([`ToCompare`]).

use leptos::prelude::*;

use crate::Computed;
use crate::context::use_app;
use crate::handler;
use ulab_state::View;
use ulab_state::decide::view::DecideView as Analysis;

/// What every part of the view reads.
#[derive(Clone, Copy)]
pub struct DecideContext {
    /// The analysis of the current state (recomputed on every edit).
    pub analysis: Computed<Analysis>,
    /// One item's probabilities in force (the link's `p`, or equal ones).
    pub p: Computed<Vec<f64>>,
    /// The analysis without the item: the classifiers' remaps (a slider leaves it unchanged).
    pub remaps: Computed<Analysis>,
}

/// A button that opens the Compare view (to add, import or rename classifiers).
#[component]
pub fn ToCompare() -> impl IntoView {
    let ctx = use_app();
    let go = move |_| {
        let _ = ctx.edit(|s| s.view = View::Compare);
    };
    view! {
        <button type="button" class="btn btn-small" on:click=handler(go) data-testid="decide-to-compare">
            "Add, import or rename classifiers in the Compare view"
        </button>
    }
}
