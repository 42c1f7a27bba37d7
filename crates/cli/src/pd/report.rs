//! The human-readable report of `ulab pd`.

use super::PdResult;
use crate::common::{self, Table, fmt_list, fmt_num, fmt4, quoted};
use ulab_core::Score;
use ulab_core::pd as core_pd;

fn score_text(s: &Score) -> String {
    match s {
        Score::Defined(v) => fmt4(*v),
        Score::Undefined(_) => "—".to_string(),
    }
}

fn kappa_text(k: &[f64]) -> String {
    if k.len() <= 8 {
        format!(
            "[{}]",
            k.iter()
                .map(|v| format!("{v:.3}"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    } else {
        format!("({} values; see --json)", k.len())
    }
}

/// The human-readable report of `ulab pd`, in stages: the formula and κ, the table, the
/// classifiers ranked first, the κ where p-d equals F1, the heatmaps (two classes) and the
/// grid's summary and histograms.
pub(super) struct Report<'a> {
    pub results: &'a [PdResult],
    pub classes: &'a [String],
    pub given_kappa: bool,
    pub grid: Option<&'a [f64]>,
    pub analysis: Option<&'a core_pd::GridAnalysis>,
}

impl Report<'_> {
    /// The whole report.
    pub fn text(&self) -> String {
        let mut out = self.given();
        out.push_str(&self.table());
        out.push_str(&self.first());
        out.push_str(&self.kappa_f1());
        out.push_str(&self.heatmaps());
        out.push_str(&self.grid_summary());
        out
    }

    fn with_yield(&self) -> bool {
        self.results.iter().any(|r| r.yield_value.is_some())
    }

    /// The classes, the formula and κ.
    fn given(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!("Classes: {}\n", common::fmt_names(self.classes)));
        out.push_str(
        "p-d_κ = (1/c) Σ_k κ_k·precision_k + (1 − κ_k)·recall_k   (0/0 counts as 0 inside p-d)\n",
    );
        if self.given_kappa {
            out.push_str(&format!(
                "κ = {} (--kappa)\n",
                kappa_text(&self.results[0].kappa)
            ));
        } else {
            out.push_str(
                "κ = each matrix's class shares (the default, eq. 31 of Kozak et al. 2022)\n",
            );
        }
        out.push('\n');

        out
    }

    /// The table: p-d, macro P, macro R, their F1, the yield and κ per classifier.
    fn table(&self) -> String {
        let mut out = String::new();
        let with_yield = self.with_yield();
        let mut header = vec![
            "classifier",
            "p-d",
            "macro P",
            "macro R",
            "F1 of macro P and R (Kozak et al.)",
        ];
        if with_yield {
            header.push("yield");
        }
        if !self.given_kappa {
            header.push("κ");
        }
        let mut t = Table::new(&header);
        if !self.given_kappa {
            t = t.left(header.len() - 1);
        }
        let mut undefined: Vec<String> = Vec::new();
        for r in self.results {
            let mut row = vec![
                r.name.clone(),
                fmt4(r.value),
                score_text(&r.macro_p),
                score_text(&r.macro_r),
                score_text(&r.f1_macro_pr),
            ];
            for s in [&r.macro_p, &r.macro_r, &r.f1_macro_pr] {
                if let Score::Undefined(why) = s {
                    let note = format!("— {}: {}", r.name, why.describe(self.classes));
                    if !undefined.contains(&note) {
                        undefined.push(note);
                    }
                }
            }
            if with_yield {
                row.push(r.yield_value.map(fmt_num).unwrap_or_default());
            }
            if !self.given_kappa {
                row.push(kappa_text(&r.kappa));
            }
            t.row(row);
        }
        out.push_str(&t.render());
        for note in &undefined {
            out.push_str(&format!("  {note}\n"));
        }
        out
    }

    /// The classifiers first by p-d and by yield.
    fn first(&self) -> String {
        let mut out = String::new();
        let with_yield = self.with_yield();
        if self.results.len() > 1 {
            let best = self
                .results
                .iter()
                .map(|r| r.value)
                .fold(f64::NEG_INFINITY, f64::max);
            let first: Vec<&str> = self
                .results
                .iter()
                .filter(|r| r.value >= best - 1e-12)
                .map(|r| r.name.as_str())
                .collect();
            out.push_str(&format!("First by p-d at this κ: {}\n", first.join(", ")));
            if with_yield {
                let by: Vec<f64> = self
                    .results
                    .iter()
                    .map(|r| r.yield_value.unwrap_or(f64::NAN))
                    .collect();
                let best_y = by.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let first_y: Vec<&str> = self
                    .results
                    .iter()
                    .zip(&by)
                    .filter(|(_, y)| **y >= best_y - 1e-12 * best_y.abs().max(1.0))
                    .map(|(r, _)| r.name.as_str())
                    .collect();
                out.push_str(&format!("First by utility yield: {}\n", first_y.join(", ")));
            }
        }
        out.push('\n');

        out
    }

    /// The κ where p-d equals the F1 of macro P and R, per classifier.
    fn kappa_f1(&self) -> String {
        let mut out = String::new();
        out.push_str(
        "κ for which p-d equals the F1 of macro P and R (Kozak et al. 2022, eq. 23: the harmonic mean \
         of macro precision and macro recall; the κ closest to the one above):\n",
    );
        for r in self.results {
            let line = match (&r.f1_macro_pr, &r.kappa_f1) {
                (Score::Undefined(_), _) => {
                    "none: the F1 of macro P and R is undefined".to_string()
                }
                (Score::Defined(_), Some(k)) => kappa_text(k),
                (Score::Defined(_), None) => {
                    "none: no κ in [0, 1]^c gives p-d = the F1 of macro P and R".to_string()
                }
            };
            out.push_str(&format!("  {}: {line}\n", r.name));
        }

        out
    }

    /// For two classes, p-d over the (κ₀, κ₁) grid of step 0.1 for each classifier.
    fn heatmaps(&self) -> String {
        let mut out = String::new();
        let n = self.classes.len();
        if n == 2 {
            for r in self.results {
                if let Some(h) = &r.heatmap {
                    out.push('\n');
                    out.push_str(&format!(
                        "p-d of {} over κ (rows: κ of class {}, columns: κ of class {}):\n",
                        r.name,
                        quoted(&self.classes[0]),
                        quoted(&self.classes[1])
                    ));
                    let steps = h.len().saturating_sub(1).max(1);
                    let mut header = vec!["κ₀ \\ κ₁".to_string()];
                    header.extend((0..h.len()).map(|j| format!("{:.1}", j as f64 / steps as f64)));
                    let mut t = Table::new(&header);
                    for (i, row) in h.iter().enumerate() {
                        let mut cells = vec![format!("{:.1}", i as f64 / steps as f64)];
                        cells.extend(row.iter().map(|v| fmt4(*v)));
                        t.row(cells);
                    }
                    out.push_str(&t.render());
                }
            }
        }

        out
    }

    /// Over the κ grid: each classifier's mean, min, max, share ranked first, and histogram.
    fn grid_summary(&self) -> String {
        let mut out = String::new();
        let (grid, analysis) = (self.grid, self.analysis);
        if let (Some(g), Some(a)) = (grid, analysis) {
            out.push('\n');
            let shown: String = if g.len() <= 12 {
                fmt_list(g)
            } else {
                format!(
                    "{} values from {} to {}",
                    g.len(),
                    fmt_num(g[0]),
                    fmt_num(g[g.len() - 1])
                )
            };
            out.push_str(&format!(
                "Over every κ vector with entries from the grid ({shown}): {} vectors\n",
                a.vectors
            ));
            let mut t = Table::new(&["classifier", "mean", "min", "max", "ranks first"]);
            for (i, r) in self.results.iter().enumerate() {
                t.row(vec![
                    r.name.clone(),
                    fmt4(a.mean[i]),
                    fmt4(a.min[i]),
                    fmt4(a.max[i]),
                    format!("{:.1} %", 100.0 * a.first_share[i]),
                ]);
            }
            out.push_str(&t.render());
            out.push_str("  (ties for first place are split evenly)\n\n");
            out.push_str("Histogram of p-d over the grid (number of κ vectors per bin):\n");
            let mut header = vec!["p-d bin".to_string()];
            header.extend(self.results.iter().map(|r| r.name.clone()));
            let mut t = Table::new(&header);
            let bins = a.edges.len().saturating_sub(1);
            for b in 0..bins {
                let close = if b + 1 == bins { "]" } else { ")" };
                let mut row = vec![format!("[{:.2}, {:.2}{close}", a.edges[b], a.edges[b + 1])];
                row.extend(a.histograms.iter().map(|h| h[b].to_string()));
                t.row(row);
            }
            out.push_str(&t.render());
        }
        out
    }
}
