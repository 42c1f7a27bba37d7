//! Links: fragments built from the real key table (`state::link::keys`) with values of each
//! key's kind, then mutated (duplicated keys, thousands of classifiers, bad escapes, a BOM,
//! control and right-to-left characters, line ends). Checks: the decoded state is valid;
//! encode → decode gives it back exactly with no notice; its JSON round-trips; the views
//! computed from it (Compare and its verdict, Decide, p-d, Utility space) hold no NaN or
//! infinity and write their sentences without a panic, extra decisions included.

use super::Case;
use crate::inputs::Gen;
use utility_lab::core::{ConfusionMatrix, UtilityMatrix};
use utility_lab::state::link::{self, keys};
use utility_lab::state::space::regions::Trivial;
use utility_lab::state::space::view::{Problem, hexagon_view};
use utility_lab::state::{AppState, FORMAT_VERSION, compare, decide, pd};

/// A value for `key`, guessed from what the key holds.
fn value_for(g: &mut Gen, key: &link::Key, n: usize) -> String {
    let holds = key.holds;
    if g.chance(0.1) {
        return g.noise(12);
    }
    let examples: Vec<&str> = holds.split('`').skip(1).step_by(2).collect();
    if holds.contains("matrix") && !holds.contains('|') {
        let m = if key.name == "u" {
            // Extra decisions ("refer", …) in a third of the links: every view's sentences
            // must hold with them (issue 28: a verdict once indexed a classifier by one).
            let extra = if g.chance(0.33) { 1 + g.below(2) } else { 0 };
            g.matrix_of(n + extra, n)
        } else if g.chance(0.8) {
            g.matrix_of(n, n)
        } else {
            g.matrix()
        };
        // As NumPy prints a matrix, one link in seven.
        return if g.chance(0.15) {
            format!("[[{}]]", m.replace(';', "],%20["))
        } else {
            m
        };
    }
    if holds.contains("names") {
        return {
            let k = g.about(n);
            g.names(k)
        };
    }
    if !examples.is_empty() && g.chance(0.7) {
        let e = g.pick(&examples).replace("\\|", "|");
        return if g.chance(0.2) { g.mutate(&e) } else { e };
    }
    if holds.contains("probab") || holds.contains("share") || holds.contains("values") {
        return {
            let k = g.about(n);
            g.numbers(k, ",")
        };
    }
    if holds.contains("a,b") {
        return g.numbers(2, ",");
    }
    g.number()
}

/// A fragment: a consistent problem of `n` classes, other keys at random, then mutations.
pub fn fragment(g: &mut Gen) -> String {
    let n = if g.chance(0.9) {
        2 + g.below(3)
    } else {
        g.size()
    };
    let all: Vec<&link::Key> = keys::all().collect();
    let mut parts = Vec::new();
    for _ in 0..g.below(10) {
        let key = *g.pick(&all);
        let name = if key.is_family() {
            format!("{}{}", key.name, link::pct_encode(&g.name()))
        } else {
            key.name.to_string()
        };
        parts.push(format!("{name}={}", value_for(g, key, n)));
    }
    if g.chance(0.01) {
        // Thousands of classifiers.
        let m = n.min(4);
        for k in 0..1000 + g.below(2000) {
            parts.push(format!("cm.c{k}={}", g.matrix_of(m, m)));
        }
    }
    if g.chance(0.1) && !parts.is_empty() {
        let dup = parts[g.below(parts.len())].clone();
        parts.push(dup);
    }
    let mut f = parts.join("&");
    match g.below(12) {
        0 => f = g.mutate(&f),
        1 => f = format!("\u{feff}#{f}"),
        2 => f = format!("#{f}&&=&{}", g.noise(20)),
        3 => f = f.replace(',', "%2C").replace(';', "%3B"),
        4 => f = g.noise(80),
        _ => {}
    }
    // A little beyond the longest link read.
    utility_lab::text::truncate(&f, 250_000)
}

pub fn run(g: &mut Gen, case: &mut Case) {
    let f = fragment(g);
    case.input(f.clone());
    let d = link::decode(&f);
    if let Err(e) = d.state.validate() {
        case.mismatch(format!("decoded state is invalid: {e}"));
        return;
    }
    let e = link::encode(&d.state);
    if e.len() > link::MAX_FRAGMENT {
        // Longer than the longest link read: cut with a notice on the next load.
        views(case, &d.state);
        return;
    }
    let d2 = link::decode(&e);
    case.check(d2.state == d.state, || {
        format!(
            "encode → decode differs in {}: {e}",
            diff(&d.state, &d2.state)
        )
    });
    // What could not be read stays in the link as given: its notice again.
    let unread_only = |notices: &[link::Notice]| notices.iter().all(|n| unread(&d.state, n));
    case.check(unread_only(&d2.notices), || {
        format!("notices on re-decoding {e}: {:?}", d2.notices)
    });
    let e2 = link::encode(&d2.state);
    case.check(e2 == e, || format!("encoding changed: {e} → {e2}"));
    let json_ok =
        // (The JSON state has no unreadable text: the stand-in is its utility matrix.)
        case.checking(|| {
            let mut want = d.state.clone();
            want.unread_utility = None;
            want.unread_classifiers.clear();
            AppState::from_json(&d.state.to_json()).as_ref() == Ok(&want)
        });
    case.check(json_ok, || "JSON round trip differs".into());
    // The file written by hand is the file the serde derives write (as every file was written
    // before 2026-11-28), and such a file reads back the same.
    let serde_ok = case.checking(|| {
        let mut want = d.state.clone();
        want.unread_utility = None;
        want.unread_classifiers.clear();
        let theirs = serde_json::json!({ "utility_lab_state": FORMAT_VERSION, "state": want });
        let mine = serde_json::from_str::<serde_json::Value>(&d.state.to_json()).ok();
        mine.as_ref() == Some(&theirs)
            && AppState::from_json(&theirs.to_string()).as_ref() == Ok(&want)
    });
    case.check(serde_ok, || "the state file differs from serde's".into());
    for n in &d.notices {
        let m = n.to_string();
        case.check(!m.contains('\n'), || format!("notice on two lines: {m}"));
    }
    views(case, &d.state);
}

/// The first field in which two states differ, with both values.
/// Whether `n` is the notice of what `s` keeps as given because it could not be read: its
/// utility matrix, or a classifier's counts.
pub fn unread(s: &AppState, n: &link::Notice) -> bool {
    (s.unread_utility.is_some() && n.key == "u")
        || (!s.unread_classifiers.is_empty() && n.key.starts_with("cm."))
}

pub fn diff(a: &AppState, b: &AppState) -> String {
    let (Ok(serde_json::Value::Object(x)), Ok(serde_json::Value::Object(y))) =
        (serde_json::to_value(a), serde_json::to_value(b))
    else {
        return "?".into();
    };
    for (k, v) in &x {
        if y.get(k) != Some(v) {
            let w = y.get(k).map(|w| w.to_string()).unwrap_or_default();
            let cut = |s: String| utility_lab::text::truncate(&s, 200);
            return format!("'{k}': {} vs {}", cut(v.to_string()), cut(w));
        }
    }
    "nothing serialized (NaN?)".into()
}

/// The views' numbers for a state: no NaN or infinity anywhere in them.
pub fn views(case: &mut Case, s: &AppState) {
    if let Ok(a) = compare::analyze(s) {
        case.debug_finite("the Compare view", &a);
        let v = compare::verdict::verdict_of(s, &a);
        case.debug_finite("the Compare verdict", &v);
    }
    let p = s.decide.probabilities(s.n());
    let view = decide::view::analyze(&decide::view::DecideInputs::from_app(s, &p));
    case.debug_finite("the Decide view", &view);
    if let Ok(c) = pd::Classifiers::from_app(s.classifiers())
        && let Ok(t) = pd::table::table(&c, s.kappa.as_deref(), Some(s.utility_matrix()))
    {
        case.debug_finite("the p-d table", &t);
    }
    if let Ok(u) = UtilityMatrix::new(s.utility().clone())
        && u.n_classes() == 2
        && s.classifiers().len() <= 8
    {
        let cs: Vec<(String, ConfusionMatrix)> = s
            .classifiers()
            .iter()
            .filter_map(|c| c.confusion().ok().map(|m| (c.name.clone(), m)))
            .collect();
        let p = Problem {
            utility: &u,
            classifiers: &cs,
            classes: s.classes(),
            decisions: s.decisions(),
        };
        if let Ok(h) = hexagon_view(&p, &s.space, Trivial::Auto) {
            case.debug_finite("the Utility space view", &(h.info, h.verdict));
        }
    }
}

/// `NaN`, `inf` or `-inf` as a value in a `Debug` text (outside quoted strings), if any.
pub fn non_finite_in(debug: &str) -> Option<&'static str> {
    let b = debug.as_bytes();
    let mut in_string = false;
    let mut k = 0;
    while k < b.len() {
        let c = b[k];
        if in_string {
            match c {
                b'\\' => k += 1,
                b'"' => in_string = false,
                _ => {}
            }
        } else if c == b'"' {
            in_string = true;
        } else if !(k > 0 && (b[k - 1].is_ascii_alphanumeric() || b[k - 1] == b'_')) {
            for word in ["NaN", "inf"] {
                let end = k + word.len();
                if b[k..].starts_with(word.as_bytes())
                    && !b
                        .get(end)
                        .is_some_and(|e| e.is_ascii_alphanumeric() || *e == b'_')
                {
                    return Some(if word == "NaN" { "NaN" } else { "an infinity" });
                }
            }
        }
        k += 1;
    }
    None
}
