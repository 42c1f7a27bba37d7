//! The Utility space view's engine against independent computations: the papers' numbers
//! (Dyrland et al. 2022, eqs. 12–13, 18), yields computed directly with
//! `UtilityMatrix::yield_of` at thousands of seeded random points, and hand examples.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use utility_lab::core::mc::Prior;
use utility_lab::core::mc::sampler::utility_point;
use utility_lab::core::utility::rank_classifiers;
use utility_lab::core::{ConfusionMatrix, Matrix, Orientation, UtilityMatrix};
use utility_lab::plot::Plot;
use utility_lab::plot::space::frame::Frame;
use utility_lab::state::space::assess::{
    Question, cloud_from, implied_answers, matrix_from, parse_answer, parse_answers, sigma_from,
};
use utility_lab::state::space::cloud::{format_cloud, parse_cloud, summarize};
use utility_lab::state::space::link::SpaceSettings;
use utility_lab::state::space::model::{arrow, model_of, reading};
use utility_lab::state::space::point::{matrix_at, point_info};
use utility_lab::state::space::regions::{Contestant, Kind, Trivial, contestants, hexagon_map};
use utility_lab::state::space::slice::{Slice, parse_slice, slice_map};
use utility_lab::state::space::verdict::{Diagram, verdict};
use utility_lab::state::space::view::{Problem, hexagon_view, slice_view};

/// Named classifiers.
type Named = Vec<(String, ConfusionMatrix)>;

fn cm(s: &str) -> ConfusionMatrix {
    ConfusionMatrix::parse(s, Orientation::OutputRows).unwrap()
}

fn factory() -> (UtilityMatrix, Vec<(String, ConfusionMatrix)>) {
    (
        UtilityMatrix::parse("15,-335;-35,165").unwrap(),
        vec![
            ("A".into(), cm("27,15;23,35")),
            ("B".into(), cm("43,18;7,32")),
        ],
    )
}

/// A random confusion matrix of `n` classes (counts 0 … 99, never all 0).
fn random_cm(rng: &mut impl Rng, n: usize) -> ConfusionMatrix {
    let mut v: Vec<f64> = (0..n * n)
        .map(|_| rng.random_range(0..100) as f64)
        .collect();
    v[0] += 1.0;
    ConfusionMatrix::from_counts(Matrix::new(n, n, v).unwrap()).unwrap()
}

/// The winner by direct computation: each contestant's yield under `u` with
/// `UtilityMatrix::yield_of` (classifiers) or `trivial_yields` (always decide d), the first
/// maximum; `None` when the two best are within `gap` (too close to call).
pub(crate) fn direct_winner(
    u: &UtilityMatrix,
    cs: &[Contestant],
    classifiers: &[ConfusionMatrix],
    gap: f64,
) -> Option<usize> {
    let shares = classifiers[0].class_shares();
    let trivial = u.trivial_yields(&shares).unwrap();
    let y: Vec<f64> = cs
        .iter()
        .map(|c| match c.kind {
            Kind::Classifier(i) => u.yield_of(&classifiers[i]).unwrap(),
            Kind::Always(d) => trivial[d],
        })
        .collect();
    let mut order: Vec<usize> = (0..y.len()).collect();
    order.sort_by(|a, b| y[*b].total_cmp(&y[*a]));
    if order.len() > 1 && y[order[0]] - y[order[1]] < gap {
        return None;
    }
    Some(order[0])
}

#[test]
fn factory_point_is_exact() {
    let (u, _) = factory();
    let p = point_info(&u).unwrap();
    assert_eq!(p.normalized, Matrix::parse("0.7,0;0.6,1").unwrap());
    assert_eq!(p.xy, (0.3, -0.6));
    assert_eq!(p.normalized_text(), "0.7, 0; 0.6, 1");
    assert_eq!(p.coordinates_text(), "(0.3, \u{2212}0.6)");
    // The medical matrix (eq. 6) is the same point.
    let medical = UtilityMatrix::parse("350,0;300,500").unwrap();
    assert_eq!(point_info(&medical).unwrap().xy, (0.3, -0.6));
    // Back from the point, on the factory's scale.
    assert_eq!(matrix_at(&u, (0.3, -0.6), 0.001).unwrap(), u);
}

#[test]
fn regions_agree_with_direct_yields_at_random_points() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(20220417);
    let mut checked = 0;
    for round in 0..40 {
        let k = 1 + round % 6;
        let classifiers: Vec<ConfusionMatrix> = (0..k).map(|_| random_cm(&mut rng, 2)).collect();
        let named: Vec<(String, ConfusionMatrix)> = classifiers
            .iter()
            .enumerate()
            .map(|(i, c)| (format!("C{i}"), c.clone()))
            .collect();
        let u0 = UtilityMatrix::identity(2).unwrap();
        let trivial = if round % 3 == 0 {
            Trivial::Include
        } else {
            Trivial::Auto
        };
        let cs = contestants(&u0, &named, trivial, &[]).unwrap();
        let map = hexagon_map(cs.clone()).unwrap();
        for _ in 0..100 {
            let p = utility_point(&mut rng, Prior::Uniform);
            let u = UtilityMatrix::from_xy(p.0, p.1).unwrap();
            let Some(want) = direct_winner(&u, &cs, &classifiers, 1e-9) else {
                continue;
            };
            assert_eq!(map.winner_at(p), Some(want), "round {round} at {p:?}");
            let owner: Vec<usize> = map
                .pieces
                .iter()
                .filter(|piece| piece.polygon.contains(p, 1e-12))
                .map(|piece| piece.contestant)
                .collect();
            assert!(
                owner.contains(&want),
                "round {round} at {p:?}: pieces of {owner:?}"
            );
            checked += 1;
        }
        // The regions tile the hexagon.
        let total: f64 = map.shares.iter().sum();
        assert!((total - 1.0).abs() < 1e-9, "round {round}: {total}");
    }
    assert!(checked > 3500, "{checked}");
}

#[test]
fn grid_and_boundaries_agree_with_direct_yields() {
    let (u, named) = factory();
    let classifiers: Vec<ConfusionMatrix> = named.iter().map(|c| c.1.clone()).collect();
    let cs = contestants(&u, &named, Trivial::Include, &[]).unwrap();
    let map = hexagon_map(cs.clone()).unwrap();
    let grid = map.field.grid(60, 60).unwrap();
    for row in 0..60 {
        for col in 0..60 {
            let p = grid.point(col, row);
            let Some(w) = grid.winners[row * 60 + col] else {
                assert!(!utility_lab::core::space::contains(p, 0.0));
                continue;
            };
            let u = UtilityMatrix::from_xy(p.0, p.1).unwrap();
            if let Some(want) = direct_winner(&u, &cs, &classifiers, 1e-9) {
                assert_eq!(w, want, "{p:?}");
            }
        }
    }
    // On every boundary segment, the two contestants yield the same.
    assert!(!map.edges.is_empty());
    for e in &map.edges {
        for t in [0.0, 0.3, 1.0] {
            let p = (
                e.from.0 + t * (e.to.0 - e.from.0),
                e.from.1 + t * (e.to.1 - e.from.1),
            );
            let v = map.field.values_at(p).unwrap();
            assert!((v[e.pair.0] - v[e.pair.1]).abs() < 1e-9, "{e:?} at {t}");
        }
    }
    // And along the pair boundary of A and B (eq. 15: d0/d1 = 0.1875) …
    let (a, b) = (2, 3);
    for (p, q) in map.field.pair_boundary(a, b) {
        for end in [p, q] {
            let u = UtilityMatrix::from_xy(end.0, end.1).unwrap();
            let ya = u.yield_of(&classifiers[0]).unwrap();
            let yb = u.yield_of(&classifiers[1]).unwrap();
            assert!((ya - yb).abs() < 1e-12, "{end:?}");
        }
    }
}

#[test]
fn nearest_change_and_margins_are_where_direct_yields_tie() {
    let (u, named) = factory();
    let cs = contestants(&u, &named, Trivial::Exclude, &[]).unwrap();
    let map = hexagon_map(cs.clone()).unwrap();
    let d = Diagram {
        map: &map,
        point: (0.3, -0.6),
        axes: ("x", "y"),
    };
    let v = verdict(&u, &cs, &[], &[], Some(d)).unwrap();
    let c = v.nearest.unwrap();
    let at = UtilityMatrix::from_xy(c.point.0, c.point.1).unwrap();
    let (y, _) = rank_classifiers(&at, &[named[0].1.clone(), named[1].1.clone()]).unwrap();
    assert!((y[0] - y[1]).abs() < 1e-12);
    // Each margin, applied to its entry alone, makes the rival tie (in €).
    for m in &v.margins {
        for f in [m.down, m.up].into_iter().flatten() {
            let mut d = u.matrix().data().to_vec();
            d[m.row * 2 + m.col] += f.delta;
            let moved = UtilityMatrix::new(Matrix::new(2, 2, d).unwrap()).unwrap();
            let (y, _) =
                rank_classifiers(&moved, &[named[0].1.clone(), named[1].1.clone()]).unwrap();
            assert!((y[0] - y[1]).abs() < 1e-9, "{m:?}");
        }
    }
    // Hand values: U00 may rise by 7/0.16 = 43.75 €, U01 by 7/0.03.
    assert!((v.margins[0].up.unwrap().delta - 43.75).abs() < 1e-9);
    assert!((v.margins[1].up.unwrap().delta - 7.0 / 0.03).abs() < 1e-9);
}

#[test]
fn three_class_slices_agree_with_direct_yields() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut checked = 0;
    for round in 0..12 {
        let u = UtilityMatrix::new(
            Matrix::new(3, 3, (0..9).map(|_| rng.random_range(-5.0..5.0)).collect()).unwrap(),
        )
        .unwrap();
        let classifiers: Vec<ConfusionMatrix> = (0..3).map(|_| random_cm(&mut rng, 3)).collect();
        let named: Vec<(String, ConfusionMatrix)> = classifiers
            .iter()
            .enumerate()
            .map(|(i, c)| (format!("K{i}"), c.clone()))
            .collect();
        let cells = [((0, 1), (2, 0)), ((1, 1), (1, 2)), ((2, 2), (0, 0))][round % 3];
        let slice = Slice::around(u.matrix(), cells.0, cells.1).unwrap();
        let map = slice_map(
            &u,
            contestants(&u, &named, Trivial::Exclude, &[]).unwrap(),
            &slice,
        )
        .unwrap();
        for _ in 0..250 {
            let p = (
                rng.random_range(slice.x.lo..slice.x.hi),
                rng.random_range(slice.y.lo..slice.y.hi),
            );
            let at = slice.matrix_at(&u, p).unwrap();
            let (y, order) = rank_classifiers(&at, &classifiers).unwrap();
            if y[order[0]] - y[order[1]] < 1e-9 {
                continue;
            }
            assert_eq!(map.winner_at(p), Some(order[0]), "round {round} at {p:?}");
            checked += 1;
        }
    }
    assert!(checked > 2900, "{checked}");
}

#[test]
fn expected_matrix_by_hand() {
    // Eq. 18 by hand: ¼·[[4,0],[0,0]] + ¾·[[0,0],[0,4]] = [[1,0],[0,3]].
    let (_, named) = factory();
    let u = UtilityMatrix::identity(2).unwrap();
    let cs = contestants(&u, &named, Trivial::Exclude, &[]).unwrap();
    let cloud = parse_cloud("0.25:4,0;0,0 | 0.75:0,0;0,4").unwrap();
    let s = summarize(&cloud, &cs).unwrap();
    assert_eq!(s.expected.matrix(), &Matrix::parse("1,0;0,3").unwrap());
    // Yields under it, by hand: A 0.27 + 3·0.35 = 1.32, B 0.43 + 3·0.32 = 1.39.
    assert!((s.yields[0] - 1.32).abs() < 1e-12 && (s.yields[1] - 1.39).abs() < 1e-12);
    assert_eq!(s.ranking, vec![1, 0]);
    // The points: (−1, 0) and (1, 0); their mean (0.5, 0); Û's point (2/3, 0) is elsewhere.
    assert_eq!(s.mean_point, Some((0.5, 0.0)));
    let e = s.expected_point.unwrap();
    assert!((e.0 - 2.0 / 3.0).abs() < 1e-15 && e.1 == 0.0);
}

#[test]
fn assessment_gives_back_the_factory() {
    let (u, _) = factory();
    let names = ["long".to_string(), "short".to_string()];
    // The answers the factory implies, typed as a user would.
    let c10 = parse_answer(Question::Cost { row: 1, col: 0 }, "0.1")
        .unwrap()
        .unwrap();
    let l0 = parse_answer(Question::Level { class: 0 }, "-0.3")
        .unwrap()
        .unwrap();
    let answers = utility_lab::state::space::assess::Answers {
        n: 2,
        given: vec![
            (Question::Cost { row: 1, col: 0 }, c10),
            (Question::Level { class: 0 }, l0),
        ],
    };
    assert_eq!(answers, implied_answers(&u).unwrap());
    let m = matrix_from(&answers).unwrap();
    assert!(m.is_equivalent(&u, 1e-12));
    assert!(
        m.matrix()
            .approx_eq(&Matrix::parse("0.7,0;0.6,1").unwrap(), 1e-15)
    );
    assert!(
        Question::Cost { row: 1, col: 0 }
            .prompt(2, &names)
            .contains("A missed “long”")
    );
    // A range: a cloud that contains the estimate, and a σ.
    let ranged = parse_answers("c10:0.05 to 0.2,l0:-0.3", 2).unwrap();
    let est = matrix_from(&ranged).unwrap();
    assert!(est.is_equivalent(&u, 1e-12)); // √(0.05·0.2) = 0.1
    let cloud = cloud_from(&ranged).unwrap();
    assert_eq!(cloud.members.len(), 3);
    assert!(
        cloud
            .members
            .iter()
            .any(|m| m.matrix.approx_eq(est.matrix(), 1e-15))
    );
    let s = sigma_from(&ranged).unwrap();
    assert!(s > 0.0 && s < 0.2, "{s}");
    // The cloud goes into the link as a typed cloud.
    let mut settings = SpaceSettings::default();
    settings.apply("ucloud", &format_cloud(&cloud), 2).unwrap();
}

#[test]
fn views_and_pictures_never_panic() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
    let a = cm("27,15;23,35");
    let cases: Vec<(&str, UtilityMatrix, Named)> = vec![
        ("one", u.clone(), vec![("A".into(), a.clone())]),
        ("two", u.clone(), factory().1),
        (
            "five",
            u.clone(),
            (0..5)
                .map(|i| (format!("M{i}"), random_cm(&mut rng, 2)))
                .collect(),
        ),
        (
            "twenty",
            u.clone(),
            (0..20)
                .map(|i| (format!("N{i}"), random_cm(&mut rng, 2)))
                .collect(),
        ),
        (
            "identical",
            u.clone(),
            vec![("A".into(), a.clone()), ("A2".into(), a.clone())],
        ),
        (
            "always 0",
            u.clone(),
            vec![("P".into(), cm("50,50;0,0")), ("Q".into(), cm("0,0;50,50"))],
        ),
        (
            "outside",
            UtilityMatrix::parse("0,1;1,0").unwrap(),
            factory().1,
        ),
        (
            "constant",
            UtilityMatrix::parse("2,2;2,2").unwrap(),
            factory().1,
        ),
        (
            "corner",
            UtilityMatrix::parse("1,0;0,0").unwrap(),
            factory().1,
        ),
    ];
    let mut settings = SpaceSettings::default();
    settings.apply("ucloud", "xy", 2).unwrap();
    settings.apply("uoverlay", "errors", 2).unwrap();
    for (name, u, cl) in &cases {
        let p = Problem {
            utility: u,
            classifiers: cl,
            classes: &[],
            decisions: &[],
        };
        let v = hexagon_view(&p, &settings, Trivial::Auto).unwrap();
        for (width, dark) in [(375, false), (1280, true)] {
            let svg = v.plot.to_svg(width, dark).unwrap();
            assert!(svg.len() > 1000, "{name}");
            for item in &v.plot.regions.legend {
                assert!(svg.contains(&item.label), "{name}: {}", item.label);
            }
        }
        if *name == "twenty" {
            let winners = v.map.shares.iter().filter(|s| **s > 0.0).count();
            assert!(v.plot.regions.legend.len() >= winners);
        }
        if matches!(*name, "outside" | "constant") {
            assert!(v.info.is_none() && !v.notices.is_empty(), "{name}");
        }
        let sv = slice_view(&p, &SpaceSettings::default(), Trivial::Auto).unwrap();
        assert!(sv.plot.to_svg(375, false).unwrap().len() > 1000);
    }
    // Tiny and odd canvases draw without panicking.
    let p = Problem {
        utility: &u,
        classifiers: &cases[1].2,
        classes: &[],
        decisions: &[],
    };
    let v = hexagon_view(&p, &SpaceSettings::default(), Trivial::Auto).unwrap();
    for w in [0, 1, 10, 100, 5000] {
        let _ = v.plot.to_svg(w, w % 2 == 0);
        assert!(v.plot.height_for(w) > 0);
    }
    // Not binary: a slice instead.
    let u3 = UtilityMatrix::identity(3).unwrap();
    let cl3 = vec![("X".to_string(), cm("5,1,0;1,5,1;0,1,5"))];
    let p3 = Problem {
        utility: &u3,
        classifiers: &cl3,
        classes: &[],
        decisions: &[],
    };
    assert!(hexagon_view(&p3, &settings, Trivial::Auto).is_err());
    let sv = slice_view(&p3, &SpaceSettings::default(), Trivial::Auto).unwrap();
    assert!(sv.plot.to_svg(1280, true).unwrap().contains("always 0"));
    assert!(
        hexagon_view(
            &Problem {
                classifiers: &[],
                ..p3
            },
            &settings,
            Trivial::Auto
        )
        .is_err()
    );
}

#[test]
fn csv_exports_read_back() {
    use crate::common::csv_records as records;
    use utility_lab::csv::write;
    use utility_lab::state::space::cloud::cloud_csv;
    let (u, named) = factory();
    let cs = contestants(&u, &named, Trivial::Auto, &[]).unwrap();
    let map = hexagon_map(cs.clone()).unwrap();
    let rows = map.grid_csv("x", "y", 50, 50).unwrap();
    // The hexagon covers 3/4 of the square: about 1875 of the 2500 grid points.
    assert!((rows.len() as f64 - 1876.0).abs() < 60.0, "{}", rows.len());
    let back = records(&write(&rows));
    assert_eq!(back.len(), rows.len());
    assert!(back.iter().zip(&rows).all(|((_, a), b)| a == b));
    for r in &rows[1..] {
        let p: (f64, f64) = (r[0].parse().unwrap(), r[1].parse().unwrap());
        let w = UtilityMatrix::from_xy(p.0, p.1).unwrap();
        let (y, order) = rank_classifiers(&w, &[named[0].1.clone(), named[1].1.clone()]).unwrap();
        if (y[0] - y[1]).abs() > 1e-9 {
            assert_eq!(r[2], named[order[0]].0, "{r:?}");
        }
    }
    let cloud = parse_cloud("0.5:15,-335;-35,165 | 0.5:1,0;0,1").unwrap();
    let rows = cloud_csv(&cloud, &summarize(&cloud, &cs).unwrap());
    assert_eq!(records(&write(&rows)).len(), 5);
    assert_eq!(rows[1][6..], ["0.3".to_string(), "-0.6".to_string()]);
}

#[test]
fn drag_on_the_canvas_lands_on_the_matrix() {
    let (u, _) = factory();
    for width in [375.0, 1280.0] {
        let f = Frame::hexagon(width);
        // A click at the point's pixel gives back the point, and on release the matrix.
        let px = f.to_px((0.3, -0.6));
        let p = utility_lab::core::space::clamp(f.from_px(px)).unwrap();
        assert_eq!(matrix_at(&u, p, 0.001).unwrap(), u);
        // A drag far outside stops on the border.
        let out = utility_lab::core::space::clamp(f.from_px((width + 500.0, -300.0))).unwrap();
        assert_eq!(out, (1.0, 1.0));
    }
}

/// The view of an app state (`state::space::model`), as the page uses it: the factory's
/// hexagon, a click, the arrow keys, a drag, the panel's reading.
#[test]
fn the_model_of_the_factory_answers_the_pointer_and_the_keys() {
    let s = utility_lab::state::presets::factory();
    let m = model_of(&s).unwrap();
    assert!(m.is_hexagon());
    assert_eq!(m.axes(), ("x".to_string(), "y".to_string()));
    let p = m.point().unwrap();
    assert!((p.0 - 0.3).abs() < 1e-12 && (p.1 + 0.6).abs() < 1e-12);
    // The point's pixel on a phone's canvas is the point again, its matrix the factory's.
    let f = m.frame(375.0);
    let q = m.point_under(375.0, f.to_px(p)).unwrap();
    assert!((q.0 - p.0).abs() < 1e-3 && (q.1 - p.1).abs() < 1e-3);
    let live = m.live_at(p).unwrap();
    assert_eq!(&live.matrix, s.utility_matrix());
    // Far off the canvas: no point.
    assert_eq!(m.point_under(375.0, (-500.0, -500.0)), None);
    // The arrow keys: a hundredth of the half-width, ten with Shift; others do nothing.
    assert_eq!(arrow("ArrowUp"), Some((0.0, 1.0)));
    assert_eq!(arrow("Enter"), None);
    let right = m.key_move("ArrowRight", false, None).unwrap();
    assert!((right.0 - 0.31).abs() < 1e-12 && (right.1 - p.1).abs() < 1e-12);
    let far = m.key_move("ArrowLeft", true, Some(right)).unwrap();
    assert!((far.0 - 0.21).abs() < 1e-12);
    assert_eq!(m.key_move("a", false, None), None);
    // Dragged: the plot moves its point, the panel reads the dragged matrix.
    let moved = m.live_at((0.0, 0.0)).unwrap();
    assert_ne!(m.plot_live(Some(&moved)), m.plot());
    let now = reading(&m, Some(&moved)).unwrap();
    assert!(now.live);
    assert_eq!(now.names[..2], ["A", "B"]);
    let shares: f64 = now.shares.iter().sum();
    assert!((shares - 1.0).abs() < 1e-9, "{shares}");
    let here = reading(&m, None).unwrap();
    assert!(!here.live);
    assert_eq!(here.syntax, "15,-335;-35,165");
    assert!(here.normalized.is_some());
    // The winner grid as CSV: a header and n × n points at most.
    let csv = m.grid_csv(11).unwrap();
    assert!(csv.starts_with("x,y,best,"), "{csv}");
    assert!(csv.lines().count() <= 1 + 11 * 11);
    assert_eq!(m.cloud(), None);
}

#[test]
fn more_classes_are_a_slice_whose_keys_move_by_its_ranges() {
    let d = utility_lab::state::link::decode(
        "u=1,0,0;0,1,0;0,0,1&cm.A=5,1,1;1,5,1;1,1,5&classes=a,b,c",
    );
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    let m = model_of(&d.state).unwrap();
    assert!(!m.is_hexagon());
    let (sx, sy) = m.key_step();
    assert!(sx > 0.0 && sy > 0.0);
    let (x, y) = m.axes();
    assert!(!x.is_empty() && !y.is_empty() && x != "x");
    let p = m.point().unwrap();
    let q = m.key_move("ArrowUp", false, Some(p)).unwrap();
    assert!(q.1 >= p.1 && q.1 <= p.1 + sy + 1e-12);
    assert!(m.live_at(q).is_some());
    let now = reading(&m, None).unwrap();
    assert_eq!(now.normalized, None);
}

proptest! {
    #[test]
    fn parsers_never_panic(s in "[ -~–é|:;,.0-9e-]{0,60}") {
        let _ = parse_cloud(&s);
        let _ = parse_slice(&s);
        let _ = parse_answers(&s, 2);
        let _ = parse_answer(Question::Level { class: 0 }, &s);
        let mut settings = SpaceSettings::default();
        for k in utility_lab::state::space::link::KEYS {
            let _ = settings.apply(k, &s, 3);
        }
    }

    #[test]
    fn typed_clouds_round_trip(
        ws in proptest::collection::vec(0.0f64..10.0, 1..5),
        cells in proptest::collection::vec(-1e6f64..1e6, 16),
        weighted in any::<bool>(),
    ) {
        let text = ws
            .iter()
            .enumerate()
            .map(|(k, w)| {
                let m = Matrix::new(2, 2, cells[(k % 4) * 4..(k % 4) * 4 + 4].to_vec()).unwrap();
                if weighted { format!("{w}:{m}") } else { m.to_string() }
            })
            .collect::<Vec<_>>()
            .join(" | ");
        match parse_cloud(&text) {
            Ok(c) => prop_assert_eq!(parse_cloud(&format_cloud(&c)).unwrap(), c),
            Err(_) => prop_assert!(weighted && ws.iter().sum::<f64>() == 0.0),
        }
    }

    #[test]
    fn dragged_points_stay_in_the_space(x in -3.0f64..3.0, y in -3.0f64..3.0, step in 0.0f64..0.1) {
        let (u, _) = factory();
        let m = matrix_at(&u, (x, y), step).unwrap();
        let (px, py) = m.xy().unwrap();
        prop_assert!(utility_lab::core::space::contains((px, py), 1e-9));
        if step == 0.0 && utility_lab::core::space::contains((x, y), 0.0) {
            prop_assert!((px - x).abs() < 1e-9 && (py - y).abs() < 1e-9);
        }
    }
}
