//! The top bar: the product's name and the views.

use leptos::prelude::*;

use super::view_nav::ViewNav;

/// The product's name, its one-line purpose, and the list of views.
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
                <ViewNav />
            </div>
        </header>
    }
}
