//! The guided utility assessment (beyond the papers): a few plain questions — "a missed
//! defect costs how many times what a false alarm costs?" — whose answers (numbers or ranges)
//! build the utility matrix; from the ranges, a cloud of matrices for the uncertain utilities
//! and a `σ` for the Metric reliability view's own question. The questions, their reading and
//! the matrix they imply are [`ulab_state::space::assess`]'s; the answers are in the link
//! (`uask`).

use crate::{Var, handler, memo, on_value, rx};
use leptos::prelude::*;

use super::context::SpaceContext;
use crate::context::{AppContext, use_app};
use crate::reactive::effect;
use crate::widgets::card::FoldedCard;
use ulab_state::space::SpaceError;
use ulab_state::space::assess::{
    self, Answers, Preview, Question, answered_matrix, implied_answers, parse_answer, prefill,
    read_answers,
};
use ulab_state::space::link::CloudSource;

/// The dialogue: the questions, what the answers make, and the three ways to use them.
#[component]
pub fn AssessPanel() -> impl IntoView {
    let ctx = use_app();
    let sc = expect_context::<SpaceContext>();
    // The questions for the current number of classes, with the prompts.
    let asked = memo(move |_| ctx.state.with(|s| assess::asked(s.n(), s.classes())));
    let texts = Var::new(Vec::<String>::new());
    // Prefill: the answers in the link, else those the current matrix implies.
    effect(move |_| {
        let Ok((n, qs, _)) = asked.get() else {
            return;
        };
        let given = ctx.state.with_untracked(|s| {
            s.space
                .answers
                .clone()
                .filter(|a| a.n == n)
                .or_else(|| implied_answers(s.utility_matrix()).ok())
        });
        texts.set(prefill(&qs, given.as_ref()));
    });
    let answers = memo(move |_| {
        let (n, qs, _) = asked.get()?;
        texts.with(|t| read_answers(&qs, t, n))
    });
    let preview =
        memo(move |_| answers.with(|a| assess::preview(a.as_ref().map_err(Clone::clone)?)));
    let use_matrix = move |with_cloud: bool| {
        if let Ok(a) = answers.get_untracked() {
            apply_answers(ctx, sc, a, with_cloud);
        }
    };
    let use_sigma = move |_| {
        if let Ok(Preview {
            sigma: Some(sigma), ..
        }) = preview.get_untracked()
            && ctx.edit(|s| s.mc.question.sigma = sigma).is_ok()
        {
            ctx.say(format!(
                "The Metric reliability view's own question now uses σ = {}.",
                ulab_core::text::number(sigma, 3)
            ));
        }
    };
    let rows = move || {
        asked.get().ok().map(|(_, qs, prompts)| {
            qs.into_iter()
                .zip(prompts)
                .enumerate()
                .map(|(i, (q, prompt))| question_row(texts, i, q, prompt))
                .collect_view()
        })
    };
    view! {
        <FoldedCard
            class="space-assess"
            title_id="space-assess-title"
            title="Help me write my utility matrix"
            testid="space-assess"
            folded=true
            hint="Dyrland, Lundervold & Porta Mana (2022) end by asking you to assess, at least roughly, how many times more valuable a right decision is than a wrong one, and one class than another. Answer with a number or a range (2 to 5); leave a question empty for its default. The unit is one false alarm: what it loses compared with deciding right."
        >
            {rx(move || asked.get().err().map(|e| view! { <p class="notice is-warning">{e}</p> }))}
            <ol class="space-questions">{rows}</ol>
            {rx(move || preview.get().map(preview_line).unwrap_or_else(|e| view! { <p class="field-error" role="alert">{e}</p> }.into_any()))}
            <div class="space-actions">
                <button type="button" class="btn" on:click=handler(move |_| use_matrix(false)) data-testid="space-ask-apply">
                    "Use this matrix"
                </button>
                <button type="button" class="btn" on:click=handler(move |_| use_matrix(true)) data-testid="space-ask-cloud">
                    "Use it, and the ranges as a cloud"
                </button>
                <button type="button" class="btn" on:click=handler(use_sigma) data-testid="space-ask-sigma">
                    "Use σ in Metric reliability"
                </button>
            </div>
        </FoldedCard>
    }
}

/// Makes the answers' matrix the app's (its extra decisions dropped), the answers the link's,
/// and, `with_cloud`, their ranges the cloud of uncertain utilities.
fn apply_answers(ctx: AppContext, sc: SpaceContext, a: Answers, with_cloud: bool) {
    match answered_matrix(&a, with_cloud) {
        Ok((u, cloud)) => {
            let applied = sc.apply(ctx, |s| {
                s.change_problem(|p| {
                    p.utility = u.matrix().clone();
                    p.decisions.truncate(p.classes.len());
                })
                .map_err(|e| e.to_string())?;
                s.space.answers = Some(a.clone());
                if let Some(c) = cloud {
                    s.space.cloud = CloudSource::Typed(c);
                }
                Ok(())
            });
            match applied {
                Ok(()) => ctx.say("The utility matrix now follows your answers."),
                Err(e) => ctx.say(format!("Not applied: {e}")),
            }
        }
        Err(e) => ctx.say(e.to_string()),
    }
}

/// Question `i`: its prompt, its field (`texts[i]`), and why what is typed does not read.
fn question_row(texts: Var<Vec<String>>, i: usize, q: Question, prompt: String) -> impl IntoView {
    let id = format!("space-ask-{}", q.id());
    let on_input = move |v: String| {
        texts.update(|t| {
            if let Some(slot) = t.get_mut(i) {
                *slot = v;
            }
        });
    };
    let error = move || {
        texts.with(|t| {
            t.get(i)
                .and_then(|text| parse_answer(q, text).err())
                .map(|e| match e {
                    // Under its own field: the message alone, not which answer it is.
                    SpaceError::Answer { message, .. } => message,
                    e => e.to_string(),
                })
        })
    };
    view! {
        <li class="space-question">
            <label for=id.clone()>{prompt}</label>
            <input
                id=id.clone()
                type="text"
                inputmode="decimal"
                autocomplete="off"
                placeholder=q.placeholder()
                prop:value=rx(move || texts.with(|t| t.get(i).cloned().unwrap_or_default()))
                on:input=on_value(on_input)
                aria-invalid=rx(move || if error().is_some() { "true" } else { "false" })
                data-testid=id
            />
            <p class="field-error" role="alert">{rx(move || error().unwrap_or_default())}</p>
        </li>
    }
}

/// What the answers make: the matrix, its point, and the σ of the ranges.
fn preview_line(p: Preview) -> AnyView {
    let Preview {
        matrix,
        point,
        sigma,
    } = p;
    view! {
        <p class="space-preview" data-testid="space-ask-preview">
            "Your answers make the utility matrix " <code data-testid="space-ask-matrix">{matrix}</code>
            {point.map(|xy| format!(", the point {xy}"))}
            {sigma.filter(|s| *s > 0.0).map(|s| format!("; your ranges amount to σ ≈ {}", ulab_core::text::number(s, 3)))}
            "."
        </p>
    }
    .into_any()
}
