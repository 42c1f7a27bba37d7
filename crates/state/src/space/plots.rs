//! The diagrams' data ([`HexPlot`], [`SlicePlot`]) from the view's results: regions coloured
//! by contestant (a classifier's series colour, greys for "always decide d"), the current
//! region highlighted, names inside the regions that are large enough, the legend, and the
//! Monte Carlo's figures 4–5 underneath when asked for.

use super::SpaceError;
use super::cloud::CloudSummary;
use super::link::Overlay;
use super::point::{landmarks, net_benefit_curve};
use super::regions::{Kind, WinnerMap};
use super::slice::Slice;
use ulab_core::UtilityMatrix;
use ulab_core::mc::scatter::{error_points, prior_points};
use ulab_core::space::Point;
use ulab_core::space::polygon::Polygon;
use ulab_core::text;
use ulab_plot::mc_space::{Density, Marker, PointGroup, Tone};
use ulab_plot::space::{
    Boundary, CloudMarks, Fill, HexPlot, Key, LegendItem, RegionLabel, Regions, SlicePlot, Swatch,
};

/// Points drawn for fig. 4's density.
pub const DENSITY_POINTS: usize = 20_000;
/// Cells per side of fig. 4's density.
pub const DENSITY_GRID: usize = 40;
/// Points drawn per `σ` for fig. 5's extents.
pub const ERROR_POINTS: usize = 300;

/// The colour slot of contestant `k` of `map`.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_plot::space::Swatch;
/// use ulab_state::space::plots::swatch;
/// use ulab_state::space::regions::{contestants, hexagon_map, Trivial};
/// let u = UtilityMatrix::parse("1,0;0,1").unwrap();
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let map = hexagon_map(contestants(&u, &[("A".into(), a)], Trivial::Auto, &[]).unwrap()).unwrap();
/// assert_eq!((swatch(&map, 1), swatch(&map, 2)), (Swatch::Muted(1), Swatch::Series(0)));
/// ```
pub fn swatch(map: &WinnerMap, k: usize) -> Swatch {
    match map.contestants.get(k).map(|c| c.kind) {
        Some(Kind::Always(d)) => Swatch::Muted(d),
        Some(Kind::Classifier(i)) => Swatch::Series(i),
        None => Swatch::Series(k),
    }
}

/// The regions of `map` as drawn: every piece (the current point's region, where
/// `current` lies, highlighted), the boundaries (those of the current region thicker), a label
/// in each region where it has most room (away from its border and from the `obstacles`, e.g.
/// the landmarks), a legend entry per region that exists (classifiers first, then the trivial
/// ones), and a footnote naming the contestants that are never best.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_state::space::plots::regions;
/// use ulab_state::space::regions::{contestants, hexagon_map, Trivial};
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let cm = |s| ConfusionMatrix::parse(s, Orientation::OutputRows).unwrap();
/// let cs = contestants(&u, &[("A".into(), cm("27,15;23,35")), ("B".into(), cm("43,18;7,32")),
///     ("B again".into(), cm("43,18;7,32"))], Trivial::Auto, &[]).unwrap();
/// let r = regions(&hexagon_map(cs).unwrap(), Some((0.3, -0.6)), &[]);
/// assert_eq!(r.legend.len(), 2);
/// assert!(r.fills.iter().any(|f| f.current));
/// assert!(r.footnote.contains("B again"));
/// ```
pub fn regions(map: &WinnerMap, current: Option<Point>, obstacles: &[Point]) -> Regions {
    let winner = current.and_then(|p| map.winner_at(p));
    let fills = map
        .pieces
        .iter()
        .map(|p| Fill {
            swatch: swatch(map, p.contestant),
            polygon: p.polygon.vertices.clone(),
            current: Some(p.contestant) == winner,
        })
        .collect();
    let boundaries = map
        .edges
        .iter()
        .map(|e| Boundary {
            from: e.from,
            to: e.to,
            current: winner.is_some_and(|w| e.pair.0 == w || e.pair.1 == w),
        })
        .collect();
    // The contestants that win somewhere, then those that always win, each in their order.
    let (always, others): (Vec<usize>, Vec<usize>) = (0..map.contestants.len())
        .partition(|&k| matches!(map.contestants[k].kind, Kind::Always(_)));
    let mut labels = Vec::new();
    let mut legend = Vec::new();
    let mut never = Vec::new();
    for k in others.into_iter().chain(always) {
        let name = &map.contestants[k].name;
        let roomiest = map
            .pieces
            .iter()
            .filter(|p| p.contestant == k)
            .filter_map(|p| roomiest_point(&p.polygon, obstacles))
            .max_by(|a, b| a.1.total_cmp(&b.1));
        let Some((at, room)) = roomiest else {
            never.push(name.clone());
            continue;
        };
        labels.push(RegionLabel {
            at,
            text: name.clone(),
            room,
        });
        legend.push(LegendItem {
            key: Key::Region(swatch(map, k), Some(k) == winner),
            label: name.clone(),
        });
    }
    let footnote = if never.is_empty() {
        String::new()
    } else {
        format!(
            "Never best here: {}. Ties go to the one listed first.",
            never.join(", ")
        )
    };
    Regions {
        fills,
        boundaries,
        labels,
        legend,
        footnote,
    }
}

/// How far (data units of the hexagon) a region's name keeps from a landmark.
const LANDMARK_CLEARANCE: f64 = 0.15;

/// A point of a convex polygon far from its border and from the `obstacles`, and that room
/// (`min(distance to the border, distance to an obstacle − 0.15)`): the best of its centroid
/// and a 7 × 7 grid over its bounding box (a label goes there).
fn roomiest_point(poly: &Polygon, obstacles: &[Point]) -> Option<(Point, f64)> {
    let c = poly.centroid()?;
    let (mut lo, mut hi) = (c, c);
    for v in &poly.vertices {
        lo = (lo.0.min(v.0), lo.1.min(v.1));
        hi = (hi.0.max(v.0), hi.1.max(v.1));
    }
    let grid = (0..7).flat_map(|i| {
        (0..7).map(move |j| {
            let (fx, fy) = ((i as f64 + 0.5) / 7.0, (j as f64 + 0.5) / 7.0);
            (lo.0 + fx * (hi.0 - lo.0), lo.1 + fy * (hi.1 - lo.1))
        })
    });
    std::iter::once(c)
        .chain(grid)
        .filter(|p| poly.contains(*p, 0.0))
        .map(|p| {
            let clear = obstacles
                .iter()
                .map(|o| (o.0 - p.0).hypot(o.1 - p.1) - LANDMARK_CLEARANCE)
                .fold(f64::INFINITY, f64::min);
            (p, poly.border_distance(p).min(clear))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// The data of fig. 1's diagram: `map`'s regions, the landmarks ([`landmarks`]), net benefit's
/// chord (from its limit `p_t → 0`, the true-positive rate's corner `(−1, 0)`, to its limit
/// `p_t → 1`, `(0, −1)`), the current point, a cloud's points with its mean and expected
/// matrix, and the Monte Carlo's overlay (from [`overlay`]).
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_plot::Plot;
/// use ulab_state::space::plots::hex_plot;
/// use ulab_state::space::regions::{contestants, hexagon_map, Trivial};
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let cm = |s| ConfusionMatrix::parse(s, Orientation::OutputRows).unwrap();
/// let cs = contestants(&u, &[("A".into(), cm("27,15;23,35")), ("B".into(), cm("43,18;7,32"))],
///     Trivial::Auto, &[]).unwrap();
/// let plot = hex_plot(&hexagon_map(cs).unwrap(), Some((0.3, -0.6)), None, (None, vec![]));
/// let svg = plot.to_svg(375, false).unwrap();
/// assert!(svg.contains("accuracy") && svg.contains("your matrix"));
/// ```
pub fn hex_plot(
    map: &WinnerMap,
    current: Option<Point>,
    cloud: Option<&CloudSummary>,
    overlay: (Option<Density>, Vec<PointGroup>),
) -> HexPlot {
    let marks: Vec<(Point, String)> = landmarks()
        .into_iter()
        .map(|l| (l.point, l.short))
        .collect();
    let obstacles: Vec<Point> = marks.iter().map(|m| m.0).collect();
    let mut regions = regions(map, current, &obstacles);
    if current.is_some() {
        regions.legend.push(LegendItem {
            key: Key::Current,
            label: "your matrix".into(),
        });
    }
    let cloud = cloud.map(|s| {
        let points: Vec<Point> = s.points.iter().flatten().copied().collect();
        regions.legend.push(LegendItem {
            key: Key::Candidate,
            label: format!("candidates ({})", points.len()),
        });
        if s.mean_point.is_some() {
            regions.legend.push(LegendItem {
                key: Key::Mean,
                label: "mean of the points".into(),
            });
        }
        if s.expected_point.is_some() {
            regions.legend.push(LegendItem {
                key: Key::Expected,
                label: "expected matrix (eq. 18)".into(),
            });
        }
        CloudMarks {
            points,
            mean: s.mean_point,
            expected: s.expected_point,
        }
    });
    let (density, groups) = overlay;
    if density.is_some() {
        regions.legend.push(LegendItem {
            key: Key::Density,
            label: "prior density (fig. 4)".into(),
        });
    }
    for g in &groups {
        regions.legend.push(LegendItem {
            key: Key::Group(g.clone()),
            label: g.label.clone(),
        });
    }
    let mut curve = vec![(-1.0, 0.0)];
    curve.extend(net_benefit_curve(9));
    curve.push((0.0, -1.0));
    HexPlot {
        regions,
        landmarks: marks,
        curve,
        current,
        cloud,
        density,
        groups,
    }
}

/// The Monte Carlo's figures under the regions, from the same code as the Monte Carlo: fig. 4's
/// density of a prior ([`prior_points`], [`DENSITY_POINTS`] points on a [`DENSITY_GRID`]²
/// grid) or fig. 5's extents of errors of each `σ` around the current matrix `u`
/// ([`error_points`], [`ERROR_POINTS`] per `σ`, blue triangles then red squares).
///
/// # Errors
/// Fig. 5 around a matrix that has no point (not 2 × 2, constant, outside the space).
///
/// # Examples
///
/// ```
/// use ulab_core::mc::Prior;
/// use ulab_core::UtilityMatrix;
/// use ulab_state::space::link::Overlay;
/// use ulab_state::space::plots::overlay;
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let (d, g) = overlay(&Overlay::Prior(Prior::Gaussian), &u, 1).unwrap();
/// assert!(d.is_some() && g.is_empty());
/// let (d, g) = overlay(&Overlay::Errors(vec![0.1, 0.2]), &u, 1).unwrap();
/// assert!(d.is_none() && g.len() == 2 && g[1].label == "errors, σ = 0.2 (fig. 5)");
/// ```
pub fn overlay(
    o: &Overlay,
    u: &UtilityMatrix,
    seed: u64,
) -> Result<(Option<Density>, Vec<PointGroup>), SpaceError> {
    Ok(match o {
        Overlay::None => (None, Vec::new()),
        Overlay::Prior(p) => (
            Some(Density::from_points(
                &prior_points(*p, DENSITY_POINTS, seed)?,
                DENSITY_GRID,
            )),
            Vec::new(),
        ),
        Overlay::Errors(sigmas) => {
            let mut groups = Vec::new();
            for (k, s) in sigmas.iter().enumerate() {
                let (marker, tone) = if k % 2 == 0 {
                    (Marker::Triangle, Tone::Blue)
                } else {
                    (Marker::Square, Tone::Red)
                };
                groups.push(PointGroup {
                    label: format!("errors, σ = {} (fig. 5)", text::number(*s, 3)),
                    marker,
                    tone,
                    points: error_points(u, *s, ERROR_POINTS, seed)?,
                });
            }
            (None, groups)
        }
    })
}

/// An entry's short name for an axis: `U01 (decide “long”, true “short”)`.
///
/// # Examples
///
/// ```
/// use ulab_state::space::plots::entry_title;
/// let names = ["long".to_string(), "short".to_string()];
/// assert_eq!(entry_title(0, 1, &names, &names), "U01 (decide “long”, true “short”)");
/// assert_eq!(entry_title(12, 3, &[], &[]), "U12_3 (decide “12”, true “3”)");
/// ```
pub fn entry_title(row: usize, col: usize, decisions: &[String], classes: &[String]) -> String {
    let name = |names: &[String], k: usize| names.get(k).cloned().unwrap_or_else(|| k.to_string());
    format!(
        "{} (decide “{}”, true “{}”)",
        super::cloud::cell_name(row, col),
        name(decisions, row),
        name(classes, col)
    )
}

/// The data of a slice's diagram: `map`'s regions (from [`super::slice::slice_map`]), the axes
/// named after the two entries, the current matrix's point if it lies within the ranges.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_plot::Plot;
/// use ulab_state::space::plots::slice_plot;
/// use ulab_state::space::regions::{contestants, Trivial};
/// use ulab_state::space::slice::{slice_map, Slice};
/// let u = UtilityMatrix::identity(3).unwrap();
/// let p = ConfusionMatrix::parse("40,2,9;6,10,1;3,1,20", Orientation::OutputRows).unwrap();
/// let q = ConfusionMatrix::parse("30,1,1;12,12,2;7,0,27", Orientation::OutputRows).unwrap();
/// let cs = contestants(&u, &[("P".into(), p), ("Q".into(), q)], Trivial::Exclude, &[]).unwrap();
/// let s = Slice::around(u.matrix(), (0, 1), (2, 0)).unwrap();
/// let plot = slice_plot(&slice_map(&u, cs, &s).unwrap(), &s, &u, &[], &[]);
/// assert_eq!(plot.x_title, "U01 (decide “0”, true “1”)");
/// assert_eq!(plot.current, Some((0.0, 0.0)));
/// assert!(plot.to_svg(375, true).unwrap().contains("U20"));
/// ```
pub fn slice_plot(
    map: &WinnerMap,
    slice: &Slice,
    u: &UtilityMatrix,
    decisions: &[String],
    classes: &[String],
) -> SlicePlot {
    let inside = |p: &Point| {
        (slice.x.lo..=slice.x.hi).contains(&p.0) && (slice.y.lo..=slice.y.hi).contains(&p.1)
    };
    let current = slice.point(u.matrix()).filter(inside);
    let mut regions = regions(map, current, &[]);
    if current.is_some() {
        regions.legend.push(LegendItem {
            key: Key::Current,
            label: "your matrix".into(),
        });
    }
    SlicePlot {
        regions,
        x_title: entry_title(slice.x.row, slice.x.col, decisions, classes),
        y_title: entry_title(slice.y.row, slice.y.col, decisions, classes),
        x_range: (slice.x.lo, slice.x.hi),
        y_range: (slice.y.lo, slice.y.hi),
        current,
    }
}
