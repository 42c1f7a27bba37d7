//! Issue 28, item 1: a link whose utility matrix cannot be read never gives a ranking under
//! other utilities. The state says which stand-in is used, Compare's analysis refuses to rank,
//! the link keeps the text as given (a reload says the same), and an edit of the problem (the
//! utility matrix fixed) ends it.

use ulab_core::Matrix;
use ulab_state::compare::analyze;
use ulab_state::link::{decode, encode};

const TYPO: &str = "u=15,-3x5;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32";

#[test]
fn a_typo_in_u_ranks_nothing_and_says_so() {
    let s = decode(TYPO).state;
    let x = s.unread_utility.as_ref().expect("the typo is kept");
    assert_eq!(x.text, "15,-3x5;-35,165");
    assert!(x.why.contains("-3x5"), "{}", x.why);
    let err = analyze(&s)
        .expect_err("no ranking under a stand-in")
        .to_string();
    assert!(err.contains("u=15,-3x5;-35,165 could not be read"), "{err}");
    assert!(
        err.contains("u=1,0;0,1, is a stand-in, not the link's"),
        "{err}"
    );
}

#[test]
fn the_link_keeps_the_text_as_given_and_a_reload_says_the_same() {
    let s = decode(TYPO).state;
    let link = encode(&s);
    assert!(link.contains("u=15,-3x5;-35,165"), "{link}");
    assert!(!link.contains("u=1,0;0,1"), "{link}");
    assert_eq!(decode(&link).state, s);
}

#[test]
fn an_edit_of_the_utility_matrix_ends_it() {
    let mut s = decode(TYPO).state;
    s.change_problem(|p| p.utility = Matrix::parse("15,-335;-35,165").unwrap())
        .unwrap();
    assert_eq!(s.unread_utility, None);
    let a = analyze(&s).unwrap();
    assert_eq!(
        a.test.best,
        vec![0],
        "A is best under the link's intended utilities"
    );
    assert!(encode(&s).contains("u=15,-335;-35,165"));
}

#[test]
fn a_change_outside_the_problem_keeps_it_and_its_link() {
    let mut s = decode(TYPO).state;
    s.prevalence = Some(vec![0.9, 0.1]);
    assert!(s.unread_utility.is_some());
    assert!(analyze(&s).is_err());
    assert_eq!(decode(&encode(&s)).state, s);
}

#[test]
fn any_edit_of_the_problem_takes_the_stand_in_as_the_problem() {
    let mut s = decode(TYPO).state;
    s.change_problem(|p| p.classes = vec!["long".into(), "short".into()])
        .unwrap();
    assert_eq!(s.unread_utility, None);
    assert!(encode(&s).contains("u=1,0;0,1"));
    assert_eq!(decode(&encode(&s)).state, s);
}

#[test]
fn a_value_too_large_is_unread_too_and_a_good_link_is_not() {
    let s = decode("u=1e300,0;0,1&cm.A=27,15;23,35").state;
    assert!(s.unread_utility.is_some());
    assert!(analyze(&s).is_err());
    let s = decode("u=15,-335;-35,165&cm.A=27,15;23,35").state;
    assert_eq!(s.unread_utility, None);
    assert!(analyze(&s).is_ok());
    // No `u` at all: the factory's, nothing unread.
    assert_eq!(decode("cm.A=27,15;23,35").state.unread_utility, None);
}
