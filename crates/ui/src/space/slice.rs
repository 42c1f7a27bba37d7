//! More than two classes (or extra decisions): no 2-D picture of the whole space of utility
//! matrices exists, so the diagram is a slice — two entries of the matrix vary, the others
//! stay as they are. Here the user picks the two entries (the ranges follow the spread of the
//! utilities, [`Slice::around`]); the choice is in the link (`uslice`).

use crate::{callback, derived};
use crate::{cond, memo};
use leptos::prelude::*;

use super::cloud::apply_space;
use super::context::SpaceContext;
use crate::context::use_app;
use crate::widgets::card::Card;
use crate::widgets::select_field::SelectField;
use ulab_state::space::model::Shown;
use ulab_state::space::plots::entry_title;
use ulab_state::space::slice::{Slice, format_slice};

/// The slice's controls (shown only when the diagram is a slice).
#[component]
pub fn SlicePanel() -> impl IntoView {
    let ctx = use_app();
    let sc = expect_context::<SpaceContext>();
    // The slice shown and the entries to choose from, with their titles.
    let info = memo(move |_| {
        sc.model.with(|m| {
            let m = m.as_deref().ok()?;
            let Shown::Slice(v) = &m.shown else {
                return None;
            };
            let (rows, cols) = (m.utility.n_decisions(), m.utility.n_classes());
            let entries: Vec<((usize, usize), String)> = (0..rows)
                .flat_map(|r| (0..cols).map(move |c| (r, c)))
                .map(|(r, c)| ((r, c), entry_title(r, c, &m.decisions, &m.classes)))
                .collect();
            Some((v.slice, entries))
        })
    });
    let choose = move |axis: usize, value: String| {
        let Some((slice, _)) = info.get_untracked() else {
            return;
        };
        let Some((r, c)) = value
            .split_once(',')
            .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        else {
            return;
        };
        let (mut a, mut b) = ((slice.x.row, slice.x.col), (slice.y.row, slice.y.col));
        if axis == 0 {
            a = (r, c);
        } else {
            b = (r, c);
        }
        if a == b {
            ctx.say("Pick two different entries to vary.");
            return;
        }
        let next = ctx
            .state
            .with_untracked(|s| Slice::around(s.utility(), a, b))
            .map_err(|e| e.to_string())
            .and_then(|s| apply_space(&ctx, "uslice", &format_slice(&s)));
        if let Err(e) = next {
            ctx.say(e);
        }
    };
    let select = move |axis: usize, label: &'static str, testid: &'static str| {
        let options = derived(move || {
            info.get()
                .map(|(_, entries)| {
                    entries
                        .into_iter()
                        .map(|((r, c), title)| (format!("{r},{c}"), title))
                        .collect()
                })
                .unwrap_or_default()
        });
        let selected = derived(move || {
            info.with(|i| {
                i.as_ref()
                    .map(|(slice, _)| {
                        let e = if axis == 0 { slice.x } else { slice.y };
                        format!("{},{}", e.row, e.col)
                    })
                    .unwrap_or_default()
            })
        });
        view! {
            <SelectField
                label=label
                id=format!("space-slice-{axis}")
                options=options
                selected=selected
                on_change=callback(move |v: String| choose(axis, v))
                testid=testid
            />
        }
    };
    view! {
        <Show when=cond(move || info.with(Option::is_some))>
            <Card
                class="space-slice"
                title_id="space-slice-title"
                title="A 2-D slice of your utility matrices"
                testid="space-slice"
                hint="With more than two classes (or more decisions than classes) the utility matrices form a space of more than two dimensions: no flat picture shows all of it. The diagram is a slice: pick the two utilities that vary, across and up; the others stay as you typed them."
            >
                <div class="space-fields">
                    {select(0, "Varies across", "space-slice-x")}
                    {select(1, "Varies up", "space-slice-y")}
                </div>
            </Card>
        </Show>
    }
}
