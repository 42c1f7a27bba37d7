//! The web app's Leptos components (wasm32 only).
//!
//! One file per thing the user sees:
//! * [`app`]: the shell — header, the current view, footer;
//! * [`header`] and [`view_nav`]: the product name and the list of views;
//! * [`first_page`]: the landing view — [`intro`] and the [`factory_example`];
//! * [`matrix_table`]: a matrix with both axes labelled ("output ↓ / true →");
//! * [`footer`] and [`worker_status`]: where the app runs, and the web worker's round trip;
//! * [`format`]: how numbers are written (typographic minus, trimmed decimals).

pub mod app;
pub mod factory_example;
pub mod first_page;
pub mod footer;
pub mod format;
pub mod header;
pub mod intro;
pub mod matrix_table;
pub mod view_nav;
pub mod worker_status;

/// Starts the app: panics go to the browser console, and [`app::App`] is mounted on `<body>`.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
