//! The top bar: the product's name, the views, and the colour theme (system, light or dark).

use leptos::prelude::*;

use super::view_nav::ViewNav;
use crate::ui::context::use_app;

/// The colour theme chosen by the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ThemeChoice {
    /// Follow the system (`prefers-color-scheme`).
    System,
    Light,
    Dark,
}

const STORAGE_KEY: &str = "utility-lab-theme";

impl ThemeChoice {
    fn key(self) -> &'static str {
        match self {
            ThemeChoice::System => "system",
            ThemeChoice::Light => "light",
            ThemeChoice::Dark => "dark",
        }
    }

    fn from_key(key: &str) -> ThemeChoice {
        match key {
            "light" => ThemeChoice::Light,
            "dark" => ThemeChoice::Dark,
            _ => ThemeChoice::System,
        }
    }

    fn next(self) -> ThemeChoice {
        match self {
            ThemeChoice::System => ThemeChoice::Light,
            ThemeChoice::Light => ThemeChoice::Dark,
            ThemeChoice::Dark => ThemeChoice::System,
        }
    }

    fn label(self) -> &'static str {
        match self {
            ThemeChoice::System => "Theme: system",
            ThemeChoice::Light => "Theme: light",
            ThemeChoice::Dark => "Theme: dark",
        }
    }
}

fn system_dark() -> bool {
    window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
        .map(|m| m.matches())
        .unwrap_or(false)
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

/// Sets `data-theme` on `<html>` (the stylesheet's override of the system scheme).
fn apply(choice: ThemeChoice) {
    if let Some(root) = document().document_element() {
        let _ = match choice {
            ThemeChoice::System => root.remove_attribute("data-theme"),
            other => root.set_attribute("data-theme", other.key()),
        };
    }
}

/// A button that cycles system → light → dark; the choice is kept in the browser's local
/// storage (never sent anywhere) and drives the page's colours and the plots'.
#[component]
fn ThemeToggle() -> impl IntoView {
    let ctx = use_app();
    let choice = RwSignal::new(stored_choice());
    // Keep the page and the plots in the chosen scheme (also when the system's changes).
    Effect::new(move |_| {
        let c = choice.get();
        apply(c);
        let dark = match c {
            ThemeChoice::System => system_dark(),
            ThemeChoice::Light => false,
            ThemeChoice::Dark => true,
        };
        if ctx.dark.get() != dark {
            ctx.dark.set(dark);
        }
    });
    let cycle = move |_| {
        let next = choice.get_untracked().next();
        choice.set(next);
        if let Ok(Some(storage)) = window().local_storage() {
            let _ = storage.set_item(STORAGE_KEY, next.key());
        }
    };
    view! {
        <button
            type="button"
            class="btn btn-small theme-toggle"
            on:click=cycle
            title="Colour theme: system, light or dark"
            aria-label=move || format!("{} (click to change)", choice.get().label())
            data-testid="theme-toggle"
            data-theme=move || choice.get().key()
        >
            <span aria-hidden="true">
                {move || match choice.get() {
                    ThemeChoice::System => "◐",
                    ThemeChoice::Light => "☀",
                    ThemeChoice::Dark => "☾",
                }}
            </span>
            <span class="theme-toggle-label">{move || choice.get().label()}</span>
        </button>
    }
}

/// The product's name, its one-line purpose, the list of views and the theme switch.
#[component]
pub fn Header() -> impl IntoView {
    view! {
        <header class="app-header">
            <div class="app-header-inner">
                <div class="brand">
                    <svg class="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
                        <rect width="32" height="32" rx="7" class="brand-mark-bg" />
                        <rect x="6" y="6" width="9" height="9" rx="2" class="brand-mark-on" />
                        <rect x="17" y="6" width="9" height="9" rx="2" class="brand-mark-off" />
                        <rect x="6" y="17" width="9" height="9" rx="2" class="brand-mark-off" />
                        <rect x="17" y="17" width="9" height="9" rx="2" class="brand-mark-on" />
                    </svg>
                    <div>
                        <h1 class="brand-name" data-testid="app-title">
                            "Utility Lab"
                        </h1>
                        <p class="brand-tagline">"Evaluate classifiers by what their decisions are worth"</p>
                    </div>
                </div>
                <div class="header-end">
                    <ViewNav />
                    <ThemeToggle />
                </div>
            </div>
        </header>
    }
}
