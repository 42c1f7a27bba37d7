//! The Decide view's presets (each a hand-written link) and the link keys the view reads.

use crate::state::presets::Preset;

/// The Decide view's examples, in menu order.
pub const DECIDE_PRESETS: [Preset; 5] = [
    Preset {
        id: "decide-lottery",
        label: "Lottery: buy although losing is more probable (Dyrland et al. (draft))",
        description: "A ticket costs 1 and pays 11; with a 20 % chance of winning, buying has expected \
                      utility 1.2 against 0: buy, although 'lose' is the more probable class.",
        fragment: "view=decide&u=10,-1;0,0&decisions=buy,not-buy&classes=win,lose&p=0.2,0.8",
    },
    Preset {
        id: "decide-factory-a",
        label: "Factory: classifier A as a decision maker (Dyrland et al. 2022)",
        description: "Whatever classifier A outputs, sending the component to the 'short' line pays \
                      more: remapped, A yields 65 € per component instead of 3.5 €.",
        fragment: "view=decide&u=15,-335;-35,165&cm.A=27,15;23,35&classes=long,short&alpha=0&p=0.5,0.5",
    },
    Preset {
        id: "decide-dont-balance",
        label: "Don't balance classes (Porta Mana, course notes)",
        description: "A ticket checker right 80 % of the time, tested on 50 % winning tickets where \
                      really 1 % win: tuned on the balanced test set it says 'buy' (4.5 per ticket) \
                      but really loses 0.89; tuned for the real shares it says 'never buy' (0).",
        fragment: "view=decide&u=10,-1;0,0&decisions=buy,not-buy&classes=win,lose&cm.checker=40,10;10,40&prev=0.01,0.99&alpha=0&p=0.2,0.8",
    },
    Preset {
        id: "decide-inspect",
        label: "Factory with an 'inspect' decision: two flip points",
        description: "Inspecting a component by hand costs 10 € whatever its class: decide 'short' \
                      below p(long) = 0.875, 'inspect' up to 0.9286, 'long' above.",
        fragment: "view=decide&u=15,-335;-35,165;-10,-10&classes=long,short&decisions=long,short,inspect&p=0.9,0.1",
    },
    Preset {
        id: "decide-three-classes",
        label: "Three classes and an 'ask' decision",
        description: "Asking an expert is worth 0.6 whatever the class: optimal wherever no class \
                      is more than 60 % probable (the middle of the triangle).",
        fragment: "view=decide&u=1,0,0;0,1,0;0,0,1;0.6,0.6,0.6&classes=a,b,c&decisions=a,b,c,ask&p=0.5,0.3,0.2",
    },
];

/// A link key the Decide view reads: its name, syntax and meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkKey {
    /// The key.
    pub key: &'static str,
    /// Its value's syntax.
    pub syntax: &'static str,
    /// What it means, and what is done with a bad value.
    pub meaning: &'static str,
    /// Whether the link format already has it (shared with other views).
    pub existing: bool,
}

/// The keys the Decide view needs in the link, for the link codec and the README table.
pub const LINK_KEYS: [LinkKey; 8] = [
    LinkKey {
        key: "view",
        syntax: "decide",
        meaning: "open the Decide view",
        existing: true,
    },
    LinkKey {
        key: "u",
        syntax: "matrix syntax, rows = decisions, columns = classes (may have more rows)",
        meaning: "the utility matrix",
        existing: true,
    },
    LinkKey {
        key: "classes",
        syntax: "names, comma-separated, percent-encoded",
        meaning: "class names",
        existing: true,
    },
    LinkKey {
        key: "decisions",
        syntax: "names, comma-separated, percent-encoded",
        meaning: "decision names (rows of u), e.g. buy,not-buy or long,short,inspect",
        existing: true,
    },
    LinkKey {
        key: "p",
        syntax: "one probability per class, comma-separated (p=0.2,0.8)",
        meaning: "one item's class probabilities; rescaled with a notice if they sum to within \
                  1 % of 1, else ignored with a notice (default: equal)",
        existing: false,
    },
    LinkKey {
        key: "cm.NAME",
        syntax: "matrix syntax, rows = output (unless orient=true-rows)",
        meaning: "the label-only classifiers to turn into decision makers (counts or fractions)",
        existing: true,
    },
    LinkKey {
        key: "alpha",
        syntax: "a number from 0 to 1000 (alpha=0)",
        meaning: "the Dirichlet pseudo-count added to each count for p(output | class) (default 1)",
        existing: false,
    },
    LinkKey {
        key: "n",
        syntax: "a whole number from 1 to 10⁹ (n=100)",
        meaning: "the test-set size of classifiers given as fractions (needed when alpha > 0); \
                  deployment base rates reuse the existing key prev",
        existing: false,
    },
];
