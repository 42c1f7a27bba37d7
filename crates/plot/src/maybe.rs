//! A plot that may be missing ([`MaybePlot`]): a panel whose plot cannot be drawn (a grid that
//! failed, no two classes) hides its canvas instead of drawing an error.

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingBackend};

use crate::{Plot, PlotTable, Theme};

/// A plot that may be missing: `None` draws nothing, is 1 px high, and has no table and no key
/// numbers; `Some(p)` is `p`.
#[derive(Debug, Clone, PartialEq)]
pub struct MaybePlot<P>(pub Option<P>);

impl<P: Plot> Plot for MaybePlot<P> {
    fn draw_on<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        theme: &Theme,
    ) -> Result<(), String> {
        match &self.0 {
            Some(p) => p.draw_on(root, theme),
            None => Ok(()),
        }
    }

    fn height_for(&self, width: u32) -> u32 {
        self.0.as_ref().map_or(1, |p| p.height_for(width))
    }

    fn table(&self) -> PlotTable {
        self.0.as_ref().map(|p| p.table()).unwrap_or_default()
    }

    fn summary(&self) -> String {
        self.0.as_ref().map(|p| p.summary()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotters::prelude::{IntoDrawingArea, SVGBackend};

    /// A plot that says what it is.
    #[derive(Debug, Clone, PartialEq)]
    struct Square;

    impl Plot for Square {
        fn draw_on<DB: DrawingBackend>(
            &self,
            _root: &DrawingArea<DB, Shift>,
            _theme: &Theme,
        ) -> Result<(), String> {
            Err("drawn".into())
        }
        fn height_for(&self, width: u32) -> u32 {
            width
        }
        fn table(&self) -> PlotTable {
            PlotTable {
                caption: "square".into(),
                ..PlotTable::default()
            }
        }
        fn summary(&self) -> String {
            "a square".into()
        }
    }

    fn draw(p: &impl Plot) -> Result<(), String> {
        let mut svg = String::new();
        let root = SVGBackend::with_string(&mut svg, (10, 10)).into_drawing_area();
        p.draw_on(&root, &Theme::default())
    }

    #[test]
    fn a_plot_is_itself() {
        let p = MaybePlot(Some(Square));
        assert_eq!(p.height_for(300), 300);
        assert_eq!(p.table().caption, "square");
        assert_eq!(p.summary(), "a square");
        assert_eq!(draw(&p), Err("drawn".into()));
    }

    #[test]
    fn no_plot_draws_nothing() {
        let p = MaybePlot::<Square>(None);
        assert_eq!(p.height_for(300), 1);
        assert_eq!(p.table(), PlotTable::default());
        assert_eq!(p.summary(), "");
        assert_eq!(draw(&p), Ok(()));
    }
}
