//! How sure the ranking of the optimal operating points is (issue 27): each scored curve's
//! yield-maximizing point taken as its test set's confusion counts, drawn from their Dirichlet
//! posterior at the class shares in force (`ulab_state::roc::sure`), the same card as
//! Compare's. Binormal curves are models, not counts: they are left out.

use leptos::prelude::*;

use super::context::RocContext;
use crate::Var;
use crate::context::use_app;
use crate::web::use_sure::{SureState, use_sure};
use crate::widgets::sure_card::SureCard;
use ulab_state::roc::sure::optimum_job;

/// How the numbers are computed, under the card's "How is this computed?".
const HOW: &str = "At its optimal threshold, each scored model is a classifier with the \
confusion counts M of the file's rows. Those counts are the evidence about its long-run \
behaviour: under a Dirichlet(M + 1) posterior (one pseudo-count per cell), its yield per item at \
that threshold has a distribution; the interval holds its middle 90 %, and P(best) is the share \
of draws in which the model yields the most among the scored models (the deployment shares in \
force, when set). The thresholds themselves were chosen on the same rows, so the yields are a \
little optimistic. Binormal curves are models, not counts: they are left out. Seeded: a link \
always shows the same numbers.";

/// The card, its job started again when the curves, the utilities or the shares change.
#[component]
pub fn OptimumSure() -> impl IntoView {
    let ctx = use_app();
    let rc = expect_context::<RocContext>();
    let sure = Var::new(SureState::None);
    let input = ctx.utility_and_shares();
    use_sure(sure, move || {
        let (u, prev) = input.get();
        let curves = rc.curves.get();
        rc.report.with(|r| {
            let r = r.as_ref().ok()?;
            optimum_job(&curves, r, &u, prev.as_deref())
                .map_err(|e| e.to_string())
                .transpose()
        })
    });
    view! { <SureCard state=sure prefix="roc" what="Model at its optimal threshold" how=HOW /> }
}
