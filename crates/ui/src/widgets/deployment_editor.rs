//! Deployment class shares: when the classes will occur with other shares in use than in the
//! test set, the confusion matrices are re-weighted to them and the results show the
//! yields and ranking under both.

use crate::{cond, handler, memo, rx};
use leptos::ev::{Event, Targeted};
use leptos::prelude::*;
use web_sys::HtmlInputElement;

use crate::context::use_app;
use crate::widgets::input_kit::try_edit;
use ulab_core::text::number;
use ulab_core::text::trimmed;
use ulab_state::edit::read_percent_shares;
use ulab_state::presets;

fn percent_texts(p: &[f64]) -> Vec<String> {
    p.iter().map(|v| trimmed(100.0 * v, 4)).collect()
}

/// The deployment card.
///
/// Over ~120 lines: its length is one `view!` of the panel's markup and the handlers it needs,
/// which read best together.
#[component]
pub fn DeploymentEditor() -> impl IntoView {
    let ctx = use_app();
    let prevalence = memo(move |_| ctx.state.with(|s| s.prevalence.clone()));
    let classes = memo(move |_| ctx.state.with(|s| s.classes().clone()));
    let test_shares = memo(move |_| ctx.state.with(|s| s.test_shares()));
    let on = memo(move |_| prevalence.with(Option::is_some));
    let texts = RwSignal::new(Vec::<String>::new());
    let error = RwSignal::new(None::<String>);

    // Outside changes (a link, a preset, a class added) refresh the fields, unless they already
    // mean those shares.
    Effect::new(move |_| {
        let Some(p) = prevalence.get() else { return };
        let same = texts.with_untracked(|t| {
            read_percent_shares(t)
                .shares
                .map(|s| s.len() == p.len() && s.iter().zip(&p).all(|(a, b)| (a - b).abs() < 1e-9))
                .unwrap_or(false)
        });
        if !same {
            texts.set(percent_texts(&p));
            error.set(None);
        }
    });

    let reading = memo(move |_| texts.with(|t| read_percent_shares(t)));
    let toggle = move |ev: Targeted<Event, HtmlInputElement>| {
        let checked = ev.target().checked();
        let r = try_edit(&ctx, |s| {
            let p = checked.then(|| s.test_shares());
            s.set_prevalence(p)
        });
        error.set(r.err());
    };
    let set_field = move |k: usize, value: String| {
        texts.update(|t| {
            if let Some(f) = t.get_mut(k) {
                *f = value;
            }
        });
        let r = reading.get_untracked();
        match r.shares {
            Ok(p) => error.set(try_edit(&ctx, |s| s.set_prevalence(Some(p))).err()),
            Err(e) => error.set(Some(e.to_string())),
        }
    };
    let normalize = move |_| {
        if let Some(p) = prevalence.get_untracked() {
            texts.set(percent_texts(&p));
        }
    };
    let use_test = move |_| {
        let r = try_edit(&ctx, |s| {
            let p = s.test_shares();
            s.set_prevalence(Some(p))
        });
        error.set(r.err());
        if let Some(p) = prevalence.get_untracked() {
            texts.set(percent_texts(&p));
        }
    };
    let lottery = presets::preset("lottery")
        .map(|p| format!("#{}", p.fragment))
        .unwrap_or_default();

    let rows = move || {
        let names = classes.get();
        (0..names.len())
            .map(|k| {
                let name = names[k].clone();
                let invalid = move || reading.with(|r| r.bad.contains(&k));
                let value = move || texts.with(|t| t.get(k).cloned().unwrap_or_default());
                view! {
                    <tr>
                        <th scope="row">{name.clone()}</th>
                        <td class="num" data-testid=format!("test-share-{k}")>
                            {rx(move || test_shares.with(|t| number(100.0 * t.get(k).copied().unwrap_or(0.0), 2)))}
                            " %"
                        </td>
                        <td class="num">
                            <span class="percent-field">
                                <input
                                    type="text"
                                    inputmode="decimal"
                                    autocomplete="off"
                                    class="cell"
                                    class:is-invalid=invalid
                                    aria-invalid=rx(move || if invalid() { "true" } else { "false" })
                                    aria-label=format!("Deployment share of class {name}, in percent")
                                    aria-describedby="deployment-note"
                                    prop:value=value
                                    on:input:target=move |ev| set_field(k, ev.target().value())
                                    data-testid=format!("share-{k}")
                                />
                                <span aria-hidden="true">" %"</span>
                            </span>
                        </td>
                    </tr>
                }
            })
            .collect_view()
    };
    let note = move || {
        if let Some(e) = error.get() {
            return Some((true, format!("{e} The last valid shares are still in use.")));
        }
        let r = reading.get();
        if r.rescaled {
            let used = prevalence
                .get()
                .map(|p| {
                    p.iter()
                        .map(|v| format!("{} %", number(100.0 * v, 2)))
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default();
            return Some((
                false,
                format!(
                    "These sum to {} %, so they are used scaled to 100 %: {used}.",
                    number(r.sum_percent.unwrap_or(0.0), 2)
                ),
            ));
        }
        None
    };
    let rescaled = move || error.with(Option::is_none) && reading.with(|r| r.rescaled);

    view! {
        <section class="card deployment" aria-labelledby="deployment-title" data-testid="deployment">
            <h2 id="deployment-title">"Deployment"</h2>
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=rx(move || on.get())
                    on:change:target=toggle
                    data-testid="deployment-toggle"
                />
                " Deployment class shares differ from the test set"
            </label>
            <p class="hint">
                "The yields are re-weighted to the shares the classes will have in use (C′"<sub>"ij"</sub>" = C"<sub>"ij"</sub>" · π"<sub>"j"</sub>" / f"<sub>"j"</sub>"); the results then rank the classifiers under both. "
                "Don't balance the classes of a test set: say here how often they really occur (see below why, or load "
                <a href=lottery data-testid="lottery-link">"the lottery example"</a>")."
            </p>
            <Show when=cond(move || on.get())>
                <div class="matrix-editor">
                    <table class="matrix shares-table" data-testid="shares-table">
                        <thead>
                            <tr>
                                <th scope="col">"Class"</th>
                                <th scope="col" class="num">"Test set"</th>
                                <th scope="col" class="num">"Deployment"</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                <p
                    id="deployment-note"
                    class=rx(move || if error.with(Option::is_some) { "field-error" } else { "hint share-note" })
                    role="status"
                    data-testid="deployment-note"
                >
                    {rx(move || note().map(|(_, t)| t))}
                </p>
                <div class="row-actions">
                    <Show when=rescaled>
                        <button type="button" class="btn btn-small" on:click=handler(normalize) data-testid="normalize-shares">
                            "Write them as percentages summing to 100"
                        </button>
                    </Show>
                    <button type="button" class="btn btn-small" on:click=handler(use_test) data-testid="reset-shares">
                        "Start from the test set's shares"
                    </button>
                </div>
            </Show>
            <details class="why">
                <summary>"Why not balance the classes?"</summary>
                <p>
                    "“The proportions of classes in the test set should reflect their frequencies in real application. No ‘class balancing’ should be performed.” A balanced test set turns the real task into another one; the yield on it is not the yield you will get. If the test set's shares are not the real ones, keep its counts and give the real shares here: the tool re-weights each true class."
                </p>
                <p class="hint">"Porta Mana, course notes, “Evaluation practices and utilities”: Don't do class balancing!"</p>
            </details>
        </section>
    }
}
