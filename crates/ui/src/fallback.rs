//! What the page shows if the app panics anyway: not a frozen or blank page, but a short
//! message, the current link (the state lives in it, so nothing typed more than 100 ms before
//! is lost), a Reload button, and the panic's text for a bug report.
//!
//! Built with plain DOM calls, not Leptos: after a panic the reactive graph may be borrowed or
//! half-updated, and the wasm instance has trapped. The Reload button's handler is made by
//! [`install`], while the app is sound, and only calls `location.reload()`.
//!
//! The end-to-end suite triggers it with [`selftest_panic`] (exported to JavaScript as
//! `window.wasmBindings.selftest_panic`), which panics like any bug would.

use std::cell::OnceCell;
use std::sync::atomic::{AtomicBool, Ordering};

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element};

thread_local! {
    /// The Reload button's handler, made before any panic.
    static RELOAD: OnceCell<js_sys::Function> = const { OnceCell::new() };
}

/// Whether the fallback has been shown (a second panic leaves it as it is).
static SHOWN: AtomicBool = AtomicBool::new(false);

/// Sets the panic hook: the panic goes to the browser console, then the fallback replaces the
/// page.
pub fn install() {
    let reload = Closure::<dyn FnMut()>::new(|| {
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    });
    RELOAD.with(|cell| {
        let _ = cell.set(reload.into_js_value().unchecked_into());
    });
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        if !SHOWN.swap(true, Ordering::SeqCst) {
            show(&info.to_string());
        }
    }));
}

/// Panics, for the end-to-end test of the fallback (`window.wasmBindings.selftest_panic()`).
#[wasm_bindgen]
pub fn selftest_panic() {
    panic!("self-test: a deliberate panic (window.wasmBindings.selftest_panic)");
}

/// Replaces the page's content by the fallback. Does nothing if there is no document.
fn show(details: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = document.body() else {
        return;
    };
    let href = document
        .location()
        .and_then(|l| l.href().ok())
        .unwrap_or_default();
    let Ok(page) = fallback(&document, &href, details) else {
        return;
    };
    body.set_text_content(None);
    let _ = body.append_child(&page);
}

/// `<main class="panic-fallback" role="alert">` with the message, link, button and details.
fn fallback(doc: &Document, href: &str, details: &str) -> Result<Element, JsValue> {
    let main = el(
        doc,
        "main",
        &[("class", "panic-fallback"), ("role", "alert")],
        None,
    )?;
    main.set_attribute("data-testid", "panic-fallback")?;
    let title = el(doc, "h1", &[], Some("Utility Lab stopped"))?;
    let why = el(doc, "p", &[], Some(MESSAGE))?;
    let p = el(doc, "p", &[("class", "panic-link")], None)?;
    let link = el(
        doc,
        "a",
        &[("href", href), ("data-testid", "panic-link")],
        Some(href),
    )?;
    p.append_child(&link)?;
    let button = el(
        doc,
        "button",
        &[("type", "button"), ("data-testid", "panic-reload")],
        Some("Reload"),
    )?;
    RELOAD.with(|cell| {
        if let Some(reload) = cell.get() {
            let _ = button.add_event_listener_with_callback("click", reload);
        }
    });
    let more = el(doc, "details", &[], None)?;
    let summary = el(doc, "summary", &[], Some("Details for a bug report"))?;
    let pre = el(doc, "pre", &[], Some(details))?;
    more.append_child(&summary)?;
    more.append_child(&pre)?;
    for child in [&title, &why, &p, &button, &more] {
        main.append_child(child)?;
    }
    Ok(main)
}

/// What the fallback says.
const MESSAGE: &str = "An internal error stopped the page. Your inputs are kept in its link: \
                       reload to go on from where you were, or copy the link to keep it.";

/// One element with attributes and text (set as text, never parsed as HTML).
fn el(
    doc: &Document,
    tag: &str,
    attributes: &[(&str, &str)],
    text: Option<&str>,
) -> Result<Element, JsValue> {
    let e = doc.create_element(tag)?;
    for (name, value) in attributes {
        e.set_attribute(name, value)?;
    }
    if let Some(text) = text {
        e.set_text_content(Some(text));
    }
    Ok(e)
}
