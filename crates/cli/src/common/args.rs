//! The subcommands' arguments: files, matrices, lists and names read into the core's types,
//! with one-line errors that name the option.

use super::output::fmt_num;
use std::io::Read;
use ulab_core::limits::{MAX_CELLS, MAX_CLASSIFIERS};
use ulab_core::text::{parse_number, truncate};
use ulab_core::{ConfusionMatrix, CoreError, Matrix, Orientation, UtilityMatrix};

/// The most values a comma-separated list argument may hold.
pub const MAX_LIST: usize = ulab_core::limits::MAX_LIST;

/// The largest input file read (scores, matrices): 256 MiB.
pub const MAX_FILE_BYTES: u64 = ulab_core::limits::MAX_FILE_BYTES;

/// clap value parser for `--orientation`.
pub fn parse_orientation(s: &str) -> Result<Orientation, String> {
    Orientation::parse(s).ok_or_else(|| "expected output-rows or true-rows".to_string())
}

/// clap value parser for a finite real number (rejects `nan`, `inf`, which Rust's `f64` parser
/// accepts).
pub fn parse_finite(s: &str) -> Result<f64, String> {
    parse_number(s).ok_or_else(|| "not a finite number".to_string())
}

/// Reads a whole file, or standard input for `-`, as UTF-8 text.
///
/// # Errors
/// The file cannot be read, is larger than [`MAX_FILE_BYTES`], or is not UTF-8.
pub fn read_text(path: &str) -> Result<String, String> {
    let shown = display_path(path);
    let mut bytes = Vec::new();
    let result = if path == "-" {
        std::io::stdin()
            .lock()
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
    } else {
        match std::fs::File::open(path) {
            Ok(f) => f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes),
            Err(e) => return Err(format!("{shown}: cannot open: {}", io_reason(&e))),
        }
    };
    if let Err(e) = result {
        return Err(format!("{shown}: cannot read: {}", io_reason(&e)));
    }
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "{shown}: larger than {} MiB",
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = upto.iter().filter(|b| **b == b'\n').count() + 1;
        format!("{shown}: line {line}: not UTF-8 text")
    })
}

/// How a path is named in messages (`stdin` for `-`).
pub fn display_path(path: &str) -> String {
    if path == "-" {
        "stdin".to_string()
    } else {
        truncate(path, 80)
    }
}

/// The reason of an I/O error for a message, in lower case ("no such file").
pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => {
            let s = e.to_string();
            // "Is a directory (os error 21)" → "is a directory"
            let s = s.split(" (os error").next().unwrap_or(&s).to_string();
            let mut c = s.chars();
            match c.next() {
                Some(f) => f.to_lowercase().chain(c).collect(),
                None => "unknown error".to_string(),
            }
        }
    }
}

/// A matrix argument in the matrix syntax (`15,-335;-35,165`), or `@FILE` (`@-` = standard
/// input): a matrix file with rows on lines and cells separated by `,`, tabs or spaces.
///
/// # Errors
/// One line naming `option`, e.g. `--utility: row 2, cell 1: 'x' is not a number`.
pub fn matrix_arg(option: &str, text: &str) -> Result<Matrix, String> {
    if let Some(path) = text.strip_prefix('@') {
        let content = read_text(path.trim()).map_err(|e| format!("{option}: {e}"))?;
        let shown = display_path(path.trim());
        return Matrix::parse_pasted(&content).map_err(|e| format!("{option}: {shown}: {e}"));
    }
    Matrix::parse(text).map_err(|e| format!("{option}: {}", core_message(&e)))
}

/// The core error's message, with a hint where one helps.
pub fn core_message(e: &CoreError) -> String {
    match e {
        CoreError::Empty => {
            "the matrix is empty (cells are separated by ',', rows by ';', e.g. '1,0;0,1')"
                .to_string()
        }
        other => other.to_string(),
    }
}

/// The utility matrix (rows = decisions, columns = true classes).
///
/// # Errors
/// Bad syntax, fewer than 2 rows or columns, too large.
pub fn utility_arg(text: &str) -> Result<UtilityMatrix, String> {
    let m = matrix_arg("--utility", text)?;
    UtilityMatrix::new(m).map_err(|e| format!("--utility: {e}"))
}

/// A confusion matrix written in `orientation`, validated; `label` names it in errors
/// (e.g. `--cm A`). Positions in errors refer to the matrix as the user wrote it.
///
/// # Errors
/// Bad syntax, not square, fewer than 2 or too many classes, a negative value, all zeros, a
/// total too large to represent.
pub fn confusion_arg(
    label: &str,
    text: &str,
    orientation: Orientation,
) -> Result<ConfusionMatrix, String> {
    let m = matrix_arg(label, text)?;
    confusion_from_matrix(label, m, orientation)
}

/// A confusion matrix from a parsed matrix written in `orientation` (see [`confusion_arg`]).
pub fn confusion_from_matrix(
    label: &str,
    m: Matrix,
    orientation: Orientation,
) -> Result<ConfusionMatrix, String> {
    if m.rows() != m.cols() {
        return Err(format!(
            "{label}: a confusion matrix must be square, this one is {} × {}",
            m.rows(),
            m.cols()
        ));
    }
    // Checked here, before the core transposes a true-rows matrix, so that the position is the
    // one the user typed.
    for i in 0..m.rows() {
        for j in 0..m.cols() {
            let v = m.get(i, j);
            if v < 0.0 {
                let e = CoreError::Negative {
                    row: i,
                    col: j,
                    value: v,
                };
                return Err(format!("{label}: {e}"));
            }
        }
    }
    if !m.sum().is_finite() {
        return Err(format!(
            "{label}: the values are too large: their total cannot be represented"
        ));
    }
    ConfusionMatrix::new(m, orientation).map_err(|e| format!("{label}: {}", core_message(&e)))
}

/// The matrix a metric is computed on: the matrix itself, or, for huge totals (where products
/// of counts overflow), its normalized copy. Every metric is invariant under scaling.
pub fn metric_safe(cm: &ConfusionMatrix) -> ConfusionMatrix {
    if cm.total() > 1e100
        && let Ok(n) = ConfusionMatrix::new(cm.normalized(), Orientation::OutputRows)
    {
        return n;
    }
    cm.clone()
}

/// Splits `NAME=M` of `--cm`.
///
/// # Errors
/// No `=`, or an empty name.
pub fn split_named(option: &str, text: &str) -> Result<(String, String), String> {
    let Some((name, m)) = text.split_once('=') else {
        return Err(format!(
            "{option} '{}': expected NAME=MATRIX, e.g. {option} A='27,15;23,35'",
            truncate(text, 40)
        ));
    };
    let name = name.trim();
    if name.is_empty() {
        return Err(format!(
            "{option} '{}': the classifier's name (before '=') is empty",
            truncate(text, 40)
        ));
    }
    Ok((name.to_string(), m.to_string()))
}

/// Every `--cm NAME=M`, in the order given, as named confusion matrices of one size.
///
/// # Errors
/// A bad argument, a repeated name, or classifiers of different sizes.
pub fn named_confusions(
    values: &[String],
    orientation: Orientation,
) -> Result<Vec<(String, ConfusionMatrix)>, String> {
    if values.is_empty() {
        return Err("give at least one classifier with --cm NAME=MATRIX".to_string());
    }
    if values.len() > MAX_CLASSIFIERS {
        return Err(format!(
            "--cm: {} classifiers given, at most {MAX_CLASSIFIERS} supported",
            values.len()
        ));
    }
    let mut out: Vec<(String, ConfusionMatrix)> = Vec::with_capacity(values.len());
    for v in values {
        let (name, text) = split_named("--cm", v)?;
        let label = format!("--cm {}", truncate(&name, 40));
        if out.iter().any(|(n, _)| *n == name) {
            return Err(format!("{label}: the name is given twice"));
        }
        let cm = confusion_arg(&label, &text, orientation)?;
        if let Some((first, c0)) = out.first()
            && c0.n() != cm.n()
        {
            return Err(format!(
                "{label}: {} classes, but --cm {} has {}",
                cm.n(),
                truncate(first, 40),
                c0.n()
            ));
        }
        out.push((name, cm));
    }
    let (k, n) = (out.len(), out[0].1.n());
    if k * n * n > MAX_CELLS {
        return Err(format!(
            "--cm: {k} classifiers of {n} classes hold {} matrix cells, more than the {MAX_CELLS} \
             supported",
            k * n * n
        ));
    }
    Ok(out)
}

/// The test-set size of `--n` (`ulab decide`, `ulab eval`): a whole number ≥ 1.
///
/// # Errors
/// Anything else, as one line naming `--n`.
pub fn test_set_size(text: &str) -> Result<f64, String> {
    match ulab_core::text::parse_whole(text) {
        Some(n) if n >= 1 => Ok(n as f64),
        _ => Err(format!(
            "--n: '{}' is not a test-set size: give the number of test items (a whole number ≥ 1)",
            truncate(text.trim(), 24)
        )),
    }
}

/// A comma-separated list of numbers (e.g. `0.2,0.8`).
///
/// # Errors
/// An empty or non-numeric value, named by position: `--kappa: value 2: 'x' is not a number`.
pub fn list_arg(option: &str, text: &str) -> Result<Vec<f64>, String> {
    let tokens: Vec<&str> = text.split(',').collect();
    if tokens.len() > MAX_LIST {
        return Err(format!(
            "{option}: {} values given, at most {MAX_LIST} supported",
            tokens.len()
        ));
    }
    if tokens.len() == 1 && tokens[0].trim().is_empty() {
        return Err(format!(
            "{option}: no value given (separate values with ',')"
        ));
    }
    let mut out = Vec::with_capacity(tokens.len());
    for (k, t) in tokens.iter().enumerate() {
        let t = t.trim();
        if t.is_empty() {
            return Err(format!("{option}: value {} is empty", k + 1));
        }
        match parse_number(t) {
            Some(v) => out.push(v),
            None => {
                return Err(format!(
                    "{option}: value {}: '{}' is not a number",
                    k + 1,
                    truncate(t, 24)
                ));
            }
        }
    }
    Ok(out)
}

/// `n` shares (probabilities, class shares) from a list: non-negative, summing to 1 within
/// 1e-6. `what` says what one value is for (e.g. "one per class").
///
/// # Errors
/// Wrong length, a negative value, or a sum other than 1.
pub fn shares_arg(option: &str, text: &str, n: usize, what: &str) -> Result<Vec<f64>, String> {
    let v = list_arg(option, text)?;
    if v.len() != n {
        return Err(format!(
            "{option}: expected {n} values ({what}), found {}",
            v.len()
        ));
    }
    if let Some(k) = v.iter().position(|x| *x < 0.0) {
        return Err(format!("{option}: value {}: {} is negative", k + 1, v[k]));
    }
    let s: f64 = v.iter().sum();
    if (s - 1.0).abs() > 1e-6 {
        return Err(format!("{option}: the values sum to {}, not 1", fmt_num(s)));
    }
    Ok(v)
}

/// A p-d preference vector κ: `n` values in [0, 1].
///
/// # Errors
/// Wrong length or a value outside [0, 1].
pub fn kappa_arg(text: &str, n: usize) -> Result<Vec<f64>, String> {
    let v = list_arg("--kappa", text)?;
    if v.len() != n {
        return Err(format!(
            "--kappa: expected {n} values (one per class), found {}",
            v.len()
        ));
    }
    if let Some(k) = v.iter().position(|x| !(0.0..=1.0).contains(x)) {
        return Err(format!(
            "--kappa: value {}: {} is outside [0, 1]",
            k + 1,
            v[k]
        ));
    }
    Ok(v)
}

/// Names from a comma-separated list: `n` distinct non-empty names.
///
/// # Errors
/// Wrong count, an empty or repeated name.
pub fn names_arg(option: &str, text: &str, n: usize, what: &str) -> Result<Vec<String>, String> {
    let names: Vec<String> = text.split(',').map(|s| s.trim().to_string()).collect();
    if names.len() != n {
        return Err(format!(
            "{option}: {} names given for {n} {what}",
            names.len()
        ));
    }
    if let Some(k) = names.iter().position(|s| s.is_empty()) {
        return Err(format!("{option}: name {} is empty", k + 1));
    }
    for (k, a) in names.iter().enumerate() {
        if names[..k].contains(a) {
            return Err(format!(
                "{option}: the name '{}' is given twice",
                truncate(a, 40)
            ));
        }
    }
    Ok(names)
}

/// Class names from `--classes` or the default `0`, `1`, ….
pub fn class_names(arg: Option<&str>, n: usize) -> Result<Vec<String>, String> {
    match arg {
        Some(t) => names_arg("--classes", t, n, "classes"),
        None => Ok((0..n).map(|k| k.to_string()).collect()),
    }
}

/// Decision names from `--decisions`, or the class names for the first `n_c` decisions and
/// `decision k` (0-based, as the default class names) for extra ones.
pub fn decision_names(
    arg: Option<&str>,
    n_d: usize,
    classes: &[String],
) -> Result<Vec<String>, String> {
    match arg {
        Some(t) => names_arg(
            "--decisions",
            t,
            n_d,
            "decisions (rows of the utility matrix)",
        ),
        None => Ok((0..n_d)
            .map(|d| {
                classes
                    .get(d)
                    .cloned()
                    .unwrap_or_else(|| format!("decision {d}"))
            })
            .collect()),
    }
}

/// Checks that the utility matrix fits classifiers with `n` classes: `n` columns and at least
/// `n` rows (decisions); `label` names the classifier argument.
pub fn check_fits(u: &UtilityMatrix, n: usize, label: &str) -> Result<(), String> {
    if u.n_classes() != n {
        return Err(format!(
            "{label}: {n} classes, but the utility matrix has {} columns (true classes)",
            u.n_classes()
        ));
    }
    if u.n_decisions() < n {
        return Err(format!(
            "--utility: {} rows (decisions) for {n} classes: every output of the classifier needs \
             its decision, so the matrix needs at least {n} rows",
            u.n_decisions()
        ));
    }
    Ok(())
}

/// The classifiers of a subcommand: `--cm NAME=M` (repeatable) and their orientation.
#[derive(clap::Args)]
pub struct ClassifierArgs {
    /// A classifier: NAME=M (repeat for each; order kept). M may be @FILE ('@-' = stdin)
    #[arg(
        long = "cm",
        value_name = "NAME=M",
        required = true,
        allow_hyphen_values = true
    )]
    pub cm: Vec<String>,

    /// How the confusion matrices are written: output-rows (rows = output) or
    /// true-rows (rows = true class, as scikit-learn)
    #[arg(
        long,
        value_name = "output-rows|true-rows",
        default_value = "output-rows",
        value_parser = parse_orientation
    )]
    pub orientation: ulab_core::Orientation,
}
