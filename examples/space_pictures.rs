//! Writes the Utility space view's diagrams as SVG files, to look at them:
//! `cargo run --example space_pictures [DIR]` (default `/tmp/space-pictures`): the factory with
//! a drawn cloud, one classifier against "always decide d", five classifiers with fig. 5's
//! extents, twenty classifiers with fig. 4's density, and a three-class slice; each 375 and
//! 1280 px wide, light and dark.

use std::path::PathBuf;
use utility_lab::core::{ConfusionMatrix, Orientation, UtilityMatrix};
use utility_lab::plot::Plot;
use utility_lab::state::space::link::SpaceSettings;
use utility_lab::state::space::regions::Trivial;
use utility_lab::state::space::view::{Problem, hexagon_view, slice_view};

fn cm(s: &str) -> ConfusionMatrix {
    ConfusionMatrix::parse(s, Orientation::OutputRows).expect("a confusion matrix")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or("/tmp/space-pictures".into()),
    );
    std::fs::create_dir_all(&dir)?;
    let u = UtilityMatrix::parse("15,-335;-35,165")?;
    let names = vec!["long".to_string(), "short".to_string()];
    let factory = vec![
        ("A".to_string(), cm("27,15;23,35")),
        ("B".to_string(), cm("43,18;7,32")),
    ];
    let one = vec![("A".to_string(), cm("27,15;23,35"))];
    let five: Vec<(String, ConfusionMatrix)> = [
        "27,15;23,35",
        "43,18;7,32",
        "40,8;10,42",
        "48,30;2,20",
        "30,3;20,47",
    ]
    .iter()
    .enumerate()
    .map(|(i, m)| (format!("model {}", i + 1), cm(m)))
    .collect();
    let twenty: Vec<(String, ConfusionMatrix)> = (0..20)
        .map(|i| {
            let a = 20 + (i * 7) % 29;
            let b = 20 + (i * 11) % 29;
            (
                format!("C{i}"),
                cm(&format!("{a},{};{},{b}", 50 - b, 50 - a)),
            )
        })
        .collect();
    let mut cloud = SpaceSettings::default();
    cloud.apply("ucloud", "xy", 2)?;
    cloud.apply("usigma", "0.15", 2)?;
    let mut errors = SpaceSettings::default();
    errors.apply("uoverlay", "errors", 2)?;
    let mut prior = SpaceSettings::default();
    prior.apply("uoverlay", "gaussian", 2)?;
    let cases = [
        ("factory", &factory, &cloud),
        ("one", &one, &SpaceSettings::default()),
        ("five", &five, &errors),
        ("twenty", &twenty, &prior),
    ];
    for (name, cl, settings) in cases {
        let p = Problem {
            utility: &u,
            classifiers: cl,
            classes: &names,
            decisions: &names,
        };
        let v = hexagon_view(&p, settings, Trivial::Auto)?;
        println!("{name}: {}", v.verdict.sentence);
        for (w, dark) in [(375, false), (375, true), (1280, false), (1280, true)] {
            let file = dir.join(format!(
                "{name}-{w}-{}.svg",
                if dark { "dark" } else { "light" }
            ));
            std::fs::write(&file, v.plot.to_svg(w, dark)?)?;
        }
    }
    let u3 = UtilityMatrix::parse("10,-2,-5;-1,6,-3;-4,-2,8")?;
    let cl3 = vec![
        ("P".to_string(), cm("40,2,9;6,10,1;3,1,20")),
        ("Q".to_string(), cm("30,1,1;12,12,2;7,0,27")),
        ("R".to_string(), cm("35,5,3;8,8,0;6,0,25")),
    ];
    let classes3: Vec<String> = ["cat", "dog", "fox"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let p3 = Problem {
        utility: &u3,
        classifiers: &cl3,
        classes: &classes3,
        decisions: &classes3,
    };
    let sv = slice_view(&p3, &SpaceSettings::default(), Trivial::Exclude)?;
    println!("slice: {}", sv.verdict.sentence);
    for (w, dark) in [(375, false), (1280, true)] {
        let file = dir.join(format!(
            "slice-{w}-{}.svg",
            if dark { "dark" } else { "light" }
        ));
        std::fs::write(&file, sv.plot.to_svg(w, dark)?)?;
    }
    println!("written to {}", dir.display());
    Ok(())
}
