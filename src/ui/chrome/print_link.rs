//! The handout's link: on a printed page, and only there, the link that reproduces the page, as
//! text and as a QR code (style/print.css shows it on paper; it is never on the screen).
//!
//! The block exists only while the page is printed ([`crate::ui::theme::ColourScheme::printing`]),
//! so the QR code is encoded when a page is printed, never while the user types.

use crate::ui::{cond, memo, rx};
use leptos::prelude::*;

use crate::state::qr::link_qr;
use crate::ui::context::use_app;

/// The link block, drawn while the page is printed.
#[component]
pub fn PrintLink() -> impl IntoView {
    let printing = use_app().scheme.printing;
    view! {
        <Show when=cond(move || printing.get())>
            <PrintLinkBlock />
        </Show>
    }
}

/// The page's address as the browser has it, and its QR code (or why there is none).
#[component]
fn PrintLinkBlock() -> impl IntoView {
    let ctx = use_app();
    // The address bar follows the state within a tenth of a second; `fragment` is set once
    // it has, so the address read then is the page's link, written as the browser writes it.
    let link = memo(move |_| {
        ctx.fragment.track();
        window().location().href().unwrap_or_default()
    });
    let qr = memo(move |_| link.with(|l| link_qr(l, "QR code of this page's link")));
    view! {
        <aside class="print-link" data-testid="print-link" aria-label="The link to this page">
            <div class="print-link-text">
                <p class="print-link-lead">
                    "This page, with these numbers, is at:"
                </p>
                <p class="print-link-url" data-testid="print-link-url">{rx(move || link.get())}</p>
            </div>
            {rx(move || match qr.get() {
                Ok(code) => {
                    view! { <div class="print-qr" data-testid="print-qr" inner_html=code.svg></div> }
                        .into_any()
                }
                Err(why) => {
                    view! {
                        <p class="print-qr-none" data-testid="print-qr-too-long">{why.to_string()}</p>
                    }
                        .into_any()
                }
            })}
        </aside>
    }
}
