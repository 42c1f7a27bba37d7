//! What Utility Lab does and why, in two short paragraphs, at the top of the Compare view.

use leptos::prelude::*;

/// The explanation at the top of the first page.
#[component]
pub fn Intro() -> impl IntoView {
    view! {
        <section class="intro" aria-labelledby="intro-title">
            <h2 id="intro-title" class="intro-title">
                "Pick the classifier that does the most good, not the one with the best score"
            </h2>
            <p class="lead" data-testid="intro">
                "A classifier's " <strong>"utility yield"</strong>
                " is what its decisions are worth on average: "
                <span class="formula">
                    "Σ" <sub>"ij"</sub> " " <var>"U"</var> <sub>"ij"</sub> " " <var>"C"</var>
                    <sub>"ij"</sub>
                </span> ", where " <var>"U"</var>
                " says what each decision (row) gains or costs when each class (column) is true, and "
                <var>"C"</var>
                " is the classifier's normalized confusion matrix. Decision theory says to pick the classifier with the highest yield; accuracy, precision, F1, MCC and their kin can rank classifiers the other way round."
            </p>
            <p class="intro-more">
                "The first example is the factory of Dyrland, Lundervold & Porta Mana (2022): most metrics prefer classifier B, yet A earns 3.5 € per component and B loses 3.5 €. Change any number and everything updates as you type; "
                <strong>"Copy link"</strong>
                " shares exactly what you see. Everything runs in your browser; your numbers never leave it."
            </p>
        </section>
    }
}
