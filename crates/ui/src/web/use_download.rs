//! [`use_download`]: saving a file the page made (a CSV table, a plot's SVG or PNG, the state's
//! JSON), saying on the page when the browser refuses.

use super::export::{download_text, download_url};
use crate::context::{AppContext, use_app};

/// Saves files made on the page as downloads ([`super::export`]); a download the browser
/// refuses is said in the toast ([`AppContext::say`]), never lost. Copy: call it once in a
/// component, use it in any of its handlers.
///
/// ```ignore
/// let download = use_download();
/// let export = move |_| download.csv("utility-yields.csv", &yields_csv(&state, &analysis));
/// view! { <CsvButton on_click=export testid="export-yields-csv" /> }
/// ```
#[derive(Clone, Copy)]
pub struct Download {
    ctx: AppContext,
}

/// The [`Download`] of the app's context.
pub fn use_download() -> Download {
    Download { ctx: use_app() }
}

impl Download {
    /// Offers `text` as a file `name` of MIME type `mime`.
    pub fn text(&self, name: &str, mime: &str, text: &str) {
        self.said(download_text(name, mime, text));
    }

    /// Offers `text` as a CSV file `name`.
    pub fn csv(&self, name: &str, text: &str) {
        self.text(name, "text/csv", text);
    }

    /// Offers an SVG document as a file `name`.
    pub fn svg(&self, name: &str, svg: &str) {
        self.text(name, "image/svg+xml", svg);
    }

    /// Offers what `make` gives, a `data:` URL (a canvas's PNG), as a file `name`; if `make`
    /// fails, says why.
    pub fn url(&self, name: &str, make: impl FnOnce() -> Result<String, String>) {
        self.said(make().and_then(|url| download_url(name, &url)));
    }

    /// Says a failure in the toast.
    fn said(&self, result: Result<(), String>) {
        if let Err(e) = result {
            self.ctx.say(e);
        }
    }
}
