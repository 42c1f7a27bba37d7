//! Examples, sharing and saving: the presets (a menu, and the same as plain links), "Copy
//! link" and "Copy embed code" (to the clipboard, and always shown in a read-only field so that
//! they can be copied by hand; the embed's colours: the reader's, light or dark, `theme=`), the
//! state as a JSON file (save, and open: nothing is applied if the file is not a valid state;
//! its code is fetched when first used, [`state_file`]).

use crate::{Var, cond, handler, memo, rx, select_all};
use leptos::ev::{Event, Targeted};
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos::wasm_split::SplitLoaderError;
use web_sys::{HtmlInputElement, HtmlSelectElement};

use crate::context::{AppContext, link_to, use_app};
use crate::lazy::{deferred, split_entry};
use crate::web::export::{copy_then, could_not_copy};
use crate::web::use_download::use_download;
use crate::widgets::radio::radio;
use ulab_state::presets;
use ulab_state::theme::FixedTheme;
use ulab_state::{AppState, JsonError, link};

/// `state` embedded, with the colours `colours` (`None`: the reader's).
fn embedded(state: &AppState, colours: Option<FixedTheme>) -> AppState {
    let mut s = state.clone();
    s.embed = true;
    s.theme = colours;
    s
}

/// The `<iframe>` snippet for embedding `state`'s view with the colours `colours`.
fn embed_code(state: &AppState, colours: Option<FixedTheme>) -> String {
    let s = embedded(state, colours);
    ulab_state::embed::iframe_code(&link_to(&s), s.view.label(), 900)
}

/// Which sharing field is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Panel {
    None,
    Link,
    Embed,
}

/// The share bar, its code in a chunk of its own (`ui::lazy`), so that the first page's
/// numbers come before it.
pub fn share_bar() -> AnyView {
    deferred("the sharing tools", share_bar_entry, ())
}

split_entry!(share_bar_entry, share_bar, (), |()| view! { <ShareBar /> }
    .into_any());

/// The state file's code: the whole state to and from JSON (serde's, for every setting of every
/// view: more than half of the share bar's wasm, which was 93 KB gzip with it and is 42 without).
struct StateFile {
    /// [`AppState::to_json`].
    save: fn(&AppState) -> String,
    /// [`AppState::from_json`].
    open: fn(&str) -> Result<AppState, JsonError>,
}

/// The state file's code, in a chunk of its own (split point `state_file`, `scripts/bundle.mjs`:
/// fetched by no visit), loaded the first time "Save state" or "Open state…" is used; the share
/// bar, on every page, is the lighter for it (issue 29).
#[leptos::wasm_split::wasm_split(state_file, wasm_split_path = ::leptos::wasm_split, fallible)]
fn state_file() -> Result<StateFile, SplitLoaderError> {
    Ok(StateFile {
        save: AppState::to_json,
        open: AppState::from_json,
    })
}

/// What the status line says when the state file's code could not be fetched.
const NO_STATE_FILE_CODE: &str =
    "the code for state files could not be loaded (offline?); try again";

/// The bar of examples and sharing actions: the examples menu, the sharing buttons, the open
/// sharing field, the outcome of the last "Open state", the examples as links.
#[component]
fn ShareBar() -> impl IntoView {
    let panel = Var::new(Panel::None);
    // The result of the last "open state" (an error stays until the next action).
    let status = Var::new(None::<(bool, String)>);
    // The embed's colours: the link's, at first.
    let colours = Var::new(use_app().state.with_untracked(|s| s.theme));
    view! {
        <div class="share-bar" data-testid="share-bar">
            <div class="share-row" role="toolbar" aria-label="Examples and sharing">
                <PresetPicker />
                <ShareActions panel=panel status=status colours=colours />
            </div>
            <Show when=cond(move || panel.get() == Panel::Link)>
                <LinkPanel panel=panel />
            </Show>
            <Show when=cond(move || panel.get() == Panel::Embed)>
                <EmbedPanel panel=panel colours=colours />
            </Show>
            {rx(move || status.get().map(|(ok, msg)| share_status(ok, msg, status)))}
            <PresetLinks />
        </div>
    }
}

/// The examples menu: loads the example picked, and names the one loaded, if the state is one.
#[component]
fn PresetPicker() -> impl IntoView {
    let ctx = use_app();
    // The menu names the example loaded, if the state is one (decoded once).
    let examples = StoredValue::new(presets::decoded());
    let loaded = memo(move |_| {
        ctx.state
            .with(|s| examples.with_value(|d| presets::loaded(s, d).map_or("", |p| p.id)))
    });
    let load_preset = move |ev: Targeted<Event, HtmlSelectElement>| {
        let select = ev.target();
        let id = select.value();
        if let Some(p) = presets::preset(&id) {
            let d = link::decode(p.fragment);
            if ctx.replace(d.state).is_ok() {
                ctx.say(format!("Loaded: {}", p.label));
            }
        }
        // The example now loaded (the one before if this one could not be).
        select.set_value(loaded.get_untracked());
    };
    view! {
        <label class="preset-picker">
            <span>"Example"</span>
            <select on:change:target=load_preset data-testid="presets" aria-label="Load an example">
                <option value="" prop:selected=rx(move || loaded.get().is_empty())>
                    "Choose an example…"
                </option>
                {presets::all()
                    .map(|p| {
                        view! {
                            <option value=p.id title=p.description prop:selected=rx(move || loaded.get() == p.id)>
                                {p.label}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// Copies `text`; says `copied`, or why not and `by_hand` (what to do instead).
fn copy_and_say(ctx: AppContext, text: &str, copied: &'static str, by_hand: &'static str) {
    copy_then(text, move |r| match r {
        Ok(()) => ctx.say(copied),
        Err(why) => ctx.say(could_not_copy(&why, by_hand)),
    });
}

/// "Copy link", "Copy embed code" (each opens its field at once; "copied" is said once the
/// browser has copied), "Save state (JSON)" and "Open state…".
#[component]
fn ShareActions(
    panel: Var<Panel>,
    status: Var<Option<(bool, String)>>,
    colours: Var<Option<FixedTheme>>,
) -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let copy_link = move |_| {
        status.set(None);
        panel.set(Panel::Link);
        let link = ctx.state.with_untracked(link_to);
        copy_and_say(
            ctx,
            &link,
            "Link copied",
            "select the link and copy it by hand",
        );
    };
    let copy_embed = move |_| {
        status.set(None);
        panel.set(Panel::Embed);
        let code = ctx
            .state
            .with_untracked(|s| embed_code(s, colours.get_untracked()));
        let hint = "select the embed code and copy it by hand";
        copy_and_say(ctx, &code, "Embed code copied", hint);
    };
    let export_json = move |_| {
        status.set(None);
        // The state as it is now, written once the code is in.
        let state = ctx.state.get_untracked();
        spawn_local(async move {
            match state_file().await {
                Ok(code) => {
                    let json = (code.save)(&state);
                    download.text("utility-lab-state.json", "application/json", &json);
                }
                Err(_) => status.set(Some((
                    false,
                    format!("The state was not saved: {NO_STATE_FILE_CODE}."),
                ))),
            }
        });
    };
    let import_json = move |ev: Targeted<Event, HtmlInputElement>| {
        let input = ev.target();
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        open_state(ctx, file, status);
    };
    view! {
        <span class="share-actions">
            {copy_button(panel, Panel::Link, "btn btn-primary", "Copy link", copy_link)}
            {copy_button(panel, Panel::Embed, "btn", "Copy embed code", copy_embed)}
            <button type="button" class="btn" on:click=handler(export_json) data-testid="export-json">
                "Save state (JSON)"
            </button>
            <label class="btn file-btn">
                "Open state…"
                <input
                    type="file"
                    accept=".json,application/json"
                    on:change:target=import_json
                    data-testid="import-json"
                    aria-label="Open a saved state (JSON file)"
                />
            </label>
        </span>
    }
}

/// A button that copies a text and opens the field `which` that shows it (`aria-expanded`
/// while it is open).
fn copy_button(
    panel: Var<Panel>,
    which: Panel,
    class: &'static str,
    text: &'static str,
    on_click: impl FnMut(leptos::ev::MouseEvent) + 'static,
) -> impl IntoView {
    let (testid, controls) = match which {
        Panel::Embed => ("copy-embed", "share-embed-panel"),
        _ => ("copy-link", "share-link-panel"),
    };
    view! {
        <button
            type="button"
            class=class
            on:click=handler(on_click)
            data-testid=testid
            aria-expanded=rx(move || (panel.get() == which).to_string())
            aria-controls=controls
        >
            {text}
        </button>
    }
}

/// Reads a saved state from `file` and puts it in force; `status` says how it went (nothing is
/// changed if the file is not a valid state).
fn open_state(ctx: AppContext, file: web_sys::File, status: Var<Option<(bool, String)>>) {
    let name = file.name();
    let promise = file.text();
    spawn_local(async move {
        let result = match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(text) => match state_file().await {
                Ok(code) => (code.open)(&text.as_string().unwrap_or_default())
                    .map_err(|e| e.to_string())
                    .and_then(|state| ctx.replace(state)),
                Err(_) => Err(NO_STATE_FILE_CODE.to_string()),
            },
            Err(_) => Err("the file could not be read".to_string()),
        };
        match result {
            Ok(()) => {
                status.set(Some((true, format!("Opened {name}."))));
                ctx.say("State opened");
            }
            Err(e) => status.set(Some((
                false,
                format!("{name} was not opened, nothing was changed: {e}"),
            ))),
        }
    });
}

/// The field with the link to this state, to copy by hand.
#[component]
fn LinkPanel(panel: Var<Panel>) -> impl IntoView {
    let ctx = use_app();
    view! {
        <div class="share-panel" id="share-link-panel" data-testid="share-link-panel">
            <label for="share-link-field">
                "Link to exactly this state (your numbers are in the part after #, which is never sent to the server):"
            </label>
            <div class="share-field-row">
                <input
                    id="share-link-field"
                    type="text"
                    readonly
                    prop:value=rx(move || ctx.state.with(link_to))
                    on:focus=select_all
                    data-testid="share-link-field"
                />
                {close_button(panel)}
            </div>
        </div>
    }
}

/// The field with the embed code, to copy by hand, the choice of its colours, and a preview of
/// the embedded view.
#[component]
fn EmbedPanel(panel: Var<Panel>, colours: Var<Option<FixedTheme>>) -> impl IntoView {
    let ctx = use_app();
    let group = "embed-colours".to_string();
    let choice = |value: Option<FixedTheme>, label: &'static str| {
        let id = value.map_or("reader", FixedTheme::key);
        radio(
            colours,
            value,
            group.clone(),
            label,
            format!("embed-theme-{id}"),
        )
    };
    view! {
        <div class="share-panel" id="share-embed-panel" data-testid="share-embed-panel">
            <label for="share-embed-field">
                "Paste this into a web page to show this view alone (from 375 px wide), with a link back to the full app:"
            </label>
            <div class="share-field-row">
                <textarea
                    id="share-embed-field"
                    readonly
                    rows="3"
                    prop:value=rx(move || ctx.state.with(|s| embed_code(s, colours.get())))
                    on:focus=select_all
                    data-testid="embed-code-field"
                ></textarea>
                {close_button(panel)}
            </div>
            <fieldset class="segmented embed-colours" data-testid="embed-theme">
                <legend>"The embed's colours (copy again after a change)"</legend>
                {choice(None, "follow the reader")}
                {choice(Some(FixedTheme::Light), "light")}
                {choice(Some(FixedTheme::Dark), "dark")}
            </fieldset>
            <p class="hint">
                <a href=rx(move || {
                    format!("#{}", ctx.state.with(|s| link::encode(&embedded(s, colours.get()))))
                }) target="_blank" rel="noopener" data-testid="embed-preview">
                    "Preview the embedded view ↗"
                </a>
            </p>
        </div>
    }
}

/// The "Close" of a sharing field.
fn close_button(panel: Var<Panel>) -> impl IntoView {
    view! {
        <button type="button" class="btn btn-small" on:click=handler(move |_| panel.set(Panel::None))>
            "Close"
        </button>
    }
}

/// How the last "Open state" went, with a Dismiss button.
fn share_status(ok: bool, msg: String, status: Var<Option<(bool, String)>>) -> impl IntoView {
    view! {
        <p
            class="notice share-status"
            class:is-error=!ok
            role=if ok { "status" } else { "alert" }
            data-testid="share-status"
        >
            {msg}
            " "
            <button type="button" class="btn btn-small" on:click=handler(move |_| status.set(None))>
                "Dismiss"
            </button>
        </p>
    }
}

/// The examples as plain links (they work without the app's code, and open in a new tab),
/// folded under a summary that counts them: open on a wide screen, folded on a phone, where
/// the list would fill more than a screen before any content (issue 28, item 13). The menu
/// beside the sharing buttons lists the same examples.
#[component]
fn PresetLinks() -> impl IntoView {
    let count = presets::all().count();
    let wide = window()
        .match_media(WIDE_SCREEN)
        .ok()
        .flatten()
        .is_some_and(|q| q.matches());
    view! {
        <details class="examples" open=wide data-testid="preset-links">
            <summary class="examples-label">{format!("Examples as links ({count})")}</summary>
            <ul aria-label="Examples as links">
                {presets::all()
                    .map(|p| {
                        view! {
                            <li>
                                <a
                                    href=format!("#{}", p.fragment)
                                    title=p.description
                                    data-testid=format!("preset-link-{}", p.id)
                                >
                                    {p.short_label()}
                                </a>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </details>
    }
}

/// Where the example links start open: wider than a phone held upright or a narrow embed.
const WIDE_SCREEN: &str = "(min-width: 48rem)";
