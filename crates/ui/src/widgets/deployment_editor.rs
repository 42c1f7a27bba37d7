//! Deployment class shares: when the classes will occur with other shares in use than in the
//! test set, the confusion matrices are re-weighted to them and the results show the
//! yields and ranking under both.

use crate::{Computed, Var, cond, handler, memo, on_checked, on_value, rx};
use leptos::prelude::*;

use crate::context::{AppContext, use_app};
use crate::reactive::effect;
use crate::widgets::card::{Card, Level};
use crate::widgets::input_kit::try_edit;
use ulab_core::text::number;
use ulab_state::edit::{SharesReading, percent_texts, read_percent_shares};
use ulab_state::presets;

/// The deployment shares as typed, and what they mean.
#[derive(Clone, Copy)]
struct Shares {
    ctx: AppContext,
    /// The shares in force, if set.
    prevalence: Computed<Option<Vec<f64>>>,
    /// The fields, one per class, in percent.
    texts: Var<Vec<String>>,
    /// What the fields mean.
    reading: Computed<SharesReading>,
    /// Why the last edit was not applied.
    error: Var<Option<String>>,
}

impl Shares {
    fn new(ctx: AppContext) -> Shares {
        let texts = Var::new(Vec::<String>::new());
        Shares {
            ctx,
            prevalence: memo(move |_| ctx.state.with(|s| s.prevalence.clone())),
            texts,
            reading: memo(move |_| texts.with(|t| read_percent_shares(t))),
            error: Var::new(None),
        }
    }

    /// Outside changes (a link, a preset, a class added) refresh the fields, unless they
    /// already mean those shares.
    fn follow(self) {
        effect(move |_| {
            let Some(p) = self.prevalence.get() else {
                return;
            };
            let same = self
                .texts
                .with_untracked(|t| read_percent_shares(t).means(&p));
            if !same {
                self.texts.set(percent_texts(&p));
                self.error.set(None);
            }
        });
    }

    /// Deployment shares on (from the test set's) or off.
    fn toggle(&self, on: bool) {
        let r = try_edit(&self.ctx, |s| {
            let p = on.then(|| s.test_shares());
            s.set_prevalence(p)
        });
        self.error.set(r.err());
    }

    /// Field `k` typed: the shares are applied when every field reads.
    fn set_field(&self, k: usize, value: String) {
        self.texts.update(|t| {
            if let Some(f) = t.get_mut(k) {
                *f = value;
            }
        });
        match self.reading.get_untracked().shares {
            Ok(p) => self
                .error
                .set(try_edit(&self.ctx, |s| s.set_prevalence(Some(p))).err()),
            Err(e) => self.error.set(Some(e.to_string())),
        }
    }

    /// Writes the fields as the shares in force.
    fn rewrite(&self) {
        if let Some(p) = self.prevalence.get_untracked() {
            self.texts.set(percent_texts(&p));
        }
    }

    /// Starts again from the test set's shares.
    fn use_test(&self) {
        let r = try_edit(&self.ctx, |s| {
            let p = s.test_shares();
            s.set_prevalence(Some(p))
        });
        self.error.set(r.err());
        self.rewrite();
    }

    /// The note under the fields: why the last edit was not applied (an error), or that the
    /// fields were scaled to 100 %.
    fn note(&self) -> Option<(bool, String)> {
        if let Some(e) = self.error.get() {
            return Some((true, format!("{e} The last valid shares are still in use.")));
        }
        let used = self.prevalence.get();
        self.reading
            .with(|r| r.rescaled_note(used.as_deref()))
            .map(|n| (false, n))
    }
}

/// The deployment card: the switch, why, and the shares while it is on.
#[component]
pub fn DeploymentEditor() -> impl IntoView {
    let ctx = use_app();
    let shares = Shares::new(ctx);
    shares.follow();
    let on = memo(move |_| shares.prevalence.with(Option::is_some));
    let toggle = on_checked(move |on| shares.toggle(on));
    let lottery = presets::preset("lottery")
        .map(|p| format!("#{}", p.fragment))
        .unwrap_or_default();
    view! {
        <Card
            class="deployment"
            title_id="deployment-title"
            title="Deployment"
            testid="deployment"
            level=Level::H2
        >
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=rx(move || on.get())
                    on:change=toggle
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
                <SharesTable shares=shares />
            </Show>
            <details class="why">
                <summary>"Why not balance the classes?"</summary>
                <p>
                    "“The proportions of classes in the test set should reflect their frequencies in real application. No ‘class balancing’ should be performed.” A balanced test set turns the real task into another one; the yield on it is not the yield you will get. If the test set's shares are not the real ones, keep its counts and give the real shares here: the tool re-weights each true class."
                </p>
                <p class="hint">"Porta Mana, course notes, “Evaluation practices and utilities”: Don't do class balancing!"</p>
            </details>
        </Card>
    }
}

/// The shares' table (each class's test-set share and its deployment share, typed), the note
/// under it, and the buttons that rewrite the fields.
#[component]
fn SharesTable(shares: Shares) -> impl IntoView {
    let ctx = shares.ctx;
    let classes = memo(move |_| ctx.state.with(|s| s.classes().clone()));
    let test_shares = memo(move |_| ctx.state.with(|s| s.test_shares()));
    let (reading, error) = (shares.reading, shares.error);
    let rows = move || {
        classes
            .get()
            .into_iter()
            .enumerate()
            .map(|(k, name)| share_row(shares, test_shares, k, name))
            .collect_view()
    };
    let rescaled = move || error.with(Option::is_none) && reading.with(|r| r.rescaled);
    view! {
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
            {rx(move || shares.note().map(|(_, t)| t))}
        </p>
        <div class="row-actions">
            <Show when=rescaled>
                <button type="button" class="btn btn-small" on:click=handler(move |_| shares.rewrite()) data-testid="normalize-shares">
                    "Write them as percentages summing to 100"
                </button>
            </Show>
            <button type="button" class="btn btn-small" on:click=handler(move |_| shares.use_test()) data-testid="reset-shares">
                "Start from the test set's shares"
            </button>
        </div>
    }
}

/// Class `k`'s row: its test-set share, and its deployment share's field.
fn share_row(
    shares: Shares,
    test_shares: Computed<Vec<f64>>,
    k: usize,
    name: String,
) -> impl IntoView {
    let (reading, texts) = (shares.reading, shares.texts);
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
                        on:input=on_value(move |v| shares.set_field(k, v))
                        data-testid=format!("share-{k}")
                    />
                    <span aria-hidden="true">" %"</span>
                </span>
            </td>
        </tr>
    }
}
