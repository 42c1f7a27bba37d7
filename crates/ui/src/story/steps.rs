//! The content of each step of the factory story (Dyrland et al. 2022, §0, §1 (a)–(f), §3.1 eq. 10,
//! §3.3 eq. 15): the prose, and the matrices, tables and sums computed by the core through
//! [`ulab_state::story::Story`]. What is revealed when: the utilities from step 4, the
//! yields from step 5. Steps 1–5 are here; the variant, the medical case and the lessons are in
//! [`super::lessons`], the pieces they are made of in [`super::blocks`].

use crate::widgets::table_scroll::table_scroll;
use leptos::prelude::*;

use super::blocks::{
    Links, ask, ask_with_hint, confusion_grid, pct, sum_line, utility_grid, yield_pair,
};
use super::lessons::{lesson, medical, variant};
use ulab_core::text::{fixed, number as plain, percent, signed};
use ulab_state::story::Story;

/// The content of step `step` (0-based).
#[component]
pub fn StepContent(
    /// The step, 0-based.
    step: usize,
    /// The story's numbers.
    story: Story,
    /// Embedded in an iframe: links into the app open the full app in a new tab.
    embed: bool,
) -> impl IntoView {
    let s = &story;
    let l = Links { embed };
    match step {
        0 => factory(s).into_any(),
        1 => metrics(s).into_any(),
        2 => verdict(s).into_any(),
        3 => utilities(s).into_any(),
        4 => yields(s, l).into_any(),
        5 => variant(s, l).into_any(),
        6 => medical(s, l).into_any(),
        _ => lesson(s, l).into_any(),
    }
}

fn factory(s: &Story) -> impl IntoView + use<> {
    let shares = s.class_shares();
    let [a, b] = &s.cms;
    view! {
        <p class="story-lead">
            "A factory makes an electronic component that comes out in two kinds. "
            <strong>"Long-durability"</strong>
            " components (class 0, “" {s.classes[0].clone()} "”) go into low-end, cheaper devices; "
            <strong>"short-durability"</strong>
            " ones (class 1, “" {s.classes[1].clone()}
            "”) give more power and go into high-end, costly devices. The manager wants a machine-learning classifier to tell the two kinds apart from each component's features."
        </p>
        <p>
            "Two candidates, " <strong>"A"</strong> " and " <strong>"B"</strong>
            ", are trained and then tested on the same " {plain(s.test_size(), 0)} " components: "
            {pct(shares[0])} " long, " {pct(shares[1])}
            " short. Their confusion matrices, normalized over the test set (eqs. 1–2):"
        </p>
        <div class="story-matrices">{confusion_grid(s, 0)} {confusion_grid(s, 1)}</div>
        <p class="story-note">
            "Rows: what the classifier decided. Columns: what the component really was. The shaded diagonal holds the right decisions."
        </p>
        {ask_with_hint(
            "Which one would you deploy? Vote before going on.",
            view! {
                "Look at the diagonals: " {s.names[1].clone()} " is right about more long components ("
                {fixed(b.c(0, 0), 2)} " against " {fixed(a.c(0, 0), 2)} "), "
                {s.names[0].clone()} " about slightly more short ones (" {fixed(a.c(1, 1), 2)}
                " against " {fixed(b.c(1, 1), 2)} ")."
            },
        )}
    }
}

fn metrics(s: &Story) -> impl IntoView + use<> {
    let rows = s
        .metrics()
        .iter()
        .map(|r| {
            let cell = |k: usize| {
                let fav = r.favoured == Some(k);
                view! {
                    <td
                        class="num"
                        class:is-favoured=fav
                        data-testid=format!("story-metric-{}-{}", r.key(), s.names[k])
                    >
                        {fixed(r.values[k], 2)}
                    </td>
                }
            };
            let favours = r
                .favoured
                .map(|k| s.names[k].clone())
                .unwrap_or_else(|| "tie".into());
            let who = r
                .favoured
                .map(|k| if k == 0 { "is-a" } else { "is-b" })
                .unwrap_or("");
            view! {
                <tr>
                    <th scope="row">
                        {r.label.clone()}
                        {(!r.in_table1).then_some(view! { <span class="story-not-t1" title="Not in the paper's Table 1">" †"</span> })}
                    </th>
                    {cell(0)}
                    {cell(1)}
                    <td class="story-favours">
                        <span
                            class=format!("story-chip {who}")
                            data-testid=format!("story-favours-{}", r.key())
                        >
                            {favours}
                        </span>
                    </td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <p class="story-lead">
            "The developers compute the usual evaluation metrics from the two confusion matrices: the eight of Table 1 of the paper, and four more that the Compare view shows too (marked †). In each row, the bold value is the classifier that metric favours."
        </p>
        {table_scroll("The usual metrics of the two classifiers", view! {
            <table class="story-table" data-testid="story-table1">
                <thead>
                    <tr>
                        <th scope="col">"Metric"</th>
                        <th scope="col" class="num">{s.names[0].clone()}</th>
                        <th scope="col" class="num">{s.names[1].clone()}</th>
                        <th scope="col">"Favours"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        })}
        <p class="story-note">
            "Class 0 (" {s.classes[0].clone()}
            ") is the “positive” class. Balanced accuracy equals accuracy here because the two classes are equally frequent; the paper gives them one row. † Not in the paper's Table 1; the Compare view counts the same twelve metrics."
        </p>
        {ask("Count the votes. Which classifier do the metrics recommend?")}
    }
}

fn verdict(s: &Story) -> impl IntoView + use<> {
    let rows = s.metrics();
    let votes = s.votes();
    let major = s.majority();
    let minor = 1 - major;
    let total = rows.len();
    let widest = rows
        .iter()
        .filter(|r| r.favoured == Some(major))
        .filter_map(|r| r.relative.map(|x| (r, x)))
        .max_by(|a, b| a.1.total_cmp(&b.1));
    let dissent: Vec<_> = rows.iter().filter(|r| r.favoured == Some(minor)).collect();
    let chips = rows
        .iter()
        .map(|r| {
            let who = match r.favoured {
                Some(0) => "is-a",
                Some(_) => "is-b",
                None => "",
            };
            let name = r.favoured.map(|k| s.names[k].clone()).unwrap_or_default();
            let by = r
                .relative
                .map(|x| format!("+{}", pct(x)))
                .unwrap_or_default();
            view! {
                <li class=format!("story-vote {who}")>
                    <span class="story-vote-who">{name}</span>
                    <span class="story-vote-metric" title=r.label.clone()>{r.short.clone()}</span>
                    <span class="story-vote-by">{by}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <p class="story-tally" data-testid="story-votes">
            <span class="story-tally-num">{votes[major]}</span>
            " of "
            <span class="story-tally-num">{total}</span>
            " metrics favour "
            <strong class=if major == 0 { "story-name is-a" } else { "story-name is-b" }>
                {s.names[major].clone()}
            </strong>
        </p>
        <ul class="story-votes" aria-label="Which classifier each metric favours, and by how much (relative difference)">
            {chips}
        </ul>
        <p class="story-note">
            "Each metric's favourite, and by how much its value is higher, relative to the other's."
        </p>
        <p class="story-lead">
            {widest.map(|(r, x)| view! {
                "Some favour it by a wide relative difference — the " {r.prose.clone()} " by " {pct(x)} ". "
            })}
            {dissent.first().map(|r| view! {
                "Only the " {r.prose.clone()} " favours " {s.names[minor].clone()} ", and only by "
                {r.relative.map(pct).unwrap_or_default()} "."
            })}
        </p>
        <p class="story-punch" data-testid="story-recommend">
            "The developers recommend classifier " <strong>{s.names[major].clone()}</strong> "."
        </p>
        <p>
            "The factory manager does not fully trust this kind of metric, and runs a trial: both classifiers, on two separate but otherwise identical production lines."
        </p>
        {ask("What do you expect the trial to show?")}
    }
}

fn utilities(s: &Story) -> impl IntoView + use<> {
    let u = &s.factory;
    let eur = |i: usize, j: usize| format!("{}\u{a0}€", plain(u.get(i, j), 2));
    let t = s.tradeoff(u);
    let (long, short) = (s.classes[0].clone(), s.classes[1].clone());
    view! {
        <p class="story-lead">
            "What the manager knows and the metrics ignore: the net gain, in euros, of each decision, depending on what the component really is (eq. 4)."
        </p>
        <div class="story-split">
        <div class="story-matrices">
            {utility_grid(&s.classes, u, "Net gain per component", "\u{a0}€", None, "story-utility", vec![])}
        </div>
        <ul class="story-cells">
            <li>
                <span class="story-cell-value">{eur(0, 0)}</span>
                <span>
                    <strong>{format!("{long} judged {long}")}</strong>
                    ": it goes into a low-end device, as it should. A small profit."
                </span>
            </li>
            <li>
                <span class="story-cell-value">{eur(1, 1)}</span>
                <span>
                    <strong>{format!("{short} judged {short}")}</strong>
                    ": it goes into a high-end device, as it should. A larger profit."
                </span>
            </li>
            <li>
                <span class="story-cell-value">{eur(1, 0)}</span>
                <span>
                    <strong>{format!("{long} judged {short}")}</strong>
                    ": a long-durability component in a device that needs short-durability ones causes some damage, at modest cost."
                </span>
            </li>
            <li>
                <span class="story-cell-value is-loss">{eur(0, 1)}</span>
                <span>
                    <strong>{format!("{short} judged {long}")}</strong>
                    ": a short-durability component in a device that needs a long-lasting one causes extreme damage — the device often breaks, with repairs and refunds. The value is the average over all those outcomes (§2.3)."
                </span>
            </li>
        </ul>
        </div>
        <p>
            "For a long component, the right decision beats the wrong one by "
            <strong>{format!("{}\u{a0}€", plain(t.weight_long, 2))}</strong> "; for a short one, by "
            <strong>{format!("{}\u{a0}€", plain(t.weight_short, 2))}</strong> "."
        </p>
        {ask("Knowing this, which classifier would you deploy now? Is there one metric in Table 1 that seems to fit this problem?")}
    }
}

fn yields(s: &Story, l: Links) -> impl IntoView + use<> {
    let u = &s.factory;
    let y = s.yields(u);
    let votes = s.votes();
    let major = s.majority();
    let totals = [s.breakdown(u, 0).total, s.breakdown(u, 1).total];
    view! {
        <p class="story-lead">
            "At the end of the trial the manager finds the average net gain per assessed component (eq. 3):"
        </p>
        {yield_pair(s, y, "€ per component", "story-yield", true)}
        <p class="story-note">
            {format!(
                "Over the {} test components: {}\u{a0}€ for {} and {}\u{a0}€ for {}.",
                plain(s.test_size(), 0),
                signed(totals[0], 2),
                s.names[0],
                signed(totals[1], 2),
                s.names[1],
            )}
        </p>
        <p class="story-punch">
            "Classifier " {s.names[major].clone()} " — favoured by " {votes[major]} " of "
            {votes[0] + votes[1]} " metrics — "
            {if y[major] < 0.0 { "loses money" } else { "earns less" }}
            ". The manager deploys " {s.names[s.best(u)].clone()}
            ", remarking with a smug smile that it is always unwise to trust developers' recommendations."
        </p>
        <h4 class="story-subhead">"The same numbers, without a trial"</h4>
        <p>
            "Multiply each utility by the share of components in that cell of the confusion matrix, and add everything up: the "
            <strong>"utility yield"</strong> " "
            <span class="formula">
                "Σ" <sub>"ij"</sub> " " <var>"U"</var> <sub>"ij"</sub> " " <var>"C"</var>
                <sub>"ij"</sub>
            </span> " (eq. 10)."
        </p>
        <div class="story-sums">
            {sum_line(s, u, 0, "€ per component")}
            {sum_line(s, u, 1, "€ per component")}
        </div>
        {no_classifier(s)}
        {ask(format!(
            "Why did {} of {} metrics get it wrong? What did they not know?",
            votes[major],
            votes[0] + votes[1]
        ))}
        <p class="story-try-row">{l.try_link("factory", "Try the factory in Compare", false)}</p>
    }
}

/// Why judging every component the same way earns more than both classifiers (the factory:
/// "short", 65 € per component), with the numbers of the story's matrices.
fn no_classifier(s: &Story) -> Option<impl IntoView + use<>> {
    let (d, why) = s.trivial_winner(&s.factory)?;
    let eur = |v: f64| {
        if v < 0.0 {
            format!("({}\u{a0}€)", plain(v, 2))
        } else {
            format!("{}\u{a0}€", plain(v, 2))
        }
    };
    let sum: Vec<String> = why
        .terms
        .iter()
        .map(|(f, x)| format!("{} × {}", plain(*f, 2), eur(*x)))
        .collect();
    let mut text = format!(
        "Judging every component '{}', with no classifier at all, earns {} = {}\u{a0}€ per component: more than either classifier.",
        s.classes[d],
        sum.join(" + "),
        plain(why.value, 2)
    );
    if let Some((i, j, x)) = why.avoided {
        text.push_str(&format!(
            " It never makes the one very costly mistake, judging a {} component '{}' ({}\u{a0}€ each), which {} makes on {} of the components and {} on {}. A classifier is worth deploying only if it earns more than such a simple rule.",
            s.classes[j],
            s.classes[i],
            plain(x, 2),
            s.names[0],
            percent(s.cms[0].c(i, j), 1),
            s.names[1],
            percent(s.cms[1].c(i, j), 1),
        ));
    }
    Some(view! {
        <h4 class="story-subhead">"And with no classifier at all?"</h4>
        <p data-testid="story-no-classifier">{text}</p>
    })
}
