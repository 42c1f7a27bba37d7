//! Reading a scores file without freezing the page. The file is read in slices and parsed as it
//! comes ([`crate::web::sliced`] drives [`ScoresParser`]), then the curves are sorted
//! ([`TableCurves::step`]); every piece of work takes about [`SLICE_MS`] and the page gets the
//! event loop back between two ([`next_task`]), so no main-thread task is much longer than a
//! slice for 10⁶ rows. The previous curves stay in force until the new ones are complete; on
//! error nothing changes and the message (which names the line) is shown. A piece of work that
//! took longer than [`crate::web::sliced::LONG_MS`] leaves a mark in the page's performance
//! timeline (`roc-load <what> <ms> ms`), for the end-to-end test and DevTools.

use std::sync::Arc;

use leptos::prelude::*;

use super::context::{LoadState, Loaded, RocContext, Shared};
use crate::web::handoff::{Source, head};
use crate::web::mc_pool::now_ms;
use crate::web::next_task;
use crate::web::sliced::{SLICE_MS, Sliced, feed, note};
use ulab_core::text::{number, percent};
use ulab_state::probs::recognise::{SNIFF_BYTES, all_probabilities, sniff};
use ulab_state::roc::build::TableCurves;
use ulab_state::roc::labels::adopt_labels;
use ulab_state::roc::scores::{ScoresError, ScoresParser, ScoresTable};

/// The scores parser, read [`LINES_PER_STEP`] lines per step.
impl Sliced for ScoresParser {
    fn push_bytes(&mut self, bytes: &[u8]) -> Result<(), String> {
        ScoresParser::push_bytes(self, bytes).map_err(|e| e.to_string())
    }
    fn end(&mut self) {
        ScoresParser::end(self);
    }
    fn step(&mut self) -> Result<(), String> {
        ScoresParser::step(self, LINES_PER_STEP)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
    fn is_done(&self) -> bool {
        ScoresParser::is_done(self)
    }
    fn bytes(&self) -> (usize, usize) {
        let p = self.progress();
        (p.bytes_done, p.bytes_total)
    }
}

/// Lines parsed per call of [`ScoresParser::step`] (several calls per slice).
const LINES_PER_STEP: usize = 500;

/// Scores handled per call of [`TableCurves::step`].
const UNITS_PER_STEP: usize = 8_000;

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
    rc.probabilities.set(None);
    leptos::task::spawn_local(async move {
        // A probabilities file by its columns (`MODEL:CLASS`, `PREFIX_CLASS`: [`sniff`]) is
        // not scores: said, and not read as one classifier per class.
        let by_columns = match head(&source, SNIFF_BYTES).await {
            Ok((text, complete)) => sniff(&text, complete),
            Err(_) => None,
        };
        if let Some(r) = by_columns {
            if !stale(rc, generation) {
                rc.load
                    .set(LoadState::Failed(r.not_scores(&name, kept(rc))));
                let what = format!(
                    "{name} is a probabilities file: one column per class for {} ({}) — the \
                     Probabilities view reads it.",
                    r.models.join(", "),
                    r.classes.join(", ")
                );
                rc.probabilities.set(Some((what, name, source)));
            }
            return;
        }
        let copy = source.clone();
        let table = match read(rc, &name, source, generation).await {
            Ok(Some(table)) => Shared(Arc::new(table)),
            Ok(None) => return,
            Err(why) => return fail(rc, &name, &why),
        };
        if all_probabilities(&table) && !stale(rc, generation) {
            let what = format!(
                "Every score of {name} is between 0 and 1: if they are probabilities of the \
                 positive label, the Probabilities view decides with them, checks their \
                 calibration and draws the decision curve."
            );
            rc.probabilities.set(Some((what, name.clone(), copy)));
        }
        positive_then_build(rc, name, table);
    });
}

/// Reads and parses `source` in slices; `None` if overtaken.
async fn read(
    rc: RocContext,
    name: &str,
    source: Source,
    generation: u32,
) -> Result<Option<ScoresTable>, String> {
    let mut parser = ScoresParser::streaming();
    let file = match source {
        Source::File(f) => Some(f),
        Source::Text(t) => {
            parser.push_str(&t).map_err(|e| e.to_string())?;
            parser.end();
            None
        }
    };
    let progress = |f: f64, parser: &ScoresParser| {
        rc.load.set(LoadState::Working(
            format!(
                "Reading {name}… {} ({} rows)",
                percent(f, 0),
                number(parser.progress().rows as f64, 0)
            ),
            f,
        ));
    };
    let stale = || stale(rc, generation);
    if !feed(
        &mut parser,
        file.as_ref(),
        "roc-load parse",
        progress,
        stale,
    )
    .await?
    {
        return Ok(None);
    }
    let t = now_ms();
    let table = parser.finish().map(Some).map_err(|e| e.to_string());
    note("roc-load finish", t);
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
                note(&format!("roc-load {stage}"), t);
            }
            note("roc-load sort slice", start);
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

/// What happens to the data in force when a file is not read.
fn kept(rc: RocContext) -> &'static str {
    if rc.loaded.with_untracked(Option::is_some) {
        "the previous data are kept"
    } else {
        "nothing was loaded"
    }
}

fn fail(rc: RocContext, name: &str, why: &str) {
    let kept = kept(rc);
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
    note("roc-load apply", t);
    next_task().await;
    let t = now_ms();
    // The file's labels become the classes' names, and the view says whose utilities apply.
    let mut adopted = None;
    let _ = rc.app.edit(|s| {
        s.roc.scores = names;
        adopted = adopt_labels(s, &pos, &neg);
    });
    rc.load.set(LoadState::Done(match adopted {
        Some(a) => format!("{summary} {a}"),
        None => summary,
    }));
    note("roc-load link", t);
}
