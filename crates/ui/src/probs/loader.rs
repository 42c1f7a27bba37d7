//! Reading a probabilities file without freezing the page: the file is read a megabyte at a
//! time and parsed as it comes ([`crate::web::sliced`] drives [`ProbsParser`], a few hundred
//! lines per step, about 12 ms of work per task). Its beginning is read first to recognise
//! columns named `PREFIX_CLASS` (scikit-learn's `proba_0, proba_1`), which are then read as
//! `PREFIX:CLASS`. The previous data stay in force until the new file is complete; on error
//! nothing changes and the message (which names the line and the model) is shown. A file of
//! single columns whose labels have no conventional positive asks for it (`pos` in the link,
//! as the ROC view reads it). The built-in samples are files like any other.

use std::cell::RefCell;

use leptos::prelude::*;

use super::{LoadState, Loaded, ProbsContext, Shared};
use crate::web::handoff::{self, Source, head};
use crate::web::mc_pool::now_ms;
use crate::web::next_task;
use crate::web::sliced::{Sliced, feed, note};
use ulab_core::text::{number, percent};
use ulab_state::probs::file::{ProbsFile, ProbsFileError, ProbsOptions, ProbsParser};
use ulab_state::probs::recognise::{SNIFF_BYTES, sniff};
use ulab_state::probs::sample::{DEFAULT_SEED, sample};

/// Lines parsed per call of [`ProbsParser::step`] (several calls per slice).
const LINES_PER_STEP: usize = 500;

/// The probabilities parser, read [`LINES_PER_STEP`] lines per step, keeping its typed error
/// (a positive label to choose is a question, not a failure).
struct Reading {
    parser: ProbsParser,
    error: Option<ProbsFileError>,
}

impl Reading {
    fn keep<T>(&mut self, r: Result<T, ProbsFileError>) -> Result<T, String> {
        r.map_err(|e| {
            let m = e.to_string();
            self.error = Some(e);
            m
        })
    }
}

impl Sliced for Reading {
    fn push_bytes(&mut self, bytes: &[u8]) -> Result<(), String> {
        let r = self.parser.push_bytes(bytes);
        self.keep(r)
    }
    fn end(&mut self) {
        self.parser.end();
    }
    fn step(&mut self) -> Result<(), String> {
        let r = self.parser.step(LINES_PER_STEP).map(|_| ());
        self.keep(r)
    }
    fn is_done(&self) -> bool {
        self.parser.is_done()
    }
    fn bytes(&self) -> (usize, usize) {
        let p = self.parser.progress();
        (p.bytes_done, p.bytes_total)
    }
}

thread_local! {
    /// The last file given (to read it again with another positive label).
    static LAST: RefCell<Option<(String, Source)>> = const { RefCell::new(None) };
}

/// Why a reading stopped: the user's message, or a positive label to choose.
enum Stop {
    Failed(String),
    Positive(Vec<String>),
}

impl From<ProbsFileError> for Stop {
    fn from(e: ProbsFileError) -> Stop {
        match e {
            ProbsFileError::PositiveRequired { labels, .. } => Stop::Positive(labels),
            other => Stop::Failed(other.to_string()),
        }
    }
}

/// Makes the readings under way stop; returns the new reading's number.
fn next_generation(pc: ProbsContext) -> u32 {
    let generation = pc.generation.get_untracked() + 1;
    pc.generation.set(generation);
    pc.choose_positive.set(None);
    generation
}

/// Whether the reading `generation` was overtaken (a later one, or the view is gone).
fn stale(pc: ProbsContext, generation: u32) -> bool {
    pc.generation.try_get_untracked() != Some(generation)
}

/// Reads the file handed over by another view (the ROC view), if any.
pub fn take_handed(pc: ProbsContext) {
    if let Some((name, source)) = handoff::take() {
        start(pc, name, source);
    }
}

/// Starts reading `source` (called `name`); a later reading stops this one.
pub fn start(pc: ProbsContext, name: String, source: Source) {
    LAST.with(|l| *l.borrow_mut() = Some((name.clone(), source.clone())));
    let generation = next_generation(pc);
    pc.load
        .set(LoadState::Working(format!("Reading {name}…"), 0.0));
    leptos::task::spawn_local(async move {
        match read(pc, &name, source, generation).await {
            Ok(Some(file)) => finish(pc, name, file).await,
            Ok(None) => {}
            Err(Stop::Failed(why)) => fail(pc, &name, &why),
            Err(Stop::Positive(labels)) => {
                let e = ProbsFileError::PositiveRequired {
                    line: 1,
                    labels: labels.clone(),
                };
                fail(pc, &name, &e.to_string());
                pc.choose_positive.set(Some(labels));
            }
        }
    });
}

/// Reads the last file again with `label` as its positive label (and keeps it in the link).
pub fn with_positive(pc: ProbsContext, label: String) {
    let _ = pc.app.edit(|s| s.roc.positive = Some(label));
    if let Some((name, source)) = LAST.with(|l| l.borrow().clone()) {
        start(pc, name, source);
    }
}

/// Reads and parses `source` in slices; `None` if overtaken.
async fn read(
    pc: ProbsContext,
    name: &str,
    source: Source,
    generation: u32,
) -> Result<Option<ProbsFile>, Stop> {
    // Columns named PREFIX_CLASS are read as PREFIX:CLASS.
    let header = match head(&source, SNIFF_BYTES).await {
        Ok((text, complete)) => sniff(&text, complete).map(|r| r.header),
        Err(e) => return Err(Stop::Failed(format!("the file could not be read ({e})"))),
    };
    let positive = pc.app.state.with_untracked(|s| s.roc.positive.clone());
    let mut reading = Reading {
        parser: ProbsParser::streaming(ProbsOptions {
            positive,
            header,
            ..ProbsOptions::default()
        }),
        error: None,
    };
    let file = match source {
        Source::File(f) => Some(f),
        Source::Text(t) => {
            reading.parser.push_str(&t)?;
            reading.parser.end();
            None
        }
    };
    let progress = |f: f64, r: &Reading| {
        pc.load.set(LoadState::Working(
            format!(
                "Reading {name}… {} ({} rows)",
                percent(f, 0),
                number(r.parser.progress().rows as f64, 0)
            ),
            f,
        ));
    };
    let going = feed(
        &mut reading,
        file.as_ref(),
        "probs-load parse",
        progress,
        || stale(pc, generation),
    )
    .await;
    match (going, reading.error.take()) {
        (Ok(false), _) => return Ok(None),
        (Err(_), Some(e)) => return Err(e.into()),
        (Err(e), None) => return Err(Stop::Failed(e)),
        (Ok(true), _) => {}
    }
    let t = now_ms();
    let file = reading.parser.finish()?;
    note("probs-load finish", t);
    Ok(Some(file))
}

fn fail(pc: ProbsContext, name: &str, why: &str) {
    let kept = if pc.loaded.with_untracked(Option::is_some) {
        "the previous data are kept"
    } else {
        "nothing was loaded"
    };
    pc.load.set(LoadState::Failed(format!(
        "{name} was not read ({kept}): {why}"
    )));
}

/// A file's summary: rows, models, classes, renormalized rows, ignored columns.
fn summary(name: &str, f: &ProbsFile) -> String {
    let models = f.models();
    let renormalized: usize = f.renormalized().iter().sum();
    let mut out = format!(
        "{name}: {} rows, {} model{} ({}), {} classes ({})",
        number(f.table.n_items() as f64, 0),
        models.len(),
        if models.len() == 1 { "" } else { "s" },
        models.join(", "),
        f.classes.len(),
        f.classes.join(", ")
    );
    if let Some(p) = &f.positive {
        out.push_str(&format!("; single columns give p('{p}')"));
    }
    if renormalized > 0 {
        out.push_str(&format!("; {renormalized} rows renormalized"));
    }
    if !f.ignored.is_empty() {
        out.push_str(&format!("; ignored: {}", f.ignored.join(", ")));
    }
    out.push('.');
    out
}

/// The file is read: in force (the decisions and plots follow), then, in the next task, the
/// link notes the models and drops the sample.
async fn finish(pc: ProbsContext, name: String, file: ProbsFile) {
    let done = summary(&name, &file);
    let models = file.models();
    let t = now_ms();
    pc.set_loaded(Some(Loaded {
        name,
        file: Shared::new(file),
        sample: None,
    }));
    note("probs-load apply", t);
    next_task().await;
    let _ = pc.app.edit(|s| {
        s.probs.sample = None;
        s.probs.models = models;
    });
    pc.load.set(LoadState::Done(done));
}

/// The built-in sample `name` in force (generated from its seed: a few milliseconds).
pub fn show_sample(pc: ProbsContext, name: &str) {
    let Some(s) = sample(name, DEFAULT_SEED) else {
        return;
    };
    next_generation(pc);
    pc.load.set(LoadState::Done(summary(
        &format!("The {} sample", s.name),
        &s.file,
    )));
    pc.set_loaded(Some(Loaded {
        name: format!("the {} sample", s.name),
        file: Shared::new(s.file),
        sample: Some(s.name.to_string()),
    }));
}
