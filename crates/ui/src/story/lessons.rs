//! The last steps of the factory story: the variant utilities (eq. 5 of Dyrland et al. 2022,
//! issue (a)), the medical case (eq. 6, issues (d)–(e)) and the lessons (§3.3).

use crate::widgets::table_scroll::table_scroll;
use leptos::prelude::*;

use super::blocks::{Links, ask, pct, utility_grid, yield_pair};
use ulab_core::metrics::Metric;
use ulab_core::text::number as plain;
use ulab_state::View;
use ulab_state::compare::Measure;
use ulab_state::story::{Story, changed_cells};

pub(super) fn variant(s: &Story, l: Links) -> impl IntoView + use<> {
    let (f, v) = (&s.factory, &s.variant);
    let tf = s.tradeoff(f);
    let tv = s.tradeoff(v);
    let y = s.yields(v);
    let best = s.best(v);
    let tnr = s
        .metrics()
        .iter()
        .find(|r| r.measure == Measure::Metric(Metric::Specificity));
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
        {table_scroll("Why the yields differ, term by term", view! {
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
        })}
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

pub(super) fn medical(s: &Story, l: Links) -> impl IntoView + use<> {
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
            "The metrics are exactly those of the factory: " {votes[major]} " of " {votes[0] + votes[1]}
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

pub(super) fn lesson(s: &Story, l: Links) -> impl IntoView + use<> {
    let shares = s.class_shares();
    let mut admissible = Vec::new();
    let mut inadmissible = Vec::new();
    for t in s.metrics() {
        match t.admissibility.utility() {
            Some(u) => {
                admissible.push((t.label.clone(), u.matrix().to_string().replace(';', "; ")))
            }
            None => inadmissible.push(t.prose.clone()),
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
