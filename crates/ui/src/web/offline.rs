//! Offline after the first visit: registers the service worker `sw.js` that a release build
//! writes next to `index.html` (scripts/sw.mjs), scoped to the page's own directory, so that a
//! link opened once opens again with no network.
//!
//! Only in release builds (a debug build has no `sw.js`), once the page has loaded, and every
//! failure is ignored: no service workers in this browser, a page that is not a secure
//! context, a frame of another origin that may not register one, a host that does not serve
//! `sw.js` — the page works as before, it just does not work offline.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The service worker's script, relative to the page (`document.baseURI`).
pub const SCRIPT: &str = "sw.js";

/// Registers the service worker once the page has loaded (release builds only).
pub fn register() {
    if cfg!(debug_assertions) {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let loaded = window
        .document()
        .is_some_and(|d| d.ready_state() == "complete");
    if loaded {
        try_register();
        return;
    }
    // `load` fires once per page: the closure is called once, then freed.
    let on_load = Closure::once_into_js(try_register);
    let _ = window.add_event_listener_with_callback("load", on_load.unchecked_ref());
}

/// `navigator.serviceWorker.register("sw.js", {scope: "./"})`, both relative to the page,
/// the outcome ignored.
fn try_register() {
    if let Ok(promise) = registration() {
        wasm_bindgen_futures::spawn_local(async move {
            // Refused or failed: the page works as it is, online only.
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        });
    }
}

/// Starts the registration. Reads `navigator.serviceWorker` by reflection: in some frames
/// merely reading it throws, and here that is an `Err`, not an exception.
fn registration() -> Result<js_sys::Promise, JsValue> {
    use js_sys::{Function, Object, Reflect};
    let window = web_sys::window().ok_or(JsValue::NULL)?;
    let container = Reflect::get(&window.navigator(), &JsValue::from_str("serviceWorker"))?;
    if !container.is_object() {
        return Err(JsValue::NULL);
    }
    let register: Function =
        Reflect::get(&container, &JsValue::from_str("register"))?.dyn_into()?;
    let base = window
        .document()
        .and_then(|d| d.base_uri().ok().flatten())
        .ok_or(JsValue::NULL)?;
    let script = web_sys::Url::new_with_base(SCRIPT, &base)?.href();
    let scope = web_sys::Url::new_with_base("./", &base)?.href();
    let options = Object::new();
    Reflect::set(
        &options,
        &JsValue::from_str("scope"),
        &JsValue::from_str(&scope),
    )?;
    register
        .call2(&container, &JsValue::from_str(&script), &options)?
        .dyn_into()
}
