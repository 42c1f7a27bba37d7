//! Presets: the papers' examples, each one a hand-written link.

pub mod factory;
pub mod preset;

pub use factory::factory;
pub use preset::Preset;

use crate::AppState;
use crate::decide::presets::DECIDE_PRESETS;

/// Every preset, in menu order.
pub const PRESETS: [Preset; 16] = [
    Preset {
        id: "factory",
        label: "Factory (Dyrland et al. 2022, eq. 4)",
        description: "Two classifiers; most metrics prefer B, but A earns 3.5 €/component and B loses 3.5 €.",
        fragment: "view=compare&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short",
    },
    Preset {
        id: "variant",
        label: "Factory variant (eq. 5)",
        description: "Slightly different utilities: now B is better, 7.3 € against 4.7 €.",
        fragment: "view=compare&u=45,-335;-65,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short",
    },
    Preset {
        id: "medical",
        label: "Medical (eq. 6)",
        description: "Remaining life in months after two tumour treatments: equivalent to the factory, A gives 7 more months.",
        fragment: "view=compare&u=350,0;300,500&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=type%200,type%201&decisions=treat%20as%200,treat%20as%201",
    },
    Preset {
        id: "lottery",
        label: "Lottery (Dyrland et al. (draft))",
        description: "Always buying wins on a 50/50 test set (4.5) but loses when 1 % of tickets win (−0.89).",
        fragment: "view=compare&u=10,-1;0,0&cm.always%20buy=50,50;0,0&cm.never%20buy=0,0;50,50&classes=win,lose&decisions=buy,not%20buy&prev=0.01,0.99",
    },
    Preset {
        id: "accuracy",
        label: "Accuracy's utilities",
        description: "The identity matrix: its yield is the accuracy.",
        fragment: "view=compare&u=1,0;0,1&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short",
    },
    Preset {
        id: "tpr",
        label: "True-positive rate's utilities",
        description: "[[1,0],[0,0]]: on a fixed test set it ranks like recall of class 0.",
        fragment: "view=compare&u=1,0;0,0&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short",
    },
    Preset {
        id: "tnr",
        label: "True-negative rate's utilities",
        description: "[[0,0],[0,1]]: on a fixed test set it ranks like specificity.",
        fragment: "view=compare&u=0,0;0,1&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short",
    },
    Preset {
        id: "pd-example",
        label: "p-d worked example in Compare, with its metric table (Kozak et al. 2022, Table 4)",
        description: "Three classes; the preference-driven measure with default κ = [0.5, 0.2, 0.3] is 0.656.",
        fragment: "view=compare&orient=true-rows&u=1,0,0;0,1,0;0,0,1&cm.Table%204=40,7,3;8,10,2;9,1,20&classes=1,2,3",
    },
    DECIDE_PRESETS[0],
    DECIDE_PRESETS[1],
    DECIDE_PRESETS[2],
    DECIDE_PRESETS[3],
    DECIDE_PRESETS[4],
    Preset {
        id: "space-factory",
        label: "The factory in the utility space (fig. 1)",
        description: "The factory's matrix is the point (0.3, −0.6) of fig. 1, in A's region; drag it into B's.",
        fragment: "view=space&u=15,-335;-35,165&cm.A=27,15;23,35&cm.B=43,18;7,32&classes=long,short",
    },
    super::roc::presets::FIG8_PRESETS[0],
    super::roc::presets::FIG8_PRESETS[1],
];

/// The presets of the views with presets of their own, each group listed once, in menu order.
pub const GROUPS: [&[Preset]; 3] = [
    &PRESETS,
    &crate::pd::presets::PD_PRESETS,
    &crate::probs::presets::PROBS_PRESETS,
];

/// Every preset of the menu, in order.
pub fn all() -> impl Iterator<Item = &'static Preset> {
    GROUPS.iter().flat_map(|g| g.iter())
}

/// The preset with this id.
pub fn preset(id: &str) -> Option<&'static Preset> {
    all().find(|p| p.id == id)
}

impl Preset {
    /// The label without its source in parentheses, for a list of links: "Factory (Dyrland
    /// et al. 2022, eq. 4)" → "Factory".
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::presets::preset;
    /// assert_eq!(preset("factory").unwrap().short_label(), "Factory");
    /// ```
    pub fn short_label(&self) -> &'static str {
        match self.label.split_once(" (") {
            Some((head, _)) => head,
            None => self.label,
        }
    }
}

/// Every preset with the state its link decodes to (decode once, then ask [`loaded`]).
pub fn decoded() -> Vec<(&'static Preset, AppState)> {
    all()
        .map(|p| (p, super::link::decode(p.fragment).state))
        .collect()
}

/// The preset that `state` is, if any (what the examples menu shows): one whose state it
/// equals, or else one it equals in another view; embed mode and fixed colours aside.
pub fn loaded(
    state: &AppState,
    decoded: &[(&'static Preset, AppState)],
) -> Option<&'static Preset> {
    let same = |a: &AppState, b: &AppState, view_too: bool| {
        let mut b = b.clone();
        b.embed = a.embed;
        b.theme = a.theme;
        if !view_too {
            b.view = a.view;
        }
        *a == b
    };
    let find = |view_too| {
        decoded
            .iter()
            .find(|(_, s)| same(state, s, view_too))
            .map(|(p, _)| *p)
    };
    find(true).or_else(|| find(false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::View;
    use crate::link;

    #[test]
    fn a_short_label_drops_the_source_only() {
        let p = |label| Preset {
            id: "x",
            label,
            description: "",
            fragment: "",
        };
        assert_eq!(
            p("Factory (Dyrland et al. 2022, eq. 4)").short_label(),
            "Factory"
        );
        assert_eq!(p("Plain").short_label(), "Plain");
        assert_eq!(p("A (b) (c)").short_label(), "A");
        assert_eq!(p("").short_label(), "");
        for preset in all() {
            assert!(!preset.short_label().is_empty(), "{}", preset.id);
            assert!(preset.label.starts_with(preset.short_label()));
        }
    }

    #[test]
    fn the_loaded_preset_is_recognised() {
        let decoded = decoded();
        // The default page is the factory example.
        assert_eq!(loaded(&factory(), &decoded).map(|p| p.id), Some("factory"));
        // Every preset is recognised as itself (or as one with the very same state).
        for (p, s) in &decoded {
            let found = loaded(s, &decoded).unwrap();
            assert!(found.id == p.id || decoded.iter().any(|(q, t)| q.id == found.id && t == s));
        }
        // In another view, and embedded, it is still that example; edited, it is none.
        let mut s = factory();
        s.view = View::Decide;
        s.embed = true;
        assert_eq!(loaded(&s, &decoded).map(|p| p.id), Some("factory"));
        s.change_problem(|p| p.classifiers[0].name = "C".into())
            .unwrap();
        assert_eq!(loaded(&s, &decoded), None);
    }

    #[test]
    fn every_preset_decodes_without_notices() {
        for p in all() {
            let d = link::decode(p.fragment);
            assert!(d.notices.is_empty(), "{}: {:?}", p.id, d.notices);
            d.state.validate().unwrap();
        }
    }

    #[test]
    fn factory_preset_is_the_default() {
        assert_eq!(link::decode(PRESETS[0].fragment).state, factory());
    }

    #[test]
    fn preset_ids_are_unique() {
        let all: Vec<&Preset> = all().collect();
        for (i, p) in all.iter().enumerate() {
            assert!(all[i + 1..].iter().all(|q| q.id != p.id));
        }
    }
}
