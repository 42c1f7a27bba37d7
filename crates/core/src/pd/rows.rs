//! The rows of the p-d grids' tables — the plots' tables on the page and the CSV exports —
//! with numbers written by a function the caller chooses (the page's, or the exported files'
//! [`exported`](crate::text::exported)).

use super::GridAnalysis;
use super::heatmaps::{Heatmaps, bits};

/// The rows of the state's heatmap CSV without its header, numbers written by `num` (the CSV's
/// [`exported`](crate::text::exported), or the page's numbers in the plot's table).
pub fn heatmap_rows(h: &Heatmaps, num: fn(f64) -> String) -> Vec<Vec<String>> {
    let mut rows = Vec::with_capacity(h.side() * h.side());
    for i in 0..h.side() {
        for j in 0..h.side() {
            let mut row = vec![num(i as f64 * h.step()), num(j as f64 * h.step())];
            row.extend(h.grids.iter().map(|g| num(g[i][j])));
            let first: Vec<&str> = bits(h.winners[i][j])
                .into_iter()
                .filter_map(|m| h.names.get(m).map(String::as_str))
                .collect();
            row.push(first.join(" = "));
            rows.push(row);
        }
    }
    rows
}

/// The bins of the state's histogram CSV without its header: `bin_from, bin_to`, then the count of κ
/// vectors per classifier; the edges written by `num` (the CSV's [`exported`](crate::text::exported), or the page's
/// numbers in the plot's table).
pub fn histogram_rows(a: &GridAnalysis, num: fn(f64) -> String) -> Vec<Vec<String>> {
    (0..a.edges.len().saturating_sub(1))
        .map(|b| {
            let mut row = vec![num(a.edges[b]), num(a.edges[b + 1])];
            row.extend(
                a.histograms
                    .iter()
                    .map(|h| h.get(b).copied().unwrap_or(0).to_string()),
            );
            row
        })
        .collect()
}
