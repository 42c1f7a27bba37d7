//! The app shell: header with the views, link notices, the current view, footer — or, in
//! embed mode (`embed=1`), the view alone under one line that links to the full app.

use crate::{cond, handler, memo, rx};
use leptos::html;
use leptos::prelude::*;

use crate::chrome::footer::Footer;
use crate::chrome::header::Header;
use crate::chrome::notices::{LeftOutNotice, LinkNotices, Toast, UnreadNotice};
use crate::chrome::print_link::print_link;
use crate::context::{self, link_to, use_app};
use crate::views;

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let ctx = context::install();
    let embed = memo(move |_| ctx.state.with(|s| s.embed));
    if embed.get_untracked() {
        crate::web::frame_height::post_to_parent();
    }
    let view_kind = memo(move |_| ctx.state.with(|s| s.view));
    let main_ref = NodeRef::<html::Main>::new();
    // Moves the focus to `<main>` without touching the URL fragment, which holds the state.
    let skip_to_main = move |event: leptos::ev::MouseEvent| {
        event.prevent_default();
        if let Some(main) = main_ref.get_untracked() {
            let _ = main.focus();
        }
    };
    view! {
        <div class="app" class:is-embed=rx(move || embed.get()) data-testid="app">
            <Show when=cond(move || !embed.get())>
                <a class="skip-link" href="#main" on:click=handler(skip_to_main)>
                    "Skip to content"
                </a>
                <Header />
            </Show>
            <Show when=cond(move || embed.get())>
                <EmbedBar />
            </Show>
            {print_link()}
            <main id="main" class="app-main" tabindex="-1" node_ref=main_ref>
                <LinkNotices />
                <UnreadNotice />
                <LeftOutNotice />
                {rx(move || views::view_of(view_kind.get()))}
            </main>
            <Show when=cond(move || !embed.get())>
                <Footer />
            </Show>
            <Toast />
        </div>
    }
}

/// In embed mode: one line with the view's name and a link to the full app with the same
/// state (opened in a new tab, out of the iframe).
#[component]
fn EmbedBar() -> impl IntoView {
    let ctx = use_app();
    let full = move || {
        let mut s = ctx.state.get();
        s.embed = false;
        link_to(&s)
    };
    let label = move || ctx.state.with(|s| s.view.label());
    view! {
        <div class="embed-bar" data-testid="embed-bar">
            <span class="embed-brand">"Utility Lab · " {label}</span>
            <a href=full target="_blank" rel="noopener" data-testid="open-full-app">
                "Open in Utility Lab ↗"
            </a>
        </div>
    }
}
