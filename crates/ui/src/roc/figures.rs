//! The verdict (the best classifier by the tangent, and the sentence when the AUC would have
//! chosen another), the table of curves, the ROC picture, yield against threshold, and the
//! CSV exports.

use crate::callback;
use crate::widgets::keyed::{Row, key_of, keyed};
use crate::{Var, cond, handler, memo, rx};
use std::cell::RefCell;
use std::rc::Rc;

use crate::widgets::table_scroll::table_scroll;
use leptos::prelude::*;

use super::context::{RocContext, Shared};
use crate::web::use_download::{Download, use_download};
use crate::widgets::card::Card;
use crate::widgets::plot_canvas::{CanvasClick, PlotCanvas};
use ulab_core::text::prose;
use ulab_state::roc::analysis::RocReport;
use ulab_state::roc::charts::{roc_chart, threshold_chart};
use ulab_state::roc::curves::Curve;
use ulab_state::roc::export::{POINTS_HEADER, points_csv_part, points_rows, summary_csv};
use ulab_state::roc::verdict::{
    auc_sentence, auc_text, baseline_sentence, best_sentence, point_text,
};

/// The verdict: who is best and why, and why the AUC would have chosen otherwise.
#[component]
pub fn Verdict() -> impl IntoView {
    let rc = expect_context::<RocContext>();
    let best = memo(move |_| {
        rc.report
            .with(|r| r.as_ref().ok().and_then(|r| best_sentence(r)))
    });
    let against = memo(move |_| {
        rc.report
            .with(|r| r.as_ref().ok().and_then(|r| auc_sentence(r)))
    });
    let baseline = memo(move |_| {
        rc.report.with(|r| {
            let r = r.as_ref().ok()?;
            rc.app
                .state
                .with(|s| baseline_sentence(r, s.utility_matrix(), s.decisions()))
        })
    });
    let error = move || rc.report.with(|r| r.as_ref().err().cloned());
    view! {
        <section class="verdict roc-verdict" class:is-alarm=rx(move || against.with(Option::is_some)) aria-live="polite" aria-label="Verdict" data-testid="roc-verdict">
            {rx(move || error().map(|e| view! { <p class="notice is-error" role="alert" data-testid="roc-error">{e}</p> }))}
            <p class="verdict-headline" data-testid="roc-best">
                {rx(move || best.get().unwrap_or_else(|| "No curve yet: drop a scores file, add a binormal curve, or choose an example.".into()))}
                {rx(move || baseline.get().map(|b| view! { " " <span data-testid="roc-baseline">{b}</span> }))}
            </p>
            <Show when=cond(move || against.with(Option::is_some))>
                <p class="verdict-details" data-testid="roc-auc-sentence">
                    <span class="verdict-icon" aria-hidden="true">"⚠ "</span>
                    {rx(move || against.get().unwrap_or_default())}
                </p>
            </Show>
        </section>
    }
}

/// A points CSV being written.
struct PointsJob {
    total: usize,
    curves: Shared<Vec<Curve>>,
    report: Shared<RocReport>,
    u: ulab_core::UtilityMatrix,
    out: RefCell<String>,
    busy: Var<bool>,
    download: Download,
}

/// Writes rows `at..` of the job, a slice per task, then offers the file.
fn points_step(job: Rc<PointsJob>, at: usize) {
    let end = (at + 4_000).min(job.total);
    job.out.borrow_mut().push_str(&points_csv_part(
        &job.curves,
        &job.report,
        &job.u,
        None,
        at..end,
    ));
    if end >= job.total {
        job.busy.try_set(false);
        job.download.csv("roc-points.csv", &job.out.borrow());
        return;
    }
    set_timeout(move || points_step(job, end), std::time::Duration::ZERO);
}

/// Writes the points CSV of every curve in slices (10⁶ points take seconds), then offers it.
fn export_points(rc: RocContext, busy: Var<bool>, download: Download) {
    let Ok(report) = rc.report.get_untracked() else {
        return;
    };
    let curves = rc.curves.get_untracked();
    let u = rc.app.state.with_untracked(|s| s.utility_matrix().clone());
    busy.set(true);
    let job = PointsJob {
        total: points_rows(&curves, &report, None),
        curves,
        report,
        u,
        out: RefCell::new(ulab_csv::write(&[POINTS_HEADER.map(String::from).to_vec()])),
        busy,
        download,
    };
    points_step(Rc::new(job), 0);
}

/// The table of curves, the two plots and the exports.
#[component]
pub fn RocFigures() -> impl IntoView {
    let download = use_download();
    let rc = expect_context::<RocContext>();
    let busy = Var::new(false);
    let picked_point = memo(move |_| {
        let (c, k) = rc.picked.get()?;
        rc.report.with(|r| {
            let p = r.as_ref().ok()?.curves.get(c)?.drawn.get(k)?;
            Some((p.fpr, p.tpr))
        })
    });
    let roc = memo(move |_| {
        let mut chart = rc
            .report
            .with(|r| r.as_ref().map(|r| roc_chart(r)).unwrap_or_default());
        chart.picked = picked_point.get();
        chart
    });
    let thresholds = memo(move |_| {
        rc.report
            .with(|r| r.as_ref().map(|r| threshold_chart(r)).unwrap_or_default())
    });
    // A click on the ROC picture picks the nearest point of the nearest curve (the chart's
    // series are the report's curves, their points its drawn points, in order).
    let pick = callback(move |c: CanvasClick| {
        if let Some(p) = roc.with_untracked(|chart| chart.pick(c.width, (c.x, c.y))) {
            rc.picked.set(Some(p));
        }
    });
    let roc_signal = roc;
    let thr_signal = thresholds;
    let rows = move || {
        rc.report.with(|r| {
            r.as_ref()
                .map(|r| {
                    r.curves
                        .iter()
                        .enumerate()
                        .map(|(i, c)| {
                            (
                                i,
                                c.name.clone(),
                                auc_text(c.auc),
                                point_text(c),
                                prose(c.optimum.yield_value),
                                r.best.contains(&i),
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    let has_curves = move || rc.curves.with(|c| !c.is_empty());
    let save_summary = move |_| {
        if let Ok(r) = rc.report.get_untracked() {
            download.csv("roc-summary.csv", &summary_csv(&r));
        }
    };
    view! {
        <Card
            class="roc-figures"
            title_id="roc-fig-title"
            title="The ROC picture: the tangent, not the area"
            testid="roc-figures"
        >
            <Show when=has_curves>
                {table_scroll("AUC and best operating point of each classifier", view! {
                    <table class="results-table roc-table" data-testid="roc-table">
                        <caption class="visually-hidden">"Each classifier's AUC and its best operating point"</caption>
                        <thead>
                            // The key number next to the name: on a phone it is in sight without scrolling.
                            <tr><th scope="col">"Classifier"</th><th scope="col">"Yield per item"</th><th scope="col">"AUC"</th><th scope="col">"Best operating point"</th></tr>
                        </thead>
                        <tbody>
                            {keyed(move || rows().into_iter().map(|r| Row::new(key_of(&[&r.0, &r.1, &r.2, &r.3, &r.4, &r.5]), move || view! {
                                <tr class:is-best=r.5 data-testid=format!("roc-row-{}", r.0)>
                                    <th scope="row">{r.1.clone()}{if r.5 { " ★" } else { "" }}</th>
                                    <td class="num" data-testid="roc-yield">{r.4.clone()}</td>
                                    <td class="num" data-testid="roc-auc">{r.2.clone()}</td>
                                    <td>{r.3.clone()}</td>
                                </tr>
                            })).collect())}
                        </tbody>
                    </table>
                })}
            </Show>
            <p class="hint">
                "Each curve with its convex hull (dashed); grey: the iso-utility lines, along which every operating point yields the same (eq. 25); each curve's best point is where its hull touches the highest of them (its tangent, drawn in its colour). The AUC averages over every threshold; you deploy one. Click a curve to pick its point there."
            </p>
            <PlotCanvas plot=roc_signal name="roc-curves" label="ROC curves with their hulls, the iso-utility lines and each classifier's optimal operating point" testid="roc-plot" on_click=pick />
            <h4>"Yield against threshold"</h4>
            <p class="hint">"The yield per item at each threshold, the optimum marked; the reference lines are the trivial classifiers that always or never decide class 0."</p>
            <PlotCanvas plot=thr_signal name="roc-yield-vs-threshold" label="Yield per item against the threshold, one panel per classifier" testid="roc-threshold-plot" />
            <div class="roc-exports">
                <button type="button" class="btn btn-small" on:click=handler(move |_| export_points(rc, busy, download)) disabled=rx(move || busy.get() || !has_curves()) data-testid="roc-export-points">
                    {rx(move || if busy.get() { "Writing the CSV…" } else { "CSV: curve points" })}
                </button>
                <button type="button" class="btn btn-small" on:click=handler(save_summary) disabled=rx(move || !has_curves()) data-testid="roc-export-summary">
                    "CSV: summary"
                </button>
            </div>
        </Card>
    }
}
