//! The web worker (built by Trunk for wasm32 as `mc_worker.js` + `mc_worker_bg.wasm`, started
//! by the page through `mc_worker_loader.js`).
//!
//! This file is only the wasm glue: it posts [`Response::Ready`] (a JSON string) once running,
//! then answers every message with the pure handler of `crates/worker/src/` (tested natively), in the
//! message's own encoding: a JSON string (the page's pool, [`handle_json`]) gets a JSON string
//! back, a plain object (a script talking to the worker directly) gets an object (read and
//! written through `JSON.stringify`/`JSON.parse`, by the same [`handle_json`]). Each request is answered
//! synchronously with exactly one message; the pool keeps the work per request small (a chunk).
//!
//! [`Response::Ready`]: ulab_worker::Response::Ready
//! [`handle_json`]: ulab_worker::handle_json

#[cfg(target_arch = "wasm32")]
mod glue {
    use ulab_worker::{Response, handle_json, response_json};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    /// Answers a plain-object message: read as the JSON it stands for (`JSON.stringify`),
    /// answered by the JSON handler, given back as an object (`JSON.parse`). One decoder for
    /// both encodings keeps the worker small (issue 29); numbers keep their value, as a JS
    /// number holds it.
    fn answer_object(data: &JsValue) -> JsValue {
        let reply = match js_sys::JSON::stringify(data)
            .ok()
            .and_then(|s| s.as_string())
        {
            Some(text) => handle_json(&text),
            None => response_json(&Response::error(
                "not a worker request: a message must be a JSON string or a plain object",
            )),
        };
        js_sys::JSON::parse(&reply).unwrap_or_else(|_| JsValue::from_str(&reply))
    }

    pub fn run() {
        console_error_panic_hook::set_once();
        let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
            web_sys::console::error_1(&"mc_worker must run in a dedicated web worker".into());
            return;
        };
        let reply_to = scope.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let data = event.data();
            match data.as_string() {
                Some(text) => {
                    let _ = reply_to.post_message(&JsValue::from_str(&handle_json(&text)));
                }
                None => {
                    let _ = reply_to.post_message(&answer_object(&data));
                }
            }
        });
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // The handler lives as long as the worker.
        on_message.forget();
        // As a JSON string, the page's encoding: the page's wasm has no object decoder.
        let _ = scope.post_message(&JsValue::from_str(&response_json(&Response::ready())));
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    glue::run();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("mc_worker is a web worker: it is built by Trunk for the browser.");
    std::process::exit(2);
}
