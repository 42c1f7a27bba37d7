//! What Utility Lab does and why, in two short paragraphs, at the top of the Compare view.

use leptos::prelude::*;

use ulab_core::text::prose;
use ulab_state::compare::{analyze, verdict::trivial_why};
use ulab_state::presets;

/// The first example's story in one paragraph, its numbers computed: who the metrics prefer,
/// what each classifier earns, and why deciding one class for every component earns more.
fn factory_summary() -> String {
    let s = presets::factory();
    let Ok(a) = analyze(&s) else {
        return String::new();
    };
    let t = &a.test;
    let (first, second) = (t.ranking[0], t.ranking[1]);
    let name = |k: usize| s.classifiers()[k].name.as_str();
    let eur = |v: f64| format!("{}\u{a0}€", prose(v.abs()));
    let earns = |v: f64| if v < 0.0 { "loses" } else { "earns" };
    let mut text = format!(
        "The first example is the factory of Dyrland, Lundervold & Porta Mana (2022): most metrics prefer classifier {}, yet {} {} {} per component and {} {} {}.",
        name(second),
        name(first),
        earns(t.rows[first].yield_value),
        eur(t.rows[first].yield_value),
        name(second),
        earns(t.rows[second].yield_value),
        eur(t.rows[second].yield_value),
    );
    let why = t
        .trivial_best
        .and_then(|d| Some((d, trivial_why(s.utility_matrix(), &t.shares, d)?)));
    if let Some((d, why)) = why {
        text.push_str(&format!(
            " Simpler still, deciding '{}' for every component earns {}, more than either",
            s.decisions()[d],
            eur(why.value)
        ));
        if let Some((i, j, x)) = why.avoided {
            text.push_str(&format!(
                ": it never makes the one very costly mistake, judging a {} component '{}' ({}\u{a0}€ each), which both classifiers make now and then",
                s.classes()[j],
                s.decisions()[i],
                prose(x)
            ));
        }
        text.push('.');
    }
    text
}

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
            <p class="intro-more" data-testid="intro-more">
                {factory_summary()}
                " Change any number and everything updates as you type; "
                <strong>"Copy link"</strong>
                " shares exactly what you see. Everything runs in your browser; your numbers never leave it."
            </p>
        </section>
    }
}
