//! Where a file is read from ([`Source`]: a dropped or picked file, or pasted text), its
//! beginning ([`head`]), and a file handed from one view to another ([`hand`], [`take`]): the
//! ROC view gives a file it recognised as probabilities to the Probabilities view, which reads
//! it again in its own way. Views never import each other; they meet here.

use std::cell::RefCell;

use super::sliced::slice;

/// What a file is read from.
#[derive(Clone)]
pub enum Source {
    /// A dropped or picked file (read in slices).
    File(web_sys::File),
    /// A text (pasted).
    Text(String),
}

thread_local! {
    /// A file on its way to another view: its name and source.
    static HANDED: RefCell<Option<(String, Source)>> = const { RefCell::new(None) };
}

/// Hands the file `name` to the next view that takes one.
pub fn hand(name: String, source: Source) {
    HANDED.with(|h| *h.borrow_mut() = Some((name, source)));
}

/// The file handed over, if any (once).
pub fn take() -> Option<(String, Source)> {
    HANDED.with(|h| h.borrow_mut().take())
}

/// The first `bytes` bytes of `source` as text (a character cut at the end is replaced), and
/// whether that is the whole of it.
///
/// # Errors
/// The browser could not read the file.
pub async fn head(source: &Source, bytes: usize) -> Result<(String, bool), String> {
    match source {
        Source::Text(t) => {
            let mut end = t.len().min(bytes);
            while !t.is_char_boundary(end) {
                end -= 1;
            }
            Ok((t[..end].to_string(), end == t.len()))
        }
        Source::File(f) => {
            let end = f.size().min(bytes as f64);
            let data = slice(f, 0.0, end).await?;
            Ok((String::from_utf8_lossy(&data).into_owned(), end >= f.size()))
        }
    }
}
