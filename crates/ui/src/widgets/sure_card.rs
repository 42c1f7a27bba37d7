//! The "How sure" card (issue 27): the sentences of a [`SureReport`] and, per classifier, its
//! yield per item, the 90 % interval, P(best) and the test items — the same card in Compare,
//! Decide (the remapped classifiers) and ROC (the optimal operating points). Its job is
//! [`crate::web::use_sure`]'s.

use crate::web::use_sure::SureState;
use crate::widgets::table_scroll::table_scroll;
use crate::{Var, handler, rx};
use leptos::prelude::*;
use ulab_core::text::{number, prose};
use ulab_state::sure::{SureReport, probability};

/// The card of `state`. Test ids: `{prefix}-sure` (with `data-state` and `data-p-best`, the
/// probabilities to 4 decimals, comma-separated, in the report's order), `{prefix}-sure-working`,
/// `{prefix}-sure-sentences`, `{prefix}-sure-table`, `{prefix}-sure-row-NAME` and
/// `{prefix}-p-best-NAME`. `what` names a ranked thing in the table's header ("Classifier"),
/// `how` says how it is computed (under "How is this computed?").
#[component]
pub fn SureCard(
    state: Var<SureState>,
    prefix: &'static str,
    #[prop(default = "Classifier")] what: &'static str,
    how: &'static str,
) -> impl IntoView {
    let shown = move || !state.with(|s| matches!(s, SureState::None));
    let p_best = move || {
        state.with(|s| match s {
            SureState::Done(r) => r
                .sure
                .p_best
                .iter()
                .map(|p| format!("{p:.4}"))
                .collect::<Vec<_>>()
                .join(","),
            _ => String::new(),
        })
    };
    let body = move || {
        match state.get() {
        SureState::None => ().into_any(),
        SureState::Working => view! {
            <p class="hint" data-testid=format!("{prefix}-sure-working")>"Working out how sure the ranking is…"</p>
        }
        .into_any(),
        SureState::Failed(e) => {
            view! { <p class="notice is-warning">{format!("How sure: {e}.")}</p> }.into_any()
        }
        SureState::Done(r) => report_view(&r, prefix, what).into_any(),
    }
    };
    let (open, set_open) = signal(false);
    view! {
        <section
            class=format!("card sure-card {prefix}-sure")
            data-testid=format!("{prefix}-sure")
            data-state=rx(move || state.with(SureState::name).to_string())
            data-p-best=rx(p_best)
            aria-labelledby=format!("{prefix}-sure-title")
            hidden=rx(move || !shown())
        >
            <h3 id=format!("{prefix}-sure-title")>"How sure"</h3>
            {body}
            <button type="button" class="btn btn-small" on:click=handler(move |_| set_open.update(|o| *o = !*o))
                aria-expanded=rx(move || open.get().to_string())>
                "How is this computed?"
            </button>
            <Show when=move || open.get()>
                <p class="hint">{how}</p>
            </Show>
        </section>
    }
}

fn report_view(r: &SureReport, prefix: &'static str, what: &'static str) -> impl IntoView + use<> {
    let sentences = r.sentences();
    let order = ulab_core::order::order_by(&r.sure.p_best, true);
    let rows = order
        .into_iter()
        .map(|k| {
            let y = r.sure.yields[k];
            view! {
                <tr data-testid=format!("{prefix}-sure-row-{}", r.names[k])>
                    <th scope="row">{r.names[k].clone()}</th>
                    <td class="num">{prose(y.point)}</td>
                    <td class="num">{format!("{} to {}", prose(y.low), prose(y.high))}</td>
                    <td class="num" data-testid=format!("{prefix}-p-best-{}", r.names[k])>{probability(r.sure.p_best[k])}</td>
                    <td class="num">{number(r.test_items[k], 0)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="sure-verdict" data-testid=format!("{prefix}-sure-sentences")>
            {sentences.into_iter().map(|s| view! { <p>{s}</p> }).collect_view()}
        </div>
        {table_scroll(
            "How sure each yield is",
            view! {
                <table class="results sure-table" data-testid=format!("{prefix}-sure-table")>
                    <caption class="visually-hidden">"Each one's yield per item, its 90 % interval and the probability that it is the best"</caption>
                    <thead>
                        <tr>
                            <th scope="col">{what}</th>
                            <th scope="col" class="num">"Yield per item"</th>
                            <th scope="col" class="num">"90 % interval"</th>
                            <th scope="col" class="num">"P(best)"</th>
                            <th scope="col" class="num">"Test items"</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            },
        )}
    }
}
