//! [`keyed`]: a keyed list, compiled once for the whole app. Leptos's `<For>` is compiled anew
//! for every list — for its item, key and view types — about 4 KB of wasm each (issue 29);
//! here every list is a list of [`Row`]s: a key written as text and the function that builds
//! the row's view. As with `<For>`: a row whose key stays keeps its DOM and its reactive
//! owner (its view is not built again); a new key builds its view once; a key gone removes
//! its row; the rows follow the order given.
//!
//! ```ignore
//! {keyed(move || (0..n.get()).map(|k| Row::at(k, move || view! { <ClassItem k=k /> })).collect())}
//! ```

use leptos::prelude::*;

/// One row of a [`keyed`] list: its key and how its view is built.
pub struct Row {
    key: String,
    view: Box<dyn FnOnce() -> AnyView + Send>,
}

impl Row {
    /// A row keyed by `key` — any text that tells the list's rows apart (what the row shows,
    /// when a change of it should rebuild the row) — whose view `view` builds.
    pub fn new<V: IntoView + 'static>(
        key: impl Into<String>,
        view: impl FnOnce() -> V + Send + 'static,
    ) -> Row {
        Row {
            key: key.into(),
            view: Box::new(move || view().into_any()),
        }
    }

    /// A row keyed by its index in the list.
    pub fn at<V: IntoView + 'static>(
        index: usize,
        view: impl FnOnce() -> V + Send + 'static,
    ) -> Row {
        Row::new(index.to_string(), view)
    }
}

/// A key of several parts (e.g. every value a row shows, so that a change of any rebuilds
/// it), joined by U+001F, which no part holds.
pub fn key_of(parts: &[&dyn std::fmt::Display]) -> String {
    let mut key = String::new();
    for (k, part) in parts.iter().enumerate() {
        if k > 0 {
            key.push('\u{1f}');
        }
        key.push_str(&part.to_string());
    }
    key
}

/// The rows that `rows` gives, kept in step with it by their keys (see the module docs).
pub fn keyed(rows: impl Fn() -> Vec<Row> + Send + 'static) -> impl IntoView {
    let rows: Box<dyn Fn() -> Vec<Row> + Send> = Box::new(rows);
    For(ForProps::builder()
        .each(rows)
        .key(|r: &Row| r.key.clone())
        .children(|r: Row| (r.view)())
        .build())
}
