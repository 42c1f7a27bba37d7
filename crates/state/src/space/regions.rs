//! Which classifier yields the most where: the contestants (the user's classifiers, and the
//! trivial "always decide d" ones), their exact winner regions on the hexagon of fig. 1 or on a
//! slice ([`WinnerMap`]), and the winner grid as CSV.
//!
//! **Ties** are drawn in the colour of the contestant listed first. The trivial contestants
//! are listed before the user's classifiers, so a classifier gets its colour only where it does
//! *strictly* better than always deciding the same thing; and among identical classifiers the
//! first one named shows (the others have no region, and the legend lists them as never best).

use super::SpaceError;
use ulab_core::space::field::{AffineField, BoundaryEdge, Piece};
use ulab_core::space::{self, Point};
use ulab_core::text;
use ulab_core::{ConfusionMatrix, Matrix, UtilityMatrix};

/// What a contestant is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The user's classifier number `i` (in the order given).
    Classifier(usize),
    /// The trivial classifier that always takes decision `d`.
    Always(usize),
}

/// One contender for "highest yield": a name and a normalized confusion matrix with one row
/// per decision (`n_d × n_c`; rows of decisions a classifier never outputs are 0).
#[derive(Debug, Clone, PartialEq)]
pub struct Contestant {
    /// The name shown (the classifier's, or "always <decision>").
    pub name: String,
    /// What it is.
    pub kind: Kind,
    /// `C_ij`: share of items decided `i` whose true class is `j`; sums to 1.
    pub confusion: Matrix,
}

/// Whether the trivial "always decide d" classifiers take part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Trivial {
    /// Only when there is a single classifier: then the regions say where it beats every
    /// "always decide d", and which one beats it elsewhere.
    #[default]
    Auto,
    /// Always.
    Include,
    /// Never.
    Exclude,
}

/// The contestants for utility matrix `u` (its shape gives the decisions): the trivial ones
/// first (if `trivial` says so; with the class shares of the first classifier, `C_dj = f_j` on
/// row `d`), then the classifiers, normalized (`C = M/N`) and padded with zero rows for
/// decisions beyond the classes. `decisions` names the decisions (missing names: the index).
///
/// # Errors
/// No classifier; a classifier whose classes differ from `u`'s columns.
///
/// # Examples
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_state::space::regions::{contestants, Kind, Trivial};
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
/// let names = ["long".to_string(), "short".to_string()];
/// let c = contestants(&u, &[("A".into(), a)], Trivial::Auto, &names).unwrap();
/// assert_eq!(c.len(), 3);
/// assert_eq!((c[0].name.as_str(), c[0].kind), ("always long", Kind::Always(0)));
/// assert_eq!(c[0].confusion.to_string(), "0.5,0.5;0,0");
/// assert_eq!(c[2].confusion.to_string(), "0.27,0.15;0.23,0.35");
/// ```
pub fn contestants(
    u: &UtilityMatrix,
    classifiers: &[(String, ConfusionMatrix)],
    trivial: Trivial,
    decisions: &[String],
) -> Result<Vec<Contestant>, SpaceError> {
    let (nd, nc) = (u.n_decisions(), u.n_classes());
    let first = classifiers.first().ok_or(SpaceError::NoClassifier)?;
    let mut out = Vec::new();
    let with_trivial = match trivial {
        Trivial::Auto => classifiers.len() == 1,
        Trivial::Include => true,
        Trivial::Exclude => false,
    };
    let shares = first.1.class_shares();
    if with_trivial && shares.len() == nc {
        for d in 0..nd {
            let mut m = vec![0.0; nd * nc];
            m[d * nc..(d + 1) * nc].copy_from_slice(&shares);
            let name = decisions.get(d).cloned().unwrap_or_else(|| d.to_string());
            out.push(Contestant {
                name: format!("always {name}"),
                kind: Kind::Always(d),
                confusion: Matrix::new(nd, nc, m)?,
            });
        }
    }
    for (i, (name, cm)) in classifiers.iter().enumerate() {
        if cm.n() != nc || cm.n() > nd {
            return Err(SpaceError::Mismatch {
                name: name.clone(),
                found: cm.n(),
                expected: nc,
            });
        }
        let c = cm.normalized();
        let mut m = vec![0.0; nd * nc];
        m[..nc * nc].copy_from_slice(c.data());
        out.push(Contestant {
            name: name.clone(),
            kind: Kind::Classifier(i),
            confusion: Matrix::new(nd, nc, m)?,
        });
    }
    Ok(out)
}

/// The exact winner regions of some contestants over a plane of utility matrices: the hexagon
/// of fig. 1 ([`hexagon_map`]) or a 2-D slice ([`super::slice::slice_map`]).
#[derive(Debug, Clone, PartialEq)]
pub struct WinnerMap {
    /// The contestants, in tie-breaking order.
    pub contestants: Vec<Contestant>,
    /// Their yields over the plane.
    pub field: AffineField,
    /// The regions' convex pieces.
    pub pieces: Vec<Piece>,
    /// The boundaries between regions.
    pub edges: Vec<BoundaryEdge>,
    /// Each contestant's share of the plane's area (0 … 1). On the hexagon this is the
    /// probability that it is best under the uniform prior of Dyrland et al. 2022, §4.2 (i).
    pub shares: Vec<f64>,
}

impl WinnerMap {
    /// The map of `field` for `contestants` (same order): regions, boundaries, shares.
    pub(crate) fn new(contestants: Vec<Contestant>, field: AffineField) -> WinnerMap {
        let pieces = field.regions();
        let edges = field.boundaries(&pieces);
        let total: f64 = field.cells().iter().map(|c| c.polygon.area()).sum();
        let mut shares = vec![0.0; contestants.len()];
        for p in &pieces {
            shares[p.contestant] += p.polygon.area() / total;
        }
        WinnerMap {
            contestants,
            field,
            pieces,
            edges,
            shares,
        }
    }

    /// The best contestant at `p` (ties: the first), `None` outside the plane.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
    /// use ulab_state::space::regions::{contestants, hexagon_map, Trivial};
    /// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
    /// let cm = |s| ConfusionMatrix::parse(s, Orientation::OutputRows).unwrap();
    /// let cs = contestants(&u, &[("A".into(), cm("27,15;23,35")), ("B".into(), cm("43,18;7,32"))],
    ///     Trivial::Auto, &[]).unwrap();
    /// let map = hexagon_map(cs).unwrap();
    /// assert_eq!(map.winner_at((0.3, -0.6)), Some(0)); // A at the factory matrix
    /// assert_eq!(map.winner_at((0.0, 0.0)), Some(1)); // B at accuracy's
    /// ```
    pub fn winner_at(&self, p: Point) -> Option<usize> {
        self.field.winner_at(p)
    }

    /// The winner grid as CSV rows (for [`ulab_csv::write`]): a header
    /// `x_name, y_name, best, <yield of each contestant>…`, then one row per grid point inside
    /// the plane (an `nx × ny` grid over its bounding box, [`AffineField::grid`]), numbers by
    /// [`text::exported`]. The yields are in the plane's units (on the hexagon: eq. 12's, worst
    /// outcome 0 and best 1).
    ///
    /// # Errors
    /// `nx` or `ny` not in `1 … 2000`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
    /// use ulab_state::space::regions::{contestants, hexagon_map, Trivial};
    /// let u = UtilityMatrix::parse("1,0;0,1").unwrap();
    /// let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
    /// let map = hexagon_map(contestants(&u, &[("A".into(), a)], Trivial::Exclude, &[]).unwrap()).unwrap();
    /// let rows = map.grid_csv("x", "y", 2, 2).unwrap();
    /// assert_eq!(rows[0], vec!["x", "y", "best", "yield A"]);
    /// assert_eq!(rows[1], vec!["-0.5", "-0.5", "A", "0.56"]); // 0.27 + 0.5·0.23 + 0.5·0.35
    /// assert_eq!(rows.len(), 5);
    /// ```
    pub fn grid_csv(
        &self,
        x_name: &str,
        y_name: &str,
        nx: usize,
        ny: usize,
    ) -> Result<Vec<Vec<String>>, SpaceError> {
        let grid = self.field.grid(nx, ny)?;
        let mut rows = vec![
            [x_name.to_string(), y_name.to_string(), "best".to_string()]
                .into_iter()
                .chain(self.contestants.iter().map(|c| format!("yield {}", c.name)))
                .collect::<Vec<_>>(),
        ];
        for row in 0..ny {
            for col in 0..nx {
                let Some(w) = grid.winners[row * nx + col] else {
                    continue;
                };
                let p = grid.point(col, row);
                let values = self.field.values_at(p).unwrap_or_default();
                let mut r = vec![
                    text::exported(p.0),
                    text::exported(p.1),
                    self.contestants[w].name.clone(),
                ];
                r.extend(values.iter().map(|v| text::exported(*v)));
                rows.push(r);
            }
        }
        Ok(rows)
    }
}

/// The winner map on the hexagon of fig. 1 for binary contestants
/// ([`space::hexagon_field`]): exact regions, boundaries (polylines bending on the axes), and
/// each one's share of the hexagon.
///
/// # Errors
/// No contestant, or one that is not 2 × 2 ([`SpaceError::NotBinary`]).
///
/// # Examples
///
/// The factory's A and B: B is best on most of the space (including accuracy's centre), A in
/// the wedge towards the lower right, where missing a "long" component costs little.
///
/// ```
/// use ulab_core::{ConfusionMatrix, Orientation, UtilityMatrix};
/// use ulab_state::space::regions::{contestants, hexagon_map, Trivial};
/// let u = UtilityMatrix::parse("15,-335;-35,165").unwrap();
/// let cm = |s| ConfusionMatrix::parse(s, Orientation::OutputRows).unwrap();
/// let cs = contestants(&u, &[("A".into(), cm("27,15;23,35")), ("B".into(), cm("43,18;7,32"))],
///     Trivial::Exclude, &[]).unwrap();
/// let map = hexagon_map(cs).unwrap();
/// assert!(map.shares[1] > 0.8 && (map.shares[0] + map.shares[1] - 1.0).abs() < 1e-12);
/// ```
pub fn hexagon_map(contestants: Vec<Contestant>) -> Result<WinnerMap, SpaceError> {
    let mut c = Vec::with_capacity(contestants.len());
    for k in &contestants {
        let m = &k.confusion;
        if m.rows() != 2 || m.cols() != 2 {
            return Err(SpaceError::NotBinary {
                decisions: m.rows(),
                classes: m.cols(),
            });
        }
        c.push([m.get(0, 0), m.get(0, 1), m.get(1, 0), m.get(1, 1)]);
    }
    if c.is_empty() {
        return Err(SpaceError::NoClassifier);
    }
    let field = space::hexagon_field(&c)?;
    Ok(WinnerMap::new(contestants, field))
}
