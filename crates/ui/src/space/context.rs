//! What the Utility space view's parts share ([`SpaceContext`]).

use std::sync::Arc;

use leptos::prelude::*;

use ulab_state::space::model::{Live, Model};

/// What the view's parts share.
#[derive(Clone, Copy)]
pub struct SpaceContext {
    /// The view of the current state.
    pub model: Memo<Result<Arc<Model>, String>>,
    /// The point while it is dragged (the app's `u` changes on release).
    pub live: RwSignal<Option<Live>>,
}
