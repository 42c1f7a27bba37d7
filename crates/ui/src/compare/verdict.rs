//! The verdict in plain words: which classifier yields most, whether most metrics say
//! otherwise, and whether deciding one class for every item would beat every classifier.

use crate::{cond, memo, rx};
use leptos::prelude::*;

use super::context::CompareContext;
use crate::context::use_app;
use ulab_state::compare::{Verdict as Words, verdict_of};

/// The verdict above the results; a warning when the majority of metrics picks another
/// classifier than the utility yield.
#[component]
pub fn Verdict() -> impl IntoView {
    let ctx = use_app();
    let cc = expect_context::<CompareContext>();
    let words = memo(move |_| {
        let s = ctx.state.get();
        cc.analysis.with(|a| match a {
            Ok(a) => verdict_of(&s, a),
            Err(_) => Words::default(),
        })
    });
    let alarm = move || words.with(|w| w.majority_disagrees || w.trivial_wins);
    view! {
        <section
            class="verdict"
            class:is-alarm=alarm
            data-testid="verdict"
            data-majority-disagrees=rx(move || words.with(|w| w.majority_disagrees.to_string()))
            data-trivial-wins=rx(move || words.with(|w| w.trivial_wins.to_string()))
            aria-live="polite"
            aria-label="Verdict"
        >
            <p class="verdict-headline" data-testid="verdict-headline">
                <Show when=alarm>
                    <span class="verdict-icon" aria-hidden="true">"⚠"</span>
                </Show>
                {rx(move || words.with(|w| w.headline.clone()))}
            </p>
            <Show when=cond(move || words.with(|w| !w.details.is_empty()))>
                <p class="verdict-details" data-testid="verdict-details">
                    {rx(move || words.with(|w| w.details.join(" ")))}
                </p>
            </Show>
        </section>
    }
}
