//! Issue 28, item 1 (confusion matrices): a confusion matrix that cannot be read names every
//! bad cell, each with its row (or line) and cell and why, in one message — from a link, the
//! import box, a paste, a state file — and a link's classifier whose counts cannot be read is
//! never replaced by made-up counts that are then ranked: the link keeps the text as given,
//! every view says so, Compare ranks nothing until the problem is edited.

use ulab_core::{Matrix, Orientation};
use ulab_state::compare::analyze;
use ulab_state::edit::text::Rule;
use ulab_state::edit::{ImportKind, ImportOptions, import_classifier, read_matrix_text};
use ulab_state::link::{decode, encode};
use ulab_state::{AppState, Classifier};

const BAD: &str = "cm.A=-5,10;NaN,20";

#[test]
fn a_links_matrix_names_every_bad_cell() {
    let d = decode(BAD);
    let n = d
        .notices
        .iter()
        .find(|n| n.key == "cm.A")
        .expect("a notice");
    assert_eq!(
        n.to_string(),
        "cm.A: 2 cells cannot be read: row 1, cell 1: -5 is negative; row 2, cell 1: 'NaN' is \
         not a number (counts and fractions must be ≥ 0); ignored"
    );
    // Also beyond the bound, and empty.
    let d = decode("cm.A=1e16,x;,1");
    let m = d.notices[0].to_string();
    for part in [
        "row 1, cell 1: 1e16 is beyond",
        "row 1, cell 2: 'x'",
        "row 2, cell 1 is empty",
    ] {
        assert!(m.contains(part), "{m}");
    }
}

#[test]
fn the_classifier_is_never_replaced_by_the_factorys() {
    let s = decode(BAD).state;
    // Not the factory example's A and B: nothing made up.
    assert!(s.classifiers().is_empty(), "{:?}", s.classifiers());
    let x = &s.unread_classifiers[0];
    assert_eq!((x.name.as_str(), x.text.as_str()), ("A", "-5,10;NaN,20"));
    let e = analyze(&s).expect_err("nothing ranked").to_string();
    assert!(
        e.contains("The link's classifier A, cm.A=-5,10;NaN,20, could not be read"),
        "{e}"
    );
    assert!(
        e.contains("-5 is negative") && e.contains("'NaN' is not a number"),
        "{e}"
    );
    assert!(e.contains("nothing is ranked"), "{e}");
}

#[test]
fn beside_good_classifiers_nothing_is_ranked_and_the_page_says_why() {
    let link = format!("u=15,-335;-35,165&{BAD}&cm.B=43,18;7,32");
    let s = decode(&link).state;
    assert_eq!(s.classifiers().len(), 1);
    assert!(analyze(&s).is_err(), "B alone is not the link's comparison");
    assert!(
        s.unread_message()
            .unwrap()
            .contains("is left out, and nothing is ranked")
    );
    // The link keeps the text as given, and a reload says the same.
    let e = encode(&s);
    assert!(e.contains("cm.A=-5,10;NaN,20"), "{e}");
    assert_eq!(decode(&e).state, s);
    // A change outside the problem keeps it.
    let mut t = s.clone();
    t.prevalence = Some(vec![0.5, 0.5]);
    assert!(analyze(&t).is_err());
    // Giving A's counts (an edit of the problem) ends it: both are ranked.
    let mut t = s.clone();
    t.change_problem(|p| {
        p.classifiers.insert(
            0,
            Classifier {
                name: "A".into(),
                matrix: Matrix::parse("27,15;23,35").unwrap(),
            },
        )
    })
    .unwrap();
    assert!(t.unread_classifiers.is_empty());
    assert_eq!(analyze(&t).unwrap().test.best, vec![0]);
    assert!(!encode(&t).contains("NaN"));
}

#[test]
fn a_good_link_has_nothing_unread() {
    let s = decode("cm.A=27,15;23,35&cm.B=43,18;7,32").state;
    assert!(s.unread_classifiers.is_empty() && s.unread_message().is_none());
    assert!(analyze(&s).is_ok());
}

fn import(text: &str, kind: ImportKind) -> String {
    let opts = ImportOptions {
        kind,
        orientation: Orientation::OutputRows,
        name: "C".into(),
        use_file_classes: false,
    };
    import_classifier(&AppState::default(), text, &opts)
        .map(|o| o.message)
        .unwrap_or_else(|e| e.to_string())
}

#[test]
fn the_import_names_every_bad_cell_with_its_line() {
    let want = "2 cells cannot be read: line 1, cell 1: -5 is negative; line 2, cell 1: 'NaN' is \
                not a number (counts and fractions must be ≥ 0)";
    for text in ["-5,10\nNaN,20\n", "-5;10\nNaN;20\n", "-5\t10\nNaN\t20\n"] {
        // A square table of numbers but for a bad cell is a matrix, not two label columns.
        assert_eq!(import(text, ImportKind::Auto), want, "{text:?}");
        assert_eq!(import(text, ImportKind::Matrix), want, "{text:?}");
    }
    // A header row and row names: the lines are the file's.
    let m = import(",long,short\nlong,27,x\nshort,-1,35\n", ImportKind::Matrix);
    assert!(
        m.contains("line 2, cell 2: 'x' is not a number; line 3, cell 1: -1 is negative"),
        "{m}"
    );
    // Label columns are still labels.
    assert!(import("long,long\nshort,long\n", ImportKind::Auto).contains("from labels"));
}

#[test]
fn a_paste_names_every_bad_cell() {
    let e = read_matrix_text("-5 10\nNaN 20", Rule::Counts)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "2 cells cannot be read: row 1, cell 1: -5 is negative; row 2, cell 1: 'NaN' is not a \
         number (counts and fractions must be ≥ 0)."
    );
    let e = read_matrix_text("[[-5 10]\n [nan 20]]", Rule::Counts)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("row 1, cell 1: -5") && e.contains("row 2, cell 1: 'nan'"),
        "{e}"
    );
}

#[test]
fn a_state_file_names_every_bad_cell() {
    let mut json: serde_json::Value = serde_json::from_str(&AppState::default().to_json()).unwrap();
    json["state"]["classifiers"][0]["matrix"]["data"] = serde_json::json!([-5, 10, -1, 20]);
    let e = AppState::from_json(&json.to_string())
        .unwrap_err()
        .to_string();
    assert!(e.contains("row 1, cell 1: -5 is negative"), "{e}");
    assert!(e.contains("row 2, cell 1: -1 is negative"), "{e}");
}
