//! The view's presets, each a link: the worked example of Kozak et al. 2022 (Table 4) and the
//! nine two-class confusion matrices of its figs 1–5 and Table 3, reconstructed.
//!
//! **Table 3 reconstructed.** The paper's fig. 1 (the matrices) did not survive; Table 3 gives,
//! for cm1–cm9, p-d at κ = [0.3, 0.6], [0.9, 0.4] and [0.5, 0.5], macro precision, macro
//! recall and F1 (4 decimals), and §4.2 gives cm4's p-d at five more κ. Searching every
//! two-class matrix with up to 40 cases per class (rows = true class, as the paper writes
//! them) for one that reproduces all six published numbers of a row (rounded to 4 decimals)
//! finds, for each of cm1 and cm3–cm9, exactly one matrix up to a common factor (cm1: any
//! diagonal matrix) — so the matrices are pinned down up to scale, and [`TABLE3`] takes 10 cases
//! per class (the smallest size common to all nine; "classes at equilibrium", §4.3).
//! Two published numbers are off:
//! * cm2's precision is printed 0.9157; every other number of its row (p-d 0.9350, 0.8650,
//!   0.9083, recall 0.9000, F1 0.9083) needs 0.9167 = (5/6 + 1)/2: a typo;
//! * cm7's F1 is printed 0.5502; from the matrix it is 0.550253 (0.5503), and 0.5502 is what
//!   eq. 23 gives from the rounded P = 0.5505 and R = 0.5500 (0.5502499).
//!
//! The reconstructed matrices also reproduce the paper's "F1 counterparts" (§4.2: p-d at
//! κ = [0.015, 0.095] for cm2, …, [0.67, 0] for cm9 equals F1 within the rounding of κ).

use crate::presets::preset::Preset;

/// The confusion matrices of Kozak et al. 2022, figs 1–5 and Table 3, reconstructed (see the
/// module doc), **rows = true class** as the paper writes them: `(name, matrix)`.
pub const TABLE3: [(&str, &str); 9] = [
    ("cm1", "10,0;0,10"),
    ("cm2", "10,0;2,8"),
    ("cm3", "10,0;4,6"),
    ("cm4", "10,0;5,5"),
    ("cm5", "8,2;4,6"),
    ("cm6", "8,2;5,5"),
    ("cm7", "6,4;5,5"),
    ("cm8", "5,5;0,10"),
    ("cm9", "10,0;10,0"),
];

/// Table 3 as published: per matrix, p-d at κ = [0.3, 0.6], [0.9, 0.4], [0.5, 0.5], then macro
/// precision, macro recall and F1 (eq. 23), as printed (cm2's precision 0.9157 included).
pub const TABLE3_PUBLISHED: [[f64; 6]; 9] = [
    [1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
    [0.9350, 0.8650, 0.9083, 0.9157, 0.9000, 0.9083],
    [0.8771, 0.7514, 0.8286, 0.8571, 0.8000, 0.8276],
    [0.8500, 0.7000, 0.7917, 0.8333, 0.7500, 0.7895],
    [0.7250, 0.6700, 0.7042, 0.7083, 0.7000, 0.7041],
    [0.6866, 0.6098, 0.6574, 0.6648, 0.6500, 0.6573],
    [0.5585, 0.5366, 0.5503, 0.5505, 0.5500, 0.5502],
    [0.7250, 0.9083, 0.7917, 0.8333, 0.7500, 0.7895],
    [0.4250, 0.2750, 0.3750, 0.2500, 0.5000, 0.3333],
];

/// The κ of Table 3's three p-d columns.
pub const TABLE3_KAPPAS: [[f64; 2]; 3] = [[0.3, 0.6], [0.9, 0.4], [0.5, 0.5]];

/// The "F1 counterparts" of §4.2 (κ at which p-d equals F1) for cm2–cm9.
pub const F1_COUNTERPARTS: [(&str, [f64; 2]); 8] = [
    ("cm2", [0.015, 0.095]),
    ("cm3", [0.010, 0.145]),
    ("cm4", [0.189, 0.284]),
    ("cm5", [0.045, 0.095]),
    ("cm6", [0.06, 0.12]),
    ("cm7", [0.5, 0.5]),
    ("cm8", [0.284, 0.189]),
    ("cm9", [0.67, 0.00]),
];

/// The view's presets, in menu order (ids are unique among all presets of the app).
pub const PD_PRESETS: [Preset; 7] = [
    Preset {
        id: "pd-table4",
        label: "p-d worked example in the p-d view (Kozak et al. 2022, Table 4)",
        description: "Three classes of 50, 20 and 30 cases: with the default κ = [0.5, 0.2, 0.3] p-d is 0.656.",
        fragment: "view=pd&cm.T4=40,7,3;8,10,2;9,1,20&orient=true-rows",
    },
    Preset {
        id: "pd-fig2",
        label: "p-d over κ for cm4 (Kozak et al. 2022, fig. 2)",
        description: "From 0.5833 at κ = [1, 0] to 1 at κ = [0, 1]; 0.8083 at the marked κ = [0.1, 0.3].",
        fragment: "view=pd&orient=true-rows&cm.cm4=10,0;5,5&kappa=0.1,0.3",
    },
    Preset {
        id: "pd-fig3",
        label: "cm4 and its opposite cm8 (fig. 3)",
        description: "Same precision, recall and F1; p-d ranks them either way depending on κ.",
        fragment: "view=pd&orient=true-rows&cm.cm4=10,0;5,5&cm.cm8=5,5;0,10",
    },
    Preset {
        id: "pd-fig4",
        label: "cm1, cm9, cm4, cm8 (fig. 4)",
        description: "The ideal classifier (p-d 1 for every κ), the one that always outputs class 1 (κ₂ has no effect), and cm4, cm8.",
        fragment: "view=pd&orient=true-rows&cm.cm1=10,0;0,10&cm.cm9=10,0;10,0&cm.cm4=10,0;5,5&cm.cm8=5,5;0,10",
    },
    Preset {
        id: "pd-fig5",
        label: "cm1–cm8 (fig. 5)",
        description: "The solution spaces of every matrix of fig. 1 but cm9.",
        fragment: "view=pd&orient=true-rows&cm.cm1=10,0;0,10&cm.cm2=10,0;2,8&cm.cm3=10,0;4,6&cm.cm4=10,0;5,5&cm.cm5=8,2;4,6&cm.cm6=8,2;5,5&cm.cm7=6,4;5,5&cm.cm8=5,5;0,10",
    },
    Preset {
        id: "pd-table3",
        label: "Table 3: cm1–cm9 (Kozak et al. 2022)",
        description: "The nine matrices of Table 3 (reconstructed from its values), at κ = [0.3, 0.6].",
        fragment: "view=pd&orient=true-rows&cm.cm1=10,0;0,10&cm.cm2=10,0;2,8&cm.cm3=10,0;4,6&cm.cm4=10,0;5,5&cm.cm5=8,2;4,6&cm.cm6=8,2;5,5&cm.cm7=6,4;5,5&cm.cm8=5,5;0,10&cm.cm9=10,0;10,0&kappa=0.3,0.6",
    },
    Preset {
        id: "pd-factory",
        label: "p-d against the yield: the factory (Dyrland et al. 2022)",
        description: "p-d prefers B for every κ; the factory's utilities make A the one that earns.",
        fragment: "view=pd&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short",
    },
];

/// The view's preset with this id.
///
/// # Examples
///
/// ```
/// use ulab_state::pd::presets::pd_preset;
/// assert!(pd_preset("pd-table4").unwrap().fragment.contains("cm.T4=40,7,3;8,10,2;9,1,20"));
/// assert!(pd_preset("nope").is_none());
/// ```
pub fn pd_preset(id: &str) -> Option<&'static Preset> {
    PD_PRESETS.iter().find(|p| p.id == id)
}
