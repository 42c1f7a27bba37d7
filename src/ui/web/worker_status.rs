//! Starts the web worker (`src/bin/mc_worker.rs`) once and shows that a round trip works: the
//! worker says it is ready, computes classifier A's yield of the factory example, and the page
//! shows it; then the worker is stopped. (The Monte Carlo runs in its own pool of workers,
//! [`super::mc_pool`], started on first use.)

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker};

use super::mc_pool::{worker_url, WORKER_SCRIPT};
use crate::text::number;
use crate::worker::{Request, Response};

/// Where the round trip is.
#[derive(Debug, Clone, PartialEq)]
pub enum WorkerState {
    Starting,
    /// The worker answered; `value` is the yield it computed.
    Ready {
        value: f64,
    },
    Failed(String),
}

/// A one-line status of the background worker.
#[component]
pub fn WorkerStatus() -> impl IntoView {
    let (state, set_state) = signal(WorkerState::Starting);
    if let Err(message) = round_trip(set_state) {
        set_state.set(WorkerState::Failed(message));
    }
    let state_key = move || match state.get() {
        WorkerState::Starting => "starting",
        WorkerState::Ready { .. } => "ready",
        WorkerState::Failed(_) => "failed",
    };
    let text = move || match state.get() {
        WorkerState::Starting => "Background worker: starting…".to_string(),
        WorkerState::Ready { value } => {
            format!(
                "Background worker: ready (it computed A's yield: {})",
                number(value, 2)
            )
        }
        WorkerState::Failed(message) => format!("Background worker failed: {message}"),
    };
    view! {
        <p class="worker-status" data-testid="worker-status" data-state=state_key role="status">
            <span class="status-dot" aria-hidden="true"></span>
            {text}
        </p>
    }
}

fn js_error(value: JsValue) -> String {
    value
        .as_string()
        .or_else(|| {
            value
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| "unknown error".to_string())
}

fn post(worker: &Worker, request: &Request) -> Result<(), String> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    let message = serde::Serialize::serialize(request, &serializer).map_err(|e| e.to_string())?;
    worker.post_message(&message).map_err(js_error)
}

/// Starts the worker; on `ready` asks it for a yield; on the answer, records it and stops it.
fn round_trip(set_state: WriteSignal<WorkerState>) -> Result<(), String> {
    let worker = Worker::new(&worker_url()?).map_err(js_error)?;
    let this = worker.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let next = match serde_wasm_bindgen::from_value::<Response>(event.data()) {
            Ok(Response::Ready { .. }) => {
                let request = Request::Yield {
                    utility: "15,-335;-35,165".to_string(),
                    confusion: "27,15;23,35".to_string(),
                };
                match post(&this, &request) {
                    Ok(()) => return,
                    Err(message) => WorkerState::Failed(message),
                }
            }
            Ok(Response::Yield { value }) => WorkerState::Ready { value },
            Ok(Response::Error { message, .. }) => WorkerState::Failed(message),
            Ok(other) => WorkerState::Failed(format!("unexpected answer: {other:?}")),
            Err(e) => WorkerState::Failed(format!("unexpected message: {e}")),
        };
        this.terminate();
        set_state.set(next);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // Both handlers live as long as the page: the worker is started once.
    on_message.forget();
    // A script error in the worker comes as an ErrorEvent; a script that cannot be loaded
    // (404, wrong MIME type) as a plain Event.
    let on_error = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
        let message = event
            .dyn_ref::<ErrorEvent>()
            .map(|e| e.message())
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| format!("{WORKER_SCRIPT} could not be loaded"));
        set_state.set(WorkerState::Failed(message));
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Ok(())
}
