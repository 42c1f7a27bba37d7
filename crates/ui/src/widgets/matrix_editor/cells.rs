//! The matrix editor's cells and the pure readers behind them: what a cell's text means
//! ([`parse_cell`]), what all the cells mean ([`Cells::read`]), where the arrow keys go
//! ([`arrow_target`]) and where a pasted block lands ([`paste_into`]).

use leptos::html;
use leptos::prelude::*;

use crate::Var;
use ulab_core::Matrix;
use ulab_core::text::shortest;
use ulab_state::edit::cell::read_cell;

/// What a matrix looks like typed: its cells as the shortest text, rows first.
pub(super) fn texts_of(m: &Matrix) -> Vec<Vec<String>> {
    (0..m.rows())
        .map(|i| m.row(i).iter().map(|v| shortest(*v)).collect())
        .collect()
}

/// What a cell's text means ([`read_cell`]), its problem as the sentence's end.
pub(super) fn parse_cell(text: &str, non_negative: bool) -> Result<f64, String> {
    read_cell(text, non_negative).map_err(|e| e.to_string())
}

/// The label of row or column `i`, or "row 3" when there is none.
pub(super) fn label_at(labels: &[String], i: usize, axis: &str) -> String {
    labels
        .get(i)
        .cloned()
        .unwrap_or_else(|| format!("{axis} {}", i + 1))
}

/// What the cells of a `rows × cols` matrix mean, cell (i, j) read by `cell(i, j)`: the matrix,
/// or every problem, each with the cell's row and column labels.
fn read_with(
    (n_rows, n_cols): (usize, usize),
    rows: &[String],
    cols: &[String],
    mut cell: impl FnMut(usize, usize) -> Result<f64, String>,
) -> Result<Matrix, String> {
    let mut data = Vec::with_capacity(n_rows * n_cols);
    let mut bad = Vec::new();
    for i in 0..n_rows {
        for j in 0..n_cols {
            match cell(i, j) {
                Ok(v) => data.push(v),
                Err(e) => {
                    let (r, c) = (label_at(rows, i, "row"), label_at(cols, j, "column"));
                    bad.push(format!("Cell ({r}, {c}) {e}"));
                }
            }
        }
    }
    if !bad.is_empty() {
        return Err(bad.join(". "));
    }
    Matrix::new(n_rows, n_cols, data).map_err(|e| e.to_string())
}

/// The signals of one cell: what is typed, whether it is bad, and its input.
#[derive(Clone)]
pub(super) struct Cell {
    pub(super) text: ArcRwSignal<String>,
    pub(super) bad: ArcRwSignal<bool>,
    pub(super) input: NodeRef<html::Input>,
}

/// The editor's cells, one pair of signals per cell, so that typing in a cell re-renders that
/// cell only; `dims` changes (and the table's structure is rebuilt) only with the size.
#[derive(Clone, Copy)]
pub(super) struct Cells {
    pub(super) grid: StoredValue<Vec<Vec<Cell>>>,
    pub(super) dims: Var<(usize, usize)>,
    /// The editor's owner: new cells' `NodeRef`s belong to it, not to whatever refresh
    /// (an Effect) made them, so that they live as long as the editor.
    owner: StoredValue<Option<Owner>>,
}

impl Cells {
    pub(super) fn new(texts: Vec<Vec<String>>) -> Cells {
        let cells = Cells {
            grid: StoredValue::new(Vec::new()),
            dims: Var::new((0, 0)),
            owner: StoredValue::new(Owner::current()),
        };
        cells.show(texts);
        cells
    }

    /// What is typed, rows first.
    pub(super) fn texts(&self) -> Vec<Vec<String>> {
        self.grid.with_value(|g| {
            g.iter()
                .map(|r| r.iter().map(|c| c.text.get_untracked()).collect())
                .collect()
        })
    }

    /// Shows `texts` (rows first): new cells when the size changes, else only the changed ones.
    pub(super) fn show(&self, texts: Vec<Vec<String>>) {
        let size = (texts.len(), texts.first().map(|r| r.len()).unwrap_or(0));
        if size != self.dims.get_untracked() {
            self.grid.set_value(
                texts
                    .into_iter()
                    .map(|r| {
                        r.into_iter()
                            .map(|t| Cell {
                                text: ArcRwSignal::new(t),
                                bad: ArcRwSignal::new(false),
                                input: self.owner.with_value(|o| match o {
                                    Some(owner) => owner.with(NodeRef::new),
                                    None => NodeRef::new(),
                                }),
                            })
                            .collect()
                    })
                    .collect(),
            );
            self.dims.set(size);
            return;
        }
        self.grid.with_value(|g| {
            for (row, new_row) in g.iter().zip(texts) {
                for (cell, t) in row.iter().zip(new_row) {
                    if cell.text.with_untracked(|old| *old != t) {
                        cell.text.set(t);
                    }
                    if cell.bad.get_untracked() {
                        cell.bad.set(false);
                    }
                }
            }
        });
    }

    /// What is typed in cell (i, j).
    pub(super) fn text(&self, i: usize, j: usize) -> Option<String> {
        self.grid.with_value(|g| {
            g.get(i)
                .and_then(|r| r.get(j))
                .map(|c| c.text.get_untracked())
        })
    }

    /// Writes `text` into cell (i, j) (its field shows it).
    pub(super) fn put(&self, i: usize, j: usize, text: String) {
        self.grid.with_value(|g| {
            if let Some(c) = g.get(i).and_then(|r| r.get(j)) {
                c.text.set(text);
            }
        });
    }

    /// Stores what was typed in cell (i, j) without re-rendering its field (which shows it).
    pub(super) fn store(&self, i: usize, j: usize, text: String) {
        self.grid.with_value(|g| {
            if let Some(c) = g.get(i).and_then(|r| r.get(j)) {
                c.text.update_untracked(|t| *t = text);
            }
        });
    }

    /// What the cells mean (read in place, without copying what is typed).
    pub(super) fn read(
        &self,
        rows: &[String],
        cols: &[String],
        non_negative: bool,
    ) -> Result<Matrix, String> {
        self.grid.with_value(|g| {
            let dims = (g.len(), g.first().map(|r| r.len()).unwrap_or(0));
            // Every row has the first row's length (`show` keeps the grid rectangular).
            read_with(dims, rows, cols, |i, j| {
                match g.get(i).and_then(|r| r.get(j)) {
                    Some(c) => c.text.with_untracked(|t| parse_cell(t, non_negative)),
                    None => Err("is missing".into()),
                }
            })
        })
    }

    /// Marks each cell bad or good, or only cell `only` (the others' texts are unchanged).
    pub(super) fn mark(&self, only: Option<(usize, usize)>, non_negative: bool) {
        self.grid.with_value(|g| {
            for (i, row) in g.iter().enumerate() {
                for (j, cell) in row.iter().enumerate() {
                    if only.is_some_and(|o| o != (i, j)) {
                        continue;
                    }
                    let is_bad = cell
                        .text
                        .with_untracked(|t| parse_cell(t, non_negative).is_err());
                    if cell.bad.get_untracked() != is_bad {
                        cell.bad.set(is_bad);
                    }
                }
            }
        });
    }

    /// Selects the text of cell (i, j). (Its input's `NodeRef` may be gone: cells made by an
    /// outside change are owned by the refresh that made them, so `try_`.)
    pub(super) fn select(&self, i: usize, j: usize) {
        let input = self
            .grid
            .with_value(|g| g.get(i).and_then(|r| r.get(j)).map(|c| c.input));
        if let Some(input) = input.and_then(|n| n.try_get_untracked().flatten()) {
            input.select();
        }
    }

    /// Focuses cell (i, j) and selects its text.
    pub(super) fn focus(&self, i: usize, j: usize) {
        let input = self
            .grid
            .with_value(|g| g.get(i).and_then(|r| r.get(j)).map(|c| c.input));
        if let Some(input) = input.and_then(|n| n.try_get_untracked().flatten()) {
            let _ = input.focus();
            input.select();
        }
    }
}

/// The cell that `key` moves to from (i, j) in a `rows × cols` matrix, with the caret at `caret`
/// of `len` characters: up/down and Enter always, left/right at the ends of the text.
pub(super) fn arrow_target(
    key: &str,
    (i, j): (usize, usize),
    (rows, cols): (usize, usize),
    caret: usize,
    len: usize,
) -> Option<(usize, usize)> {
    match key {
        "ArrowUp" if i > 0 => Some((i - 1, j)),
        "ArrowDown" | "Enter" if i + 1 < rows => Some((i + 1, j)),
        "ArrowLeft" if caret == 0 && j > 0 => Some((i, j - 1)),
        "ArrowRight" if caret >= len && j + 1 < cols => Some((i, j + 1)),
        _ => None,
    }
}

/// `texts` with a pasted block written from cell (i, j) on, or over the whole matrix when it
/// has the matrix's size; cells past the edges are dropped.
pub(super) fn paste_into(
    mut texts: Vec<Vec<String>>,
    (i, j): (usize, usize),
    pasted: &Matrix,
) -> Vec<Vec<String>> {
    let (rows, cols) = (texts.len(), texts.first().map(|r| r.len()).unwrap_or(0));
    let whole = pasted.rows() == rows && pasted.cols() == cols;
    let (r0, c0) = if whole { (0, 0) } else { (i, j) };
    for pi in 0..pasted.rows() {
        for pj in 0..pasted.cols() {
            if let Some(cell) = texts.get_mut(r0 + pi).and_then(|r| r.get_mut(c0 + pj)) {
                *cell = shortest(pasted.get(pi, pj));
            }
        }
    }
    texts
}
