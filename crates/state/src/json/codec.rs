//! The state's types read and written as JSON by hand ([`ulab_json`]), in the shape of their
//! serde derives (the state files written before stay readable: the tests check both ways
//! against serde_json), so that the page's code for state files links no serde (issue 29).
//!
//! As with serde: a struct read with `#[serde(default)]` takes its default for an absent field
//! (`json_struct!(T default { … })`), an absent or null `Option` is `None`, unknown fields are
//! ignored, and an enum without a tag attribute is written `"Variant"` or `{"Variant": value}`.
//! The matrices are read through their constructors; the whole state is validated after.

use crate::decide::DecideParams;
use crate::pd::PdSettings;
use crate::pd::grid::GridSettings;
use crate::probs::link::ProbsLink;
use crate::reliability::settings::{ErrorAxis, McSettings, QuestionSettings};
use crate::roc::link::RocLink;
use crate::theme::FixedTheme;
use crate::{AppState, Classifier, Problem, ProblemFields, View};
use ulab_json::{Bad, Decode, Encode, Json, Writer, field, json_struct};

/// The name of `value` in `table` (a unit-only enum's names as serde writes them).
pub(super) fn name_of<T: PartialEq + Copy>(value: T, table: &[(T, &'static str)]) -> &'static str {
    table
        .iter()
        .find(|(v, _)| *v == value)
        .map_or("", |(_, n)| *n)
}

/// The value named `v` in `table`.
pub(super) fn from_name<T: Copy>(
    v: &Json,
    what: &str,
    table: &[(T, &'static str)],
) -> Result<T, Bad> {
    let name = v.str()?;
    table
        .iter()
        .find(|(_, n)| *n == name)
        .map(|(t, _)| *t)
        .ok_or_else(|| Bad::Shape(format!("unknown {what} `{name}`")))
}

/// An externally tagged enum's variant: `"Name"` for a unit variant, `{"Name": value}`
/// otherwise (then the value is given).
pub(super) fn variant<'v, 'a>(v: &'v Json<'a>) -> Result<(&'v str, Option<&'v Json<'a>>), Bad> {
    match v {
        Json::Str(s) => Ok((s, None)),
        Json::Obj(members) if members.len() == 1 => {
            let (name, value) = &members[0];
            Ok((name, (*value != Json::Null).then_some(value)))
        }
        other => Err(Bad::Shape(format!(
            "expected a variant name or an object of one member, found {}",
            other.kind()
        ))),
    }
}

/// The value of the variant `name`, which must have one.
pub(super) fn payload<'v, 'a>(
    name: &str,
    value: Option<&'v Json<'a>>,
) -> Result<&'v Json<'a>, Bad> {
    value.ok_or_else(|| Bad::Shape(format!("{name}: missing value")))
}

/// `{"Name": value}`: a variant with a value.
pub(super) fn tagged(w: &mut Writer, name: &str, value: &impl Encode) {
    w.begin();
    w.field(name, value);
    w.close();
}

/// `Decode` and `Encode` for a unit-only enum written as the names of `table`.
macro_rules! named {
    ($t:ident, $what:literal, $table:expr) => {
        impl Decode for $t {
            fn decode(v: &Json) -> Result<$t, Bad> {
                from_name(v, $what, &$table)
            }
        }

        impl Encode for $t {
            fn encode(&self, w: &mut Writer) {
                w.str(name_of(*self, &$table));
            }
        }
    };
}
pub(super) use named;

const THEMES: [(FixedTheme, &str); 2] = [(FixedTheme::Light, "light"), (FixedTheme::Dark, "dark")];
const AXES: [(ErrorAxis, &str); 2] = [
    (ErrorAxis::Sigma, "sigma"),
    (ErrorAxis::Realized, "realized"),
];

named!(FixedTheme, "theme", THEMES);
named!(ErrorAxis, "error axis", AXES);

impl Decode for View {
    fn decode(v: &Json) -> Result<View, Bad> {
        let key = v.str()?;
        View::ALL
            .into_iter()
            .find(|view| view.key() == key)
            .ok_or_else(|| Bad::Shape(format!("unknown view `{key}`")))
    }
}

impl Encode for View {
    fn encode(&self, w: &mut Writer) {
        w.str(self.key());
    }
}

json_struct!(Classifier { name, matrix });
json_struct!(QuestionSettings default { sigma, alpha, draws, seed, n });
json_struct!(McSettings {
    prior,
    sigma,
    pairs,
    seed,
    axis,
    balance,
    metrics,
    question
});
json_struct!(DecideParams default { p, alpha, test_size });
json_struct!(GridSettings { values, bins, seed });
json_struct!(PdSettings default { divisions, grid });
json_struct!(RocLink default { binormal, positive, scores });
json_struct!(ProbsLink default { sample, models, bins, seed });

/// The problem's fields, read from the state's object (serde's `flatten`); the caller builds
/// the problem from them, and names a refused classifier's every bad cell.
pub(crate) fn problem_fields(v: &Json) -> Result<ProblemFields, Bad> {
    Ok(ProblemFields {
        classes: field(v, "classes")?,
        decisions: field(v, "decisions")?,
        utility: field(v, "utility")?,
        classifiers: field(v, "classifiers")?,
        decided: field::<Option<_>>(v, "decided")?.unwrap_or_default(),
    })
}

/// The state's fields other than the problem's, with the problem given.
pub(crate) fn state(v: &Json, problem: Problem) -> Result<AppState, Bad> {
    let d = AppState::default();
    Ok(AppState {
        view: field(v, "view")?,
        embed: field(v, "embed")?,
        theme: field(v, "theme")?,
        problem,
        orientation: field(v, "orientation")?,
        prevalence: field(v, "prevalence")?,
        kappa: field(v, "kappa")?,
        mc: field(v, "mc")?,
        step: field(v, "step")?,
        decide: field(v, "decide")?,
        space: field(v, "space")?,
        pd: field(v, "pd")?,
        roc: field(v, "roc")?,
        probs: field(v, "probs")?,
        unread_utility: d.unread_utility,
        unread_classifiers: d.unread_classifiers,
    })
}

impl Encode for AppState {
    fn encode(&self, w: &mut Writer) {
        w.begin();
        w.field("view", &self.view);
        w.field("embed", &self.embed);
        // Left out when absent, as serde's `skip_serializing_if` does.
        if let Some(t) = &self.theme {
            w.field("theme", t);
        }
        // The problem's fields in the state's object (serde's `flatten`).
        let p = self.problem.fields();
        w.field("classes", &p.classes);
        w.field("decisions", &p.decisions);
        w.field("utility", &p.utility);
        w.field("classifiers", &p.classifiers);
        if !p.decided.is_empty() {
            w.field("decided", &p.decided);
        }
        w.field("orientation", &self.orientation);
        w.field("prevalence", &self.prevalence);
        w.field("kappa", &self.kappa);
        w.field("mc", &self.mc);
        w.field("step", &self.step);
        w.field("decide", &self.decide);
        w.field("space", &self.space);
        w.field("pd", &self.pd);
        w.field("roc", &self.roc);
        w.field("probs", &self.probs);
        w.close();
    }
}
