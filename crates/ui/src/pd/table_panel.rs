//! The table per classifier: p-d for the κ in force beside macro precision, macro recall, the
//! F1 of macro P and R (Kozak et al. 2022, eq. 23) and the utility yield, with the rank by each;
//! under it, the κ at which p-d equals F1 for each classifier.

use crate::widgets::keyed::{Row, key_of, keyed};
use crate::widgets::table_scroll::table_scroll;
use crate::{memo, rx};
use leptos::prelude::*;

use super::context::use_pd;
use crate::context::use_app;
use crate::web::use_download::use_download;
use crate::widgets::card::{Card, CsvButton};
use ulab_core::text::fixed;
use ulab_state::pd::export::table_csv;
use ulab_state::pd::f1::kappa_for_f1;
use ulab_state::pd::kappa::kappa_text;
use ulab_state::pd::table::{Measure, PdTable};

/// One cell of the table: the value (4 decimals; yields 3) and its rank.
fn cell(t: &PdTable, i: usize, m: Measure) -> (String, String) {
    let v = t.rows.get(i).and_then(|r| r.value(m));
    let text = match (v, m) {
        (Some(v), Measure::Yield) => ulab_core::text::number(v, 3),
        (Some(v), _) => fixed(v, 4),
        (None, _) => "undefined".into(),
    };
    let rank = t
        .ranks_by(m)
        .get(i)
        .copied()
        .flatten()
        .map(|r| format!("#{r}"))
        .unwrap_or_default();
    (text, rank)
}

/// The sentence under the table: who p-d puts first, and who the yield does.
fn verdict(t: &PdTable) -> String {
    let pd = t.first_by(Measure::Pd).join(" = ");
    let y = t.first_by(Measure::Yield).join(" = ");
    if t.rows.len() < 2 {
        return String::new();
    }
    if y.is_empty() {
        return format!("p-d ranks {pd} first; the utility matrix gives no yield to compare.");
    }
    if pd == y {
        format!("p-d ranks {pd} first, and so does the utility yield — for this κ.")
    } else {
        format!(
            "p-d ranks {pd} first, but the utility yield ranks {y} first: with these utilities p-d picks the wrong classifier."
        )
    }
}

/// The table panel.
#[component]
pub fn TablePanel() -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let pd = use_pd();
    let export = move |_| {
        if let Ok(t) = pd.table.get_untracked() {
            download.csv("p-d table.csv", &table_csv(&t));
        }
    };
    let f1_rows = memo(move |_| {
        let custom = ctx.state.with(|s| s.kappa.clone());
        pd.classifiers.with(|c| {
            c.as_ref()
                .map(|c| {
                    c.names()
                        .iter()
                        .zip(c.matrices())
                        .map(|(n, cm)| {
                            let s = match kappa_for_f1(cm, custom.as_deref()) {
                                Ok(r) => r.sentence(),
                                Err(e) => e.to_string(),
                            };
                            (n.clone(), s)
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    view! {
        <Card
            class="pd-table-card"
            title_id="pd-table-title"
            title="p-d beside the other measures and the yield"
            testid="pd-table-panel"
        >
            {rx(move || match pd.table.get() {
                Err(e) => view! { <p class="notice is-error" role="alert">{e}</p> }.into_any(),
                Ok(t) => {
                    let rows = (0..t.rows.len())
                        .map(|i| {
                            let r = &t.rows[i];
                            let cells = Measure::ALL
                                .iter()
                                .map(|m| {
                                    let (v, rank) = cell(&t, i, *m);
                                    view! {
                                        <td class="num" data-testid=format!("pd-{}-{i}", m.key())>
                                            <span class="pd-value">{v}</span>
                                            " "
                                            <span class="pd-rank">{rank}</span>
                                        </td>
                                    }
                                })
                                .collect_view();
                            view! {
                                <tr data-testid=format!("pd-row-{i}")>
                                    <th scope="row" class="pd-name">{r.name.clone()}</th>
                                    <td class="pd-kappa-cell">{kappa_text(&r.kappa)}</td>
                                    {cells}
                                </tr>
                            }
                        })
                        .collect_view();
                    let verdict = verdict(&t);
                    view! {
                        {table_scroll("p-d of the classifiers", view! {
                            <table class="pd-table" data-testid="pd-table">
                                <thead>
                                    <tr>
                                        <th scope="col">"Classifier"</th>
                                        <th scope="col">"κ"</th>
                                        {Measure::ALL
                                            .iter()
                                            .map(|m| view! { <th scope="col" title=m.formula()>{m.label()}</th> })
                                            .collect_view()}
                                    </tr>
                                </thead>
                                <tbody>{rows}</tbody>
                            </table>
                        })}
                        <p class="hint">"#1 = ranked first by that column (ties share a rank). F1 here is the harmonic mean of macro precision and macro recall, as Kozak et al. define it — not the mean of per-class F1."</p>
                        <p class="pd-verdict" data-testid="pd-verdict">{verdict}</p>
                    }
                        .into_any()
                }
            })}
            <h4>"Where p-d equals F1"</h4>
            <ul class="pd-f1" data-testid="pd-f1">
                {keyed(move || f1_rows.get().into_iter().map(|r| Row::new(key_of(&[&r.0, &r.1]), move || view! {
                    <li><span class="pd-name">{r.0}</span>": " {r.1}</li>
                })).collect())}
            </ul>
            <div class="pd-actions">
                <CsvButton on_click=export testid="pd-export-table" text="CSV of the table" />
            </div>
        </Card>
    }
}
