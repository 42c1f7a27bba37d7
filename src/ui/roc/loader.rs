//! Reading a scores file without freezing the page. The file is read a slice of
//! [`SLICE_BYTES`] at a time (`Blob.slice(…).arrayBuffer()`: the browser reads it off the main
//! thread; the page never holds the whole file as one string), each slice is parsed as it comes
//! ([`ScoresParser::push_bytes`], [`ScoresParser::step`]), then the curves are sorted
//! ([`TableCurves::step`]); every piece of work takes about [`SLICE_MS`] and the page gets the
//! event loop back between two ([`next_task`]), so no main-thread task is much longer than a
//! slice for 10⁶ rows. The previous curves stay in force until the new ones are complete; on
//! error nothing changes and the message (which names the line) is shown. A piece of work that
//! took longer than [`LONG_MS`] leaves a mark in the page's performance timeline
//! (`roc-load <what> <ms> ms`), for the end-to-end test and DevTools.

use std::sync::Arc;

use leptos::prelude::*;

use super::{LoadState, Loaded, RocContext, Shared};
use crate::state::roc::build::TableCurves;
use crate::state::roc::scores::{ScoresError, ScoresParser, ScoresTable};
use crate::text::{number, percent};
use crate::ui::web::mc_pool::now_ms;
use crate::ui::web::next_task;

/// The work done per task, in milliseconds.
pub const SLICE_MS: f64 = 12.0;

/// Bytes of the file read at once.
pub const SLICE_BYTES: f64 = 1024.0 * 1024.0;

/// A piece of work longer than this (ms) is marked in the performance timeline.
pub const LONG_MS: f64 = 30.0;

/// Marks `what`, started at `started` (ms, [`now_ms`]), if it took longer than [`LONG_MS`].
fn note(what: &str, started: f64) {
    let ms = now_ms() - started;
    if ms > LONG_MS {
        if let Some(p) = window().performance() {
            let _ = p.mark(&format!("roc-load {what} {ms:.0} ms"));
        }
    }
}

/// Lines parsed per call of [`ScoresParser::step`] (several calls per slice).
const LINES_PER_STEP: usize = 500;

/// Scores handled per call of [`TableCurves::step`].
const UNITS_PER_STEP: usize = 8_000;

/// What is read: a file (in slices) or a text already in memory (pasted).
pub enum Source {
    /// A dropped or picked file.
    File(web_sys::File),
    /// A text.
    Text(String),
}

/// Makes the loadings under way stop; returns the new loading's number.
fn next_generation(rc: RocContext) -> u32 {
    let generation = rc.generation.get_untracked() + 1;
    rc.generation.set(generation);
    rc.pending.set(None);
    generation
}

/// Whether the loading `generation` was overtaken (a later loading, or the view is gone).
fn stale(rc: RocContext, generation: u32) -> bool {
    rc.generation.try_get_untracked() != Some(generation)
}

/// Starts reading `source` (called `name`): parse, then (once the positive label is known)
/// build the curves; a later loading stops this one.
pub fn start(rc: RocContext, name: String, source: Source) {
    let generation = next_generation(rc);
    rc.load
        .set(LoadState::Working(format!("Reading {name}…"), 0.0));
    leptos::task::spawn_local(async move {
        match read(rc, &name, source, generation).await {
            Ok(Some(table)) => positive_then_build(rc, name, Shared(Arc::new(table))),
            Ok(None) => {}
            Err(why) => fail(rc, &name, &why),
        }
    });
}

/// The bytes `start..end` of `file`.
async fn slice(file: &web_sys::File, start: f64, end: f64) -> Result<Vec<u8>, String> {
    let blob = file
        .slice_with_f64_and_f64(start, end)
        .map_err(|e| crate::ui::web::js_message(&e))?;
    let buffer = wasm_bindgen_futures::JsFuture::from(blob.array_buffer())
        .await
        .map_err(|e| crate::ui::web::js_message(&e))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Reads and parses `source` in slices; `None` if overtaken.
async fn read(
    rc: RocContext,
    name: &str,
    source: Source,
    generation: u32,
) -> Result<Option<ScoresTable>, String> {
    let mut parser = ScoresParser::streaming();
    let (file, size) = match source {
        Source::File(f) => {
            let size = f.size();
            (Some(f), size)
        }
        Source::Text(t) => {
            parser.push_str(&t).map_err(|e| e.to_string())?;
            parser.end();
            (None, t.len() as f64)
        }
    };
    let mut offset = 0.0;
    loop {
        if stale(rc, generation) {
            return Ok(None);
        }
        // Parse what has come, for one slice of time.
        let start = now_ms();
        let mut starved = false;
        while !parser.is_done() && now_ms() - start < SLICE_MS {
            let (before, t) = (parser.progress(), now_ms());
            parser.step(LINES_PER_STEP).map_err(|e| e.to_string())?;
            note("parse step", t);
            if parser.progress() == before && !parser.is_done() {
                starved = true;
                break;
            }
        }
        note("parse slice", start);
        if parser.is_done() {
            break;
        }
        let p = parser.progress();
        let read = if file.is_some() {
            offset / size.max(1.0)
        } else {
            1.0
        };
        let f = (p.bytes_done as f64 / p.bytes_total.max(1) as f64 * read).clamp(0.0, 1.0);
        rc.load.set(LoadState::Working(
            format!(
                "Reading {name}… {} ({} rows)",
                percent(f, 0),
                number(p.rows as f64, 0)
            ),
            f,
        ));
        match (&file, starved) {
            (Some(file), true) if offset < size => {
                let end = (offset + SLICE_BYTES).min(size);
                let bytes = slice(file, offset, end)
                    .await
                    .map_err(|e| format!("the file could not be read ({e})"))?;
                offset = end;
                let t = now_ms();
                parser.push_bytes(&bytes).map_err(|e| e.to_string())?;
                if offset >= size {
                    parser.end();
                }
                note("push", t);
            }
            // Everything has come and nothing more can be read: finish says why.
            (_, true) => {
                parser.end();
                break;
            }
            (_, false) => next_task().await,
        }
    }
    let t = now_ms();
    let table = parser.finish().map(Some).map_err(|e| e.to_string());
    note("finish", t);
    table
}

/// Builds the curves of a table already read, with `positive` as class 0.
pub fn build(rc: RocContext, name: String, table: Shared<ScoresTable>, positive: usize) {
    let generation = next_generation(rc);
    rc.load.set(LoadState::Working(
        format!("Sorting the scores of {name}…"),
        0.0,
    ));
    leptos::task::spawn_local(async move {
        let mut job = TableCurves::new(&table, positive);
        loop {
            if stale(rc, generation) {
                return;
            }
            let start = now_ms();
            let mut done = false;
            while !done && now_ms() - start < SLICE_MS {
                let (stage, t) = (job.stage(), now_ms());
                match job.step(&table, UNITS_PER_STEP) {
                    Ok(d) => done = d,
                    Err(e) => return fail(rc, &name, &e.to_string()),
                }
                note(stage, t);
            }
            note("sort slice", start);
            if done {
                break;
            }
            rc.load.set(LoadState::Working(
                format!(
                    "Sorting the scores of {name}… {}",
                    percent(job.progress(), 0)
                ),
                job.progress(),
            ));
            next_task().await;
        }
        let loaded = Loaded {
            file: name,
            table,
            positive,
            curves: Shared(Arc::new(job.finish())),
        };
        finish(rc, loaded).await;
    });
}

fn fail(rc: RocContext, name: &str, why: &str) {
    let kept = if rc.loaded.with_untracked(Option::is_some) {
        "the previous data are kept"
    } else {
        "nothing was loaded"
    };
    rc.load.set(LoadState::Failed(format!(
        "{name} was not read ({kept}): {why}"
    )));
}

/// The positive label from the link (`pos`) or scikit-learn's rule; else asks the user.
fn positive_then_build(rc: RocContext, name: String, table: Shared<ScoresTable>) {
    let chosen = rc.app.state.with_untracked(|s| s.roc.positive.clone());
    match table.positive(chosen.as_deref()) {
        Ok(p) => build(rc, name, table, p),
        Err(e @ (ScoresError::PositiveRequired { .. } | ScoresError::UnknownPositive { .. })) => {
            rc.load.set(LoadState::Failed(e.to_string()));
            rc.pending.set(Some((name, table)));
        }
        Err(e) => fail(rc, &name, &e.to_string()),
    }
}

/// The curves are built: in force (the analysis, the table and the plots follow in this
/// task), then, in the next, the link notes the classifiers.
async fn finish(rc: RocContext, loaded: Loaded) {
    let names: Vec<String> = loaded
        .table
        .classifiers
        .iter()
        .map(|c| c.name.clone())
        .collect();
    let [pos, neg] = loaded.table.class_names(loaded.positive);
    let summary = format!(
        "{}: {} rows, {} classifier{} ({}); class 0 (positive) = '{}', class 1 = '{}'.",
        loaded.file,
        number(loaded.table.rows() as f64, 0),
        names.len(),
        if names.len() == 1 { "" } else { "s" },
        names.join(", "),
        pos,
        neg
    );
    let t = now_ms();
    rc.set_loaded(Some(loaded));
    note("apply", t);
    next_task().await;
    let t = now_ms();
    let _ = rc.app.edit(|s| s.roc.scores = names);
    rc.load.set(LoadState::Done(summary));
    note("link", t);
}
