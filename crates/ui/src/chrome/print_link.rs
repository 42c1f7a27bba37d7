//! The handout's link: on a printed page, and only there, the link that reproduces the page, as
//! text and as a QR code (style/print.css shows it on paper; it is never on the screen).
//!
//! The block is written only while the page is printed
//! ([`crate::theme::ColourScheme::printing`]), so the QR code is encoded when a page is
//! printed, never while the user types. It is plain HTML ([`link_block_html`]) put into one
//! element, not a Leptos view: a view's code costs the page's wasm more than this block is worth.
//!
//! Its code (with the QR encoder) is in a chunk of its own, loaded once the first page is
//! painted, like the share bar ([`crate::lazy`]): a page is printed long after that. Its
//! place shows nothing on the screen, nor on paper, while it loads (style/chrome.css).

use leptos::html;
use leptos::prelude::*;

use crate::context::use_app;
use crate::lazy::{deferred, split_entry};
use crate::reactive::effect;
use ulab_state::qr::link_block_html;

/// The place of the link block (its code loaded on demand).
pub fn print_link() -> AnyView {
    view! { <div class="print-link-part">{deferred("the handout's link", print_link_entry, ())}</div> }
        .into_any()
}

split_entry!(print_link_entry, print_link, (), |()| {
    view! { <PrintLink /> }.into_any()
});

/// The place of the link block, filled while the page is printed.
#[component]
fn PrintLink() -> impl IntoView {
    let ctx = use_app();
    let slot = NodeRef::<html::Div>::new();
    effect(move |_| {
        let printing = ctx.scheme.printing.get();
        let Some(slot) = slot.get() else {
            return;
        };
        if !printing {
            slot.set_inner_html("");
            return;
        }
        // The address bar follows the state within a tenth of a second; `fragment` is set once
        // it has, so the address read then is the page's link, as the browser writes it.
        ctx.fragment.track();
        let link = window().location().href().unwrap_or_default();
        slot.set_inner_html(&link_block_html(&link));
    });
    view! { <div class="print-link-slot" node_ref=slot></div> }
}
