//! Tests of the link codec: each stage, round trips, and the notices of bad links.

use super::*;
use crate::presets;
use crate::{ErrorAxis, Prior, QuestionSettings};
use ulab_core::Orientation;
use ulab_core::mc::Ranker;

#[test]
fn spec_example_decodes_cleanly() {
    let d = decode(
        "#view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short",
    );
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state, presets::factory());
}

#[test]
fn true_rows_links_are_transposed() {
    let d = decode("u=15,-335;-35,165&orient=true-rows&cm.A=27,23;15,35");
    assert!(d.notices.is_empty());
    assert_eq!(d.state.classifiers()[0].matrix.to_string(), "27,15;23,35");
    assert_eq!(d.state.orientation, Orientation::TrueRows);
    let again = decode(&encode(&d.state));
    assert_eq!(again.state, d.state);
    assert!(encode(&d.state).contains("cm.A=27,23;15,35"));
}

#[test]
fn names_with_separators_round_trip() {
    let mut s = presets::factory();
    s.change_problem(|p| p.classifiers[0].name = "<img src=x onerror=alert(1)>".into())
        .unwrap();
    s.change_problem(|p| p.classes = vec!["a,b".into(), "c&d=e".into()])
        .unwrap();
    let e = encode(&s);
    let d = decode(&e);
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state, s);
}

#[test]
fn bad_parts_are_reported_and_the_rest_applied() {
    let d = decode(
        "#v=9&view=nope&u=1,2;3&cm.A=27,15;23,35&cm.B=-1,0;0,1&classes=x&prev=0.5&kappa=2,0&sigma=-1&pairs=0&seed=abc&prior=flat&foo=bar&junk",
    );
    let keys: Vec<&str> = d.notices.iter().map(|n| n.key.as_str()).collect();
    for k in [
        "v", "view", "u", "cm.B", "classes", "prev", "kappa", "sigma", "pairs", "seed", "prior",
        "foo", "junk",
    ] {
        assert!(keys.contains(&k), "no notice for {k}: {keys:?}");
    }
    assert_eq!(d.state.classifiers().len(), 1);
    assert_eq!(d.state.utility().to_string(), "1,0;0,1");
    d.state.validate().unwrap();
}

#[test]
fn decide_probabilities_are_read_for_the_number_of_classes() {
    let d = decode("view=decide&u=10,-1;0,0&classes=win,lose&p=0.2,0.8&alpha=0&n=50");
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state.view, View::Decide);
    assert_eq!(d.state.decide.p, Some(vec![0.2, 0.8]));
    assert_eq!(
        (d.state.decide.alpha, d.state.decide.test_size),
        (0.0, Some(50))
    );
    assert!(encode(&d.state).ends_with("&p=0.2,0.8&alpha=0&n=50"));
    // Refused: negative, too far from 1, one per class; each with a notice, the rest applied.
    for (p, says) in [
        ("-0.2,1.2", "value 1: −0.2 is negative"),
        ("0.2,0.9", "the probabilities sum to 1.1"),
        ("0.2,0.3,0.5", "3 probabilities for 2 classes"),
    ] {
        let d = decode(&format!("view=decide&u=10,-1;0,0&p={p}"));
        assert_eq!(d.notices.len(), 1, "{p}: {:?}", d.notices);
        assert_eq!(d.notices[0].key, "p");
        assert!(
            d.notices[0].message().contains(says),
            "{}",
            d.notices[0].message()
        );
        assert!(d.notices[0].message().ends_with("; ignored"));
        assert_eq!(
            (d.state.view, d.state.decide.p.clone()),
            (View::Decide, None)
        );
    }
    // Within 1 %: rescaled, with a notice that says so.
    let d = decode("view=decide&u=10,-1;0,0&p=0.2,0.795");
    assert_eq!(d.notices.len(), 1);
    assert!(d.notices[0].message().contains("rescaled"));
    let p = d.state.decide.p.unwrap();
    assert!((p[0] + p[1] - 1.0).abs() < 1e-15);
}

#[test]
fn a_link_with_nothing_readable_opens_the_factory_with_notices() {
    let d = decode("#view=compare&cm.=1,0;0,1&zzz=1&classes=a&==");
    assert_eq!(d.state.classifiers(), presets::factory().classifiers());
    assert_eq!(d.state.utility(), presets::factory().utility());
    let keys: Vec<&str> = d.notices.iter().map(|n| n.key.as_str()).collect();
    for k in ["cm.", "zzz", "classes", "link", "="] {
        assert!(keys.contains(&k), "no notice for {k}: {keys:?}");
    }
    // A classifier whose counts cannot be read is never replaced by the factory's (which
    // would then be ranked under its name): it is kept as given, and the page names it.
    let d = decode("#view=compare&cm.A=x&zzz=1&classes=a&==");
    assert!(d.state.classifiers().is_empty());
    assert_eq!(d.state.unread_classifiers[0].text, "x");
    assert_eq!(d.state.utility(), &ulab_core::Matrix::identity(2).unwrap());
    let keys: Vec<&str> = d.notices.iter().map(|n| n.key.as_str()).collect();
    assert!(!keys.contains(&"link"), "{keys:?}");
    d.state.validate().unwrap();
    // With a `u` that cannot be read: never the factory's ranking, the identity as a stand-in
    // that the page names (issue 28).
    let d = decode("#view=compare&u=1,2;3&cm.A=x&zzz=1&classes=a&==");
    assert!(d.state.unread_utility.is_some());
    assert!(d.state.classifiers().is_empty());
    assert_eq!(d.state.utility(), &ulab_core::Matrix::identity(2).unwrap());
    let keys: Vec<&str> = d.notices.iter().map(|n| n.key.as_str()).collect();
    for k in ["u", "cm.A", "zzz", "classes", "="] {
        assert!(keys.contains(&k), "no notice for {k}: {keys:?}");
    }
    d.state.validate().unwrap();
    assert!(d.notices.iter().all(|n| !n.key.is_empty()));
    d.state.validate().unwrap();
    // A bare class list is a real (empty) problem, not a broken link.
    let d = decode("classes=a,b,c");
    assert!(d.notices.is_empty());
    assert_eq!(*d.state.classes(), ["a", "b", "c"]);
    assert!(d.state.classifiers().is_empty());
}

#[test]
fn with_view_is_encode_with_that_view() {
    let mut s = presets::factory();
    s.step = 3;
    for v in View::ALL {
        let mut t = s.clone();
        t.view = v;
        assert_eq!(with_view(&encode(&s), v), encode(&t));
    }
}

#[test]
fn size_mismatch_drops_the_classifier() {
    let d = decode("u=1,0;0,1&cm.A=1,2,3;4,5,6;7,8,9&cm.B=1,2;3,4");
    assert_eq!(d.state.classifiers().len(), 1);
    assert_eq!(d.notices.len(), 1);
    assert_eq!(d.notices[0].key, "cm.A");
}

#[test]
fn prevalence_is_rescaled_with_a_notice() {
    let d = decode("u=1,0;0,1&cm.A=1,2;3,4&prev=1,3");
    assert_eq!(d.state.prevalence, Some(vec![0.25, 0.75]));
    assert_eq!(d.notices.len(), 1);
}

#[test]
fn empty_and_view_only_links_show_the_factory() {
    assert_eq!(decode("").state, presets::factory());
    let d = decode("#view=story&step=3");
    assert_eq!(d.state.view, View::Story);
    assert_eq!(d.state.step, 2);
    assert_eq!(d.state.classifiers().len(), 2);
}

/// The factory with every Monte Carlo setting off its default.
fn reliability_state() -> AppState {
    let mut s = presets::factory();
    s.view = View::Reliability;
    s.mc.prior = Prior::Gaussian;
    s.mc.sigma = 0.11;
    s.mc.pairs = 250_000;
    s.mc.seed = 42;
    s.mc.axis = ErrorAxis::Realized;
    s.mc.balance = 0.9;
    s.mc.metrics = vec![Ranker::from_key("accuracy").unwrap(), Ranker::UTILITY];
    s
}

#[test]
fn mc_settings_round_trip() {
    let s = reliability_state();
    let d = decode(&encode(&s));
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state, s);
}

#[test]
fn question_settings_round_trip_and_bad_values_are_noted() {
    let mut s = presets::factory();
    s.view = View::Reliability;
    s.mc.question.sigma = 0.2;
    s.mc.question.alpha = 0.5;
    s.mc.question.draws = 50_000;
    s.mc.question.seed = u64::MAX;
    s.mc.question.n = 250;
    let e = encode(&s);
    assert!(
        e.contains("qsigma=0.2&qalpha=0.5&qdraws=50000&qseed=18446744073709551615&qn=250"),
        "{e}"
    );
    let d = decode(&e);
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state, s);
    // Defaults are not written.
    assert!(!encode(&presets::factory()).contains("qsigma"));
    let d = decode("view=reliability&qsigma=-1&qalpha=x&qdraws=0&qseed=-3&qn=0");
    let keys: Vec<&str> = d.notices.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["qsigma", "qalpha", "qdraws", "qseed", "qn"]);
    assert_eq!(d.state.mc.question, QuestionSettings::default());
}

#[test]
fn unknown_views_show_compare() {
    for v in ["metrics", "tables"] {
        let d = decode(&format!("view={v}&u=1,0;0,1"));
        assert_eq!(d.state.view, View::Compare);
        assert_eq!(d.notices.len(), 1);
        assert_eq!(d.notices[0].key, "view");
        assert_eq!(
            d.notices[0].message(),
            format!("unknown view '{v}'; showing Compare")
        );
    }
}

#[test]
fn tiny_numbers_round_trip_shortest() {
    let d = decode("u=1,0;0,1&cm.A=1,2;3,4&prev=1e-70,1&kappa=1e-320,1");
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state.prevalence, Some(vec![1e-70, 1.0]));
    assert_eq!(d.state.kappa, Some(vec![1e-320, 1.0]));
    let e = encode(&d.state);
    assert!(e.ends_with("&prev=1e-70,1&kappa=1e-320,1"), "{e}");
    assert_eq!(decode(&e).state, d.state);
    let mut s = presets::factory();
    s.mc.sigma = 1e-300;
    s.mc.balance = 0.1 + 0.2;
    let e = encode(&s);
    assert!(e.contains("sigma=1e-300&"), "{e}");
    assert!(e.contains("balance=0.30000000000000004"), "{e}");
    assert_eq!(decode(&e).state, s);
}

#[test]
fn shares_that_sum_to_one_are_kept_as_written() {
    // 0.1 + 0.2 + 0.7 is 0.9999999999999999 in floating point: read as written, no drift.
    let d = decode("u=1,0,0;0,1,0;0,0,1&cm.A=1,0,0;0,1,0;0,0,1&prev=0.1,0.2,0.7");
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state.prevalence, Some(vec![0.1, 0.2, 0.7]));
    let mut link = encode(&d.state);
    for _ in 0..5 {
        link = encode(&decode(&link).state);
    }
    assert!(link.ends_with("prev=0.1,0.2,0.7"), "{link}");
    // Shares that do not sum to 1 are rescaled once, with a notice.
    let d = decode("u=1,0;0,1&cm.A=1,2;3,4&prev=1,3");
    assert_eq!(d.notices[0].error, LinkError::Rescaled { sum: 4.0 });
    // A sum that overflows is said in words, not "inf" (issue 28).
    let d = decode("u=1,0;0,1&cm.A=1,0;0,1&prev=1e308,1e308");
    assert_eq!(
        d.notices[0].message(),
        "the shares sum to more than 10³⁰⁸; they were rescaled to sum to 1"
    );
    assert!(decode(&encode(&d.state)).notices.is_empty());
}

#[test]
fn every_key_of_the_table_is_read_and_written() {
    let mut s = reliability_state();
    s.embed = true;
    s.theme = Some(crate::theme::FixedTheme::Dark);
    s.orientation = Orientation::TrueRows;
    s.change_problem(|p| {
        p.utility = ulab_core::Matrix::parse("15,-335;-35,165;0,0").unwrap();
        p.classes = vec!["l".into(), "s".into()];
        p.decisions = vec!["l".into(), "s".into(), "ask".into()];
    })
    .unwrap();
    s.prevalence = Some(vec![0.25, 0.75]);
    s.kappa = Some(vec![0.5, 0.5]);
    s.mc.question.sigma = 0.1;
    s.mc.question.alpha = 2.0;
    s.mc.question.draws = 3000;
    s.mc.question.seed = 4;
    s.mc.question.n = 50;
    s.step = 2;
    s.decide.p = Some(vec![0.2, 0.8]);
    s.decide.alpha = 0.0;
    s.decide.test_size = Some(100);
    for (k, v) in [
        ("ucloud", "0.7:15,-335;-35,165|0.3:1,0;0,1"),
        ("usigma", "0.2"),
        ("upoints", "300"),
        ("useed", "9"),
        ("uoverlay", "errors:0.1"),
        ("uslice", "0,1,-500,0;1,0,-100,100"),
        ("uask", "c10:0.05..0.2,l0:-0.3"),
    ] {
        s.space.apply(k, v, 2).unwrap();
    }
    s.pd.divisions = 20;
    s.pd.grid.values = vec![0.0, 0.5, 1.0];
    s.pd.grid.bins = 100;
    s.pd.grid.seed = 9;
    s.roc.add_binormal("A 1", "1.5,0.5").unwrap();
    s.roc.positive = Some("yes".into());
    s.roc.scores = vec!["m1".into(), "m 2".into()];
    s.probs.sample = Some("triage".into());
    s.probs.models = vec!["A".into(), "B, C".replace(',', " ")];
    s.probs.bins = 20;
    s.probs.seed = 3;
    let e = encode(&s);
    let written: Vec<&str> = e.split('&').map(|p| p.split('=').next().unwrap()).collect();
    for key in keys::all() {
        assert!(
            written.iter().any(|w| key.matches(w)),
            "{} is not written: {e}",
            key.name
        );
    }
    let d = decode(&e);
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state, s);
}

#[test]
fn a_bad_value_of_each_key_is_noted_under_it() {
    let d = decode(
        "v=x&view=x&embed=x&theme=x&orient=x&u=x&cm.A=x&classes=a&decisions=a&prev=x&kappa=x&prior=x\
         &sigma=x&pairs=x&seed=x&axis=x&balance=x&metrics=x&qsigma=x&qalpha=x&qdraws=x&qseed=x\
         &qn=x&step=x&p=x&alpha=x&n=x&ucloud=x&usigma=x&upoints=x&useed=x&uoverlay=x&uslice=x\
         &uask=x&pdstep=x&pdgrid=x&pdbins=x&pdseed=x\
         &bn.A=x&pos=%20&scores=,&sample=x&pmodels=,&pbins=x&pseed=x",
    );
    for key in keys::all() {
        let k = key.shown().replace("NAME", "A");
        assert!(
            d.notices.iter().any(|n| n.key == k),
            "no notice for {k}: {:?}",
            d.notices
        );
    }
    d.state.validate().unwrap();
}

#[test]
fn the_utility_space_view_and_its_keys_open() {
    let d = decode(
        "view=space&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&ucloud=xy&usigma=0.2",
    );
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state.view, View::Space);
    assert_eq!(d.state.space.sigma, 0.2);
    assert_eq!(
        encode(&d.state),
        "v=1&view=space&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&ucloud=xy&usigma=0.2"
    );
    // A bad value is a notice under its key; the rest opens.
    let d = decode("view=space&u=1,0;0,1&cm.A=1,0;0,1&usigma=7&uask=c01:3");
    assert_eq!(d.state.view, View::Space);
    let keys: Vec<&str> = d.notices.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["usigma", "uask"]);
    let messages: Vec<String> = d.notices.iter().map(|n| n.message()).collect();
    assert_eq!(
        messages,
        [
            "'7' is not a number from 0 to 1; ignored",
            "'c01:3' is not readable here (the answer on deciding class 0 for a class-1 item: \
             there is no such question for 2 classes); ignored"
        ]
    );
}

#[test]
fn the_theme_key_fixes_the_colours_and_round_trips() {
    use crate::theme::FixedTheme;
    // Absent: the reader's colours, and links stay as they were.
    let d = decode("view=compare&embed=1");
    assert_eq!(d.state.theme, None);
    assert!(!encode(&d.state).contains("theme"));
    for (value, theme) in [
        ("dark", FixedTheme::Dark),
        ("light", FixedTheme::Light),
        (" dark ", FixedTheme::Dark),
    ] {
        let d = decode(&format!("view=story&step=3&embed=1&theme={value}"));
        assert!(d.notices.is_empty(), "{value}: {:?}", d.notices);
        assert_eq!(d.state.theme, Some(theme));
        assert!(d.state.embed);
        // Kept by the links the app writes (after `embed`), in embed mode and without.
        let e = encode(&d.state);
        assert!(
            e.contains(&format!("&embed=1&theme={}", theme.key())),
            "{e}"
        );
        assert_eq!(decode(&e).state, d.state);
        let mut full = d.state.clone();
        full.embed = false;
        assert_eq!(decode(&encode(&full)).state.theme, Some(theme));
    }
    // `system` says what no key says.
    let d = decode("theme=system");
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state.theme, None);
    // A bad value: a notice under the key, the reader's colours, everything else applied.
    let d = decode("view=story&theme=blue&step=2");
    assert_eq!(d.notices.len(), 1, "{:?}", d.notices);
    assert_eq!(d.notices[0].key, "theme");
    assert_eq!(
        d.notices[0].message(),
        "'blue' is not light or dark; ignored"
    );
    assert_eq!(d.state.theme, None);
    assert_eq!((d.state.view, d.state.step), (View::Story, 1));
    // The JSON state keeps it too (and a state without it reads as before).
    let mut s = crate::presets::factory();
    s.theme = Some(FixedTheme::Light);
    assert_eq!(crate::AppState::from_json(&s.to_json()).unwrap(), s);
    assert!(!crate::presets::factory().to_json().contains("theme"));
}
