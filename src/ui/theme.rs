//! The colour scheme, decided in one place: the user's choice (system, light or dark, kept in
//! the browser's local storage), the system's preference (`prefers-color-scheme`, followed as
//! it changes), and [`ColourScheme::dark`], one `Memo` of the two. One Effect writes it to
//! `data-theme` on `<html>` (the stylesheet's colours, style/app.css); the plots read the same
//! Memo, so a change of scheme redraws each plot once. Installed by the app shell, so it holds in
//! embed mode too, where the header and its toggle are not shown.

use crate::ui::memo;
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The colour theme chosen by the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThemeChoice {
    /// Follow the system (`prefers-color-scheme`).
    System,
    Light,
    Dark,
}

impl ThemeChoice {
    /// The key kept in local storage, and the toggle's `data-theme`.
    pub fn key(self) -> &'static str {
        match self {
            ThemeChoice::System => "system",
            ThemeChoice::Light => "light",
            ThemeChoice::Dark => "dark",
        }
    }

    /// The choice stored under `key` (anything unknown follows the system).
    pub fn from_key(key: &str) -> ThemeChoice {
        match key {
            "light" => ThemeChoice::Light,
            "dark" => ThemeChoice::Dark,
            _ => ThemeChoice::System,
        }
    }

    /// The next choice of the header's toggle: system → light → dark → system.
    pub fn next(self) -> ThemeChoice {
        match self {
            ThemeChoice::System => ThemeChoice::Light,
            ThemeChoice::Light => ThemeChoice::Dark,
            ThemeChoice::Dark => ThemeChoice::System,
        }
    }

    /// The toggle's label.
    pub fn label(self) -> &'static str {
        match self {
            ThemeChoice::System => "Theme: system",
            ThemeChoice::Light => "Theme: light",
            ThemeChoice::Dark => "Theme: dark",
        }
    }

    /// The toggle's icon.
    pub fn icon(self) -> &'static str {
        match self {
            ThemeChoice::System => "◐",
            ThemeChoice::Light => "☀",
            ThemeChoice::Dark => "☾",
        }
    }

    /// Whether the page is dark under this choice when the system prefers dark or not.
    pub fn is_dark(self, system_dark: bool) -> bool {
        match self {
            ThemeChoice::System => system_dark,
            ThemeChoice::Light => false,
            ThemeChoice::Dark => true,
        }
    }
}

/// The local-storage key of the user's choice.
const STORAGE_KEY: &str = "utility-lab-theme";

/// The media query of the system's preference.
const DARK_QUERY: &str = "(prefers-color-scheme: dark)";

/// The colour scheme's signals (part of [`crate::ui::context::AppContext`]).
#[derive(Clone, Copy)]
pub struct ColourScheme {
    /// The user's choice; written only through [`ColourScheme::choose`].
    choice: RwSignal<ThemeChoice>,
    /// Whether the page is dark: the choice, or the system's preference when the choice is
    /// "system". The page's colours and the plots follow it.
    pub dark: Memo<bool>,
}

impl ColourScheme {
    /// The user's choice.
    pub fn choice(&self) -> Signal<ThemeChoice> {
        self.choice.into()
    }

    /// Records the user's choice (and keeps it in local storage, never sent anywhere).
    pub fn choose(&self, choice: ThemeChoice) {
        self.choice.set(choice);
        if let Ok(Some(storage)) = window().local_storage() {
            let _ = storage.set_item(STORAGE_KEY, choice.key());
        }
    }
}

fn stored_choice() -> ThemeChoice {
    window()
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
        .map(|k| ThemeChoice::from_key(&k))
        .unwrap_or(ThemeChoice::System)
}

/// The system's preference as a signal, updated by the media query's `change` events.
fn system_prefers_dark() -> ReadSignal<bool> {
    let query = window().match_media(DARK_QUERY).ok().flatten();
    let (dark, set_dark) = signal(query.as_ref().map(|q| q.matches()).unwrap_or(false));
    if let Some(query) = query {
        let on_change = Closure::<dyn Fn(web_sys::MediaQueryListEvent)>::new(
            move |e: web_sys::MediaQueryListEvent| set_dark.set(e.matches()),
        );
        let added = query
            .add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref())
            .is_ok();
        if added {
            // The listener lives as long as the app, which is mounted once per page.
            on_change.forget();
        }
    }
    dark
}

/// Creates the colour scheme and the one Effect that writes it to `<html data-theme>`.
pub fn install() -> ColourScheme {
    let choice = RwSignal::new(stored_choice());
    let system_dark = system_prefers_dark();
    let dark = memo(move |_| choice.get().is_dark(system_dark.get()));
    Effect::new(move |_| {
        let key = if dark.get() { "dark" } else { "light" };
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-theme", key);
        }
    });
    ColourScheme { choice, dark }
}
