//! [`Writer`]: JSON text written by hand.

use crate::Encode;
use std::fmt::Write as _;

/// A JSON text being written, compact ([`Writer::default`]) or laid out as serde_json's
/// `to_string_pretty` lays it out ([`Writer::pretty`]: two spaces per level, one member or
/// item per line); [`Writer::finish`] gives it.
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
///
/// let mut w = Writer::pretty();
/// w.begin();
/// w.key("data");
/// w.list(&[1.0, 2.5], |w, x| w.f64(*x));
/// w.key("none");
/// w.list(&[] as &[f64], |w, x| w.f64(*x));
/// w.close();
/// assert_eq!(w.finish(), "{\n  \"data\": [\n    1.0,\n    2.5\n  ],\n  \"none\": []\n}");
/// ```
#[derive(Debug, Default)]
pub struct Writer {
    out: String,
    /// Whether the object being written has no member yet.
    first: bool,
    /// Laid out on lines (`Some`: the current depth), or compact (`None`).
    depth: Option<usize>,
}

impl Writer {
    /// A writer that lays the text out as serde_json's `to_string_pretty` does.
    pub fn pretty() -> Writer {
        Writer {
            depth: Some(0),
            ..Writer::default()
        }
    }

    /// A new line at the current depth (pretty only).
    fn line(&mut self) {
        if let Some(d) = self.depth {
            self.out.push('\n');
            for _ in 0..d {
                self.out.push_str("  ");
            }
        }
    }

    fn deeper(&mut self, by: isize) {
        if let Some(d) = self.depth.as_mut() {
            *d = d.saturating_add_signed(by);
        }
    }

    /// Opens an object tagged `{"kind": kind`.
    pub fn open(&mut self, kind: &str) {
        self.begin();
        self.key("kind");
        self.str(kind);
    }

    /// Opens an object without a tag.
    pub fn begin(&mut self) {
        self.out.push('{');
        self.deeper(1);
        self.first = true;
    }

    /// Closes the object.
    pub fn close(&mut self) {
        self.deeper(-1);
        if !self.first {
            self.line();
        }
        self.out.push('}');
        self.first = false;
    }

    /// Starts the member `name` (the value is written next).
    pub fn key(&mut self, name: &str) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        self.line();
        self.str(name);
        self.out.push(':');
        if self.depth.is_some() {
            self.out.push(' ');
        }
    }

    /// The member `name` with the value `value`.
    pub fn field(&mut self, name: &str, value: &(impl Encode + ?Sized)) {
        self.key(name);
        value.encode(self);
    }

    /// An array of `items`, each written by `item`.
    pub fn list<T>(&mut self, items: &[T], mut item: impl FnMut(&mut Writer, &T)) {
        self.out.push('[');
        self.deeper(1);
        for (k, x) in items.iter().enumerate() {
            if k > 0 {
                self.out.push(',');
            }
            self.line();
            item(self, x);
        }
        self.deeper(-1);
        if !items.is_empty() {
            self.line();
        }
        self.out.push(']');
        self.first = false;
    }

    /// A pair, as serde writes a tuple: `[first, second]`.
    pub fn pair(&mut self, first: impl FnOnce(&mut Writer), second: impl FnOnce(&mut Writer)) {
        self.out.push('[');
        self.deeper(1);
        self.line();
        first(self);
        self.out.push(',');
        self.line();
        second(self);
        self.deeper(-1);
        self.line();
        self.out.push(']');
        self.first = false;
    }

    /// `null`.
    pub fn null(&mut self) {
        self.out.push_str("null");
    }

    /// `true` or `false`.
    pub fn bool(&mut self, v: bool) {
        self.out.push_str(if v { "true" } else { "false" });
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
