//! Issue 28, item 6: the formats people paste. scikit-learn's printed `confusion_matrix` and
//! NumPy's repr are read wherever a matrix is pasted (a matrix editor's paste and a paste box:
//! `read_matrix_text`; the import box: `import_classifier`) and in links' `u` and `cm.NAME`;
//! the forms read before still are; no text makes a reader panic. And a `y_true,proba_0,
//! proba_1` file is one model's class probabilities, which the ROC view says instead of
//! reading two classifiers.

use ulab_core::Orientation;
use ulab_state::AppState;
use ulab_state::edit::text::{Rule, read_syntax};
use ulab_state::edit::{ImportKind, ImportOptions, import_classifier, read_matrix_text};
use ulab_state::link::decode;
use ulab_state::probs::recognise::sniff;

const SKLEARN: &str = "[[27 23]\n [15 35]]";
const NUMPY: &str = "array([[27, 23],\n       [15, 35]])";
const NUMPY_DTYPE: &str = "array([[27, 23],\n       [15, 35]], dtype=int64)";
const NUMPY_FLOATS: &str = "array([[ 0.5, -1. ],\n       [ 0.25,  2. ]])";

/// What every paste place reads from `text`: the matrix (rows first, as written).
fn pasted(text: &str, rule: Rule) -> String {
    match read_matrix_text(text, rule) {
        Ok(p) => p.matrix.to_string(),
        Err(e) => format!("error: {e}"),
    }
}

/// The import box: the classifier `C` added from `text` (rows = the true class, as
/// scikit-learn writes it), or the error.
fn imported(text: &str, kind: ImportKind) -> String {
    let opts = ImportOptions {
        kind,
        orientation: Orientation::TrueRows,
        name: "C".into(),
        use_file_classes: false,
    };
    match import_classifier(&AppState::default(), text, &opts) {
        Ok(out) => out.state.classifiers()[out.index].matrix.to_string(),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn scikit_learns_print_is_a_matrix_everywhere() {
    assert_eq!(pasted(SKLEARN, Rule::Counts), "27,23;15,35");
    assert_eq!(pasted(SKLEARN, Rule::Any), "27,23;15,35");
    // Rows = true class, as scikit-learn writes them: stored rows = output.
    assert_eq!(imported(SKLEARN, ImportKind::Auto), "27,15;23,35");
    assert_eq!(imported(SKLEARN, ImportKind::Matrix), "27,15;23,35");
    // Aligned as NumPy aligns wider numbers, three classes.
    let three = "[[ 5  0  1]\n [ 0 17  0]\n [ 2  0  9]]";
    assert_eq!(pasted(three, Rule::Counts), "5,0,1;0,17,0;2,0,9");
}

#[test]
fn numpys_repr_is_a_matrix_everywhere() {
    for text in [NUMPY, NUMPY_DTYPE, "np.array([[27, 23], [15, 35]])"] {
        assert_eq!(pasted(text, Rule::Counts), "27,23;15,35", "{text:?}");
        assert_eq!(imported(text, ImportKind::Auto), "27,15;23,35", "{text:?}");
    }
    // Floats as NumPy prints them (`-1.`, `2.`): a utility matrix.
    assert_eq!(pasted(NUMPY_FLOATS, Rule::Any), "0.5,-1;0.25,2");
    let sci = "array([[1.e-03, 2.5e+01],\n       [3.e+00, 4.e+00]])";
    assert_eq!(pasted(sci, Rule::Any), "0.001,25;3,4");
    // A negative count is refused, and named.
    let e = pasted(NUMPY_FLOATS, Rule::Counts).to_lowercase();
    assert!(e.contains("row 1, cell 2: -1. is negative"), "{e}");
    // A paste cut short after the list still holds it.
    assert_eq!(
        pasted("array([[1, 2], [3, 4]], dtype=", Rule::Counts),
        "1,2;3,4"
    );
    // Python and JSON lists, PyTorch's tensors.
    for text in [
        "[[27, 23], [15, 35]]",
        "[[27,23],[15,35]]",
        "tensor([[27, 23], [15, 35]])",
    ] {
        assert_eq!(pasted(text, Rule::Counts), "27,23;15,35", "{text:?}");
    }
}

#[test]
fn brackets_in_links() {
    let d = decode("u=[[1,0],[0,1]]&cm.A=[[27,23],[15,35]]");
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state.utility().to_string(), "1,0;0,1");
    assert_eq!(d.state.classifiers()[0].matrix.to_string(), "27,23;15,35");
    assert!(d.state.unread_utility.is_none() && d.state.unread_classifiers.is_empty());
    // Blanks as scikit-learn prints them (percent-encoded in a link), rows = true class.
    let d = decode("orient=true-rows&u=[[15,-335],[-35,165]]&cm.A=[[27%2023]%20[15%2035]]");
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state.utility().to_string(), "15,-335;-35,165");
    assert_eq!(d.state.classifiers()[0].matrix.to_string(), "27,15;23,35");
    // NumPy's repr, typed into a link.
    let d = decode("cm.A=array([[27,23],[15,35]],dtype=int64)&cm.B=np.array([[43,18],[7,32]])");
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state.classifiers().len(), 2);
    // The link written back is in the matrix syntax.
    let e = ulab_state::link::encode(&decode("u=[[1,0],[0,1]]&cm.A=[[27,23],[15,35]]").state);
    assert!(
        e.contains("u=1,0;0,1") && e.contains("cm.A=27,23;15,35"),
        "{e}"
    );
}

#[test]
fn the_forms_read_before_still_are() {
    for text in [
        "27,23;15,35",
        " 27 , 23 ; 15 , 35 ",
        "27,23;15,35;",
        "27\t23\n15\t35\n",
        "27\t23\r\n15\t35\r\n",
        "27 23\n15 35",
        "27,23\n15,35",
        "27;23\n15;35",
        "\tlong\tshort\nlong\t27\t23\nshort\t15\t35",
        ",long,short\nlong,27,23\nshort,15,35",
    ] {
        assert_eq!(pasted(text, Rule::Counts), "27,23;15,35", "{text:?}");
    }
    assert_eq!(pasted("0,5\t0,5\n1\t0", Rule::Any), "0.5,0.5;1,0");
    assert_eq!(pasted("1 0\n0 1\n0.5 0.5", Rule::Any), "1,0;0,1;0.5,0.5");
    assert_eq!(
        read_syntax("15,-335;-35,165", Rule::Any)
            .unwrap()
            .to_string(),
        "15,-335;-35,165"
    );
    let d = decode("u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short");
    assert!(d.notices.is_empty());
    assert_eq!(
        imported("y_true,y_pred\nlong,long\nshort,long\n", ImportKind::Auto),
        "1,1;0,0"
    );
}

#[test]
fn hostile_text_gives_an_error_never_a_panic() {
    let deep = "[".repeat(100_000);
    let closed = format!("{}{}", "[".repeat(50_000), "]".repeat(50_000));
    let wide = format!("[[{}]]", vec!["1"; 10_000].join(","));
    for text in [
        "[[",
        "]]]",
        "[",
        "]",
        "[]",
        "[[]]",
        "[[1, 2], [3, 4]",
        "[[1, 2]], [3, 4]]",
        "[[1, 2] [3, 4]]]",
        "[[[1]]]",
        "[1, [2]]",
        "array(",
        "array([[1,,2],[3,4]])",
        "[[1 2]\n [3]]",
        "[[nan inf]\n [1 2]]",
        "[[é ١]]",
        "[[\u{202e}1]]",
        deep.as_str(),
        closed.as_str(),
        wide.as_str(),
    ] {
        for rule in [Rule::Any, Rule::Counts] {
            let e = read_matrix_text(text, rule);
            assert!(e.is_err(), "{text:.40?} read as {e:?}");
            assert!(!e.unwrap_err().to_string().is_empty());
            assert!(read_syntax(text, rule).is_err(), "{text:.40?}");
        }
        let _ = imported(text, ImportKind::Auto);
        let link = format!("u={text}&cm.A={text}");
        let d = decode(&link);
        d.state.validate().unwrap();
        assert!(d.state.unread_utility.is_some() || text.trim().is_empty());
    }
    let e = read_matrix_text("[[1, 2], [3, 4]", Rule::Counts)
        .unwrap_err()
        .to_string();
    assert!(e.contains("'[' is not closed"), "{e}");
    let e = read_matrix_text(&deep, Rule::Counts)
        .unwrap_err()
        .to_string();
    assert!(e.contains("nested more than two deep"), "{e}");
}

#[test]
fn a_file_of_one_models_class_probabilities_is_not_two_classifiers() {
    let file = "y_true,proba_0,proba_1\n0,0.9,0.1\n1,0.2,0.8\n1,0.4,0.6\n0,0.7,0.3\n";
    let r = sniff(file, true).expect("recognised as probabilities");
    assert_eq!(
        (r.models.clone(), r.classes.clone()),
        (vec!["proba".to_string()], vec!["0".to_string(), "1".into()])
    );
    let m = r.not_scores("p.csv", "nothing was loaded");
    assert!(
        m.starts_with("p.csv was not read as scores (nothing was loaded)"),
        "{m}"
    );
    assert!(
        m.contains("proba_0, proba_1 are one model's probabilities of the classes 0, 1"),
        "{m}"
    );
    assert!(m.contains("not 2 classifiers' scores"), "{m}");
    assert!(m.contains("Probabilities view (#view=probs)"), "{m}");
    // Two classifiers' scores are not.
    assert!(sniff("y_true,model_a,model_b\n0,0.9,0.1\n1,0.2,0.8\n", true).is_none());
}
