//! The other views' stylesheet, loaded after the first page.
//!
//! The page links two stylesheets (`scripts/css.mjs` joins `style/` into them): the first
//! page's (the base, the chrome, the widgets, Compare; render-blocking as usual) and the other
//! views' and the handout's, linked `disabled` with the id [`ID`], which a browser does not
//! fetch. On a phone network the second one would otherwise share the line with the page's
//! wasm and put the first page's numbers later. [`views_css`] enables it: the first call starts
//! its fetch, and every part loaded on demand (`ui::lazy::deferred`) waits for it, so that a
//! view never shows unstyled.

use std::cell::RefCell;

use js_sys::Promise;
use leptos::prelude::document;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

/// The id of the views' `<link>` in `index.html` (`scripts/css.mjs` writes it).
pub const ID: &str = "views-css";

thread_local! {
    /// Settled once the stylesheet has loaded (or failed to).
    static LOADED: RefCell<Option<Promise>> = const { RefCell::new(None) };
}

/// Starts the views' stylesheet's fetch (the first call), and returns what settles once it has
/// loaded or failed (a failed stylesheet leaves the views unstyled, not unusable). At once if
/// the page has no such link (a build without `scripts/css.mjs`) or it is already enabled.
pub fn views_css() -> JsFuture {
    let promise = LOADED.with(|p| p.borrow_mut().get_or_insert_with(start).clone());
    JsFuture::from(promise)
}

fn start() -> Promise {
    let Some(link) = document()
        .get_element_by_id(ID)
        .filter(|l| l.has_attribute("disabled"))
    else {
        return Promise::resolve(&JsValue::UNDEFINED);
    };
    Promise::new(&mut |resolve, _reject| {
        let _ = link.add_event_listener_with_callback("load", &resolve);
        let _ = link.add_event_listener_with_callback("error", &resolve);
        let _ = link.remove_attribute("disabled");
    })
}
