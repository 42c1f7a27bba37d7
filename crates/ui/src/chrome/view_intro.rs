//! The head of a view: its title, its lead paragraph and the share bar (neither of the two
//! when the view is embedded in another page).

use leptos::prelude::*;

use crate::chrome::share_bar::share_bar;
use crate::cond;
use crate::context::use_app;

/// A view's `<header class="view-intro {class}">` with its `<h2 id=title_id>`; unless the view is embedded,
/// the lead (`children`, in a `<p class="lead">`) and, with `share`, the share bar after the
/// header.
#[component]
pub fn ViewIntro(
    /// The header's class (`roc-intro`, …).
    class: &'static str,
    /// The title's `id` (the view's `aria-labelledby`).
    title_id: &'static str,
    /// The title.
    title: &'static str,
    /// Whether the share bar follows the header.
    #[prop(optional)]
    share: bool,
    /// The lead paragraph's content.
    children: ChildrenFn,
) -> impl IntoView {
    let ctx = use_app();
    let shown = move || !ctx.state.with(|s| s.embed);
    view! {
        <header class=format!("view-intro {class}")>
            <h2 id=title_id>{title}</h2>
            <Show when=cond(shown)>
                <p class="lead">{children()}</p>
            </Show>
        </header>
        <Show when=cond(move || share && shown())>
            {share_bar()}
        </Show>
    }
}
