//! The README's "Links" section: its key table is the link format's table of keys, row for
//! row, and every example link opens cleanly (no notice, and the state it describes).

use utility_lab::state::link::{decode, keys};

/// The rows of the README's key table (after its header and separator), until the first line
/// that is not a row.
fn readme_key_rows() -> Vec<String> {
    let readme = include_str!("../../README.md");
    let section = readme
        .split("\n## Links\n")
        .nth(1)
        .expect("README has a Links section");
    let mut lines = section
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
fn the_readme_key_table_is_the_table_of_keys() {
    let want: Vec<String> = keys::all().map(|k| k.readme_row()).collect();
    let have = readme_key_rows();
    assert_eq!(
        have,
        want,
        "the README's key table should read:\n\n| key | value | meaning |\n|---|---|---|\n{}\n",
        want.join("\n")
    );
}

fn readme_links() -> Vec<String> {
    let readme = include_str!("../../README.md");
    let section = readme
        .split("\n## Links\n")
        .nth(1)
        .expect("README has a Links section");
    let section = section.split("\n## ").next().unwrap();
    let mut links = Vec::new();
    let mut in_code = false;
    for line in section.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code && line.starts_with('#') {
            links.push(line.split_whitespace().next().unwrap().to_string());
        }
    }
    links
}

#[test]
fn the_readme_example_links_decode_without_notices() {
    let links = readme_links();
    assert!(links.len() >= 7, "found {links:?}");
    for link in &links {
        let d = decode(link);
        assert!(d.notices.is_empty(), "{link}: {:?}", d.notices);
        d.state.validate().unwrap();
    }
}

#[test]
fn the_readme_examples_mean_what_they_say() {
    let links = readme_links();
    let d = decode(&links[0]);
    assert_eq!(*d.state.classes(), ["long", "short"]);
    assert_eq!(d.state.classifiers().len(), 2);
    let three = links.iter().find(|l| l.contains("decisions=")).unwrap();
    let d = decode(three);
    assert_eq!(*d.state.decisions(), ["a", "b", "c", "ask"]);
    assert_eq!(d.state.classes().len(), 3);
    let sk = links.iter().find(|l| l.contains("true-rows")).unwrap();
    let d = decode(sk);
    // rows = true class in the link; stored rows = output: the factory's A.
    assert_eq!(d.state.classifiers()[0].matrix.to_string(), "27,15;23,35");
}

#[test]
fn the_readme_lists_every_reference_the_page_cites() {
    let readme = include_str!("../../README.md");
    let section = readme
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
