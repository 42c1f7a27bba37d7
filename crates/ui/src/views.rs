//! The views of the page, by [`View`]: Compare (the first page) in the page's own wasm, every
//! other view in a chunk of its own, loaded the first time it opens ([`crate::lazy`]).
//!
//! The one file that names every view: the views know nothing of each other, and the loading
//! mechanism nothing of them.

use leptos::prelude::*;

use crate::compare::CompareView;
use crate::decide::DecideView;
use crate::lazy::{deferred, split_entry};
use crate::pd::PdView;
use crate::probs::ProbsView;
use crate::reliability::ReliabilityView;
use crate::roc::RocView;
use crate::space::SpaceView;
use crate::story::StoryView;
use ulab_state::View;

split_entry!(story_entry, story, (), |()| view! { <StoryView /> }
    .into_any());
split_entry!(reliability_entry, reliability, (), |()| {
    view! { <ReliabilityView /> }.into_any()
});
split_entry!(decide_entry, decide, (), |()| view! { <DecideView /> }
    .into_any());
split_entry!(space_entry, space, (), |()| view! { <SpaceView /> }
    .into_any());
split_entry!(pd_entry, pd, (), |()| view! { <PdView /> }.into_any());
split_entry!(roc_entry, roc, (), |()| view! { <RocView /> }.into_any());
split_entry!(probs_entry, probs, (), |()| view! { <ProbsView /> }
    .into_any());

/// The view `view`: Compare (the first page) at once, any other after its chunk has loaded.
pub fn view_of(view: View) -> AnyView {
    match view {
        View::Compare => view! { <CompareView /> }.into_any(),
        View::Story => deferred("the Story view", story_entry, ()),
        View::Reliability => deferred("the Metric reliability view", reliability_entry, ()),
        View::Decide => deferred("the Decide view", decide_entry, ()),
        View::Space => deferred("the Utility space view", space_entry, ()),
        View::Pd => deferred("the Preference-driven measure view", pd_entry, ()),
        View::Roc => deferred("the ROC view", roc_entry, ()),
        View::Probs => deferred("the Probabilities view", probs_entry, ()),
    }
}
