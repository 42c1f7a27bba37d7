//! The factory of seed 000 §0: two classifiers, the utilities of their decisions, and their
//! yields — computed by the core when the page loads.

use leptos::prelude::*;

use super::format::{number, percent};
use super::matrix_table::MatrixTable;
use crate::core::{ConfusionMatrix, CoreError, Orientation, UtilityMatrix};

/// Net gain in € of each decision (rows: output long / short) for each true class (columns).
const UTILITY: &str = "15,-335;-35,165";
/// The two classifiers' counts on 100 test components, rows = output, columns = true class.
const CLASSIFIERS: [(&str, &str); 2] = [("A", "27,15;23,35"), ("B", "43,18;7,32")];
/// Class 0 and class 1 of the story.
const CLASSES: [&str; 2] = ["long", "short"];

/// One classifier, evaluated.
struct Evaluated {
    name: &'static str,
    counts: Vec<Vec<f64>>,
    /// Accuracy, computed as the yield of the identity utility matrix (they are the same thing).
    accuracy: f64,
    /// Utility yield in € per component.
    utility_yield: f64,
}

/// Everything the example shows.
struct Factory {
    utility: Vec<Vec<f64>>,
    classifiers: Vec<Evaluated>,
}

fn evaluate() -> Result<Factory, CoreError> {
    let utility = UtilityMatrix::parse(UTILITY)?;
    let identity = UtilityMatrix::identity(CLASSES.len())?;
    let classifiers = CLASSIFIERS
        .iter()
        .map(|&(name, text)| {
            let cm = ConfusionMatrix::parse(text, Orientation::OutputRows)?;
            Ok(Evaluated {
                name,
                counts: cm.counts().to_rows(),
                accuracy: identity.yield_of(&cm)?,
                utility_yield: utility.yield_of(&cm)?,
            })
        })
        .collect::<Result<Vec<_>, CoreError>>()?;
    Ok(Factory {
        utility: utility.matrix().to_rows(),
        classifiers,
    })
}

/// The name of the classifier with the highest `key`, if one is strictly highest.
fn best_by(classifiers: &[Evaluated], key: impl Fn(&Evaluated) -> f64) -> Option<&'static str> {
    let mut best: Option<&Evaluated> = None;
    let mut tied = false;
    for c in classifiers {
        match best {
            Some(b) if key(c) == key(b) => tied = true,
            Some(b) if key(c) < key(b) => {}
            _ => {
                best = Some(c);
                tied = false;
            }
        }
    }
    if tied {
        None
    } else {
        best.map(|c| c.name)
    }
}

fn class_labels() -> Vec<String> {
    CLASSES.iter().map(|c| c.to_string()).collect()
}

/// The worked example, or the core's message if it cannot be computed.
#[component]
pub fn FactoryExample() -> impl IntoView {
    let body = match evaluate() {
        Ok(factory) => factory_view(factory).into_any(),
        Err(e) => view! {
            <p class="notice is-error" role="alert" data-testid="factory-error">
                "The example could not be computed: " {e.to_string()}
            </p>
        }
        .into_any(),
    };
    view! {
        <section class="card factory" aria-labelledby="factory-title" data-testid="factory">
            <h2 id="factory-title">"A worked example: the factory"</h2>
            <p>
                "A factory sorts electronic components into long- and short-durability ones. A short-durability component sent to a device that needs a long-lasting one costs dear in repairs and refunds. Two classifiers, A and B, were tested on the same 100 components:"
            </p>
            {body}
        </section>
    }
}

fn factory_view(factory: Factory) -> impl IntoView {
    let by_accuracy = best_by(&factory.classifiers, |c| c.accuracy);
    let by_yield = best_by(&factory.classifiers, |c| c.utility_yield);
    let verdict = match (by_accuracy, by_yield) {
        (Some(acc), Some(yld)) if acc != yld => format!(
            "Accuracy prefers {acc}, yet {yld} is the one that earns money: the utility yield ranks them the other way round."
        ),
        (_, Some(yld)) => format!("{yld} has the highest utility yield."),
        _ => "The classifiers have the same utility yield.".to_string(),
    };
    let matrices = factory
        .classifiers
        .iter()
        .map(|c| {
            view! {
                <MatrixTable
                    caption=format!("Classifier {} — counts", c.name)
                    row_labels=class_labels()
                    col_labels=class_labels()
                    rows=c.counts.clone()
                    decimals=0
                    testid=format!("cm-{}", c.name)
                />
            }
        })
        .collect_view();
    let results = factory
        .classifiers
        .iter()
        .map(|c| {
            let best = by_yield == Some(c.name);
            view! {
                <tr class:is-best=best>
                    <th scope="row">
                        {c.name}
                        {best
                            .then(|| {
                                view! {
                                    <span class="best-mark" title="Highest utility yield">
                                        " ★"
                                    </span>
                                    <span class="visually-hidden">" (highest utility yield)"</span>
                                }
                            })}
                    </th>
                    <td class="num" data-testid=format!("accuracy-{}", c.name)>
                        {percent(c.accuracy, 1)}
                    </td>
                    <td class="num">
                        <span
                            class="yield-value"
                            data-testid=format!("yield-{}", c.name)
                            data-value=c.utility_yield.to_string()
                        >
                            {number(c.utility_yield, 2)}
                        </span>
                    </td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="matrix-row">
            <MatrixTable
                caption="Utilities U — € per component"
                row_labels=class_labels()
                col_labels=class_labels()
                rows=factory.utility
                decimals=2
                testid="utility-matrix"
            />
            {matrices}
        </div>
        <table class="results" data-testid="factory-results">
            <caption>"Computed in your browser by the evaluation core"</caption>
            <thead>
                <tr>
                    <th scope="col">"Classifier"</th>
                    <th scope="col">"Accuracy"</th>
                    <th scope="col">"Utility yield, € per component"</th>
                </tr>
            </thead>
            <tbody>{results}</tbody>
        </table>
        <p class="verdict" data-testid="verdict">
            {verdict}
        </p>
    }
}
