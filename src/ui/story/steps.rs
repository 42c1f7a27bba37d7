//! The content of each step of the factory story (Dyrland et al. 2022, §0, §1 (a)–(f), §3.1 eq. 10,
//! §3.3 eq. 15): the prose, and the matrices, tables and sums computed by the core through
//! [`crate::state::story::Story`]. What is revealed when: the utilities from step 4, the
//! yields from step 5.

use leptos::prelude::*;

use crate::core::metrics::Metric;
use crate::core::UtilityMatrix;
use crate::state::story::{changed_cells, compare_fragment, Story, TABLE1};
use crate::state::View;
use crate::text::{fixed, number as plain, signed};
use crate::ui::context::page_address;
use crate::ui::widgets::matrix_table::AXES_LABEL;

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

/// How links into the rest of the app are made.
#[derive(Clone, Copy)]
struct Links {
    embed: bool,
}

impl Links {
    /// The `href` of a link to `fragment`: in-page, or (embedded) the full app's address.
    fn href(&self, fragment: &str) -> String {
        if self.embed {
            format!("{}#{fragment}", page_address())
        } else {
            format!("#{fragment}")
        }
    }

    /// The `target` of such a link: a new tab when embedded.
    fn target(&self) -> Option<&'static str> {
        self.embed.then_some("_blank")
    }

    /// A link into the Compare view with one of the story's presets.
    fn try_link(&self, id: &'static str, label: &'static str, primary: bool) -> impl IntoView {
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

// ---------- building blocks ----------

/// A share as a percentage with no decimals: `50 %`.
fn pct(v: f64) -> String {
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

fn grid(g: Grid<'_>) -> impl IntoView {
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
fn confusion_grid(s: &Story, k: usize) -> impl IntoView {
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
fn utility_grid(
    classes: &[String; 2],
    u: &UtilityMatrix,
    caption: &str,
    suffix: &str,
    unit: Option<&'static str>,
    testid: &str,
    marked: Vec<(usize, usize)>,
) -> impl IntoView {
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
fn ask(text: impl IntoView) -> impl IntoView {
    view! {
        <aside class="story-ask">
            <p class="story-ask-label">"Ask the class"</p>
            <p class="story-ask-text">{text}</p>
        </aside>
    }
}

/// A question for the class, with a hint under it.
fn ask_with_hint(text: impl IntoView, hint: impl IntoView) -> impl IntoView {
    view! {
        <aside class="story-ask">
            <p class="story-ask-label">"Ask the class"</p>
            <p class="story-ask-text">{text}</p>
            <p class="story-ask-hint">{hint}</p>
        </aside>
    }
}

/// Two big numbers side by side: each classifier's yield, the better one marked.
fn yield_pair(
    s: &Story,
    values: [f64; 2],
    unit: &'static str,
    testid: &'static str,
    with_sign: bool,
) -> impl IntoView {
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

// ---------- the steps ----------

fn factory(s: &Story) -> impl IntoView {
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

fn metrics(s: &Story) -> impl IntoView {
    let rows = s
        .table1()
        .into_iter()
        .map(|r| {
            let cell = |k: usize| {
                let fav = r.favoured == Some(k);
                view! {
                    <td
                        class="num"
                        class:is-favoured=fav
                        data-testid=format!("story-metric-{}-{}", r.names.metric.key(), s.names[k])
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
                    <th scope="row">{r.names.label}</th>
                    {cell(0)}
                    {cell(1)}
                    <td class="story-favours">
                        <span
                            class=format!("story-chip {who}")
                            data-testid=format!("story-favours-{}", r.names.metric.key())
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
            "The developers compute the usual evaluation metrics from the two confusion matrices (Table 1 of the paper). In each row, the bold value is the classifier that metric favours."
        </p>
        <div class="table-scroll">
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
        </div>
        <p class="story-note">
            "Class 0 (" {s.classes[0].clone()}
            ") is the “positive” class. Balanced accuracy equals accuracy here because the two classes are equally frequent; the paper gives them one row."
        </p>
        {ask("Count the votes. Which classifier do the metrics recommend?")}
    }
}

fn verdict(s: &Story) -> impl IntoView {
    let rows = s.table1();
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
                    <span class="story-vote-metric" title=r.names.label>{r.names.short}</span>
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
                "Some favour it by a wide relative difference — the " {r.names.prose} " by " {pct(x)} ". "
            })}
            {dissent.first().map(|r| view! {
                "Only the " {r.names.prose} " favours " {s.names[minor].clone()} ", and only by "
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

fn utilities(s: &Story) -> impl IntoView {
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

/// One classifier's yield written out: `U·C + … = products = yield`, the element-wise product
/// of the utility and confusion matrices, summed (eq. 10).
fn sum_line(s: &Story, u: &UtilityMatrix, k: usize, unit: &'static str) -> impl IntoView {
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

fn yields(s: &Story, l: Links) -> impl IntoView {
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
        {ask(format!(
            "Why did {} of {} metrics get it wrong? What did they not know?",
            votes[major],
            votes[0] + votes[1]
        ))}
        <p class="story-try-row">{l.try_link("factory", "Try the factory in Compare", false)}</p>
    }
}

fn variant(s: &Story, l: Links) -> impl IntoView {
    let (f, v) = (&s.factory, &s.variant);
    let tf = s.tradeoff(f);
    let tv = s.tradeoff(v);
    let y = s.yields(v);
    let best = s.best(v);
    let tnr = s
        .table1()
        .into_iter()
        .find(|r| r.names.metric == Metric::Specificity);
    let tnr_fav = tnr.and_then(|r| r.favoured).unwrap_or(0);
    let changed = changed_cells(f, v);
    let changes = changed
        .iter()
        .map(|&(i, j)| {
            format!(
                "{} judged {}: {} → {}\u{a0}€",
                s.classes[j],
                s.classes[i],
                plain(f.get(i, j), 2),
                plain(v.get(i, j), 2)
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    let eur = |x: f64| format!("{}\u{a0}€", plain(x, 2));
    view! {
        <p class="story-lead">
            "After the fact, one could argue that the true-negative rate — the only metric that favoured "
            {s.names[tnr_fav].clone()}
            " — was the right one all along: for a short component the right decision beats the wrong one by "
            {eur(tf.weight_short)} ", for a long one by only " {eur(tf.weight_long)} "."
        </p>
        <p>"But where does this reasoning stop? Suppose the gains had been these instead (eq. 5):"</p>
        <div class="story-split">
        <div>
            <div class="story-matrices">
                {utility_grid(&s.classes, v, "Net gain per component, variant", "\u{a0}€", None, "story-variant", changed.clone())}
            </div>
            <p class="story-note">"Changed: " {changes} "."</p>
        </div>
        <div>
        <p>
            "The confusion matrices are the same, so every metric still says what it said in Table 1. Short components still matter far more ("
            {eur(tv.weight_short)} " against " {eur(tv.weight_long)}
            "), so by the same reasoning the true-negative rate should still be the right metric. Yet:"
        </p>
        </div>
        </div>
        {yield_pair(s, y, "€ per component", "story-variant-yield", true)}
        <p class="story-punch">
            "Now " {s.names[best].clone()}
            " earns more. The true-negative rate is not the appropriate metric, and our intuition failed us (issue (a))."
        </p>
        <h4 class="story-subhead">"Why: on one test set, only the right decisions differ (eq. 15)"</h4>
        <div class="table-scroll">
            <table class="story-table story-why" data-testid="story-why">
                <thead>
                    <tr>
                        <th scope="col"></th>
                        <th scope="col" class="num">
                            "Factory" <span class="story-eqref">" (eq. 4)"</span>
                        </th>
                        <th scope="col" class="num">
                            "Variant" <span class="story-eqref">" (eq. 5)"</span>
                        </th>
                    </tr>
                </thead>
                <tbody>
                    <tr>
                        <th scope="row">
                            {format!("{} is right about {} more components as long, each worth", s.names[1], pct(tf.b_more_long))}
                        </th>
                        <td class="num">{eur(tf.weight_long)}</td>
                        <td class="num">{eur(tv.weight_long)}</td>
                    </tr>
                    <tr>
                        <th scope="row">
                            {format!("{} is right about {} more components as short, each worth", s.names[0], pct(tf.a_more_short))}
                        </th>
                        <td class="num">{eur(tf.weight_short)}</td>
                        <td class="num">{eur(tv.weight_short)}</td>
                    </tr>
                    <tr>
                        <th scope="row">{format!("{}'s edge: {} × that", s.names[1], pct(tf.b_more_long))}</th>
                        <td class="num">{eur(tf.b_edge())}</td>
                        <td class="num">{eur(tv.b_edge())}</td>
                    </tr>
                    <tr>
                        <th scope="row">{format!("{}'s edge: {} × that", s.names[0], pct(tf.a_more_short))}</th>
                        <td class="num">{eur(tf.a_edge())}</td>
                        <td class="num">{eur(tv.a_edge())}</td>
                    </tr>
                    <tr class="story-why-total">
                        <th scope="row">"Better, per component"</th>
                        <td class="num">
                            {format!("{} by {}", s.names[s.best(f)], eur((tf.a_edge() - tf.b_edge()).abs()))}
                        </td>
                        <td class="num">
                            {format!("{} by {}", s.names[best], eur((tv.a_edge() - tv.b_edge()).abs()))}
                        </td>
                    </tr>
                </tbody>
            </table>
        </div>
        <p class="story-note">
            "No fixed metric can know where the balance tips: it depends on the utilities. "
            {(!f.is_equivalent(v, 1e-9)).then(|| view! {
                "(Eq. 5 is a genuinely different problem: no " <var>"a"</var> <var>"U"</var> " + "
                <var>"b"</var> " with " <var>"a"</var> " > 0 turns eq. 4 into it.)"
            })}
        </p>
        <p class="story-try-row">{l.try_link("variant", "Try the variant in Compare", false)}</p>
    }
}

fn medical(s: &Story, l: Links) -> impl IntoView {
    let (f, m) = (&s.factory, &s.medical);
    let y = s.yields(m);
    let best = s.best(m);
    let votes = s.votes();
    let major = s.majority();
    let shift = s.medical_shift();
    let gain = (y[0] - y[1]).abs();
    let mapping = shift.map(|b| {
        (0..4)
            .map(|n| {
                let (i, j) = (n / 2, n % 2);
                view! {
                    <li>
                        <span class="story-term">{plain(f.get(i, j), 2)}</span>
                        " + " {plain(b, 2)} " = "
                        <strong>{plain(m.get(i, j), 2)}</strong>
                    </li>
                }
            })
            .collect_view()
    });
    view! {
        <p class="story-lead">
            "The same story in a clinic (issue (d)). Two classifiers tell apart two types of tumour, which need two different interventions. Their confusion matrices are those of A and B. What is at stake is the expected remaining life of patients in a given age range, in months; 0 means immediate death (eq. 6):"
        </p>
        <div class="story-split">
        <div class="story-matrices">
            {utility_grid(&s.medical_classes, m, "Expected remaining life", "", Some("months"), "story-medical", vec![])}
        </div>
        <div>
        {shift.map(|b| view! {
            <p>
                "This matrix is the factory's plus "
                <strong data-testid="story-shift">{plain(b, 2)}</strong>
                " in every cell. Adding a constant only moves the zero of the scale (eq. 11): it is the same decision problem, and every yield moves by the same "
                {plain(b, 2)} "."
            </p>
            <ul class="story-shift">{mapping}</ul>
        })}
        </div>
        </div>
        <p>
            "The metrics are exactly those of Table 1: " {votes[major]} " of " {votes[0] + votes[1]}
            " favour " {s.names[major].clone()} ". Yet the expected remaining life is:"
        </p>
        {yield_pair(s, y, "months", "story-medical-yield", false)}
        <p class="story-punch" data-testid="story-life-gain">
            "Classifier " {s.names[best].clone()} " gives each patient " {plain(gain, 1)}
            " more months of expected life (the paper: “more than six-month longer”)."
        </p>
        <p>
            "And here, unlike in the factory, a trial to find out would be unethical: on one of the two lines, patients would die sooner (issue (e))."
        </p>
        {ask("Would you accept a majority vote of metrics here?")}
        <p class="story-try-row">{l.try_link("medical", "Try the medical case in Compare", false)}</p>
    }
}

fn lesson(s: &Story, l: Links) -> impl IntoView {
    let shares = s.class_shares();
    let mut admissible = Vec::new();
    let mut inadmissible = Vec::new();
    for t in TABLE1 {
        match t.metric.admissibility(2).utility() {
            Some(u) => admissible.push((t.label, u.matrix().to_string().replace(';', "; "))),
            None => inadmissible.push(t.prose),
        }
    }
    let admissible = admissible
        .into_iter()
        .map(|(label, u)| {
            view! {
                <li>
                    {label} " — " <code>{format!("[{u}]")}</code>
                </li>
            }
        })
        .collect_view();
    let reliability = l.href(&format!("view={}", View::Reliability.key()));
    view! {
        <ol class="story-lessons">
            <li>
                <strong>"What mattered was the average gain"</strong>
                " per component — in the clinic, the expected remaining life: the utility yield "
                <span class="formula">
                    "Σ" <sub>"ij"</sub> " " <var>"U"</var> <sub>"ij"</sub> " " <var>"C"</var>
                    <sub>"ij"</sub>
                </span>
                " (eq. 10). It could have been computed before deploying anything, from the utilities and the confusion matrix."
            </li>
            <li>
                <strong>"A majority of metrics is not a criterion of correctness"</strong>
                " (issue (b))."
            </li>
            <li>
                <strong>"Intuition about which metric fits a problem fails"</strong>
                " (issue (a)): where the balance tips depends on the numbers."
            </li>
            <li>
                <strong>"None of this comes from class imbalance"</strong>
                ": the classes were " {pct(shares[0])} " and " {pct(shares[1])} " (issue (f))."
            </li>
            <li>
                <strong>"Some metrics are yields in disguise, most are not"</strong>
                " (§3.3). These are the yield of a fixed utility matrix, right for the problems that have those utilities:"
                <ul class="story-admissible">{admissible}</ul>
                "These are not the yield of any utility matrix, so in every problem there are pairs of classifiers they rank wrongly: "
                {inadmissible.join(", ")} "."
            </li>
        </ol>
        <div class="story-try-box">
            <h4 class="story-subhead">"Try it yourself"</h4>
            <p>
                "Open the factory in the Compare view: change a utility or a cell of a confusion matrix and watch the yields, the ranking and every metric respond."
            </p>
            <p class="story-try-row">
                {l.try_link("factory", "Open the factory in Compare", true)}
                {l.try_link("variant", "The variant (eq. 5)", false)}
                {l.try_link("medical", "The medical case (eq. 6)", false)}
            </p>
            <p>
                "How often do popular metrics rank two classifiers wrongly, over many problems? "
                <a
                    href=reliability
                    target=l.target()
                    rel=l.embed.then_some("noopener")
                    data-testid="story-try-reliability"
                >
                    "Metric reliability →"
                </a>
            </p>
        </div>
    }
}
