//! Reading a scores file without freezing the page: the parser and the curves' sort run in
//! slices of about [`SLICE_MS`] each, one per task ([`set_timeout`] of zero), so that the page
//! stays responsive (no main-thread task much over the slice) for 10⁶ rows. On error nothing
//! changes: the previous curves stay and the message (which names the line) is shown.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;

use super::{LoadState, Loaded, RocContext, Shared};
use crate::state::roc::build::TableCurves;
use crate::state::roc::scores::{ScoresError, ScoresParser, ScoresTable};

/// The work done per task, in milliseconds.
pub const SLICE_MS: f64 = 12.0;

/// Lines parsed per call of [`ScoresParser::step`] (several calls per slice).
const LINES_PER_STEP: usize = 500;

/// Scores handled per call of [`TableCurves::step`].
const UNITS_PER_STEP: usize = 8_000;

fn now() -> f64 {
    js_sys::Date::now()
}

/// What a loading is doing.
enum Job {
    Parsing(ScoresParser),
    Building(Shared<ScoresTable>, usize, TableCurves),
}

/// Starts reading `text` (the file `file`): parse, then (once the positive label is known)
/// build the curves; a later loading stops this one.
pub fn start(rc: RocContext, file: String, text: String) {
    let generation = rc.generation.get_untracked() + 1;
    rc.generation.set(generation);
    rc.pending.set(None);
    let parser = match ScoresParser::new(text) {
        Ok(p) => p,
        Err(e) => return fail(rc, &file, &e.to_string()),
    };
    rc.load
        .set(LoadState::Working(format!("Reading {file}"), 0.0));
    let job = Rc::new(RefCell::new(Job::Parsing(parser)));
    schedule(rc, file, job, generation);
}

/// Builds the curves of a table already read, with `positive` as class 0.
pub fn build(rc: RocContext, file: String, table: Shared<ScoresTable>, positive: usize) {
    let generation = rc.generation.get_untracked() + 1;
    rc.generation.set(generation);
    rc.pending.set(None);
    rc.load.set(LoadState::Working(
        format!("Sorting the scores of {file}"),
        0.0,
    ));
    let job = TableCurves::new(&table, positive);
    let job = Rc::new(RefCell::new(Job::Building(table, positive, job)));
    schedule(rc, file, job, generation);
}

fn fail(rc: RocContext, file: &str, why: &str) {
    let kept = if rc.loaded.with_untracked(Option::is_some) {
        "the previous data are kept"
    } else {
        "nothing was loaded"
    };
    rc.load.set(LoadState::Failed(format!(
        "{file} was not read ({kept}): {why}"
    )));
}

fn schedule(rc: RocContext, file: String, job: Rc<RefCell<Job>>, generation: u32) {
    set_timeout(
        move || tick(rc, file, job, generation),
        std::time::Duration::ZERO,
    );
}

/// One slice of work; schedules the next one.
fn tick(rc: RocContext, file: String, job: Rc<RefCell<Job>>, generation: u32) {
    if rc.generation.try_get_untracked() != Some(generation) {
        return; // a later loading, or the view is gone
    }
    let start = now();
    let mut next = None;
    {
        let mut j = job.borrow_mut();
        match &mut *j {
            Job::Parsing(parser) => {
                while now() - start < SLICE_MS && !parser.is_done() {
                    if let Err(e) = parser.step(LINES_PER_STEP) {
                        return fail(rc, &file, &e.to_string());
                    }
                }
                let p = parser.progress();
                if !parser.is_done() {
                    let f = p.bytes_done as f64 / p.bytes_total.max(1) as f64;
                    rc.load.set(LoadState::Working(
                        format!(
                            "Reading {file}: {} rows",
                            crate::text::number(p.rows as f64, 0)
                        ),
                        f,
                    ));
                } else {
                    next = Some(());
                }
            }
            Job::Building(table, positive, curves) => {
                let mut done = false;
                while now() - start < SLICE_MS && !done {
                    match curves.step(table, UNITS_PER_STEP) {
                        Ok(d) => done = d,
                        Err(e) => return fail(rc, &file, &e.to_string()),
                    }
                }
                if done {
                    let curves = std::mem::replace(curves, TableCurves::new(table, *positive));
                    let loaded = Loaded {
                        file: file.clone(),
                        table: table.clone(),
                        positive: *positive,
                        curves: Shared(Arc::new(curves.finish())),
                    };
                    finish(rc, loaded);
                    return;
                }
                rc.load.set(LoadState::Working(
                    format!("Sorting the scores of {file}"),
                    curves.progress(),
                ));
            }
        }
    }
    if next.is_some() {
        // Parsed: take the table, choose the positive label, build.
        let parser = match std::mem::replace(&mut *job.borrow_mut(), Job::Parsing(placeholder())) {
            Job::Parsing(p) => p,
            Job::Building(..) => return,
        };
        let table = match parser.finish() {
            Ok(t) => Shared(Arc::new(t)),
            Err(e) => return fail(rc, &file, &e.to_string()),
        };
        return positive_then_build(rc, file, table);
    }
    schedule(rc, file, job, generation);
}

/// An empty parser, to take the real one out of the job.
fn placeholder() -> ScoresParser {
    ScoresParser::new("y,s\n".into()).expect("a valid header")
}

/// The positive label from the link (`pos`) or scikit-learn's rule; else asks the user.
fn positive_then_build(rc: RocContext, file: String, table: Shared<ScoresTable>) {
    let chosen = rc.app.state.with_untracked(|s| s.roc.positive.clone());
    match table.positive(chosen.as_deref()) {
        Ok(p) => build(rc, file, table, p),
        Err(e @ (ScoresError::PositiveRequired { .. } | ScoresError::UnknownPositive { .. })) => {
            rc.load.set(LoadState::Failed(e.to_string()));
            rc.pending.set(Some((file, table)));
        }
        Err(e) => fail(rc, &file, &e.to_string()),
    }
}

/// The curves are built: in force, and the link notes the classifiers.
fn finish(rc: RocContext, loaded: Loaded) {
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
        crate::text::number(loaded.table.rows() as f64, 0),
        names.len(),
        if names.len() == 1 { "" } else { "s" },
        names.join(", "),
        pos,
        neg
    );
    rc.set_loaded(Some(loaded));
    let _ = rc.app.edit(|s| s.roc.scores = names);
    rc.load.set(LoadState::Done(summary));
}
