//! Whether the app's problem fits a probabilities file: the utility matrix's columns are the
//! file's classes, in the file's order. When they do not, the view says how and offers to
//! make the problem fit ([`fitted_problem`]).

use crate::ProblemFields;
use ulab_core::Matrix;

/// How the app's classes stand against the file's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fit {
    /// The same classes, in the same order.
    Same,
    /// As many classes, named otherwise (or in another order): the utility matrix's columns
    /// are read in the file's order.
    Renamed,
    /// Another number of classes: no decision can be computed.
    Size {
        /// The file's classes.
        file: usize,
        /// The app's.
        app: usize,
    },
}

/// How `app` (the problem's class names) stands against `file` (the file's).
///
/// # Examples
///
/// ```
/// use ulab_state::probs::fit::{fit, Fit};
/// let v = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
/// assert_eq!(fit(&v("ok,bad"), &v("ok,bad")), Fit::Same);
/// assert_eq!(fit(&v("ok,bad"), &v("long,short")), Fit::Renamed);
/// assert_eq!(fit(&v("a,b,c"), &v("long,short")), Fit::Size { file: 3, app: 2 });
/// ```
pub fn fit(file: &[String], app: &[String]) -> Fit {
    if file == app {
        Fit::Same
    } else if file.len() == app.len() {
        Fit::Renamed
    } else {
        Fit::Size {
            file: file.len(),
            app: app.len(),
        }
    }
}

/// The problem `current` made to fit the file's classes `file`: with as many classes, the
/// classes renamed (and the decisions that were named after them), the utilities kept; with
/// another number, the file's classes, one decision per class and the identity utilities (the
/// yield is then the accuracy: edit them), no classifiers (theirs would not fit).
///
/// # Examples
///
/// ```
/// use ulab_state::AppState;
/// use ulab_state::probs::fit::fitted_problem;
/// let v = |s: &str| s.split(',').map(String::from).collect::<Vec<_>>();
/// let s = AppState::default(); // the factory: long, short
/// let p = fitted_problem(s.problem.fields(), &v("ok,bad"));
/// assert_eq!((p.classes, p.decisions, p.utility.to_string()), (v("ok,bad"), v("ok,bad"), "15,-335;-35,165".into()));
/// let p = fitted_problem(s.problem.fields(), &v("a,b,c"));
/// assert_eq!((p.utility.to_string(), p.classifiers.len()), ("1,0,0;0,1,0;0,0,1".into(), 0));
/// ```
pub fn fitted_problem(mut current: ProblemFields, file: &[String]) -> ProblemFields {
    let n = file.len();
    if current.classes.len() == n {
        for ((d, c), f) in current.decisions.iter_mut().zip(&current.classes).zip(file) {
            if d == c {
                *d = f.clone();
            }
        }
        current.classes = file.to_vec();
        return current;
    }
    ProblemFields {
        classes: file.to_vec(),
        decisions: file.to_vec(),
        utility: Matrix::identity(n.max(2)).unwrap_or(current.utility),
        classifiers: Vec::new(),
        decided: Vec::new(),
    }
}
