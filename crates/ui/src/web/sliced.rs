//! Reading a large file without freezing the page: the file is read a slice of
//! [`SLICE_BYTES`] at a time (`Blob.slice(…).arrayBuffer()`: the browser reads it off the main
//! thread; the page never holds the whole file as one string), each slice is given to an
//! incremental reader ([`Sliced`]) that works on it in bounded steps, and the page gets the
//! event loop back after about [`SLICE_MS`] of work ([`next_task`]). A piece of work longer than
//! [`LONG_MS`] leaves a mark in the page's performance timeline (`<what> <ms> ms`), for the
//! end-to-end tests and DevTools.

use leptos::prelude::window;

use crate::web::mc_pool::now_ms;
use crate::web::{js_message, next_task};

/// The work done per task, in milliseconds.
pub const SLICE_MS: f64 = 12.0;

/// The first slice of a job started by [`run_in_slices`], in milliseconds.
pub const FIRST_SLICE_MS: f64 = 3.0;

/// Bytes of the file read at once.
pub const SLICE_BYTES: f64 = 1024.0 * 1024.0;

/// A piece of work longer than this (ms) is marked in the performance timeline.
pub const LONG_MS: f64 = 30.0;

/// A reader that takes a file in pieces and reads it in bounded steps (the scores parser of the
/// ROC view, the classifier import).
pub trait Sliced {
    /// Takes the next slice of the file's bytes.
    ///
    /// # Errors
    /// The user's message (e.g. the file is too large).
    fn push_bytes(&mut self, bytes: &[u8]) -> Result<(), String>;
    /// The file has all come.
    fn end(&mut self);
    /// Reads a bounded amount of what has come (a few hundred lines).
    ///
    /// # Errors
    /// The user's message, naming the line.
    fn step(&mut self) -> Result<(), String>;
    /// Whether everything has come and been read.
    fn is_done(&self) -> bool;
    /// Bytes read, and bytes received.
    fn bytes(&self) -> (usize, usize);
}

/// Marks `what`, started at `started` (ms, [`now_ms`]), if it took longer than [`LONG_MS`].
pub fn note(what: &str, started: f64) {
    let ms = now_ms() - started;
    if ms > LONG_MS
        && let Some(p) = window().performance()
    {
        let _ = p.mark(&format!("{what} {ms:.0} ms"));
    }
}

/// The bytes `start..end` of `file`.
///
/// # Errors
/// The browser could not read the file.
pub async fn slice(file: &web_sys::File, start: f64, end: f64) -> Result<Vec<u8>, String> {
    let blob = file
        .slice_with_f64_and_f64(start, end)
        .map_err(|e| js_message(&e))?;
    let buffer = wasm_bindgen_futures::JsFuture::from(blob.array_buffer())
        .await
        .map_err(|e| js_message(&e))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Feeds `file` (or nothing more, if `None`: the reader already has its text and was ended) to
/// `reader` and reads it, a slice of time per task; `progress` is told the fraction done
/// between slices; `stale()` true stops the reading (`Ok(false)`). `what` names the marks of
/// long pieces of work. When this returns `Ok(true)`, the reader is done (or ended and starved,
/// and its own finish says why).
///
/// # Errors
/// The reader's message, or that the file could not be read.
pub async fn feed<R: Sliced>(
    reader: &mut R,
    file: Option<&web_sys::File>,
    what: &str,
    mut progress: impl FnMut(f64, &R),
    stale: impl Fn() -> bool,
) -> Result<bool, String> {
    let size = file.map_or(0.0, |f| f.size());
    let mut offset = 0.0;
    loop {
        if stale() {
            return Ok(false);
        }
        // Read what has come, for one slice of time.
        let start = now_ms();
        let mut starved = false;
        while !reader.is_done() && now_ms() - start < SLICE_MS {
            let (before, t) = (reader.bytes(), now_ms());
            reader.step()?;
            note(&format!("{what} step"), t);
            if reader.bytes() == before && !reader.is_done() {
                starved = true;
                break;
            }
        }
        note(&format!("{what} slice"), start);
        if reader.is_done() {
            return Ok(true);
        }
        let (done, total) = reader.bytes();
        let read = if file.is_some() {
            offset / size.max(1.0)
        } else {
            1.0
        };
        progress(
            (done as f64 / total.max(1) as f64 * read).clamp(0.0, 1.0),
            reader,
        );
        match (file, starved) {
            (Some(file), true) if offset < size => {
                let end = (offset + SLICE_BYTES).min(size);
                let bytes = slice(file, offset, end)
                    .await
                    .map_err(|e| format!("the file could not be read ({e})"))?;
                offset = end;
                let t = now_ms();
                reader.push_bytes(&bytes)?;
                if offset >= size {
                    reader.end();
                }
                note(&format!("{what} push"), t);
            }
            // Everything has come and nothing more can be read: the reader's finish says why.
            (_, true) => {
                reader.end();
                return Ok(true);
            }
            (_, false) => next_task().await,
        }
    }
}

/// Runs `step` — one bounded piece of work, `Ok(true)` when the job is done — for about
/// [`SLICE_MS`] per task until the job is done, giving the event loop back between tasks
/// ([`next_task`]) and calling `between` then (to show progress); `stale()` true stops it
/// (`Ok(false)`). `what` names the marks of long pieces of work. A job of one short piece
/// finishes in the task that starts it; the first slice is only [`FIRST_SLICE_MS`] long,
/// because one change often starts several jobs in the same task (a file in: the decisions,
/// the recalibration, the reliability diagrams, …), and their first slices add up there.
///
/// # Errors
/// The first error of `step`.
pub async fn run_in_slices(
    what: &str,
    mut step: impl FnMut() -> Result<bool, String>,
    stale: impl Fn() -> bool,
    mut between: impl FnMut(),
) -> Result<bool, String> {
    let mut budget = FIRST_SLICE_MS;
    loop {
        if stale() {
            return Ok(false);
        }
        let start = now_ms();
        loop {
            let t = now_ms();
            let done = step()?;
            note(&format!("{what} step"), t);
            if done {
                note(&format!("{what} slice"), start);
                return Ok(true);
            }
            if now_ms() - start >= budget {
                break;
            }
        }
        budget = SLICE_MS;
        note(&format!("{what} slice"), start);
        between();
        next_task().await;
    }
}
