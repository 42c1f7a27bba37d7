//! The state file read and written by hand ([`super::codec`]) against the state's serde
//! derives (how every file was written before 2026-11-28): every preset and a state with every
//! setting of every view away from its default, written by each and read by the other, the
//! texts the same JSON.

use super::codec;
use crate::pd::grid::GridSettings;
use crate::reliability::settings::ErrorAxis;
use crate::space::assess::{Answer, Answers, Question};
use crate::space::cloud::{Cloud, Member, Model};
use crate::space::link::{CloudSource, Overlay};
use crate::space::slice::{Axis, Slice};
use crate::theme::FixedTheme;
use crate::{AppState, FORMAT_VERSION, Prior, View, presets};
use ulab_core::mc::Ranker;
use ulab_core::roc::Binormal;
use ulab_core::{Matrix, Orientation};

/// The file as the serde derives write it.
fn serde_file(s: &AppState) -> serde_json::Value {
    serde_json::json!({ "utility_lab_state": FORMAT_VERSION, "state": s })
}

/// `s` written by hand is the file serde writes; serde's file read by hand is `s` (not
/// validated: some states here break the views' invariants on purpose, to reach every field).
fn agrees_with_serde(s: &AppState) {
    let mine: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    assert_eq!(mine, serde_file(s));
    let theirs = serde_json::to_string_pretty(&serde_file(s)).unwrap();
    let doc = ulab_json::parse(&theirs).unwrap();
    let state = doc.get("state").unwrap();
    let problem = crate::Problem::new(codec::problem_fields(state).unwrap()).unwrap();
    let read = codec::state(state, problem).unwrap();
    assert_eq!(&read, s);
    assert_eq!(
        serde_json::from_value::<AppState>(mine["state"].clone()).unwrap(),
        *s
    );
}

fn every_setting() -> AppState {
    let mut s = presets::factory();
    s.view = View::Space;
    s.embed = true;
    s.theme = Some(FixedTheme::Dark);
    s.orientation = Orientation::TrueRows;
    s.prevalence = Some(vec![0.25, 0.75]);
    s.kappa = Some(vec![1e-7, 3e16]);
    s.step = 3;
    s.mc.prior = Prior::Gaussian;
    s.mc.axis = ErrorAxis::Realized;
    s.mc.seed = u64::MAX;
    s.mc.metrics = vec![Ranker::ALL[0], Ranker::UTILITY];
    s.mc.question.draws = 123;
    s.decide.p = Some(vec![0.1, 0.9]);
    s.decide.test_size = Some(250);
    let m = Matrix::parse("1,-2;0.5,3").unwrap();
    s.space.cloud = CloudSource::Typed(Cloud {
        members: vec![Member {
            weight: 0.5,
            matrix: m.clone(),
        }],
        weighted: true,
        scale: Some((-1.0, 2.5)),
    });
    s.space.overlay = Overlay::Errors(vec![0.1, 0.2]);
    let axis = |row, col| Axis {
        row,
        col,
        lo: -1.0,
        hi: 1.0,
    };
    s.space.slice = Some(Slice {
        x: axis(0, 1),
        y: axis(1, 0),
    });
    s.space.answers = Some(Answers {
        n: 2,
        given: vec![
            (
                Question::Cost { row: 0, col: 1 },
                Answer { lo: 1.0, hi: 2.0 },
            ),
            (Question::Level { class: 1 }, Answer { lo: 0.0, hi: 0.5 }),
        ],
    });
    s.pd.divisions = 7;
    s.pd.grid = GridSettings {
        values: vec![0.0, 0.5, 1.0],
        bins: 9,
        seed: 5,
    };
    s.roc.binormal = vec![("A \"quoted\"\n".into(), Binormal { a: 1.5, b: 0.8 })];
    s.roc.positive = Some("ok".into());
    s.roc.scores = vec!["B".into()];
    s.probs.sample = Some("triage".into());
    s.probs.models = vec!["m1".into(), "é".into()];
    s.probs.bins = 12;
    s.probs.seed = 77;
    s
}

#[test]
fn every_setting_and_every_preset_agree_with_serde() {
    let mut s = every_setting();
    agrees_with_serde(&s);
    s.space.cloud = CloudSource::Drawn(Model::Entries);
    s.space.overlay = Overlay::Prior(Prior::Uniform);
    s.space.slice = None;
    s.space.answers = None;
    s.theme = None;
    s.prevalence = None;
    s.decide.p = None;
    s.roc.positive = None;
    s.probs.sample = None;
    agrees_with_serde(&s);
    s.space.cloud = CloudSource::None;
    s.space.overlay = Overlay::None;
    agrees_with_serde(&s);
    for (preset, state) in presets::decoded() {
        let text = state.to_json();
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&text).unwrap(),
            serde_file(&state),
            "{}",
            preset.id
        );
        assert_eq!(AppState::from_json(&text).unwrap(), state, "{}", preset.id);
    }
}

#[test]
fn the_file_is_laid_out_as_serde_json_lays_it_out() {
    let s = presets::factory();
    let theirs = serde_json::to_string_pretty(&serde_file(&s)).unwrap();
    // serde_json's `Value` orders an object's keys; the file keeps the struct's order. Line
    // for line the same once sorted.
    let sorted = |t: &str| {
        let mut lines: Vec<String> = t
            .lines()
            .map(|l| l.trim_end_matches(',').to_string())
            .collect();
        lines.sort();
        lines
    };
    assert_eq!(sorted(&s.to_json()), sorted(&theirs));
}

#[test]
fn absent_settings_take_their_defaults_and_bad_ones_are_named() {
    let s = presets::factory();
    let mut doc: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    let state = doc["state"].as_object_mut().unwrap();
    for key in ["decide", "space", "pd", "roc", "probs", "theme"] {
        state.remove(key);
    }
    state["mc"].as_object_mut().unwrap().remove("question");
    let text = doc.to_string();
    assert_eq!(AppState::from_json(&text).unwrap(), s);
    assert_eq!(
        AppState::from_json(&text).unwrap(),
        serde_json::from_value::<AppState>(doc["state"].clone()).unwrap()
    );
    let bad = text.replace(r#""axis":"sigma""#, r#""axis":"sideways""#);
    assert_eq!(
        AppState::from_json(&bad).unwrap_err().to_string(),
        "not a Utility Lab state file: mc: axis: unknown error axis `sideways`"
    );
    let missing = text.replace(r#""step":0,"#, "");
    assert_eq!(
        AppState::from_json(&missing).unwrap_err().to_string(),
        "not a Utility Lab state file: missing field `step`"
    );
}
