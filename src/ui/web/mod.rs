//! What talks to the browser beyond the DOM: downloads and the clipboard ([`export`]), the
//! pool of Monte Carlo web workers ([`mc_pool`]) and the jobs run on it ([`jobs`]), and the
//! page's height posted to the page that embeds it ([`frame_height`]).

pub mod export;
pub mod frame_height;
pub mod jobs;
pub mod mc_pool;

use wasm_bindgen::{JsCast, JsValue};

/// The message of a JavaScript error (an `Error`, a `DOMException`, or a string) for the user.
pub fn js_message(value: &JsValue) -> String {
    value
        .as_string()
        .or_else(|| {
            value
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .filter(|m| !m.is_empty())
        .unwrap_or_else(|| "unknown error".to_string())
}
