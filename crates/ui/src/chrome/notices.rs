//! What a link could not apply (shown until dismissed), and short-lived messages.

use crate::{cond, handler, rx};
use leptos::prelude::*;

use crate::context::use_app;
use ulab_state::AppState;

/// The notices of the last decoded link: each ignored part (key and reason); everything else
/// of the link was applied.
#[component]
pub fn LinkNotices() -> impl IntoView {
    let ctx = use_app();
    let count = move || ctx.notices.with(Vec::len);
    view! {
        <Show when=cond(move || { count() > 0 })>
            <div class="notice is-warning link-notices" role="alert" data-testid="link-notices">
                <div class="link-notices-body">
                    <p class="notice-title">
                        {rx(move || {
                            if count() == 1 {
                                "One part of this link could not be used; everything else was applied:"
                                    .to_string()
                            } else {
                                format!(
                                    "{} parts of this link could not be used; everything else was applied:",
                                    count(),
                                )
                            }
                        })}
                    </p>
                    <ul>
                        {rx(move || {
                            ctx.notices
                                .get()
                                .into_iter()
                                .map(|n| {
                                    let key = n.key.clone();
                                    let message = n.message();
                                    view! {
                                        <li data-testid="link-notice" data-key=key>
                                            <code>{n.key}</code>
                                            ": "
                                            {message}
                                        </li>
                                    }
                                })
                                .collect_view()
                        })}
                    </ul>
                </div>
                <button
                    type="button"
                    class="btn btn-small"
                    on:click=handler(move |_| ctx.notices.set(Vec::new()))
                    data-testid="dismiss-notices"
                >
                    "Dismiss"
                </button>
            </div>
        </Show>
    }
}

/// While a link's utility matrix or a classifier's counts could not be read (issue 28): which
/// stand-in is used or who is left out, that nothing is ranked, and how to end it — on every
/// view, until the problem is edited.
#[component]
pub fn UnreadNotice() -> impl IntoView {
    let ctx = use_app();
    let message = move || ctx.state.with(AppState::unread_message);
    move || {
        message().map(|m| {
            view! { <p class="notice is-error unread-utility" role="alert" data-testid="unread">{m}</p> }
        })
    }
}

/// On a view that ranks only the classifiers with one output per class (Decide, the Utility
/// space, the Preference-driven measure, the Metric reliability question): which classifiers
/// with a row per decision it leaves out ([`ulab_state::Problem::left_out_note`]). Compare
/// ranks them; Probabilities, ROC and the Story do not read the problem's classifiers.
#[component]
pub fn LeftOutNotice() -> impl IntoView {
    use ulab_state::View;
    let ctx = use_app();
    let message = move || {
        ctx.state.with(|s| match s.view {
            View::Compare | View::Probs | View::Roc | View::Story => None,
            _ => s.problem.left_out_note(),
        })
    };
    move || {
        message().map(|m| {
            view! { <p class="notice left-out" data-testid="left-out">{m}</p> }
        })
    }
}

/// A transient message at the bottom of the screen ("Link copied").
#[component]
pub fn Toast() -> impl IntoView {
    let ctx = use_app();
    view! {
        <div class="toast-region" role="status" aria-live="polite">
            {rx(move || ctx.toast.get().map(|t| view! { <p class="toast" data-testid="toast">{t}</p> }))}
        </div>
    }
}
