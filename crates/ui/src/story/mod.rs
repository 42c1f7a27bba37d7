//! The factory story of Dyrland et al. 2022, §0 as a guided walk for a class: the list of
//! steps (each one a link, `#view=story&step=N`), the current step, and Previous / Next
//! (buttons, or the ← and → keys). Printed, it is one handout: the eight steps in order
//! ([`handout`]; the link and its QR code are the page's, `chrome::print_link`). The step lives in the state (`state.step`), so the URL
//! always names the step shown. The content of each step is in [`steps`] and [`lessons`],
//! made of the pieces in [`blocks`]; its numbers are computed by the core
//! ([`ulab_state::story`]).

use crate::{Computed, Var, cond, handler, memo, rx, select_all};
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::context::{AppContext, page_address, use_app};
use crate::web::export::{copy_then, could_not_copy};
mod blocks;
mod lessons;
mod steps;

use steps::StepContent;
use ulab_state::story::STORY_STEPS;
use ulab_state::story::{STEPS, Story, step_fragment};
use ulab_state::theme::FixedTheme;

/// The `<iframe>` snippet that embeds step `step` (0-based) of the story, with the colours
/// the page's link fixes, if it does.
fn embed_code(step: usize, theme: Option<FixedTheme>) -> String {
    let colours = theme
        .map(|t| format!("&theme={}", t.key()))
        .unwrap_or_default();
    let src = format!("{}#{}{colours}", page_address(), step_fragment(step, true));
    let title = format!("the factory story, step {}", step + 1);
    ulab_state::embed::iframe_code(&src, &title, 760)
}

/// Whether a key press belongs to a control that uses the arrow keys itself. (The keys are
/// heard on the window, whose events may come from any element: hence the cast.)
fn typing_target(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| {
            el.closest(
                "input, textarea, select, [contenteditable]:not([contenteditable=\"false\"])",
            )
            .ok()
            .flatten()
        })
        .is_some()
}

/// Whether a click should be left to the browser (new tab, new window, download).
fn modified_click(ev: &leptos::ev::MouseEvent) -> bool {
    ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.alt_key() || ev.button() != 0
}

/// Where the walk is, shared by the view's parts: the step shown, whether the view is embedded,
/// and the way to another step.
#[derive(Clone, Copy)]
struct Walk {
    ctx: AppContext,
    /// The step shown (0-based).
    step: Computed<usize>,
    /// Whether the view is embedded in another page.
    embed: Computed<bool>,
}

impl Walk {
    /// Shows step `k` (the last if past it).
    fn go(&self, k: usize) {
        let k = k.min(STORY_STEPS - 1);
        if k != self.step.get_untracked() {
            let _ = self.ctx.edit(|s| s.step = k);
        }
    }

    /// The step after (`forward`) or before the one shown, if there is one.
    fn next(&self, forward: bool) -> Option<usize> {
        let now = self.step.get_untracked();
        if forward {
            (now + 1 < STORY_STEPS).then_some(now + 1)
        } else {
            now.checked_sub(1)
        }
    }
}

/// The Story view.
#[component]
pub fn StoryView() -> impl IntoView {
    let ctx = use_app();
    let walk = Walk {
        ctx,
        step: memo(move |_| ctx.state.with(|s| s.step.min(STORY_STEPS - 1))),
        embed: memo(move |_| ctx.state.with(|s| s.embed)),
    };
    let (step, embed) = (walk.step, walk.embed);
    let story = StoredValue::new(Story::new());
    let heading = NodeRef::<html::H3>::new();
    let printing = ctx.scheme.printing;
    arrow_keys(walk);
    view! {
        <section
            class="view view-story"
            class:is-embedded=rx(move || embed.get())
            data-testid="view-story"
            aria-label="The factory story"
        >
            <StoryHead walk=walk />
            <nav class="story-steps" aria-label="Steps of the story" data-testid="story-steps">
                <ol>{step_list(walk)}</ol>
            </nav>
            <Show when=cond(move || printing.get())>{move || story.with_value(|s| handout(s, embed.get_untracked()))}</Show>
            <article
                class="story-step"
                class:is-printing=rx(move || printing.get())
                data-testid="story-step"
                data-step=rx(move || step.get() + 1)
                aria-labelledby="story-step-title"
            >
                <p class="story-count" data-testid="story-count">
                    {rx(move || format!("Step {} of {STORY_STEPS}", step.get() + 1))}
                </p>
                <h3 id="story-step-title" class="story-step-title" tabindex="-1" node_ref=heading>
                    {rx(move || STEPS[step.get()].title)}
                </h3>
                {rx(move || {
                    let k = step.get();
                    let e = embed.get();
                    story.with_value(|s| view! { <StepContent step=k story=s.clone() embed=e /> })
                })}
            </article>
            <Pager walk=walk heading=heading />
            <p class="story-keys">"Keys: ← previous step, → next step."</p>
            <p class="visually-hidden" aria-live="polite">
                {rx(move || format!("Step {} of {STORY_STEPS}: {}", step.get() + 1, STEPS[step.get()].title))}
            </p>
        </section>
    }
}

/// The handout: every step in order, each under its heading (drawn only while the page is
/// printed, in place of the step shown: style/print.css).
fn handout(story: &Story, embed: bool) -> impl IntoView + use<> {
    let steps = STEPS
        .iter()
        .enumerate()
        .map(|(k, info)| {
            view! {
                <article class="story-step story-handout-step" data-testid="story-handout-step" data-step=k + 1>
                    <p class="story-count">{format!("Step {} of {STORY_STEPS}", k + 1)}</p>
                    <h3 class="story-step-title">{info.title}</h3>
                    <StepContent step=k story=story.clone() embed=embed />
                </article>
            }
        })
        .collect_view();
    view! { <div class="story-handout" data-testid="story-handout">{steps}</div> }
}

/// ← and → anywhere on the page (but in a field) go to the previous and next step, while the
/// view is shown.
fn arrow_keys(walk: Walk) {
    let keys = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
        if ev.default_prevented()
            || ev.alt_key()
            || ev.ctrl_key()
            || ev.meta_key()
            || ev.shift_key()
            || typing_target(&ev)
        {
            return;
        }
        let next = match ev.key().as_str() {
            "ArrowRight" => walk.next(true),
            "ArrowLeft" => walk.next(false),
            _ => None,
        };
        if let Some(k) = next {
            ev.prevent_default();
            walk.go(k);
        }
    });
    on_cleanup(move || keys.remove());
}

/// The head: the title, and (unless embedded) "Copy link to this step" and "Copy embed code";
/// what the browser refused to copy is shown in a field to copy by hand.
#[component]
fn StoryHead(walk: Walk) -> impl IntoView {
    let ctx = walk.ctx;
    // What the browser refused to copy ("link" or "embed code", and the text), shown in a field
    // to copy by hand; "copied" is said once the browser has copied it.
    let by_hand = Var::new(None::<(&'static str, String)>);
    let copy = move |text: String, copied: &'static str, what: &'static str| {
        by_hand.set(None);
        copy_then(&text.clone(), move |r| match r {
            Ok(()) => ctx.say(copied),
            Err(why) => {
                by_hand.set(Some((what, text)));
                let hint = format!("select the {what} below and copy it by hand");
                ctx.say(could_not_copy(&why, &hint));
            }
        });
    };
    let copy_link = move |_| {
        let step = step_fragment(walk.step.get_untracked(), false);
        copy(
            format!("{}#{step}", page_address()),
            "Link to this step copied",
            "link",
        );
    };
    let copy_embed = move |_| {
        copy(
            embed_code(
                walk.step.get_untracked(),
                ctx.state.with_untracked(|s| s.theme),
            ),
            "Embed code copied",
            "embed code",
        )
    };
    view! {
        <header class="story-head">
            <div class="story-head-text">
                <p class="story-kicker">
                    "A guided walk through the prologue of Dyrland, Lundervold & Porta Mana (2022)"
                </p>
                <h2 class="story-title">"The factory story"</h2>
            </div>
            <Show when=cond(move || !walk.embed.get())>
                <div class="story-share">
                    <button type="button" class="btn" on:click=handler(copy_link) data-testid="story-copy-link">
                        "Copy link to this step"
                    </button>
                    <button type="button" class="btn" on:click=handler(copy_embed) data-testid="story-copy-embed">
                        "Copy embed code"
                    </button>
                </div>
            </Show>
        </header>
        {rx(move || by_hand.get().map(|(what, text)| copy_by_hand(what, text)))}
    }
}

/// A read-only field with the text the browser refused to copy.
fn copy_by_hand(what: &'static str, text: String) -> impl IntoView {
    view! {
        <label class="story-by-hand">
            <span>{format!("The {what}, to copy by hand:")}</span>
            <input
                type="text"
                readonly
                prop:value=text
                on:focus=select_all
                data-testid="story-copy-field"
            />
        </label>
    }
}

/// The list of steps, each a link to its step (the current one marked, those before it done).
/// A link's name is its text, "Step 1: The factory", said by a span hidden from the eye; what
/// the eye sees, the number in its circle and the step's words (the words not on a phone nor
/// embedded), is part of it (WCAG 2.5.3) and hidden from screen readers, which would say it
/// twice. An `aria-label` would not contain the visible text.
fn step_list(walk: Walk) -> impl IntoView {
    let step = walk.step;
    STEPS
        .iter()
        .enumerate()
        .map(|(k, info)| {
            let current = move || step.get() == k;
            let done = move || step.get() > k;
            let href = move || format!("#{}", step_fragment(k, walk.embed.get()));
            let click = move |ev: leptos::ev::MouseEvent| {
                if modified_click(&ev) {
                    return;
                }
                ev.prevent_default();
                walk.go(k);
            };
            view! {
                <li class="story-steps-item" class:is-current=current class:is-done=done>
                    <a
                        href=href
                        on:click=handler(click)
                        aria-current=rx(move || current().then_some("step"))
                        data-testid=format!("story-step-link-{}", k + 1)
                    >
                        <span class="story-steps-num" aria-hidden="true">{k + 1}</span>
                        <span class="visually-hidden">{format!("Step {}: {}", k + 1, info.short)}</span>
                        <span class="story-steps-label" aria-hidden="true">{info.short}</span>
                    </a>
                </li>
            }
        })
        .collect_view()
}

/// Previous and Next under the step: after either, the new step's heading comes into view and
/// takes the focus (screen readers then read the new title).
#[component]
fn Pager(walk: Walk, heading: NodeRef<html::H3>) -> impl IntoView {
    let step = walk.step;
    let go_and_focus = move |forward: bool| {
        if let Some(k) = walk.next(forward) {
            walk.go(k);
            if let Some(h) = heading.get_untracked() {
                let _ = h.focus();
            }
        }
    };
    let next_label = move || STEPS.get(step.get() + 1).map(|s| s.short);
    view! {
        <nav class="story-pager" aria-label="Previous and next step">
            <button
                type="button"
                class="btn story-prev"
                aria-disabled=rx(move || (step.get() == 0).then_some("true"))
                on:click=handler(move |_| go_and_focus(false))
                data-testid="story-prev"
            >
                <span aria-hidden="true">"←"</span>
                <span>"Previous"</span>
            </button>
            <span class="story-pager-count" aria-hidden="true">
                {rx(move || format!("{} / {STORY_STEPS}", step.get() + 1))}
            </span>
            <button
                type="button"
                class="btn btn-primary story-next"
                aria-disabled=rx(move || (step.get() + 1 >= STORY_STEPS).then_some("true"))
                on:click=handler(move |_| go_and_focus(true))
                data-testid="story-next"
            >
                <span>
                    "Next"
                    {rx(move || {
                        next_label()
                            .map(|what| view! { <span class="story-next-what">{format!(": {what}")}</span> })
                    })}
                </span>
                <span aria-hidden="true">"→"</span>
            </button>
        </nav>
    }
}
