//! The Decide view's presets (each a hand-written link).

use crate::presets::preset::Preset;

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
