//! An editable matrix: one text field per cell, both axes labelled.
//!
//! * Each cell is checked as it is typed; a bad cell (not a number, or beyond ±10¹⁵,
//!   [`MAX_COUNT`]) is marked (`aria-invalid`) and explained under the table, and **the last
//!   good matrix stays in force** until every cell is valid again.
//! * **An edit that ends invalid is undone**, as in a spreadsheet: when the focus leaves a cell
//!   whose text is not a valid cell (not a number, negative, beyond the bound), the cell is put
//!   back to its text from before the edit (when it got the focus), and the message says what
//!   was wrong and where. A matrix that is invalid only as a whole (a class with no case) is
//!   left to the next edit, which may fix it; the last valid matrix stays in force meanwhile.
//! * A whole-matrix check (e.g. "counts must not be negative") runs before a commit.
//! * Arrow keys (up/down, and left/right at the ends of the text) and Enter move between cells.
//! * Pasting a block (spreadsheet cells, or the matrix syntax `1,2;3,4`) into a cell fills the
//!   matrix from that cell on; pasting a whole matrix of the right size replaces it.
//! * When the matrix changes from outside (a preset, an import, a change of orientation), the
//!   fields are refreshed — but never while what is typed already means the same matrix, so
//!   typing `0.` is not rewritten to `0`.

use crate::ui::{handler, rx};
use leptos::ev::{ClipboardEvent, KeyboardEvent, Targeted};
use leptos::html;
use leptos::prelude::*;
use web_sys::HtmlInputElement;

use crate::core::limits::MAX_COUNT;
use crate::core::Matrix;
use crate::text::shortest;

fn texts_of(m: &Matrix) -> Vec<Vec<String>> {
    (0..m.rows())
        .map(|i| m.row(i).iter().map(|v| shortest(*v)).collect())
        .collect()
}

fn parse_cell(text: &str, non_negative: bool) -> Result<f64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("is empty".into());
    }
    match Matrix::parse(t) {
        Ok(m) if m.rows() == 1 && m.cols() == 1 && non_negative && m.get(0, 0) < 0.0 => {
            Err(format!(
                "is negative ({}); counts and fractions must be ≥ 0",
                t.chars().take(20).collect::<String>()
            ))
        }
        Ok(m) if m.rows() == 1 && m.cols() == 1 && m.get(0, 0).abs() > MAX_COUNT => Err(format!(
            "'{}' is beyond ±10¹⁵, the largest number accepted",
            t.chars().take(20).collect::<String>()
        )),
        Ok(m) if m.rows() == 1 && m.cols() == 1 => Ok(m.get(0, 0)),
        _ => Err(format!(
            "'{}' is not a number",
            t.chars().take(20).collect::<String>()
        )),
    }
}

/// The label of row or column `i`, or "row 3" when there is none.
fn label_at(labels: &[String], i: usize, axis: &str) -> String {
    labels
        .get(i)
        .cloned()
        .unwrap_or_else(|| format!("{axis} {}", i + 1))
}

/// What the cells currently mean: the matrix, or the first problem.
fn read(
    texts: &[Vec<String>],
    rows: &[String],
    cols: &[String],
    non_negative: bool,
) -> Result<Matrix, String> {
    let mut data = Vec::new();
    for (i, row) in texts.iter().enumerate() {
        for (j, t) in row.iter().enumerate() {
            match parse_cell(t, non_negative) {
                Ok(v) => data.push(v),
                Err(e) => {
                    let (r, c) = (label_at(rows, i, "row"), label_at(cols, j, "column"));
                    return Err(format!("Cell ({r}, {c}) {e}"));
                }
            }
        }
    }
    let cols_n = texts.first().map(|r| r.len()).unwrap_or(0);
    Matrix::new(texts.len(), cols_n, data).map_err(|e| e.to_string())
}

/// The signals of one cell: what is typed, whether it is bad, and its input.
#[derive(Clone)]
struct Cell {
    text: ArcRwSignal<String>,
    bad: ArcRwSignal<bool>,
    input: NodeRef<html::Input>,
}

/// The editor's cells, one pair of signals per cell, so that typing in a cell re-renders that
/// cell only; `dims` changes (and the table's structure is rebuilt) only with the size.
#[derive(Clone, Copy)]
struct Cells {
    grid: StoredValue<Vec<Vec<Cell>>>,
    dims: RwSignal<(usize, usize)>,
}

impl Cells {
    fn new(texts: Vec<Vec<String>>) -> Cells {
        let cells = Cells {
            grid: StoredValue::new(Vec::new()),
            dims: RwSignal::new((0, 0)),
        };
        cells.show(texts);
        cells
    }

    /// What is typed, rows first.
    fn texts(&self) -> Vec<Vec<String>> {
        self.grid.with_value(|g| {
            g.iter()
                .map(|r| r.iter().map(|c| c.text.get_untracked()).collect())
                .collect()
        })
    }

    /// Shows `texts` (rows first): new cells when the size changes, else only the changed ones.
    fn show(&self, texts: Vec<Vec<String>>) {
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
                                input: NodeRef::new(),
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
    fn text(&self, i: usize, j: usize) -> Option<String> {
        self.grid.with_value(|g| {
            g.get(i)
                .and_then(|r| r.get(j))
                .map(|c| c.text.get_untracked())
        })
    }

    /// Writes `text` into cell (i, j) (its field shows it).
    fn put(&self, i: usize, j: usize, text: String) {
        self.grid.with_value(|g| {
            if let Some(c) = g.get(i).and_then(|r| r.get(j)) {
                c.text.set(text);
            }
        });
    }

    /// Stores what was typed in cell (i, j) without re-rendering its field (which shows it).
    fn store(&self, i: usize, j: usize, text: String) {
        self.grid.with_value(|g| {
            if let Some(c) = g.get(i).and_then(|r| r.get(j)) {
                c.text.update_untracked(|t| *t = text);
            }
        });
    }

    /// Marks each cell bad or good.
    fn mark(&self, texts: &[Vec<String>], non_negative: bool) {
        self.grid.with_value(|g| {
            for (row, texts) in g.iter().zip(texts) {
                for (cell, text) in row.iter().zip(texts) {
                    let is_bad = parse_cell(text, non_negative).is_err();
                    if cell.bad.get_untracked() != is_bad {
                        cell.bad.set(is_bad);
                    }
                }
            }
        });
    }

    /// Focuses cell (i, j) and selects its text.
    fn focus(&self, i: usize, j: usize) {
        let input = self
            .grid
            .with_value(|g| g.get(i).and_then(|r| r.get(j)).map(|c| c.input));
        if let Some(input) = input.and_then(|n| n.get_untracked()) {
            let _ = input.focus();
            input.select();
        }
    }
}

/// The cell that `key` moves to from (i, j) in a `rows × cols` matrix, with the caret at `caret`
/// of `len` characters: up/down and Enter always, left/right at the ends of the text.
fn arrow_target(
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
fn paste_into(
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

/// An editable matrix.
///
/// Over ~120 lines: a dozen documented props and the table's markup; the cells' logic is in `Cells`
/// and `cell_input`.
#[component]
pub fn MatrixEditor(
    /// The matrix in force, as displayed (rows first).
    #[prop(into)]
    value: Signal<Matrix>,
    /// Labels of the displayed rows.
    #[prop(into)]
    row_labels: Signal<Vec<String>>,
    /// Labels of the displayed columns.
    #[prop(into)]
    col_labels: Signal<Vec<String>>,
    /// The corner cell: which axis is which, e.g. "output ↓ / true →".
    #[prop(into)]
    corner: Signal<String>,
    /// Checks a candidate matrix; `Err` explains why it cannot be used.
    check: Callback<Matrix, Result<(), String>>,
    /// Receives each new valid matrix.
    on_commit: Callback<Matrix>,
    /// What the matrix is, for screen readers and the error text.
    #[prop(into)]
    label: Signal<String>,
    /// `data-testid` of the table.
    #[prop(into)]
    testid: String,
    /// Every cell must be ≥ 0 (counts, fractions): a negative cell is marked like a non-number.
    #[prop(optional)]
    non_negative: bool,
    /// What the rows are, for screen readers ("output"; default "row").
    #[prop(optional, into)]
    row_axis: MaybeProp<String>,
    /// What the columns are, for screen readers ("true"; default "column").
    #[prop(optional, into)]
    col_axis: MaybeProp<String>,
) -> impl IntoView {
    let cells = Cells::new(value.with_untracked(texts_of));
    let problem = RwSignal::new(None::<String>);
    // The cell being edited and its text when the edit began (when it got the focus).
    let before_edit = StoredValue::new(None::<(usize, usize, String)>);

    // Outside changes refresh the fields, unless they already mean that matrix.
    Effect::new(move |_| {
        let v = value.get();
        let t = cells.texts();
        let same = t.len() == v.rows()
            && t.first().map(|r| r.len()) == Some(v.cols())
            && read(&t, &[], &[], false).map(|m| m == v).unwrap_or(false);
        if !same {
            cells.show(texts_of(&v));
            problem.set(None);
        }
    });

    // Marks the cells, then commits what they mean if it is a valid matrix.
    let evaluate = move || {
        let t = cells.texts();
        cells.mark(&t, non_negative);
        let rows = row_labels.get_untracked();
        let cols = col_labels.get_untracked();
        match read(&t, &rows, &cols, non_negative).and_then(|m| check.run(m.clone()).map(|_| m)) {
            Ok(m) => {
                problem.set(None);
                if m != value.get_untracked() {
                    on_commit.run(m);
                }
            }
            Err(e) => problem.set(Some(format!("{e}. The last valid matrix is still in use."))),
        }
    };
    // A cell got the focus (its edit begins) or lost it (the edit ends: a value that is not a
    // valid cell is put back to the one from before the edit).
    let on_edit = move |i: usize, j: usize, edge: Edge| {
        if edge == Edge::Began {
            let text = cells.text(i, j);
            before_edit.set_value(text.map(|t| (i, j, t)));
            return;
        }
        let Some((bi, bj, before)) = before_edit.with_value(Clone::clone) else {
            return;
        };
        before_edit.set_value(None);
        let Some(now) = cells.text(i, j).filter(|_| (bi, bj) == (i, j)) else {
            return;
        };
        let Err(why) = parse_cell(&now, non_negative) else {
            return;
        };
        cells.put(i, j, before.clone());
        evaluate();
        let (r, c) = (
            label_at(&row_labels.get_untracked(), i, "row"),
            label_at(&col_labels.get_untracked(), j, "column"),
        );
        let undone =
            format!("Cell ({r}, {c}) {why}: it is back to {before}, its value before this edit.");
        problem.update(|p| {
            *p = Some(
                p.take()
                    .map_or(undone.clone(), |rest| format!("{undone} {rest}")),
            )
        });
    };
    let on_input = move |i: usize, j: usize, text: String| {
        cells.store(i, j, text);
        evaluate();
    };
    let on_key = move |i: usize, j: usize, ev: Targeted<KeyboardEvent, HtmlInputElement>| {
        let input = ev.target();
        let caret = input.selection_start().ok().flatten().unwrap_or(0) as usize;
        let len = input.value().chars().count();
        let dims = cells.dims.get_untracked();
        if let Some((r, c)) = arrow_target(&ev.key(), (i, j), dims, caret, len) {
            ev.prevent_default();
            cells.focus(r, c);
        }
    };
    let on_paste = move |i: usize, j: usize, ev: ClipboardEvent| {
        let Some(text) = ev
            .clipboard_data()
            .and_then(|d| d.get_data("text/plain").ok())
        else {
            return;
        };
        if !text.contains(['\t', '\n', ';', ',']) || text.trim().is_empty() {
            return; // a single value: let the field take it
        }
        ev.prevent_default();
        match Matrix::parse_pasted(&text) {
            Ok(pasted) => {
                cells.show(paste_into(cells.texts(), (i, j), &pasted));
                evaluate();
            }
            Err(e) => problem.set(Some(format!("Pasted text: {e}"))),
        }
    };

    let uid = format!("me{}", super::input_kit::next_id());
    let error_id = format!("{testid}-error");
    let (label_id, row_axis_id, col_axis_id) = (
        format!("{uid}-label"),
        format!("{uid}-ra"),
        format!("{uid}-ca"),
    );
    let head_uid = uid.clone();
    let body_error_id = error_id.clone();
    view! {
        <div class="matrix-editor">
            <div hidden>
                <span id=label_id>{rx(move || label.get())}</span>
                <span id=row_axis_id>{rx(move || row_axis.get().unwrap_or_else(|| "row".into()))}</span>
                <span id=col_axis_id>{rx(move || col_axis.get().unwrap_or_else(|| "column".into()))}</span>
            </div>
            <table class="matrix matrix-input" data-testid=testid aria-label=rx(move || label.get())>
                <thead>
                    <tr>
                        <th scope="col" class="matrix-axes">{rx(move || corner.get())}</th>
                        {rx(move || {
                            let uid = head_uid.clone();
                            col_labels
                                .get()
                                .into_iter()
                                .take(cells.dims.get().1)
                                .enumerate()
                                .map(|(j, c)| view! { <th scope="col" id=format!("{uid}-c{j}")>{c}</th> })
                                .collect_view()
                        })}
                    </tr>
                </thead>
                <tbody>
                    {rx(move || {
                        let _ = cells.dims.get();
                        let ids = CellIds {
                            uid: uid.clone(),
                            error_id: body_error_id.clone(),
                        };
                        cells.grid.with_value(|g| {
                            g.iter()
                                .enumerate()
                                .map(|(i, row)| {
                                    let row_label = move || {
                                        row_labels.with(|r| r.get(i).cloned().unwrap_or_else(|| i.to_string()))
                                    };
                                    let inputs = row
                                        .iter()
                                        .enumerate()
                                        .map(|(j, cell)| cell_input(cell.clone(), (i, j), &ids, on_input, on_key, on_paste, on_edit))
                                        .collect_view();
                                    view! {
                                        <tr>
                                            <th scope="row" id=format!("{}-r{i}", ids.uid)>{row_label}</th>
                                            {inputs}
                                        </tr>
                                    }
                                })
                                .collect_view()
                        })
                    })}
                </tbody>
            </table>
            <p class="field-error" id=error_id role="status" aria-live="polite">
                {rx(move || {
                    problem.get()
                })}
            </p>
        </div>
    }
}

/// An edit of a cell begins when it gets the focus, and ends when it loses it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Edge {
    Began,
    Ended,
}

/// The ids a cell's input refers to: the editor's prefix, and its error line.
struct CellIds {
    uid: String,
    error_id: String,
}

/// The input of cell (i, j), labelled by the matrix, the axes, its row and its column.
fn cell_input(
    cell: Cell,
    (i, j): (usize, usize),
    ids: &CellIds,
    on_input: impl Fn(usize, usize, String) + Copy + 'static,
    on_key: impl Fn(usize, usize, Targeted<KeyboardEvent, HtmlInputElement>) + Copy + 'static,
    on_paste: impl Fn(usize, usize, ClipboardEvent) + Copy + 'static,
    on_edit: impl Fn(usize, usize, Edge) + Copy + 'static,
) -> impl IntoView {
    let uid = &ids.uid;
    let labelled_by = format!("{uid}-label {uid}-ra {uid}-r{i} {uid}-ca {uid}-c{j}");
    let Cell { text, bad, input } = cell;
    let bad2 = bad.clone();
    view! {
        <td>
            <input
                type="text"
                inputmode="decimal"
                autocomplete="off"
                spellcheck="false"
                class="cell"
                class:is-invalid=rx(move || bad.get())
                aria-invalid=rx(move || if bad2.get() { "true" } else { "false" })
                aria-describedby=ids.error_id.clone()
                aria-labelledby=labelled_by
                data-r=i
                data-c=j
                node_ref=input
                prop:value=rx(move || text.get())
                on:input:target=move |ev| on_input(i, j, ev.target().value())
                on:keydown:target=move |ev| on_key(i, j, ev)
                on:paste=handler(move |ev| on_paste(i, j, ev))
                on:focus=handler(move |_| on_edit(i, j, Edge::Began))
                on:blur=handler(move |_| on_edit(i, j, Edge::Ended))
            />
        </td>
    }
}
