//! The human-readable report of `ulab eval`.

use super::Evaluated;
use super::sure::HowSure;
use crate::common::{self, Table, fmt_num, fmt4, quoted};
use ulab_core::metrics::{Admissibility, Metric};
use ulab_core::{Orientation, Score, UtilityMatrix};

/// The indices of the best value(s) of a row (higher is better; undefined values never win).
fn best_of(values: &[Option<f64>]) -> Vec<usize> {
    let best = values
        .iter()
        .flatten()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    if !best.is_finite() {
        return Vec::new();
    }
    let tol = 1e-12 * best.abs().max(1.0);
    (0..values.len())
        .filter(|&i| values[i].is_some_and(|v| v >= best - tol))
        .collect()
}

fn admissible_text(m: Metric, n: usize) -> String {
    match m.admissibility(n) {
        Admissibility::Admissible(u) => {
            if m == Metric::Accuracy {
                "yes: U = identity".to_string()
            } else if n <= 3 {
                format!("yes: U = {}", common::fmt_matrix(u.matrix()))
            } else {
                "yes".to_string()
            }
        }
        Admissibility::Inadmissible(_) => "no".to_string(),
    }
}

fn favours_text(names: &[&str], best: &[usize]) -> String {
    match best.len() {
        0 => "—".to_string(),
        1 => names[best[0]].to_string(),
        k if k == names.len() => "tie".to_string(),
        _ => format!(
            "{} (tie)",
            best.iter()
                .map(|&i| names[i])
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The human-readable report of `ulab eval`, printed in stages: what was given, the table of
/// metrics, the ranking, the trivial classifiers and, when most metrics disagree with the
/// yield, the factory story's point.
pub(super) struct Report<'a> {
    pub u: &'a UtilityMatrix,
    pub ev: &'a [Evaluated],
    pub order: &'a [usize],
    pub classes: &'a [String],
    pub prevalence: Option<&'a [f64]>,
    pub kappa: Option<&'a [f64]>,
    pub orientation: Orientation,
    /// How sure the ranking is (`--draws`).
    pub how_sure: Option<&'a HowSure>,
}

impl Report<'_> {
    /// The whole report.
    pub fn text(&self) -> String {
        let mut out = self.given();
        let (table, favoured_by) = self.table();
        out.push_str(&table);
        out.push_str(&self.ranking());
        if let Some(h) = self.how_sure {
            out.push_str(&h.text(&self.names()));
        }
        out.push_str(&self.trivial());
        out.push_str(&self.disagreement(&favoured_by));
        out
    }

    fn names(&self) -> Vec<&str> {
        self.ev.iter().map(|e| e.name.as_str()).collect()
    }

    fn several(&self) -> bool {
        self.ev.len() > 1
    }

    /// The padding of a cell that is not marked (so that marked and unmarked cells align).
    fn pad(&self) -> &'static str {
        if self.several() { "  " } else { "" }
    }

    /// The mark of a cell: ` *` on the best value of a row (with several classifiers).
    fn mark(&self, is_best: bool) -> &'static str {
        if is_best && self.several() {
            " *"
        } else {
            self.pad()
        }
    }

    /// What was given: the classes, the utility matrix, the orientation and the prevalence.
    fn given(&self) -> String {
        let (u, classes, n) = (self.u, self.classes, self.classes.len());
        let mut out = format!(
            "Classes: {}{}\n",
            common::fmt_names(classes),
            if n == 2 {
                format!(
                    " (class {} is \"positive\" for the binary metrics)",
                    quoted(&classes[0])
                )
            } else {
                " (per-class metrics are macro averages over the classes)".to_string()
            }
        );
        if u.n_decisions() * u.n_classes() <= 36 {
            out.push_str(&format!(
                "Utility matrix (rows = decision ↓, columns = true class →): {}\n",
                common::fmt_matrix(u.matrix())
            ));
        } else {
            out.push_str(&format!(
                "Utility matrix: {} decisions × {} classes\n",
                u.n_decisions(),
                u.n_classes()
            ));
        }
        if self.orientation == Orientation::TrueRows {
            out.push_str(
                "Confusion matrices were given with rows = true class (--orientation true-rows) \
                 and are used transposed (rows = output).\n",
            );
        }
        if let Some(pi) = self.prevalence {
            out.push_str(&format!(
                "Deployment prevalence π = ({}): each confusion matrix was re-weighted from its \
                 test-set class shares f to π (C'_ij = C_ij·π_j/f_j) before computing the yields \
                 and metrics below.\n",
                common::fmt_list_capped(pi)
            ));
        }
        out.push('\n');
        out
    }

    /// The table (metric rows × classifier columns) with its notes, and for each metric the
    /// classifier it favours alone (if one).
    fn table(&self) -> (String, Vec<Option<usize>>) {
        let (ev, n, names, several) = (self.ev, self.classes.len(), self.names(), self.several());
        let mut header: Vec<String> = vec!["".to_string()];
        header.extend(names.iter().map(|s| s.to_string()));
        if several {
            header.push("favours".to_string());
        }
        header.push("admissible".to_string());
        let mut table = Table::new(&header).left(header.len() - 1);
        if several {
            table = table.left(header.len() - 2);
        }
        let pad = self.pad();
        let mark = |is_best: bool| self.mark(is_best);

        self.yield_rows(&mut table, &names);
        // Undefined values' footnotes: (classifier, reason) → metrics.
        let mut notes: Vec<(usize, String, Vec<String>)> = Vec::new();
        let mut favoured_by: Vec<Option<usize>> = Vec::new();
        for (mi, m) in Metric::ALL.iter().enumerate() {
            let vals: Vec<Option<f64>> = ev.iter().map(|e| e.scores[mi].1.value()).collect();
            let best = best_of(&vals);
            favoured_by.push((best.len() == 1).then(|| best[0]));
            let mut row = vec![m.name(n)];
            for (i, e) in ev.iter().enumerate() {
                match e.scores[mi].1 {
                    Score::Defined(v) => {
                        row.push(format!("{}{}", fmt4(v), mark(best.contains(&i))))
                    }
                    Score::Undefined(why) => {
                        row.push(format!("—{pad}"));
                        let reason = why.describe(self.classes);
                        match notes.iter_mut().find(|(c, r, _)| *c == i && *r == reason) {
                            Some(note) => note.2.push(m.name(n)),
                            None => notes.push((i, reason, vec![m.name(n)])),
                        }
                    }
                }
            }
            if several {
                row.push(favours_text(&names, &best));
            }
            row.push(admissible_text(*m, n));
            table.row(row);
        }
        let mut out = table.render();
        out.push_str(&self.table_notes(&names, &notes));
        (out, favoured_by)
    }

    /// The table's first rows: the yield per item and, for counts, the total.
    fn yield_rows(&self, table: &mut Table, names: &[&str]) {
        let (ev, pad) = (self.ev, self.pad());
        let yv: Vec<Option<f64>> = ev.iter().map(|e| Some(e.yield_value)).collect();
        let ybest = best_of(&yv);
        let mut row = vec!["Utility yield per item".to_string()];
        for (i, e) in ev.iter().enumerate() {
            row.push(format!(
                "{}{}",
                fmt_num(e.yield_value),
                self.mark(ybest.contains(&i))
            ));
        }
        if self.several() {
            row.push(favours_text(names, &ybest));
        }
        row.push("(the criterion)".to_string());
        table.row(row);
        if ev.iter().any(|e| e.counts) {
            let mut row = vec![if self.prevalence.is_some() {
                "Total over N items, in deployment".to_string()
            } else {
                "Total over the N items".to_string()
            }];
            for e in ev {
                row.push(if e.counts {
                    format!(
                        "{} (N={}){pad}",
                        fmt_num(e.yield_value * e.cm.total()),
                        fmt_num(e.cm.total())
                    )
                } else {
                    format!("—{pad}")
                });
            }
            table.row(row);
        }
        if let Some(h) = self.how_sure {
            h.rows(table, names, pad, self.several());
        }
        table.row(vec![String::new()]);
    }

    /// The notes under the table: the marks, admissibility, κ and the undefined values.
    fn table_notes(&self, names: &[&str], notes: &[(usize, String, Vec<String>)]) -> String {
        let mut out = String::new();
        if self.several() {
            out.push_str("  * the best value in the row (every metric here: higher is better)\n");
        }
        out.push_str(
            "  admissible: ranks classifiers as the yield of one fixed utility matrix does (eq. \
             17 of Dyrland et al. 2022);\n  'no': can rank classifiers against any utility \
             matrix\n",
        );
        match self.kappa {
            Some(k) => out.push_str(&format!(
                "  p-d with κ = ({})\n",
                common::fmt_list_capped(k)
            )),
            None => out.push_str(
                "  p-d with κ = each matrix's class shares (its default, eq. 31 of Kozak et al. \
                 2022)\n",
            ),
        }
        for (i, reason, metrics) in notes {
            out.push_str(&format!(
                "  — {}: {} ({})\n",
                names[*i],
                reason,
                metrics.join(", ")
            ));
        }
        out.push('\n');
        out
    }

    /// The ranking by yield (or the one classifier's yield).
    fn ranking(&self) -> String {
        let (ev, names) = (self.ev, self.names());
        if self.several() {
            let parts: Vec<String> = self
                .order
                .iter()
                .enumerate()
                .map(|(r, &i)| format!("{}. {} ({})", r + 1, names[i], fmt_num(ev[i].yield_value)))
                .collect();
            format!("Ranking by utility yield: {}\n", parts.join(", "))
        } else {
            format!(
                "Utility yield of {}: {} per item\n",
                names[0],
                fmt_num(ev[0].yield_value)
            )
        }
    }

    /// The name of decision `d`.
    fn decision_name(&self, d: usize) -> String {
        self.classes
            .get(d)
            .cloned()
            .unwrap_or_else(|| format!("decision {d}"))
    }

    /// The yields of the trivial classifiers at class shares `shares`, as a line and values.
    fn trivial_line(&self, shares: &[f64]) -> Option<(String, Vec<f64>)> {
        let t = self.u.trivial_yields(shares).ok()?;
        let parts: Vec<String> = t
            .iter()
            .enumerate()
            .take(12)
            .map(|(d, y)| format!("always {}: {}", quoted(&self.decision_name(d)), fmt_num(*y)))
            .collect();
        let more = if t.len() > 12 {
            format!(", … ({} decisions)", t.len())
        } else {
            String::new()
        };
        Some((format!("{}{}", parts.join("; "), more), t))
    }

    /// The trivial classifiers (always decide one thing) as reference points, and a note when
    /// one of them beats every classifier.
    fn trivial(&self) -> String {
        let ev = self.ev;
        let mut out = String::new();
        let same_shares = ev.iter().all(|e| {
            e.cm.class_shares()
                .iter()
                .zip(ev[0].cm.class_shares())
                .all(|(a, b)| (a - b).abs() < 1e-9)
        });
        let best_classifier = ev
            .iter()
            .map(|e| e.yield_value)
            .fold(f64::NEG_INFINITY, f64::max);
        let mut beaten_by: Vec<(String, f64)> = Vec::new();
        if same_shares {
            let shares = ev[0].cm.class_shares();
            if let Some((line, t)) = self.trivial_line(&shares) {
                let at = if self.prevalence.is_some() {
                    "at π"
                } else {
                    "at the class shares"
                };
                out.push_str(&format!(
                    "Trivial classifiers (always decide one thing), {at} ({}): {line}\n",
                    common::fmt_list_capped(&shares)
                ));
                for (d, y) in t.iter().enumerate() {
                    if *y > best_classifier + 1e-12 * y.abs().max(1.0) {
                        beaten_by.push((self.decision_name(d), *y));
                    }
                }
            }
        } else {
            out.push_str("Trivial classifiers (always decide one thing), on each test set:\n");
            for e in ev {
                if let Some((line, _)) = self.trivial_line(&e.cm.class_shares()) {
                    out.push_str(&format!("  {}: {line}\n", e.name));
                }
            }
        }
        if let Some((d, y)) = beaten_by.iter().max_by(|a, b| a.1.total_cmp(&b.1)).cloned() {
            out.push_str(&format!(
                "Note: always deciding {} yields {} per item, more than {}.\n",
                quoted(&d),
                fmt_num(y),
                if self.several() {
                    "any classifier above"
                } else {
                    "the classifier"
                }
            ));
        }
        out
    }

    /// The factory story's point: most metrics favour another classifier than the yield.
    fn disagreement(&self, favoured_by: &[Option<usize>]) -> String {
        let (ev, names) = (self.ev, self.names());
        let yv: Vec<Option<f64>> = ev.iter().map(|e| Some(e.yield_value)).collect();
        let ybest = best_of(&yv);
        if !self.several() || ybest.len() != 1 {
            return String::new();
        }
        let top = ybest[0];
        let decided: Vec<usize> = favoured_by.iter().flatten().copied().collect();
        let against = decided.iter().filter(|&&i| i != top).count();
        let total = Metric::ALL.len();
        if 2 * against <= total {
            return String::new();
        }
        let mut counts = vec![0usize; ev.len()];
        for &i in &decided {
            counts[i] += 1;
        }
        let (other, k) = counts
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != top)
            .max_by_key(|(_, c)| **c)
            .map(|(i, c)| (i, *c))
            .unwrap_or((top, 0));
        if 2 * k > total {
            format!(
                "Most metrics ({k} of {total}) favour {}, but under this utility matrix {} \
                 yields more ({} vs {} per item): choosing by those metrics would lose utility.\n",
                names[other],
                names[top],
                fmt_num(ev[top].yield_value),
                fmt_num(ev[other].yield_value)
            )
        } else {
            format!(
                "Most metrics ({against} of {total}) favour a classifier other than {}, but \
                 under this utility matrix {} yields the most ({} per item).\n",
                names[top],
                names[top],
                fmt_num(ev[top].yield_value)
            )
        }
    }
}
