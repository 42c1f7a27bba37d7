//! Issue 28, item 3: one baseline rule in every view. Deciding the same for every item is in
//! every comparison; every "best" sentence says when it beats the models, on the shares the
//! view's yields are computed on — and says nothing of it when it does not.

use ulab_core::UtilityMatrix;
use ulab_state::baseline::Baseline;
use ulab_state::compare::{analyze, verdict_of, yields::yields_table};
use ulab_state::probs::{analysis::analyse, file::parse_probs, sentences::baseline_sentence};
use ulab_state::reliability::{baseline_note, question};
use ulab_state::space::model::model_of;
use ulab_state::{AppState, link, presets};

const FACTORY: &str = "u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short";
const SENTENCE: &str = "Deciding 'short' for every item, without any classifier, would yield 65 per item — more than every classifier here.";

fn decode(fragment: &str) -> AppState {
    let d = link::decode(fragment);
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    d.state
}

#[test]
fn the_factory_baseline_is_said_the_same_way_in_compare_space_and_the_question() {
    let s = decode(FACTORY);
    let v = verdict_of(&s, &analyze(&s).unwrap());
    assert!(v.trivial_wins);
    assert!(v.details.iter().any(|d| d == SENTENCE), "{v:?}");
    let space = model_of(&s).unwrap();
    let headline = &space.verdict().headline;
    assert!(
        headline.starts_with("A yields the most here: 3.5 per item"),
        "{headline}"
    );
    assert!(headline.ends_with(SENTENCE), "{headline}");
    let q = question(&s).unwrap();
    assert_eq!(
        baseline_note(&q.config, s.decisions()).as_deref(),
        Some(SENTENCE)
    );
}

#[test]
fn under_deployment_shares_where_the_baseline_loses_compare_says_nothing_of_it() {
    // 90 % long: "always short" yields −15, "always long" 0.9 × 15 − 0.1 × 335 = −20; B 5.7.
    let s = decode(&format!("{FACTORY}&prev=0.9,0.1"));
    let a = analyze(&s).unwrap();
    let v = verdict_of(&s, &a);
    assert!(!v.trivial_wins, "{v:?}");
    let b = Baseline::best(s.utility_matrix(), &[0.9, 0.1], s.decisions()).unwrap();
    assert_eq!((b.name.as_str(), b.yield_per_item), ("short", -15.0));
    let best = a.deployment.as_ref().unwrap();
    assert!(!b.beats(best.rows[best.best[0]].yield_value));
    let note = yields_table(&s, &a).beaten_note().unwrap();
    assert!(note.starts_with("On the test set's class shares"), "{note}");
}

#[test]
fn a_single_useful_classifier_and_many_useful_ones_get_no_baseline_sentence() {
    let s = decode("u=1,0;0,1&cm.A=40,10;10,40&cm.B=30,20;20,30");
    assert!(!verdict_of(&s, &analyze(&s).unwrap()).trivial_wins);
    assert!(
        !model_of(&s)
            .unwrap()
            .verdict()
            .headline
            .contains("for every item")
    );
    let q = question(&s).unwrap();
    assert_eq!(baseline_note(&q.config, s.decisions()), None);
    // The default state is the factory: the preset agrees.
    assert!(verdict_of(&presets::factory(), &analyze(&presets::factory()).unwrap()).trivial_wins);
}

#[test]
fn probabilities_that_lose_to_a_constant_decision_say_so_and_good_ones_do_not() {
    let u = UtilityMatrix::parse("1,-10;0,0").unwrap();
    let names = ["bet".to_string(), "pass".to_string()];
    let bad = parse_probs(
        "y,A:win,A:lose\nwin,0.99,0.01\nlose,0.99,0.01\nlose,0.99,0.01\n",
        None,
    )
    .unwrap();
    let r = analyse(&bad, &[], &u, None).unwrap();
    assert!(
        baseline_sentence(&r, &u, &names)
            .unwrap()
            .starts_with("Deciding 'pass' for every item")
    );
    let good = parse_probs(
        "y,A:win,A:lose\nwin,0.99,0.01\nlose,0.01,0.99\nlose,0.02,0.98\n",
        None,
    )
    .unwrap();
    let r = analyse(&good, &[], &u, None).unwrap();
    assert_eq!(baseline_sentence(&r, &u, &names), None);
}
