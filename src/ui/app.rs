//! The app shell: header with the views, the current view, footer.

use leptos::prelude::*;

use super::first_page::FirstPage;
use super::footer::Footer;
use super::header::Header;

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <div class="app" data-testid="app">
            <a class="skip-link" href="#main" on:click=skip_to_main>
                "Skip to content"
            </a>
            <Header />
            <main id="main" class="app-main" tabindex="-1">
                <FirstPage />
            </main>
            <Footer />
        </div>
    }
}

/// Moves the focus to `<main>` without touching the URL fragment, which holds the app's state.
fn skip_to_main(event: leptos::ev::MouseEvent) {
    event.prevent_default();
    if let Some(main) = document().get_element_by_id("main") {
        if let Ok(main) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(main) {
            let _ = main.focus();
        }
    }
}
