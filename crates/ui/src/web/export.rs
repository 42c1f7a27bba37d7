//! Saving files (CSV, SVG, PNG, JSON) and copying text, without any server.

use std::future::Future;

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use super::js_message;

/// Offers `content` as a download named `filename` with MIME type `mime`.
pub fn download_text(filename: &str, mime: &str, content: &str) -> Result<(), String> {
    let parts = js_sys::Array::new();
    parts.push(&JsValue::from_str(content));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts)
        .map_err(|_| "the browser could not create the file".to_string())?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)
        .map_err(|_| "the browser could not create the file".to_string())?;
    let result = click_link(filename, &url);
    let _ = web_sys::Url::revoke_object_url(&url);
    result
}

/// Offers a `data:` URL (e.g. a canvas's PNG) as a download.
pub fn download_url(filename: &str, url: &str) -> Result<(), String> {
    click_link(filename, url)
}

fn click_link(filename: &str, url: &str) -> Result<(), String> {
    let document = leptos::prelude::document();
    let a = document
        .create_element("a")
        .map_err(|_| "no document".to_string())?
        .dyn_into::<web_sys::HtmlAnchorElement>()
        .map_err(|_| "no anchor".to_string())?;
    a.set_href(url);
    a.set_download(filename);
    a.set_attribute("hidden", "").ok();
    let body = document.body().ok_or("no body")?;
    body.append_child(&a)
        .map_err(|_| "could not add the link".to_string())?;
    a.click();
    let _ = body.remove_child(&a);
    Ok(())
}

/// Copies `text` to the clipboard and resolves once the browser has done it, or with why it
/// did not (the user or the browser refused: "Write permission denied."). Uses the asynchronous
/// clipboard API where there is one (secure contexts); otherwise a hidden text area and
/// `execCommand("copy")`. The copy starts at once, within the click that asked for it.
pub fn copy_text(text: &str) -> impl Future<Output = Result<(), String>> + use<> {
    let started = match async_clipboard() {
        Some(clipboard) => Ok(Some(JsFuture::from(clipboard.write_text(text)))),
        None if copy_with_textarea(text) => Ok(None),
        None => Err("the browser refused".to_string()),
    };
    async move {
        match started? {
            Some(written) => written.await.map(|_| ()).map_err(|e| js_message(&e)),
            None => Ok(()),
        }
    }
}

/// Copies `text` to the clipboard at once (within the click that asked for it), then calls
/// `done` with the outcome ([`copy_text`]).
pub fn copy_then(text: &str, done: impl FnOnce(Result<(), String>) + 'static) {
    let copied = copy_text(text);
    leptos::task::spawn_local(async move { done(copied.await) });
}

/// What to tell the user when [`copy_text`] failed: `why`, and `by_hand` (what to do instead).
pub fn could_not_copy(why: &str, by_hand: &str) -> String {
    format!("Could not copy: {why}; {by_hand}")
}

/// `navigator.clipboard`, where the page may use it.
fn async_clipboard() -> Option<web_sys::Clipboard> {
    let window = leptos::prelude::window();
    if !window.is_secure_context() {
        return None;
    }
    let clipboard =
        js_sys::Reflect::get(&window.navigator(), &JsValue::from_str("clipboard")).ok()?;
    (!clipboard.is_undefined() && !clipboard.is_null()).then(|| clipboard.unchecked_into())
}

fn copy_with_textarea(text: &str) -> bool {
    let document = leptos::prelude::document();
    let Ok(el) = document.create_element("textarea") else {
        return false;
    };
    let Ok(ta) = el.dyn_into::<web_sys::HtmlTextAreaElement>() else {
        return false;
    };
    ta.set_value(text);
    ta.set_attribute("readonly", "").ok();
    ta.set_attribute("style", "position:fixed;left:-9999px;top:0")
        .ok();
    let Some(body) = document.body() else {
        return false;
    };
    if body.append_child(&ta).is_err() {
        return false;
    }
    ta.select();
    let ok = document
        .dyn_ref::<web_sys::HtmlDocument>()
        .and_then(|d| d.exec_command("copy").ok())
        .unwrap_or(false);
    let _ = body.remove_child(&ta);
    ok
}

/// A file name from free text: letters, digits, `-` and `_` only.
pub fn file_stem(text: &str) -> String {
    let s: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let s = s.trim_matches('-').to_string();
    if s.is_empty() {
        "utility-lab".into()
    } else {
        s.chars().take(60).collect()
    }
}
