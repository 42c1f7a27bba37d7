//! In embed mode, the page tells the page that frames it how tall it is, so that the embed
//! code's script ([`ulab_state::embed::iframe_code`]) can fit the frame to its content.
//!
//! A `ResizeObserver` on `<body>` posts `{type: "utility-lab-height", height}` to the parent
//! whenever the height of the content changes (and once at start; in embed mode `<body>` has
//! no minimum height, style/chrome.css). Only the height is sent; the parent's
//! script checks that the message comes from the app's origin.

use std::cell::Cell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::ResizeObserver;

use ulab_state::embed::HEIGHT_MESSAGE;

thread_local! {
    /// The last height posted (none is posted twice in a row).
    static LAST: Cell<i32> = const { Cell::new(-1) };
}

/// Starts posting the page's height to the parent, if the page is in a frame. Idempotent
/// enough: a second call adds a second observer, which posts nothing new.
pub fn post_to_parent() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    if parent == window {
        return; // not framed
    }
    let Some(body) = window.document().and_then(|d| d.body()) else {
        return;
    };
    let observed = body.clone();
    let on_resize = Closure::<dyn FnMut(js_sys::Array)>::new(move |_: js_sys::Array| {
        post(
            &parent,
            observed.get_bounding_client_rect().height().ceil() as i32,
        );
    });
    let Ok(observer) = ResizeObserver::new(on_resize.as_ref().unchecked_ref()) else {
        return;
    };
    on_resize.forget(); // lives as long as the page
    observer.observe(&body);
}

/// Posts `height` to `parent`, unless it is the last height posted.
fn post(parent: &web_sys::Window, height: i32) {
    if LAST.with(|l| l.replace(height)) == height {
        return;
    }
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"type".into(), &HEIGHT_MESSAGE.into());
    let _ = js_sys::Reflect::set(&message, &"height".into(), &height.into());
    let _ = parent.post_message(&message, "*");
}
