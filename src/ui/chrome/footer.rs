//! The bottom line: where the app runs, and the texts it implements.

use leptos::prelude::*;

use crate::state::references::REFERENCES;
use crate::ui::web::worker_status::WorkerStatus;

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
                <details class="references" data-testid="references">
                    <summary>"References"</summary>
                    <ul>
                        {REFERENCES
                            .iter()
                            .map(|r| {
                                view! {
                                    <li>
                                        <strong>{r.short}</strong>
                                        ": "
                                        {r.authors}
                                        " ("
                                        {r.year}
                                        "), "
                                        <cite>{r.title}</cite>
                                        ", "
                                        {r.venue}
                                        ". Used for: "
                                        {r.used_for}
                                        "."
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                </details>
            </div>
        </footer>
    }
}
