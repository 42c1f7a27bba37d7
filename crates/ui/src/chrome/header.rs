//! The top bar: the product's name, the views, and the colour theme (system, light or dark).

use crate::{handler, rx};
use leptos::prelude::*;

use super::view_nav::ViewNav;
use crate::context::use_app;

/// A button that cycles system → light → dark. It only records the user's choice: the page and
/// the plots follow [`crate::theme::ColourScheme::dark`].
#[component]
fn ThemeToggle() -> impl IntoView {
    let scheme = use_app().scheme;
    let choice = scheme.choice();
    let cycle = move |_| scheme.choose(choice.get_untracked().next());
    view! {
        <button
            type="button"
            class="btn btn-small theme-toggle"
            on:click=handler(cycle)
            title="Colour theme: system, light or dark"
            aria-label=rx(move || format!("{} (click to change)", choice.get().label()))
            data-testid="theme-toggle"
            data-theme=rx(move || choice.get().key())
        >
            <span aria-hidden="true">{rx(move || choice.get().icon())}</span>
            <span class="theme-toggle-label">{rx(move || choice.get().label())}</span>
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
