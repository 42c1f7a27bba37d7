//! An editable matrix: one text field per cell, both axes labelled.
//!
//! * Each cell is checked as it is typed; a bad cell is marked (`aria-invalid`) and explained
//!   under the table, and **the last good matrix stays in force** until every cell is valid
//!   again.
//! * A whole-matrix check (e.g. "counts must not be negative") runs before a commit.
//! * Arrow keys (up/down, and left/right at the ends of the text) and Enter move between cells.
//! * Pasting a block (spreadsheet cells, or the matrix syntax `1,2;3,4`) into a cell fills the
//!   matrix from that cell on; pasting a whole matrix of the right size replaces it.
//! * When the matrix changes from outside (a preset, an import, a change of orientation), the
//!   fields are refreshed — but never while what is typed already means the same matrix, so
//!   typing `0.` is not rewritten to `0`.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

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
        Ok(m) if m.rows() == 1 && m.cols() == 1 => Ok(m.get(0, 0)),
        _ => Err(format!(
            "'{}' is not a number",
            t.chars().take(20).collect::<String>()
        )),
    }
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
                    let r = rows
                        .get(i)
                        .cloned()
                        .unwrap_or_else(|| format!("row {}", i + 1));
                    let c = cols
                        .get(j)
                        .cloned()
                        .unwrap_or_else(|| format!("column {}", j + 1));
                    return Err(format!("Cell ({r}, {c}) {e}"));
                }
            }
        }
    }
    let cols_n = texts.first().map(|r| r.len()).unwrap_or(0);
    Matrix::new(texts.len(), cols_n, data).map_err(|e| e.to_string())
}

/// An editable matrix.
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
    // One pair of signals per cell, so that typing in a cell re-renders that cell only; the
    // table's structure is rebuilt only when the dimensions change.
    let grid = StoredValue::new(Vec::<Vec<Cell>>::new());
    let dims = RwSignal::new((0usize, 0usize));
    let problem = RwSignal::new(None::<String>);
    let table_ref = NodeRef::<html::Table>::new();

    let texts_now = move || {
        grid.with_value(|g| {
            g.iter()
                .map(|r| r.iter().map(|c| c.text.get_untracked()).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        })
    };
    // Shows `texts` (rows first): new cells when the size changes, else only the changed ones.
    let show = move |texts: Vec<Vec<String>>| {
        let size = (texts.len(), texts.first().map(|r| r.len()).unwrap_or(0));
        if size != dims.get_untracked() {
            grid.set_value(
                texts
                    .into_iter()
                    .map(|r| {
                        r.into_iter()
                            .map(|t| Cell {
                                text: ArcRwSignal::new(t),
                                bad: ArcRwSignal::new(false),
                            })
                            .collect()
                    })
                    .collect(),
            );
            dims.set(size);
        } else {
            grid.with_value(|g| {
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
    };
    show(value.with_untracked(texts_of));

    // Outside changes refresh the fields, unless they already mean that matrix.
    Effect::new(move |_| {
        let v = value.get();
        let t = texts_now();
        let same = t.len() == v.rows()
            && t.first().map(|r| r.len()) == Some(v.cols())
            && read(&t, &[], &[], false).map(|m| m == v).unwrap_or(false);
        if !same {
            show(texts_of(&v));
            problem.set(None);
        }
    });

    let evaluate = move || {
        let t = texts_now();
        grid.with_value(|g| {
            for (row, texts) in g.iter().zip(&t) {
                for (cell, text) in row.iter().zip(texts) {
                    let is_bad = parse_cell(text, non_negative).is_err();
                    if cell.bad.get_untracked() != is_bad {
                        cell.bad.set(is_bad);
                    }
                }
            }
        });
        let rows = row_labels.get_untracked();
        let cols = col_labels.get_untracked();
        match read(&t, &rows, &cols, non_negative).and_then(|m| check.run(m.clone()).map(|_| m)) {
            Ok(m) => {
                problem.set(None);
                if m != value.get_untracked() {
                    on_commit.run(m);
                }
            }
            Err(e) => problem.set(Some(e)),
        }
    };

    // The field already shows what was typed: store it without re-rendering the field.
    let set_cell = move |i: usize, j: usize, text: String| {
        grid.with_value(|g| {
            if let Some(c) = g.get(i).and_then(|r| r.get(j)) {
                c.text.update_untracked(|t| *t = text);
            }
        });
        evaluate();
    };

    let focus_cell = move |i: usize, j: usize| {
        if let Some(table) = table_ref.get_untracked() {
            let sel = format!("input[data-r='{i}'][data-c='{j}']");
            if let Ok(Some(el)) = table.query_selector(&sel) {
                if let Ok(input) = el.dyn_into::<web_sys::HtmlInputElement>() {
                    let _ = input.focus();
                    input.select();
                }
            }
        }
    };

    let on_key = move |i: usize, j: usize, ev: leptos::ev::KeyboardEvent| {
        let (rows, cols) = dims.get_untracked();
        let input = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        let caret = input
            .as_ref()
            .and_then(|i| i.selection_start().ok().flatten())
            .unwrap_or(0) as usize;
        let len = input
            .as_ref()
            .map(|i| i.value().chars().count())
            .unwrap_or(0);
        let target = match ev.key().as_str() {
            "ArrowUp" if i > 0 => Some((i - 1, j)),
            "ArrowDown" | "Enter" if i + 1 < rows => Some((i + 1, j)),
            "ArrowLeft" if caret == 0 && j > 0 => Some((i, j - 1)),
            "ArrowRight" if caret >= len && j + 1 < cols => Some((i, j + 1)),
            _ => None,
        };
        if let Some((r, c)) = target {
            ev.prevent_default();
            focus_cell(r, c);
        }
    };

    let on_paste = move |i: usize, j: usize, ev: leptos::ev::ClipboardEvent| {
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
        let pasted = match Matrix::parse_pasted(&text) {
            Ok(m) => m,
            Err(e) => {
                problem.set(Some(format!("Pasted text: {e}")));
                return;
            }
        };
        let mut t = texts_now();
        let (rows, cols) = (t.len(), t.first().map(|r| r.len()).unwrap_or(0));
        let whole = pasted.rows() == rows && pasted.cols() == cols;
        let (r0, c0) = if whole { (0, 0) } else { (i, j) };
        for pi in 0..pasted.rows() {
            for pj in 0..pasted.cols() {
                if let Some(cell) = t.get_mut(r0 + pi).and_then(|r| r.get_mut(c0 + pj)) {
                    *cell = shortest(pasted.get(pi, pj));
                }
            }
        }
        show(t);
        evaluate();
    };

    let uid = format!("me{}", super::input_kit::next_id());
    let error_id = format!("{testid}-error");
    let error_id2 = error_id.clone();
    let (label_id, row_axis_id, col_axis_id) = (
        format!("{uid}-label"),
        format!("{uid}-ra"),
        format!("{uid}-ca"),
    );
    let uid2 = uid.clone();

    view! {
        <div class="matrix-editor">
            <div hidden>
                <span id=label_id>{move || label.get()}</span>
                <span id=row_axis_id>{move || row_axis.get().unwrap_or_else(|| "row".into())}</span>
                <span id=col_axis_id>{move || col_axis.get().unwrap_or_else(|| "column".into())}</span>
            </div>
            <table class="matrix matrix-input" node_ref=table_ref data-testid=testid aria-label=move || label.get()>
                <thead>
                    <tr>
                        <th scope="col" class="matrix-axes">{move || corner.get()}</th>
                        {move || {
                            let uid = uid2.clone();
                            col_labels
                                .get()
                                .into_iter()
                                .take(dims.get().1)
                                .enumerate()
                                .map(|(j, c)| view! { <th scope="col" id=format!("{uid}-c{j}")>{c}</th> })
                                .collect_view()
                        }}
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        let _ = dims.get();
                        let uid = uid.clone();
                        let error_id = error_id.clone();
                        grid.with_value(|g| {
                            g.iter()
                                .enumerate()
                                .map(|(i, row)| {
                                    let row_label = move || {
                                        row_labels.with(|r| r.get(i).cloned().unwrap_or_else(|| format!("{}", i)))
                                    };
                                    let cells = row
                                        .iter()
                                        .enumerate()
                                        .map(|(j, cell)| {
                                            let described_by = error_id.clone();
                                            let labelled_by = format!("{uid}-label {uid}-ra {uid}-r{i} {uid}-ca {uid}-c{j}");
                                            let text = cell.text.clone();
                                            let bad = cell.bad.clone();
                                            let bad2 = cell.bad.clone();
                                            view! {
                                                <td>
                                                    <input
                                                        type="text"
                                                        inputmode="decimal"
                                                        autocomplete="off"
                                                        spellcheck="false"
                                                        class="cell"
                                                        class:is-invalid=move || bad.get()
                                                        aria-invalid=move || if bad2.get() { "true" } else { "false" }
                                                        aria-describedby=described_by
                                                        aria-labelledby=labelled_by
                                                        data-r=i
                                                        data-c=j
                                                        prop:value=move || text.get()
                                                        on:input=move |ev| set_cell(i, j, event_target_value(&ev))
                                                        on:keydown=move |ev| on_key(i, j, ev)
                                                        on:paste=move |ev| on_paste(i, j, ev)
                                                    />
                                                </td>
                                            }
                                        })
                                        .collect_view();
                                    view! {
                                        <tr>
                                            <th scope="row" id=format!("{uid}-r{i}")>{row_label}</th>
                                            {cells}
                                        </tr>
                                    }
                                })
                                .collect_view()
                        })
                    }}
                </tbody>
            </table>
            <p class="field-error" id=error_id2 role="status" aria-live="polite">
                {move || {
                    problem
                        .get()
                        .map(|p| format!("{p}. The last valid matrix is still in use."))
                }}
            </p>
        </div>
    }
}

/// The signals of one cell: what is typed, and whether it is bad.
#[derive(Clone)]
struct Cell {
    text: ArcRwSignal<String>,
    bad: ArcRwSignal<bool>,
}
