//! How sure the ranking is (issue 27): under the Dirichlet posterior of each classifier's
//! confusion counts, each one's yield per item with its 90 % interval, the probability that it
//! is the best, and how many test items would settle it — `ulab_state::sure`'s job, run in
//! slices after every edit ([`crate::web::use_sure`]), shown by
//! [`crate::widgets::sure_card`]. The card and its job are in the chunk `later`
//! (`ui::lazy`): the page shows the yields and the verdict first, then the editors.

use crate::memo;
use leptos::prelude::*;

use super::context::CompareContext;
use crate::context::use_app;
use crate::web::use_sure::use_sure;
use crate::widgets::sure_card::SureCard;
use ulab_state::sure::compare_job;

/// How the numbers are computed, under the card's "How is this computed?".
const HOW: &str = "The yields come from test sets of a finite size. Each classifier's confusion \
counts M are the evidence about its long-run confusion matrix: under a Dirichlet(M + 1) posterior \
(one pseudo-count per cell), its yield per item has a distribution; the interval holds its middle \
90 %, and P(best) is the share of draws in which the classifier yields the most among the \
classifiers (the utility matrix as entered, the deployment shares in force). The trivial \"decide \
the same for every item\" strategies are not in it: the verdict says when one of them beats the \
classifiers. Seeded: a link always shows the same numbers.";

/// The card, its job started again after every change of the problem, the deployment shares or
/// the assumed test-set size.
#[component]
pub fn SurePanel() -> impl IntoView {
    let ctx = use_app();
    let cc = expect_context::<CompareContext>();
    let input = memo(move |_| {
        ctx.state
            .with(|s| (s.problem.clone(), s.prevalence.clone(), s.mc.question.n))
    });
    use_sure(cc.sure, move || {
        // Read, not only tracked: a memo computes (and follows the state) only when read.
        input.with(|_| ());
        ctx.state.with_untracked(|s| {
            (s.all_classifiers().next().is_some() && s.unread_message().is_none())
                .then(|| compare_job(s).map_err(|e| e.to_string()))
        })
    });
    view! { <SureCard state=cc.sure prefix="compare" how=HOW /> }
}
