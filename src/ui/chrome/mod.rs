//! The app's chrome: the header with the views and the theme, the footer, the link notices
//! and the toast, and the share bar (presets, links, embed code, state files).

pub mod footer;
pub mod header;
pub mod notices;
pub mod share_bar;
pub mod view_nav;
