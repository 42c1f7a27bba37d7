//! A plot that may be missing ([`ulab_plot::MaybePlot`]) on its canvas, which is on the page
//! only while there is a plot.

use crate::{Computed, cond, memo};
use leptos::prelude::*;

use crate::widgets::plot_canvas::PlotCanvas;
use ulab_plot::MaybePlot;

/// A [`MaybePlot`]'s canvas, on the page only while there is a plot.
#[component]
pub fn MaybeCanvas<P>(
    /// The plot, if any.
    plot: Computed<MaybePlot<P>>,
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
            <PlotCanvas plot=plot name=name label=label testid=testid />
        </Show>
    }
}
