//! [`Writer`]: JSON text written by hand.

use std::fmt::Write as _;

/// A JSON text being written; [`Writer::finish`] gives it.
///
/// ```
/// use ulab_json::Writer;
/// let mut w = Writer::default();
/// w.open("yield");
/// w.key("value");
/// w.f64(3.5);
/// w.key("note");
/// w.str("a \"b\"\n");
/// w.close();
/// assert_eq!(w.finish(), r#"{"kind":"yield","value":3.5,"note":"a \"b\"\n"}"#);
/// ```
#[derive(Debug, Default)]
pub struct Writer {
    out: String,
    /// Whether the object or array being written has no member yet.
    first: bool,
}

impl Writer {
    /// Opens an object tagged `{"kind": kind`.
    pub fn open(&mut self, kind: &str) {
        self.out.push_str("{\"kind\":");
        self.str(kind);
        self.first = false;
    }

    /// Opens an object without a tag.
    pub fn begin(&mut self) {
        self.out.push('{');
        self.first = true;
    }

    /// Closes the object.
    pub fn close(&mut self) {
        self.out.push('}');
        self.first = false;
    }

    /// Starts the member `name` (the value is written next).
    pub fn key(&mut self, name: &str) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        self.str(name);
        self.out.push(':');
    }

    /// An array of `items`, each written by `item`.
    pub fn list<T>(&mut self, items: &[T], mut item: impl FnMut(&mut Writer, &T)) {
        self.out.push('[');
        for (k, x) in items.iter().enumerate() {
            if k > 0 {
                self.out.push(',');
            }
            item(self, x);
        }
        self.out.push(']');
        self.first = false;
    }

    /// A number, in the shortest digits that read back to it (`null` if not finite, as
    /// serde_json writes it: it is then refused where a number is expected).
    pub fn f64(&mut self, v: f64) {
        if v.is_finite() {
            let _ = write!(self.out, "{v:?}");
        } else {
            self.out.push_str("null");
        }
    }

    /// An unsigned integer.
    pub fn uint(&mut self, v: u64) {
        let _ = write!(self.out, "{v}");
    }

    /// A signed integer.
    pub fn int(&mut self, v: i64) {
        let _ = write!(self.out, "{v}");
    }

    /// A string, escaped.
    pub fn str(&mut self, s: &str) {
        self.out.push('"');
        for c in s.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\n' => self.out.push_str("\\n"),
                '\r' => self.out.push_str("\\r"),
                '\t' => self.out.push_str("\\t"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(self.out, "\\u{:04x}", c as u32);
                }
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    /// The text written.
    pub fn finish(self) -> String {
        self.out
    }
}
