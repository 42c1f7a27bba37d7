//! The documentation against the code: `docs/links.md`'s key table is the link format's table
//! of keys, row for row; every example link of `docs/links.md` and of the README opens cleanly
//! (no notice, and the state it describes); the README lists every reference the page cites.

use utility_lab::state::link::{decode, keys};

const LINKS_DOC: &str = include_str!("../../docs/links.md");
const README: &str = include_str!("../../README.md");

/// The rows of `docs/links.md`'s key table (after its header and separator), until the first
/// line that is not a row.
fn doc_key_rows() -> Vec<String> {
    let mut lines = LINKS_DOC
        .lines()
        .skip_while(|l| !l.starts_with("| key |"))
        .skip(2);
    let mut rows = Vec::new();
    for line in lines.by_ref() {
        if !line.starts_with('|') {
            break;
        }
        rows.push(line.to_string());
    }
    rows
}

#[test]
fn the_key_table_of_docs_links_is_the_table_of_keys() {
    let want: Vec<String> = keys::all().map(|k| k.readme_row()).collect();
    let have = doc_key_rows();
    assert_eq!(
        have,
        want,
        "docs/links.md's key table should read:\n\n| key | value | meaning |\n|---|---|---|\n{}\n",
        want.join("\n")
    );
}

/// The links of a Markdown text: the first word of every line of a code block that starts
/// with `#` and a key (a shell comment, `# …`, is not one).
fn example_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code && line.starts_with('#') && !line.starts_with("# ") {
            links.push(line.split_whitespace().next().unwrap().to_string());
        }
    }
    links
}

#[test]
fn the_example_links_decode_without_notices() {
    let links = example_links(LINKS_DOC);
    assert!(links.len() >= 7, "found {links:?}");
    let readme = example_links(README);
    assert!(!readme.is_empty(), "the README has no example link");
    for link in links.iter().chain(&readme) {
        let d = decode(link);
        assert!(d.notices.is_empty(), "{link}: {:?}", d.notices);
        d.state.validate().unwrap();
    }
}

#[test]
fn the_example_links_mean_what_they_say() {
    let links = example_links(LINKS_DOC);
    let d = decode(&links[0]);
    assert_eq!(*d.state.classes(), ["long", "short"]);
    assert_eq!(d.state.classifiers().len(), 2);
    let three = links.iter().find(|l| l.contains("decisions=a")).unwrap();
    let d = decode(three);
    assert_eq!(*d.state.decisions(), ["a", "b", "c", "ask"]);
    assert_eq!(d.state.classes().len(), 3);
    let sk = links.iter().find(|l| l.contains("true-rows")).unwrap();
    let d = decode(sk);
    // rows = true class in the link; stored rows = output: the factory's A.
    assert_eq!(d.state.classifiers()[0].matrix.to_string(), "27,15;23,35");
    // The README's link is the factory, as it says.
    let readme = example_links(README);
    let d = decode(&readme[0]);
    assert_eq!(*d.state.classes(), ["long", "short"]);
    assert_eq!(d.state.classifiers().len(), 2);
    assert_eq!(d.state.classifiers()[0].matrix.to_string(), "27,15;23,35");
}

#[test]
fn the_readme_lists_every_reference_the_page_cites() {
    let section = README
        .split("\n## References\n")
        .nth(1)
        .expect("README has a References section");
    // Titles may wrap across lines: compare with every run of white space as one space.
    let section = section.split_whitespace().collect::<Vec<_>>().join(" ");
    for r in utility_lab::state::references::REFERENCES {
        assert!(
            section.contains(&format!("**{}**", r.short)),
            "README References lacks {}",
            r.short
        );
        let first_words: String = r
            .title
            .split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            section.contains(&first_words),
            "README lacks the title of {}",
            r.short
        );
    }
}
