//! The factory story of Dyrland et al. 2022, §0 as a guided walk for a class: the list of
//! steps (each one a link, `#view=story&step=N`), the current step, and Previous / Next
//! (buttons, or the ← and → keys). The step lives in the state (`state.step`), so the URL
//! always names the step shown. The content of each step is in [`steps`] and [`lessons`],
//! made of the pieces in [`blocks`]; its numbers are computed by the core
//! ([`ulab_state::story`]).

use crate::{cond, handler, memo, rx};
use leptos::html;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use crate::context::{page_address, use_app};
use crate::web::export::{copy_text, could_not_copy};
mod blocks;
mod lessons;
mod steps;

use steps::StepContent;
use ulab_state::story::STORY_STEPS;
use ulab_state::story::{STEPS, Story, step_fragment};

/// The `<iframe>` snippet that embeds step `step` (0-based) of the story.
fn embed_code(step: usize) -> String {
    let src = format!("{}#{}", page_address(), step_fragment(step, true));
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

/// The Story view.
///
/// Over ~120 lines: its length is one `view!` of the view's markup (head, list of steps, step,
/// pager) and the handlers it needs, which read best together.
#[component]
pub fn StoryView() -> impl IntoView {
    let ctx = use_app();
    let story = StoredValue::new(Story::new());
    let step = memo(move |_| ctx.state.with(|s| s.step.min(STORY_STEPS - 1)));
    let embed = memo(move |_| ctx.state.with(|s| s.embed));
    let heading = NodeRef::<html::H3>::new();

    let go = move |k: usize| {
        let k = k.min(STORY_STEPS - 1);
        if k != step.get_untracked() {
            let _ = ctx.edit(|s| s.step = k);
        }
    };
    // After Previous / Next at the bottom of a long step, bring the new step's heading into
    // view and give it the focus (screen readers then read the new title).
    let go_and_focus = move |k: usize| {
        go(k);
        if let Some(h) = heading.get_untracked() {
            let _ = h.focus();
        }
    };

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
        let now = step.get_untracked();
        match ev.key().as_str() {
            "ArrowRight" if now + 1 < STORY_STEPS => {
                ev.prevent_default();
                go(now + 1);
            }
            "ArrowLeft" if now > 0 => {
                ev.prevent_default();
                go(now - 1);
            }
            _ => {}
        }
    });
    on_cleanup(move || keys.remove());

    // What the browser refused to copy ("link" or "embed code", and the text), shown in a field
    // to copy by hand; "copied" is said once the browser has copied it.
    let by_hand = RwSignal::new(None::<(&'static str, String)>);
    let copy = move |text: String, copied: &'static str, what: &'static str| {
        by_hand.set(None);
        let done = copy_text(&text);
        spawn_local(async move {
            match done.await {
                Ok(()) => ctx.say(copied),
                Err(why) => {
                    by_hand.set(Some((what, text)));
                    let hint = format!("select the {what} below and copy it by hand");
                    ctx.say(could_not_copy(&why, &hint));
                }
            }
        });
    };
    let copy_link = move |_| {
        let step = step_fragment(step.get_untracked(), false);
        copy(
            format!("{}#{step}", page_address()),
            "Link to this step copied",
            "link",
        );
    };
    let copy_embed = move |_| {
        copy(
            embed_code(step.get_untracked()),
            "Embed code copied",
            "embed code",
        )
    };

    let step_list = STEPS
        .iter()
        .enumerate()
        .map(|(k, info)| {
            let current = move || step.get() == k;
            let done = move || step.get() > k;
            let href = move || format!("#{}", step_fragment(k, embed.get()));
            let click = move |ev: leptos::ev::MouseEvent| {
                if modified_click(&ev) {
                    return;
                }
                ev.prevent_default();
                go(k);
            };
            view! {
                <li class="story-steps-item" class:is-current=current class:is-done=done>
                    <a
                        href=href
                        on:click=handler(click)
                        aria-current=rx(move || current().then_some("step"))
                        data-testid=format!("story-step-link-{}", k + 1)
                        aria-label=format!("Step {}: {}", k + 1, info.short)
                    >
                        <span class="story-steps-num" aria-hidden="true">{k + 1}</span>
                        <span class="story-steps-label">
                            <span class="visually-hidden">{format!("Step {}: ", k + 1)}</span>
                            {info.short}
                        </span>
                    </a>
                </li>
            }
        })
        .collect_view();

    let prev_disabled = move || step.get() == 0;
    let next_disabled = move || step.get() + 1 >= STORY_STEPS;
    let prev_click = move |_| {
        let now = step.get_untracked();
        if now > 0 {
            go_and_focus(now - 1);
        }
    };
    let next_click = move |_| {
        let now = step.get_untracked();
        if now + 1 < STORY_STEPS {
            go_and_focus(now + 1);
        }
    };
    let next_label = move || STEPS.get(step.get() + 1).map(|s| s.short);

    view! {
        <section
            class="view view-story"
            class:is-embedded=rx(move || embed.get())
            data-testid="view-story"
            aria-label="The factory story"
        >
            <header class="story-head">
                <div class="story-head-text">
                    <p class="story-kicker">
                        "A guided walk through the prologue of Dyrland, Lundervold & Porta Mana (2022)"
                    </p>
                    <h2 class="story-title">"The factory story"</h2>
                </div>
                <Show when=cond(move || !embed.get())>
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
            {rx(move || {
                by_hand
                    .get()
                    .map(|(what, text)| {
                        view! {
                            <label class="story-by-hand">
                                <span>{format!("The {what}, to copy by hand:")}</span>
                                <input
                                    type="text"
                                    readonly
                                    prop:value=text
                                    on:focus:target=|ev| ev.target().select()
                                    data-testid="story-copy-field"
                                />
                            </label>
                        }
                    })
            })}
            <nav class="story-steps" aria-label="Steps of the story" data-testid="story-steps">
                <ol>{step_list}</ol>
            </nav>
            <article
                class="story-step"
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
            <nav class="story-pager" aria-label="Previous and next step">
                <button
                    type="button"
                    class="btn story-prev"
                    aria-disabled=rx(move || prev_disabled().then_some("true"))
                    on:click=handler(prev_click)
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
                    aria-disabled=rx(move || next_disabled().then_some("true"))
                    on:click=handler(next_click)
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
            <p class="story-keys">"Keys: ← previous step, → next step."</p>
            <p class="visually-hidden" aria-live="polite">
                {rx(move || format!("Step {} of {STORY_STEPS}: {}", step.get() + 1, STEPS[step.get()].title))}
            </p>
        </section>
    }
}
