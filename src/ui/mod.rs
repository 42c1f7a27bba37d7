//! The web app's Leptos components (wasm32 only).
//!
//! One file per thing the user sees:
//! * [`app`]: the shell — header, link notices, the current view, footer (or, embedded, the
//!   view alone); [`context`]: the shared state, kept in the URL;
//! * [`header`], [`view_nav`], [`footer`], [`notices`]: the chrome;
//! * the views: [`compare_view`] (with [`problem_editor`], [`classifier_list`], [`verdict`],
//!   [`yields_panel`], [`metric_table`], [`share_bar`]), [`story_view`], [`reliability_view`];
//! * building blocks: [`matrix_editor`] (an editable matrix), [`matrix_table`] (a read-only
//!   one), [`plot_canvas`] (a plot with PNG/SVG export), [`export`] (downloads, clipboard),
//!   [`format`] (how numbers are written).

pub mod app;
pub mod classes_editor;
pub mod classifier_list;
pub mod compare_view;
pub mod context;
pub mod deployment_editor;
pub mod export;
pub mod footer;
pub mod format;
pub mod header;
pub mod import_dialog;
pub mod input_kit;
pub mod intro;
pub mod matrix_editor;
pub mod matrix_table;
pub mod mc_pool;
pub mod metric_table;
pub mod notices;
pub mod paste_box;
pub mod plot_canvas;
pub mod problem_editor;
pub mod question_panel;
pub mod reliability_figures;
pub mod reliability_results;
pub mod reliability_settings;
pub mod reliability_view;
pub mod share_bar;
pub mod story_steps;
pub mod story_view;
pub mod verdict;
pub mod view_nav;
pub mod worker_status;
pub mod yields_panel;

/// Starts the app: panics go to the browser console, and [`app::App`] is mounted on `<body>`.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
