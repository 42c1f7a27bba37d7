//! Tests of the whole import, stage by stage through [`import_classifier`].

use super::*;
use crate::edit::tests::three;
use crate::presets;

fn opts(name: &str) -> ImportOptions {
    ImportOptions {
        kind: ImportKind::Auto,
        orientation: Orientation::OutputRows,
        name: name.into(),
        use_file_classes: false,
    }
}

#[test]
fn import_matrix_both_orientations() {
    let s = presets::factory();
    let out = import_classifier(&s, "27,15\n23,35\n", &opts("C")).unwrap();
    assert_eq!(out.index, 2);
    assert_eq!(out.state.classifiers()[2].matrix.to_string(), "27,15;23,35");
    let t = ImportOptions {
        orientation: Orientation::TrueRows,
        ..opts("C")
    };
    let out = import_classifier(&s, "27,15\n23,35\n", &t).unwrap();
    assert_eq!(out.state.classifiers()[2].matrix.to_string(), "27,23;15,35");
    // The matrix syntax on one line, and replacing by name.
    let out = import_classifier(&s, "1,2;3,4", &opts("A")).unwrap();
    assert_eq!(out.index, 0);
    assert_eq!(out.state.classifiers().len(), 2);
    assert!(
        out.message.starts_with("Replaced classifier 'A'"),
        "{}",
        out.message
    );
}

#[test]
fn import_matrix_header_reorders_or_renames() {
    let s = presets::factory();
    let out = import_classifier(&s, ",short,long\nshort,35,23\nlong,15,27\n", &opts("C")).unwrap();
    assert_eq!(out.state.classifiers()[2].matrix.to_string(), "27,15;23,35");
    assert!(out.message.contains("matched"), "{}", out.message);
    // Unknown names: kept as they are, with a note.
    let out = import_classifier(&s, "p0,p1\n1,2\n3,4\n", &opts("C")).unwrap();
    assert_eq!(*out.state.classes(), vec!["long", "short"]);
    assert!(out.message.contains("were not used"), "{}", out.message);
    // With consent, the names replace the classes.
    let agree = ImportOptions {
        use_file_classes: true,
        ..opts("C")
    };
    let out = import_classifier(&s, "cat,dog\n1,2\n3,4\n", &agree).unwrap();
    assert_eq!(*out.state.classes(), vec!["cat", "dog"]);
    assert_eq!(*out.state.decisions(), vec!["cat", "dog"]);
}

#[test]
fn import_matrix_errors_name_the_line_and_change_nothing() {
    let s = presets::factory();
    let m = ImportOptions {
        kind: ImportKind::Matrix,
        ..opts("C")
    };
    let e = import_classifier(&s, "1,2\n3,x\n", &m).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(import_classifier(&s, "1,2\n3,x\n", &opts("C")).is_err());
    let e = import_classifier(&s, "# h\n1,2\n-3,4\n", &opts("C")).unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert!(e.to_string().contains("negative"), "{e}");
    let e = import_classifier(&s, "1,2,3\n4,5,6\n7,8,9\n", &opts("C")).unwrap_err();
    assert_eq!(e.line, 0);
    assert!(e.to_string().contains("3 classes"), "{e}");
    let e = import_classifier(&s, "0,0\n0,0\n", &opts("C")).unwrap_err();
    assert!(e.to_string().contains("zero"), "{e}");
    assert!(import_classifier(&s, "", &opts("C")).is_err());
    assert!(import_classifier(&s, "1,2\n3,4", &opts(" ")).is_err());
}

#[test]
fn import_resizes_when_alone() {
    let mut s = presets::factory();
    s.change_problem(|p| {
        p.classifiers.truncate(1);
    })
    .unwrap();
    // Replacing the only classifier may change the number of classes.
    let out = import_classifier(&s, "1,0,0\n0,1,0\n0,0,1\n", &opts("A")).unwrap();
    assert_eq!(out.state.n(), 3);
    assert_eq!(*out.state.classes(), vec!["long", "short", "2"]);
    out.state.validate().unwrap();
    let out = import_classifier(&s, "y_true,y_pred\nx,y\ny,z\nz,z\n", &opts("A")).unwrap();
    assert_eq!(*out.state.classes(), vec!["x", "y", "z"]);
    assert_eq!(
        out.state.classifiers()[0].matrix.to_string(),
        "0,0,0;1,0,0;0,1,1"
    );
    // Adding a second one may not.
    let e = import_classifier(&s, "1,0,0\n0,1,0\n0,0,1\n", &opts("B")).unwrap_err();
    assert!(e.to_string().contains("3 classes"), "{e}");
    let agree = ImportOptions {
        use_file_classes: true,
        ..opts("B")
    };
    let e = import_classifier(&s, "x,y\ny,z\nz,z\n", &agree).unwrap_err();
    assert!(e.to_string().contains("remove them first"), "{e}");
}

#[test]
fn import_labels() {
    let s = presets::factory();
    let text = "long,long\nlong,short\nshort,short\nshort,short\n";
    let out = import_classifier(&s, text, &opts("C")).unwrap();
    assert_eq!(out.state.classifiers()[2].matrix.to_string(), "1,0;1,2");
    assert!(out.message.contains("4 items"), "{}", out.message);
    let hdr = format!("y_pred,y_true\n{text}");
    let out = import_classifier(&s, &hdr, &opts("C")).unwrap();
    assert_eq!(out.state.classifiers()[2].matrix.to_string(), "1,1;0,2");
    // Unknown labels: the line, the classes, and nothing applied.
    let e =
        import_classifier(&s, "y_true,y_pred\nlong,long\n\nlong,tall\n", &opts("C")).unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    assert!(
        e.to_string().contains("'tall'") && e.to_string().contains("long, short"),
        "{e}"
    );
    // With consent and the same number of classes, the names are replaced.
    let agree = ImportOptions {
        use_file_classes: true,
        ..opts("C")
    };
    let out = import_classifier(&s, "1,0\n0,0\n1,1\n", &agree).unwrap();
    assert_eq!(*out.state.classes(), vec!["0", "1"]);
    assert_eq!(out.state.classifiers()[2].matrix.to_string(), "1,1;0,1");
    assert_eq!(out.state.classifiers()[0].matrix.to_string(), "27,15;23,35");
    // Label errors from the CSV reader keep their lines.
    let e = import_classifier(
        &s,
        "y_true,y_pred\na,b\nc\n",
        &ImportOptions {
            kind: ImportKind::Labels,
            ..opts("C")
        },
    )
    .unwrap_err();
    assert_eq!(e.line, 3);
    // Only one class in the file.
    let e = import_classifier(&s, "x,x\nx,x\n", &agree).unwrap_err();
    assert_eq!(e.line, 0);
}

#[test]
fn import_subset_of_classes_and_kind_forced() {
    let s = three();
    let out = import_classifier(&s, "a,a\nb,a\nc,c\n", &opts("C")).unwrap();
    assert_eq!(
        out.state.classifiers()[2].matrix.to_string(),
        "1,1,0;0,0,0;0,0,1"
    );
    // Deployment shares survive an import that keeps the classes...
    assert_eq!(out.state.prevalence, s.prevalence);
    assert!(crate::compare::analyze(&out.state).is_ok());
    // ... and a classifier without a case of a class with a deployment share is refused.
    let e = import_classifier(&s, "a,a\nb,a\n", &opts("C")).unwrap_err();
    assert!(
        e.to_string().contains("'c'") && e.to_string().contains("deployment"),
        "{e}"
    );
    let m = ImportOptions {
        kind: ImportKind::Matrix,
        ..opts("C")
    };
    assert!(import_classifier(&s, "a,a\nb,a\n", &m).is_err());
}
