//! The view's examples for the menu: the built-in samples with their problems, each a link.

use crate::presets::preset::Preset;

/// The samples as presets, in menu order.
pub const PROBS_PRESETS: [Preset; 2] = [
    Preset {
        id: "probs-triage",
        label: "Triage probabilities",
        description: "2000 patients, three classes and a “refer” decision; one calibrated model and one overconfident one: trusting the overconfident probabilities costs yield, recalibrated they win it back.",
        fragment: "view=probs&sample=triage&u=10,-20,-200;0,15,-100;-30,0,60;-5,5,40&classes=ok,minor,severe&decisions=home,treat%20minor,treat%20severe,refer",
    },
    Preset {
        id: "probs-screening",
        label: "Screening probabilities",
        description: "2000 people screened, two classes: the decision curve, net benefit against the threshold probability, of a calibrated model and a timid one.",
        fragment: "view=probs&sample=screening&u=50,-10;-100,0&classes=1,0&decisions=treat,wait",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::decode;

    #[test]
    fn a_preset_is_its_bare_sample_link() {
        for (p, bare) in PROBS_PRESETS
            .iter()
            .zip(["view=probs&sample=triage", "view=probs&sample=screening"])
        {
            assert_eq!(decode(p.fragment).state, decode(bare).state, "{}", p.id);
        }
    }
}
