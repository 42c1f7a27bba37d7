//! The colours a link fixes: `theme=light` or `theme=dark` ([`FixedTheme`]), so that a course
//! page that embeds a view gets the colours it expects whatever the reader's scheme (issue 28,
//! item 9). Without the key the page follows the reader (the system's preference, or the
//! header's toggle). Honoured in embed mode and in the full app; links the app writes keep it.

use crate::link::error::LinkError;
use crate::link::key::Key;
use serde::{Deserialize, Serialize};

/// The colour scheme a link fixes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FixedTheme {
    Light,
    Dark,
}

impl FixedTheme {
    /// The value in links (`theme=dark`).
    pub fn key(self) -> &'static str {
        match self {
            FixedTheme::Light => "light",
            FixedTheme::Dark => "dark",
        }
    }

    /// The fixed theme a link's value names: `Some(None)` for `system` (follow the reader, as
    /// without the key), `None` for anything else.
    ///
    /// ```
    /// use ulab_state::theme::FixedTheme;
    /// assert_eq!(FixedTheme::from_key(" dark "), Some(Some(FixedTheme::Dark)));
    /// assert_eq!(FixedTheme::from_key("system"), Some(None));
    /// assert_eq!(FixedTheme::from_key("blue"), None);
    /// ```
    pub fn from_key(value: &str) -> Option<Option<FixedTheme>> {
        match value.trim() {
            "light" => Some(Some(FixedTheme::Light)),
            "dark" => Some(Some(FixedTheme::Dark)),
            "system" | "auto" => Some(None),
            _ => None,
        }
    }
}

/// The theme's key: `theme=light|dark` (absent: the reader's colours).
pub const LINK_KEYS: [Key; 1] = [Key::value(
    "theme",
    "`light`, `dark`",
    "fixes the colours, whatever the reader's scheme (default: the reader's; for embeds)",
    |v, s| {
        s.theme =
            FixedTheme::from_key(v).ok_or_else(|| LinkError::rejected(v, 20, "light or dark"))?;
        Ok(())
    },
    |s, out| {
        if let Some(t) = s.theme {
            out.push(format!("theme={}", t.key()))
        }
    },
)];
