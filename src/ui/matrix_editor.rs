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

use crate::core::matrix::format_shortest;
use crate::core::Matrix;

fn texts_of(m: &Matrix) -> Vec<Vec<String>> {
    (0..m.rows())
        .map(|i| m.row(i).iter().map(|v| format_shortest(*v)).collect())
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
    let texts = RwSignal::new(value.with_untracked(texts_of));
    let bad = RwSignal::new(Vec::<(usize, usize)>::new());
    let problem = RwSignal::new(None::<String>);
    let table_ref = NodeRef::<html::Table>::new();

    // Outside changes refresh the fields, unless they already mean that matrix.
    Effect::new(move |_| {
        let v = value.get();
        let same = texts.with_untracked(|t| {
            t.len() == v.rows()
                && t.first().map(|r| r.len()) == Some(v.cols())
                && read(t, &[], &[], false).map(|m| m == v).unwrap_or(false)
        });
        if !same {
            texts.set(texts_of(&v));
            bad.set(Vec::new());
            problem.set(None);
        }
    });

    let evaluate = move || {
        let t = texts.get_untracked();
        let mut marks = Vec::new();
        for (i, row) in t.iter().enumerate() {
            for (j, cell) in row.iter().enumerate() {
                if parse_cell(cell, non_negative).is_err() {
                    marks.push((i, j));
                }
            }
        }
        bad.set(marks);
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

    let set_cell = move |i: usize, j: usize, text: String| {
        texts.update(|t| {
            if let Some(c) = t.get_mut(i).and_then(|r| r.get_mut(j)) {
                *c = text;
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
        let (rows, cols) =
            texts.with_untracked(|t| (t.len(), t.first().map(|r| r.len()).unwrap_or(0)));
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
        texts.update(|t| {
            let (rows, cols) = (t.len(), t.first().map(|r| r.len()).unwrap_or(0));
            let whole = pasted.rows() == rows && pasted.cols() == cols;
            let (r0, c0) = if whole { (0, 0) } else { (i, j) };
            for pi in 0..pasted.rows() {
                for pj in 0..pasted.cols() {
                    if let Some(cell) = t.get_mut(r0 + pi).and_then(|r| r.get_mut(c0 + pj)) {
                        *cell = format_shortest(pasted.get(pi, pj));
                    }
                }
            }
        });
        evaluate();
    };

    let dims =
        Memo::new(move |_| texts.with(|t| (t.len(), t.first().map(|r| r.len()).unwrap_or(0))));
    let error_id = format!("{testid}-error");
    let error_id2 = error_id.clone();

    view! {
        <div class="matrix-editor">
            <table class="matrix matrix-input" node_ref=table_ref data-testid=testid aria-label=move || label.get()>
                <thead>
                    <tr>
                        <th scope="col" class="matrix-axes">{move || corner.get()}</th>
                        {move || {
                            col_labels
                                .get()
                                .into_iter()
                                .take(dims.get().1)
                                .map(|c| view! { <th scope="col">{c}</th> })
                                .collect_view()
                        }}
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        let (rows, cols) = dims.get();
                        (0..rows)
                            .map(|i| {
                                let row_label = move || {
                                    row_labels.with(|r| r.get(i).cloned().unwrap_or_else(|| format!("{}", i)))
                                };
                                view! {
                                    <tr>
                                        <th scope="row">{row_label}</th>
                                        {(0..cols)
                                            .map(|j| {
                                                let described_by = error_id.clone();
                                                let aria = move || {
                                                    let r = row_labels.with(|r| r.get(i).cloned().unwrap_or_default());
                                                    let c = col_labels.with(|c| c.get(j).cloned().unwrap_or_default());
                                                    let ra = row_axis.get().unwrap_or_else(|| "row".into());
                                                    let ca = col_axis.get().unwrap_or_else(|| "column".into());
                                                    format!("{}: {ra} {r}, {ca} {c}", label.get())
                                                };
                                                let invalid = move || bad.with(|b| b.contains(&(i, j)));
                                                view! {
                                                    <td>
                                                        <input
                                                            type="text"
                                                            inputmode="decimal"
                                                            autocomplete="off"
                                                            spellcheck="false"
                                                            class="cell"
                                                            class:is-invalid=invalid
                                                            aria-invalid=move || if invalid() { "true" } else { "false" }
                                                            aria-describedby=described_by
                                                            aria-label=aria
                                                            data-r=i
                                                            data-c=j
                                                            prop:value=move || {
                                                                texts.with(|t| t.get(i).and_then(|r| r.get(j)).cloned().unwrap_or_default())
                                                            }
                                                            on:input=move |ev| set_cell(i, j, event_target_value(&ev))
                                                            on:keydown=move |ev| on_key(i, j, ev)
                                                            on:paste=move |ev| on_paste(i, j, ev)
                                                        />
                                                    </td>
                                                }
                                            })
                                            .collect_view()}
                                    </tr>
                                }
                            })
                            .collect_view()
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
