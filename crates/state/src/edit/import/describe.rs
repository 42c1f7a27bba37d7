//! Stage 4 of an import: one sentence on what was done.

use super::place::Placed;
use crate::edit::values::{Values, values_of};
use ulab_core::text::shortest;

/// "Added classifier 'C' from labels (100 items); the classes are now cat, dog."
///
/// # Examples
///
/// ```
/// use ulab_core::Matrix;
/// use ulab_state::edit::import::classes::Source;
/// use ulab_state::edit::import::describe::describe;
/// use ulab_state::edit::import::place::Placed;
/// use ulab_state::AppState;
/// let placed = Placed {
///     state: AppState::default(),
///     index: 1,
///     name: "B".into(),
///     replaced: true,
///     source: Source::Matrix,
///     notes: vec!["rows and columns matched to the classes by name".into()],
/// };
/// assert_eq!(
///     describe(&placed),
///     "Replaced classifier 'B' from matrix (100 items); rows and columns matched to the classes by name."
/// );
/// ```
pub fn describe(placed: &Placed) -> String {
    let items = match placed.state.classifiers().get(placed.index) {
        Some(c) => match values_of(&c.matrix) {
            Values::Counts { total } => format!("{} items", shortest(total)),
            Values::Fractions { .. } => "fractions".to_string(),
        },
        None => "fractions".to_string(),
    };
    let verb = if placed.replaced { "Replaced" } else { "Added" };
    let mut message = format!(
        "{verb} classifier '{}' from {} ({items})",
        placed.name,
        placed.source.word()
    );
    for note in &placed.notes {
        message.push_str("; ");
        message.push_str(note);
    }
    message.push('.');
    message
}

#[cfg(test)]
mod tests {
    use super::super::classes::Source;
    use super::*;
    use crate::presets;

    #[test]
    fn counts_or_fractions() {
        let mut placed = Placed {
            state: presets::factory(),
            index: 0,
            name: "A".into(),
            replaced: false,
            source: Source::Labels,
            notes: Vec::new(),
        };
        assert_eq!(
            describe(&placed),
            "Added classifier 'A' from labels (100 items)."
        );
        placed
            .state
            .change_problem(|p| {
                p.classifiers[0].matrix = ulab_core::Matrix::parse("0.5,0;0,0.5").unwrap()
            })
            .unwrap();
        assert_eq!(
            describe(&placed),
            "Added classifier 'A' from labels (fractions)."
        );
    }
}
