//! A small JSON reader and writer, and the types read and written by hand with them
//! ([`Decode`], [`Encode`]): the web worker's messages and the page's need no serde (issue 29:
//! serde's derived readers were half of the worker's code).
//!
//! The reader takes any JSON text (RFC 8259; objects and arrays nested at most
//! [`MAX_DEPTH`] deep) into a [`Json`] tree whose numbers are kept as written: a number is read
//! as the type its field asks for ([`Json::f64`], [`Json::u64`], [`Json::i64`]), so a `u64` seed
//! above 2⁵³ keeps every digit and an `f64` is read correctly rounded (the shortest digits
//! written by [`Writer::f64`] read back to the same bits). Never panics.
//!
//! # Examples
//!
//! ```
//! use ulab_json::{Json, parse};
//! let v = parse(r#"{"seed": 18446744073709551615, "sigma": 0.1, "name": "a\u00e9\n"}"#).unwrap();
//! assert_eq!(v.get("seed").unwrap().u64(), Ok(u64::MAX));
//! assert_eq!(v.get("sigma").unwrap().f64(), Ok(0.1));
//! assert_eq!(v.get("name").unwrap().str(), Ok("aé\n"));
//! assert!(parse("[1,]").is_err());
//! assert!(parse(&"[".repeat(200)).is_err()); // too deep
//! ```

mod codec;
mod types;
mod write;

pub use codec::{Bad, Decode, Encode, field, field_or, from_json, kind, to_json, unknown};
pub use write::Writer;

use std::borrow::Cow;

/// The deepest nesting of objects and arrays read (as serde_json's default).
pub const MAX_DEPTH: usize = 128;

/// A JSON value as read; numbers and strings borrow from the text where they can.
#[derive(Debug, Clone, PartialEq)]
pub enum Json<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written (valid JSON number syntax).
    Num(&'a str),
    /// A string, unescaped.
    Str(Cow<'a, str>),
    /// An array.
    Arr(Vec<Json<'a>>),
    /// An object's members in their order (a repeated key: the first counts).
    Obj(Vec<(Cow<'a, str>, Json<'a>)>),
}

/// Reads a whole JSON text.
///
/// # Errors
/// Not JSON, or nested deeper than [`MAX_DEPTH`]: what was expected and where (byte offset).
pub fn parse(text: &str) -> Result<Json<'_>, String> {
    let mut r = Reader {
        text,
        s: text.as_bytes(),
        p: 0,
        depth: 0,
    };
    let v = r.value()?;
    r.ws();
    if r.p != r.s.len() {
        return Err(r.err("trailing characters"));
    }
    Ok(v)
}

impl<'a> Json<'a> {
    /// The member `key` of an object (`None` if absent or not an object).
    pub fn get(&self, key: &str) -> Option<&Json<'a>> {
        match self {
            Json::Obj(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// What the value is, for an error message.
    pub fn kind(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "a boolean",
            Json::Num(_) => "a number",
            Json::Str(_) => "a string",
            Json::Arr(_) => "an array",
            Json::Obj(_) => "an object",
        }
    }

    fn expected(&self, what: &str) -> String {
        format!("expected {what}, found {}", self.kind())
    }

    /// A number as `f64` (correctly rounded; out of range: an error, not infinity).
    pub fn f64(&self) -> Result<f64, String> {
        match self {
            Json::Num(n) => match n.parse::<f64>() {
                Ok(v) if v.is_finite() => Ok(v),
                _ => Err(format!("number out of range: {n}")),
            },
            _ => Err(self.expected("a number")),
        }
    }

    /// A number as `u64`: written as an integer (no fraction, no exponent), `0 ≤ n < 2⁶⁴`.
    pub fn u64(&self) -> Result<u64, String> {
        self.integer("from 0 to 2⁶⁴ − 1")
    }

    /// A number as `i64`: written as an integer, `−2⁶³ ≤ n < 2⁶³`.
    pub fn i64(&self) -> Result<i64, String> {
        self.integer("from −2⁶³ to 2⁶³ − 1")
    }

    fn integer<T: std::str::FromStr>(&self, range: &str) -> Result<T, String> {
        match self {
            Json::Num(n) => n
                .parse::<T>()
                .map_err(|_| format!("expected an integer {range}, found {n}")),
            _ => Err(self.expected("an integer")),
        }
    }

    /// A string.
    pub fn str(&self) -> Result<&str, String> {
        match self {
            Json::Str(s) => Ok(s),
            _ => Err(self.expected("a string")),
        }
    }

    /// An array's items.
    pub fn arr(&self) -> Result<&[Json<'a>], String> {
        match self {
            Json::Arr(items) => Ok(items),
            _ => Err(self.expected("an array")),
        }
    }

    /// An object's members.
    pub fn obj(&self) -> Result<&[(Cow<'a, str>, Json<'a>)], String> {
        match self {
            Json::Obj(members) => Ok(members),
            _ => Err(self.expected("an object")),
        }
    }
}

struct Reader<'a> {
    text: &'a str,
    s: &'a [u8],
    p: usize,
    depth: usize,
}

impl<'a> Reader<'a> {
    fn err(&self, what: &str) -> String {
        format!("{what} at byte {}", self.p)
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.p) {
            self.p += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.s.get(self.p) == Some(&b);
        if hit {
            self.p += 1;
        }
        hit
    }

    fn value(&mut self) -> Result<Json<'a>, String> {
        self.ws();
        match self.s.get(self.p) {
            None => Err(self.err("end of text where a value was expected")),
            Some(b'{') | Some(b'[') => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(self.err("nested too deep"));
                }
                let v = if self.eat(b'{') {
                    self.object()
                } else {
                    self.p += 1;
                    self.array()
                };
                self.depth -= 1;
                v
            }
            Some(b'"') => self.string().map(Json::Str),
            Some(b't') => self.literal("true", Json::Bool(true)),
            Some(b'f') => self.literal("false", Json::Bool(false)),
            Some(b'n') => self.literal("null", Json::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.err("expected a value")),
        }
    }

    fn object(&mut self) -> Result<Json<'a>, String> {
        let mut members = Vec::new();
        self.ws();
        if self.eat(b'}') {
            return Ok(Json::Obj(members));
        }
        loop {
            self.ws();
            if self.s.get(self.p) != Some(&b'"') {
                return Err(self.err("expected a key"));
            }
            let key = self.string()?;
            self.ws();
            if !self.eat(b':') {
                return Err(self.err("expected ':'"));
            }
            let v = self.value()?;
            members.push((key, v));
            self.ws();
            if self.eat(b'}') {
                return Ok(Json::Obj(members));
            }
            if !self.eat(b',') {
                return Err(self.err("expected ',' or '}'"));
            }
        }
    }

    fn array(&mut self) -> Result<Json<'a>, String> {
        let mut items = Vec::new();
        self.ws();
        if self.eat(b']') {
            return Ok(Json::Arr(items));
        }
        loop {
            items.push(self.value()?);
            self.ws();
            if self.eat(b']') {
                return Ok(Json::Arr(items));
            }
            if !self.eat(b',') {
                return Err(self.err("expected ',' or ']'"));
            }
        }
    }

    fn literal(&mut self, word: &str, v: Json<'a>) -> Result<Json<'a>, String> {
        if self.s[self.p..].starts_with(word.as_bytes()) {
            self.p += word.len();
            Ok(v)
        } else {
            Err(self.err("expected a value"))
        }
    }

    fn digits(&mut self) -> bool {
        let start = self.p;
        while let Some(b'0'..=b'9') = self.s.get(self.p) {
            self.p += 1;
        }
        self.p > start
    }

    fn number(&mut self) -> Result<Json<'a>, String> {
        let start = self.p;
        self.eat(b'-');
        match self.s.get(self.p) {
            Some(b'0') => self.p += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.err("invalid number")),
        }
        if self.eat(b'.') && !self.digits() {
            return Err(self.err("invalid number"));
        }
        if let Some(b'e' | b'E') = self.s.get(self.p) {
            self.p += 1;
            if let Some(b'+' | b'-') = self.s.get(self.p) {
                self.p += 1;
            }
            if !self.digits() {
                return Err(self.err("invalid number"));
            }
        }
        Ok(Json::Num(&self.text[start..self.p]))
    }

    /// A string from its opening quote: borrowed when it has no escapes.
    fn string(&mut self) -> Result<Cow<'a, str>, String> {
        self.p += 1;
        let start = self.p;
        loop {
            match self.s.get(self.p) {
                None => return Err(self.err("end of text in a string")),
                Some(b'"') => {
                    self.p += 1;
                    return Ok(Cow::Borrowed(&self.text[start..self.p - 1]));
                }
                Some(b'\\') => break,
                Some(0..=0x1f) => return Err(self.err("control character in a string")),
                Some(_) => self.p += 1,
            }
        }
        // Quotes and backslashes are ASCII: `start..p` lies on character boundaries.
        let mut out = String::from(&self.text[start..self.p]);
        loop {
            match self.s.get(self.p) {
                None => return Err(self.err("end of text in a string")),
                Some(b'"') => {
                    self.p += 1;
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => {
                    self.p += 1;
                    let c = match self.s.get(self.p) {
                        Some(b'u') => {
                            self.p += 1;
                            self.unicode()?
                        }
                        Some(&b) => {
                            self.p += 1;
                            match b {
                                b'"' => '"',
                                b'\\' => '\\',
                                b'/' => '/',
                                b'b' => '\u{8}',
                                b'f' => '\u{c}',
                                b'n' => '\n',
                                b'r' => '\r',
                                b't' => '\t',
                                _ => return Err(self.err("invalid escape")),
                            }
                        }
                        None => return Err(self.err("end of text in a string")),
                    };
                    out.push(c);
                }
                Some(0..=0x1f) => return Err(self.err("control character in a string")),
                Some(_) => match self.text.get(self.p..).and_then(|t| t.chars().next()) {
                    Some(c) => {
                        out.push(c);
                        self.p += c.len_utf8();
                    }
                    None => return Err(self.err("invalid text")),
                },
            }
        }
    }

    /// Four hex digits of a `\\u` escape.
    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.text.get(self.p..self.p + 4).unwrap_or("");
        if digits.len() != 4 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(self.err("invalid \\u escape"));
        }
        self.p += 4;
        u32::from_str_radix(digits, 16).map_err(|_| self.err("invalid \\u escape"))
    }

    /// The character of a `\\u` escape after its `u` (a surrogate pair: both escapes).
    fn unicode(&mut self) -> Result<char, String> {
        let high = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&high) {
            if !self.s[self.p..].starts_with(b"\\u") {
                return Err(self.err("lone surrogate"));
            }
            self.p += 2;
            let low = self.hex4()?;
            if !(0xDC00..0xE000).contains(&low) {
                return Err(self.err("lone surrogate"));
            }
            0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        } else {
            high
        };
        char::from_u32(code).ok_or_else(|| self.err("lone surrogate"))
    }
}

#[cfg(test)]
mod tests;
