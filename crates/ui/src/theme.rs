//! The colour scheme, decided in one place: the colours a link fixes (`theme=light|dark`,
//! [`ulab_state::theme`]: a course page's embed gets the colours it expects), else the user's
//! choice (system, light or dark, kept in the browser's local storage) and the system's
//! preference (`prefers-color-scheme`, followed as it changes); [`ColourScheme::dark`] is one
//! `Memo` of them. One Effect writes it to
//! `data-theme` on `<html>` (the stylesheet's colours, style/app.css); the plots read the same
//! Memo, so a change of scheme redraws each plot once. Installed by the app shell, so it holds in
//! embed mode too, where the header and its toggle are not shown.
//!
//! Printing is light whatever the choice ([`ColourScheme::printing`]: the `print` media query,
//! which also follows print emulation, or between `beforeprint` and `afterprint`): the page and
//! the plots are redrawn light for the paper, and dark again after.

use crate::Computed;
use crate::Var;
use crate::memo;
use crate::reactive::effect;
use leptos::prelude::*;
use ulab_state::AppState;
use ulab_state::theme::FixedTheme;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

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

/// The colour scheme's signals (part of [`crate::context::AppContext`]).
#[derive(Clone, Copy)]
pub struct ColourScheme {
    /// The user's choice; written only through [`ColourScheme::choose`].
    choice: Var<ThemeChoice>,
    /// The app's state, whose `theme` (the link's) goes before the user's choice.
    state: Var<AppState>,
    /// The choice in force: the link's, if it fixes the colours, else the user's.
    shown: Computed<ThemeChoice>,
    /// Whether the page is dark: the choice, or the system's preference when the choice is
    /// "system". The page's colours and the plots follow it.
    pub dark: Computed<bool>,
    /// Whether the page is being printed (or laid out for print): the page is light then,
    /// and the handout's link block ([`crate::chrome::print_link`]) is drawn.
    pub printing: Computed<bool>,
}

impl ColourScheme {
    /// The choice in force: the link's, if it fixes the colours, else the user's.
    pub fn choice(&self) -> Signal<ThemeChoice> {
        self.shown.into()
    }

    /// Records the user's choice (and keeps it in local storage, never sent anywhere); a
    /// theme the link fixed gives way to it (and leaves the link).
    pub fn choose(&self, choice: ThemeChoice) {
        if self.state.with_untracked(|s| s.theme.is_some()) {
            self.state.update(|s| s.theme = None);
        }
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

/// Whether the media query `query` matches, as a signal updated by its `change` events.
fn media_matches(query: &str) -> ReadSignal<bool> {
    let query = window().match_media(query).ok().flatten();
    let (matches, set_matches) = signal(query.as_ref().map(|q| q.matches()).unwrap_or(false));
    if let Some(query) = query {
        let on_change = Closure::<dyn Fn(web_sys::MediaQueryListEvent)>::new(
            move |e: web_sys::MediaQueryListEvent| set_matches.set(e.matches()),
        );
        let added = query
            .add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref())
            .is_ok();
        if added {
            // The listener lives as long as the app, which is mounted once per page.
            on_change.forget();
        }
    }
    matches
}

/// Whether the page is being printed: the `print` media query, or the time between
/// `beforeprint` and `afterprint` (a browser that prints without telling the media query's
/// listeners first). The `beforeprint` handler's signal is set before the print layout, and the
/// effects it wakes (the page's colours, the plots, the link block) run in the microtasks that
/// follow it, before the page is laid out for the paper.
fn printing() -> Computed<bool> {
    let media = media_matches("print");
    let (between, set_between) = signal(false);
    let before = window_event_listener_untyped("beforeprint", move |_| set_between.set(true));
    let after = window_event_listener_untyped("afterprint", move |_| set_between.set(false));
    on_cleanup(move || {
        before.remove();
        after.remove();
    });
    memo(move |_| media.get() || between.get())
}

/// Creates the colour scheme of the page showing `state` and the one Effect that writes it to
/// `<html data-theme>`.
pub fn install(state: Var<AppState>) -> ColourScheme {
    let choice = Var::new(stored_choice());
    let shown = memo(move |_| match state.with(|s| s.theme) {
        Some(FixedTheme::Light) => ThemeChoice::Light,
        Some(FixedTheme::Dark) => ThemeChoice::Dark,
        None => choice.get(),
    });
    let system_dark = media_matches(DARK_QUERY);
    let printing = printing();
    let dark = memo(move |_| !printing.get() && shown.get().is_dark(system_dark.get()));
    effect(move |_| {
        let key = if dark.get() { "dark" } else { "light" };
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-theme", key);
        }
    });
    ColourScheme {
        choice,
        state,
        shown,
        dark,
        printing,
    }
}
