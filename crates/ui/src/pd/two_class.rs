//! Two classes: the heatmap of p-d over (κ₀, κ₁) for each classifier (Kozak et al. 2022,
//! figs 2–5) and the map of which classifier ranks first at each κ, the κ in force marked;
//! the cell under the pointer (or tapped) is read out under the maps, and the cell of the κ in
//! force otherwise.

use crate::{Computed, Var, handler, memo, on_value, rx};
use leptos::ev::PointerEvent;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use super::context::use_pd;
use super::maybe_canvas::MaybeCanvas;
use crate::context::{AppContext, use_app};
use crate::web::use_download::use_download;
use crate::widgets::card::{Card, CsvButton};
use ulab_core::text::fixed;
use ulab_plot::MaybePlot;
use ulab_plot::pd::heatmap::HeatmapPlot;
use ulab_plot::pd::winners::WinnerMap;
use ulab_state::pd::export::heatmap_csv;
use ulab_state::pd::heatmap::{Heatmaps, heatmaps};
use ulab_state::pd::link::{format_step, parse_step};

/// The grid steps offered (`1/N`).
const STEPS: [usize; 5] = [10, 20, 50, 100, 200];

/// The canvas under a pointer event and the pointer's position on it, in CSS pixels.
fn on_canvas(ev: &PointerEvent) -> Option<(f64, f64, f64)> {
    let canvas = ev.target()?.dyn_into::<HtmlCanvasElement>().ok()?;
    Some((
        canvas.client_width() as f64,
        ev.offset_x() as f64,
        ev.offset_y() as f64,
    ))
}

/// A cell read out: κ, every classifier's name and p-d, and who ranks first.
type Readout = (String, Vec<(String, String)>, String);

/// The readout of one grid point: κ, every classifier's p-d, and who ranks first.
fn readout(h: &Heatmaps, k0: f64, k1: f64) -> Option<Readout> {
    let c = h.cell_at(k0, k1)?;
    let kappa = format!(
        "κ = ({}, {})",
        ulab_core::text::number(c.kappa[0], 3),
        ulab_core::text::number(c.kappa[1], 3)
    );
    let values = h
        .names
        .iter()
        .zip(&c.values)
        .map(|(n, v)| (n.clone(), fixed(*v, 4)))
        .collect();
    let first: Vec<&str> = c
        .winners
        .iter()
        .filter_map(|w| h.names.get(*w))
        .map(String::as_str)
        .collect();
    Some((kappa, values, first.join(" = ")))
}

/// The grid's step: how finely κ of each class is divided.
fn step_choice(ctx: AppContext, divisions: Computed<usize>) -> impl IntoView {
    let set_step = move |v: String| {
        if let Ok(n) = parse_step(&v) {
            let _ = ctx.edit(|s| s.pd.divisions = n);
        }
    };
    view! {
        <label class="pd-step">
            "Grid step "
            <select on:change=on_value(set_step) data-testid="pd-step">
                {STEPS
                    .iter()
                    .map(|n| {
                        let n = *n;
                        view! {
                            <option value=format_step(n) selected=rx(move || divisions.get() == n)>
                                {format_step(n)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// The two-class panel.
#[component]
pub fn TwoClassPanel() -> impl IntoView {
    let ctx = use_app();
    let download = use_download();
    let pd = use_pd();
    let divisions = memo(move |_| ctx.state.with(|s| s.pd.divisions));
    let classes = memo(move |_| {
        ctx.state.with(|s| {
            [
                s.classes().first().cloned().unwrap_or_default(),
                s.classes().get(1).cloned().unwrap_or_default(),
            ]
        })
    });
    let grids = memo(move |_| {
        pd.classifiers.with(|c| {
            let c = c.as_ref().map_err(Clone::clone)?;
            heatmaps(c, divisions.get()).map_err(|e| e.to_string())
        })
    });
    let markers = memo(move |_| {
        pd.table
            .with(|t| t.as_ref().map(|t| t.kappa_pairs()).unwrap_or_default())
    });
    let current = memo(move |_| {
        pd.shown.with(|s| {
            s.as_ref()
                .filter(|s| s.kappa.len() == 2)
                .map(|s| [s.kappa[0], s.kappa[1]])
        })
    });
    let heat_plot = memo(move |_| {
        grids.with(|g| {
            MaybePlot(g.as_ref().ok().map(|h| HeatmapPlot {
                heatmaps: h.clone(),
                classes: classes.get(),
                markers: markers.get(),
            }))
        })
    });
    let win_plot = memo(move |_| {
        grids.with(|g| {
            MaybePlot(g.as_ref().ok().map(|h| WinnerMap {
                heatmaps: h.clone(),
                classes: classes.get(),
                marker: current.get(),
            }))
        })
    });
    // The κ under the pointer (or last tapped); `None` = the κ in force.
    let pointed = Var::new(None::<(f64, f64)>);
    let on_heat = move |ev: PointerEvent| {
        let hit = on_canvas(&ev).and_then(|(w, x, y)| {
            heat_plot.with_untracked(|p| p.0.as_ref().and_then(|p| p.kappa_at(w, x, y)))
        });
        if let Some(p) = hit {
            pointed.set(Some((p.kappa0, p.kappa1)));
        }
    };
    let on_win = move |ev: PointerEvent| {
        let hit = on_canvas(&ev).and_then(|(w, x, y)| {
            win_plot.with_untracked(|p| p.0.as_ref().and_then(|p| p.kappa_at(w, x, y)))
        });
        if let Some(k) = hit {
            pointed.set(Some(k));
        }
    };
    let shown_cell = memo(move |_| {
        let k = pointed
            .get()
            .or_else(|| current.get().map(|k| (k[0], k[1])))?;
        grids.with(|g| g.as_ref().ok().and_then(|h| readout(h, k.0, k.1)))
    });
    let export = move |_| {
        let csv = grids.with_untracked(|g| {
            g.as_ref()
                .ok()
                .map(|h| heatmap_csv(h, &classes.get_untracked()))
        });
        if let Some(csv) = csv {
            download.csv("p-d heatmaps.csv", &csv);
        }
    };
    view! {
        <Card
            class="pd-two"
            title_id="pd-two-title"
            title="Two classes: p-d over every κ"
            testid="pd-two-class"
            hint="Each square is one classifier's p-d over (κ of the first class, κ of the second), as in figs 2–5 of Kozak et al. (2022); the disc marks the κ in force. Point at a cell (or tap it) to read its values."
        >
            {step_choice(ctx, divisions)}
            {rx(move || grids.with(|g| g.as_ref().err().cloned()).map(|e| view! { <p class="notice is-error" role="alert">{e}</p> }))}
            <div class="pd-plot" on:pointermove=handler(on_heat) on:pointerdown=handler(on_heat) data-testid="pd-heatmaps-box">
                <MaybeCanvas plot=heat_plot name="p-d heatmaps" label="p-d of each classifier over κ of the two classes" testid="pd-heatmaps" />
            </div>
            <ReadoutView cell=shown_cell pointed=pointed />
            <h4>"Which classifier ranks first"</h4>
            <div class="pd-plot" on:pointermove=handler(on_win) on:pointerdown=handler(on_win) data-testid="pd-winners-box">
                <MaybeCanvas plot=win_plot name="p-d first rank" label="which classifier p-d ranks first at each κ" testid="pd-winners" />
            </div>
            <div class="pd-actions">
                <CsvButton on_click=export testid="pd-export-heatmaps" text="CSV of the grids" />
            </div>
        </Card>
    }
}

/// The values of the cell pointed at (or of the κ in force).
#[component]
fn ReadoutView(cell: Computed<Option<Readout>>, pointed: Var<Option<(f64, f64)>>) -> impl IntoView {
    view! {
        <div class="pd-readout" aria-live="polite" data-testid="pd-readout">
            {rx(move || {
                cell.get()
                    .map(|(kappa, values, first)| {
                        let whose = if pointed.get().is_some() { "Pointed at: " } else { "κ in force: " };
                        view! {
                            <p>
                                <strong>{whose} {kappa}</strong>
                                " · "
                                {values
                                    .into_iter()
                                    .map(|(n, v)| view! { <span class="pd-readout-item">{n} " " <span class="num">{v}</span></span> })
                                    .collect_view()}
                                " · first: "
                                <span data-testid="pd-readout-first">{first}</span>
                            </p>
                        }
                    })
            })}
        </div>
    }
}
