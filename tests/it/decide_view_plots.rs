//! The Decide view's plots drawn to SVG for many shapes of input (no failure, the names and
//! marks present), its presets opened through the link codec with the numbers they promise, and
//! (ignored by default) the pictures written to files to look at:
//!
//! `cargo test --test it decide_view_plots::write_pictures -- --ignored` writes SVG files to
//! `/tmp/decide-plots/` (`convert` or a browser turns them into PNG).

use utility_lab::core::Matrix;
use utility_lab::plot::Plot;
use utility_lab::state::decide::balance::SharesKind;
use utility_lab::state::decide::presets::DECIDE_PRESETS;
use utility_lab::state::decide::view::{DecideInputs, DecideView, Shape, analyze};
use utility_lab::state::{AppState, Classifier, link as url};

fn names(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|k| format!("{prefix} {k}")).collect()
}

/// A utility matrix `n_d × n_c` with varied values (a deterministic pattern).
fn pattern(n_d: usize, n_c: usize, seed: u64) -> Matrix {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let data: Vec<f64> = (0..n_d * n_c)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) % 41) as f64 - 20.0
        })
        .collect();
    Matrix::new(n_d, n_c, data).unwrap()
}

fn view_of(u: &Matrix, p: &[f64], classifiers: &[Classifier]) -> DecideView {
    let decisions = names("decision", u.rows());
    let classes = names("class", u.cols());
    analyze(&DecideInputs {
        utility: u,
        decisions: &decisions,
        classes: &classes,
        p,
        classifiers,
        base_rates: None,
        alpha: 1.0,
        test_size: Some(100),
    })
}

/// Every plot of the view, drawn at both widths in both themes.
fn draw_all(v: &DecideView) -> Vec<String> {
    let mut out = Vec::new();
    for width in [375u32, 1280] {
        for dark in [false, true] {
            if let Some(b) = v.bars() {
                out.push(b.to_svg(width, dark).unwrap());
            }
            if let Some(t) = v.threshold_plot() {
                out.push(t.to_svg(width, dark).unwrap());
            }
            if let Some(s) = v.simplex_plot() {
                out.push(s.to_svg(width, dark).unwrap());
            }
            for k in 0..v.classifiers.len() {
                if let Some(p) = v.posterior_plot(k) {
                    out.push(p.to_svg(width, dark).unwrap());
                }
            }
        }
    }
    out
}

#[test]
fn plots_draw_for_2_to_20_decisions() {
    for n_c in [2usize, 3, 5] {
        for n_d in [n_c, n_c + 1, 10, 20] {
            let n_d = n_d.max(n_c);
            for seed in 0..3 {
                let u = pattern(n_d, n_c, seed + 10 * n_d as u64);
                let p: Vec<f64> = (0..n_c).map(|k| (k + 1) as f64).collect();
                let s: f64 = p.iter().sum();
                let p: Vec<f64> = p.iter().map(|x| x / s).collect();
                let c = Classifier {
                    name: "X".into(),
                    matrix: pattern(n_c, n_c, seed).map(|v| v.abs()).unwrap(),
                };
                let v = view_of(&u, &p, &[c]);
                assert!(v.item.is_ok(), "{n_d}×{n_c}: {:?}", v.item);
                let svgs = draw_all(&v);
                let expected = 4 * (2 + usize::from(n_c <= 3));
                assert!(svgs.len() >= expected, "{n_d}×{n_c}: {} plots", svgs.len());
                // Every decision is named in the bar chart.
                let bars = &svgs[0];
                for d in 0..n_d {
                    assert!(
                        bars.contains(&format!("decision {d}")),
                        "decision {d} missing"
                    );
                }
            }
        }
    }
}

#[test]
fn plots_draw_for_ties_and_equal_utilities() {
    for (u, p) in [
        ("0,0;0,0", vec![0.5, 0.5]),
        ("5,5;5,5;5,5", vec![0.3, 0.7]),
        ("1,0;0,1", vec![0.5, 0.5]),
        ("0,0,0;0,0,0;0,0,0", vec![0.2, 0.3, 0.5]),
        ("1,0,0;0,1,0;0,0,1", vec![1.0 / 3.0; 3]),
        ("1,0,0;0,1,0;0,0,1;1,0,0", vec![1.0, 0.0, 0.0]),
        ("10,-1;0,0", vec![1.0 / 11.0, 10.0 / 11.0]),
        ("1e15,-1e15;-1e15,1e15", vec![0.5, 0.5]),
    ] {
        let m = Matrix::parse(u).unwrap();
        let v = view_of(&m, &p, &[]);
        let svgs = draw_all(&v);
        assert!(!svgs.is_empty(), "{u}");
    }
    // A bad probability vector: the item has an error, the shape still draws (no point).
    let v = view_of(&Matrix::parse("1,0;0,1").unwrap(), &[0.5, 0.6], &[]);
    assert!(v.item.is_err() && v.bars().is_none());
    assert!(v.threshold_plot().unwrap().to_svg(375, false).is_ok());
}

/// A preset opened as the UI does: the link codec's state (every key taken as written: no
/// notice), then analyzed.
fn preset_view(fragment: &str) -> (AppState, DecideView) {
    let d = url::decode(fragment);
    assert!(d.notices.is_empty(), "{fragment}: {:?}", d.notices);
    let s = d.state;
    let params = s.decide.clone();
    let v = analyze(&DecideInputs {
        utility: s.utility(),
        decisions: s.decisions(),
        classes: s.classes(),
        p: &params.probabilities(s.n()),
        classifiers: s.classifiers(),
        base_rates: s.prevalence.as_deref(),
        alpha: params.alpha,
        test_size: params.test_size,
    });
    (s, v)
}

#[test]
fn every_decide_preset_opens_with_the_numbers_it_promises() {
    for preset in DECIDE_PRESETS {
        let (s, v) = preset_view(preset.fragment);
        let (item, sentence) = v.item.as_ref().unwrap();
        match preset.id {
            "decide-lottery" => {
                assert_eq!(s.decisions()[item.optimal], "buy");
                assert!((item.expected[0] - 1.2).abs() < 1e-12);
                assert!(
                    sentence
                        .headline
                        .contains("although lose is the more probable class")
                );
            }
            "decide-factory-a" => {
                let r = v.classifiers[0].remap.as_ref().unwrap();
                assert!((r.raw_yield - 3.5).abs() < 1e-12);
                assert!((r.remapped_yield - 65.0).abs() < 1e-12);
                assert_eq!(r.single_decision(), Some(1));
            }
            "decide-dont-balance" => {
                let b = v.classifiers[0].balance.as_ref().unwrap();
                assert!((b.case(SharesKind::Balanced).claimed_yield - 4.5).abs() < 1e-12);
                assert!((b.case(SharesKind::Balanced).real_yield + 0.89).abs() < 1e-12);
                assert_eq!(b.case(SharesKind::Deployment).real_yield, 0.0);
                assert_eq!(v.classifiers[0].balance_sentences.len(), 3);
            }
            "decide-inspect" => {
                let Ok(Shape::TwoClasses { envelope, rule }) = &v.shape else {
                    panic!("{:?}", v.shape)
                };
                let t: Vec<f64> = envelope.thresholds.iter().map(|t| t.p0).collect();
                assert_eq!(t, vec![0.875, 325.0 / 350.0]);
                assert!(rule.contains("inspect from 0.875 to 0.9286"));
                assert_eq!(s.decisions()[item.optimal], "inspect");
            }
            "decide-three-classes" => {
                assert_eq!(s.decisions()[item.optimal], "ask");
                assert!(item.differs);
                let Ok(Shape::ThreeClasses(r)) = &v.shape else {
                    panic!("{:?}", v.shape)
                };
                assert_eq!(r.len(), 4);
            }
            other => panic!("untested preset {other}"),
        }
        assert!(!draw_all(&v).is_empty());
    }
}

#[test]
#[ignore = "writes pictures to /tmp/decide-plots for a person to look at"]
fn write_pictures() {
    let dir = std::path::Path::new("/tmp/decide-plots");
    std::fs::create_dir_all(dir).unwrap();
    let mut written = 0;
    for preset in DECIDE_PRESETS {
        let (_, v) = preset_view(preset.fragment);
        let id = preset.id.trim_start_matches("decide-");
        for width in [375u32, 1280] {
            for dark in [false, true] {
                let tag = format!("{width}-{}", if dark { "dark" } else { "light" });
                let mut save = |name: &str, svg: String| {
                    std::fs::write(dir.join(format!("{id}-{name}-{tag}.svg")), svg).unwrap();
                    written += 1;
                };
                if let Some(b) = v.bars() {
                    save("bars", b.to_svg(width, dark).unwrap());
                }
                if let Some(t) = v.threshold_plot() {
                    save("lines", t.to_svg(width, dark).unwrap());
                }
                if let Some(p) = v.simplex_plot() {
                    save("simplex", p.to_svg(width, dark).unwrap());
                }
                if let Some(p) = v.posterior_plot(0) {
                    save("posterior", p.to_svg(width, dark).unwrap());
                }
            }
        }
    }
    // Twenty decisions on three classes.
    let u = pattern(20, 3, 7);
    let v = view_of(&u, &[0.2, 0.3, 0.5], &[]);
    for width in [375u32, 1280] {
        std::fs::write(
            dir.join(format!("twenty-bars-{width}.svg")),
            v.bars().unwrap().to_svg(width, false).unwrap(),
        )
        .unwrap();
        std::fs::write(
            dir.join(format!("twenty-simplex-{width}.svg")),
            v.simplex_plot().unwrap().to_svg(width, false).unwrap(),
        )
        .unwrap();
    }
    assert!(written > 0);
}
