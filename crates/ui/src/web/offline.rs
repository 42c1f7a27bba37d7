//! Offline after the first visit: registers the service worker `sw.js` that a release build
//! writes next to `index.html` (scripts/sw.mjs), scoped to the page's own directory, so that a
//! link opened once opens again with no network.
//!
//! **It waits its turn** (issue 29): the worker's install fetches every file of the build, so
//! it is registered only once the page has loaded, every part of the current view loaded on
//! demand is on screen (no "Loading …" line left), and the browser is idle
//! (`requestIdleCallback`) — and not at all when the browser asks to save data
//! (`navigator.connection.saveData`, the `Save-Data` preference). The footer says when the app
//! is ready offline ([`status`]).
//!
//! Only in release builds (a debug build has no `sw.js`), and every failure is ignored: no
//! service workers in this browser, a page that is not a secure context, a frame of another
//! origin that may not register one, a host that does not serve `sw.js` — the page works as
//! before, it just does not work offline.

use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Whether the page works offline, for the footer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfflineStatus {
    /// Not (yet) registered: waiting for the page to be complete and idle, or no service
    /// workers here.
    Waiting,
    /// The browser asked to save data: nothing is cached.
    SaveData,
    /// The service worker is active: the app opens with no network.
    Ready,
}

thread_local! {
    static STATUS: ArcRwSignal<OfflineStatus> = ArcRwSignal::new(OfflineStatus::Waiting);
}

/// The page's offline status, as a signal (for the footer).
pub fn status() -> Signal<OfflineStatus> {
    STATUS.with(|s| ReadSignal::from(s.read_only()).into())
}

fn set_status(v: OfflineStatus) {
    STATUS.with(|s| s.set(v));
}

/// How long to wait for the view's parts before registering anyway.
const MAX_WAIT: Duration = Duration::from_secs(30);

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
    if save_data() {
        set_status(OfflineStatus::SaveData);
        return;
    }
    let loaded = window
        .document()
        .is_some_and(|d| d.ready_state() == "complete");
    if loaded {
        after_parts(Duration::ZERO);
        return;
    }
    // `load` fires once per page: the closure is called once, then freed.
    let on_load = Closure::once_into_js(|| after_parts(Duration::ZERO));
    let _ = window.add_event_listener_with_callback("load", on_load.unchecked_ref());
}

/// Whether the browser asks to save data (`navigator.connection.saveData`).
fn save_data() -> bool {
    use js_sys::Reflect;
    let Some(window) = web_sys::window() else {
        return false;
    };
    Reflect::get(&window.navigator(), &JsValue::from_str("connection"))
        .ok()
        .filter(JsValue::is_object)
        .and_then(|c| Reflect::get(&c, &JsValue::from_str("saveData")).ok())
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// Registers once no part of the view is loading (checked twice a second, for at most
/// [`MAX_WAIT`]) and the browser is idle.
fn after_parts(waited: Duration) {
    let loading = document()
        .query_selector("[data-testid='part-loading']")
        .ok()
        .flatten()
        .is_some();
    if loading && waited < MAX_WAIT {
        let step = Duration::from_millis(500);
        set_timeout(move || after_parts(waited + step), step);
        return;
    }
    when_idle(try_register);
}

/// Runs `f` when the browser is idle (`requestIdleCallback`, at most 5 s later), or after a
/// second where it has none.
fn when_idle(f: fn()) {
    use js_sys::{Function, Object, Reflect};
    let Some(window) = web_sys::window() else {
        return;
    };
    let idle = Reflect::get(&window, &JsValue::from_str("requestIdleCallback"))
        .ok()
        .and_then(|v| v.dyn_into::<Function>().ok());
    match idle {
        Some(request) => {
            let options = Object::new();
            let _ = Reflect::set(
                &options,
                &JsValue::from_str("timeout"),
                &JsValue::from_f64(5000.0),
            );
            let callback = Closure::once_into_js(f);
            let _ = request.call2(&window, &callback, &options);
        }
        None => set_timeout(f, Duration::from_secs(1)),
    }
}

/// `navigator.serviceWorker.register("sw.js", {scope: "./"})`, both relative to the page,
/// the outcome ignored.
fn try_register() {
    if let Ok(promise) = registration() {
        wasm_bindgen_futures::spawn_local(async move {
            // Refused or failed: the page works as it is, online only.
            if wasm_bindgen_futures::JsFuture::from(promise).await.is_err() {
                return;
            }
            // `navigator.serviceWorker.ready`: resolves once a worker of this scope is active,
            // i.e. every file is cached.
            if let Ok(ready) = ready_promise()
                && wasm_bindgen_futures::JsFuture::from(ready).await.is_ok()
            {
                set_status(OfflineStatus::Ready);
            }
        });
    }
}

/// `navigator.serviceWorker.ready`.
fn ready_promise() -> Result<js_sys::Promise, JsValue> {
    use js_sys::Reflect;
    let window = web_sys::window().ok_or(JsValue::NULL)?;
    let container = Reflect::get(&window.navigator(), &JsValue::from_str("serviceWorker"))?;
    Reflect::get(&container, &JsValue::from_str("ready"))?.dyn_into()
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
