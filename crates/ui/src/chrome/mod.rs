//! The app's chrome: the header with the views and the theme, the footer, the link notices
//! and the toast, the share bar (presets, links, embed code, state files), the head of a
//! view ([`view_intro`]), and the printed page's link and QR code ([`print_link`]).

pub mod footer;
pub mod header;
pub mod notices;
pub mod print_link;
pub mod share_bar;
pub mod view_intro;
pub mod view_nav;
