//! The bottom line: where the app runs, the state of its background workers, and the texts
//! it implements.

use crate::rx;
use leptos::prelude::*;

use crate::web::mc_pool::{self, PoolStatus};
use crate::web::offline::{self, OfflineStatus};
use ulab_state::references::REFERENCES;

/// The page footer.
#[component]
pub fn Footer() -> impl IntoView {
    view! {
        <footer class="app-footer">
            <div class="app-footer-inner">
                <p>
                    "Runs entirely in your browser (Rust compiled to WebAssembly); nothing you enter is sent anywhere."
                </p>
                <WorkersStatus />
                <OfflineLine />
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

/// One line once the app works offline (or why it will not cache itself); nothing while it
/// waits its turn.
#[component]
fn OfflineLine() -> impl IntoView {
    let status = offline::status();
    move || match status.get() {
        OfflineStatus::Waiting => None,
        OfflineStatus::Ready => Some(view! {
            <p class="offline-status" data-testid="offline-status" data-state="ready" role="status">
                "Ready offline: this page opens again with no network."
            </p>
        }),
        OfflineStatus::SaveData => Some(view! {
            <p class="offline-status" data-testid="offline-status" data-state="save-data" role="status">
                "Not saved for offline use: your browser asks to save data."
            </p>
        }),
    }
}

/// One line: the pool of background workers (the Monte Carlo runs there) — not started yet,
/// starting, how many are ready, or why none runs.
#[component]
fn WorkersStatus() -> impl IntoView {
    let status = mc_pool::status();
    let text = move || match status.get() {
        PoolStatus::Idle => {
            "Background workers: not started (they start when a view needs them)".to_string()
        }
        PoolStatus::Starting { ready, started } => {
            format!("Background workers: starting ({ready} of {started} ready)…")
        }
        PoolStatus::Ready { ready: 1 } => "Background workers: 1 ready".to_string(),
        PoolStatus::Ready { ready } => format!("Background workers: {ready} ready"),
        PoolStatus::Failed(why) => format!("Background workers failed: {why}"),
    };
    view! {
        <p class="worker-status" data-testid="worker-status" data-state=rx(move || status.with(PoolStatus::key)) role="status">
            <span class="status-dot" aria-hidden="true"></span>
            {text}
        </p>
    }
}
