//! The core's types read from and written as JSON by hand, in the shape of their serde
//! derives: the matrices, the Monte Carlo's settings and results (the web worker's messages,
//! `ulab_worker`). Each is read through its constructor ([`McConfig::new`],
//! [`QuestionConfig::validate`], [`Matrix::new`], …).

use super::codec::field;
use super::{Bad, Decode, Encode, Json, Writer};
use crate::json_struct;
use ulab_core::mc::figures::{ScatterSample, ScatterSeries};
use ulab_core::mc::question::{QuestionConfig, QuestionTally};
use ulab_core::mc::scatter::PairDifferences;
use ulab_core::mc::{McConfig, PerRanker, Prior, Ranker, Tally};
use ulab_core::metrics::Metric;
use ulab_core::roc::Binormal;
use ulab_core::{ConfusionMatrix, DecisionCounts, Matrix, Orientation, UtilityMatrix};

impl Decode for Matrix {
    fn decode(v: &Json) -> Result<Matrix, Bad> {
        Ok(Matrix::new(
            field(v, "rows")?,
            field(v, "cols")?,
            field(v, "data")?,
        )?)
    }
}

impl Encode for Matrix {
    fn encode(&self, w: &mut Writer) {
        w.begin();
        w.field("rows", &self.rows());
        w.field("cols", &self.cols());
        w.field("data", self.data());
        w.close();
    }
}

impl Decode for UtilityMatrix {
    fn decode(v: &Json) -> Result<UtilityMatrix, Bad> {
        Ok(UtilityMatrix::new(field(v, "m")?)?)
    }
}

impl Encode for UtilityMatrix {
    fn encode(&self, w: &mut Writer) {
        w.begin();
        w.field("m", self.matrix());
        w.close();
    }
}

impl Decode for ConfusionMatrix {
    fn decode(v: &Json) -> Result<ConfusionMatrix, Bad> {
        Ok(ConfusionMatrix::new(
            field(v, "values")?,
            Orientation::OutputRows,
        )?)
    }
}

/// `{"values": …, "total": …}`: a confusion matrix's or a decision table's counts.
fn counts(w: &mut Writer, values: &Matrix, total: f64) {
    w.begin();
    w.field("values", values);
    w.field("total", &total);
    w.close();
}

impl Encode for ConfusionMatrix {
    fn encode(&self, w: &mut Writer) {
        counts(w, self.counts(), self.total());
    }
}

impl Decode for DecisionCounts {
    fn decode(v: &Json) -> Result<DecisionCounts, Bad> {
        Ok(DecisionCounts::new(field(v, "values")?)?)
    }
}

impl Encode for DecisionCounts {
    fn encode(&self, w: &mut Writer) {
        counts(w, self.counts(), self.total());
    }
}

impl Decode for Prior {
    fn decode(v: &Json) -> Result<Prior, Bad> {
        let key = v.str()?;
        Prior::ALL
            .into_iter()
            .find(|p| p.key() == key)
            .ok_or_else(|| Bad::Shape(format!("unknown prior `{key}`")))
    }
}

impl Decode for Ranker {
    fn decode(v: &Json) -> Result<Ranker, Bad> {
        let key = v.str()?;
        Ranker::from_key(key).ok_or_else(|| Bad::Shape(format!("unknown metric `{key}`")))
    }
}

/// As serde names it: its variant's name (`"OutputRows"`).
impl Decode for Orientation {
    fn decode(v: &Json) -> Result<Orientation, Bad> {
        match v.str()? {
            "OutputRows" => Ok(Orientation::OutputRows),
            "TrueRows" => Ok(Orientation::TrueRows),
            other => Err(Bad::Shape(format!("unknown orientation `{other}`"))),
        }
    }
}

impl Encode for Orientation {
    fn encode(&self, w: &mut Writer) {
        w.str(match self {
            Orientation::OutputRows => "OutputRows",
            Orientation::TrueRows => "TrueRows",
        });
    }
}

impl Decode for McConfig {
    fn decode(v: &Json) -> Result<McConfig, Bad> {
        Ok(McConfig::new(
            field(v, "prior")?,
            field(v, "sigma")?,
            field(v, "pairs")?,
            field(v, "seed")?,
        )?)
    }
}

impl Decode for QuestionConfig {
    fn decode(v: &Json) -> Result<QuestionConfig, Bad> {
        let q = QuestionConfig {
            utility: field(v, "utility")?,
            classifiers: field(v, "classifiers")?,
            sigma: field(v, "sigma")?,
            alpha: field(v, "alpha")?,
            draws: field(v, "draws")?,
            seed: field(v, "seed")?,
            bins: field(v, "bins")?,
            prevalence: field(v, "prevalence")?,
            remap: field(v, "remap")?,
            decided: field::<Option<_>>(v, "decided")?.unwrap_or_default(),
        };
        q.validate()?;
        Ok(q)
    }
}

impl Encode for QuestionConfig {
    fn encode(&self, w: &mut Writer) {
        w.begin();
        w.field("utility", &self.utility);
        w.field("classifiers", &self.classifiers);
        w.field("sigma", &self.sigma);
        w.field("alpha", &self.alpha);
        w.field("draws", &self.draws);
        w.field("seed", &self.seed);
        w.field("bins", &self.bins);
        // Left out when absent or empty, as serde's `skip_serializing_if` does.
        if let Some(p) = &self.prevalence {
            w.field("prevalence", p);
        }
        if let Some(r) = &self.remap {
            w.field("remap", r);
        }
        if !self.decided.is_empty() {
            w.field("decided", &self.decided);
        }
        w.close();
    }
}

impl<T: Decode> Decode for PerRanker<T> {
    fn decode(v: &Json) -> Result<PerRanker<T>, Bad> {
        v.obj()?;
        let mut out = Vec::with_capacity(Ranker::ALL.len());
        for r in Ranker::ALL {
            out.push(field::<T>(v, r.key())?);
        }
        let mut values = out.into_iter();
        // `from_fn` asks for the rankers in the order of `Ranker::ALL`.
        Ok(PerRanker::from_fn(|_| {
            values.next().expect("one value per ranker")
        }))
    }
}

impl<T: Encode> Encode for PerRanker<T> {
    fn encode(&self, w: &mut Writer) {
        w.begin();
        for (r, x) in self.iter() {
            w.field(r.key(), x);
        }
        w.close();
    }
}

/// A metric as serde names it: its variant's name (`"FowlkesMallows"`).
fn metric_name(m: Metric) -> String {
    format!("{m:?}")
}

impl Decode for Metric {
    fn decode(v: &Json) -> Result<Metric, Bad> {
        let name = v.str()?;
        Metric::ALL
            .into_iter()
            .find(|m| metric_name(*m) == name)
            .ok_or_else(|| Bad::Shape(format!("unknown metric `{name}`")))
    }
}

impl Encode for Metric {
    fn encode(&self, w: &mut Writer) {
        w.str(&metric_name(*self));
    }
}

impl Encode for Prior {
    fn encode(&self, w: &mut Writer) {
        w.str(self.key());
    }
}

impl Encode for Ranker {
    fn encode(&self, w: &mut Writer) {
        w.str(self.key());
    }
}

json_struct!(Binormal { a, b });
json_struct!(@encode McConfig { prior, sigma, pairs, seed });
json_struct!(Tally {
    pairs,
    misranked,
    error_sum,
    error_sq_sum
});
json_struct!(PairDifferences {
    tally,
    true_diff,
    score_diff
});
json_struct!(ScatterSeries {
    metric,
    values,
    misranked_kept,
    misranked
});
json_struct!(ScatterSample {
    balance,
    utility,
    pairs,
    yields,
    series
});
json_struct!(QuestionTally {
    draws,
    wins,
    yields
});
