//! What the Utility space view shows for an app state, and what it does under the pointer and
//! the arrow keys ([`Model`], built by [`model_of`]); what the panel beside the diagram reads
//! ([`Reading`], [`reading`]). The page only wires these to its signals.

use super::SpaceError;
use super::plots::{hex_plot, slice_plot};
use super::point::{matrix_at, moved, point_info};
use super::regions::{Trivial, WinnerMap};
use super::verdict::{Diagram, Verdict, verdict};
use super::view::{CloudView, HexagonView, Problem, SliceView, hexagon_view, slice_view};
use crate::AppState;
use ulab_core::space::Point;
use ulab_core::text::{exported, parse_number};
use ulab_core::{ConfusionMatrix, Matrix, UtilityMatrix};
use ulab_plot::space::SpacePlot;
use ulab_plot::space::frame::Frame;

/// How near the point (CSS px) a touch must start to move it: a fingertip, half of the 48 px
/// of a touch target, and a little.
pub const GRAB_PX: f64 = 28.0;

/// The notice after the view changed the app's utility matrix: what it was, what it is.
///
/// # Examples
///
/// ```
/// use ulab_core::Matrix;
/// use ulab_state::space::model::changed_sentence;
/// let (a, b) = (Matrix::parse("15,-335;-35,165").unwrap(), Matrix::parse("40,-169;-335,165").unwrap());
/// assert_eq!(changed_sentence(&a, &b), "The utility matrix of the whole app is now 40,-169;-335,165 (it was 15,-335;-35,165).");
/// ```
pub fn changed_sentence(before: &Matrix, after: &Matrix) -> String {
    format!("The utility matrix of the whole app is now {after} (it was {before}).")
}

/// The diagram the view shows.
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    /// Two classes, two decisions: the hexagon.
    Hexagon(Box<HexagonView>),
    /// Anything else: a slice.
    Slice(Box<SliceView>),
}

/// The view of an app state, with the problem it was computed from.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// The utility matrix in force.
    pub utility: UtilityMatrix,
    /// Class names.
    pub classes: Vec<String>,
    /// Decision names.
    pub decisions: Vec<String>,
    /// The diagram and what it says.
    pub shown: Shown,
}

/// The view of the state `s`: the hexagon for two classes and two decisions, else a slice.
///
/// # Errors
/// A slice that does not fit (its settings), or another reason the diagram cannot be drawn:
/// the message.
///
/// # Examples
///
/// ```
/// use ulab_state::AppState;
/// use ulab_state::space::model::{Shown, model_of};
/// let m = model_of(&AppState::default()).unwrap();
/// assert!(matches!(m.shown, Shown::Hexagon(_)));
/// assert!(m.point().is_some());
/// ```
pub fn model_of(s: &AppState) -> Result<Model, String> {
    let utility = s.utility_matrix().clone();
    let classifiers: Vec<(String, ConfusionMatrix)> = s
        .classifiers()
        .iter()
        .zip(s.problem.confusions())
        .map(|(c, m)| (c.name.clone(), m.clone()))
        .collect();
    let p = Problem {
        utility: &utility,
        classifiers: &classifiers,
        classes: s.classes(),
        decisions: s.decisions(),
    };
    let shown = match hexagon_view(&p, &s.space, Trivial::Auto) {
        Ok(v) => Shown::Hexagon(Box::new(v)),
        Err(SpaceError::NotBinary { .. }) => Shown::Slice(Box::new(
            slice_view(&p, &s.space, Trivial::Auto).map_err(|e| e.to_string())?,
        )),
        Err(e) => return Err(e.to_string()),
    };
    Ok(Model {
        utility,
        classes: s.classes().clone(),
        decisions: s.decisions().clone(),
        shown,
    })
}

/// A point being dragged: where, and the matrix it stands for.
#[derive(Debug, Clone, PartialEq)]
pub struct Live {
    /// The point.
    pub point: Point,
    /// Its matrix, on the user's scale.
    pub matrix: UtilityMatrix,
}

impl Model {
    /// Whether the diagram is the hexagon of two classes.
    pub fn is_hexagon(&self) -> bool {
        matches!(self.shown, Shown::Hexagon(_))
    }

    /// The current matrix's point in the diagram.
    pub fn point(&self) -> Option<Point> {
        match &self.shown {
            Shown::Hexagon(v) => v.info.as_ref().map(|i| i.xy),
            Shown::Slice(v) => v.plot.current,
        }
    }

    /// The utility matrix that point `p` of the diagram stands for (on the user's scale,
    /// rounded to a thousandth of the diagram's range).
    ///
    /// # Errors
    /// A point that stands for no matrix (outside the hexagon, a slice that does not fit).
    pub fn matrix_at(&self, p: Point) -> Result<UtilityMatrix, SpaceError> {
        match &self.shown {
            Shown::Hexagon(_) => matrix_at(&self.utility, p, 0.001),
            Shown::Slice(v) => {
                let step = |lo: f64, hi: f64, x: f64| {
                    let s = (hi - lo) / 1000.0;
                    let r = (x.clamp(lo, hi) / s).round() * s;
                    parse_number(&exported(r)).unwrap_or(r)
                };
                let q = (
                    step(v.slice.x.lo, v.slice.x.hi, p.0),
                    step(v.slice.y.lo, v.slice.y.hi, p.1),
                );
                v.slice.matrix_at(&self.utility, q)
            }
        }
    }

    /// The dragged point at `p` with its matrix, if `p` stands for one.
    pub fn live_at(&self, p: Point) -> Option<Live> {
        let matrix = self.matrix_at(p).ok()?;
        Some(Live { point: p, matrix })
    }

    /// The point of the diagram under pixel `q` of a canvas `width` CSS px wide, if `q` is on
    /// the plotting area (give or take 12 px).
    pub fn point_under(&self, width: f64, q: (f64, f64)) -> Option<Point> {
        let frame = self.frame(width);
        if !frame.contains_px(q, 12.0) {
            return None;
        }
        match &self.shown {
            Shown::Hexagon(_) => frame.hexagon_point(q),
            Shown::Slice(v) => {
                let (x, y) = frame.from_px(q);
                Some((
                    x.clamp(v.slice.x.lo, v.slice.x.hi),
                    y.clamp(v.slice.y.lo, v.slice.y.hi),
                ))
            }
        }
    }

    /// Where point `p` is drawn on a canvas `width` CSS px wide (CSS px from its top-left).
    pub fn px_of(&self, width: f64, p: Point) -> (f64, f64) {
        self.frame(width).to_px(p)
    }

    /// Whether pixel `q` of a canvas `width` CSS px wide is on the point `at` (within
    /// [`GRAB_PX`]): on a touch screen only a press there moves the point — anywhere else the
    /// finger scrolls the page.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::AppState;
    /// use ulab_state::space::model::model_of;
    /// let m = model_of(&AppState::default()).unwrap();
    /// let p = m.point().unwrap();
    /// let (x, y) = m.px_of(400.0, p);
    /// assert!(m.grabs(400.0, (x + 10.0, y - 10.0), p));
    /// assert!(!m.grabs(400.0, (x + 60.0, y), p));
    /// ```
    pub fn grabs(&self, width: f64, q: (f64, f64), at: Point) -> bool {
        let (x, y) = self.px_of(width, at);
        (q.0 - x).hypot(q.1 - y) <= GRAB_PX
    }

    /// The diagram's frame for a canvas `width` CSS px wide.
    pub fn frame(&self, width: f64) -> Frame {
        match &self.shown {
            Shown::Hexagon(v) => v.plot.frame(width),
            Shown::Slice(v) => v.plot.frame(width),
        }
    }

    /// One arrow-key step across and up: a hundredth of the hexagon's half-width, or of the
    /// slice's ranges.
    pub fn key_step(&self) -> (f64, f64) {
        match &self.shown {
            Shown::Hexagon(_) => (0.01, 0.01),
            Shown::Slice(v) => (
                (v.slice.x.hi - v.slice.x.lo) / 100.0,
                (v.slice.y.hi - v.slice.y.lo) / 100.0,
            ),
        }
    }

    /// The point `p` moved by `(dx, dy)`, kept in the diagram.
    pub fn moved(&self, p: Point, dx: f64, dy: f64) -> Option<Point> {
        match &self.shown {
            Shown::Hexagon(_) => moved(p, dx, dy),
            Shown::Slice(v) => Some((
                (p.0 + dx).clamp(v.slice.x.lo, v.slice.x.hi),
                (p.1 + dy).clamp(v.slice.y.lo, v.slice.y.hi),
            )),
        }
    }

    /// Where an arrow key `key` ("ArrowLeft", …) moves the point from `from` (the dragged
    /// point, else the current one): one [`Model::key_step`], ten with Shift (`fast`). `None`
    /// for another key, or a point that cannot move.
    pub fn key_move(&self, key: &str, fast: bool, from: Option<Point>) -> Option<Point> {
        let (dx, dy) = arrow(key)?;
        let factor = if fast { 10.0 } else { 1.0 };
        let (sx, sy) = self.key_step();
        let p = from.or(self.point())?;
        self.moved(p, dx * sx * factor, dy * sy * factor)
    }

    /// The verdict for matrix `u` at point `p` of the diagram (while dragging).
    ///
    /// # Errors
    /// A matrix the verdict cannot judge.
    pub fn verdict_at(&self, u: &UtilityMatrix, p: Point) -> Result<Verdict, SpaceError> {
        let map = self.map();
        let (x, y) = self.axes();
        verdict(
            u,
            &map.contestants,
            &self.decisions,
            &self.classes,
            Some(Diagram {
                map,
                point: p,
                axes: (&x, &y),
            }),
        )
    }

    /// The names of the diagram's axes: `x` and `y` on the hexagon, the varied entries on a
    /// slice.
    pub fn axes(&self) -> (String, String) {
        match &self.shown {
            Shown::Hexagon(_) => ("x".to_string(), "y".to_string()),
            Shown::Slice(v) => (v.plot.x_title.clone(), v.plot.y_title.clone()),
        }
    }

    /// The diagram with the current point at `p` (while dragging; the regions stay).
    pub fn plot_at(&self, p: Point, u: &UtilityMatrix) -> SpacePlot {
        match &self.shown {
            Shown::Hexagon(v) => SpacePlot::Hexagon(hex_plot(
                &v.map,
                Some(p),
                v.cloud.as_ref().map(|c| &c.summary),
                (v.plot.density.clone(), v.plot.groups.clone()),
            )),
            Shown::Slice(v) => SpacePlot::Slice(slice_plot(
                &v.map,
                &v.slice,
                u,
                &self.decisions,
                &self.classes,
            )),
        }
    }

    /// The diagram as computed.
    pub fn plot(&self) -> SpacePlot {
        match &self.shown {
            Shown::Hexagon(v) => SpacePlot::Hexagon(v.plot.clone()),
            Shown::Slice(v) => SpacePlot::Slice(v.plot.clone()),
        }
    }

    /// The diagram, with the point where it is dragged if it is.
    pub fn plot_live(&self, live: Option<&Live>) -> SpacePlot {
        match live {
            Some(l) => self.plot_at(l.point, &l.matrix),
            None => self.plot(),
        }
    }

    /// The verdict at the current matrix.
    pub fn verdict(&self) -> &Verdict {
        match &self.shown {
            Shown::Hexagon(v) => &v.verdict,
            Shown::Slice(v) => &v.verdict,
        }
    }

    /// The cloud of uncertain utilities with the contestants' names (the hexagon only).
    pub fn cloud(&self) -> Option<(CloudView, Vec<String>)> {
        match &self.shown {
            Shown::Hexagon(v) => v.cloud.clone().map(|c| {
                let names = v.map.contestants.iter().map(|c| c.name.clone()).collect();
                (c, names)
            }),
            Shown::Slice(_) => None,
        }
    }

    /// The winner map.
    pub fn map(&self) -> &WinnerMap {
        match &self.shown {
            Shown::Hexagon(v) => &v.map,
            Shown::Slice(v) => &v.map,
        }
    }

    /// The winner grid (`n × n` points of the diagram, its axes named) as CSV text.
    ///
    /// # Errors
    /// A grid the map cannot sample.
    pub fn grid_csv(&self, n: usize) -> Result<String, SpaceError> {
        let (x, y) = self.axes();
        self.map()
            .grid_csv(&x, &y, n, n)
            .map(|rows| ulab_csv::write(&rows))
    }

    /// The share of the diagram's area where each contestant is best.
    pub fn area_shares(&self) -> Vec<f64> {
        let map = self.map();
        let mut areas = vec![0.0; map.contestants.len()];
        for p in &map.pieces {
            if let Some(a) = areas.get_mut(p.contestant) {
                *a += p.polygon.area().abs();
            }
        }
        let total: f64 = areas.iter().sum();
        if total > 0.0 {
            areas.iter().map(|a| a / total).collect()
        } else {
            areas
        }
    }
}

/// The direction of an arrow key (`"ArrowLeft"`, …), `(across, up)`; `None` for another key.
pub fn arrow(key: &str) -> Option<(f64, f64)> {
    match key {
        "ArrowLeft" => Some((-1.0, 0.0)),
        "ArrowRight" => Some((1.0, 0.0)),
        "ArrowUp" => Some((0.0, 1.0)),
        "ArrowDown" => Some((0.0, -1.0)),
        _ => None,
    }
}

/// What the panel beside the diagram shows for the current or the dragged matrix.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The matrix's rows, on the user's scale.
    pub typed: Vec<Vec<f64>>,
    /// In the matrix syntax.
    pub syntax: String,
    /// Normalized and its point (the hexagon only).
    pub normalized: Option<(String, String)>,
    /// The verdict.
    pub verdict: Verdict,
    /// Names of the contestants.
    pub names: Vec<String>,
    /// Share of the diagram where each contestant is best.
    pub shares: Vec<f64>,
    /// Whether the point is being dragged.
    pub live: bool,
}

/// What the panel shows for `m`, with the point dragged to `live` if it is; `None` when the
/// dragged matrix cannot be judged.
pub fn reading(m: &Model, live: Option<&Live>) -> Option<Reading> {
    let (u, verdict) = match live {
        Some(l) => (l.matrix.clone(), m.verdict_at(&l.matrix, l.point).ok()?),
        None => (m.utility.clone(), m.verdict().clone()),
    };
    let normalized = match &m.shown {
        Shown::Hexagon(_) => point_info(&u)
            .ok()
            .map(|i| (i.normalized_text(), i.coordinates_text())),
        Shown::Slice(_) => None,
    };
    Some(Reading {
        typed: u.matrix().to_rows(),
        syntax: u.matrix().to_string(),
        normalized,
        verdict,
        names: m.map().contestants.iter().map(|c| c.name.clone()).collect(),
        shares: m.area_shares(),
        live: live.is_some(),
    })
}
