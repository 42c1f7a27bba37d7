//! The web app's Leptos components (wasm32 only): the only code that touches the DOM.
//!
//! * [`app`]: the shell — header, link notices, the current view, footer (or, embedded, the
//!   view alone); [`context`]: the app-wide state, kept in the URL; [`theme`]: the colour
//!   scheme (the user's choice and the system's preference, one `dark` Memo);
//! * [`chrome`]: header, view navigation, footer, notices, share bar;
//! * [`widgets`]: building blocks shared by the views (the card of a panel, matrix editor,
//!   plot canvas, settings fields, …);
//! * [`reactive`]: [`rx`], [`memo`], [`derived`], [`callback`]…: the closures handed to Leptos, boxed (keeps the wasm small);
//! * [`lazy`]: how a part of the page is loaded from its own wasm chunk when it is shown;
//!   [`views`]: the list of views (Compare at once, every other from its chunk);
//! * [`fallback`]: the page shown if the app panics (the link, a Reload button);
//! * [`web`]: downloads, clipboard, the worker pool and its jobs, and the hooks (`use_width`,
//!   `use_download`, `use_job`);
//! * one folder per view — [`compare`], [`reliability`], [`story`], [`decide`], [`space`],
//!   [`pd`], [`roc`], [`probs`] — whose `mod.rs` holds the view, `context.rs` what its panels share, and
//!   one file per panel; a panel imports from its own view's `context.rs`, never from another
//!   view, and no two files import each other.

#![cfg(target_arch = "wasm32")]

pub mod app;
pub mod chrome;
pub mod compare;
pub mod context;
pub mod decide;
pub mod fallback;
pub mod lazy;
pub mod pd;
pub mod probs;
pub mod reactive;
pub mod reliability;
pub mod roc;
pub mod space;
pub mod story;
pub mod theme;
pub mod views;
pub mod web;
pub mod widgets;

pub use reactive::{
    Computed, Var, callback, cond, derived, handler, memo, on_checked, on_value, rx, select_all,
};

/// Starts the app: index.html's loading line (or the build's first page) goes; a panic goes
/// to the browser console and replaces the page by [`fallback`]'s message with the current
/// link; [`app::App`] is mounted on `<body>`; the service worker that keeps the page working
/// offline is registered ([`web::offline`]).
pub fn start() {
    fallback::install();
    // The "Loading" line of index.html, or the first page drawn by the build
    // (scripts/prerender.mjs), shown until now; the same page is mounted in the same task, and
    // what had the focus in the build's page has it in the app's.
    let document = leptos::prelude::document();
    if let Some(boot) = document.get_element_by_id("boot") {
        boot.remove();
    }
    let mut focused = None;
    if let Ok(Some(first)) = document.query_selector("[data-prerendered]") {
        focused = document
            .active_element()
            .filter(|e| first.contains(Some(e)))
            .and_then(|e| same_element(&e));
        first.remove();
    }
    leptos::mount::mount_to_body(app::App);
    if let Some(e) = focused.and_then(|s| document.query_selector(&s).ok().flatten()) {
        use wasm_bindgen::JsCast;
        if let Ok(e) = e.dyn_into::<web_sys::HtmlElement>() {
            let _ = e.focus();
        }
    }
    web::offline::register();
}

/// A selector of the element of the app's page that is `e` of the build's first page: by its
/// test id, its view (the view links), the skip link's class, or its id.
fn same_element(e: &web_sys::Element) -> Option<String> {
    let plain = |v: &str| {
        !v.is_empty()
            && v.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    let attr = |name: &str| e.get_attribute(name).filter(|v| plain(v));
    if let Some(v) = attr("data-testid") {
        Some(format!("[data-testid=\"{v}\"]"))
    } else if let Some(v) = attr("data-view") {
        Some(format!("a[data-view=\"{v}\"]"))
    } else if e.class_list().contains("skip-link") {
        Some(".skip-link".to_string())
    } else {
        attr("id").map(|v| format!("#{v}"))
    }
}
