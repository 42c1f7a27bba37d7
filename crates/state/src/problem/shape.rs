//! The shape rule of a problem, written once: **2 to [`MAX_CLASSES`] classes (the utility
//! matrix's columns), at least one decision per class and at most [`MAX_DECISIONS`] decisions
//! (its rows), and at most [`MAX_CELLS`] confusion-matrix cells over all classifiers.** The
//! link decoder, the state file reader, the edits and the utility editor all ask [`Shape`].

use std::fmt;
use ulab_core::limits::MAX_CELLS;

/// The most classes.
pub const MAX_CLASSES: usize = ulab_core::limits::MAX_CLASSES;

/// The most decisions (rows of the utility matrix).
pub const MAX_DECISIONS: usize = ulab_core::limits::MAX_DECISIONS;

/// The numbers of decisions and classes of a problem, checked against the rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    decisions: usize,
    classes: usize,
}

/// Why a shape breaks the rule: one sentence for the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeError {
    /// Fewer than 2 classes.
    TooFewClasses,
    /// Fewer decisions than classes.
    TooFewDecisions {
        /// The number of classes.
        n: usize,
    },
    /// More than [`MAX_CLASSES`] classes.
    TooManyClasses,
    /// More than [`MAX_DECISIONS`] decisions.
    TooManyDecisions,
    /// The classifiers' matrices would hold more than [`MAX_CELLS`] cells.
    TooManyCells {
        /// Classifiers.
        classifiers: usize,
        /// Classes.
        n: usize,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::TooFewClasses => {
                write!(f, "the utility matrix needs at least 2 classes (columns)")
            }
            ShapeError::TooFewDecisions { n } => write!(
                f,
                "the utility matrix needs at least one decision per class ({n} rows)"
            ),
            ShapeError::TooManyClasses => write!(f, "at most {MAX_CLASSES} classes"),
            ShapeError::TooManyDecisions => write!(f, "at most {MAX_DECISIONS} decisions"),
            ShapeError::TooManyCells { classifiers, n } => write!(
                f,
                "{classifiers} classifiers of {n} classes hold {} cells, more than the {MAX_CELLS} \
                 supported",
                classifiers * n * n
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

impl Shape {
    /// Checks `decisions × classes` against the rule.
    ///
    /// # Errors
    /// The first part of the rule broken, classes first.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::problem::{Shape, ShapeError};
    /// assert!(Shape::new(3, 2).is_ok()); // an extra decision ("refer")
    /// assert_eq!(Shape::new(1, 2), Err(ShapeError::TooFewDecisions { n: 2 }));
    /// assert_eq!(Shape::new(2, 1), Err(ShapeError::TooFewClasses));
    /// assert_eq!(Shape::new(101, 101), Err(ShapeError::TooManyClasses));
    /// ```
    pub fn new(decisions: usize, classes: usize) -> Result<Shape, ShapeError> {
        if classes < 2 {
            return Err(ShapeError::TooFewClasses);
        }
        if classes > MAX_CLASSES {
            return Err(ShapeError::TooManyClasses);
        }
        if decisions < classes {
            return Err(ShapeError::TooFewDecisions { n: classes });
        }
        if decisions > MAX_DECISIONS {
            return Err(ShapeError::TooManyDecisions);
        }
        Ok(Shape { decisions, classes })
    }

    /// The number of decisions.
    pub fn decisions(&self) -> usize {
        self.decisions
    }

    /// The number of classes.
    pub fn classes(&self) -> usize {
        self.classes
    }

    /// Checks that `classifiers` confusion matrices of this shape's classes fit in
    /// [`MAX_CELLS`].
    ///
    /// # Errors
    /// [`ShapeError::TooManyCells`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::problem::Shape;
    /// let s = Shape::new(100, 100).unwrap();
    /// assert!(s.check_cells(10).is_ok() && s.check_cells(11).is_err()); // 10⁵ cells at most
    /// ```
    pub fn check_cells(&self, classifiers: usize) -> Result<(), ShapeError> {
        if classifiers.saturating_mul(self.classes * self.classes) > MAX_CELLS {
            return Err(ShapeError::TooManyCells {
                classifiers,
                n: self.classes,
            });
        }
        Ok(())
    }

    /// Checks that `classifiers` confusion matrices and `decided` decision × class matrices
    /// (`n_d × n` each) fit in [`MAX_CELLS`].
    ///
    /// # Errors
    /// [`ShapeError::TooManyCells`] (naming all the classifiers).
    pub fn check_decided_cells(
        &self,
        classifiers: usize,
        decided: usize,
    ) -> Result<(), ShapeError> {
        let cells = classifiers.saturating_mul(self.classes * self.classes);
        let more = decided.saturating_mul(self.decisions * self.classes);
        if cells.saturating_add(more) > MAX_CELLS {
            return Err(ShapeError::TooManyCells {
                classifiers: classifiers + decided,
                n: self.classes,
            });
        }
        Ok(())
    }

    /// The most classifiers whose matrices fit in [`MAX_CELLS`] at this number of classes.
    pub fn max_classifiers(&self) -> usize {
        MAX_CELLS / (self.classes * self.classes)
    }

    /// The most classes `k` classifiers' matrices allow (at least 2, at most
    /// [`MAX_CLASSES`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::problem::Shape;
    /// assert_eq!(Shape::max_classes_for(1), 100);
    /// assert_eq!(Shape::max_classes_for(2_000_000), 2);
    /// ```
    pub fn max_classes_for(classifiers: usize) -> usize {
        let k = classifiers.max(1);
        (2..=MAX_CLASSES)
            .take_while(|m| k.saturating_mul(m * m) <= MAX_CELLS)
            .last()
            .unwrap_or(2)
    }
}
