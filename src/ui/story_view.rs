//! The factory story of seed 000 §0 as a guided walk (SPEC §4.7).

use leptos::prelude::*;

/// The Story view.
#[component]
pub fn StoryView() -> impl IntoView {
    view! { <section class="view view-story" data-testid="view-story"><h2>"The factory story"</h2></section> }
}
