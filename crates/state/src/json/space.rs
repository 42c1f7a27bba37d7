//! The Utility space's settings in the state file, read and written by hand in the shape of
//! their serde derives ([`super::codec`] for the rest of the state).

use super::codec::{from_name, name_of, named, payload, tagged, variant};
use crate::space::assess::{Answer, Answers, Question};
use crate::space::cloud::{Cloud, Member, Model};
use crate::space::link::{CloudSource, Overlay, SpaceSettings};
use crate::space::slice::{Axis, Slice};
use ulab_json::{Bad, Decode, Encode, Json, Writer, json_struct};

const MODELS: [(Model, &str); 2] = [
    (Model::Coordinates, "Coordinates"),
    (Model::Entries, "Entries"),
];

named!(Model, "model", MODELS);

json_struct!(Member { weight, matrix });
json_struct!(Cloud {
    members,
    weighted,
    scale
});
json_struct!(Axis { row, col, lo, hi });
json_struct!(Slice { x, y });
json_struct!(Answer { lo, hi });
json_struct!(Answers { n, given });
json_struct!(SpaceSettings default { cloud, sigma, points, seed, overlay, slice, answers });

impl Decode for CloudSource {
    fn decode(v: &Json) -> Result<CloudSource, Bad> {
        let (name, value) = variant(v)?;
        Ok(match name {
            "None" => CloudSource::None,
            "Drawn" => CloudSource::Drawn(Decode::decode(payload(name, value)?)?),
            "Typed" => CloudSource::Typed(Decode::decode(payload(name, value)?)?),
            other => return Err(Bad::Shape(format!("unknown cloud `{other}`"))),
        })
    }
}

impl Encode for CloudSource {
    fn encode(&self, w: &mut Writer) {
        match self {
            CloudSource::None => w.str("None"),
            CloudSource::Drawn(m) => tagged(w, "Drawn", m),
            CloudSource::Typed(c) => tagged(w, "Typed", c),
        }
    }
}

impl Decode for Overlay {
    fn decode(v: &Json) -> Result<Overlay, Bad> {
        let (name, value) = variant(v)?;
        Ok(match name {
            "None" => Overlay::None,
            "Prior" => Overlay::Prior(Decode::decode(payload(name, value)?)?),
            "Errors" => Overlay::Errors(Decode::decode(payload(name, value)?)?),
            other => return Err(Bad::Shape(format!("unknown overlay `{other}`"))),
        })
    }
}

impl Encode for Overlay {
    fn encode(&self, w: &mut Writer) {
        match self {
            Overlay::None => w.str("None"),
            Overlay::Prior(p) => tagged(w, "Prior", p),
            Overlay::Errors(e) => tagged(w, "Errors", e),
        }
    }
}

/// `{"row": …, "col": …}` and `{"class": …}`, the fields of [`Question`]'s variants.
struct Cell {
    row: usize,
    col: usize,
}

struct Level {
    class: usize,
}

json_struct!(Cell { row, col });
json_struct!(Level { class });

impl Decode for Question {
    fn decode(v: &Json) -> Result<Question, Bad> {
        let (name, value) = variant(v)?;
        let value = payload(name, value)?;
        Ok(match name {
            "Cost" => {
                let Cell { row, col } = Cell::decode(value)?;
                Question::Cost { row, col }
            }
            "Level" => Question::Level {
                class: Level::decode(value)?.class,
            },
            other => return Err(Bad::Shape(format!("unknown question `{other}`"))),
        })
    }
}

impl Encode for Question {
    fn encode(&self, w: &mut Writer) {
        match *self {
            Question::Cost { row, col } => tagged(w, "Cost", &Cell { row, col }),
            Question::Level { class } => tagged(w, "Level", &Level { class }),
        }
    }
}
