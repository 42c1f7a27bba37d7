//! Fig. 8 of Dyrland et al. 2022 as presets: two binormal curves where the one with the
//! larger AUC yields less at its best threshold — for `U = diag(4, 1)` on a balanced set, and
//! for the identity with 80 % of class 0 (the same iso-utility slope ¼, eq. 24, so the same
//! verdict).
//!
//! The curves (chosen for this app; the paper does not give its curves' parameters):
//! A = binormal(1.5, 0.5), AUC = Φ(1.5/√1.25) = 0.910; B = binormal(2, 2), AUC = Φ(2/√5) = 0.814.
//! With diag(4, 1) at B = ½ the yield is `2t − f/2 + ½`: A's best is 2.135 (near FPR 0.32),
//! B's 2.205 (near FPR 0.51). With the identity at B = 0.8 the yield is `0.8t + 0.2(1 − f)`,
//! 0.4 times the former: A 0.854, B 0.882.

use crate::presets::preset::Preset;

/// The two fig. 8 presets, for the app's preset menu.
pub const FIG8_PRESETS: [Preset; 2] = [
    Preset {
        id: "fig8",
        label: "ROC: larger AUC, lower yield (Dyrland et al. 2022, fig. 8)",
        description: "A has the larger AUC (0.910 vs 0.814), but with utilities diag(4, 1) on a \
                      balanced set B touches the iso-utility lines of slope ¼ higher: 2.205 \
                      against 2.135 per item.",
        fragment: "view=roc&bn.A=1.5,0.5&bn.B=2,2&u=4,0;0,1&prev=0.5,0.5",
    },
    Preset {
        id: "fig8-identity",
        label: "ROC: the same with accuracy's utilities at 80 % class 0 (fig. 8)",
        description: "The identity matrix with 80 % of class 0 gives the same slope ¼, so the \
                      same verdict: B yields 0.882, A 0.854, although A has the larger AUC.",
        fragment: "view=roc&bn.A=1.5,0.5&bn.B=2,2&u=1,0;0,1&prev=0.8,0.2",
    },
];
