//! Files: a classifier imported from CSV (a matrix in either orientation, with or without
//! header and label column; `y_true,y_pred` columns), and the ROC view's scores file, mutated
//! (a BOM, `\r\n` and `\r`, ragged rows, unterminated quotes, huge and tiny numbers, NaN).
//! Checks: no panic; the imported state is valid; the ROC report and its CSV exports hold no
//! NaN or infinity.

use super::Case;
use crate::inputs::Gen;
use utility_lab::core::UtilityMatrix;
use utility_lab::state::edit::import::{read, stream::ImportStream};
use utility_lab::state::edit::{self, ImportKind, ImportOptions};
use utility_lab::state::roc::analysis::{RocReport, analyze, choose_share};
use utility_lab::state::roc::curves::Curve;
use utility_lab::state::roc::export::{points_csv, summary_csv};
use utility_lab::state::roc::scored_curves;
use utility_lab::state::roc::scores::parse_scores;
use utility_lab::state::{AppState, link};

/// Line ends, a BOM, quotes: the outside of a CSV file.
fn dress(g: &mut Gen, body: String) -> String {
    let mut t = match g.below(4) {
        0 => body.replace('\n', "\r\n"),
        1 => body.replace('\n', "\r"),
        _ => body,
    };
    if g.chance(0.1) {
        t.insert(0, '\u{feff}');
    }
    if g.chance(0.1) {
        let at = g.below(t.len() + 1);
        if t.is_char_boundary(at) {
            t.insert(at, '"');
        }
    }
    if g.chance(0.15) {
        t = g.mutate(&t);
    }
    t
}

/// A classifier's file for `n` classes: a matrix or label columns.
pub fn import_text(g: &mut Gen, n: usize) -> String {
    let n = if g.chance(0.9) { n } else { g.size() };
    let sep = g.word(&[",", ";", "\t"]);
    let mut body = String::new();
    if g.chance(0.5) {
        let header = g.chance(0.5);
        if header {
            body.push_str(&format!("{sep}{}\n", g.names(n).replace(',', sep)));
        }
        for r in 0..n {
            if header {
                body.push_str(&format!("{}{sep}", g.name().replace(',', "")));
            }
            let _ = r;
            body.push_str(&g.matrix_of(1, n).replace(',', sep));
            body.push('\n');
        }
    } else {
        if g.chance(0.6) {
            body.push_str(g.word(&["y_true,y_pred\n", "y_pred,y_true\n", "truth,label\n"]));
        }
        let labels: Vec<String> = (0..n.max(1)).map(|_| g.name().replace(',', "")).collect();
        let rows = if g.chance(0.02) { 5000 } else { g.below(30) };
        for _ in 0..rows {
            body.push_str(&format!("{},{}\n", g.pick(&labels), g.pick(&labels)));
        }
    }
    dress(g, body)
}

/// A scores file: a label column and score columns.
fn scores_text(g: &mut Gen) -> String {
    let cols = if g.chance(0.9) {
        1 + g.below(3)
    } else {
        g.size()
    };
    let labels: Vec<String> = match g.below(4) {
        0 => vec!["0".into(), "1".into()],
        1 => vec!["neg".into(), "pos".into()],
        2 => vec!["-1".into(), "1".into(), "2".into()],
        _ => vec![g.name(), g.name()],
    };
    let mut body = String::new();
    if g.chance(0.7) {
        let names: Vec<String> = (0..cols).map(|k| format!("s{k}")).collect();
        body.push_str(&format!("label,{}\n", names.join(",")));
    }
    let rows = if g.chance(0.02) { 20_000 } else { g.below(40) };
    for _ in 0..rows {
        let ncols = if g.chance(0.03) { g.size() } else { cols };
        body.push_str(g.pick(&labels).as_str());
        for _ in 0..ncols {
            body.push(',');
            if g.chance(0.9) {
                body.push_str(&format!("{:.3}", g.unit()));
            } else {
                body.push_str(&g.number());
            }
        }
        body.push('\n');
    }
    dress(g, body)
}

/// A file read in random pieces and steps ([`ImportStream`]) gives what the whole text read at
/// once gives, up to a matrix's most rows.
fn streamed_as_whole(g: &mut Gen, case: &mut Case, text: &str) {
    let kind = *g.pick(&[ImportKind::Auto, ImportKind::Matrix, ImportKind::Labels]);
    let mut s = ImportStream::new(kind);
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut result = Ok(());
    while at < bytes.len() && result.is_ok() {
        let end = (at + 1 + g.below(64)).min(bytes.len());
        result = s
            .push_bytes(&bytes[at..end])
            .and_then(|_| s.step(1 + g.below(5)));
        at = end;
    }
    let streamed = result.and_then(|_| s.finish());
    // Read in pieces, a file's line ends are `\n` (as a browser's text of it), also in quotes.
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    if utility_lab::csv::read(&text).is_ok_and(|r| r.len() <= 101) {
        let whole = read::read_csv(&text, kind);
        case.check(streamed == whole, || {
            format!("{kind:?}: streamed {streamed:?}, whole {whole:?}")
        });
    }
}

pub fn run(g: &mut Gen, case: &mut Case) {
    let n = 2 + g.below(3);
    let import = import_text(g, n);
    let scores = scores_text(g);
    let u_text = g.matrix_of(2, 2);
    case.input(format!("import {import:?}; scores {scores:?}; u {u_text}"));
    if std::env::var_os("FUZZ_DUMP").is_some() {
        let _ = std::fs::write("/tmp/fuzz_scores.csv", &scores);
    }
    let _ = utility_lab::csv::read(&import);
    streamed_as_whole(g, case, &import);
    let s = if g.chance(0.5) {
        AppState::default()
    } else {
        link::decode(&super::link::fragment(g)).state
    };
    let opts = ImportOptions {
        kind: *g.pick(&[ImportKind::Auto, ImportKind::Matrix, ImportKind::Labels]),
        orientation: *g.pick(&[
            utility_lab::core::Orientation::OutputRows,
            utility_lab::core::Orientation::TrueRows,
        ]),
        name: g.name(),
        use_file_classes: g.chance(0.5),
    };
    match edit::import_classifier(&s, &import, &opts) {
        Ok(out) => {
            if let Err(e) = out.state.validate() {
                case.mismatch(format!("import left an invalid state: {e}"));
            }
            case.check(!out.message.contains('\n'), || {
                format!("two-line message: {:?}", out.message)
            });
        }
        Err(e) => {
            let m = e.to_string();
            case.check(!m.contains('\n'), || format!("two-line error: {m}"));
        }
    }
    let Ok(table) = parse_scores(&scores) else {
        return;
    };
    let Ok(positive) = table.positive(None) else {
        return;
    };
    let Ok(curves) = scored_curves(&table, positive) else {
        case.mismatch("a parsed scores table made no curves");
        return;
    };
    let curves: Vec<Curve> = curves.into_iter().map(Curve::Scores).collect();
    let Ok(u) = UtilityMatrix::parse(&u_text) else {
        return;
    };
    let prev = [g.count(), g.count()];
    let test = Some(table.test_share(positive));
    for share in [choose_share(Some(&prev), test), choose_share(None, test)]
        .into_iter()
        .flatten()
    {
        if let Ok(report) = analyze(&curves, &u, share) {
            report_finite(case, &report);
            let _ = (summary_csv(&report), points_csv(&curves, &report, &u, None));
        }
    }
}

/// Every number of a ROC report is finite, but for the thresholds: a curve's first point has
/// threshold +∞ (nothing is class 0) by design.
pub fn report_finite(case: &mut Case, r: &RocReport) {
    case.finite("share", r.share.value);
    case.finite("never", r.never);
    case.finite("always", r.always);
    if let Some(m) = r.slope {
        case.finite("iso-utility slope", m);
    }
    for c in &r.curves {
        case.finite("AUC", c.auc);
        case.all_finite("ROC yields", &c.yields);
        case.finite("optimal yield", c.optimum.yield_value);
        case.finite("optimal FPR", c.optimum.point.fpr);
        case.finite("optimal TPR", c.optimum.point.tpr);
        if let Some(i) = c.optimum.intercept {
            case.finite("tangent intercept", i);
        }
        for p in c.drawn.iter().chain(&c.hull) {
            case.finite("FPR", p.fpr);
            case.finite("TPR", p.tpr);
        }
        case.debug_finite("an iso-utility line", &(&c.tangent, &r.family));
    }
}
