//! The messages written and read by hand ([`crate::codec`], [`ulab_json`]) against
//! serde_json and the types' serde derives (the command line's encoding): every message of
//! every kind, written by one and read by the other, both ways, and the texts equal as JSON
//! values; strings of any characters; mutated messages read the same way or refused by both.

use super::*;
use proptest::prelude::*;
use ulab_core::mc::question::QuestionConfig;
use ulab_core::mc::{McConfig, Prior};
use ulab_core::{ConfusionMatrix, DecisionCounts, Matrix, Orientation, UtilityMatrix};
use ulab_json::{Bad, Decode, Encode, from_json, to_json};

fn question() -> QuestionConfig {
    let u = UtilityMatrix::parse("15,-335;-35,165;0,0").unwrap();
    let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
    let b = ConfusionMatrix::parse("43,18;7,32", Orientation::OutputRows).unwrap();
    let mut q = QuestionConfig::new(u, vec![a, b]);
    q.draws = 300;
    q.seed = u64::MAX - 3;
    q.prevalence = Some(vec![0.3, 0.7]);
    q.remap = Some(vec![vec![0, 2], vec![1, 0]]);
    q.decided = vec![DecisionCounts::new(Matrix::parse("27,15;13,5;10,30").unwrap()).unwrap()];
    q.validate().unwrap();
    q
}

/// One request of every kind, and one of each optional field left out.
fn requests() -> Vec<Request> {
    let config = McConfig::new(Prior::Gaussian, 0.1, 5000, 1 << 60).unwrap();
    let mut plain = question();
    plain.prevalence = None;
    plain.remap = None;
    plain.decided.clear();
    let works = vec![
        Work::McChunk { config, chunk: 0 },
        Work::PairDifferences { config, points: 50 },
        Work::Scatter {
            balance: 0.3,
            utility: [1.0, -0.25, 1e-7, 3e14],
            points: 400,
            keep: 20,
            seed: 99,
        },
        Work::Question {
            config: question(),
            chunk: 0,
        },
        Work::Question {
            config: plain,
            chunk: 0,
        },
    ];
    let mut out = vec![Request::Yield {
        utility: "15,-335;-35,165".into(),
        confusion: "27,15;23,35".into(),
    }];
    for (k, work) in works.into_iter().enumerate() {
        out.push(Request::Task {
            job: u32::MAX - k as u32,
            task: k as u32,
            work,
        });
    }
    out
}

/// The answers to [`requests`], and every other kind of response.
fn responses() -> Vec<Response> {
    let mut out: Vec<Response> = requests().into_iter().map(handle).collect();
    let errors: Vec<_> = out
        .iter()
        .filter(|r| matches!(r, Response::Error { .. }))
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    out.extend([
        Response::ready(),
        Response::error("a \"quoted\"\tmessage\u{1}"),
        Response::Error {
            job: Some(3),
            task: None,
            message: "x".into(),
        },
        Response::Error {
            job: Some(0),
            task: Some(u32::MAX),
            message: String::new(),
        },
    ]);
    out
}

fn same_json(a: &str, b: &str) {
    let va: serde_json::Value = serde_json::from_str(a).unwrap();
    let vb: serde_json::Value = serde_json::from_str(b).unwrap();
    assert_eq!(va, vb, "\n{a}\n{b}");
}

/// `x` written by each encoder reads back through the other's decoder, and both texts are
/// the same JSON.
fn agrees_with_serde<T>(x: &T)
where
    T: Encode + Decode + serde::Serialize + serde::de::DeserializeOwned,
    T: PartialEq + std::fmt::Debug,
{
    let mine = to_json(x);
    let theirs = serde_json::to_string(x).unwrap();
    same_json(&mine, &theirs);
    assert_eq!(&serde_json::from_str::<T>(&mine).unwrap(), x);
    assert_eq!(&from_json::<T>(&theirs).unwrap(), x);
    assert_eq!(&from_json::<T>(&mine).unwrap(), x);
}

#[test]
fn requests_agree_with_serde_both_ways() {
    requests().iter().for_each(agrees_with_serde);
}

#[test]
fn responses_agree_with_serde_both_ways() {
    responses().iter().for_each(agrees_with_serde);
}

#[test]
fn shape_errors_name_the_field_and_settings_give_the_cores_message() {
    let missing = r#"{"kind":"task","job":1,"task":2,"work":{"kind":"mc_chunk","chunk":0,
        "config":{"prior":"uniform","sigma":0.1,"seed":1}}}"#;
    assert_eq!(
        from_json::<Request>(missing),
        Err(Bad::Shape("work: config: missing field `pairs`".into()))
    );
    let typed = r#"{"kind":"task","job":1,"task":2,"work":{"kind":"mc_chunk","chunk":"0",
        "config":{"prior":"uniform","sigma":0.1,"pairs":5,"seed":1}}}"#;
    assert_eq!(
        from_json::<Request>(typed),
        Err(Bad::Shape(
            "work: chunk: expected an integer, found a string".into()
        ))
    );
    let prior = typed.replace("uniform", "normal").replace("\"0\"", "0");
    assert_eq!(
        from_json::<Request>(&prior),
        Err(Bad::Shape(
            "work: config: prior: unknown prior `normal`".into()
        ))
    );
    let invalid = prior.replace("normal", "uniform").replace("0.1", "-1");
    assert!(matches!(
        from_json::<Request>(&invalid),
        Err(Bad::Invalid(_))
    ));
    assert!(handle_json(&invalid).contains("not a worker request: sigma = -1"));
    for (text, kind) in [
        (r#"{"kind":"launch"}"#, "unknown request kind `launch`"),
        (r#"{"job":1}"#, "missing field `kind`"),
        (r#"{"kind":7}"#, "kind: expected a string, found a number"),
    ] {
        assert_eq!(from_json::<Request>(text), Err(Bad::Shape(kind.into())));
    }
    // Unknown fields are ignored, null optional fields are absent, as with serde.
    let extra = r#"{"kind":"error","message":"m","job":null,"why":[1,{"a":2}]}"#;
    assert_eq!(
        from_json::<Response>(extra).unwrap(),
        serde_json::from_str::<Response>(extra).unwrap()
    );
}

#[test]
fn integers_are_integers() {
    for bad in ["1.0", "1e3", "-1", "18446744073709551616", "4294967296"] {
        let text = format!(r#"{{"kind":"done","job":{bad},"task":0,"output":{{}}}}"#);
        assert!(from_json::<Response>(&text).is_err(), "{bad}");
        assert!(serde_json::from_str::<Response>(&text).is_err(), "{bad}");
    }
}

proptest! {
    #[test]
    fn strings_travel_whole(s in any::<String>()) {
        let r = Response::error(s.clone());
        let mine = to_json(&r);
        prop_assert_eq!(serde_json::from_str::<Response>(&mine).unwrap(), r.clone());
        let theirs = serde_json::to_string(&r).unwrap();
        prop_assert_eq!(from_json::<Response>(&theirs).unwrap(), r);
    }

    #[test]
    fn mutated_messages_never_panic(k in 0usize..10_000, b in any::<u8>()) {
        for r in requests() {
            let mut bytes = to_json(&r).into_bytes();
            let at = k % bytes.len();
            bytes[at] = b;
            if let Ok(text) = String::from_utf8(bytes) {
                let answer = handle_json(&text);
                prop_assert!(parse_response(&answer).is_ok(), "{}", answer);
                prop_assert_eq!(
                    from_json::<Request>(&text).is_ok(),
                    serde_json::from_str::<Request>(&text).is_ok(),
                    "{}", text
                );
            }
        }
    }
}
