//! A probabilities file read as the page reads it: its bytes in slices cut anywhere (inside a
//! line, a quoted field, a `\r\n`, a UTF-8 character), a few lines read between slices. Random
//! files with quoted class names (a comma, a non-ASCII letter), both kinds of columns, blank
//! lines, `\r\n` and `\r` line ends, a byte-order mark, and sometimes one bad cell or row: the
//! streamed read equals the read of the whole text, and both equal the table the test wrote
//! (or name the bad line, with no table). No text makes the reader panic.

use proptest::prelude::*;
use ulab_state::probs::file::{ProbsFile, ProbsFileError, ProbsOptions, ProbsParser, parse_probs};

/// Valid rows of three probabilities, written as text (some not summing exactly to 1).
const ROWS: [[&str; 3]; 5] = [
    ["0.2", "0.3", "0.5"],
    ["1", "0", "0"],
    ["0.333333", "0.333333", "0.333334"],
    ["0.1", "0.8", "0.1005"],
    ["0.05", "0.9", "0.05"],
];

/// What can be wrong with the bad row.
const BAD: [&str; 4] = ["0.5x", "1.5", "-0.1", "0.2"];

/// A generated file: its text, and the line of its bad row (with what the error says).
struct File {
    text: String,
    truth: Vec<usize>,
    bad: Option<usize>,
}

type Spec = (
    Vec<(usize, usize, usize, bool)>,
    u8,
    bool,
    Option<(usize, usize)>,
);

fn spec() -> impl Strategy<Value = Spec> {
    (
        prop::collection::vec(
            (0usize..3, 0usize..5, 0usize..5, prop::bool::weighted(0.1)),
            1..60,
        ),
        0u8..3,
        any::<bool>(),
        prop::option::weighted(0.3, (0usize..60, 0usize..4)),
    )
}

const CLASSES: [&str; 3] = ["ok", "mi, nor", "sévère"];

fn quoted(s: &str) -> String {
    if s.contains(',') {
        format!("\"{s}\"")
    } else {
        s.to_string()
    }
}

/// Model A's columns in class order, model B's reversed.
fn file((rows, eol, bom, bad): &Spec) -> File {
    let eol = ["\n", "\r\n", "\r"][*eol as usize];
    let mut text = String::from(if *bom { "\u{feff}" } else { "" });
    let header: Vec<String> = CLASSES
        .iter()
        .map(|c| quoted(&format!("A:{c}")))
        .chain(CLASSES.iter().rev().map(|c| quoted(&format!("B:{c}"))))
        .collect();
    text.push_str(&format!("label,{}{eol}", header.join(",")));
    let (mut line, mut truth, mut bad_line) = (2, Vec::new(), None);
    for (i, &(class, a, b, blank)) in rows.iter().enumerate() {
        if blank {
            text.push_str(eol);
            line += 1;
        }
        let mut cells: Vec<String> = ROWS[a].iter().map(|s| s.to_string()).collect();
        let rb = ROWS[b];
        cells.extend([rb[2], rb[1], rb[0]].iter().map(|s| s.to_string()));
        if let Some((at, what)) = bad
            && *at == i
        {
            cells[4] = BAD[*what].to_string();
            bad_line = Some(line);
        }
        text.push_str(&format!(
            "{},{}{eol}",
            quoted(CLASSES[class]),
            cells.join(",")
        ));
        truth.push(class);
        line += 1;
    }
    File {
        text,
        truth,
        bad: bad_line,
    }
}

/// Reads `text` in slices at the byte positions `cuts`, stepping `lines` lines after each.
fn streamed(text: &str, cuts: &[usize], lines: usize) -> Result<ProbsFile, ProbsFileError> {
    let bytes = text.as_bytes();
    let mut points: Vec<usize> = cuts.iter().map(|c| c % (bytes.len() + 1)).collect();
    points.push(bytes.len());
    points.sort_unstable();
    let mut p = ProbsParser::streaming(ProbsOptions::default());
    let mut at = 0;
    for &c in &points {
        p.push_bytes(&bytes[at..c])?;
        at = c;
        p.step(lines)?;
    }
    p.end();
    p.finish()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn slices_read_as_the_whole(
        s in spec(),
        cuts in prop::collection::vec(any::<usize>(), 0..12),
        lines in 1usize..7,
    ) {
        let f = file(&s);
        let whole = parse_probs(&f.text, None);
        let parts = streamed(&f.text, &cuts, lines);
        prop_assert_eq!(&whole, &parts);
        match (whole, f.bad) {
            (Ok(t), None) => {
                let truth: Vec<usize> = t.table.truth().iter().map(|&y| usize::from(y)).collect();
                prop_assert_eq!(truth, f.truth);
                prop_assert_eq!(t.classes, CLASSES.map(String::from).to_vec());
                // B's columns are reversed in the file, not in the table.
                let (a, b) = (&t.table.models()[0], &t.table.models()[1]);
                for i in 0..t.table.n_items() {
                    let (pa, pb) = (a.item(i), b.item(i));
                    prop_assert!(pa.iter().chain(pb).all(|v| (0.0..=1.0).contains(v)));
                }
            }
            (Err(e), Some(line)) => prop_assert_eq!(e.line(), Some(line), "{}", e),
            (r, bad) => prop_assert!(false, "{:?} with bad line {:?}", r.map(|_| ()), bad),
        }
    }

    #[test]
    fn single_columns_in_slices(
        labels in prop::collection::vec(any::<bool>(), 1..40),
        cuts in prop::collection::vec(any::<usize>(), 0..8),
        lines in 1usize..5,
    ) {
        let mut text = String::from("y_true,A,B\n");
        for (i, &l) in labels.iter().enumerate() {
            text.push_str(&format!("{},0.{},0.{}\n", u8::from(l), i % 10, (i * 7) % 10));
        }
        let whole = parse_probs(&text, None);
        prop_assert_eq!(&whole, &streamed(&text, &cuts, lines));
        let both = labels.iter().any(|&l| l) && labels.iter().any(|&l| !l);
        match whole {
            Ok(f) => {
                prop_assert!(both);
                prop_assert_eq!(&f.classes[0], "1");
            }
            // One label only: single columns cannot name the other class.
            Err(e) => prop_assert!(!both && matches!(e, ProbsFileError::OneClass { .. }), "{}", e),
        }
    }

    #[test]
    fn no_text_makes_the_reader_panic(
        text in "(label|A:x|A:y|B|y|x|0|1|0\\.5|1\\.5|,|;|:|\"|\n|\r| |é)*",
        cuts in prop::collection::vec(any::<usize>(), 0..6),
    ) {
        let whole = parse_probs(&text, None);
        prop_assert_eq!(whole, streamed(&text, &cuts, 3));
    }

    #[test]
    fn mutated_files_read_the_same_in_slices(
        s in spec(),
        edits in prop::collection::vec((any::<usize>(), 0usize..12), 1..6),
        cuts in prop::collection::vec(any::<usize>(), 0..10),
        lines in 1usize..5,
    ) {
        let mut text: Vec<char> = file(&s).text.chars().collect();
        for (at, what) in edits {
            let at = at % (text.len() + 1);
            let c = ['"', ',', '\n', '\r', ':', ';', 'é', '0', '.', '5', 'x', '\t'][what];
            text.insert(at, c);
        }
        let text: String = text.into_iter().collect();
        prop_assert_eq!(parse_probs(&text, None), streamed(&text, &cuts, lines));
    }
}
