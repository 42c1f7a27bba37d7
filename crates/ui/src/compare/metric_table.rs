//! The metric table (Table 1 of Dyrland et al. 2022) for every classifier: the utility yield first, then
//! every popular metric (and net benefit for two classes); the favoured (▲) and disfavoured (▼)
//! classifier per metric; whether the metric agrees with the yield; and its admissibility
//! (eq. 17) with the equivalent utility matrix or the reason it has none, on hover (a tooltip)
//! and on click or keyboard (a disclosure row). For more than two classes the per-class values
//! of the per-class metrics are in the same disclosure.

use crate::widgets::keyed::{Row, keyed};
use crate::widgets::table_scroll::table_scroll;
use crate::{Computed, Var, cond, handler, memo, on_value, rx};
use leptos::prelude::*;

use super::context::CompareContext;
use super::metric_detail::{MetricDetail, cell, marks, matrix_text};
use crate::context::use_app;
use crate::web::use_download::use_download;
use crate::widgets::card::{Card, CardActions, CsvButton, Level};
use crate::widgets::radio::radio;
use ulab_core::Score;
use ulab_core::metrics::Admissibility;
use ulab_core::text::parse_decimal;
use ulab_state::compare::{Measure, TableRow, metrics_csv};

/// The table shows the deployment scenario (the toggle is on and prevalence is set).
fn showing_deployment(cc: &CompareContext) -> bool {
    cc.show_deployment.get()
        && cc
            .analysis
            .with(|a| a.as_ref().map(|a| a.deployment.is_some()).unwrap_or(false))
}

/// `f` of the rows the table shows: the deployment scenario's or the test set's (none while
/// the analysis fails).
fn with_shown_rows<T>(cc: &CompareContext, f: impl FnOnce(&[TableRow]) -> T) -> T {
    let dep = cc.show_deployment.get();
    cc.analysis.with(|a| match a {
        Ok(a) => match (&a.deployment, dep) {
            (Some(d), true) => f(&d.table),
            _ => f(&a.test.table),
        },
        Err(_) => f(&[]),
    })
}

fn hover_text(measure: Measure, a: &Admissibility) -> String {
    match (measure, a) {
        (Measure::Yield, _) => {
            "The utility yield of your utility matrix: the measure to rank by".into()
        }
        (_, Admissibility::Admissible(_)) => format!(
            "Admissible: ranks classifiers like the utility yield of {} (click for details)",
            matrix_text(a)
        ),
        (_, Admissibility::Inadmissible(reason)) => {
            format!("Inadmissible: {reason} (click for details)")
        }
    }
}

/// The metric table card.
///
/// Over ~120 lines: its length is one `view!` of the panel's markup and the handlers it needs,
/// which read best together.
#[component]
pub fn MetricTable() -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let cc = expect_context::<CompareContext>();
    let names = memo(move |_| ctx.state.with(|s| s.problem.all_names()));
    let n = memo(move |_| ctx.state.with(|s| s.n()));
    let has_deployment = memo(move |_| {
        cc.analysis
            .with(|a| a.as_ref().map(|a| a.deployment.is_some()).unwrap_or(false))
    });
    let keys = memo(move |_| {
        with_shown_rows(&cc, |r| {
            r.iter().map(|r| r.measure.key()).collect::<Vec<_>>()
        })
    });
    let positive = move || {
        ctx.state
            .with(|s| s.classes().first().cloned().unwrap_or_default())
    };

    let export_csv = move |_| {
        let dep = showing_deployment(&cc);
        let text = ctx.state.with_untracked(|s| {
            cc.analysis.with_untracked(|a| {
                a.as_ref().ok().map(|a| {
                    let sc = match (&a.deployment, dep) {
                        (Some(d), true) => d,
                        _ => &a.test,
                    };
                    metrics_csv(s, sc)
                })
            })
        });
        let name = if dep {
            "metrics-deployment.csv"
        } else {
            "metrics.csv"
        };
        if let Some(text) = text {
            download.csv(name, &text);
        }
    };

    view! {
        <Card class="metrics" title_id="metrics-title" title="What the metrics say" testid="metrics" level=Level::H2>
            <CardActions slot>
                <CsvButton on_click=export_csv testid="export-metrics-csv" label="Download the metric table as CSV" />
            </CardActions>
            <p class="hint metric-legend">
                <span class="mark-favoured" aria-hidden="true">"▲"</span>
                " favoured (highest value) · "
                <span class="mark-disfavoured" aria-hidden="true">"▼"</span>
                " disfavoured (lowest), as the blue and red of Table 1 in the paper. "
                {rx(move || {
                    if n.get() == 2 {
                        format!(
                            "Binary metrics treat '{}' (class 0) as the positive class.",
                            positive(),
                        )
                    } else {
                        "With more than two classes, per-class metrics are macro averages (open a row for each class's value): F1 is the macro F1, the mean of per-class F1; MCC is R_K.".to_string()
                    }
                })}
            </p>
            <MetricControls has_deployment=has_deployment n=n />
            <Show when=cond(move || showing_deployment(&cc))>
                <p class="hint" data-testid="metrics-deployment-note">
                    "Shown under the deployment class shares: each confusion matrix re-weighted column by column (C′"
                    <sub>"ij"</sub>
                    " = C"
                    <sub>"ij"</sub>
                    " · π"
                    <sub>"j"</sub>
                    " / f"
                    <sub>"j"</sub>
                    "). Per-class rates (recall, specificity) do not change; everything that mixes classes does."
                </p>
            </Show>
            {table_scroll("Metrics of the classifiers", view! {
                <table class="results metric-table" data-testid="metric-table">
                    <caption class="visually-hidden">
                        "Every metric for every classifier; the favoured and disfavoured classifier marked; whether each metric agrees with the utility yield and is admissible"
                    </caption>
                    <thead>
                        <tr>
                            <th scope="col">"Metric"</th>
                            {rx(move || {
                                names
                                    .get()
                                    .into_iter()
                                    .map(|n| view! { <th scope="col" class="num">{n}</th> })
                                    .collect_view()
                            })}
                            <th scope="col" class="agree-col">"Agrees with yield"</th>
                            <th scope="col" class="adm-col" title="Admissible: ranks as some utility matrix would (eq. 17 of Dyrland et al. 2022)">"Admissible (eq. 17)"</th>
                        </tr>
                    </thead>
                    {keyed(move || keys.get().into_iter().map(|key| Row::new(key, move || view! {
                        <MetricRow key=key names=names />
                    })).collect())}
                </table>
            })}
        </Card>
    }
}

/// The table's controls: which class shares (test set or deployment), decimals, and net
/// benefit's threshold.
#[component]
fn MetricControls(has_deployment: Computed<bool>, n: Computed<usize>) -> impl IntoView {
    let cc = expect_context::<CompareContext>();
    // Net benefit's threshold: applied when valid, the last good value kept otherwise.
    let threshold_error = Var::new(None::<String>);
    let set_threshold = move |v: String| match parse_decimal(&v, true) {
        Some(p) if p > 0.0 && p < 1.0 => {
            threshold_error.set(None);
            cc.threshold.set(p);
        }
        _ => threshold_error.set(Some("p_t must be a number strictly between 0 and 1".into())),
    };

    view! {
        <div class="metric-controls">
            <Show when=cond(move || has_deployment.get())>
                <fieldset class="segmented" data-testid="metrics-scenario">
                    <legend>"Class shares"</legend>
                    {radio(cc.show_deployment, false, "metric-scenario".into(), "test set", "metrics-scenario-test".into())}
                    {radio(cc.show_deployment, true, "metric-scenario".into(), "deployment", "metrics-scenario-deployment".into())}
                </fieldset>
            </Show>
            <label class="control">
                <span>"Decimals"</span>
                <select
                    data-testid="metric-decimals"
                    on:change=on_value(move |v| {
                        if let Ok(d) = v.parse::<usize>() {
                            cc.decimals.set(d.clamp(1, 6));
                        }
                    })
                >
                    {[2usize, 3, 4]
                        .into_iter()
                        .map(|d| {
                            view! {
                                <option value=d.to_string() selected=rx(move || cc.decimals.get() == d)>
                                    {d.to_string()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <Show when=cond(move || n.get() == 2)>
                <label class="control">
                    <span>"Net benefit threshold p" <sub>"t"</sub></span>
                    <input
                        type="number"
                        class="threshold-input"
                        min="0.01"
                        max="0.99"
                        step="0.01"
                        prop:value=rx(move || cc.threshold.get_untracked().to_string())
                        on:input=on_value(set_threshold)
                        aria-invalid=rx(move || threshold_error.get().is_some().to_string())
                        data-testid="net-benefit-threshold"
                    />
                </label>
            </Show>
        </div>
        <p class="field-error" role="status">{rx(move || threshold_error.get())}</p>
    }
}

/// One metric: its row, and a disclosure row with the formula, the admissibility and (for
/// more than two classes) the per-class values.
#[component]
fn MetricRow(key: &'static str, names: Computed<Vec<String>>) -> impl IntoView {
    let ctx = use_app();
    let cc = expect_context::<CompareContext>();
    // Read from the analysis itself: one copy of the row, not of the whole table first.
    let row =
        memo(move |_| with_shown_rows(&cc, |r| r.iter().find(|r| r.measure.key() == key).cloned()));
    let open = Var::new(false);
    let detail_id = format!("metric-detail-{key}");
    let n = memo(move |_| ctx.state.with(|s| s.n()));
    let span = move || names.with(|n| n.len()) + 3;
    let toggle = move |_| open.update(|o| *o = !*o);
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" {
            open.set(false);
        }
    };

    let label = move || {
        row.with(|r| {
            r.as_ref()
                .map(|r| r.measure.label(n.get()))
                .unwrap_or_default()
        })
    };
    let cells = move || {
        let decimals = cc.decimals.get();
        let classes = ctx.state.with(|s| s.classes().clone());
        let names = names.get();
        row.with(|r| {
            r.as_ref()
                .map(|r| value_cells(r, key, &names, decimals, &classes))
                .unwrap_or_default()
        })
    };
    let agrees = move || row.with(|r| r.as_ref().and_then(|r| r.agrees));
    let is_yield = key == "utility_yield";
    // The measure and its admissibility: the tooltip writes out the equivalent utility matrix
    // only when they change, not at every edit of a value.
    let judged =
        memo(move |_| row.with(|r| r.as_ref().map(|r| (r.measure, r.admissibility.clone()))));
    let admissible =
        move || judged.with(|j| j.as_ref().map(|(_, a)| a.is_admissible()).unwrap_or(false));
    let hover = move || {
        judged.with(|j| {
            j.as_ref()
                .map(|(m, a)| hover_text(*m, a))
                .unwrap_or_default()
        })
    };
    let detail = move || {
        let row = row.get()?;
        let (decisions, classes) = ctx
            .state
            .with(|s| (s.decisions().clone(), s.classes().clone()));
        Some(view! {
            <MetricDetail
                row=row
                key=key
                names=names.get()
                decimals=cc.decimals.get()
                n=n.get()
                decisions=decisions
                classes=classes
            />
        })
    };
    let detail_id2 = detail_id.clone();
    view! {
        <tbody
            class="metric-group"
            class:is-yield-row=is_yield
            class:disagrees=rx(move || agrees() == Some(false))
            data-testid=format!("metric-row-{key}")
        >
            <tr class="metric-row">
                <th scope="row" class="metric-name">{label}</th>
                {cells}
                <td class="agree-col">
                    {rx(move || match agrees() {
                        _ if is_yield => view! { <span class="agree-self">"—"</span> }.into_any(),
                        Some(true) => view! { <span class="agree-yes">"✓ yes"</span> }.into_any(),
                        Some(false) => view! { <span class="agree-no">"✗ no"</span> }.into_any(),
                        None => view! { <span class="agree-none" title="favours no classifier (ties or undefined values)">"·"</span> }.into_any(),
                    })}
                </td>
                <td class="admissibility">
                    <button
                        type="button"
                        class="adm-toggle"
                        class:is-admissible=admissible
                        aria-expanded=rx(move || open.get().to_string())
                        aria-controls=detail_id.clone()
                        title=hover
                        on:click=handler(toggle)
                        on:keydown=handler(on_key)
                        data-testid=format!("adm-{key}")
                    >
                        {rx(move || if admissible() { "✓ admissible" } else { "✗ inadmissible" })}
                        <span class="chevron" aria-hidden="true">{rx(move || if open.get() { "▴" } else { "▾" })}</span>
                    </button>
                </td>
            </tr>
            <tr class="metric-detail" id=detail_id2 hidden=rx(move || !open.get()) data-testid=format!("adm-detail-{key}")>
                <td colspan=span>{rx(move || open.get().then(detail))}</td>
            </tr>
        </tbody>
    }
}

/// The cells of `r`'s values, one per classifier.
fn value_cells(
    r: &TableRow,
    key: &'static str,
    names: &[String],
    decimals: usize,
    classes: &[String],
) -> Vec<impl IntoView + use<>> {
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let score = r.values.get(i).copied().unwrap_or(Score::Defined(f64::NAN));
            let (text, title, value) = cell(&score, decimals, classes);
            let fav = r.favoured.contains(&i);
            let dis = r.disfavoured.contains(&i);
            let undefined = score.value().is_none();
            view! {
                <td
                    class="num"
                    class:is-favoured=fav
                    class:is-disfavoured=dis
                    class:is-undefined=undefined
                    title=title.clone()
                    data-value=value
                    data-testid=format!("metric-{key}-{name}")
                >
                    <span class="v">{text}</span>
                    {undefined.then(|| view! { <span class="visually-hidden">{format!(" ({title})")}</span> })}
                    {marks(fav, dis)}
                </td>
            }
        })
        .collect()
}
