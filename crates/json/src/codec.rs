//! Types read from and written as JSON by hand ([`Decode`], [`Encode`]), in the shape their
//! serde derives write (the tests of each impl check both ways against serde_json): the
//! helpers to read an object's fields, and the impls for numbers, strings and lists.
//!
//! A type is read through its constructor, so a value read is a valid one; a missing or
//! mistyped field is named in the error, with its path ([`Bad::Shape`]). Unknown fields are
//! ignored, and a null optional field is absent, as with serde.

use super::{Json, Writer};
use ulab_core::CoreError;

/// Why a JSON text could not be read as a type.
#[derive(Debug, Clone, PartialEq)]
pub enum Bad {
    /// Not the shape of the type: not JSON, a field missing or of the wrong type (the
    /// field's path first).
    Shape(String),
    /// A value refused by the type's constructor.
    Invalid(CoreError),
}

impl std::fmt::Display for Bad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Bad::Shape(s) => f.write_str(s),
            Bad::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl From<String> for Bad {
    fn from(s: String) -> Bad {
        Bad::Shape(s)
    }
}

impl From<CoreError> for Bad {
    fn from(e: CoreError) -> Bad {
        Bad::Invalid(e)
    }
}

/// A type read from a JSON value.
pub trait Decode: Sized {
    /// Reads `v`.
    ///
    /// # Errors
    /// The value's shape, or a setting the core refuses.
    fn decode(v: &Json) -> Result<Self, Bad>;

    /// The value of a field of this type that is absent, as serde reads it: none (a missing
    /// field is an error); `None` for an `Option`; the default of a struct that serde reads
    /// with `#[serde(default)]` ([`json_struct!`](crate::json_struct)`(T default { … })`).
    fn absent() -> Option<Self> {
        None
    }
}

/// A type written as JSON.
pub trait Encode {
    /// Writes `self`.
    fn encode(&self, w: &mut Writer);
}

/// The field `name` of the object `v`, read (absent: [`Decode::absent`], else an error).
pub fn field<T: Decode>(v: &Json, name: &str) -> Result<T, Bad> {
    v.obj()?;
    match v.get(name) {
        None => T::absent().ok_or_else(|| Bad::Shape(format!("missing field `{name}`"))),
        Some(x) => T::decode(x).map_err(|e| within(name, e)),
    }
}

/// The field `name` of `v`, or `default` if it is absent (a field of a struct that serde reads
/// with `#[serde(default)]`; a null `Option` is `None`).
pub fn field_or<T: Decode>(v: &Json, name: &str, default: T) -> Result<T, Bad> {
    v.obj()?;
    match v.get(name) {
        None => Ok(default),
        Some(x) => T::decode(x).map_err(|e| within(name, e)),
    }
}

/// A shape error inside the field `name`, named by its path.
fn within(name: &str, e: Bad) -> Bad {
    match e {
        Bad::Shape(s) => Bad::Shape(format!("{name}: {s}")),
        invalid => invalid,
    }
}

/// The `kind` tag of an object (of an enum that serde tags `kind`).
pub fn kind<'v>(v: &'v Json) -> Result<&'v str, Bad> {
    v.obj()?;
    match v.get("kind") {
        None => Err(Bad::Shape("missing field `kind`".into())),
        Some(k) => k.str().map_err(|e| within("kind", Bad::Shape(e))),
    }
}

/// An unknown `kind` of `what`.
pub fn unknown(what: &str, kind: &str) -> Bad {
    Bad::Shape(format!("unknown {what} kind `{kind}`"))
}

impl Decode for f64 {
    fn decode(v: &Json) -> Result<f64, Bad> {
        Ok(v.f64()?)
    }
}

impl Decode for u64 {
    fn decode(v: &Json) -> Result<u64, Bad> {
        Ok(v.u64()?)
    }
}

impl Decode for u32 {
    fn decode(v: &Json) -> Result<u32, Bad> {
        u32::try_from(v.u64()?).map_err(|_| Bad::Shape("expected an integer below 2³²".into()))
    }
}

impl Decode for usize {
    fn decode(v: &Json) -> Result<usize, Bad> {
        usize::try_from(v.u64()?).map_err(|_| Bad::Shape("integer too large".into()))
    }
}

impl Decode for i64 {
    fn decode(v: &Json) -> Result<i64, Bad> {
        Ok(v.i64()?)
    }
}

impl Decode for bool {
    fn decode(v: &Json) -> Result<bool, Bad> {
        match v {
            Json::Bool(b) => Ok(*b),
            other => Err(Bad::Shape(format!(
                "expected a boolean, found {}",
                other.kind()
            ))),
        }
    }
}

/// A pair, as serde writes a tuple: `[a, b]`.
impl<A: Decode, B: Decode> Decode for (A, B) {
    fn decode(v: &Json) -> Result<(A, B), Bad> {
        match v.arr()? {
            [a, b] => Ok((A::decode(a)?, B::decode(b)?)),
            other => Err(Bad::Shape(format!(
                "expected a pair, found {} items",
                other.len()
            ))),
        }
    }
}

/// Null is `None`, and so is an absent field.
impl<T: Decode> Decode for Option<T> {
    fn decode(v: &Json) -> Result<Option<T>, Bad> {
        match v {
            Json::Null => Ok(None),
            x => T::decode(x).map(Some),
        }
    }

    fn absent() -> Option<Option<T>> {
        Some(None)
    }
}

impl Decode for String {
    fn decode(v: &Json) -> Result<String, Bad> {
        Ok(v.str()?.to_string())
    }
}

impl<T: Decode> Decode for Vec<T> {
    fn decode(v: &Json) -> Result<Vec<T>, Bad> {
        v.arr()?.iter().map(T::decode).collect()
    }
}

impl Decode for [f64; 4] {
    fn decode(v: &Json) -> Result<[f64; 4], Bad> {
        match v.arr()? {
            [a, b, c, d] => Ok([a.f64()?, b.f64()?, c.f64()?, d.f64()?]),
            other => Err(Bad::Shape(format!(
                "expected 4 numbers, found {}",
                other.len()
            ))),
        }
    }
}

impl Encode for f64 {
    fn encode(&self, w: &mut Writer) {
        w.f64(*self);
    }
}

impl Encode for u64 {
    fn encode(&self, w: &mut Writer) {
        w.uint(*self);
    }
}

impl Encode for u32 {
    fn encode(&self, w: &mut Writer) {
        w.uint(u64::from(*self));
    }
}

impl Encode for usize {
    fn encode(&self, w: &mut Writer) {
        w.uint(*self as u64);
    }
}

impl Encode for i64 {
    fn encode(&self, w: &mut Writer) {
        w.int(*self);
    }
}

impl Encode for bool {
    fn encode(&self, w: &mut Writer) {
        w.bool(*self);
    }
}

impl Encode for String {
    fn encode(&self, w: &mut Writer) {
        w.str(self);
    }
}

impl<T: Encode> Encode for [T] {
    fn encode(&self, w: &mut Writer) {
        w.list(self, |w, x| x.encode(w));
    }
}

impl<T: Encode> Encode for Vec<T> {
    fn encode(&self, w: &mut Writer) {
        self.as_slice().encode(w);
    }
}

impl<T: Encode, const N: usize> Encode for [T; N] {
    fn encode(&self, w: &mut Writer) {
        self.as_slice().encode(w);
    }
}

/// `None` is null.
impl<T: Encode> Encode for Option<T> {
    fn encode(&self, w: &mut Writer) {
        match self {
            Some(x) => x.encode(w),
            None => w.null(),
        }
    }
}

impl<T: Encode + ?Sized> Encode for Box<T> {
    fn encode(&self, w: &mut Writer) {
        (**self).encode(w);
    }
}

impl<T: Decode> Decode for Box<T> {
    fn decode(v: &Json) -> Result<Box<T>, Bad> {
        T::decode(v).map(Box::new)
    }
}

/// As serde writes a tuple: `[a, b]`.
impl<A: Encode, B: Encode> Encode for (A, B) {
    fn encode(&self, w: &mut Writer) {
        w.pair(|w| self.0.encode(w), |w| self.1.encode(w));
    }
}

/// [`Decode`] and [`Encode`] for a struct of public fields, in the shape of its serde derive:
/// `{"field": value, …}`, the fields named in the order they are declared (all of them: a
/// field left out does not compile). With `default`, the struct as serde reads it with
/// `#[serde(default)]`: an absent field takes the struct's default, and so does the struct
/// where it is an absent field of another. `@encode` writes [`Encode`] only (for a struct read
/// through a constructor).
///
/// ```
/// use ulab_json::{from_json, json_struct, to_json};
/// #[derive(Debug, PartialEq, Default)]
/// struct Grid { bins: usize, seed: u64, note: Option<String> }
/// json_struct!(Grid default { bins, seed, note });
/// let g = Grid { bins: 9, seed: 5, note: None };
/// assert_eq!(to_json(&g), r#"{"bins":9,"seed":5,"note":null}"#);
/// assert_eq!(from_json::<Grid>(r#"{"seed":5,"bins":9}"#).unwrap(), g);
/// assert_eq!(from_json::<Grid>("{}").unwrap(), Grid::default());
/// ```
#[macro_export]
macro_rules! json_struct {
    ($t:ident { $($f:ident),+ $(,)? }) => {
        impl $crate::Decode for $t {
            fn decode(v: &$crate::Json) -> Result<Self, $crate::Bad> {
                Ok(Self { $($f: $crate::field(v, stringify!($f))?),+ })
            }
        }
        $crate::json_struct!(@encode $t { $($f),+ });
    };
    ($t:ident default { $($f:ident),+ $(,)? }) => {
        impl $crate::Decode for $t {
            fn decode(v: &$crate::Json) -> Result<Self, $crate::Bad> {
                let d = <$t as Default>::default();
                Ok(Self { $($f: $crate::field_or(v, stringify!($f), d.$f)?),+ })
            }

            fn absent() -> Option<Self> {
                Some(<$t as Default>::default())
            }
        }
        $crate::json_struct!(@encode $t { $($f),+ });
    };
    (@encode $t:ident { $($f:ident),+ $(,)? }) => {
        impl $crate::Encode for $t {
            fn encode(&self, w: &mut $crate::Writer) {
                w.begin();
                $(w.field(stringify!($f), &self.$f);)+
                w.close();
            }
        }
    };
}

/// [`Decode`] and [`Encode`] for an enum of struct variants that serde tags by `kind`
/// (`#[serde(tag = "kind")]`): `{"kind": "name", "field": value, …}`, each variant with its
/// `kind` and its fields in the order they are declared; `what` names the enum in the error
/// for an unknown `kind`.
///
/// ```
/// use ulab_json::{from_json, json_tagged, to_json};
/// #[derive(Debug, PartialEq)]
/// enum Shape { Square { side: f64 }, Box { w: f64, h: f64 } }
/// json_tagged!(Shape, "shape" { Square "square" { side }, Box "box" { w, h } });
/// let b = Shape::Box { w: 2.0, h: 0.5 };
/// assert_eq!(to_json(&b), r#"{"kind":"box","w":2.0,"h":0.5}"#);
/// assert_eq!(from_json::<Shape>(&to_json(&b)).unwrap(), b);
/// assert_eq!(from_json::<Shape>(r#"{"kind":"disc"}"#).unwrap_err().to_string(), "unknown shape kind `disc`");
/// ```
#[macro_export]
macro_rules! json_tagged {
    ($t:ident, $what:literal { $($v:ident $name:literal { $($f:ident),* $(,)? }),+ $(,)? }) => {
        impl $crate::Decode for $t {
            fn decode(v: &$crate::Json) -> Result<Self, $crate::Bad> {
                Ok(match $crate::kind(v)? {
                    $($name => $t::$v { $($f: $crate::field(v, stringify!($f))?),* },)+
                    other => return Err($crate::unknown($what, other)),
                })
            }
        }

        impl $crate::Encode for $t {
            fn encode(&self, w: &mut $crate::Writer) {
                match self {
                    $($t::$v { $($f),* } => {
                        w.open($name);
                        $(w.field(stringify!($f), $f);)*
                    })+
                }
                w.close();
            }
        }
    };
}

/// `value` written as JSON (compact, in the shape of its serde derive).
///
/// ```
/// use ulab_json::{from_json, to_json, Bad};
/// use ulab_core::mc::{McConfig, Prior};
/// let c = McConfig::new(Prior::Gaussian, 0.1, 1000, u64::MAX).unwrap();
/// let text = to_json(&c);
/// assert_eq!(text, r#"{"prior":"gaussian","sigma":0.1,"pairs":1000,"seed":18446744073709551615}"#);
/// assert_eq!(from_json::<McConfig>(&text).unwrap(), c);
/// // Read through the constructor: an invalid setting is refused, a missing field named.
/// let bad = from_json::<McConfig>(&text.replace("0.1", "-1")).unwrap_err();
/// assert_eq!(bad.to_string(), "sigma = -1 is invalid: expected a finite number ≥ 0");
/// assert_eq!(
///     from_json::<McConfig>(r#"{"prior":"uniform","sigma":0.1}"#),
///     Err(Bad::Shape("missing field `pairs`".into()))
/// );
/// ```
pub fn to_json(value: &impl Encode) -> String {
    let mut w = Writer::default();
    value.encode(&mut w);
    w.finish()
}

/// `text` read as JSON into a `T`.
///
/// # Errors
/// Not JSON ([`Bad::Shape`]), not a `T`, or a setting the core refuses.
pub fn from_json<T: Decode>(text: &str) -> Result<T, Bad> {
    T::decode(&super::parse(text)?)
}
