//! The web worker (built by Trunk for wasm32 as `mc_worker.js` + `mc_worker_bg.wasm`, started
//! by the page through `mc_worker_loader.js`).
//!
//! This file is only the wasm glue: it posts [`Response::Ready`] once running, then turns every
//! message into a [`Request`], answers it with the pure [`handle`] (tested natively in
//! `src/worker.rs`) and posts the [`Response`] back. New requests (the Monte Carlo runs) go into
//! `utility_lab::worker`; this glue changes only if a request must answer with several messages
//! (progress) or be cancellable.
//!
//! [`Request`]: utility_lab::worker::Request
//! [`Response`]: utility_lab::worker::Response
//! [`Response::Ready`]: utility_lab::worker::Response::Ready
//! [`handle`]: utility_lab::worker::handle

#[cfg(target_arch = "wasm32")]
mod glue {
    use serde::Serialize;
    use utility_lab::worker::{handle, Request, Response};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    /// Posts `response` to the page. If even that fails there is no one left to tell.
    fn post(scope: &DedicatedWorkerGlobalScope, response: &Response) {
        let serializer = serde_wasm_bindgen::Serializer::json_compatible();
        let message = match response.serialize(&serializer) {
            Ok(value) => value,
            Err(e) => JsValue::from_str(&format!("mc_worker: cannot encode a response: {e}")),
        };
        let _ = scope.post_message(&message);
    }

    /// Decodes one message and answers it.
    fn answer(data: JsValue) -> Response {
        match serde_wasm_bindgen::from_value::<Request>(data) {
            Ok(request) => handle(request),
            Err(e) => Response::Error {
                message: format!("not a worker request: {e}"),
            },
        }
    }

    pub fn run() {
        console_error_panic_hook::set_once();
        let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
            web_sys::console::error_1(&"mc_worker must run in a dedicated web worker".into());
            return;
        };
        let reply_to = scope.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            post(&reply_to, &answer(event.data()));
        });
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // The handler lives as long as the worker.
        on_message.forget();
        post(&scope, &Response::ready());
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
