//! What talks to the browser beyond the DOM: downloads and the clipboard ([`export`]), the
//! pool of Monte Carlo web workers ([`mc_pool`]) and the jobs run on it ([`jobs`]), the
//! page's height posted to the page that embeds it ([`frame_height`]), large files read in
//! slices and long jobs run in slices ([`sliced`]), a file's source and a file handed between
//! views ([`handoff`]), the service worker that keeps the page working offline
//! ([`offline`]), and the other views' stylesheet, loaded after the first page
//! ([`views_css`]).
//!
//! The hooks, one per file in the style of leptos-use: an element's width ([`use_width`]),
//! saving files ([`use_download`]), a job on the workers ([`use_job`]).

pub mod export;
pub mod frame_height;
pub mod handoff;
pub mod jobs;
pub mod mc_pool;
pub mod offline;
pub mod sliced;
pub mod use_download;
pub mod use_job;
pub mod use_sure;
pub mod use_width;
pub mod views_css;

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

/// Gives the event loop back to the browser (input, rendering) and resumes in a later task:
/// `scheduler.yield()` where the browser has it, else a `setTimeout` of zero (which browsers
/// may delay by 4 ms when nested).
pub async fn next_task() {
    resume_after(|scheduler| method(scheduler, "yield")?.call0(scheduler).ok()).await
}

/// Gives the event loop back and resumes in a later task of *background* priority
/// (`scheduler.postTask(…, { priority: "background" })` where the browser has it, else a
/// `setTimeout` of zero): input and rendering go first. For work that nobody waits on at once
/// (How sure): a continuation of [`next_task`]'s `scheduler.yield()` runs before the next frame,
/// so a 20-class edit's frame waited ~540 ms for the whole job's 8 ms slices.
pub async fn next_background_task() {
    resume_after(|scheduler| {
        let post = method(scheduler, "postTask")?;
        let options = js_sys::Object::new();
        js_sys::Reflect::set(&options, &"priority".into(), &"background".into()).ok()?;
        let task = wasm_bindgen::closure::Closure::once_into_js(|| {});
        post.call2(scheduler, &task, &options).ok()
    })
    .await
}

/// Awaits the promise `ask` gets from the browser's `scheduler` (none, or no promise: a
/// `setTimeout` of zero).
async fn resume_after(ask: impl FnOnce(&JsValue) -> Option<JsValue>) {
    use js_sys::{Promise, Reflect};
    let scheduler = Reflect::get(&js_sys::global(), &JsValue::from_str("scheduler")).ok();
    let promise = scheduler
        .filter(|s| s.is_object())
        .as_ref()
        .and_then(ask)
        .and_then(|p| p.dyn_into::<Promise>().ok())
        .unwrap_or_else(|| {
            Promise::new(&mut |resolve, _| {
                let _ = web_sys::window()
                    .map(|w| w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0));
            })
        });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// `object[name]` if it is a function.
fn method(object: &JsValue, name: &str) -> Option<js_sys::Function> {
    js_sys::Reflect::get(object, &JsValue::from_str(name))
        .ok()?
        .dyn_into()
        .ok()
}
