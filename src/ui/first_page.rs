//! The landing view: what the tool does, and the factory example computed live.

use leptos::prelude::*;

use super::factory_example::FactoryExample;
use super::intro::Intro;

/// The first thing a visitor sees.
#[component]
pub fn FirstPage() -> impl IntoView {
    view! {
        <div class="first-page" data-testid="first-page">
            <Intro />
            <FactoryExample />
        </div>
    }
}
