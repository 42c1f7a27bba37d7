//! How sure the ranking of the remapped classifiers is (issue 27): each label-only classifier,
//! remapped to its optimal decisions, drawn from the Dirichlet posterior of its own counts at
//! the base rates in force (`ulab_state::decide::sure`), the same card as Compare's.

use leptos::prelude::*;

use super::context::DecideContext;
use crate::Var;
use crate::context::use_app;
use crate::web::use_sure::{SureState, use_sure};
use crate::widgets::sure_card::SureCard;
use ulab_state::decide::sure::remapped_job;

/// How the numbers are computed, under the card's "How is this computed?".
const HOW: &str = "Each remapped classifier's output counts M are the evidence about its \
long-run behaviour: under a Dirichlet(M + 1) posterior (one pseudo-count per cell), the yield of \
its remapped decisions (the decision each output label gets above, worth U(decision, class)) has \
a distribution; the interval holds its middle 90 %, and P(best) is the share of draws in which \
the classifier yields the most among the remapped classifiers, at the base rates in force. \
Classifiers given as fractions without a test-set size N have no posterior and are left out. \
Seeded: a link always shows the same numbers.";

/// The card, its job started again when the problem, the classifiers or the base rates change
/// (not when a slider of the one item moves).
#[component]
pub fn RemapSure() -> impl IntoView {
    let ctx = use_app();
    let dc = expect_context::<DecideContext>();
    let sure = Var::new(SureState::None);
    let input = ctx.utility_and_shares();
    use_sure(sure, move || {
        let (u, prev) = input.get();
        dc.remaps.with(|view| {
            remapped_job(view, &u, prev.as_deref())
                .map_err(|e| e.to_string())
                .transpose()
        })
    });
    view! { <SureCard state=sure prefix="decide" what="Remapped classifier" how=HOW /> }
}
