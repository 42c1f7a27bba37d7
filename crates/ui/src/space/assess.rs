//! The guided utility assessment (beyond the papers): a few plain questions — "a missed
//! defect costs how many times what a false alarm costs?" — whose answers (numbers or ranges)
//! build the utility matrix; from the ranges, a cloud of matrices for the uncertain utilities
//! and a `σ` for the Metric reliability view's own question. The questions, their reading and
//! the matrix they imply are [`ulab_state::space::assess`]'s; the answers are in the link
//! (`uask`).

use crate::widgets::input_kit::try_edit;
use crate::{handler, memo, rx};
use leptos::ev::{Event, Targeted};
use leptos::prelude::*;
use web_sys::HtmlInputElement;

use crate::context::use_app;
use ulab_core::text::shortest;
use ulab_state::space::assess::{
    Answer, Answers, Question, cloud_from, implied_answers, matrix_from, parse_answer, questions,
    sigma_from,
};
use ulab_state::space::link::CloudSource;
use ulab_state::space::point::point_info;

/// An answer as the user would type it: `3`, `2 to 5`.
fn answer_text(a: &Answer) -> String {
    if a.hi > a.lo {
        format!("{} to {}", shortest(a.lo), shortest(a.hi))
    } else {
        shortest(a.lo)
    }
}

/// The answers typed so far, or the first error.
fn read(qs: &[Question], texts: &[String], n: usize) -> Result<Answers, String> {
    let mut given = Vec::new();
    for (q, t) in qs.iter().zip(texts) {
        if let Some(a) = parse_answer(*q, t).map_err(|e| e.to_string())? {
            given.push((*q, a));
        }
    }
    Ok(Answers { n, given })
}

/// The dialogue.
///
/// Over ~120 lines: one `view!` of the dialogue's markup and the three actions it offers.
#[component]
pub fn AssessPanel() -> impl IntoView {
    let ctx = use_app();
    // The questions for the current number of classes, with the prompts.
    let asked = memo(move |_| {
        ctx.state.with(|s| {
            let n = s.n();
            questions(n)
                .map(|qs| {
                    let prompts: Vec<String> =
                        qs.iter().map(|q| q.prompt(n, s.classes())).collect();
                    (n, qs, prompts)
                })
                .map_err(|e| e.to_string())
        })
    });
    let texts = RwSignal::new(Vec::<String>::new());
    // Prefill: the answers in the link, else those the current matrix implies.
    Effect::new(move |_| {
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
        texts.set(
            qs.iter()
                .map(|q| {
                    given
                        .as_ref()
                        .and_then(|a| a.given.iter().rev().find(|(g, _)| g == q))
                        .map(|(_, a)| answer_text(a))
                        .unwrap_or_default()
                })
                .collect(),
        );
    });
    let answers = memo(move |_| {
        let (n, qs, _) = asked.get()?;
        texts.with(|t| read(&qs, t, n))
    });
    let preview = memo(move |_| {
        answers.with(|a| {
            let a = a.as_ref().map_err(Clone::clone)?;
            let u = matrix_from(a).map_err(|e| e.to_string())?;
            let xy = point_info(&u).ok().map(|i| i.coordinates_text());
            let sigma = sigma_from(a).ok();
            Ok::<_, String>((u.matrix().to_string(), xy, sigma))
        })
    });
    let use_matrix = move |with_cloud: bool| {
        let Ok(a) = answers.get_untracked() else {
            return;
        };
        let result = matrix_from(&a).and_then(|u| {
            let cloud = if with_cloud {
                Some(cloud_from(&a)?)
            } else {
                None
            };
            Ok((u, cloud))
        });
        match result {
            Ok((u, cloud)) => {
                let applied = try_edit(&ctx, |s| {
                    s.change_problem(|p| {
                        p.utility = u.matrix().clone();
                        p.decisions.truncate(p.classes.len());
                    })?;
                    s.space.answers = Some(a.clone());
                    if let Some(c) = cloud {
                        s.space.cloud = CloudSource::Typed(c);
                    }
                    Ok(())
                });
                if applied.is_ok() {
                    ctx.say("The utility matrix now follows your answers.");
                }
            }
            Err(e) => ctx.say(e.to_string()),
        }
    };
    let use_sigma = move |_| {
        if let Ok((_, _, Some(sigma))) = preview.get_untracked()
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
                .map(|(i, (q, prompt))| {
                    let id = format!("space-ask-{}", q.id());
                    let on_input = move |ev: Targeted<Event, HtmlInputElement>| {
                        let v = ev.target().value();
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
                                .map(|e| e.to_string())
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
                                placeholder=if matches!(q, Question::Cost { .. }) { "1" } else { "0" }
                                prop:value=rx(move || texts.with(|t| t.get(i).cloned().unwrap_or_default()))
                                on:input:target=on_input
                                aria-invalid=rx(move || if error().is_some() { "true" } else { "false" })
                                data-testid=id
                            />
                            <p class="field-error" role="alert">{rx(move || error().unwrap_or_default())}</p>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <section class="card space-assess" aria-labelledby="space-assess-title" data-testid="space-assess">
            <details>
                <summary>
                    <h3 id="space-assess-title">"Help me write my utility matrix"</h3>
                </summary>
                <p class="hint">
                    "Dyrland, Lundervold & Porta Mana (2022) end by asking you to assess, at least roughly, how many times more valuable a right decision is than a wrong one, and one class than another. Answer with a number or a range (2 to 5); leave a question empty for its default. The unit is one false alarm: what it loses compared with deciding right."
                </p>
                {rx(move || asked.get().err().map(|e| view! { <p class="notice is-warning">{e}</p> }))}
                <ol class="space-questions">{rows}</ol>
                {rx(move || {
                    preview
                        .get()
                        .map(|(u, xy, sigma)| {
                            view! {
                                <p class="space-preview" data-testid="space-ask-preview">
                                    "Your answers make the utility matrix " <code data-testid="space-ask-matrix">{u}</code>
                                    {xy.map(|xy| format!(", the point {xy}"))}
                                    {sigma.filter(|s| *s > 0.0).map(|s| format!("; your ranges amount to σ ≈ {}", ulab_core::text::number(s, 3)))}
                                    "."
                                </p>
                            }
                                .into_any()
                        })
                        .unwrap_or_else(|e| view! { <p class="field-error" role="alert">{e}</p> }.into_any())
                })}
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
            </details>
        </section>
    }
}
