//! The scores file read as the page reads it: its bytes in slices cut anywhere (inside a line,
//! a quoted field, a `\r\n`, a UTF-8 character), parsed a few lines at a time between slices.
//! Random files with ties, `\r\n` and bare `\r` line ends, quoted labels (with commas and line
//! breaks), non-ASCII labels, blank lines, a byte-order mark, and sometimes one bad cell: the
//! streamed parse equals the parse of the whole text at once, and both equal the table the
//! test wrote (or name the line of the bad cell, with no table).

use proptest::prelude::*;
use utility_lab::state::roc::scores::{ScoresError, ScoresParser, ScoresTable, parse_scores};

/// A generated file: its text, the table it holds (or the line and column of its bad cell).
struct File {
    text: String,
    labels: Vec<u8>,
    names: [&'static str; 2],
    scores: [Vec<f64>; 2],
    bad: Option<(usize, &'static str)>,
}

/// Row `i`'s label, score indices and blank-line flag; the line end; BOM; the bad row.
type Spec = (Vec<(bool, u8, u8, bool)>, u8, bool, Option<usize>);

fn spec() -> impl Strategy<Value = Spec> {
    (
        prop::collection::vec(
            (any::<bool>(), 0u8..6, 0u8..6, prop::bool::weighted(0.1)),
            2..80,
        ),
        0u8..3,
        any::<bool>(),
        prop::option::weighted(0.3, 0usize..80),
    )
}

/// The file of `spec`: labels `"é, 1"` (quoted: a comma) and `"n\no"` (quoted: a line
/// break), scores from six values (ties), line ends `\n`, `\r\n` or `\r`.
fn file((rows, eol, bom, bad): Spec) -> File {
    let eol = ["\n", "\r\n", "\r"][eol as usize];
    let values = [-1.5, 0.0, 0.25, 0.25e1, 3.0, 1e-3];
    let mut text = String::from(if bom { "\u{feff}" } else { "" });
    text.push_str(&format!("label,\"model, A\",B{eol}"));
    let mut line = 2;
    let mut f = File {
        text: String::new(),
        labels: Vec::new(),
        names: ["model, A", "B"],
        scores: [Vec::new(), Vec::new()],
        bad: None,
    };
    let first = rows[0].0;
    for (i, &(label, a, b, blank)) in rows.iter().enumerate() {
        if blank {
            text.push_str(eol);
            line += 1;
        }
        let l = if label { "\"é, 1\"" } else { "\"n\no\"" };
        let b_cell = if bad == Some(i) && f.bad.is_none() {
            f.bad = Some((line, "B"));
            "0.5x".to_string()
        } else {
            format!("{}", values[b as usize])
        };
        text.push_str(&format!("{l},{},{b_cell}{eol}", values[a as usize]));
        f.labels.push(u8::from(label != first));
        f.scores[0].push(values[a as usize]);
        f.scores[1].push(values[b as usize]);
        line += if label { 1 } else { 2 };
    }
    f.text = text;
    f
}

/// Reads `bytes` cut at `cuts` (sorted offsets), `lines` lines per step, stepping `steps`
/// times after each slice.
fn streamed(
    bytes: &[u8],
    cuts: &[usize],
    lines: usize,
    steps: usize,
) -> Result<ScoresTable, ScoresError> {
    let mut p = ScoresParser::streaming();
    let mut at = 0;
    for &c in cuts.iter().chain([&bytes.len()]) {
        let c = c.clamp(at, bytes.len());
        p.push_bytes(&bytes[at..c])?;
        at = c;
        for _ in 0..steps {
            p.step(lines)?;
        }
    }
    p.end();
    while !p.is_done() {
        p.step(lines)?;
    }
    p.finish()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn streamed_parsing_equals_parsing_at_once_and_the_file_written(
        spec in spec(),
        mut cuts in prop::collection::vec(0usize..4000, 0..12),
        lines in 1usize..8,
        steps in 0usize..4,
    ) {
        let f = file(spec);
        let whole = parse_scores(&f.text);
        cuts.sort_unstable();
        let bytes = f.text.as_bytes();
        prop_assert_eq!(&streamed(bytes, &cuts, lines, steps), &whole);
        // One byte at a time, one line per step.
        let every: Vec<usize> = (1..bytes.len()).collect();
        prop_assert_eq!(&streamed(bytes, &every, 1, 1), &whole);
        let both_labels = f.labels.contains(&0) && f.labels.contains(&1);
        match (f.bad, whole) {
            (Some((line, column)), Err(e)) => {
                prop_assert_eq!(e.line(), Some(line));
                prop_assert!(e.to_string().contains(&format!("column '{column}'")), "{}", e);
            }
            (None, Ok(t)) => {
                prop_assert!(both_labels);
                let names: Vec<&str> = t.classifiers.iter().map(|c| c.name.as_str()).collect();
                prop_assert_eq!(names, f.names.to_vec());
                prop_assert_eq!(&t.label_index, &f.labels);
                prop_assert_eq!(&t.classifiers[0].scores, &f.scores[0]);
                prop_assert_eq!(&t.classifiers[1].scores, &f.scores[1]);
                prop_assert!(t.labels.contains(&"é, 1".to_string()));
                prop_assert!(t.labels.contains(&"n\no".to_string()));
            }
            (None, Err(e)) => prop_assert!(!both_labels && matches!(e, ScoresError::OneClass { .. }), "{}", e),
            (Some(_), Ok(_)) => prop_assert!(false, "the bad cell was read"),
        }
    }
}

#[test]
fn a_bad_line_is_named_wherever_the_slices_cut() {
    // Line 7 has a non-numeric score; a blank line (4) and a \r\n file.
    let text = "label,A,B\r\n1,0.9,0.8\r\n0,0.1,0.3\r\n\r\n1,0.7,0.6\r\n0,0.2,0.1\r\n1,0.8,n/a\r\n0,0.5,0.5\r\n";
    let bytes = text.as_bytes();
    for cut in 0..=bytes.len() {
        let e = streamed(bytes, &[cut], 2, 1).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 7, column 'B': 'n/a' is not a number",
            "cut at {cut}"
        );
    }
}

#[test]
fn rows_are_read_as_their_slices_come_and_no_earlier() {
    let mut p = ScoresParser::streaming();
    p.push_str("label,A\n1,0.").unwrap();
    p.step(100).unwrap();
    assert_eq!(p.names(), ["A"]);
    assert_eq!(p.progress().rows, 0); // "1,0." may go on
    p.push_str("5\n0,0.25\n1").unwrap();
    assert_eq!(p.step(100).unwrap().rows, 2);
    assert!(!p.is_done());
    p.push_str(",1e-1").unwrap(); // a last line without its line end
    p.end();
    assert_eq!(p.step(100).unwrap().rows, 3);
    assert!(p.is_done());
    let t = p.finish().unwrap();
    assert_eq!(t.classifiers[0].scores, vec![0.5, 0.25, 0.1]);
}

#[test]
fn a_header_too_long_is_refused_before_the_file_has_come() {
    let mut p = ScoresParser::streaming();
    p.push_str(&format!("label,{}", "A".repeat(100_001)))
        .unwrap();
    let e = p.step(1).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("line 1: the header line is longer"),
        "{e}"
    );
    // Whole, the same message.
    let e2 = parse_scores(&format!("label,{}\n1,2\n", "A".repeat(100_001))).unwrap_err();
    assert_eq!(e, e2);
}

#[test]
fn stray_quotes_wait_for_the_whole_file_and_read_as_at_once() {
    // A stray quote in an unquoted label fools the cut between records; the rest is read at
    // once when it has all come, as when the whole text is parsed.
    let text = "label,A\n5\" a,0.1\n\"multi\nline\",0.3\n5\" a,0.2\n\"multi\nline\",x\n";
    let whole = parse_scores(text).unwrap_err();
    assert_eq!(whole.line(), Some(6));
    let bytes = text.as_bytes();
    for cut in 0..=bytes.len() {
        for lines in 1..4 {
            assert_eq!(streamed(bytes, &[cut], lines, 2).unwrap_err(), whole);
        }
    }
}
