//! Every error of a probabilities file names its line (and the model where there is one), and
//! says what is wrong in the user's words.

use ulab_state::probs::file::{ProbsFileError, parse_probs};

fn err(text: &str) -> ProbsFileError {
    parse_probs(text, None).unwrap_err()
}

#[test]
fn each_error_names_its_line_and_model() {
    let cases: [(&str, &str); 15] = [
        ("", "the file is empty"),
        ("0.5,0.5\n", "line 1: the first line must be a header"),
        ("label\nx\n", "line 1: no model column"),
        (
            "label,A:x,A:y,B:x\nx,0.5,0.5,1\n",
            "line 1: model 'B' has no column for class 'y'",
        ),
        (
            "label,A:x,A:y,B:x,B:y,B:z\n",
            "line 1: model 'B' has a column for class 'z', which model 'A' has not",
        ),
        (
            "label,A:x\n",
            "line 1: model 'A' has a column for one class only",
        ),
        (
            "label,A:x,A:y,A:z,B\n",
            "line 1: model 'B' has a single column",
        ),
        (
            "label,A:cat,A:dog,B\n",
            "line 1: the labels are 'cat', 'dog': choose which one is positive",
        ),
        (
            "label,A:x,A:y\nx,0.5,0.5\nz,0.5,0.5\n",
            "line 3: the true class 'z' has no column; the models' classes are 'x', 'y'",
        ),
        (
            "label,A:x,A:y\nx,0.5,0.5\n\ny,0.5,oops\n",
            "line 4, model 'A' (column 'A:y'): 'oops' is not a number",
        ),
        (
            "label,A:x,A:y,B:y,B:x\nx,0.5,0.5,1.2,0\n",
            "line 2, model 'B' (column 'B:y'): 1.2 is not a probability (0 to 1)",
        ),
        (
            "label,A:x,A:y\nx,0.5,0.5\ny,0.5,0.45\n",
            "line 3, model 'A': the probabilities sum to 0.95; they must sum to 1 within 1 %",
        ),
        (
            "label,A:x,A:y\nx,0.5\n",
            "line 2: 2 fields, but the header has 3",
        ),
        (
            "label,A:x,A:y\n,0.5,0.5\n",
            "line 2: the true class (column 'label') is empty",
        ),
        (
            "y,A\n1,0.5\n0,0.5\n2,0.5\n",
            "line 4: a third label '2' (after '1' and '0')",
        ),
    ];
    for (text, want) in cases {
        let e = err(text);
        assert!(e.to_string().starts_with(want), "{text:?}: {e}");
    }
    assert!(matches!(
        err("label,A:x,A:y\n"),
        ProbsFileError::NoRows { line: 1 }
    ));
    assert!(matches!(
        err("y,A\ncat,0.5\n"),
        ProbsFileError::PositiveRequired { line: 2, .. }
    ));
    assert!(matches!(
        err("y,A\n1,0.5\nyes,0.5\n"),
        ProbsFileError::PositiveRequired { line: 3, .. }
    ));
}

#[test]
fn a_row_within_one_percent_is_renormalized_and_counted() {
    let f = parse_probs(
        "label,A:x,A:y\nx,0.5,0.5\ny,0.5,0.495\nx,0.2,0.8000001\n",
        None,
    )
    .unwrap();
    assert_eq!(f.renormalized(), vec![1]);
    let p = f.table.models()[0].item(1);
    assert!((f64::from(p[0]) - 0.5 / 0.995).abs() < 1e-7);
}

#[test]
fn the_positive_label_of_single_columns() {
    // Given: "ham" is class 0 whatever comes first.
    let f = parse_probs("label,A\nspam,0.2\nham,0.9\n", Some("ham")).unwrap();
    assert_eq!(f.classes, ["ham", "spam"]);
    assert_eq!(f.table.truth(), &[1, 0]);
    assert_eq!(f.table.models()[0].item(0), &[0.2, 0.8]);
    // By scikit-learn's rule, from the first label: "0" is the negative, "1" comes later.
    let f = parse_probs("y,A\n0,0.2\n0,0.1\n1,0.9\n", None).unwrap();
    assert_eq!(f.classes, ["1", "0"]);
    assert_eq!(f.positive.as_deref(), Some("1"));
    // Mixed with MODEL:CLASS columns, which name both classes.
    let f = parse_probs("y,A:no,A:yes,B\nyes,0.3,0.7,0.6\n", Some("yes")).unwrap();
    assert_eq!(f.classes, ["no", "yes"]);
    assert_eq!(f.table.models()[1].item(0), &[0.4, 0.6]);
    // A decimal comma with ';'.
    let f = parse_probs("label;A:x;A:y\nx;0,25;0,75\n", None).unwrap();
    assert_eq!(f.table.models()[0].item(0), &[0.25, 0.75]);
}
