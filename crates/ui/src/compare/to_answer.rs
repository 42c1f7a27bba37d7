//! On a phone the editors come after the answer: a small sticky link at the top of the editors,
//! "↑ the answer: A 3.5", takes the reader back up to the verdict and the yields after an edit
//! (issue 28, item 11). Hidden on wide screens (style/compare/results.css), where the answer is
//! beside the editors. In the chunk `compare` with the editors.

use crate::{handler, memo, rx};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::context::CompareContext;
use crate::context::use_app;
use ulab_core::text::prose;

/// The id of the results' column (`super::CompareView`).
pub const RESULTS_ID: &str = "compare-results";

/// The best classifier and its yield per item, on the shares the verdict speaks of:
/// "A 3.5", "A and B tie at 3.5"; `None` without a ranking.
fn answer(cc: CompareContext, names: &[String]) -> Option<String> {
    cc.analysis.with(|a| {
        let a = a.as_ref().ok()?;
        let sc = a.deployment.as_ref().unwrap_or(&a.test);
        let first = *sc.best.first()?;
        let y = prose(sc.rows.get(first)?.yield_value);
        let best: Vec<&str> = sc
            .best
            .iter()
            .filter_map(|i| names.get(*i))
            .map(String::as_str)
            .collect();
        Some(match best.as_slice() {
            [one] => format!("{one} {y}"),
            many => format!("{} tie at {y}", many.join(" and ")),
        })
    })
}

/// The link back up to the answer.
#[component]
pub fn ToAnswer() -> impl IntoView {
    let ctx = use_app();
    let cc = expect_context::<CompareContext>();
    let names = memo(move |_| ctx.state.with(|s| s.problem.all_names()));
    let text = memo(move |_| names.with(|n| answer(cc, n)));
    let go = move |_: leptos::ev::MouseEvent| {
        let results = document()
            .get_element_by_id(RESULTS_ID)
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(results) = results {
            results.scroll_into_view();
            let _ = results.focus();
        }
    };
    view! {
        <button
            type="button"
            class="btn btn-small to-answer"
            data-testid="to-answer"
            hidden=rx(move || text.with(Option::is_none))
            on:click=handler(go)
        >
            <span aria-hidden="true">"↑ "</span>
            {rx(move || text.get().map(|t| format!("the answer: {t}")))}
        </button>
    }
}
