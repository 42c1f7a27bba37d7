//! Tests of the worker: the wire format both ways, golden tallies, and bad requests.

use super::*;
use ulab_core::mc::question::{question, question_summary};
use ulab_core::mc::scatter::pair_differences;
use ulab_core::mc::{McResult, PerRanker, Prior};

fn yield_request(utility: &str, confusion: &str) -> Request {
    Request::Yield {
        utility: utility.into(),
        confusion: confusion.into(),
    }
}

/// Sends `work` through the JSON wire format both ways, as the pool does.
fn over_the_wire(job: u32, task: u32, work: Work) -> Response {
    let request = Request::Task { job, task, work };
    let text = request_json(&request);
    // The request itself survives the trip.
    assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), request);
    parse_response(&handle_json(&text)).unwrap()
}

/// The answer to `work` sent as JSON, whether or not the work is valid.
fn answer(job: u32, task: u32, work: Work) -> Response {
    let text = request_json(&Request::Task { job, task, work });
    parse_response(&handle_json(&text)).unwrap()
}

fn done(response: Response) -> Output {
    match response {
        Response::Done { output, .. } => *output,
        other => panic!("expected an output, got {other:?}"),
    }
}

#[test]
fn factory_yields_by_hand() {
    // A: (15·27 − 335·15 − 35·23 + 165·35) / 100 = (405 − 5025 − 805 + 5775) / 100 = 3.5
    // B: (15·43 − 335·18 − 35·7 + 165·32) / 100 = (645 − 6030 − 245 + 5280) / 100 = −3.5
    for (cm, expected) in [("27,15;23,35", 3.5), ("43,18;7,32", -3.5)] {
        match handle(yield_request("15,-335;-35,165", cm)) {
            Response::Yield { value } => assert!((value - expected).abs() < 1e-12, "{value}"),
            other => panic!("unexpected {other:?}"),
        }
    }
}

#[test]
fn bad_input_is_an_error_message_not_a_panic() {
    for (u, cm) in [
        ("15,-335;-35,x", "27,15;23,35"),
        ("15,-335;-35,165", ""),
        ("1,0,0;0,1,0;0,0,1", "27,15;23,35"),
        ("15,-335;-35,165", "0,0;0,0"),
        ("15,-335;-35,165", "1,2;3"),
    ] {
        match handle(yield_request(u, cm)) {
            Response::Error { message, .. } => assert!(!message.is_empty()),
            other => panic!("{u} / {cm}: expected an error, got {other:?}"),
        }
    }
}

#[test]
fn wire_format_is_tagged_by_kind() {
    let json = serde_json::to_string(&Response::Yield { value: 3.5 }).unwrap();
    assert_eq!(json, r#"{"kind":"yield","value":3.5}"#);
    let request: Request =
        serde_json::from_str(r#"{"kind":"yield","utility":"1,0;0,1","confusion":"1,0;0,1"}"#)
            .unwrap();
    assert_eq!(request, yield_request("1,0;0,1", "1,0;0,1"));
    let ready = serde_json::to_value(Response::ready()).unwrap();
    assert_eq!(ready["kind"], "ready");
    assert_eq!(ready["version"], env!("CARGO_PKG_VERSION"));
    // An error about no task has no job or task field (the footer's round trip reads it).
    let e = serde_json::to_string(&Response::error("x")).unwrap();
    assert_eq!(e, r#"{"kind":"error","message":"x"}"#);
    let e: Response = serde_json::from_str(r#"{"kind":"error","message":"x"}"#).unwrap();
    assert_eq!(e, Response::error("x"));
}

/// The golden tallies of tests/it/mc_determinism.rs, through the worker's JSON round trip:
/// what the page merges is exactly what the native engine computes.
#[test]
fn chunks_over_the_wire_give_the_golden_tallies() {
    let c = McConfig::new(Prior::Uniform, 0.1, 1000, 42).unwrap();
    let Output::McChunk { tally } = done(over_the_wire(
        7,
        0,
        Work::McChunk {
            config: c,
            chunk: 0,
        },
    )) else {
        panic!("not a tally")
    };
    assert_eq!(tally.misranked.accuracy, 84);
    assert_eq!(tally.misranked.utility, 27);
    assert_eq!(tally.error_sum, 3606825853);
    assert_eq!(tally.error_sq_sum, 9750856839);

    let c = McConfig::new(Prior::Gaussian, 0.25, 70_000, 7).unwrap();
    // Answers merged in reverse order (any order): integer sums.
    let mut t = Tally::default();
    for k in (0..c.chunks()).rev() {
        match done(over_the_wire(
            1,
            k as u32,
            Work::McChunk {
                config: c,
                chunk: k,
            },
        )) {
            Output::McChunk { tally } => t.merge(&tally),
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(t.misranked.kappa, 4645);
    assert_eq!(t.error_sq_sum, 3690055442010);
    assert_eq!(
        McResult::from_tally(&c, &t),
        ulab_core::mc::run(&c, |_, _| {}).unwrap()
    );
}

#[test]
fn seeds_above_two_to_the_53_survive_json() {
    let c = McConfig::new(Prior::Uniform, 0.05, 500, u64::MAX - 1).unwrap();
    let out = done(over_the_wire(
        0,
        0,
        Work::McChunk {
            config: c,
            chunk: 0,
        },
    ));
    assert_eq!(
        out,
        Output::McChunk {
            tally: run_chunk(&c, 0).unwrap()
        }
    );
}

#[test]
fn pair_differences_are_the_first_pairs_of_the_run() {
    let c = McConfig::new(Prior::Uniform, 0.11, 200_000, 3).unwrap();
    let Output::PairDifferences { differences } = done(over_the_wire(
        2,
        0,
        Work::PairDifferences {
            config: c,
            points: 1500,
        },
    )) else {
        panic!("not differences")
    };
    let whole = pair_differences(&c, 1500).unwrap();
    // Floats survive the JSON trip bit for bit.
    assert_eq!(differences.true_diff, whole.true_diff);
    assert_eq!(differences.score_diff, whole.score_diff);
    assert_eq!(differences.tally.pairs, 1500);
    // Fewer pairs than asked for: all of them.
    let small = McConfig { pairs: 10, ..c };
    match run_work(&Work::PairDifferences {
        config: small,
        points: 1500,
    })
    .unwrap()
    {
        Output::PairDifferences { differences } => assert_eq!(differences.true_diff.len(), 10),
        other => panic!("{other:?}"),
    }
}

#[test]
fn scatter_over_the_wire_is_the_core_sample() {
    let identity = [1.0, 0.0, 0.0, 1.0];
    let Output::Scatter { scatter } = done(over_the_wire(
        3,
        1,
        Work::Scatter {
            balance: 0.9,
            utility: identity,
            points: 20_000,
            keep: 400,
            seed: 5,
        },
    )) else {
        panic!("not a scatter")
    };
    // Floats and keys survive the JSON trip bit for bit.
    assert_eq!(
        scatter,
        scatter_sample(0.9, identity, 20_000, 400, 5).unwrap()
    );
    assert_eq!(scatter.series.len(), 10);
}

#[test]
fn question_chunks_over_the_wire_match_the_native_answer() {
    let mut q = QuestionConfig::new(
        UtilityMatrix::parse("15,-335;-35,165").unwrap(),
        vec![
            ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap(),
            ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap(),
        ],
    );
    q.draws = 5000;
    q.seed = 3;
    let mut t = QuestionTally::default();
    for k in 0..q.chunks() {
        match done(over_the_wire(
            4,
            k as u32,
            Work::Question {
                config: q.clone(),
                chunk: k,
            },
        )) {
            Output::Question { tally } => t.merge(&tally),
            other => panic!("{other:?}"),
        }
    }
    let r = question_summary(&q, &t).unwrap();
    assert_eq!(r, question(&q, |_, _| {}).unwrap());
    // The golden values of tests/it/mc_determinism.rs.
    assert_eq!(r.p_best, vec![0.6118, 0.3882]);
    assert_eq!(r.yields[1].mean.to_bits(), 0xc014dd827fc31baf);
}

/// Over ~120 lines: one table of bad requests, each with the message it must give.
#[test]
fn bad_work_is_an_error_naming_the_task() {
    let bad_config = McConfig {
        prior: Prior::Uniform,
        sigma: -1.0,
        pairs: 10,
        seed: 1,
    };
    let good = McConfig::new(Prior::Uniform, 0.1, 10, 1).unwrap();
    let mut q = QuestionConfig::new(
        UtilityMatrix::parse("1,0;0,1").unwrap(),
        vec![ConfusionMatrix::parse("1,2;3,4", Orientation::OutputRows).unwrap()],
    );
    q.alpha = -1.0;
    for work in [
        Work::McChunk {
            config: bad_config,
            chunk: 0,
        },
        Work::McChunk {
            config: good,
            chunk: 5,
        },
        Work::PairDifferences {
            config: bad_config,
            points: 10,
        },
        Work::PairDifferences {
            config: good,
            points: 0,
        },
        Work::Scatter {
            balance: 1.5,
            utility: [1.0, 0.0, 0.0, 1.0],
            points: 100,
            keep: 10,
            seed: 1,
        },
        Work::Scatter {
            balance: 0.5,
            utility: [1.0, 0.0, 0.0, 1.0],
            points: 0,
            keep: 10,
            seed: 1,
        },
        Work::Scatter {
            balance: 0.5,
            utility: [1.0, 0.0, 0.0, 1.0],
            points: 10,
            keep: 1 << 40,
            seed: 1,
        },
        Work::Question {
            config: q,
            chunk: 0,
        },
    ] {
        assert!(run_work(&work).is_err(), "{work:?}");
        match answer(9, 4, work.clone()) {
            Response::Error { job, task, message } => {
                assert_eq!((job, task), (Some(9), Some(4)));
                assert!(!message.is_empty());
            }
            other => panic!("{work:?}: expected an error, got {other:?}"),
        }
    }
    // A non-finite utility cannot travel as JSON (it becomes null, which is refused), nor
    // be computed with.
    let nan = Work::Scatter {
        balance: 0.5,
        utility: [f64::NAN, 0.0, 0.0, 1.0],
        points: 10,
        keep: 1,
        seed: 1,
    };
    assert!(run_work(&nan).is_err());
    let text = request_json(&Request::Task {
        job: 1,
        task: 0,
        work: nan,
    });
    assert!(handle_json(&text).starts_with(r#"{"kind":"error""#));
}

#[test]
fn malformed_matrices_in_a_question_are_errors_not_panics() {
    // A matrix whose declared shape does not match its data, as a hand-made message could
    // carry: it is refused while the request is read (the matrix deserializes through its
    // constructor), with the task named; the worker never indexes out of bounds.
    let text = r#"{"kind":"task","job":1,"task":0,"work":{"kind":"question","chunk":0,
        "config":{"utility":{"m":{"rows":2,"cols":2,"data":[1,0,0,1]}},
        "classifiers":[{"values":{"rows":5,"cols":5,"data":[1,2]},"total":3}],
        "sigma":0.1,"alpha":1,"draws":10,"seed":1,"bins":5}}}"#;
    let answer = handle_json(text);
    assert!(
        answer.starts_with(r#"{"kind":"error","job":1,"task":0,"#),
        "{answer}"
    );
    assert!(
        answer.contains("matrix cells: expected 25 values, found 2"),
        "{answer}"
    );
    for junk in [
        "",
        "{}",
        "[1,2]",
        r#"{"kind":"task"}"#,
        r#"{"kind":"launch"}"#,
    ] {
        let answer = handle_json(junk);
        assert!(answer.starts_with(r#"{"kind":"error""#), "{junk}: {answer}");
    }
}

#[test]
fn per_metric_values_keep_their_keys_on_the_wire() {
    let t = Tally {
        pairs: 3,
        misranked: PerRanker::from_fn(|r| r.index() as u64),
        error_sum: -5,
        error_sq_sum: 7,
    };
    let text = serde_json::to_string(&Output::McChunk { tally: t.clone() }).unwrap();
    assert!(text.contains(r#""fowlkes_mallows":7"#), "{text}");
    assert_eq!(
        serde_json::from_str::<Output>(&text).unwrap(),
        Output::McChunk { tally: t }
    );
}
