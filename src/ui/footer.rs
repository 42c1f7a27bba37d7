//! The bottom line: where the app runs.

use leptos::prelude::*;

use super::worker_status::WorkerStatus;

/// The page footer.
#[component]
pub fn Footer() -> impl IntoView {
    view! {
        <footer class="app-footer">
            <div class="app-footer-inner">
                <p>
                    "Runs entirely in your browser (Rust compiled to WebAssembly); nothing you enter is sent anywhere."
                </p>
                <WorkerStatus />
            </div>
        </footer>
    }
}
