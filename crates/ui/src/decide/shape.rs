//! The shape of the choice: for two classes the lines `Ū_d(p₀)` with the flip points where the
//! optimal decision changes (and the rule in words); for three classes the probability
//! triangle coloured by optimal decision, with the current item.

use crate::{cond, memo, rx};
use leptos::prelude::*;

use super::context::DecideContext;
use crate::widgets::card::{Card, Level};
use crate::widgets::plot_canvas::PlotCanvas;
use ulab_core::text::{capitalize, prose};
use ulab_state::decide::view::Shape;

/// Which figure the shape has.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Two,
    Three,
    Many,
    Error,
}

/// The lines or the triangle.
#[component]
pub fn ShapePanel() -> impl IntoView {
    let dc = expect_context::<DecideContext>();
    let kind = memo(move |_| {
        dc.analysis.with(|a| match &a.shape {
            Ok(Shape::TwoClasses { .. }) => Kind::Two,
            Ok(Shape::ThreeClasses(_)) => Kind::Three,
            Ok(Shape::Many) => Kind::Many,
            Err(_) => Kind::Error,
        })
    });
    let lines = memo(move |_| dc.analysis.with(|a| a.threshold_plot().unwrap_or_default()));
    let triangle = memo(move |_| dc.analysis.with(|a| a.simplex_plot().unwrap_or_default()));
    let rule = move || {
        dc.analysis.with(|a| match &a.shape {
            Ok(Shape::TwoClasses { rule, .. }) => capitalize(rule),
            _ => String::new(),
        })
    };
    let flips = move || {
        dc.analysis.with(|a| match &a.shape {
            Ok(Shape::TwoClasses { envelope, .. }) => envelope
                .thresholds
                .iter()
                .map(|t| {
                    format!(
                        "{} below, {} from p({}) = {} = {}",
                        a.decisions[t.below],
                        a.decisions[t.above],
                        a.classes[0],
                        fraction(t.numerator, t.denominator),
                        prose(t.p0)
                    )
                })
                .collect::<Vec<_>>(),
            _ => Vec::new(),
        })
    };
    let error = move || {
        dc.analysis
            .with(|a| a.shape.as_ref().err().map(|e| capitalize(&e.to_string())))
    };
    let lines_signal = lines;
    let triangle_signal = triangle;
    view! {
        <Card
            class="decide-shape"
            title_id="decide-shape-title"
            title=move || match kind.get() {
                Kind::Two => "Where the choice flips",
                Kind::Three => "The probability triangle",
                _ => "Every probability at once",
            }
            testid="decide-shape"
            level=Level::H2
        >
            {rx(move || error().map(|e| view! { <p class="notice is-error" role="alert">{e}</p> }))}
            <Show when=cond(move || kind.get() == Kind::Two)>
                <p class="hint">
                    "Each decision's expected utility is a straight line in p₀, the probability of the first class; the best decision is the highest line, and it changes where two lines cross. The dot is the item above."
                </p>
                <p class="decide-rule" data-testid="decide-rule">{rule}</p>
                <ul class="decide-flips" data-testid="decide-flips">
                    {rx(move || flips().into_iter().map(|f| view! { <li>{f}</li> }).collect_view())}
                </ul>
                <PlotCanvas
                    plot=lines_signal
                    name="decide-lines"
                    label="Expected utility of each decision against the probability of the first class, crossing at the flip points"
                    testid="decide-lines"
                />
            </Show>
            <Show when=cond(move || kind.get() == Kind::Three)>
                <p class="hint">
                    "Each point of the triangle is a set of three probabilities (a corner: that class for sure), coloured by the decision with the highest expected utility there. The dot is the item above."
                </p>
                <PlotCanvas
                    plot=triangle_signal
                    name="decide-triangle"
                    label="The probability triangle coloured by optimal decision, with the current item"
                    testid="decide-simplex"
                />
            </Show>
            <Show when=cond(move || kind.get() == Kind::Many)>
                <p class="hint" data-testid="decide-many">
                    "With more than three classes the probabilities do not fit in a plane: the bars above show the expected utilities of this item."
                </p>
            </Show>
        </Card>
    }
}

/// `a/b` with the shortest numbers (`500/550`).
fn fraction(a: f64, b: f64) -> String {
    format!("{}/{}", prose(a), prose(b))
}
