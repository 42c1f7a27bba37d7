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
//! * Pasting a block (spreadsheet cells, the matrix syntax `1,2;3,4`, NumPy's print: every form
//!   [`read_matrix_text`] reads) into a cell fills the matrix from that cell on; pasting a
//!   whole matrix of the right size replaces it.
//! * When the matrix changes from outside (a preset, an import, a change of orientation), the
//!   fields are refreshed — but never while what is typed already means the same matrix, so
//!   typing `0.` is not rewritten to `0`.

use crate::{Var, handler, on_value, rx};
use leptos::ev::{ClipboardEvent, KeyboardEvent, Targeted};
use leptos::prelude::*;
use web_sys::HtmlInputElement;

use ulab_core::Matrix;
use ulab_state::edit::read_matrix_text;
use ulab_state::edit::text::Rule;

mod cells;
use crate::reactive::effect;
use cells::{Cell, Cells, arrow_target, label_at, parse_cell, paste_into, texts_of};

/// An editable matrix: the cells ([`Cells`]) with what the editor keeps between keystrokes
/// ([`Editor`]), and the table.
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
    let ed = Editor {
        cells: Cells::new(value.with_untracked(texts_of)),
        problem: Var::new(None),
        before_edit: StoredValue::new(None),
        meant: StoredValue::new(None),
        fresh_focus: StoredValue::new(false),
        value,
        row_labels,
        col_labels,
        check,
        on_commit,
        non_negative,
    };
    // Outside changes refresh the fields, unless they already mean that matrix.
    effect(move |_| ed.refresh(value.get()));

    let uid = format!("me{}", super::input_kit::next_id());
    let ids = CellIds {
        error_id: format!("{testid}-error"),
        uid,
    };
    let names = AxisNames {
        label,
        row_axis,
        col_axis,
    };
    let problem = ed.problem;
    view! {
        <div class="matrix-editor">
            {names.hidden(&ids.uid)}
            <table class="matrix matrix-input" data-testid=testid aria-label=rx(move || label.get())>
                <thead>{head_row(ed, corner, ids.uid.clone())}</thead>
                <tbody>{body_rows(ed, ids.clone())}</tbody>
            </table>
            <p class="field-error" id=ids.error_id role="status" aria-live="polite">
                {rx(move || problem.get())}
            </p>
        </div>
    }
}

/// The names a cell's input is labelled by: the matrix's, and its axes' ("row" and "column"
/// unless given).
struct AxisNames {
    label: Signal<String>,
    row_axis: MaybeProp<String>,
    col_axis: MaybeProp<String>,
}

impl AxisNames {
    /// The names as hidden elements, with the ids the cells' `aria-labelledby` refer to.
    fn hidden(self, uid: &str) -> impl IntoView + use<> {
        let AxisNames {
            label,
            row_axis,
            col_axis,
        } = self;
        view! {
            <div hidden>
                <span id=format!("{uid}-label")>{rx(move || label.get())}</span>
                <span id=format!("{uid}-ra")>{rx(move || row_axis.get().unwrap_or_else(|| "row".into()))}</span>
                <span id=format!("{uid}-ca")>{rx(move || col_axis.get().unwrap_or_else(|| "column".into()))}</span>
            </div>
        }
    }
}

/// The head row: the corner, then a header per column.
fn head_row(ed: Editor, corner: Signal<String>, uid: String) -> impl IntoView {
    let (cells, col_labels) = (ed.cells, ed.col_labels);
    view! {
        <tr>
            <th scope="col" class="matrix-axes">{rx(move || corner.get())}</th>
            {rx(move || {
                let uid = uid.clone();
                col_labels
                    .get()
                    .into_iter()
                    .take(cells.dims.get().1)
                    .enumerate()
                    .map(|(j, c)| view! { <th scope="col" id=format!("{uid}-c{j}")>{c}</th> })
                    .collect_view()
            })}
        </tr>
    }
}

/// The body: a row per matrix row, its header then its cells (rebuilt when the size changes).
fn body_rows(ed: Editor, ids: CellIds) -> impl IntoView {
    let (cells, row_labels) = (ed.cells, ed.row_labels);
    rx(move || {
        let _ = cells.dims.get();
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
                        .map(|(j, cell)| cell_input(cell.clone(), (i, j), &ids, ed))
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
    })
}

/// What the editor keeps between keystrokes, and what it does with them.
#[derive(Clone, Copy)]
struct Editor {
    cells: Cells,
    /// What is wrong with the cells, said under the table.
    problem: Var<Option<String>>,
    /// The cell being edited and its text when the edit began (when it got the focus).
    before_edit: StoredValue<Option<(usize, usize, String)>>,
    /// The matrix the cells mean, when it is known: set by each reading of the cells that
    /// finds one (and by a refresh), cleared by one that finds none.
    meant: StoredValue<Option<Matrix>>,
    /// Whether a cell has just got the focus (the mouse button's release then keeps its text
    /// selected).
    fresh_focus: StoredValue<bool>,
    value: Signal<Matrix>,
    row_labels: Signal<Vec<String>>,
    col_labels: Signal<Vec<String>>,
    check: Callback<Matrix, Result<(), String>>,
    on_commit: Callback<Matrix>,
    non_negative: bool,
}

impl Editor {
    /// The matrix in force is `v` (from outside, or an edit's own commit coming back): the
    /// fields are refreshed unless they already mean it (typing `0.` is not rewritten to `0`).
    fn refresh(&self, v: Matrix) {
        let same = match self.meant.with_value(|m| m.as_ref().map(|m| *m == v)) {
            Some(same) => same,
            None => self.cells.read(&[], &[], false).is_ok_and(|m| m == v),
        };
        if !same {
            self.cells.show(texts_of(&v));
            self.problem.set(None);
        }
        self.meant.set_value(Some(v));
    }

    /// Marks the cells (or only the one typed in: the others are unchanged), then commits what
    /// they mean if it is a valid matrix.
    fn evaluate(&self, only: Option<(usize, usize)>) {
        self.cells.mark(only, self.non_negative);
        let rows = self.row_labels.get_untracked();
        let cols = self.col_labels.get_untracked();
        let read = self.cells.read(&rows, &cols, self.non_negative);
        self.meant.set_value(read.as_ref().ok().cloned());
        match read.and_then(|m| self.check.run(m.clone()).map(|_| m)) {
            Ok(m) => {
                self.problem.set(None);
                if m != self.value.get_untracked() {
                    self.on_commit.run(m);
                }
            }
            Err(e) => self
                .problem
                .set(Some(format!("{e}. The last valid matrix is still in use."))),
        }
    }

    /// A cell got the focus (its edit begins: its text is selected, as in a spreadsheet, so
    /// that typing replaces it) or lost it (the edit ends: a value that is not a valid cell is
    /// put back to the one from before the edit).
    fn on_edit(&self, i: usize, j: usize, edge: Edge) {
        // A focused cell that is removed (the editor rebuilt by the edit itself) loses the
        // focus after its editor is gone: nothing to do then.
        if self.before_edit.is_disposed() {
            return;
        }
        match edge {
            Edge::Began => {
                let text = self.cells.text(i, j);
                self.before_edit.set_value(text.map(|t| (i, j, t)));
                self.cells.select(i, j);
                self.fresh_focus.set_value(true);
            }
            // The click that gave the focus would put the caret and lose the selection.
            Edge::MouseUp(ev) => {
                if self.fresh_focus.get_value() {
                    ev.prevent_default();
                }
                self.fresh_focus.set_value(false);
            }
            Edge::Ended => {
                self.fresh_focus.set_value(false);
                self.undo_if_invalid(i, j);
            }
        }
    }

    /// At the end of an edit of cell (i, j): a text that is not a valid cell goes back to its
    /// text from before the edit, and the message says what was wrong and where.
    fn undo_if_invalid(&self, i: usize, j: usize) {
        let Some((bi, bj, before)) = self.before_edit.with_value(Clone::clone) else {
            return;
        };
        self.before_edit.set_value(None);
        let Some(now) = self.cells.text(i, j).filter(|_| (bi, bj) == (i, j)) else {
            return;
        };
        let Err(why) = parse_cell(&now, self.non_negative) else {
            return;
        };
        self.cells.put(i, j, before.clone());
        self.evaluate(None);
        let (r, c) = (
            label_at(&self.row_labels.get_untracked(), i, "row"),
            label_at(&self.col_labels.get_untracked(), j, "column"),
        );
        let undone =
            format!("Cell ({r}, {c}) {why}: it is back to {before}, its value before this edit.");
        self.problem.update(|p| {
            *p = Some(
                p.take()
                    .map_or(undone.clone(), |rest| format!("{undone} {rest}")),
            )
        });
    }

    fn on_input(&self, i: usize, j: usize, text: String) {
        self.cells.store(i, j, text);
        self.evaluate(Some((i, j)));
    }

    /// Arrow keys (at the ends of the text for left and right) and Enter move between cells.
    fn on_key(&self, i: usize, j: usize, ev: Targeted<KeyboardEvent, HtmlInputElement>) {
        let input = ev.target();
        let caret = input.selection_start().ok().flatten().unwrap_or(0) as usize;
        let len = input.value().chars().count();
        let dims = self.cells.dims.get_untracked();
        if let Some((r, c)) = arrow_target(&ev.key(), (i, j), dims, caret, len) {
            ev.prevent_default();
            self.cells.focus(r, c);
        }
    }

    /// A block pasted into cell (i, j) fills the matrix from there; a single value is left to
    /// the field.
    fn on_paste(&self, i: usize, j: usize, ev: ClipboardEvent) {
        let Some(text) = ev
            .clipboard_data()
            .and_then(|d| d.get_data("text/plain").ok())
        else {
            return;
        };
        if !text.contains(['\t', '\n', ';', ',', '[']) || text.trim().is_empty() {
            return; // a single value: let the field take it
        }
        ev.prevent_default();
        let rule = if self.non_negative {
            Rule::Counts
        } else {
            Rule::Any
        };
        match read_matrix_text(&text, rule) {
            Ok(pasted) => {
                self.cells
                    .show(paste_into(self.cells.texts(), (i, j), &pasted.matrix));
                self.evaluate(None);
            }
            Err(e) => self.problem.set(Some(format!("Pasted text: {e}"))),
        }
    }
}

/// An edit of a cell begins when it gets the focus, and ends when it loses it; the mouse
/// button released on a cell just focused keeps its text selected.
enum Edge {
    Began,
    MouseUp(leptos::ev::MouseEvent),
    Ended,
}

/// The ids a cell's input refers to: the editor's prefix, and its error line.
#[derive(Clone)]
struct CellIds {
    uid: String,
    error_id: String,
}

/// The input of cell (i, j), labelled by the matrix, the axes, its row and its column.
fn cell_input(
    cell: Cell,
    (i, j): (usize, usize),
    ids: &CellIds,
    ed: Editor,
) -> impl IntoView + use<> {
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
                on:input=on_value(move |v| ed.on_input(i, j, v))
                on:keydown:target=move |ev| ed.on_key(i, j, ev)
                on:paste=handler(move |ev| ed.on_paste(i, j, ev))
                on:focus=handler(move |_| ed.on_edit(i, j, Edge::Began))
                on:blur=handler(move |_| ed.on_edit(i, j, Edge::Ended))
                on:mouseup=handler(move |ev| ed.on_edit(i, j, Edge::MouseUp(ev)))
            />
        </td>
    }
}
