//! The worker's messages written and read as JSON by hand ([`ulab_json`]), in the shape
//! their serde derives write (the tests check both ways against serde_json), so that neither
//! the worker nor the page links serde for them (issue 29). Every setting is read through the
//! core's constructors, so a request read is a valid one.

use crate::{Output, Request, Response, Work};
use ulab_json::{Bad, Decode, Encode, Json, Writer, field, kind, unknown};

impl Decode for Work {
    fn decode(v: &Json) -> Result<Work, Bad> {
        Ok(match kind(v)? {
            "mc_chunk" => Work::McChunk {
                config: field(v, "config")?,
                chunk: field(v, "chunk")?,
            },
            "pair_differences" => Work::PairDifferences {
                config: field(v, "config")?,
                points: field(v, "points")?,
            },
            "scatter" => Work::Scatter {
                balance: field(v, "balance")?,
                utility: field(v, "utility")?,
                points: field(v, "points")?,
                keep: field(v, "keep")?,
                seed: field(v, "seed")?,
            },
            "question" => Work::Question {
                config: field(v, "config")?,
                chunk: field(v, "chunk")?,
            },
            other => return Err(unknown("work", other)),
        })
    }
}

impl Encode for Work {
    fn encode(&self, w: &mut Writer) {
        match self {
            Work::McChunk { config, chunk } => {
                w.open("mc_chunk");
                w.key("config");
                config.encode(w);
                w.key("chunk");
                w.uint(*chunk);
            }
            Work::PairDifferences { config, points } => {
                w.open("pair_differences");
                w.key("config");
                config.encode(w);
                w.key("points");
                w.uint(*points);
            }
            Work::Scatter {
                balance,
                utility,
                points,
                keep,
                seed,
            } => {
                w.open("scatter");
                w.key("balance");
                w.f64(*balance);
                w.key("utility");
                w.list(utility, |w, x| w.f64(*x));
                w.key("points");
                w.uint(*points);
                w.key("keep");
                w.uint(*keep);
                w.key("seed");
                w.uint(*seed);
            }
            Work::Question { config, chunk } => {
                w.open("question");
                w.key("config");
                config.encode(w);
                w.key("chunk");
                w.uint(*chunk);
            }
        }
        w.close();
    }
}

impl Decode for Request {
    fn decode(v: &Json) -> Result<Request, Bad> {
        Ok(match kind(v)? {
            "yield" => Request::Yield {
                utility: field(v, "utility")?,
                confusion: field(v, "confusion")?,
            },
            "task" => Request::Task {
                job: field(v, "job")?,
                task: field(v, "task")?,
                work: field(v, "work")?,
            },
            other => return Err(unknown("request", other)),
        })
    }
}

impl Encode for Request {
    fn encode(&self, w: &mut Writer) {
        match self {
            Request::Yield { utility, confusion } => {
                w.open("yield");
                w.key("utility");
                w.str(utility);
                w.key("confusion");
                w.str(confusion);
            }
            Request::Task { job, task, work } => {
                w.open("task");
                w.key("job");
                w.uint(u64::from(*job));
                w.key("task");
                w.uint(u64::from(*task));
                w.key("work");
                work.encode(w);
            }
        }
        w.close();
    }
}

impl Decode for Output {
    fn decode(v: &Json) -> Result<Output, Bad> {
        Ok(match kind(v)? {
            "mc_chunk" => Output::McChunk {
                tally: field(v, "tally")?,
            },
            "pair_differences" => Output::PairDifferences {
                differences: field(v, "differences")?,
            },
            "scatter" => Output::Scatter {
                scatter: field(v, "scatter")?,
            },
            "question" => Output::Question {
                tally: field(v, "tally")?,
            },
            other => return Err(unknown("output", other)),
        })
    }
}

impl Encode for Output {
    fn encode(&self, w: &mut Writer) {
        match self {
            Output::McChunk { tally } => {
                w.open("mc_chunk");
                w.key("tally");
                tally.encode(w);
            }
            Output::PairDifferences { differences } => {
                w.open("pair_differences");
                w.key("differences");
                differences.encode(w);
            }
            Output::Scatter { scatter } => {
                w.open("scatter");
                w.key("scatter");
                scatter.encode(w);
            }
            Output::Question { tally } => {
                w.open("question");
                w.key("tally");
                tally.encode(w);
            }
        }
        w.close();
    }
}

impl Decode for Response {
    fn decode(v: &Json) -> Result<Response, Bad> {
        Ok(match kind(v)? {
            "ready" => Response::Ready {
                version: field(v, "version")?,
            },
            "yield" => Response::Yield {
                value: field(v, "value")?,
            },
            "done" => Response::Done {
                job: field(v, "job")?,
                task: field(v, "task")?,
                output: Box::new(field(v, "output")?),
            },
            "error" => Response::Error {
                job: field(v, "job")?,
                task: field(v, "task")?,
                message: field(v, "message")?,
            },
            other => return Err(unknown("response", other)),
        })
    }
}

impl Encode for Response {
    fn encode(&self, w: &mut Writer) {
        match self {
            Response::Ready { version } => {
                w.open("ready");
                w.key("version");
                w.str(version);
            }
            Response::Yield { value } => {
                w.open("yield");
                w.key("value");
                w.f64(*value);
            }
            Response::Done { job, task, output } => {
                w.open("done");
                w.key("job");
                w.uint(u64::from(*job));
                w.key("task");
                w.uint(u64::from(*task));
                w.key("output");
                output.encode(w);
            }
            Response::Error { job, task, message } => {
                w.open("error");
                for (name, n) in [("job", job), ("task", task)] {
                    if let Some(n) = n {
                        w.key(name);
                        w.uint(u64::from(*n));
                    }
                }
                w.key("message");
                w.str(message);
            }
        }
        w.close();
    }
}
