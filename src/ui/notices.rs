//! What a link could not apply (shown until dismissed), and short-lived messages.

use leptos::prelude::*;

use super::context::use_app;

/// The notices of the last decoded link: what was ignored and why.
#[component]
pub fn LinkNotices() -> impl IntoView {
    let ctx = use_app();
    view! {
        <Show when=move || ctx.notices.with(|n| !n.is_empty())>
            <div class="notice is-warning link-notices" role="alert" data-testid="link-notices">
                <p class="notice-title">"Parts of this link could not be used; everything else was applied:"</p>
                <ul>
                    {move || {
                        ctx.notices
                            .get()
                            .into_iter()
                            .map(|n| view! {
                                <li>
                                    <code>{n.key}</code>
                                    ": "
                                    {n.message}
                                </li>
                            })
                            .collect_view()
                    }}
                </ul>
                <button type="button" class="btn btn-small" on:click=move |_| ctx.notices.set(Vec::new())>
                    "Dismiss"
                </button>
            </div>
        </Show>
    }
}

/// A transient message at the bottom of the screen ("Link copied").
#[component]
pub fn Toast() -> impl IntoView {
    let ctx = use_app();
    view! {
        <div class="toast-region" role="status" aria-live="polite">
            {move || ctx.toast.get().map(|t| view! { <p class="toast" data-testid="toast">{t}</p> })}
        </div>
    }
}
