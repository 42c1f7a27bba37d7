//! The matrix syntax, pasted text and a matrix editor's cell (every reader), then a random
//! sequence of every edit of the app state. Checks: a matrix read is written back exactly
//! (`Display` → `parse`); a cell reads as the matrix syntax reads it; an edit either leaves a
//! valid state or refuses with the state unchanged; the edited state's link
//! round-trips.

use super::Case;
use crate::inputs::Gen;
use utility_lab::core::{ConfusionMatrix, Matrix, Orientation, UtilityMatrix};
use utility_lab::state::edit::text::Rule;
use utility_lab::state::edit::{self, ImportKind, ImportOptions};
use utility_lab::state::{AppState, link};

/// Matrix text as typed, pasted from a spreadsheet, or garbled.
fn matrix_text(g: &mut Gen) -> String {
    let m = g.matrix();
    match g.below(8) {
        0 => m.replace(';', "\n").replace(',', "\t"),
        1 => m.replace(';', "\r\n").replace(',', " "),
        2 => g.mutate(&m),
        // As scikit-learn and NumPy print it.
        3 => format!("[[{}]]", m.replace(';', "]\n [").replace(',', " ")),
        4 => format!(
            "array([[{}]])",
            m.replace(';', "],\n       [").replace(',', ", ")
        ),
        _ => m,
    }
}

fn readers(case: &mut Case, text: &str) {
    for (what, m) in [
        ("parse", Matrix::parse(text)),
        ("parse_pasted", Matrix::parse_pasted(text)),
    ] {
        if let Ok(m) = m {
            case.all_finite(what, m.data());
            let back = Matrix::parse(&m.to_string());
            case.check(back.as_ref() == Ok(&m), || {
                format!("{what}: '{m}' does not read back: {back:?}")
            });
        }
    }
    for rule in [Rule::Any, Rule::Counts] {
        if let Ok(p) = edit::read_matrix_text(text, rule) {
            case.all_finite("read_matrix_text", p.matrix.data());
        }
        if let Ok(m) = edit::text::read_syntax(text, rule) {
            let back = Matrix::parse(&m.to_string());
            case.check(back.as_ref() == Ok(&m), || {
                format!("read_syntax: '{m}' does not read back: {back:?}")
            });
        }
    }
    // One cell of a matrix editor: a finite number within ±10¹⁵ (≥ 0 when asked), the value
    // the matrix syntax reads as a 1 × 1 matrix.
    let single = Matrix::parse(text.trim())
        .ok()
        .filter(|m| m.rows() == 1 && m.cols() == 1)
        .map(|m| m.get(0, 0));
    for non_negative in [false, true] {
        if let Ok(v) = edit::cell::read_cell(text, non_negative) {
            case.check(
                single == Some(v) && v.abs() <= 1e15 && !(non_negative && v < 0.0),
                || format!("read_cell({text:?}, {non_negative}) = {v}, the syntax: {single:?}"),
            );
        }
    }
    let _ = UtilityMatrix::parse(text);
    for o in [Orientation::OutputRows, Orientation::TrueRows] {
        if let Ok(cm) = ConfusionMatrix::parse(text, o) {
            case.finite("total", cm.total());
        }
    }
    let fields: Vec<String> = text.split([',', ';']).map(str::to_string).collect();
    let r = edit::read_percent_shares(&fields);
    case.check(!format!("{r:?}").contains("NaN"), || {
        "shares reading holds NaN".into()
    });
}

/// One random edit; its name.
fn one_edit(g: &mut Gen, s: &mut AppState) -> (&'static str, bool) {
    let n = s.n();
    let k = g.below(n + 2);
    let c = g.below(s.classifiers().len() + 2);
    macro_rules! ok {
        ($name:literal, $e:expr) => {
            ($name, $e.is_ok())
        };
    }
    match g.below(15) {
        0 => {
            let names: Vec<String> = (0..if g.chance(0.8) { n } else { g.size() })
                .map(|_| g.name())
                .collect();
            ok!("set_class_names", s.set_class_names(names))
        }
        1 => ok!("rename_class", s.rename_class(k, &g.name())),
        2 => ok!("add_class", s.add_class()),
        3 => ok!("remove_class", s.remove_class(k)),
        4 => ok!("rename_decision", s.rename_decision(k, &g.name())),
        5 => ok!("add_decision", s.add_decision()),
        6 => ok!("remove_decision", s.remove_decision(k)),
        7 => match Matrix::parse(&{
            let rows = n + g.below(2);
            g.matrix_of(rows, n)
        }) {
            Ok(m) => ok!("set_utility", s.set_utility(m)),
            Err(_) => ("set_utility (unreadable)", false),
        },
        8 => ok!("add_classifier", s.add_classifier()),
        9 => ok!("duplicate_classifier", s.duplicate_classifier(c)),
        10 => ok!("rename_classifier", s.rename_classifier(c, &g.name())),
        11 => match Matrix::parse(&g.matrix_of(n, n)) {
            Ok(m) => {
                let o = *g.pick(&[Orientation::OutputRows, Orientation::TrueRows]);
                ok!("set_confusion", s.set_confusion(c, m, o))
            }
            Err(_) => ("set_confusion (unreadable)", false),
        },
        12 => {
            let p = if g.chance(0.2) {
                None
            } else {
                let v: Vec<f64> = (0..n).map(|_| g.count()).collect();
                let sum: f64 = v.iter().sum();
                Some(if g.chance(0.7) && sum > 0.0 {
                    v.iter().map(|x| x / sum).collect()
                } else {
                    v
                })
            };
            ok!("set_prevalence", s.set_prevalence(p))
        }
        13 => {
            s.resize_classes(g.size());
            ("resize_classes", true)
        }
        _ => {
            let text = super::files::import_text(g, n);
            let opts = ImportOptions {
                kind: *g.pick(&[ImportKind::Auto, ImportKind::Matrix, ImportKind::Labels]),
                orientation: *g.pick(&[Orientation::OutputRows, Orientation::TrueRows]),
                name: g.name(),
                use_file_classes: g.chance(0.5),
            };
            match edit::import_classifier(s, &text, &opts) {
                Ok(out) => {
                    *s = out.state;
                    ("import_classifier", true)
                }
                Err(_) => ("import_classifier", false),
            }
        }
    }
}

pub fn run(g: &mut Gen, case: &mut Case) {
    let text = matrix_text(g);
    let f = super::link::fragment(g);
    case.input(format!("matrix text {text:?}; state from #{f}"));
    readers(case, &text);
    let mut s = link::decode(&f).state;
    let mut log = Vec::new();
    for _ in 0..1 + g.below(8) {
        let before = s.clone();
        let (name, applied) = one_edit(g, &mut s);
        log.push(name);
        case.input.push_str(&format!(" → {name}"));
        if applied {
            if let Err(e) = s.validate() {
                case.mismatch(format!("{name} left an invalid state: {e} (after {log:?})"));
                return;
            }
        } else if s != before {
            case.mismatch(format!("{name} was refused but changed the state"));
            return;
        }
    }
    let e = link::encode(&s);
    if e.len() > link::MAX_FRAGMENT {
        // Beyond the longest link (e.g. many 100-class matrices): such a state is kept as a
        // state file, its link is cut with a notice.
        super::link::views(case, &s);
        return;
    }
    let d = link::decode(&e);
    let unread_only = d.notices.iter().all(|n| super::link::unread(&s, n));
    case.check(d.state == s && unread_only, || {
        format!(
            "edited state's link does not round-trip ({}): {:?} {e}",
            super::link::diff(&s, &d.state),
            d.notices
        )
    });
    // (The link target computes the views of every decoded state; here one edited state in
    // four.)
    if g.chance(0.25) {
        super::link::views(case, &s);
    }
}
