//! Presets, sharing and saving: "copy link", "copy embed code", state as JSON (export and
//! import).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::context::{link_to, use_app};
use super::export::{copy_text, download_text};
use crate::state::presets::PRESETS;
use crate::state::{url, AppState};

/// The `<iframe>` snippet for embedding `state`'s view.
pub fn embed_code(state: &AppState) -> String {
    let mut s = state.clone();
    s.embed = true;
    let src = link_to(&s).replace('&', "&amp;").replace('"', "&quot;");
    format!(
        "<iframe src=\"{src}\" title=\"Utility Lab: {}\" width=\"100%\" height=\"720\" style=\"border:0;max-width:100%\" loading=\"lazy\"></iframe>",
        s.view.label()
    )
}

/// The bar of presets and sharing actions.
#[component]
pub fn ShareBar() -> impl IntoView {
    let ctx = use_app();
    let load_preset = move |ev: leptos::ev::Event| {
        let id = event_target_value(&ev);
        if let Some(p) = PRESETS.iter().find(|p| p.id == id) {
            let d = url::decode(p.fragment);
            if ctx.replace(d.state).is_ok() {
                ctx.say(format!("Loaded: {}", p.label));
            }
        }
        // Back to the prompt, so the same preset can be chosen again.
        if let Some(sel) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
            sel.set_value("");
        }
    };
    let copy_link = move |_| {
        let link = ctx.state.with_untracked(link_to);
        if copy_text(&link) {
            ctx.say("Link copied");
        } else {
            ctx.say(format!("Copy this link: {link}"));
        }
    };
    let copy_embed = move |_| {
        let code = ctx.state.with_untracked(embed_code);
        if copy_text(&code) {
            ctx.say("Embed code copied");
        } else {
            ctx.say("Your browser blocked the clipboard");
        }
    };
    let export_json = move |_| {
        let json = ctx.state.with_untracked(|s| s.to_json());
        if let Err(e) = download_text("utility-lab-state.json", "application/json", &json) {
            ctx.say(e);
        }
    };
    let import_json = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        input.set_value("");
        let promise = file.text();
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(text) => {
                    let text = text.as_string().unwrap_or_default();
                    match AppState::from_json(&text) {
                        Ok(state) => {
                            let _ = ctx.replace(state);
                            ctx.say("State imported");
                        }
                        Err(e) => ctx.say(format!("Not imported: {e}")),
                    }
                }
                Err(_) => ctx.say("The file could not be read"),
            }
        });
    };
    view! {
        <div class="share-bar" role="toolbar" aria-label="Examples and sharing" data-testid="share-bar">
            <label class="preset-picker">
                <span>"Example: "</span>
                <select on:change=load_preset data-testid="presets" aria-label="Load an example">
                    <option value="" selected>"Choose an example…"</option>
                    {PRESETS
                        .iter()
                        .map(|p| view! { <option value=p.id title=p.description>{p.label}</option> })
                        .collect_view()}
                </select>
            </label>
            <span class="share-actions">
                <button type="button" class="btn" on:click=copy_link data-testid="copy-link">
                    "Copy link"
                </button>
                <button type="button" class="btn" on:click=copy_embed data-testid="copy-embed">
                    "Copy embed code"
                </button>
                <button type="button" class="btn" on:click=export_json data-testid="export-json">
                    "Save state (JSON)"
                </button>
                <label class="btn file-btn">
                    "Open state…"
                    <input
                        type="file"
                        accept=".json,application/json"
                        class="visually-hidden"
                        on:change=import_json
                        data-testid="import-json"
                    />
                </label>
            </span>
        </div>
    }
}
