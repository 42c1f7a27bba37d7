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

use crate::{handler, rx};
use leptos::ev::{ClipboardEvent, KeyboardEvent, Targeted};
use leptos::prelude::*;
use web_sys::HtmlInputElement;

use ulab_core::Matrix;

mod cells;
use cells::{Cell, Cells, arrow_target, label_at, parse_cell, paste_into, texts_of};

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

    // The matrix the cells mean, when it is known: set by each reading of the cells that finds
    // one (and by a refresh), cleared by one that finds none.
    let meant = StoredValue::new(None::<Matrix>);

    // Outside changes refresh the fields, unless they already mean that matrix. An edit's own
    // commit comes back here as the matrix the cells mean: no need to read them again.
    Effect::new(move |_| {
        let v = value.get();
        let same = match meant.with_value(|m| m.as_ref().map(|m| *m == v)) {
            Some(same) => same,
            None => cells.read(&[], &[], false).is_ok_and(|m| m == v),
        };
        if !same {
            cells.show(texts_of(&v));
            problem.set(None);
        }
        meant.set_value(Some(v));
    });

    // Marks the cells (or only the one typed in: the others are unchanged), then commits what
    // they mean if it is a valid matrix.
    let evaluate = move |only: Option<(usize, usize)>| {
        cells.mark(only, non_negative);
        let rows = row_labels.get_untracked();
        let cols = col_labels.get_untracked();
        let read = cells.read(&rows, &cols, non_negative);
        meant.set_value(read.as_ref().ok().cloned());
        match read.and_then(|m| check.run(m.clone()).map(|_| m)) {
            Ok(m) => {
                problem.set(None);
                if m != value.get_untracked() {
                    on_commit.run(m);
                }
            }
            Err(e) => problem.set(Some(format!("{e}. The last valid matrix is still in use."))),
        }
    };
    // A cell got the focus (its edit begins: its text is selected, as in a spreadsheet, so that
    // typing replaces it) or lost it (the edit ends: a value that is not a valid cell is put
    // back to the one from before the edit).
    let fresh_focus = StoredValue::new(false);
    let on_edit = move |i: usize, j: usize, edge: Edge| {
        // A focused cell that is removed (the editor rebuilt by the edit itself) loses the
        // focus after its editor is gone: nothing to do then.
        if before_edit.is_disposed() {
            return;
        }
        match edge {
            Edge::Began => {
                let text = cells.text(i, j);
                before_edit.set_value(text.map(|t| (i, j, t)));
                cells.select(i, j);
                fresh_focus.set_value(true);
                return;
            }
            // The click that gave the focus would put the caret and lose the selection.
            Edge::MouseUp(ev) => {
                if fresh_focus.get_value() {
                    ev.prevent_default();
                }
                fresh_focus.set_value(false);
                return;
            }
            Edge::Ended => fresh_focus.set_value(false),
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
        evaluate(None);
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
        evaluate(Some((i, j)));
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
                evaluate(None);
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

/// An edit of a cell begins when it gets the focus, and ends when it loses it; the mouse
/// button released on a cell just focused keeps its text selected.
enum Edge {
    Began,
    MouseUp(leptos::ev::MouseEvent),
    Ended,
}

/// The ids a cell's input refers to: the editor's prefix, and its error line.
struct CellIds {
    uid: String,
    error_id: String,
}

/// The input of cell (i, j), labelled by the matrix, the axes, its row and its column.
fn cell_input<I, K, P, E>(
    cell: Cell,
    (i, j): (usize, usize),
    ids: &CellIds,
    on_input: I,
    on_key: K,
    on_paste: P,
    on_edit: E,
) -> impl IntoView + use<I, K, P, E>
where
    I: Fn(usize, usize, String) + Copy + 'static,
    K: Fn(usize, usize, Targeted<KeyboardEvent, HtmlInputElement>) + Copy + 'static,
    P: Fn(usize, usize, ClipboardEvent) + Copy + 'static,
    E: Fn(usize, usize, Edge) + Copy + 'static,
{
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
                on:mouseup=handler(move |ev| on_edit(i, j, Edge::MouseUp(ev)))
            />
        </td>
    }
}
