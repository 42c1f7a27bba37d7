//! The list of the app's views: each one a link to the same state in that view.

use crate::{handler, memo, rx};
use leptos::prelude::*;

use crate::context::use_app;
use ulab_state::{View, link};

/// The views, the current one marked.
#[component]
pub fn ViewNav() -> impl IntoView {
    let ctx = use_app();
    let current = memo(move |_| ctx.state.with(|s| s.view));
    view! {
        <nav class="view-nav" aria-label="Views">
            <ul>
                {View::ALL
                    .into_iter()
                    .map(|v| {
                        let href = move || ctx.fragment.with(|f| format!("#{}", link::with_view(f, v)));
                        let go = move |ev: leptos::ev::MouseEvent| {
                            if ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.button() != 0 {
                                return;
                            }
                            ev.prevent_default();
                            let _ = ctx.edit(|s| s.view = v);
                            ctx.notices.set(Vec::new());
                        };
                        view! {
                            <li>
                                <a
                                    class="view-nav-item"
                                    class:is-current=rx(move || current.get() == v)
                                    aria-current=rx(move || (current.get() == v).then_some("page"))
                                    href=href
                                    on:click=handler(go)
                                    data-view=v.key()
                                >
                                    {v.label()}
                                </a>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </nav>
    }
}
