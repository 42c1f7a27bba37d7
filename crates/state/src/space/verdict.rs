//! "B stays best unless …": the current verdict in words, with its numbers.
//!
//! The margins are exact ([`entry_margins`]): how far each utility, changed alone and in the
//! user's own units, may move before another contestant yields as much as the best one. The
//! sentence names the smallest of them and says how large it is against the spread of the
//! user's utilities (worst to best: the scale of eq. 12, the scale of the `σ` of Dyrland et al.
//! 2022, §4.2) — so that "a change of 9 % of the range" can be weighed against how sure the
//! user is of the numbers. In the diagram, the distance to the nearest boundary is given too,
//! as a guide for the eye only: the coordinates of fig. 1 define no distance between utility
//! matrices (Dyrland et al. 2022, §3.2).

use super::SpaceError;
use super::regions::{Contestant, Kind, WinnerMap};
use crate::baseline::Baseline;
use ulab_core::UtilityMatrix;
use ulab_core::space::Point;
use ulab_core::space::field::Change;
use ulab_core::space::margins::{EntryMargin, Flip, entry_margins};
use ulab_core::text;

/// The verdict at the current utility matrix.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// The best contestant (index into the contestants).
    pub winner: usize,
    /// Every contestant's yield per item, in the utility matrix's units.
    pub yields: Vec<f64>,
    /// Each utility's margins (row-major).
    pub margins: Vec<EntryMargin>,
    /// The nearest change of winner in the diagram, when a map and point were given.
    pub nearest: Option<Change>,
    /// Who is best, with the yields: "A yields the most here: 3.5 per item; next best: B, −3.5."
    pub headline: String,
    /// How far that holds, in words.
    pub sentence: String,
    /// One line per utility: its value now and the interval in which the winner stays best.
    pub lines: Vec<String>,
}

/// Where the current matrix lies in a diagram: for the distance to the nearest boundary.
#[derive(Debug, Clone, Copy)]
pub struct Diagram<'a> {
    /// The diagram's winner map.
    pub map: &'a WinnerMap,
    /// The current matrix's point in it.
    pub point: Point,
    /// The axes' names, for the sentence (`("x", "y")`, `("U01", "U10")`).
    pub axes: (&'a str, &'a str),
}

/// A margin without floating-point noise (12 significant digits), so that `43.75` reads
/// `43.75` and its share of the range `8.75 %`.
fn clean(v: f64) -> f64 {
    text::parse_number(&text::exported(v)).unwrap_or(v)
}

/// The name of decision `d` or class `c` (default: the index).
fn name(names: &[String], k: usize) -> String {
    names.get(k).cloned().unwrap_or_else(|| k.to_string())
}

/// "deciding “long” when the truth is “short”".
fn entry_words(decisions: &[String], classes: &[String], r: usize, c: usize) -> String {
    format!(
        "deciding “{}” when the truth is “{}”",
        name(decisions, r),
        name(classes, c)
    )
}

/// The verdict for utility matrix `u` (user's units) and `contestants` (same shape): the best
/// one, everyone's yield, the margins of each utility and the sentence. With a `diagram`, the
/// nearest point of it (hexagon or slice) where another contestant does as well.
///
/// # Errors
/// No contestant, or contestants whose shape differs from `u`'s.
///
/// # Examples
///
/// The factory (Dyrland et al. 2022): A is best; raising the utility of a correctly decided
/// "long" component by 43.75 €, or lowering that of a "long" one decided "short" by as much,
/// makes B as good — 8.75 % of the 500 € between the worst and best outcomes.
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_state::space::regions::{contestants, Trivial};
/// use ulab_state::space::verdict::verdict;
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let cm = |s| ConfusionMatrix::parse(s, Orientation::OutputRows).unwrap();
/// let names = ["long".to_string(), "short".to_string()];
/// let cs = contestants(&u, &[("A".into(), cm("27,15;23,35")), ("B".into(), cm("43,18;7,32"))],
///     Trivial::Auto, &names).unwrap();
/// let v = verdict(&u, &cs, &names, &names, None).unwrap();
/// assert_eq!(v.winner, 0);
/// assert!(v.headline.starts_with("A yields the most here: 3.5 per item"));
/// // Deciding "short" for every component beats both (the rule of every view).
/// assert!(v.headline.ends_with("Deciding 'short' for every item, without any classifier, would yield 65 per item — more than every classifier here."));
/// assert!(v.sentence.contains("deciding “long” when the truth is “long” (now 15) rises by 43.75 to 58.75"));
/// assert!(v.sentence.contains("8.8\u{202f}%"));
/// ```
pub fn verdict(
    u: &UtilityMatrix,
    contestants: &[Contestant],
    decisions: &[String],
    classes: &[String],
    diagram: Option<Diagram>,
) -> Result<Verdict, SpaceError> {
    if contestants.is_empty() {
        return Err(SpaceError::NoClassifier);
    }
    let confusions: Vec<_> = contestants.iter().map(|c| c.confusion.clone()).collect();
    let (w, mut margins) = entry_margins(u.matrix(), &confusions)?;
    for m in &mut margins {
        for f in [&mut m.down, &mut m.up].into_iter().flatten() {
            f.delta = clean(f.delta);
        }
    }
    let yields: Vec<f64> = confusions
        .iter()
        .map(|c| {
            u.matrix()
                .data()
                .iter()
                .zip(c.data())
                .map(|(a, b)| a * b)
                .sum()
        })
        .collect();
    let span = u.matrix().max() - u.matrix().min();
    let nearest = diagram.and_then(|d| d.map.field.nearest_change(d.point));
    let names: Vec<&str> = contestants.iter().map(|c| c.name.as_str()).collect();
    let mut headline = headline(&names, &yields, w);
    if let Some(b) = baseline_beating(u, contestants, decisions, yields[w]) {
        headline.push(' ');
        headline.push_str(&b);
    }
    let mut sentence = margin_sentence(u, &names, w, &margins, span, decisions, classes);
    if let (Some(c), Some(d)) = (nearest, diagram) {
        sentence.push_str(&format!(
            " In the diagram, the nearest point where {} does as well is {} away, at {} = {}, \
             {} = {}.",
            names[c.rival],
            text::prose(c.distance),
            d.axes.0,
            text::prose(c.point.0),
            d.axes.1,
            text::prose(c.point.1)
        ));
    }
    let lines = margins
        .iter()
        .map(|m| margin_line(u, &names, w, m, decisions, classes))
        .collect();
    Ok(Verdict {
        winner: w,
        yields,
        margins,
        nearest,
        headline,
        sentence,
        lines,
    })
}

/// When the trivial "always decide d" are not among the contestants (they are drawn only for a
/// single classifier): the baseline's sentence if the best constant decision, on the first
/// classifier's class shares, beats every classifier ([`Baseline`], the rule every view
/// follows).
fn baseline_beating(
    u: &UtilityMatrix,
    contestants: &[Contestant],
    decisions: &[String],
    best: f64,
) -> Option<String> {
    if contestants
        .iter()
        .any(|c| matches!(c.kind, Kind::Always(_)))
    {
        return None;
    }
    let shares = contestants.first()?.confusion.col_sums();
    let count = contestants.len();
    Baseline::best(u, &shares, decisions)?.sentence_if_beats(best, "classifier", count)
}

fn headline(names: &[&str], yields: &[f64], w: usize) -> String {
    let eps = 1e-12 * yields.iter().fold(0.0f64, |m, y| m.max(y.abs()));
    let tied: Vec<&str> = (0..yields.len())
        .filter(|k| yields[*k] >= yields[w] - eps)
        .map(|k| names[k])
        .collect();
    if tied.len() > 1 {
        let (last, first) = tied.split_last().unwrap_or((&"", &[]));
        return format!(
            "{} and {} yield the same here: {} per item.",
            first.join(", "),
            last,
            text::prose(yields[w])
        );
    }
    let mut s = format!(
        "{} yields the most here: {} per item",
        names[w],
        text::prose(yields[w])
    );
    let next = (0..yields.len())
        .filter(|k| *k != w)
        .max_by(|a, b| yields[*a].total_cmp(&yields[*b]));
    if let Some(r) = next {
        s.push_str(&format!(
            "; next best: {}, {}",
            names[r],
            text::prose(yields[r])
        ));
    }
    s.push('.');
    s
}

/// Every flip with its entry and its size relative to the range.
fn flips(margins: &[EntryMargin], span: f64) -> Vec<(EntryMargin, Flip, f64)> {
    let mut out = Vec::new();
    for m in margins {
        for f in [m.down, m.up].into_iter().flatten() {
            let rel = if span > 0.0 {
                f.delta.abs() / span
            } else {
                f.delta.abs()
            };
            out.push((*m, f, rel));
        }
    }
    out
}

fn margin_sentence(
    u: &UtilityMatrix,
    names: &[&str],
    w: usize,
    margins: &[EntryMargin],
    span: f64,
    decisions: &[String],
    classes: &[String],
) -> String {
    if names.len() == 1 {
        return format!(
            "{} is the only contestant: add a classifier to compare.",
            names[0]
        );
    }
    let all = flips(margins, span);
    let Some(min) = all.iter().map(|f| f.2).min_by(|a, b| a.total_cmp(b)) else {
        return format!(
            "No change of a single utility makes another contestant do better than {}.",
            names[w]
        );
    };
    if min == 0.0 {
        let tied: Vec<&str> = all
            .iter()
            .filter(|f| f.2 == 0.0)
            .map(|f| names[f.1.rival])
            .fold(Vec::new(), |mut v, n| {
                if !v.contains(&n) {
                    v.push(n);
                }
                v
            });
        return format!(
            "{} ties with {} here: the smallest change of a utility can decide between them.",
            names[w],
            tied.join(", ")
        );
    }
    let close = |r: f64| r <= min * (1.0 + 1e-9);
    let clauses: Vec<String> = all
        .iter()
        .filter(|f| close(f.2))
        .map(|(m, f, _)| {
            let now = u.get(m.row, m.col);
            format!(
                "the utility of {} (now {}) {} by {} to {} (then {} does as well)",
                entry_words(decisions, classes, m.row, m.col),
                text::prose(now),
                if f.delta > 0.0 { "rises" } else { "falls" },
                text::prose(f.delta.abs()),
                text::prose(now + f.delta),
                names[f.rival]
            )
        })
        .collect();
    let mut s = format!(
        "{} stays best unless {}. That is {} of the range of your utilities, from the worst \
         outcome to the best.",
        names[w],
        clauses.join(", or "),
        text::percent(min, 1)
    );
    let rest = all
        .iter()
        .filter(|f| !close(f.2))
        .map(|f| f.2)
        .min_by(|a, b| a.total_cmp(b));
    s.push_str(&match rest {
        Some(r) => format!(
            " Any other single utility may move by {} of that range or more without changing \
             the verdict.",
            text::percent(r, 1)
        ),
        None => " No other single utility can change the verdict.".to_string(),
    });
    s
}

fn margin_line(
    u: &UtilityMatrix,
    names: &[&str],
    w: usize,
    m: &EntryMargin,
    decisions: &[String],
    classes: &[String],
) -> String {
    let now = u.get(m.row, m.col);
    let bound = |f: Option<Flip>, inf: &str| match f {
        Some(f) => text::prose(now + f.delta),
        None => inf.to_string(),
    };
    let mut s = format!(
        "{}: now {}; {} stays best from {} to {}",
        text::capitalize(&entry_words(decisions, classes, m.row, m.col)),
        text::prose(now),
        names[w],
        bound(m.down, "−∞"),
        bound(m.up, "+∞")
    );
    let beyond: Vec<String> = [(m.down, "below"), (m.up, "above")]
        .into_iter()
        .filter_map(|(f, side)| f.map(|f| format!("{side}: {}", names[f.rival])))
        .collect();
    if !beyond.is_empty() {
        s.push_str(&format!(" ({})", beyond.join("; ")));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::regions::{Trivial, contestants, hexagon_map};
    use ulab_core::{ConfusionMatrix, Orientation};

    fn factory(extra: &[(&str, &str)]) -> (UtilityMatrix, Vec<Contestant>) {
        let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
        let mut cl: Vec<(String, ConfusionMatrix)> =
            vec![("A", "27,15;23,35"), ("B", "43,18;7,32")]
                .into_iter()
                .chain(extra.iter().copied())
                .map(|(n, m)| {
                    (
                        n.to_string(),
                        ConfusionMatrix::parse(m, Orientation::OutputRows).unwrap(),
                    )
                })
                .collect();
        if extra.iter().any(|e| e.0 == "only") {
            cl.retain(|c| c.0 == "only");
        }
        let cs = contestants(&u, &cl, Trivial::Auto, &[]).unwrap();
        (u, cs)
    }

    #[test]
    fn factory_lines_and_diagram_distance() {
        let (u, cs) = factory(&[]);
        let map = hexagon_map(cs.clone()).unwrap();
        let d = Diagram {
            map: &map,
            point: (0.3, -0.6),
            axes: ("x", "y"),
        };
        let v = verdict(&u, &cs, &[], &[], Some(d)).unwrap();
        assert_eq!(v.lines.len(), 4);
        assert_eq!(
            v.lines[0],
            "Deciding “0” when the truth is “0”: now 15; A stays best from −∞ to 58.75 (above: B)"
        );
        assert_eq!(
            v.lines[1],
            "Deciding “0” when the truth is “1”: now \u{2212}335; A stays best from −∞ to \u{2212}101.7 (above: B)"
        );
        assert!(
            v.sentence
                .contains("Any other single utility may move by 46.7\u{202f}%"),
            "{}",
            v.sentence
        );
        assert!(
            v.sentence
                .contains("the nearest point where B does as well is 0.0619 away, at x = 0.256"),
            "{}",
            v.sentence
        );
        assert!(v.sentence.contains("y = \u{2212}0.556"), "{}", v.sentence);
    }

    #[test]
    fn ties_single_and_identical() {
        let (u, cs) = factory(&[("A2", "27,15;23,35")]);
        let v = verdict(&u, &cs, &[], &[], None).unwrap();
        assert_eq!(v.winner, 0);
        assert!(v.lines.iter().all(|l| !l.contains("A2")), "{:?}", v.lines);
        // On the boundary (d0/d1 = 0.1875), A and B tie.
        let on = UtilityMatrix::parse("0.5,0;0.3125,1").unwrap();
        let v = verdict(&on, &cs, &[], &[], None).unwrap();
        assert!(
            v.sentence.starts_with("A ties with B here"),
            "{}",
            v.sentence
        );
        assert!(
            v.headline.starts_with("A, B and A2 yield the same here"),
            "{}",
            v.headline
        );
        let (u1, one) = factory(&[("only", "27,15;23,35")]);
        let v = verdict(&u1, &one, &[], &[], None).unwrap();
        assert_eq!(one.len(), 3); // always 0, always 1, only
        assert!(
            v.headline.starts_with("always 1 yields the most here: 65"),
            "{}",
            v.headline
        );
        assert!(verdict(&u1, &[], &[], &[], None).is_err());
    }
}
