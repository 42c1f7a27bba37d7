//! How long the Utility space view takes to follow a drag: `cargo run --release --example
//! space_bench [CLASSIFIERS]` (default 5). Prints, per frame, the median over many repetitions
//! of (1) the winner regions (exact polygons, boundaries, shares), (2) what changes while the
//! point moves (the dragged matrix, the verdict with its margins and nearest boundary), (3) the
//! whole view at once, (4) drawing the diagram to SVG at 640 px, and (5) a 200 × 200 winner
//! grid (the CSV export), for comparison with the exact polygons.

use std::time::Instant;
use utility_lab::core::{ConfusionMatrix, Orientation, UtilityMatrix};
use utility_lab::plot::Plot;
use utility_lab::state::space::link::SpaceSettings;
use utility_lab::state::space::point::matrix_at;
use utility_lab::state::space::regions::{Trivial, contestants, hexagon_map};
use utility_lab::state::space::verdict::{Diagram, verdict};
use utility_lab::state::space::view::{Problem, hexagon_view};

fn median_us(reps: usize, mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..reps)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[reps / 2]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let k: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let u = UtilityMatrix::parse("15,-335;-35,165")?;
    let cl: Vec<(String, ConfusionMatrix)> = (0..k)
        .map(|i| {
            let a = 20 + (i * 7) % 29;
            let b = 20 + (i * 11) % 29;
            let m = format!("{a},{};{},{b}", 50 - b, 50 - a);
            Ok((
                format!("C{i}"),
                ConfusionMatrix::parse(&m, Orientation::OutputRows)?,
            ))
        })
        .collect::<Result<_, utility_lab::core::CoreError>>()?;
    let p = Problem {
        utility: &u,
        classifiers: &cl,
        classes: &[],
        decisions: &[],
    };
    let settings = SpaceSettings::default();
    let cs = contestants(&u, &cl, Trivial::Auto, &[])?;
    let map = hexagon_map(cs.clone())?;
    let reps = 400;
    let regions = median_us(reps, || {
        std::hint::black_box(hexagon_map(cs.clone()).ok());
    });
    let mut t = 0.0f64;
    let drag = median_us(reps, || {
        t += 0.01;
        let xy = (0.3 + 0.2 * t.sin(), -0.5 + 0.2 * t.cos());
        let m = matrix_at(&u, xy, 0.001).ok();
        let d = Diagram {
            map: &map,
            point: xy,
            axes: ("x", "y"),
        };
        let v = m.and_then(|m| verdict(&m, &cs, &[], &[], Some(d)).ok());
        std::hint::black_box(v);
    });
    let view = median_us(reps, || {
        std::hint::black_box(hexagon_view(&p, &settings, Trivial::Auto).ok());
    });
    let v = hexagon_view(&p, &settings, Trivial::Auto)?;
    let svg = median_us(reps, || {
        std::hint::black_box(v.plot.to_svg(640, false).ok());
    });
    // The heaviest frame of a drag: a 500-point cloud drawn around the moving point and fig. 5's
    // extents (2 × 300 points) redrawn with it, the whole view, the SVG.
    let mut heavy = SpaceSettings::default();
    heavy.apply("ucloud", "xy", 2)?;
    heavy.apply("uoverlay", "errors", 2)?;
    let mut t2 = 0.0f64;
    let heavy_frame = median_us(100, || {
        t2 += 0.01;
        let xy = (0.3 + 0.2 * t2.sin(), -0.5 + 0.2 * t2.cos());
        if let Ok(m) = matrix_at(&u, xy, 0.001) {
            let p = Problem {
                utility: &m,
                classifiers: &cl,
                classes: &[],
                decisions: &[],
            };
            let v = hexagon_view(&p, &heavy, Trivial::Auto).ok();
            std::hint::black_box(v.map(|v| v.plot.to_svg(640, false).ok()));
        }
    });
    let grid = median_us(20, || {
        std::hint::black_box(map.field.grid(200, 200).ok());
    });
    println!(
        "{k} classifiers ({} contestants), median per call:",
        cs.len()
    );
    println!("  regions (exact polygons):        {regions:8.1} µs");
    println!("  drag step (matrix + verdict):    {drag:8.1} µs");
    println!("  whole view (regions, verdict…):  {view:8.1} µs");
    println!("  draw SVG, 640 px:                {svg:8.1} µs");
    println!("  drag frame with cloud + fig. 5, SVG: {heavy_frame:8.1} µs");
    println!("  200 × 200 winner grid:           {grid:8.1} µs");
    println!(
        "  pieces {}, boundary edges {}",
        map.pieces.len(),
        map.edges.len()
    );
    Ok(())
}
