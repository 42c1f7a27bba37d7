//! Everything the Utility space view shows, from plain inputs, in one call each: the hexagon
//! for two classes ([`hexagon_view`]), a slice for any number ([`slice_view`]). The pieces
//! are the other modules' functions; a page that wants to recompute less during a drag (the
//! regions do not depend on the utility matrix) can call them itself.

use super::SpaceError;
use super::cloud::{Cloud, CloudSummary, cell_name, sample_cloud, summarize};
use super::link::{CloudSource, SpaceSettings};
use super::plots::{hex_plot, overlay, slice_plot};
use super::point::{PointInfo, point_info};
use super::regions::{Trivial, WinnerMap, contestants, hexagon_map};
use super::slice::{Slice, slice_map};
use super::verdict::{Diagram, Verdict, verdict};
use ulab_core::{ConfusionMatrix, UtilityMatrix};
use ulab_plot::space::{HexPlot, SlicePlot};

/// The problem: utility matrix, named classifiers, names of classes and decisions.
#[derive(Debug, Clone, Copy)]
pub struct Problem<'a> {
    /// The utility matrix (rows = decisions).
    pub utility: &'a UtilityMatrix,
    /// The classifiers, in order.
    pub classifiers: &'a [(String, ConfusionMatrix)],
    /// Class names (missing: the index).
    pub classes: &'a [String],
    /// Decision names (missing: the index).
    pub decisions: &'a [String],
}

/// The cloud and what it says.
#[derive(Debug, Clone, PartialEq)]
pub struct CloudView {
    /// The candidates.
    pub cloud: Cloud,
    /// Expected matrix, its point, the mean point, the ranking.
    pub summary: CloudSummary,
}

/// The hexagon of fig. 1 with everything on it.
#[derive(Debug, Clone, PartialEq)]
pub struct HexagonView {
    /// The current matrix, normalized, and its point; `None` when it has none (constant, or a
    /// wrong decision worth more than the right one: see `notices`).
    pub info: Option<PointInfo>,
    /// The winner regions.
    pub map: WinnerMap,
    /// The verdict at the current matrix.
    pub verdict: Verdict,
    /// The cloud, if the settings ask for one and it could be made.
    pub cloud: Option<CloudView>,
    /// The diagram.
    pub plot: HexPlot,
    /// What could not be shown, and why (one sentence each).
    pub notices: Vec<String>,
}

/// The cloud the settings ask for, around `u` for a drawn one.
///
/// # Errors
/// A drawn cloud around a matrix without a point; bad settings.
///
/// # Examples
///
/// ```
/// use ulab_core::UtilityMatrix;
/// use ulab_state::space::link::SpaceSettings;
/// use ulab_state::space::view::settings_cloud;
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let mut s = SpaceSettings::default();
/// assert_eq!(settings_cloud(&u, &s).unwrap(), None);
/// s.apply("ucloud", "entries", 2).unwrap();
/// assert_eq!(settings_cloud(&u, &s).unwrap().unwrap().members.len(), 500);
/// ```
pub fn settings_cloud(u: &UtilityMatrix, s: &SpaceSettings) -> Result<Option<Cloud>, SpaceError> {
    Ok(match &s.cloud {
        CloudSource::None => None,
        CloudSource::Drawn(model) => Some(sample_cloud(u, *model, s.sigma, s.points, s.seed)?),
        CloudSource::Typed(c) => Some(c.clone()),
    })
}

/// The hexagon view of a binary problem: the point, the regions (with the trivial
/// contestants as `trivial` says), the verdict with the distance to the nearest boundary, the
/// cloud and the overlay of the settings, the diagram. A cloud or overlay that cannot be made
/// is left out with a notice.
///
/// # Errors
/// Not 2 × 2 ([`SpaceError::NotBinary`]: use [`slice_view`]); no classifier; a classifier of
/// another size.
///
/// # Examples
///
/// The factory link of the issue: the point (0.3, −0.6), A's region, B's everywhere else.
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_state::space::link::SpaceSettings;
/// use ulab_state::space::regions::Trivial;
/// use ulab_state::space::view::{hexagon_view, Problem};
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let cm = |s| ConfusionMatrix::parse(s, Orientation::OutputRows).unwrap();
/// let cl = vec![("A".to_string(), cm("27,15;23,35")), ("B".to_string(), cm("43,18;7,32"))];
/// let p = Problem { utility: &u, classifiers: &cl, classes: &[], decisions: &[] };
/// let v = hexagon_view(&p, &SpaceSettings::default(), Trivial::Auto).unwrap();
/// assert_eq!(v.info.unwrap().coordinates_text(), "(0.3, \u{2212}0.6)");
/// assert_eq!(v.verdict.winner, 0);
/// assert!(v.notices.is_empty());
/// ```
pub fn hexagon_view(
    p: &Problem,
    settings: &SpaceSettings,
    trivial: Trivial,
) -> Result<HexagonView, SpaceError> {
    super::point::binary(p.utility)?;
    let cs = contestants(p.utility, p.classifiers, trivial, p.decisions)?;
    let map = hexagon_map(cs.clone())?;
    let mut notices = Vec::new();
    let info = match point_info(p.utility) {
        Ok(i) => Some(i),
        Err(e) => {
            notices.push(format!(
                "The utility matrix has no point in the diagram: {e}."
            ));
            None
        }
    };
    let at = info.as_ref().map(|i| i.xy);
    let verdict = verdict(
        p.utility,
        &cs,
        p.decisions,
        p.classes,
        at.map(|point| Diagram {
            map: &map,
            point,
            axes: ("x", "y"),
        }),
    )?;
    let cloud = match settings_cloud(p.utility, settings)
        .and_then(|c| c.map(|c| summarize(&c, &cs).map(|s| (c, s))).transpose())
    {
        Ok(c) => c.map(|(cloud, summary)| CloudView { cloud, summary }),
        Err(e) => {
            notices.push(format!("The cloud cannot be shown: {e}."));
            None
        }
    };
    let over = match overlay(&settings.overlay, p.utility, settings.seed) {
        Ok(o) => o,
        Err(e) => {
            notices.push(format!("The overlay cannot be shown: {e}."));
            (None, Vec::new())
        }
    };
    let plot = hex_plot(&map, at, cloud.as_ref().map(|c| &c.summary), over);
    Ok(HexagonView {
        info,
        map,
        verdict,
        cloud,
        plot,
        notices,
    })
}

/// A slice with everything on it.
#[derive(Debug, Clone, PartialEq)]
pub struct SliceView {
    /// The slice shown.
    pub slice: Slice,
    /// The winner regions on it.
    pub map: WinnerMap,
    /// The verdict at the current matrix (margins of every entry, any number of classes).
    pub verdict: Verdict,
    /// The diagram.
    pub plot: SlicePlot,
}

/// The slice view: the settings' slice, or by default `U01` across and `U10` up around the
/// current matrix ([`Slice::around`]); its regions, the verdict (with the distance to the
/// nearest boundary on the slice when the current matrix lies in it), the diagram.
///
/// # Errors
/// An invalid slice for this matrix; no classifier; a classifier of another size.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_state::space::link::SpaceSettings;
/// use ulab_state::space::regions::Trivial;
/// use ulab_state::space::view::{slice_view, Problem};
/// let u = UtilityMatrix::identity(3).unwrap();
/// let cm = |s| ConfusionMatrix::parse(s, Orientation::OutputRows).unwrap();
/// let cl = vec![("P".to_string(), cm("40,2,9;6,10,1;3,1,20")), ("Q".to_string(), cm("30,1,1;12,12,2;7,0,27"))];
/// let p = Problem { utility: &u, classifiers: &cl, classes: &[], decisions: &[] };
/// let v = slice_view(&p, &SpaceSettings::default(), Trivial::Auto).unwrap();
/// assert_eq!((v.slice.x.row, v.slice.x.col, v.slice.y.row, v.slice.y.col), (0, 1, 1, 0));
/// assert_eq!(v.verdict.margins.len(), 9);
/// ```
pub fn slice_view(
    p: &Problem,
    settings: &SpaceSettings,
    trivial: Trivial,
) -> Result<SliceView, SpaceError> {
    let slice = match settings.slice {
        Some(s) => {
            s.check(p.utility.matrix())?;
            s
        }
        None => Slice::around(p.utility.matrix(), (0, 1), (1, 0))?,
    };
    let cs = contestants(p.utility, p.classifiers, trivial, p.decisions)?;
    let map = slice_map(p.utility, cs.clone(), &slice)?;
    let plot = slice_plot(&map, &slice, p.utility, p.decisions, p.classes);
    let (ax, ay) = (
        cell_name(slice.x.row, slice.x.col),
        cell_name(slice.y.row, slice.y.col),
    );
    let verdict = verdict(
        p.utility,
        &cs,
        p.decisions,
        p.classes,
        plot.current.map(|point| Diagram {
            map: &map,
            point,
            axes: (&ax, &ay),
        }),
    )?;
    Ok(SliceView {
        slice,
        map,
        verdict,
        plot,
    })
}
