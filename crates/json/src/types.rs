//! The core's types read from and written as JSON by hand, in the shape of their serde
//! derives: the matrices, the Monte Carlo's settings and results (the web worker's messages,
//! `ulab_worker`). Each is read through its constructor ([`McConfig::new`],
//! [`QuestionConfig::validate`], [`Matrix::new`], …).

use super::codec::{field, optional};
use super::{Bad, Decode, Encode, Json, Writer};
use ulab_core::mc::figures::{ScatterSample, ScatterSeries};
use ulab_core::mc::question::{QuestionConfig, QuestionTally};
use ulab_core::mc::scatter::PairDifferences;
use ulab_core::mc::{McConfig, PerRanker, Prior, Ranker, Tally};
use ulab_core::metrics::Metric;
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

impl Encode for McConfig {
    fn encode(&self, w: &mut Writer) {
        w.begin();
        w.key("prior");
        w.str(self.prior.key());
        w.key("sigma");
        w.f64(self.sigma);
        w.key("pairs");
        w.uint(self.pairs);
        w.key("seed");
        w.uint(self.seed);
        w.close();
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
            prevalence: optional(v, "prevalence")?,
            remap: optional(v, "remap")?,
            decided: optional(v, "decided")?.unwrap_or_default(),
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

/// A value per ranker, each written by `item`, under the rankers' keys.
fn per_ranker<T>(w: &mut Writer, v: &PerRanker<T>, mut item: impl FnMut(&mut Writer, &T)) {
    w.begin();
    for (r, x) in v.iter() {
        w.key(r.key());
        item(w, x);
    }
    w.close();
}

impl Decode for Tally {
    fn decode(v: &Json) -> Result<Tally, Bad> {
        Ok(Tally {
            pairs: field(v, "pairs")?,
            misranked: field(v, "misranked")?,
            error_sum: field(v, "error_sum")?,
            error_sq_sum: field(v, "error_sq_sum")?,
        })
    }
}

impl Encode for Tally {
    fn encode(&self, w: &mut Writer) {
        w.begin();
        w.key("pairs");
        w.uint(self.pairs);
        w.key("misranked");
        per_ranker(w, &self.misranked, |w, n| w.uint(*n));
        w.key("error_sum");
        w.int(self.error_sum);
        w.key("error_sq_sum");
        w.int(self.error_sq_sum);
        w.close();
    }
}

impl Decode for PairDifferences {
    fn decode(v: &Json) -> Result<PairDifferences, Bad> {
        Ok(PairDifferences {
            tally: field(v, "tally")?,
            true_diff: field(v, "true_diff")?,
            score_diff: field(v, "score_diff")?,
        })
    }
}

impl Encode for PairDifferences {
    fn encode(&self, w: &mut Writer) {
        w.begin();
        w.key("tally");
        self.tally.encode(w);
        w.key("true_diff");
        w.list(&self.true_diff, |w, x| w.f64(*x));
        w.key("score_diff");
        per_ranker(w, &self.score_diff, |w, d| w.list(d, |w, x| w.f64(*x)));
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

impl Decode for ScatterSeries {
    fn decode(v: &Json) -> Result<ScatterSeries, Bad> {
        Ok(ScatterSeries {
            metric: field(v, "metric")?,
            values: field(v, "values")?,
            misranked_kept: field(v, "misranked_kept")?,
            misranked: field(v, "misranked")?,
        })
    }
}

impl Decode for ScatterSample {
    fn decode(v: &Json) -> Result<ScatterSample, Bad> {
        Ok(ScatterSample {
            balance: field(v, "balance")?,
            utility: field(v, "utility")?,
            pairs: field(v, "pairs")?,
            yields: field(v, "yields")?,
            series: field(v, "series")?,
        })
    }
}

impl Encode for ScatterSample {
    fn encode(&self, w: &mut Writer) {
        w.begin();
        w.key("balance");
        w.f64(self.balance);
        w.key("utility");
        w.list(&self.utility, |w, x| w.f64(*x));
        w.key("pairs");
        w.uint(self.pairs);
        w.key("yields");
        w.list(&self.yields, |w, x| w.f64(*x));
        w.key("series");
        w.list(&self.series, |w, s| {
            w.begin();
            w.key("metric");
            w.str(&metric_name(s.metric));
            w.key("values");
            w.list(&s.values, |w, x| w.f64(*x));
            w.key("misranked_kept");
            w.list(&s.misranked_kept, |w, n| w.uint(*n));
            w.key("misranked");
            w.uint(s.misranked);
            w.close();
        });
        w.close();
    }
}

impl Decode for QuestionTally {
    fn decode(v: &Json) -> Result<QuestionTally, Bad> {
        Ok(QuestionTally {
            draws: field(v, "draws")?,
            wins: field(v, "wins")?,
            yields: field(v, "yields")?,
        })
    }
}

impl Encode for QuestionTally {
    fn encode(&self, w: &mut Writer) {
        w.begin();
        w.key("draws");
        w.uint(self.draws);
        w.key("wins");
        w.list(&self.wins, |w, x| w.f64(*x));
        w.key("yields");
        w.list(&self.yields, |w, y| w.list(y, |w, x| w.f64(*x)));
        w.close();
    }
}
