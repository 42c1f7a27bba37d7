//! The list of the app's views: each one a link to the same state in that view.

use leptos::prelude::*;

use crate::state::{link, View};
use crate::ui::context::use_app;

/// The views, the current one marked.
#[component]
pub fn ViewNav() -> impl IntoView {
    let ctx = use_app();
    let current = Memo::new(move |_| ctx.state.with(|s| s.view));
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
                                    class:is-current=move || current.get() == v
                                    aria-current=move || (current.get() == v).then_some("page")
                                    href=href
                                    on:click=go
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
