//! The verdict in plain words: which classifier yields most, and whether most metrics say
//! otherwise.

use leptos::prelude::*;

use super::compare_view::CompareContext;
use super::context::use_app;
use crate::state::analysis::verdict;

/// One or two sentences above the results.
#[component]
pub fn Verdict() -> impl IntoView {
    let ctx = use_app();
    let cc = expect_context::<CompareContext>();
    let text = move || {
        let s = ctx.state.get();
        cc.analysis.with(|a| match a {
            Ok(a) => verdict(&s, a.deployment.as_ref().unwrap_or(&a.test)),
            Err(_) => String::new(),
        })
    };
    view! { <p class="verdict" data-testid="verdict" aria-live="polite">{text}</p> }
}
