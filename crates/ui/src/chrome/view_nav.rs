//! The list of the app's views: each one a link to the same state in that view.

use crate::{handler, memo, rx};
use leptos::prelude::*;

use crate::context::use_app;
use crate::reactive::effect;
use ulab_state::{View, link};

/// Scrolls `nav` sideways (only) so that its current item is in the middle.
fn centre_current(nav: &web_sys::HtmlElement) {
    use wasm_bindgen::JsCast;
    let Some(item) = nav
        .query_selector(".view-nav-item.is-current")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    if nav.scroll_width() <= nav.client_width() {
        return;
    }
    let nav_box = nav.get_bounding_client_rect();
    let item_box = item.get_bounding_client_rect();
    let offset = item_box.left() - nav_box.left() + f64::from(nav.scroll_left());
    let target = offset - (nav_box.width() - item_box.width()) / 2.0;
    nav.set_scroll_left(target.max(0.0) as i32);
}

/// The views, the current one marked.
#[component]
pub fn ViewNav() -> impl IntoView {
    let ctx = use_app();
    let current = memo(move |_| ctx.state.with(|s| s.view));
    // On a phone the views are one row that scrolls sideways: the current one is kept in
    // sight (centred), without scrolling the page.
    let nav = NodeRef::<leptos::html::Nav>::new();
    effect(move |_| {
        current.track();
        request_animation_frame(move || {
            if let Some(nav) = nav.get_untracked() {
                centre_current(&nav);
            }
        });
    });
    view! {
        <nav class="view-nav" aria-label="Views" node_ref=nav>
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
