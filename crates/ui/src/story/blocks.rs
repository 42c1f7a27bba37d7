//! The building blocks of the story's steps ([`super::steps`], [`super::lessons`]): links into
//! the app, labelled 2 × 2 matrices, questions for the class, pairs of yields, and a yield
//! written out as its sum (eq. 10 of Dyrland et al. 2022).

use leptos::prelude::*;

use crate::context::page_address;
use crate::widgets::matrix_table::AXES_LABEL;
use ulab_core::UtilityMatrix;
use ulab_core::text::{fixed, number as plain, signed};
use ulab_state::story::{Story, compare_fragment};

/// How links into the rest of the app are made.
#[derive(Clone, Copy)]
pub(super) struct Links {
    pub(super) embed: bool,
}

impl Links {
    /// The `href` of a link to `fragment`: in-page, or (embedded) the full app's address.
    pub(super) fn href(&self, fragment: &str) -> String {
        if self.embed {
            format!("{}#{fragment}", page_address())
        } else {
            format!("#{fragment}")
        }
    }

    /// The `target` of such a link: a new tab when embedded.
    pub(super) fn target(&self) -> Option<&'static str> {
        self.embed.then_some("_blank")
    }

    /// A link into the Compare view with one of the story's presets.
    pub(super) fn try_link(
        &self,
        id: &'static str,
        label: &'static str,
        primary: bool,
    ) -> impl IntoView + use<> {
        view! {
            <a
                class="btn story-try"
                class:btn-primary=primary
                href=self.href(compare_fragment(id))
                target=self.target()
                rel=self.embed.then_some("noopener")
                data-testid=format!("story-try-{id}")
            >
                {label}
            </a>
        }
    }
}

/// A share as a percentage with no decimals: `50 %`.
pub(super) fn pct(v: f64) -> String {
    format!("{}\u{202f}%", plain(100.0 * v, 0))
}

/// A 2 × 2 matrix with both axes labelled (rows = output, columns = true class).
struct Grid<'a> {
    caption: String,
    classes: &'a [String; 2],
    cells: Vec<String>,
    testid: String,
    /// Mark the diagonal (the right decisions).
    diagonal: bool,
    /// Cells to highlight (changed values).
    marked: Vec<(usize, usize)>,
    /// A short note under the caption (units).
    unit: Option<&'static str>,
}

fn grid(g: Grid<'_>) -> impl IntoView + use<> {
    let rows = (0..2)
        .map(|i| {
            let cells = (0..2)
                .map(|j| {
                    view! {
                        <td
                            class="num"
                            class:is-diagonal=g.diagonal && i == j
                            class:is-marked=g.marked.contains(&(i, j))
                        >
                            {g.cells[2 * i + j].clone()}
                        </td>
                    }
                })
                .collect_view();
            view! {
                <tr>
                    <th scope="row">{g.classes[i].clone()}</th>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="matrix story-matrix" data-testid=g.testid>
            <caption>
                {g.caption}
                {g.unit.map(|u| view! { <span class="story-unit">{u}</span> })}
            </caption>
            <thead>
                <tr>
                    <th scope="col" class="matrix-axes">{AXES_LABEL}</th>
                    <th scope="col">{g.classes[0].clone()}</th>
                    <th scope="col">{g.classes[1].clone()}</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// The normalized confusion matrix of classifier `k`.
pub(super) fn confusion_grid(s: &Story, k: usize) -> impl IntoView + use<> {
    let n = s.cms[k].normalized();
    grid(Grid {
        caption: format!("Classifier {}", s.names[k]),
        classes: &s.classes,
        cells: n.data().iter().map(|v| fixed(*v, 2)).collect(),
        testid: format!("story-cm-{}", s.names[k]),
        diagonal: true,
        marked: vec![],
        unit: None,
    })
}

/// A utility matrix with its unit after each value.
pub(super) fn utility_grid(
    classes: &[String; 2],
    u: &UtilityMatrix,
    caption: &str,
    suffix: &str,
    unit: Option<&'static str>,
    testid: &str,
    marked: Vec<(usize, usize)>,
) -> impl IntoView + use<> {
    grid(Grid {
        caption: caption.to_string(),
        classes,
        cells: u
            .matrix()
            .data()
            .iter()
            .map(|v| format!("{}{suffix}", plain(*v, 2)))
            .collect(),
        testid: testid.to_string(),
        diagonal: false,
        marked,
        unit,
    })
}

/// A question for the class.
pub(super) fn ask(text: impl IntoView) -> impl IntoView {
    view! {
        <aside class="story-ask">
            <p class="story-ask-label">"Ask the class"</p>
            <p class="story-ask-text">{text}</p>
        </aside>
    }
}

/// A question for the class, with a hint under it.
pub(super) fn ask_with_hint(text: impl IntoView, hint: impl IntoView) -> impl IntoView {
    view! {
        <aside class="story-ask">
            <p class="story-ask-label">"Ask the class"</p>
            <p class="story-ask-text">{text}</p>
            <p class="story-ask-hint">{hint}</p>
        </aside>
    }
}

/// Two big numbers side by side: each classifier's yield, the better one marked.
pub(super) fn yield_pair(
    s: &Story,
    values: [f64; 2],
    unit: &'static str,
    testid: &'static str,
    with_sign: bool,
) -> impl IntoView + use<> {
    let best = usize::from(values[1] > values[0]);
    let cards = (0..2)
        .map(|k| {
            let v = values[k];
            let text = if with_sign { signed(v, 2) } else { plain(v, 2) };
            view! {
                <div
                    class="story-yield"
                    class:is-best=k == best
                    class:is-loss=with_sign && v < 0.0
                >
                    <span class="story-yield-name">{format!("Classifier {}", s.names[k])}</span>
                    <span
                        class="story-yield-value"
                        data-testid=format!("{testid}-{}", s.names[k])
                        data-value=v.to_string()
                    >
                        {text}
                    </span>
                    <span class="story-yield-unit">{unit}</span>
                    {(k == best).then(|| view! { <span class="story-yield-best">"the better one"</span> })}
                </div>
            }
        })
        .collect_view();
    view! { <div class="story-yields">{cards}</div> }
}

/// One classifier's yield written out: `U·C + … = products = yield`, the element-wise product
/// of the utility and confusion matrices, summed (eq. 10).
pub(super) fn sum_line(
    s: &Story,
    u: &UtilityMatrix,
    k: usize,
    unit: &'static str,
) -> impl IntoView + use<> {
    let br = s.breakdown(u, k);
    // Operators carry their own spaces (stripped at line ends), so the text reads as written.
    let op = |text: &'static str| view! { <span class="story-op">{text}</span> };
    let factors = br
        .terms
        .iter()
        .enumerate()
        .map(|(n, (uij, cij, _))| {
            let u_text = if *uij < 0.0 {
                format!("({})", plain(*uij, 2))
            } else {
                plain(*uij, 2)
            };
            view! {
                {(n > 0).then(|| op(" + "))}
                <span class="story-term">{u_text} " × " {fixed(*cij, 2)}</span>
            }
        })
        .collect_view();
    let products = br
        .terms
        .iter()
        .enumerate()
        .map(|(n, (_, _, p))| {
            let (sign, text) = if n == 0 {
                (None, plain(*p, 2))
            } else if *p < 0.0 {
                (Some(op(" − ")), plain(-p, 2))
            } else {
                (Some(op(" + ")), plain(*p, 2))
            };
            view! {
                {sign}
                <span class="story-term">{text}</span>
            }
        })
        .collect_view();
    view! {
        <div class="story-sum" data-testid=format!("story-sum-{}", s.names[k])>
            <p class="story-sum-name">{format!("Classifier {}", s.names[k])}</p>
            <div class="story-sum-rows">
                <span class="story-eq"></span>
                <span class="story-expr">{factors}</span>
                <span class="story-eq">"= "</span>
                <span class="story-expr">{products}</span>
                <span class="story-eq story-sum-total">"= "</span>
                <span class="story-expr story-sum-total">
                    <strong class:is-loss=br.yield_value < 0.0>{signed(br.yield_value, 2)}</strong>
                    " " {unit}
                </span>
            </div>
        </div>
    }
}
