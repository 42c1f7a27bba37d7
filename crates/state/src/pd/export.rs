//! CSV exports of the view (pure; written with [`ulab_csv::write`], computed numbers
//! with [`ulab_core::text::exported`], undefined values as empty cells).

use super::grid::GridResult;
use super::heatmap::Heatmaps;
use super::table::{Measure, PdTable};
use ulab_core::pd::rows::{heatmap_rows, histogram_rows};
use ulab_core::text::exported;
use ulab_csv::write;

fn header_kappa(classes: &[String], k: usize) -> String {
    match classes.get(k) {
        Some(c) => format!("kappa_{c}"),
        None => format!("kappa_{k}"),
    }
}

/// The table: `classifier, kappa, preference_driven, macro_precision, macro_recall,
/// f1_of_macro_pr, yield` then `rank_<key>` for each column; κ as the link writes it.
///
/// # Examples
///
/// ```
/// use ulab_state::{pd::{export::table_csv, table::table, Classifiers}, presets::factory};
/// let c = Classifiers::from_app(&factory().classifiers()).unwrap();
/// let csv = table_csv(&table(&c, Some(&[0.5, 0.5]), None).unwrap());
/// assert!(csv.starts_with("classifier,kappa,preference_driven,"));
/// assert!(csv.contains("\nB,\"0.5,0.5\",0.756357713325,"), "{csv}");
/// ```
pub fn table_csv(t: &PdTable) -> String {
    let mut header = vec!["classifier".to_string(), "kappa".to_string()];
    header.extend(Measure::ALL.iter().map(|m| m.key().to_string()));
    header.extend(Measure::ALL.iter().map(|m| format!("rank_{}", m.key())));
    let mut rows = vec![header];
    for (i, r) in t.rows.iter().enumerate() {
        let mut row = vec![r.name.clone(), super::kappa::format_kappa(&r.kappa)];
        row.extend(
            Measure::ALL
                .iter()
                .map(|m| r.value(*m).map(exported).unwrap_or_default()),
        );
        row.extend(Measure::ALL.iter().map(|m| {
            t.ranks_by(*m)
                .get(i)
                .copied()
                .flatten()
                .map(|k| k.to_string())
                .unwrap_or_default()
        }));
        rows.push(row);
    }
    write(&rows)
}

/// The heatmap grids, long format: `kappa_<class 0>, kappa_<class 1>`, then one p-d column per
/// classifier, then `first` (the names ranked first, joined by ` = ` on a tie); one row per
/// grid point, κ₀ slowest.
///
/// # Examples
///
/// ```
/// use ulab_state::{pd::{export::heatmap_csv, heatmap::heatmaps, Classifiers}, presets::factory};
/// let c = Classifiers::from_app(&factory().classifiers()).unwrap();
/// let h = heatmaps(&c, 10).unwrap();
/// let csv = heatmap_csv(&h, &["long".into(), "short".into()]);
/// let mut lines = csv.lines();
/// assert_eq!(lines.next(), Some("kappa_long,kappa_short,A,B,first"));
/// assert_eq!(lines.next(), Some("0,0,0.62,0.75,B")); // κ = 0: macro recall
/// assert_eq!(csv.lines().count(), 1 + 121);
/// ```
pub fn heatmap_csv(h: &Heatmaps, classes: &[String]) -> String {
    let mut header = vec![header_kappa(classes, 0), header_kappa(classes, 1)];
    header.extend(h.names.iter().cloned());
    header.push("first".into());
    let mut rows = vec![header];
    rows.extend(heatmap_rows(h, exported));
    write(&rows)
}

/// The histograms over κ vectors: `bin_from, bin_to`, then the count of κ vectors per
/// classifier; then a blank line and a summary (`classifier, vectors, min, mean, max,
/// first_share, first_alone, first_tied`) and the note on how the vectors were chosen.
///
/// # Examples
///
/// ```
/// use ulab_state::pd::{export::histogram_csv, grid::{GridPlan, GridSettings}, Classifiers};
/// use ulab_state::presets::factory;
/// let c = Classifiers::from_app(&factory().classifiers()).unwrap();
/// let r = GridPlan::new(&c, &GridSettings { bins: 4, ..Default::default() }).unwrap().run();
/// let csv = histogram_csv(&r);
/// assert!(csv.starts_with("bin_from,bin_to,A,B\n0,0.25,0,0\n"));
/// assert!(csv.contains("\nB,25,"));
/// ```
pub fn histogram_csv(r: &GridResult) -> String {
    let a = &r.analysis;
    let mut header = vec!["bin_from".to_string(), "bin_to".to_string()];
    header.extend(r.names.iter().cloned());
    let mut rows = vec![header];
    rows.extend(histogram_rows(&r.analysis, exported));
    rows.push(vec![]);
    rows.push(
        [
            "classifier",
            "vectors",
            "min",
            "mean",
            "max",
            "first_share",
            "first_alone",
            "first_tied",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    );
    for (m, name) in r.names.iter().enumerate() {
        let get = |v: &[f64]| v.get(m).copied().map(exported).unwrap_or_default();
        rows.push(vec![
            name.clone(),
            a.vectors.to_string(),
            get(&a.min),
            get(&a.mean),
            get(&a.max),
            get(&a.first_share),
            get(&r.first_alone),
            get(&r.first_tied),
        ]);
    }
    rows.push(vec![]);
    rows.push(vec![r.note.clone()]);
    write(&rows)
}
