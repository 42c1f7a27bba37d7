//! Leptos components (wasm32 only).
pub fn start() {}
