//! Every limit of Utility Lab in one place: the range of each kind of number, and the sizes
//! (classes, classifiers, link length, files, grids, pairs) beyond which an input is refused —
//! so that no input can overflow a sum, make a result NaN or infinite, or keep the page or
//! `ulab` busy for more than about 100 ms (a Monte Carlo run the user started excepted: it has
//! progress and cancel). The modules that enforce a limit name the constant from here; the
//! table of docs/limits.md is [`LIMITS`], row for row (a test checks that they agree).
//!
//! **Numbers.** Counts and utilities are bounded by 10¹⁵, so that:
//! * whole counts up to 10¹⁵ are exact in `f64` (2⁵³ ≈ 9·10¹⁵);
//! * the total of a 100 × 100 confusion matrix stays below 10¹⁹, its yield below 10¹⁵ per item
//!   and 10³⁴ in total, and the products of four sums in MCC below 10⁷⁶ — nothing overflows;
//! * a utility difference, an expected utility or a threshold `b/(a + b)` stays finite.
//!
//! Small magnitudes are accepted down to the smallest `f64` (`5e-324`): metrics are computed on
//! the normalized matrix with sums of non-negative terms, so a tiny cell neither vanishes into a
//! cancellation nor turns a result into NaN.

/// The largest number of classes (columns of a utility matrix, sides of a confusion matrix).
pub const MAX_CLASSES: usize = 100;

/// The largest number of decisions (rows of a utility matrix), and of rows or columns of any
/// matrix read.
pub const MAX_DECISIONS: usize = 200;

/// The most classifiers the app holds, a link carries, and `ulab` takes.
pub const MAX_CLASSIFIERS: usize = 50;

/// The most cells of all confusion matrices together, classifiers × classes²: 50 classifiers
/// up to 44 classes, 10 classifiers of 100 classes. What a link of [`MAX_FRAGMENT`] bytes can
/// hold, and what every view computes within about 0.1 s (the Decide view's remapping costs
/// classes² × decisions per classifier).
pub const MAX_CELLS: usize = 100_000;

/// The largest count (or fraction) in a confusion matrix: every cell is in `[0, 10¹⁵]`.
pub const MAX_COUNT: f64 = 1e15;

/// The largest magnitude of a utility: every entry of a utility matrix is in
/// `[−10¹⁵, 10¹⁵]`.
pub const MAX_UTILITY: f64 = 1e15;

/// Shares (deployment class shares, class probabilities) are each in `[0, 1]` and must sum to 1
/// within this; a link's or a command's shares further off are rescaled (links) or refused.
pub const SHARES_TOLERANCE: f64 = 1e-6;

/// The largest `|a|` and `b`, and the inverse of the smallest `b`, of a binormal ROC curve
/// `TPR = Φ(a + b·Φ⁻¹(FPR))`: `|a| ≤ 10⁶`, `10⁻⁶ ≤ b ≤ 10⁶` (so the class-0 scores'
/// mean `a/b` and deviation `1/b` stay finite).
pub const MAX_BINORMAL: f64 = 1e6;

/// The largest Dirichlet pseudo-count α (Decide, your own question, `ulab decide`).
pub const MAX_ALPHA: f64 = 1000.0;

/// The largest σ of uncertain utilities on the normalized scale (your own question, clouds of
/// the Utility space view). The Monte Carlo's σ of Dyrland et al. 2022 has no upper bound: its
/// noise is truncated to `[0, 1]`.
pub const MAX_SIGMA: f64 = 1.0;

/// The largest β of the F-beta score.
pub const MAX_BETA: f64 = 1e6;

/// The longest classifier, class or decision name kept (longer names are cut).
pub const MAX_NAME_CHARS: usize = 60;

/// The longest text read as one number (every `f64` written in plain decimals fits).
pub const MAX_NUMBER_CHARS: usize = 400;

/// The longest link fragment read, in bytes; the rest is ignored with a notice.
pub const MAX_FRAGMENT: usize = 200_000;

/// The largest CSV file (or pasted text) imported as a classifier, in bytes.
pub const MAX_CSV_BYTES: usize = 50_000_000;

/// The largest scores file of the ROC view, in bytes (read in slices).
pub const MAX_SCORES_BYTES: usize = 200_000_000;

/// The most data rows of a scores file.
pub const MAX_SCORES_ROWS: usize = 5_000_000;

/// The most probabilities of a test set held in memory (the Probabilities view), items ×
/// classes × models, each stored in single precision (4 bytes: 200 MB at the cap): e.g. 10⁶
/// items × 3 classes × 10 models, 10⁶ × 20 × 2, 2.5·10⁵ × 20 × 10. `ulab decide --probs`
/// streams its file and has no such cap.
pub const MAX_PROB_CELLS: usize = 50_000_000;

/// The largest probabilities file of the Probabilities view, in bytes (read in slices).
pub const MAX_PROBS_BYTES: usize = 1_000_000_000;

/// The largest file `ulab` reads (`@FILE`, `--scores`), in bytes: 256 MiB.
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// The most values of one comma-separated list argument of `ulab`.
pub const MAX_LIST: usize = 10_000;

/// `ulab pd`: the most κ vectors of a grid (values^classes).
pub const MAX_GRID_VECTORS: usize = 4_000_000;

/// `ulab pd`: the most κ components evaluated over a grid, vectors × classifiers × classes
/// (about 0.1 s).
pub const MAX_PD_WORK: u64 = 10_000_000;

/// The p-d view: κ grids up to this many vectors are enumerated; larger ones are sampled with
/// this many random vectors.
pub const MAX_ENUMERATED_VECTORS: u64 = 100_000;

/// The p-d view: the finest heatmap, 1/this as grid step (200 → 0.005).
pub const MAX_HEATMAP_DIVISIONS: usize = 200;

/// The Monte Carlo view: the most pairs of a run (in chunks, with progress and cancel).
pub const MAX_APP_PAIRS: u64 = 100_000_000;

/// `ulab mc`: the most pairs of a run (2³²).
pub const MAX_TALLY_PAIRS: u64 = 1 << 32;

/// "Your own question": the most draws.
pub const MAX_QUESTION_DRAWS: u64 = 1_000_000;

/// "Your own question" and the Decide view: the largest test-set size assumed for classifiers
/// given as fractions.
pub const MAX_QUESTION_N: u64 = 1_000_000_000;

/// The Utility space view: the most candidates of a typed cloud of utility matrices.
pub const MAX_TYPED_CLOUD: usize = 1000;

/// The Utility space view: the most candidates of a drawn cloud.
pub const MAX_DRAWN_CLOUD: usize = 10_000;

/// One row of the table of limits (docs/limits.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// What is limited.
    pub what: &'static str,
    /// The limit, as docs/limits.md writes it.
    pub value: &'static str,
}

/// The table of limits of docs/limits.md, row for row.
pub const LIMITS: [Limit; 26] = [
    Limit {
        what: "counts (and fractions) in a confusion matrix",
        value: "0 to 10¹⁵",
    },
    Limit {
        what: "utilities",
        value: "−10¹⁵ to 10¹⁵",
    },
    Limit {
        what: "shares and probabilities (`prev`, `p`)",
        value: "each 0 to 1, summing to 1 within 10⁻⁶ (links rescale other sums)",
    },
    Limit {
        what: "κ (p-d preference vector)",
        value: "each 0 to 1",
    },
    Limit {
        what: "binormal curves `a`, `b`",
        value: "\\|a\\| ≤ 10⁶, 10⁻⁶ ≤ b ≤ 10⁶",
    },
    Limit {
        what: "ROC scores",
        value: "any finite number (the thresholds are the scores themselves)",
    },
    Limit {
        what: "seeds",
        value: "whole numbers 0 to 2⁶⁴ − 1",
    },
    Limit {
        what: "pseudo-count α; σ of uncertain utilities (your question, clouds)",
        value: "0 to 1000; 0 to 1",
    },
    Limit {
        what: "classes",
        value: "2 to 100",
    },
    Limit {
        what: "decisions (rows of a utility matrix)",
        value: "one per class to 200",
    },
    Limit {
        what: "classifiers (app, links, `ulab`)",
        value: "50",
    },
    Limit {
        what: "cells of all confusion matrices (classifiers × classes²)",
        value: "10⁵ (e.g. 50 classifiers of 44 classes, 10 of 100)",
    },
    Limit {
        what: "names (classes, decisions, classifiers)",
        value: "60 characters (cut)",
    },
    Limit {
        what: "one number as text",
        value: "400 characters",
    },
    Limit {
        what: "link length",
        value: "200 000 bytes (the rest ignored; \"Save state (JSON)\" keeps any state)",
    },
    Limit {
        what: "CSV file or pasted text imported as a classifier",
        value: "50 MB",
    },
    Limit {
        what: "ROC scores file",
        value: "200 MB, 5·10⁶ rows",
    },
    Limit {
        what: "file read by `ulab`",
        value: "256 MiB",
    },
    Limit {
        what: "values of one `ulab` list argument",
        value: "10 000",
    },
    Limit {
        what: "`ulab pd` κ grid",
        value: "4·10⁶ vectors, and vectors × classifiers × classes ≤ 10⁷",
    },
    Limit {
        what: "p-d view κ grid",
        value: "10⁵ vectors enumerated, beyond that 10⁵ random ones",
    },
    Limit {
        what: "p-d view heatmap step",
        value: "0.1 to 0.005",
    },
    Limit {
        what: "Monte Carlo pairs",
        value: "10⁸ in the app, 2³² with `ulab mc`",
    },
    Limit {
        what: "your own question: draws; test-set size",
        value: "10⁶; 10⁹",
    },
    Limit {
        what: "Utility space clouds",
        value: "1000 typed, 10 000 drawn candidates",
    },
    Limit {
        what: "work per input (the aim of the limits above)",
        value: "about 0.1 s, except a Monte Carlo run you started (progress and cancel)",
    },
];

/// The table of limits of docs/limits.md (the header and one line per [`LIMITS`] row).
pub fn readme_table() -> String {
    let mut out = String::from("| what | limit |\n|---|---|\n");
    for l in LIMITS {
        out.push_str(&format!("| {} | {} |\n", l.what, l.value));
    }
    out
}
