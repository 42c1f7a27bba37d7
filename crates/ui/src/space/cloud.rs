//! Uncertain utilities (Dyrland et al. 2022, eqs. 18–19): a cloud of candidate utility
//! matrices — drawn around the current point with a chosen σ (fig. 4's rule, or errors on each
//! entry as the Monte Carlo's), or typed with their probabilities — its expected matrix, the
//! ranking under it, and what lies under the regions (fig. 4's prior density, fig. 5's error
//! extents). Every setting is in the link (`ucloud`, `usigma`, `upoints`, `useed`,
//! `uoverlay`).

use crate::{handler, memo, rx};
use leptos::ev::{Event, Targeted};
use leptos::prelude::*;
use web_sys::HtmlTextAreaElement;

use super::{Shown, SpaceContext};
use crate::context::{AppContext, use_app};
use crate::widgets::number_field::{NumberField, setting_text};
use crate::widgets::select_field::{SelectField, choices};
use ulab_core::text::{number, percent};
use ulab_state::space::cloud::{EXPECTED_NOTE, cloud_csv, format_cloud};
use ulab_state::space::link::{CloudSource, format_cloud_source, format_overlay};

/// Applies one of the view's link values (`usigma`, `ucloud`, …) typed in a field.
pub fn apply_space(ctx: &AppContext, key: &str, text: &str) -> Result<(), String> {
    let mut err = None;
    ctx.edit(|s| {
        let n = s.n();
        if let Err(e) = s.space.apply(key, text, n) {
            err = Some(e.to_string());
        }
    })?;
    err.map_or(Ok(()), Err)
}

/// A field's `apply` for the view's link value `key` (see [`apply_space`]).
pub fn space_setting(ctx: AppContext, key: &'static str) -> Callback<String, Result<(), String>> {
    Callback::new(move |t: String| apply_space(&ctx, key, &t))
}

/// The cloud's settings and what it says.
///
/// Over ~120 lines: one `view!` of the panel's markup and its few handlers.
#[component]
pub fn CloudPanel() -> impl IntoView {
    let ctx = use_app();
    let sc = expect_context::<SpaceContext>();
    let settings = memo(move |_| ctx.state.with(|s| s.space.clone()));
    let source = memo(move |_| {
        settings.with(|s| match &s.cloud {
            CloudSource::Typed(_) => "typed".to_string(),
            other => format_cloud_source(other),
        })
    });
    let typed_text = RwSignal::new(String::new());
    let typed_error = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        if let CloudSource::Typed(c) = settings.with(|s| s.cloud.clone()) {
            typed_text.set(format_cloud(&c));
        }
    });
    let on_source = Callback::new(move |v: String| {
        let value = if v == "typed" {
            let t = typed_text.get_untracked();
            if t.trim().is_empty() {
                // A first typed cloud: the current matrix and accuracy's, equally likely.
                let u = ctx.state.with_untracked(|s| s.utility().to_string());
                format!("0.5:{u}|0.5:1,0;0,1")
            } else {
                t
            }
        } else {
            v
        };
        if let Err(e) = apply_space(&ctx, "ucloud", &value) {
            ctx.say(e);
        }
    });
    let on_typed = move |ev: Targeted<Event, HtmlTextAreaElement>| {
        let t = ev.target().value();
        typed_text.set(t.clone());
        typed_error.set(apply_space(&ctx, "ucloud", &t).err());
    };
    let on_overlay = Callback::new(move |v: String| {
        if let Err(e) = apply_space(&ctx, "uoverlay", &v) {
            ctx.say(e);
        }
    });
    let overlay = memo(move |_| settings.with(|s| format_overlay(&s.overlay)));
    let drawn = move || matches!(source.get().as_str(), "xy" | "entries");
    let is_typed = move || source.get() == "typed";
    let cloud = memo(move |_| {
        sc.model.with(|m| match m.as_deref() {
            Ok(m) => match &m.shown {
                Shown::Hexagon(v) => v.cloud.clone().map(|c| {
                    let names: Vec<String> =
                        v.map.contestants.iter().map(|c| c.name.clone()).collect();
                    (c, names)
                }),
                Shown::Slice(_) => None,
            },
            Err(_) => None,
        })
    });
    let is_hexagon = move || {
        sc.model
            .with(|m| matches!(m.as_deref(), Ok(m) if matches!(m.shown, Shown::Hexagon(_))))
    };
    let save_csv = move |_| {
        if let Some((c, _)) = cloud.get_untracked() {
            let text = ulab_csv::write(&cloud_csv(&c.cloud, &c.summary));
            ctx.save_csv("utility-cloud.csv", &text);
        }
    };
    let options = [
        ("none", "none"),
        ("xy", "drawn: gaussian in (x, y), as fig. 4"),
        (
            "entries",
            "drawn: errors on each entry, as the Monte Carlo's",
        ),
        ("typed", "typed: matrices with probabilities"),
    ];
    let overlays = [
        ("none", "nothing"),
        ("gaussian", "fig. 4: the gaussian prior's density"),
        ("uniform", "the uniform prior's density"),
        (
            "errors:0.1,0.2",
            "fig. 5: errors of σ = 0.1 and 0.2 around your matrix",
        ),
    ];
    view! {
        <section class="card space-cloud" aria-labelledby="space-cloud-title" data-testid="space-cloud">
            <h3 id="space-cloud-title">"Uncertain utilities"</h3>
            <Show
                when=is_hexagon
                fallback=|| view! { <p class="hint">"Clouds of utility matrices are drawn on the hexagon of two classes."</p> }
            >
                <p class="hint">
                    "Not sure of your utilities? Give several candidate matrices with their probabilities, or draw them around your point: the classifiers are then ranked by the expected utility matrix (Dyrland et al. 2022, eqs. 18–19)."
                </p>
                <div class="space-fields">
                    <SelectField
                        label="Candidates"
                        id="space-cloud-source"
                        options=choices(&options)
                        selected=source
                        on_change=on_source
                        testid="space-cloud-source"
                    />
                    <SelectField
                        label="Under the regions"
                        id="space-overlay"
                        options=choices(&overlays)
                        selected=overlay
                        on_change=on_overlay
                        testid="space-overlay"
                    />
                </div>
                <Show when=drawn>
                    <div class="space-fields">
                        <NumberField
                            label="σ"
                            value=setting_text(settings, |s| s.sigma)
                            apply=space_setting(ctx, "usigma")
                            testid="space-sigma"
                            step="0.01"
                            min="0"
                            max="1"
                            hint="on the 0–1 scale of eq. 12"
                        />
                        <NumberField
                            label="Candidates drawn"
                            value=setting_text(settings, |s| s.points)
                            apply=space_setting(ctx, "upoints")
                            testid="space-points"
                            step="100"
                            min="1"
                            max="10000"
                        />
                        <NumberField
                            label="Seed"
                            value=setting_text(settings, |s| s.seed)
                            apply=space_setting(ctx, "useed")
                            testid="space-seed"
                            step="1"
                            min="0"
                        />
                    </div>
                </Show>
                <Show when=is_typed>
                    <div class="rel-field space-typed-cloud">
                        <label for="space-cloud-text">
                            "Candidates, " <code>"probability:matrix"</code> " separated by " <code>"|"</code>
                        </label>
                        <textarea
                            id="space-cloud-text"
                            rows="3"
                            spellcheck="false"
                            prop:value=rx(move || typed_text.get())
                            on:change:target=on_typed
                            aria-invalid=rx(move || if typed_error.get().is_some() { "true" } else { "false" })
                            data-testid="space-cloud-text"
                        ></textarea>
                        <p class="field-error" role="alert">{rx(move || typed_error.get().unwrap_or_default())}</p>
                    </div>
                </Show>
                {rx(move || {
                    cloud
                        .get()
                        .map(|(c, names)| {
                            let rows = c
                                .summary
                                .ranking
                                .iter()
                                .map(|&k| {
                                    view! {
                                        <tr>
                                            <th scope="row">{names.get(k).cloned().unwrap_or_default()}</th>
                                            <td class="num">{number(c.summary.yields.get(k).copied().unwrap_or(f64::NAN), 4)}</td>
                                            <td class="num">{percent(c.summary.p_best.get(k).copied().unwrap_or(0.0), 1)}</td>
                                        </tr>
                                    }
                                })
                                .collect_view();
                            view! {
                                <div class="space-cloud-summary" data-testid="space-cloud-summary">
                                    <p>
                                        "Expected utility matrix (eq. 18): "
                                        <code data-testid="space-expected">{matrix_text(c.summary.expected_user.matrix())}</code>
                                        {format!(" — {} candidates.", c.cloud.members.len())}
                                    </p>
                                    <p class="hint">{EXPECTED_NOTE}</p>
                                    <table class="space-yields">
                                        <caption>"Ranking under the expected matrix (eq. 19)"</caption>
                                        <thead>
                                            <tr>
                                                <th scope="col">"classifier"</th>
                                                <th scope="col">"expected yield"</th>
                                                <th scope="col">"best for this share of candidates"</th>
                                            </tr>
                                        </thead>
                                        <tbody>{rows}</tbody>
                                    </table>
                                    <button type="button" class="btn btn-small" on:click=handler(save_csv) data-testid="space-cloud-csv">
                                        "Cloud (CSV)"
                                    </button>
                                </div>
                            }
                        })
                })}
            </Show>
        </section>
    }
}

/// A matrix in the link's syntax, each cell with at most 4 decimals (`31.3848,-335;…`).
fn matrix_text(m: &ulab_core::Matrix) -> String {
    (0..m.rows())
        .map(|i| {
            m.row(i)
                .iter()
                .map(|v| ulab_core::text::trimmed(*v, 4))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect::<Vec<_>>()
        .join(";")
}
