//! Whether a confusion matrix holds counts of test items or fractions.

use ulab_core::Matrix;

/// What a confusion matrix's values are, for the card's status line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Values {
    /// Whole numbers with a total `N > 1`: counts of test items.
    Counts {
        /// The number of test items `N`.
        total: f64,
    },
    /// Anything else: fractions (or rates), read relative to their sum.
    Fractions {
        /// Their sum (1 for a normalized matrix).
        sum: f64,
    },
}

/// Whether `m` holds counts or fractions (the rule the analysis uses for totals).
///
/// # Examples
///
/// ```
/// use ulab_core::Matrix;
/// use ulab_state::edit::{values_of, Values};
/// assert_eq!(values_of(&Matrix::parse("27,15;23,35").unwrap()), Values::Counts { total: 100.0 });
/// assert!(matches!(values_of(&Matrix::parse("0.27,0.15;0.23,0.35").unwrap()), Values::Fractions { .. }));
/// ```
pub fn values_of(m: &Matrix) -> Values {
    let sum = m.sum();
    if m.data().iter().all(|v| v.fract() == 0.0) && sum > 1.0 {
        Values::Counts { total: sum }
    } else {
        Values::Fractions { sum }
    }
}
