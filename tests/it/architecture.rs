//! The shape of the code, checked (`scripts/layers.sh` runs these tests and prints the graph):
//!
//! * **Layers.** The workspace's crates are the layers, bottom up: core, json, csv, plot, worker,
//!   state, ui (and beside them cli and mc-worker). A crate may depend only on crates below it
//!   ([`LAYERS`]): the compiler enforces what a crate's `Cargo.toml` allows, and this test
//!   checks each `Cargo.toml` against the order, and that no source file even names a crate
//!   above its own (a doc link or an example counts: a reader follows it).
//! * **No import circles.** Within each crate, the files' imports (`use` paths and inline
//!   `crate::…`/`super::…` paths, resolved to the module's file) form no circle. A module's
//!   own declaration of its children (`mod x;`) is not an import; test-only files and inline
//!   test modules are left out.
//! * **Views apart.** A view's folder in the UI (`crates/ui/src/<view>/`) never names another
//!   view's folder.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The crates, bottom up, each with the crates it may depend on.
const LAYERS: &[(&str, &[&str])] = &[
    ("ulab-core", &[]),
    ("ulab-probs", &["ulab-core"]),
    ("ulab-json", &["ulab-core"]),
    ("ulab-csv", &["ulab-core"]),
    ("ulab-plot", &["ulab-core"]),
    ("ulab-worker", &["ulab-core", "ulab-json"]),
    (
        "ulab-state",
        &[
            "ulab-core",
            "ulab-probs",
            "ulab-json",
            "ulab-csv",
            "ulab-plot",
            "ulab-worker",
        ],
    ),
    (
        "ulab-ui",
        &[
            "ulab-core",
            "ulab-probs",
            "ulab-json",
            "ulab-csv",
            "ulab-plot",
            "ulab-worker",
            "ulab-state",
        ],
    ),
    (
        "ulab-cli",
        &["ulab-core", "ulab-probs", "ulab-csv", "ulab-state"],
    ),
    ("mc-worker", &["ulab-worker"]),
];

/// The UI's view folders.
const VIEWS: &[&str] = &[
    "compare",
    "space",
    "reliability",
    "roc",
    "decide",
    "pd",
    "story",
    "probs",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The crate folders of the workspace: `crates/<dir>` with its package name.
fn crates() -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for entry in fs::read_dir(root().join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        let toml = fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        let name = toml
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|l| l.strip_suffix('"'))
            .unwrap_or_else(|| panic!("{}: no package name", dir.display()))
            .to_string();
        out.push((name, dir));
    }
    out.sort();
    out
}

/// The workspace crates `toml` depends on (any section: normal, dev, target-specific).
fn workspace_deps(toml: &str) -> BTreeSet<String> {
    let names: Vec<&str> = LAYERS.iter().map(|(n, _)| *n).collect();
    toml.lines()
        .filter_map(|l| l.split(['.', '=', ' ']).next())
        .filter(|k| names.contains(k))
        .map(str::to_string)
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn each_crate_depends_only_on_the_layers_below_it() {
    let all = crates();
    assert_eq!(
        all.len(),
        LAYERS.len(),
        "a crate was added or removed: place it in LAYERS"
    );
    for (name, dir) in &all {
        let allowed = LAYERS
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{name} is not in LAYERS"))
            .1;
        let toml = fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        for dep in workspace_deps(&toml) {
            assert!(
                dep == *name || allowed.contains(&dep.as_str()),
                "{name} depends on {dep}, which is not below it"
            );
        }
        // No file names a crate it may not use (code, doc links and examples alike).
        let mut files = Vec::new();
        rust_files(&dir.join("src"), &mut files);
        for f in files {
            let text = fs::read_to_string(&f).unwrap();
            for (other, _) in LAYERS {
                let ident = other.replace('-', "_");
                if other == name || allowed.contains(other) || ident == "mc_worker" {
                    continue;
                }
                assert!(
                    !text.contains(&format!("{ident}::")),
                    "{} names {ident}, a layer above {name}",
                    f.display()
                );
            }
        }
    }
}

/// A crate's files, keyed by module path (`["link", "keys"]` for `link/keys.rs`).
struct Modules {
    files: BTreeMap<Vec<String>, PathBuf>,
    test_only: BTreeSet<Vec<String>>,
}

fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().to_string())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" && stem != "main" {
        parts.push(stem.to_string());
    }
    parts
}

fn modules(src: &Path) -> Modules {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut out = Modules {
        files: BTreeMap::new(),
        test_only: BTreeSet::new(),
    };
    for f in &files {
        out.files.insert(module_path(src, f), f.clone());
    }
    // `#[cfg(test)] mod x;` marks x (and what is under it) as test-only.
    for f in &files {
        let m = module_path(src, f);
        let text = fs::read_to_string(f).unwrap();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for w in lines.windows(2) {
            if w[0] == "#[cfg(test)]"
                && let Some(name) = w[1]
                    .trim_start_matches("pub(crate) ")
                    .trim_start_matches("pub ")
                    .strip_prefix("mod ")
                    .and_then(|r| r.strip_suffix(';'))
            {
                let mut child = m.clone();
                child.push(name.to_string());
                out.test_only.insert(child);
            }
        }
    }
    let test_roots: Vec<Vec<String>> = out.test_only.iter().cloned().collect();
    for m in out.files.keys() {
        if test_roots.iter().any(|t| m.starts_with(t)) {
            out.test_only.insert(m.clone());
        }
    }
    out
}

/// The text of a file without its comments, string literals and inline test module.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(i) => &text[..i],
        None => text,
    };
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        // Drop string literals (a path inside a message is no import).
        let mut in_str = false;
        let mut prev = ' ';
        for c in code.chars() {
            if c == '"' && prev != '\\' {
                in_str = !in_str;
            } else if !in_str {
                out.push(c);
            }
            prev = c;
        }
        out.push('\n');
    }
    out
}

/// Every path a file's code names: `use` trees expanded (`a::{b, c::d}` → `a::b`, `a::c::d`)
/// and inline paths starting with `crate::`, `super::` or `self::`.
fn paths_of(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = rest[..i].chars().last();
        let after = &rest[i + 4..];
        rest = after;
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(end) = after.find(';') else { break };
        let tree = after[..end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let tree = ["::", "{", "}", ","].iter().fold(tree, |t, sep| {
            t.replace(&format!(" {sep}"), sep)
                .replace(&format!("{sep} "), sep)
        });
        expand(&tree, "", &mut out);
    }
    let bytes: Vec<char> = code.chars().collect();
    let text: String = bytes.iter().collect();
    for start in ["crate::", "super::", "self::", "$crate::"] {
        let mut from = 0;
        while let Some(i) = text[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            let prev = text[..at].chars().last();
            if prev.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = text[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':' || *c == '$')
                .collect();
            out.push(path.trim_start_matches('$').to_string());
        }
    }
    out
}

fn expand(tree: &str, prefix: &str, out: &mut Vec<String>) {
    match tree.find('{') {
        None => {
            let p = tree.split(" as ").next().unwrap_or(tree);
            out.push(format!("{prefix}{p}"));
        }
        Some(open) => {
            let head = &tree[..open];
            let close = tree.rfind('}').filter(|c| *c > open).unwrap_or(tree.len());
            let inner = &tree[open + 1..close];
            let mut depth = 0;
            let mut item = String::new();
            for c in inner.chars().chain([',']) {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                if c == ',' && depth == 0 {
                    if !item.is_empty() {
                        expand(&item, &format!("{prefix}{head}"), out);
                    }
                    item.clear();
                } else {
                    item.push(c);
                }
            }
        }
    }
}

/// The module file a path leads to from module `at`: the longest prefix that is a module.
fn resolve(path: &str, at: &[String], m: &Modules) -> Option<Vec<String>> {
    let mut segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    // The module `self` names: the file's own module.
    let mut base: Vec<String> = at.to_vec();
    match segs.first().copied() {
        Some("crate") => {
            base.clear();
            segs.remove(0);
        }
        Some("self") => {
            segs.remove(0);
        }
        Some("super") => {
            while segs.first() == Some(&"super") {
                segs.remove(0);
                base.pop();
            }
        }
        // A path relative to the module (`use child::x` in a parent, which declares the
        // child) or to another crate.
        _ => return None,
    }
    let mut found = m.files.contains_key(&base).then(|| base.clone());
    let mut cur = base;
    for s in segs {
        cur.push(s.to_string());
        if m.files.contains_key(&cur) {
            found = Some(cur.clone());
        } else {
            break;
        }
    }
    found
}

/// The import graph of a crate: file → files it imports.
fn graph(src: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let m = modules(src);
    let mut g = BTreeMap::new();
    for (module, file) in &m.files {
        if m.test_only.contains(module) {
            continue;
        }
        let code = code_of(&fs::read_to_string(file).unwrap());
        let mut to = BTreeSet::new();
        for p in paths_of(&code) {
            if let Some(target) = resolve(&p, module, &m)
                && target != *module
                && !m.test_only.contains(&target)
            {
                to.insert(target);
            }
        }
        g.insert(module.clone(), to);
    }
    g
}

/// The strongly connected components of more than one file (Tarjan).
fn circles(g: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    struct T<'a> {
        g: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a Vec<String>, usize>,
        low: BTreeMap<&'a Vec<String>, usize>,
        stack: Vec<&'a Vec<String>>,
        on: BTreeSet<&'a Vec<String>>,
        out: Vec<Vec<Vec<String>>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a Vec<String>) {
        let i = t.index.len();
        t.index.insert(v, i);
        t.low.insert(v, i);
        t.stack.push(v);
        t.on.insert(v);
        if let Some(edges) = t.g.get(v) {
            for w in edges {
                let Some((w, _)) = t.g.get_key_value(w) else {
                    continue;
                };
                if !t.index.contains_key(w) {
                    visit(t, w);
                    let lw = t.low[w];
                    let lv = t.low[v];
                    t.low.insert(v, lv.min(lw));
                } else if t.on.contains(w) {
                    let iw = t.index[w];
                    let lv = t.low[v];
                    t.low.insert(v, lv.min(iw));
                }
            }
        }
        if t.low[v] == t.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on.remove(w);
                comp.push(w.clone());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                t.out.push(comp);
            }
        }
    }
    let mut t = T {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !t.index.contains_key(v) {
            visit(&mut t, v);
        }
    }
    t.out
}

fn show(m: &[String]) -> String {
    if m.is_empty() {
        "(crate root)".into()
    } else {
        m.join("::")
    }
}

#[test]
fn no_crate_has_an_import_circle() {
    let mut report = Vec::new();
    let mut arrows = 0;
    for (name, dir) in crates() {
        let g = graph(&dir.join("src"));
        arrows += g.values().map(BTreeSet::len).sum::<usize>();
        for c in circles(&g) {
            let ties: Vec<String> = c
                .iter()
                .flat_map(|a| {
                    g[a].iter()
                        .filter(|b| c.contains(b))
                        .map(move |b| format!("    {} -> {}", show(a), show(b)))
                })
                .collect();
            report.push(format!(
                "{name}: {} files import each other:\n{}",
                c.len(),
                ties.join("\n")
            ));
        }
    }
    println!("{arrows} imports between files, {} circles", report.len());
    assert!(report.is_empty(), "import circles:\n{}", report.join("\n"));
}

#[test]
fn a_view_folder_never_names_another_view() {
    let ui = root().join("crates/ui/src");
    for view in VIEWS {
        let dir = ui.join(view);
        if !dir.is_dir() {
            continue;
        }
        let mut files = Vec::new();
        rust_files(&dir, &mut files);
        for f in files {
            let code = code_of(&fs::read_to_string(&f).unwrap());
            for other in VIEWS.iter().filter(|o| *o != view) {
                assert!(
                    !code.contains(&format!("crate::{other}::")),
                    "{} names the {other} view",
                    f.display()
                );
            }
        }
    }
}

#[test]
fn the_checker_finds_a_circle_and_resolves_paths() {
    // Two files that import each other, and one that imports them: one circle of two.
    let g: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = [
        (vec!["a".into()], [vec!["b".to_string()]].into()),
        (vec!["b".into()], [vec!["a".to_string()]].into()),
        (vec!["c".into()], [vec!["a".to_string()]].into()),
    ]
    .into();
    assert_eq!(
        circles(&g),
        vec![vec![vec!["a".to_string()], vec!["b".to_string()]]]
    );
    let mut p = Vec::new();
    expand(
        "crate::link::{error::LinkError,key::{Key,Read}}",
        "",
        &mut p,
    );
    assert_eq!(
        p,
        [
            "crate::link::error::LinkError",
            "crate::link::key::Key",
            "crate::link::key::Read"
        ]
    );
    let code =
        code_of("use super::x;\nlet s = \"crate::nope\"; // crate::nor_this\ncrate::y::f();\n");
    assert_eq!(paths_of(&code), ["super::x", "crate::y::f", "super::x"]);
}
