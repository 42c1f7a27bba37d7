//! Property tests of the link codec: decoding never panics and always yields a valid state;
//! encoding then decoding gives the state back.

use proptest::prelude::*;
use utility_lab::core::{Matrix, Orientation};
use utility_lab::state::theme::FixedTheme;
use utility_lab::state::{AppState, Classifier, ErrorAxis, Prior, ProblemFields, View, link};

fn name() -> impl Strategy<Value = String> {
    // Any printable text, including separators, markup and non-ASCII.
    "[ -~éß€中<>&=#%,;]{1,20}"
        .prop_map(|s| s.trim().to_string())
        .prop_filter("non-empty", |s| !s.is_empty())
}

fn state() -> impl Strategy<Value = AppState> {
    (2usize..5, 0usize..2, 0usize..4).prop_flat_map(|(n, extra, k)| {
        (
            proptest::collection::vec(-1e6f64..1e6, (n + extra) * n),
            proptest::collection::vec((name(), proptest::collection::vec(0u32..1000, n * n)), k),
            proptest::collection::vec(name(), n),
            proptest::collection::vec(name(), n + extra),
            // A row per decision (only with an extra decision).
            proptest::collection::vec(
                (
                    name(),
                    proptest::collection::vec(0u32..1000, (n + extra) * n),
                ),
                if extra > 0 { 0..3 } else { 0..1 },
            ),
            any::<bool>(),
            any::<bool>(),
            (
                0.0f64..1.0,
                1u64..10_000_000,
                any::<u64>(),
                0.01f64..0.99,
                any::<bool>(),
                0u8..3,
            ),
        )
            .prop_map(
                move |(
                    u,
                    cms,
                    classes,
                    decisions,
                    rows_per_decision,
                    true_rows,
                    embed,
                    (sigma, pairs, seed, balance, gauss, theme),
                )| {
                    let mut classifiers: Vec<Classifier> = Vec::new();
                    for (nm, cells) in cms {
                        if classifiers.iter().any(|c| c.name == nm) {
                            continue;
                        }
                        let mut v: Vec<f64> = cells.into_iter().map(f64::from).collect();
                        v[0] += 1.0; // never all zero
                        classifiers.push(Classifier {
                            name: nm,
                            matrix: Matrix::new(n, n, v).unwrap(),
                        });
                    }
                    let mut decided: Vec<Classifier> = Vec::new();
                    for (nm, cells) in rows_per_decision {
                        let taken = classifiers.iter().chain(&decided).any(|c| c.name == nm);
                        if taken {
                            continue;
                        }
                        let mut v: Vec<f64> = cells.into_iter().map(f64::from).collect();
                        v[0] += 1.0; // never all zero
                        decided.push(Classifier {
                            name: nm,
                            matrix: Matrix::new(n + extra, n, v).unwrap(),
                        });
                    }
                    let mut s = AppState::default();
                    s.set_problem(ProblemFields {
                        utility: Matrix::new(n + extra, n, u).unwrap(),
                        classes,
                        decisions,
                        classifiers,
                        decided,
                    })
                    .unwrap();
                    s.orientation = if true_rows {
                        Orientation::TrueRows
                    } else {
                        Orientation::OutputRows
                    };
                    s.embed = embed;
                    s.theme = match theme {
                        0 => None,
                        1 => Some(FixedTheme::Light),
                        _ => Some(FixedTheme::Dark),
                    };
                    s.view = if gauss {
                        View::Reliability
                    } else {
                        View::Story
                    };
                    s.mc.sigma = sigma;
                    s.mc.pairs = pairs;
                    s.mc.seed = seed;
                    s.mc.balance = balance;
                    s.mc.prior = if gauss {
                        Prior::Gaussian
                    } else {
                        Prior::Uniform
                    };
                    s.mc.axis = if gauss {
                        ErrorAxis::Realized
                    } else {
                        ErrorAxis::Sigma
                    };
                    s
                },
            )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn decode_never_panics_and_is_valid(s in ".{0,300}") {
        let d = link::decode(&s);
        prop_assert!(d.state.validate().is_ok());
    }

    #[test]
    fn decode_of_key_value_soup_is_valid(parts in proptest::collection::vec(
        ("(v|view|u|cm\\.[A-Za-z%0-9]{0,4}|classes|decisions|orient|prev|kappa|embed|theme|prior|sigma|pairs|seed|axis|balance|metrics|step|[a-z]{1,5})",
         "[-0-9.,;eE%a-z ]{0,30}"), 0..12)) {
        let frag: Vec<String> = parts.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let d = link::decode(&frag.join("&"));
        prop_assert!(d.state.validate().is_ok());
    }

    #[test]
    fn encode_decode_round_trips(s in state()) {
        prop_assert!(s.validate().is_ok(), "{:?}", s.validate());
        let e = link::encode(&s);
        let d = link::decode(&e);
        prop_assert!(d.notices.is_empty(), "{e}: {:?}", d.notices);
        prop_assert_eq!(d.state, s);
    }

    #[test]
    fn json_round_trips(s in state()) {
        prop_assert_eq!(AppState::from_json(&s.to_json()).unwrap(), s);
    }
}
