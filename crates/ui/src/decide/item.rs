//! One item: a slider and a typed field per class probability (moving one rescales the others,
//! so that they keep summing to 1; kept in the link as `p`), the expected utility of each
//! decision as bars and as a table, and the optimal decision beside the most probable class,
//! with the sentence that says why when they differ.

use crate::widgets::keyed::{Row, keyed};
use crate::{Var, cond, handler, memo, on_value, rx};
use leptos::prelude::*;

use super::context::DecideContext;
use crate::context::use_app;
use crate::web::use_download::use_download;
use crate::widgets::card::{Card, CsvButton, Level};
use crate::widgets::plot_canvas::PlotCanvas;
use ulab_core::text::{capitalize, number, prose};
use ulab_plot::decide::UtilityBars;
use ulab_state::decide::export::expected_utilities_csv;
use ulab_state::decide::one_item::{Explanation, one_item};
use ulab_state::decide::probabilities::{set_probability, set_typed, tidy};

/// The probabilities, the verdict and the bars.
#[component]
pub fn ItemPanel() -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let dc = expect_context::<DecideContext>();
    let n = memo(move |_| dc.p.with(Vec::len));
    let error = Var::new(None::<String>);
    let bars = memo(move |prev: Option<&Option<UtilityBars>>| {
        dc.analysis
            .with(|a| a.bars())
            .or_else(|| prev.cloned().flatten())
    });
    let has_bars = memo(move |_| bars.with(Option::is_some));
    let item_error = move || {
        dc.analysis
            .with(|a| a.item.as_ref().err().map(|e| capitalize(&e.to_string())))
    };
    let export_csv = move |_| {
        let csv = dc.analysis.with_untracked(|a| {
            let u = ctx.state.with_untracked(|s| s.utility_matrix().clone());
            let item = one_item(&u, &dc.p.get_untracked()).map_err(|e| e.to_string())?;
            expected_utilities_csv(&item, &a.decisions, &a.classes).map_err(|e| e.to_string())
        });
        match csv {
            Ok(t) => download.csv("expected-utilities.csv", &t),
            Err(e) => ctx.say(e),
        }
    };
    let set_slider = move |k: usize, text: String| {
        let Ok(v) = text.parse::<f64>() else { return };
        match set_probability(&dc.p.get_untracked(), k, v) {
            Ok(p) => {
                let p = tidy(p, k);
                error.set(None);
                let _ = ctx.edit(|s| s.decide.p = Some(p));
            }
            Err(e) => error.set(Some(capitalize(&e.to_string()))),
        }
    };
    let set_text = move |k: usize, text: String| match set_typed(&dc.p.get_untracked(), k, &text) {
        Ok(p) => {
            let p = tidy(p, k);
            error.set(None);
            let _ = ctx.edit(|s| s.decide.p = Some(p));
        }
        Err(e) => error.set(Some(capitalize(&e.to_string()))),
    };
    let equal = move |_| {
        error.set(None);
        let _ = ctx.edit(|s| s.decide.p = None);
    };
    view! {
        <Card
            class="decide-item"
            title_id="decide-item-title"
            title="One item"
            testid="decide-item"
            level=Level::H2
            hint="How probable is each class for this item? Moving one slider rescales the others so that they keep summing to 1; or type a value (0.2 or 20 %)."
        >
            <div class="prob-list" role="group" aria-label="Class probabilities" data-testid="prob-list">
                {keyed(move || (0..n.get()).map(|k| Row::at(k, move || view! {
                    <ProbabilityRow k=k on_slide=set_slider on_type=set_text />
                })).collect())}
            </div>
            <p class="hint prob-sum" data-testid="prob-sum">
                "Sum: " {rx(move || prose(dc.p.with(|p| p.iter().sum::<f64>())))}
                " "
                <button type="button" class="btn btn-small" on:click=handler(equal) data-testid="prob-equal">
                    "Equal probabilities"
                </button>
            </p>
            <p class="field-error" role="alert" data-testid="prob-error">{rx(move || error.get())}</p>
            {rx(move || item_error().map(|e| view! { <p class="notice is-error" role="alert" data-testid="item-error">{e}</p> }))}
            <ItemVerdict />
            <ExpectedTable />
            <Show when=cond(move || has_bars.get())>
                <PlotCanvas
                    plot=memo(move |_| bars.get().unwrap_or_default())
                    name="expected-utilities"
                    label="Expected utility of each decision, the optimal one marked"
                    testid="decide-bars"
                />
            </Show>
            <div class="row-actions">
                <CsvButton on_click=export_csv testid="export-eu-csv" text="Expected utilities (CSV)" />
            </div>
        </Card>
    }
}

/// The optimal decision beside the most probable class, and the sentence that says why when
/// they differ.
#[component]
fn ItemVerdict() -> impl IntoView {
    let dc = expect_context::<DecideContext>();
    let names = memo(move |_| dc.analysis.with(|a| a.verdict_names()));
    let explained = move |f: fn(&Explanation) -> &String| {
        dc.analysis
            .with(|a| a.item.as_ref().ok().map(|(_, e)| f(e).clone()))
    };
    let differs = move || {
        dc.analysis
            .with(|a| a.item.as_ref().is_ok_and(|(i, _)| i.differs))
    };
    view! {
        <div class="decide-verdict" class:differs=differs data-testid="decide-verdict">
            <div class="verdict-pair">
                <div class="verdict-cell is-optimal">
                    <span class="verdict-label">"Optimal decision"</span>
                    <strong data-testid="decide-optimal">{rx(move || names.get().0)}</strong>
                </div>
                <div class="verdict-cell">
                    <span class="verdict-label">"Most probable class"</span>
                    <strong data-testid="decide-most-probable">{rx(move || names.get().1)}</strong>
                </div>
            </div>
            <p class="verdict-headline" role="status" data-testid="decide-headline">{rx(move || explained(|e| &e.headline))}</p>
            <p class="hint verdict-detail" data-testid="decide-detail">{rx(move || explained(|e| &e.detail))}</p>
        </div>
    }
}

/// One class: its name, a slider and a typed field.
#[component]
fn ProbabilityRow(
    k: usize,
    on_slide: impl Fn(usize, String) + Copy + Send + Sync + 'static,
    on_type: impl Fn(usize, String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let ctx = use_app();
    let dc = expect_context::<DecideContext>();
    let name = memo(move |_| {
        ctx.state
            .with(|s| s.classes().get(k).cloned().unwrap_or_default())
    });
    let value = memo(move |_| dc.p.with(|p| p.get(k).copied().unwrap_or(0.0)));
    let slider_id = format!("prob-slider-{k}");
    view! {
        <div class="prob-row">
            <label class="prob-name" for=slider_id.clone()>
                "p(" {rx(move || name.get())} ")"
            </label>
            <input
                id=slider_id
                type="range"
                min="0"
                max="1"
                step="0.001"
                class="prob-slider"
                prop:value=rx(move || value.get().to_string())
                on:input=on_value(move |v| on_slide(k, v))
                aria-valuetext=rx(move || number(value.get(), 3))
                data-testid=format!("prob-slider-{k}")
            />
            <input
                type="text"
                inputmode="decimal"
                autocomplete="off"
                class="cell prob-field"
                prop:value=rx(move || number(value.get(), 4))
                on:change=on_value(move |v| on_type(k, v))
                aria-label=rx(move || format!("Probability of class {}", name.get()))
                data-testid=format!("prob-field-{k}")
            />
        </div>
    }
}

/// The expected utility of each decision, the optimal one marked, best first.
///
/// The rows are keyed by decision: a move of a probability updates their cells in place, and
/// moves rows when the ranking changes, instead of building every row again.
#[component]
fn ExpectedTable() -> impl IntoView {
    let dc = expect_context::<DecideContext>();
    let ranking = memo(move |_| {
        dc.analysis.with(|a| {
            a.item
                .as_ref()
                .map(|(item, _)| item.ranking.clone())
                .unwrap_or_default()
        })
    });
    view! {
        <table class="matrix decide-eu" data-testid="decide-eu">
            <caption>"Expected utility Ū(d) = Σ U(d, c) · p(c), best first"</caption>
            <thead>
                <tr>
                    <th scope="col">"Decision"</th>
                    <th scope="col" class="num">"Ū"</th>
                </tr>
            </thead>
            <tbody>
                {keyed(move || ranking.get().into_iter().map(|d| Row::new(d.to_string(), move || view! {
                    <ExpectedRow d=d />
                })).collect())}
            </tbody>
        </table>
    }
}

/// Decision `d`'s row: its name (with a star if optimal) and its expected utility.
#[component]
fn ExpectedRow(d: usize) -> impl IntoView {
    let dc = expect_context::<DecideContext>();
    let row = memo(move |_| {
        dc.analysis.with(|a| {
            let name = a.decisions.get(d).cloned().unwrap_or_default();
            let (value, best) = a
                .item
                .as_ref()
                .ok()
                .and_then(|(item, _)| Some((*item.expected.get(d)?, item.tied.contains(&d))))
                .unwrap_or((f64::NAN, false));
            (name, value, best)
        })
    });
    let best = move || row.with(|r| r.2);
    view! {
        <tr class:is-best=best>
            <th scope="row">{rx(move || row.with(|r| r.0.clone()))} {rx(move || best().then_some(" ★"))}</th>
            <td class="num" data-testid=format!("eu-{d}")>{rx(move || row.with(|r| prose(r.1)))}</td>
        </tr>
    }
}
