//! The worker's messages written and read as JSON by hand ([`ulab_json`]), in the shape
//! their serde derives write (the tests check both ways against serde_json), so that neither
//! the worker nor the page links serde for them (issue 29). Every setting is read through the
//! core's constructors, so a request read is a valid one.

use crate::{Output, Request, Response, Work};
use ulab_json::{Bad, Decode, Encode, Json, Writer, field, json_tagged, kind, unknown};

json_tagged!(Work, "work" {
    McChunk "mc_chunk" { config, chunk },
    PairDifferences "pair_differences" { config, points },
    Scatter "scatter" { balance, utility, points, keep, seed },
    Question "question" { config, chunk },
});

json_tagged!(Request, "request" {
    Yield "yield" { utility, confusion },
    Task "task" { job, task, work },
});

json_tagged!(Output, "output" {
    McChunk "mc_chunk" { tally },
    PairDifferences "pair_differences" { differences },
    Scatter "scatter" { scatter },
    Question "question" { tally },
});

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
                output: field(v, "output")?,
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

/// By hand, not [`json_tagged!`]: an error's job and task are left out when absent, as serde's
/// `skip_serializing_if` does.
impl Encode for Response {
    fn encode(&self, w: &mut Writer) {
        match self {
            Response::Ready { version } => {
                w.open("ready");
                w.field("version", version);
            }
            Response::Yield { value } => {
                w.open("yield");
                w.field("value", value);
            }
            Response::Done { job, task, output } => {
                w.open("done");
                w.field("job", job);
                w.field("task", task);
                w.field("output", output);
            }
            Response::Error { job, task, message } => {
                w.open("error");
                for (name, n) in [("job", job), ("task", task)] {
                    if let Some(n) = n {
                        w.field(name, n);
                    }
                }
                w.field("message", message);
            }
        }
        w.close();
    }
}
