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
        w.key("rows");
        w.uint(self.rows() as u64);
        w.key("cols");
        w.uint(self.cols() as u64);
        w.key("data");
        w.list(self.data(), |w, x| w.f64(*x));
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
        w.key("m");
        self.matrix().encode(w);
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
    w.key("values");
    values.encode(w);
    w.key("total");
    w.f64(total);
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
        w.key("utility");
        self.utility.encode(w);
        w.key("classifiers");
        w.list(&self.classifiers, |w, c| c.encode(w));
        w.key("sigma");
        w.f64(self.sigma);
        w.key("alpha");
        w.f64(self.alpha);
        w.key("draws");
        w.uint(self.draws);
        w.key("seed");
        w.uint(self.seed);
        w.key("bins");
        w.uint(self.bins as u64);
        if let Some(p) = &self.prevalence {
            w.key("prevalence");
            w.list(p, |w, x| w.f64(*x));
        }
        if let Some(r) = &self.remap {
            w.key("remap");
            w.list(r, |w, row| w.list(row, |w, d| w.uint(*d as u64)));
        }
        if !self.decided.is_empty() {
            w.key("decided");
            w.list(&self.decided, |w, d| d.encode(w));
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
            w.key(r.key());
            x.encode(w);
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
