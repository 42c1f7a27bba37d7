//! The Preference-driven measure view: Kozak et al. 2022's p-d explored as its authors do
//! (figs 2–5 and 7, Tables 3–4), set against the utility yield (Dyrland et al. 2022).
//!
//! Layout: the κ sliders ([`kappa_panel`]); the table per classifier with the κ where p-d = F1
//! ([`table_panel`]); two classes: the heatmaps and the first-rank map ([`two_class`]); the
//! histograms over a κ grid ([`histograms`]); p-d against the yield ([`against`]); the
//! confusion matrices ([`matrices`]). The numbers come from [`ulab_state::pd`].

use crate::{cond, memo, rx};
use leptos::prelude::*;

mod against;
mod histograms;
mod kappa_panel;
mod matrices;
mod table_panel;
mod two_class;

use crate::chrome::view_intro::ViewIntro;
use crate::context::use_app;
use crate::widgets::plot_canvas::PlotCanvas;
use ulab_state::pd::Classifiers;
use ulab_state::pd::kappa::{Shown, shown};
use ulab_state::pd::table::{PdTable, table};

/// What the panels of the view read (recomputed when the state changes).
#[derive(Clone, Copy)]
pub struct PdContext {
    /// The classifiers, or why there are none to show.
    pub classifiers: Memo<Result<Classifiers, String>>,
    /// What the κ sliders show.
    pub shown: Memo<Option<Shown>>,
    /// The table for the κ in force.
    pub table: Memo<Result<PdTable, String>>,
}

/// The view's context (panics outside the view, a programming error).
pub fn use_pd() -> PdContext {
    expect_context::<PdContext>()
}

/// A list of κ values for the page: `[0.5, 0.2, 0.3]` (3 decimals, trailing zeros dropped).
pub fn kappa_text(k: &[f64]) -> String {
    let v: Vec<String> = k.iter().map(|x| ulab_core::text::number(*x, 3)).collect();
    format!("[{}]", v.join(", "))
}

/// A plot that may be missing (its panel then hides the canvas): draws nothing for `None`.
#[derive(Debug, Clone, PartialEq)]
pub struct MaybePlot<P>(pub Option<P>);

impl<P: ulab_plot::Plot> ulab_plot::Plot for MaybePlot<P> {
    fn draw_on<DB: plotters::prelude::DrawingBackend>(
        &self,
        root: &plotters::prelude::DrawingArea<DB, plotters::coord::Shift>,
        theme: &ulab_plot::Theme,
    ) -> Result<(), String> {
        match &self.0 {
            Some(p) => p.draw_on(root, theme),
            None => Ok(()),
        }
    }

    fn height_for(&self, width: u32) -> u32 {
        self.0.as_ref().map_or(1, |p| p.height_for(width))
    }

    fn table(&self) -> ulab_plot::PlotTable {
        self.0.as_ref().map(|p| p.table()).unwrap_or_default()
    }

    fn summary(&self) -> String {
        self.0.as_ref().map(|p| p.summary()).unwrap_or_default()
    }
}

/// A [`MaybePlot`]'s canvas, on the page only while there is a plot.
#[component]
pub fn MaybeCanvas<P>(
    /// The plot, if any.
    plot: Memo<MaybePlot<P>>,
    /// Base name of exported files.
    name: &'static str,
    /// What the plot shows, for screen readers.
    label: &'static str,
    /// `data-testid` of the figure.
    testid: &'static str,
) -> impl IntoView
where
    P: ulab_plot::Plot + Clone + PartialEq + Send + Sync + 'static,
{
    let has_plot = memo(move |_| plot.with(|p| p.0.is_some()));
    view! {
        <Show when=cond(move || has_plot.get())>
            <PlotCanvas plot=Signal::derive(move || plot.get()) name=name label=label testid=testid />
        </Show>
    }
}

/// The Preference-driven measure view.
#[component]
pub fn PdView() -> impl IntoView {
    let ctx = use_app();
    let classifiers = memo(move |_| {
        ctx.state
            .with(|s| Classifiers::from_app(s.classifiers()).map_err(|e| e.to_string()))
    });
    let custom = memo(move |_| ctx.state.with(|s| s.kappa.clone()));
    let shown = memo(move |_| {
        classifiers.with(|c| {
            c.as_ref()
                .ok()
                .map(|c| custom.with(|k| shown(k.as_deref(), c)))
        })
    });
    let utility = memo(move |_| ctx.state.with(|s| Some(s.utility_matrix().clone())));
    let table = memo(move |_| {
        classifiers.with(|c| {
            let c = c.as_ref().map_err(Clone::clone)?;
            custom.with(|k| {
                utility.with(|u| table(c, k.as_deref(), u.as_ref()).map_err(|e| e.to_string()))
            })
        })
    });
    provide_context(PdContext {
        classifiers,
        shown,
        table,
    });
    let two = move || classifiers.with(|c| c.as_ref().is_ok_and(|c| c.n() == 2));
    view! {
        <section class="view view-pd" data-testid="view-pd" aria-labelledby="pd-title">
            <ViewIntro class="pd-intro" title_id="pd-title" title="Preference-driven measure" share=true>
                "Kozak, Probierz, Kania & Juszczuk (2022) weight each class's precision and recall by a preference vector κ: p-d = (1/c) Σ κ"
                <sub>"k"</sub>
                " precision"
                <sub>"k"</sub>
                " + (1 − κ"
                <sub>"k"</sub>
                ") recall"
                <sub>"k"</sub>
                ". Move κ and see how p-d ranks the classifiers — and, beside it, what the utility yield of Dyrland, Lundervold & Porta Mana (2022) says."
            </ViewIntro>
            {rx(move || {
                classifiers
                    .with(|c| c.as_ref().err().cloned())
                    .map(|e| view! { <p class="notice is-error" role="alert" data-testid="pd-error">{e}</p> })
            })}
            <div class="view-grid pd-grid">
                <kappa_panel::KappaPanel />
                <table_panel::TablePanel />
            </div>
            <Show when=two>
                <two_class::TwoClassPanel />
            </Show>
            <histograms::HistogramPanel />
            <against::AgainstPanel />
            <matrices::MatricesPanel />
        </section>
    }
}
