//! The Metric reliability view: the Monte Carlo of seed 000 §4.2 (SPEC §4.3).

use leptos::prelude::*;

/// The Metric reliability view.
#[component]
pub fn ReliabilityView() -> impl IntoView {
    view! { <section class="view view-reliability" data-testid="view-reliability"><h2>"Metric reliability"</h2></section> }
}
