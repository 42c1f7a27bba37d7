//! A card: a panel of a view, `<section class="card …">` named by its heading, with an
//! optional hint under the heading, optional actions beside it ([`CardActions`], e.g. a
//! [`CsvButton`]) and its content ([`Card`]); the same in a disclosure ([`FoldedCard`]); and
//! the small download buttons cards carry.
//!
//! ```ignore
//! view! {
//!     <Card class="pd-kappa" title_id="pd-kappa-title" title="Preference vector κ" testid="pd-kappa">
//!         <div class="pd-sliders">…</div>
//!     </Card>
//! }
//! ```
//! renders
//! ```html
//! <section class="card pd-kappa" aria-labelledby="pd-kappa-title" data-testid="pd-kappa">
//!   <h3 id="pd-kappa-title">Preference vector κ</h3>
//!   <div class="pd-sliders">…</div>
//! </section>
//! ```
//!
//! Two boxes drawn as cards are not panels and do not use [`Card`]: a classifier of Compare's
//! list is an `<article>` named by its editable name field (`compare/classifier_list.rs`), and
//! the CSV import is a disclosure opened by a button (`widgets/import_dialog.rs`).
//!
//! The content is typed ([`Content`]), neither boxed nor erased as an `AnyView`: a card costs
//! the wasm what its markup written out costs. What does not depend on the content (the heading, the
//! actions, the hint) is built by functions that are not generic, once for every card.

use leptos::children::ToChildren;
use leptos::either::Either;
use leptos::ev::MouseEvent;
use leptos::html::custom;
use leptos::prelude::*;

use crate::Computed;
use crate::rx;

/// The level of a card's heading: `h2` for the panels of the Compare and Decide views and the
/// editors they share (as they were written), `h3` (the default) for the panels of the other
/// views, under their view's `h2` title.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Level {
    /// `<h2>`.
    H2,
    /// `<h3>`.
    #[default]
    H3,
}

/// A card's content: what is written between `<Card>` and `</Card>`, built there (as the
/// markup written out would be) and kept typed, neither boxed nor erased.
pub struct Content<C>(C);

impl<F, C> ToChildren<F> for Content<C>
where
    F: FnOnce() -> C,
{
    fn to_children(f: F) -> Content<C> {
        Content(f())
    }
}

/// What stands beside a card's heading (a CSV button): heading and actions are then wrapped
/// in `<div class="card-head">`.
#[slot]
pub struct CardActions {
    children: Children,
}

/// A card of a view.
///
/// `<section class="card {class}" aria-labelledby={title_id} data-testid={testid}>`, then the
/// heading `<h3 id={title_id}>{title}</h3>` (or `h2`, [`Level`]), the hint
/// `<p class="hint">{hint}</p>` if any, and `children`. Options:
///
/// * `label`: the card's accessible name (`aria-label`) when its heading has no `title_id`
///   (one card per classifier);
/// * `large`: `class:is-large`, the input cards of a large problem rendered only near the
///   viewport (style/app.css `.card.is-large`);
/// * a [`CardActions`] slot: the actions beside the heading, in `<div class="card-head">`.
#[component]
pub fn Card<C>(
    /// The card's own class, after `card` (`"pd-kappa"` → `class="card pd-kappa"`).
    class: &'static str,
    /// The heading's text (a string, or a closure for one that changes).
    #[prop(into)]
    title: TextProp,
    /// The heading's `id`: the card is `aria-labelledby` it.
    #[prop(optional)]
    title_id: Option<&'static str>,
    /// The card's `aria-label`, for a card whose heading has no `id`.
    #[prop(optional, into)]
    label: Option<TextProp>,
    /// `data-testid` of the card.
    #[prop(into)]
    testid: String,
    /// The heading's level (`h3` unless said).
    #[prop(optional)]
    level: Level,
    /// A plain-text hint under the heading (`<p class="hint">`); a hint with markup is part of
    /// the children.
    #[prop(optional, into)]
    hint: Option<TextProp>,
    /// Whether the card is one of a large problem's input cards (`class:is-large`).
    #[prop(optional)]
    large: Option<Computed<bool>>,
    /// What stands beside the heading.
    #[prop(optional)]
    card_actions: Option<CardActions>,
    /// The card's content.
    children: Content<C>,
) -> impl IntoView
where
    C: IntoView + 'static,
{
    let top = top(level, title_id, title, card_actions, hint);
    view! {
        <section
            class=format!("card {class}")
            class:is-large=rx(move || large.is_some_and(|l| l.get()))
            aria-labelledby=title_id
            aria-label=label.map(|l| rx(text(l)))
            data-testid=testid
        >
            {top}
            {children.0}
        </section>
    }
}

/// A card whose heading is the summary of a disclosure, its hint and content inside it:
/// `<section class="card {class}" aria-labelledby={title_id} data-testid={testid}>`,
/// `<details open={!folded}><summary><h3 id={title_id}>{title}</h3></summary>`, the hint,
/// `children`.
#[component]
pub fn FoldedCard<C>(
    /// The card's own class, after `card`.
    class: &'static str,
    /// The heading's text.
    #[prop(into)]
    title: TextProp,
    /// The heading's `id`: the card is `aria-labelledby` it.
    title_id: &'static str,
    /// `data-testid` of the card.
    #[prop(into)]
    testid: String,
    /// A plain-text hint under the summary.
    #[prop(optional, into)]
    hint: Option<TextProp>,
    /// Whether the disclosure is closed (it is open while this is false).
    #[prop(into)]
    folded: Signal<bool>,
    /// The card's content.
    children: Content<C>,
) -> impl IntoView
where
    C: IntoView + 'static,
{
    let heading = heading(Level::H3, Some(title_id), title);
    let hint = hint.map(hint_line);
    view! {
        <section class=format!("card {class}") aria-labelledby=title_id data-testid=testid>
            <details open=rx(move || !folded.get())>
                <summary>{heading}</summary>
                {hint}
                {children.0}
            </details>
        </section>
    }
}

/// A text prop as what a view shows and follows.
fn text(t: TextProp) -> impl Fn() -> String + Send + Sync + 'static {
    move || t.get().to_string()
}

/// A card's heading: `<h2>` or `<h3>`, with its `id` if any.
fn heading(level: Level, id: Option<&'static str>, title: TextProp) -> impl IntoView + use<> {
    let tag = match level {
        Level::H2 => "h2",
        Level::H3 => "h3",
    };
    custom(tag).id(id).child(rx(text(title)))
}

/// The top of a card: its heading (beside its actions, if any), then its hint.
fn top(
    level: Level,
    id: Option<&'static str>,
    title: TextProp,
    actions: Option<CardActions>,
    hint: Option<TextProp>,
) -> impl IntoView + use<> {
    let heading = heading(level, id, title);
    let head = match actions {
        Some(actions) => Either::Left(view! {
            <div class="card-head">{heading}{(actions.children)()}</div>
        }),
        None => Either::Right(heading),
    };
    (head, hint.map(hint_line))
}

/// `<p class="hint">{hint}</p>`.
fn hint_line(hint: TextProp) -> impl IntoView {
    view! { <p class="hint">{rx(text(hint))}</p> }
}

/// What a click on a button does: any `move |ev: MouseEvent| …` closure, boxed as
/// `crate::handler` boxes it (one copy of the click's machinery for every button).
pub struct OnClick(Box<dyn FnMut(MouseEvent)>);

impl<F: FnMut(MouseEvent) + 'static> From<F> for OnClick {
    fn from(f: F) -> OnClick {
        OnClick(Box::new(f))
    }
}

/// A small button that saves a file: "CSV" (or `text`), its `data-testid`, and an
/// `aria-label` that says what it saves when the card's heading does not.
///
/// ```ignore
/// view! { <CsvButton on_click=move |_| export() testid="q-export-csv" /> }
/// ```
#[component]
pub fn CsvButton(
    /// Saves the file.
    #[prop(into)]
    on_click: OnClick,
    /// `data-testid` of the button.
    testid: &'static str,
    /// What it saves, for screen readers ("Download the yields table as CSV").
    #[prop(optional)]
    label: Option<&'static str>,
    /// The button's text ("CSV" unless said).
    #[prop(optional)]
    text: Option<&'static str>,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="btn btn-small"
            on:click=on_click.0
            data-testid=testid
            aria-label=label
        >
            {text.unwrap_or("CSV")}
        </button>
    }
}
