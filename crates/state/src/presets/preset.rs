//! A preset: a named example that opens as a link (the lists are the presets module's and
//! each view's own).

/// A named example that opens as a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    /// Short id (used for test ids and the menu).
    pub id: &'static str,
    /// Menu label.
    pub label: &'static str,
    /// One sentence on what it shows.
    pub description: &'static str,
    /// The link fragment (without `#`).
    pub fragment: &'static str,
}
