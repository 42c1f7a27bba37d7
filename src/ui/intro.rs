//! One paragraph on what Utility Lab does and why.

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
                "Utility Lab evaluates classifiers the way decision theory says they should be: by the "
                <strong>"utility yield"</strong>
                " of their confusion matrices. You state what each right and wrong decision gains or costs in your problem — a utility matrix "
                <var>"U"</var>
                ", rows = decisions, columns = true classes — and a classifier's yield is its average utility per item, "
                <span class="formula">
                    "Σ" <sub>"ij"</sub> " " <var>"U"</var> <sub>"ij"</sub> " " <var>"C"</var>
                    <sub>"ij"</sub>
                </span>
                ", where " <var>"C"</var>
                " is its normalized confusion matrix. Popular metrics — accuracy, precision, F1, MCC, balanced accuracy, AUC — weigh the cells of the confusion matrix in a fixed way, or not even linearly, whatever your utilities are; so they can rank two classifiers in the opposite order to what those classifiers would actually gain you. Everything here runs in your browser; your numbers never leave it."
            </p>
        </section>
    }
}
