//! The pool of Monte Carlo web workers (`crates/mc-worker/src/main.rs`).
//!
//! * **Size**: `navigator.hardwareConcurrency` workers (at least 1, at most [`MAX_WORKERS`]),
//!   or fewer if the user says so ([`set_size`]); started on first use, then reused.
//! * **Jobs**: a job is a list of [`Work`] items (tasks), e.g. the chunks of a run. Tasks are
//!   handed out dynamically: each worker holds at most [`DEPTH`] tasks, and gets the next one
//!   (of the oldest job with tasks left) when it answers. The answers are stored by task
//!   number, so the job's outputs come back in task order whatever worker computed what, and
//!   merging them is exact anyway (integer tallies).
//! * **Progress** is tasks answered / tasks in the job. **Cancel** ([`cancel`]) drops the job:
//!   its remaining tasks are never sent, and the answers of those in flight are ignored when
//!   they arrive (they carry the job's id).
//! * **Failures**: a task the worker cannot compute fails its job with the worker's message; a
//!   worker that cannot be loaded (or does not start within [`START_TIMEOUT_MS`]) fails every
//!   waiting job; a worker that dies fails the jobs it was working on, and is replaced for the
//!   others. A failure always reaches the job's callback as [`Outcome::Failed`] — never a hung
//!   progress bar or a blank page.
//! * **Status** ([`status`]): how many workers are ready or starting, or why none runs — a
//!   signal the footer shows. Workers start with the first view that needs them ([`warm`]) or
//!   the first job, not with the page.
//!
//! (Over ~500 lines: the pool is one state machine — dispatch, start-up, failures and status
//! all work on the one `Pool` under its borrow; split, they would have to expose its insides.)
//!
//! The main thread's work per message is small: a JSON string is parsed (a chunk's tally is a
//! few hundred bytes) and stored; merging happens once, when the job is complete.

use std::cell::RefCell;
use std::collections::{BTreeSet, VecDeque};
use std::rc::Rc;

use leptos::prelude::{
    ArcRwSignal, GetUntracked, ReadSignal, Set, Signal, document, set_timeout, window,
};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker};

use super::js_message;
use ulab_worker::{Output, Request, Response, Work, WorkerError, parse_response, request_json};

/// The worker's script, relative to the page (`document.baseURI`), so that the app works from
/// any sub-path. Trunk emits it un-hashed (`data-loader-shim` on the worker's link).
pub const WORKER_SCRIPT: &str = "mc_worker_loader.js";

/// The most workers of the pool.
pub const MAX_WORKERS: usize = 8;

/// Tasks a worker holds at once: one being computed and one waiting, so that it never idles
/// while its answer travels to the page and the next task back.
pub const DEPTH: usize = 2;

/// How long a worker may take to load and start.
pub const START_TIMEOUT_MS: u64 = 30_000;

/// A job's number (for [`cancel`]).
pub type JobId = u32;

/// How the pool's workers are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PoolStatus {
    /// No worker started yet: they start with the first view or job that needs them.
    Idle,
    /// Workers are loading: `ready` of `started` have started.
    Starting { ready: usize, started: usize },
    /// Every started worker is ready.
    Ready { ready: usize },
    /// No worker runs, for this reason (one line for the user); the next job tries again.
    Failed(String),
}

impl PoolStatus {
    /// `data-state` of the footer's status line.
    pub fn key(&self) -> &'static str {
        match self {
            PoolStatus::Idle => "idle",
            PoolStatus::Starting { .. } => "starting",
            PoolStatus::Ready { .. } => "ready",
            PoolStatus::Failed(_) => "failed",
        }
    }
}

/// How a job ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Every task answered: the outputs in task order, the time from submission to the last
    /// answer, and how many workers took part.
    Done {
        outputs: Vec<Output>,
        seconds: f64,
        workers: usize,
    },
    /// A task or a worker failed: one line for the user.
    Failed(String),
}

type ProgressFn = Rc<dyn Fn(usize, usize)>;
type DoneFn = Box<dyn FnOnce(Outcome)>;

struct Job {
    id: JobId,
    works: Vec<Work>,
    next: usize,
    outputs: Vec<Option<Output>>,
    answered: usize,
    started_ms: f64,
    workers: BTreeSet<u32>,
    on_progress: ProgressFn,
    on_done: Option<DoneFn>,
}

struct Slot {
    id: u32,
    worker: Worker,
    ready: bool,
    in_flight: Vec<(JobId, u32)>,
    // The handlers live as long as the worker.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

#[derive(Default)]
struct Pool {
    size: Option<usize>,
    slots: Vec<Slot>,
    jobs: VecDeque<Job>,
    next_job: JobId,
    next_slot: u32,
    /// Workers that failed to start while others ran; no more are started after a few.
    start_failures: u32,
    /// Why the last workers stopped or could not start (cleared when one is ready).
    failure: Option<String>,
}

thread_local! {
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
    static STATUS: ArcRwSignal<PoolStatus> = ArcRwSignal::new(PoolStatus::Idle);
}

/// The pool's status, as a signal (for the footer).
pub fn status() -> Signal<PoolStatus> {
    STATUS.with(|s| ReadSignal::from(s.read_only()).into())
}

/// Callbacks to run once the pool is no longer borrowed (they may submit or cancel jobs).
type Later = Vec<Box<dyn FnOnce()>>;

/// Runs `f` on the pool, publishes the pool's status if it changed, then runs the callbacks `f`
/// left for later.
fn with_pool<R>(f: impl FnOnce(&mut Pool, &mut Later) -> R) -> R {
    let mut later: Later = Vec::new();
    let (r, now) = POOL.with(|p| {
        let mut p = p.borrow_mut();
        let r = f(&mut p, &mut later);
        (r, p.status())
    });
    STATUS.with(|s| {
        if s.get_untracked() != now {
            s.set(now);
        }
    });
    for callback in later {
        callback();
    }
    r
}

/// The machine's logical cores as the browser reports them, clamped to `1 ..= MAX_WORKERS`.
pub fn default_size() -> usize {
    let n = window().navigator().hardware_concurrency();
    if n.is_finite() && n >= 1.0 {
        (n as usize).clamp(1, MAX_WORKERS)
    } else {
        1
    }
}

/// The number of workers jobs run on.
pub fn size() -> usize {
    with_pool(|p, _| p.size.unwrap_or_else(default_size))
}

/// Sets the number of workers (clamped to `1 ..= MAX_WORKERS`). Extra workers stop when idle.
pub fn set_size(n: usize) {
    with_pool(|p, later| {
        p.size = Some(n.clamp(1, MAX_WORKERS));
        p.dispatch(later);
    });
}

/// Starts the workers now, before any job, so that a first run does not wait for them to
/// load their wasm (and their start-up does not land in the middle of a run). Idempotent.
pub fn warm() {
    with_pool(|p, later| {
        if p.start_failures > 0 {
            return;
        }
        while p.slots.len() < p.size() {
            if let Err(message) = p.spawn() {
                p.cannot_start(&message, later);
                return;
            }
        }
    });
}

/// Submits a job: `on_progress(answered, total)` after each task, then `on_done` once.
/// An empty job completes at once.
pub fn submit(
    works: Vec<Work>,
    on_progress: impl Fn(usize, usize) + 'static,
    on_done: impl FnOnce(Outcome) + 'static,
) -> JobId {
    with_pool(|p, later| {
        let id = p.next_job;
        p.next_job = p.next_job.wrapping_add(1);
        let n = works.len();
        if n == 0 {
            later.push(Box::new(move || {
                on_done(Outcome::Done {
                    outputs: Vec::new(),
                    seconds: 0.0,
                    workers: 0,
                })
            }));
            return id;
        }
        p.jobs.push_back(Job {
            id,
            works,
            next: 0,
            outputs: vec![None; n],
            answered: 0,
            started_ms: now_ms(),
            workers: BTreeSet::new(),
            on_progress: Rc::new(on_progress),
            on_done: Some(Box::new(on_done)),
        });
        p.dispatch(later);
        id
    })
}

/// Cancels a job: nothing more of it is sent, its late answers are dropped, its callbacks are
/// never called. Returns whether the job was still running.
pub fn cancel(job: JobId) -> bool {
    with_pool(|p, later| {
        let before = p.jobs.len();
        p.jobs.retain(|j| j.id != job);
        let found = p.jobs.len() != before;
        p.dispatch(later);
        found
    })
}

/// Milliseconds since the page started (`performance.now()`).
pub fn now_ms() -> f64 {
    window()
        .performance()
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}

/// The absolute URL of [`WORKER_SCRIPT`] relative to the document's base URI.
pub fn worker_url() -> Result<String, String> {
    let base = document()
        .base_uri()
        .map_err(|e| js_message(&e))?
        .ok_or_else(|| "the page has no base URI".to_string())?;
    Ok(web_sys::Url::new_with_base(WORKER_SCRIPT, &base)
        .map_err(|e| js_message(&e))?
        .href())
}

impl Pool {
    fn size(&self) -> usize {
        self.size.unwrap_or_else(default_size)
    }

    fn status(&self) -> PoolStatus {
        let started = self.slots.len();
        let ready = self.slots.iter().filter(|s| s.ready).count();
        match (&self.failure, started) {
            (Some(why), 0) => PoolStatus::Failed(why.clone()),
            (None, 0) => PoolStatus::Idle,
            _ if ready == started => PoolStatus::Ready { ready },
            _ => PoolStatus::Starting { ready, started },
        }
    }

    fn has_unsent(&self) -> bool {
        self.jobs.iter().any(|j| j.next < j.works.len())
    }

    /// Starts workers if work is waiting, retires idle workers beyond the size, and hands
    /// out tasks.
    fn dispatch(&mut self, later: &mut Later) {
        let size = self.size();
        // Retire idle workers beyond the size (the last ones first).
        while self.slots.len() > size {
            match self.slots.iter().rposition(|s| s.in_flight.is_empty()) {
                Some(i) => stop(self.slots.remove(i)),
                None => break,
            }
        }
        if self.has_unsent() && self.start_failures < 3 {
            while self.slots.len() < size {
                if let Err(message) = self.spawn() {
                    self.cannot_start(&message, later);
                    return;
                }
            }
        }
        for s in 0..self.slots.len().min(size) {
            while self.slots[s].ready && self.slots[s].in_flight.len() < DEPTH {
                let Some(j) = self.jobs.iter().position(|j| j.next < j.works.len()) else {
                    return;
                };
                let job = &mut self.jobs[j];
                let task = job.next as u32;
                let request = Request::Task {
                    job: job.id,
                    task,
                    work: job.works[job.next].clone(),
                };
                job.next += 1;
                let text = request_json(&request);
                let slot = &mut self.slots[s];
                match slot.worker.post_message(&JsValue::from_str(&text)) {
                    Ok(()) => {
                        slot.in_flight.push((job.id, task));
                        job.workers.insert(slot.id);
                    }
                    Err(e) => {
                        let id = job.id;
                        self.fail_job(
                            id,
                            &format!("could not send work to a worker: {}", js_message(&e)),
                            later,
                        );
                    }
                }
            }
        }
    }

    fn spawn(&mut self) -> Result<(), String> {
        let worker = Worker::new(&worker_url()?).map_err(|e| js_message(&e))?;
        let id = self.next_slot;
        self.next_slot = self.next_slot.wrapping_add(1);
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            on_message(id, event.data());
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // A script error in the worker comes as an ErrorEvent; a script that cannot be loaded
        // (404, wrong MIME type) as a plain Event.
        let on_error = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
            event.prevent_default();
            let message = event
                .dyn_ref::<ErrorEvent>()
                .map(|e| e.message())
                .filter(|m| !m.is_empty());
            on_worker_error(id, message);
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        self.slots.push(Slot {
            id,
            worker,
            ready: false,
            in_flight: Vec::new(),
            _on_message: on_message,
            _on_error: on_error,
        });
        set_timeout(
            move || {
                let stuck = with_pool(|p, _| p.slots.iter().any(|s| s.id == id && !s.ready));
                if stuck {
                    on_worker_error(
                        id,
                        Some(format!(
                            "it did not start within {} s",
                            START_TIMEOUT_MS / 1000
                        )),
                    );
                }
            },
            std::time::Duration::from_millis(START_TIMEOUT_MS),
        );
        Ok(())
    }

    fn job_index(&self, id: JobId) -> Option<usize> {
        self.jobs.iter().position(|j| j.id == id)
    }

    fn fail_job(&mut self, id: JobId, message: &str, later: &mut Later) {
        if let Some(i) = self.job_index(id)
            && let Some(mut job) = self.jobs.remove(i)
            && let Some(done) = job.on_done.take()
        {
            let outcome = Outcome::Failed(message.to_string());
            later.push(Box::new(move || done(outcome)));
        }
    }

    /// No worker can be created (`new Worker` threw): every waiting job fails.
    fn cannot_start(&mut self, message: &str, later: &mut Later) {
        let line = format!("the background worker could not start: {message}");
        self.failure = Some(line.clone());
        self.fail_all(&line, later);
    }

    fn fail_all(&mut self, message: &str, later: &mut Later) {
        let ids: Vec<JobId> = self.jobs.iter().map(|j| j.id).collect();
        for id in ids {
            self.fail_job(id, message, later);
        }
    }

    fn answered(&mut self, job: JobId, task: u32, output: Output, later: &mut Later) {
        let Some(i) = self.job_index(job) else {
            return; // cancelled or failed: a late answer
        };
        let j = &mut self.jobs[i];
        let Some(cell) = j.outputs.get_mut(task as usize) else {
            return;
        };
        if cell.is_none() {
            *cell = Some(output);
            j.answered += 1;
        }
        let (answered, total) = (j.answered, j.works.len());
        let progress = j.on_progress.clone();
        later.push(Box::new(move || progress(answered, total)));
        if answered == total
            && let Some(mut job) = self.jobs.remove(i)
        {
            let seconds = (now_ms() - job.started_ms) / 1000.0;
            let outputs: Vec<Output> = job.outputs.drain(..).flatten().collect();
            let workers = job.workers.len();
            if let Some(done) = job.on_done.take() {
                later.push(Box::new(move || {
                    done(Outcome::Done {
                        outputs,
                        seconds,
                        workers,
                    })
                }));
            }
        }
    }
}

/// Stops a worker. Its handlers are removed first, so that no event already on its way can
/// reach a handler that is about to be dropped.
fn stop(slot: Slot) {
    slot.worker.set_onmessage(None);
    slot.worker.set_onerror(None);
    slot.worker.terminate();
}

/// A message from worker `slot`.
fn on_message(slot: u32, data: JsValue) {
    // The worker answers the page in JSON strings only (see `ulab_worker`).
    let response = match data.as_string() {
        Some(text) => parse_response(&text),
        None => Err(WorkerError::NotAResponse("not a JSON string".into())),
    };
    with_pool(|p, later| {
        let Some(s) = p.slots.iter().position(|s| s.id == slot) else {
            return;
        };
        match response {
            Ok(Response::Ready { .. }) => {
                p.slots[s].ready = true;
                p.failure = None;
            }
            Ok(Response::Done { job, task, output }) => {
                p.slots[s].in_flight.retain(|t| *t != (job, task));
                p.answered(job, task, *output, later);
            }
            Ok(Response::Error { job, task, message }) => {
                match (job, task) {
                    (Some(job), Some(task)) => {
                        p.slots[s].in_flight.retain(|t| *t != (job, task));
                        p.fail_job(job, &message, later);
                    }
                    // An error about no task: the worker could not read what it was sent.
                    _ => {
                        let jobs: Vec<JobId> =
                            p.slots[s].in_flight.drain(..).map(|t| t.0).collect();
                        for job in jobs {
                            p.fail_job(job, &message, later);
                        }
                    }
                }
            }
            Ok(Response::Yield { .. }) => {}
            Err(e) => {
                let message = e.to_string();
                let jobs: Vec<JobId> = p.slots[s].in_flight.drain(..).map(|t| t.0).collect();
                for job in jobs {
                    p.fail_job(job, &message, later);
                }
            }
        }
        p.dispatch(later);
    });
}

/// Worker `slot` failed to load, did not start, or died.
fn on_worker_error(slot: u32, message: Option<String>) {
    with_pool(|p, later| {
        let Some(s) = p.slots.iter().position(|s| s.id == slot) else {
            return;
        };
        let dead = p.slots.remove(s);
        let (ready, in_flight) = (dead.ready, dead.in_flight.clone());
        stop(dead);
        if ready {
            // It ran, then died: fail what it held; the others continue on a new worker.
            let what = message.unwrap_or_else(|| "unknown error".into());
            let line = format!("a background worker stopped: {what}");
            p.failure = Some(line.clone());
            for (job, _) in &in_flight {
                p.fail_job(*job, &line, later);
            }
            // Its idle siblings run the same code and may be as broken (a poisoned instance
            // after a panic): retire them too, so the next job starts on fresh workers.
            while let Some(i) = p.slots.iter().rposition(|s| s.in_flight.is_empty()) {
                stop(p.slots.remove(i));
            }
            p.dispatch(later);
        } else if p.slots.iter().any(|s| s.ready) {
            // It never started, but others run: carry on with them.
            p.start_failures += 1;
            p.dispatch(later);
        } else {
            // No worker could start: the next one would not either. Fail everything waiting;
            // the next job tries again.
            let what = message.unwrap_or_else(|| format!("{WORKER_SCRIPT} could not be loaded"));
            let line = format!("the background worker could not start: {what}");
            for other in p.slots.drain(..) {
                stop(other);
            }
            p.start_failures = 0;
            p.failure = Some(line.clone());
            p.fail_all(&line, later);
        }
    });
}
