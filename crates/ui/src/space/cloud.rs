//! Uncertain utilities (Dyrland et al. 2022, eqs. 18–19): a cloud of candidate utility
//! matrices — drawn around the current point with a chosen σ (fig. 4's rule, or errors on each
//! entry as the Monte Carlo's), or typed with their probabilities — its expected matrix, the
//! ranking under it, and what lies under the regions (fig. 4's prior density, fig. 5's error
//! extents). Every setting is in the link (`ucloud`, `usigma`, `upoints`, `useed`,
//! `uoverlay`).

use crate::callback;
use crate::{Var, memo, on_value, rx};
use leptos::prelude::*;

use super::context::SpaceContext;
use crate::context::{AppContext, use_app};
use crate::reactive::effect;
use crate::web::use_download::use_download;
use crate::widgets::card::{Card, CsvButton};
use crate::widgets::number_field::{Field, number_fields};
use crate::widgets::select_field::{SelectField, choices};
use ulab_core::text::{number, percent};
use ulab_state::space::cloud::{EXPECTED_NOTE, cloud_csv, format_cloud, matrix_text};
use ulab_state::space::link::{
    CloudSource, SpaceSettings, cloud_choice, format_overlay, starter_cloud,
};
use ulab_state::space::view::CloudView;

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
    callback(move |t: String| apply_space(&ctx, key, &t))
}

/// The cloud's menu: where the candidates come from.
const SOURCES: [(&str, &str); 4] = [
    ("none", "none"),
    ("xy", "drawn: gaussian in (x, y), as fig. 4"),
    (
        "entries",
        "drawn: errors on each entry, as the Monte Carlo's",
    ),
    ("typed", "typed: matrices with probabilities"),
];

/// What may lie under the regions.
const OVERLAYS: [(&str, &str); 4] = [
    ("none", "nothing"),
    ("gaussian", "fig. 4: the gaussian prior's density"),
    ("uniform", "the uniform prior's density"),
    (
        "errors:0.1,0.2",
        "fig. 5: errors of σ = 0.1 and 0.2 around your matrix",
    ),
];

/// The cloud's settings and what it says (on the hexagon of two classes only).
#[component]
pub fn CloudPanel() -> impl IntoView {
    let ctx = use_app();
    let sc = expect_context::<SpaceContext>();
    let settings = memo(move |_| ctx.state.with(|s| s.space.clone()));
    let source = memo(move |_| settings.with(|s| cloud_choice(&s.cloud)));
    let typed_text = Var::new(String::new());
    effect(move |_| {
        if let CloudSource::Typed(c) = settings.with(|s| s.cloud.clone()) {
            typed_text.set(format_cloud(&c));
        }
    });
    let on_source = callback(move |v: String| {
        let value = if v == "typed" {
            let t = typed_text.get_untracked();
            if t.trim().is_empty() {
                starter_cloud(&ctx.state.with_untracked(|s| s.utility().to_string()))
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
    let on_overlay = callback(move |v: String| {
        if let Err(e) = apply_space(&ctx, "uoverlay", &v) {
            ctx.say(e);
        }
    });
    let overlay = memo(move |_| settings.with(|s| format_overlay(&s.overlay)));
    let drawn = move || matches!(source.get().as_str(), "xy" | "entries");
    let is_typed = move || source.get() == "typed";
    let cloud = memo(move |_| sc.model.with(|m| m.as_deref().ok().and_then(|m| m.cloud())));
    let is_hexagon = move || {
        sc.model
            .with(|m| m.as_deref().is_ok_and(|m| m.is_hexagon()))
    };
    let download = use_download();
    let save_csv = callback(move |_: ()| {
        if let Some((c, _)) = cloud.get_untracked() {
            let text = ulab_csv::write(&cloud_csv(&c.cloud, &c.summary));
            download.csv("utility-cloud.csv", &text);
        }
    });
    view! {
        <Card
            class="space-cloud"
            title_id="space-cloud-title"
            title="Uncertain utilities"
            testid="space-cloud"
        >
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
                        options=choices(&SOURCES)
                        selected=source
                        on_change=on_source
                        testid="space-cloud-source"
                    />
                    <SelectField
                        label="Under the regions"
                        id="space-overlay"
                        options=choices(&OVERLAYS)
                        selected=overlay
                        on_change=on_overlay
                        testid="space-overlay"
                    />
                </div>
                <Show when=drawn>
                    <div class="space-fields">{number_fields(settings, drawn_fields(ctx))}</div>
                </Show>
                <Show when=is_typed>
                    <TypedCloud text=typed_text />
                </Show>
                {rx(move || cloud.get().map(|(c, names)| cloud_summary(c, names, save_csv)))}
            </Show>
        </Card>
    }
}

/// The settings of a drawn cloud: σ, how many candidates, the seed.
fn drawn_fields(ctx: AppContext) -> [Field<SpaceSettings>; 3] {
    [
        Field {
            label: "σ",
            testid: "space-sigma",
            step: "0.01",
            min: "0",
            max: Some(1),
            hint: "on the 0–1 scale of eq. 12",
            read: |s| s.sigma.to_string(),
            apply: space_setting(ctx, "usigma"),
        },
        Field {
            label: "Candidates drawn",
            testid: "space-points",
            step: "100",
            min: "1",
            max: Some(10000),
            hint: "",
            read: |s| s.points.to_string(),
            apply: space_setting(ctx, "upoints"),
        },
        Field {
            label: "Seed",
            testid: "space-seed",
            step: "1",
            min: "0",
            max: None,
            hint: "",
            read: |s| s.seed.to_string(),
            apply: space_setting(ctx, "useed"),
        },
    ]
}

/// The field of a typed cloud, applied on change; its error under it.
#[component]
fn TypedCloud(text: Var<String>) -> impl IntoView {
    let ctx = use_app();
    let error = Var::new(None::<String>);
    let on_typed = move |v: String| {
        let t = v;
        text.set(t.clone());
        error.set(apply_space(&ctx, "ucloud", &t).err());
    };
    view! {
        <div class="rel-field space-typed-cloud">
            <label for="space-cloud-text">
                "Candidates, " <code>"probability:matrix"</code> " separated by " <code>"|"</code>
            </label>
            <textarea
                id="space-cloud-text"
                rows="3"
                spellcheck="false"
                prop:value=rx(move || text.get())
                on:change=on_value(on_typed)
                aria-invalid=rx(move || if error.get().is_some() { "true" } else { "false" })
                data-testid="space-cloud-text"
            ></textarea>
            <p class="field-error" role="alert">{rx(move || error.get().unwrap_or_default())}</p>
        </div>
    }
}

/// What the cloud says: its expected matrix, and the ranking under it, with its CSV
/// (`save_csv`).
fn cloud_summary(c: CloudView, names: Vec<String>, save_csv: Callback<()>) -> impl IntoView {
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
            <CsvButton on_click=move |_| save_csv.run(()) testid="space-cloud-csv" text="Cloud (CSV)" />
        </div>
    }
}
