//! More classes: the distribution of p-d over a grid of κ vectors for each classifier
//! (Kozak et al. 2022, fig. 7: histograms; Tables 6–9: rankings), and how often each classifier
//! ranks first — computed in chunks, so that the page can spread the work over frames or a
//! worker.
//!
//! **Which vectors.** With grid values `g` (e.g. `{0, 0.25, 0.5, 0.75, 1}`) and `c` classes the
//! grid has `|g|^c` vectors. Up to [`MAX_ENUMERATED`] (10⁵) every one is used (as the paper
//! does); beyond, [`RANDOM_VECTORS`] (10⁵) vectors are drawn at random **from the same grid**
//! (each entry uniform on `g`, independently; seeded), so the histogram and shares are unbiased
//! estimates of the full grid's — and [`GridPlan::note`] says so.
//!
//! **Ties.** "Ranks first" counts, for each κ vector, the classifiers within
//! [`ulab_core::pd::TIE_TOLERANCE`] (10⁻¹²) of the best. A tie of `s` classifiers gives each
//! `1/s` ([`GridResult::first_share`], which sums to 1 over classifiers); the result also gives
//! the share where each is first alone and where it is first in a tie, so a tie is never hidden.
//!
//! **Chunks.** [`GridPlan::run_chunk`]`(k)` tallies vectors `k·C … (k+1)·C − 1`
//! (`C` = [`CHUNK_VECTORS`]); it is a pure function of the plan and `k` (chunk `k` of a random
//! plan draws from its own generator, seeded from `(seed, k)`), tallies merge exactly
//! ([`PdTally::merge`]; merge in chunk order for bit-identical means), so the split over frames
//! or workers does not change the result. Measured by `cargo run --release --example pd_bench`
//! on the 2-core development machine: 10⁵ vectors × 10 classifiers × 5 classes in 25–70 ms
//! natively (shared, noisy machine), at most 1.8 ms per chunk of 8192 vectors — so one chunk
//! per frame stays far under 50 ms in the browser too.

use super::{Classifiers, PdError};
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use ulab_core::mc::rng::splitmix64;
use ulab_core::pd::{GridAnalysis, PdLinear, PdTally, grid_digits};
use ulab_plot::pd::histogram::HistogramPlot;

/// The largest grid enumerated in full (10⁵ vectors).
pub const MAX_ENUMERATED: u64 = ulab_core::limits::MAX_ENUMERATED_VECTORS;

/// κ vectors drawn at random when the grid is larger.
pub const RANDOM_VECTORS: u64 = ulab_core::limits::MAX_ENUMERATED_VECTORS;

/// κ vectors per chunk.
pub const CHUNK_VECTORS: u64 = 8_192;

/// The most histogram bins.
pub const MAX_BINS: usize = 200;

/// The most grid values.
pub const MAX_GRID_VALUES: usize = 101;

/// What the user sets: the grid values, the histogram bins and the seed of random vectors.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GridSettings {
    /// Grid values, each in `[0, 1]` (e.g. 0, 0.25, 0.5, 0.75, 1).
    pub values: Vec<f64>,
    /// Histogram bins on `[0, 1]`.
    pub bins: usize,
    /// Seed of the random vectors (used only when the grid exceeds [`MAX_ENUMERATED`]).
    pub seed: u64,
}

impl Default for GridSettings {
    /// `{0, 0.25, 0.5, 0.75, 1}`, 50 bins (0.02 wide), seed 1.
    fn default() -> Self {
        GridSettings {
            values: vec![0.0, 0.25, 0.5, 0.75, 1.0],
            bins: 50,
            seed: 1,
        }
    }
}

/// How the κ vectors are chosen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Sampling {
    /// Every vector of the grid.
    Full {
        /// `|g|^c`.
        vectors: u64,
    },
    /// Random vectors of the grid.
    Random {
        /// Vectors drawn.
        vectors: u64,
        /// `|g|^c` (as a float: it may exceed `u64`).
        grid_size: f64,
    },
}

/// A checked grid computation, ready to run chunk by chunk.
#[derive(Debug, Clone, PartialEq)]
pub struct GridPlan {
    names: Vec<String>,
    lins: Vec<PdLinear>,
    values: Vec<f64>,
    bins: usize,
    seed: u64,
    classes: usize,
    sampling: Sampling,
}

/// The result over the grid.
#[derive(Debug, Clone, PartialEq)]
pub struct GridResult {
    /// Classifier names.
    pub names: Vec<String>,
    /// Histograms, min, mean, max and `first_share` (ties split evenly).
    pub analysis: GridAnalysis,
    /// Per classifier, the share of vectors at which it is first alone.
    pub first_alone: Vec<f64>,
    /// Per classifier, the share of vectors at which it is first in a tie.
    pub first_tied: Vec<f64>,
    /// How the vectors were chosen.
    pub sampling: Sampling,
    /// The sentence for the page ([`GridPlan::note`]).
    pub note: String,
}

impl GridResult {
    /// Per classifier, the share of vectors at which it ranks first, a tie of `s` counting
    /// `1/s` each.
    pub fn first_share(&self) -> &[f64] {
        &self.analysis.first_share
    }

    /// The histograms' plot ([`HistogramPlot`]), with `current` — per classifier, p-d for the
    /// κ in force — marked.
    pub fn histogram_plot(&self, current: Vec<Option<f64>>) -> HistogramPlot {
        HistogramPlot {
            names: self.names.clone(),
            analysis: self.analysis.clone(),
            note: self.note.clone(),
            current,
        }
    }
}

impl GridPlan {
    /// Checks the settings and decides between the full grid and random vectors.
    ///
    /// # Errors
    /// No grid value, more than [`MAX_GRID_VALUES`], a value outside `[0, 1]`, `bins` outside
    /// `1..=MAX_BINS`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::pd::grid::{GridPlan, GridSettings, Sampling};
    /// use ulab_state::{pd::Classifiers, presets::factory};
    /// let c = Classifiers::from_app(&factory().classifiers()).unwrap();
    /// let plan = GridPlan::new(&c, &GridSettings::default()).unwrap();
    /// assert_eq!(plan.sampling(), Sampling::Full { vectors: 25 });
    /// let r = plan.run();
    /// assert_eq!(r.first_share(), [0.0, 1.0]); // B is first at every κ of the grid
    /// ```
    pub fn new(classifiers: &Classifiers, settings: &GridSettings) -> Result<GridPlan, PdError> {
        let g = settings.values.len();
        if g == 0 {
            return Err(PdError::Setting(
                "the κ grid needs at least one value".into(),
            ));
        }
        if g > MAX_GRID_VALUES {
            return Err(PdError::Setting(format!(
                "the κ grid has {g} values: at most {MAX_GRID_VALUES}"
            )));
        }
        if let Some(v) = settings.values.iter().find(|v| !(0.0..=1.0).contains(*v)) {
            return Err(PdError::Setting(format!(
                "κ grid value {} is outside [0, 1]",
                ulab_core::text::shortest(*v)
            )));
        }
        if settings.bins == 0 || settings.bins > MAX_BINS {
            return Err(PdError::Setting(format!(
                "histogram bins: 1 to {MAX_BINS}, not {}",
                settings.bins
            )));
        }
        let classes = classifiers.n();
        let grid_size = (g as f64).powi(classes as i32);
        let sampling = if grid_size <= MAX_ENUMERATED as f64 {
            Sampling::Full {
                vectors: grid_size as u64,
            }
        } else {
            Sampling::Random {
                vectors: RANDOM_VECTORS,
                grid_size,
            }
        };
        Ok(GridPlan {
            names: classifiers.names().to_vec(),
            lins: classifiers.linear(),
            values: settings.values.clone(),
            bins: settings.bins,
            seed: settings.seed,
            classes,
            sampling,
        })
    }

    /// How the vectors are chosen.
    pub fn sampling(&self) -> Sampling {
        self.sampling
    }

    /// Number of κ vectors tallied.
    pub fn vectors(&self) -> u64 {
        match self.sampling {
            Sampling::Full { vectors } | Sampling::Random { vectors, .. } => vectors,
        }
    }

    /// Number of chunks, `⌈vectors / CHUNK_VECTORS⌉`.
    pub fn chunks(&self) -> u64 {
        self.vectors().div_ceil(CHUNK_VECTORS)
    }

    /// An empty tally for this plan (to merge chunks into).
    pub fn empty_tally(&self) -> PdTally {
        PdTally::new(self.lins.len(), self.bins)
    }

    /// Tallies chunk `k` (vectors `k·C` to `min((k+1)·C, vectors) − 1`). Past the end: an
    /// empty tally.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::pd::grid::{GridPlan, GridSettings};
    /// use ulab_state::{pd::Classifiers, presets::factory};
    /// let c = Classifiers::from_app(&factory().classifiers()).unwrap();
    /// let s = GridSettings { values: (0..=100).map(|i| i as f64 / 100.0).collect(), ..Default::default() };
    /// let plan = GridPlan::new(&c, &s).unwrap(); // 101² = 10 201 vectors: 2 chunks
    /// let mut t = plan.empty_tally();
    /// for k in (0..plan.chunks()).rev() {
    ///     t.merge(&plan.run_chunk(k));
    /// }
    /// assert_eq!(t.vectors, 10_201);
    /// assert_eq!(plan.finish(&t).analysis.histograms, plan.run().analysis.histograms);
    /// ```
    pub fn run_chunk(&self, k: u64) -> PdTally {
        let mut tally = self.empty_tally();
        let start = k.saturating_mul(CHUNK_VECTORS);
        let end = start.saturating_add(CHUNK_VECTORS).min(self.vectors());
        if start >= end {
            return tally;
        }
        let g = self.values.len();
        let mut digits = vec![0usize; self.classes];
        let mut kappa = vec![0.0; self.classes];
        let mut values = vec![0.0; self.lins.len()];
        let mut rng = match self.sampling {
            Sampling::Random { .. } => Some(chunk_rng(self.seed, k)),
            Sampling::Full { .. } => None,
        };
        for index in start..end {
            match rng.as_mut() {
                Some(r) => {
                    for d in digits.iter_mut() {
                        // Lemire's multiply-shift: uniform on 0..g (bias ≤ g/2⁶⁴).
                        *d = ((r.next_u64() as u128 * g as u128) >> 64) as usize;
                    }
                }
                None => grid_digits(index, g, &mut digits),
            }
            for (x, d) in kappa.iter_mut().zip(&digits) {
                *x = self.values[*d];
            }
            for (v, lin) in values.iter_mut().zip(&self.lins) {
                *v = lin.at(&kappa);
            }
            tally.add(&values);
        }
        tally
    }

    /// The result of a merged tally.
    pub fn finish(&self, tally: &PdTally) -> GridResult {
        let n = tally.vectors.max(1) as f64;
        GridResult {
            names: self.names.clone(),
            analysis: tally.analysis(),
            first_alone: tally.first.iter().map(|f| f[0] as f64 / n).collect(),
            first_tied: tally
                .first
                .iter()
                .map(|f| f[1..].iter().sum::<u64>() as f64 / n)
                .collect(),
            sampling: self.sampling,
            note: self.note(),
        }
    }

    /// Every chunk in order, then [`GridPlan::finish`] (for native use and tests; the page
    /// runs the chunks itself).
    pub fn run(&self) -> GridResult {
        let mut t = self.empty_tally();
        for k in 0..self.chunks() {
            t.merge(&self.run_chunk(k));
        }
        self.finish(&t)
    }

    /// The sentence saying which vectors were used, e.g. "Every κ vector of the grid
    /// {0, 0.25, 0.5, 0.75, 1}³: 125 vectors." or "The grid {…}⁸ has 3.9·10⁵ vectors, more than
    /// 10⁵: 10⁵ vectors drawn at random from it (each value uniform on the grid, seed 1)."
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::{ConfusionMatrix, Orientation};
    /// use ulab_state::pd::{grid::{GridPlan, GridSettings}, Classifiers};
    /// let cm = ConfusionMatrix::parse("40,7,3;8,10,2;9,1,20", Orientation::TrueRows).unwrap();
    /// let c = Classifiers::new(vec!["T4".into()], vec![cm]).unwrap();
    /// let plan = GridPlan::new(&c, &GridSettings::default()).unwrap();
    /// assert_eq!(plan.note(), "Every κ vector of the grid {0, 0.25, 0.5, 0.75, 1}³: 125 vectors.");
    /// ```
    pub fn note(&self) -> String {
        let shown: Vec<String> = self
            .values
            .iter()
            .map(|v| ulab_core::text::number(*v, 6))
            .collect();
        let set = if shown.len() <= 8 {
            format!("{{{}}}", shown.join(", "))
        } else {
            format!(
                "{{{}, …, {}}} ({} values)",
                shown[0],
                shown[shown.len() - 1],
                shown.len()
            )
        };
        let power = ulab_core::text::superscript(self.classes as i32);
        match self.sampling {
            Sampling::Full { vectors } => format!(
                "Every κ vector of the grid {set}{power}: {} vectors.",
                ulab_core::text::sci(vectors as f64)
            ),
            Sampling::Random { vectors, grid_size } => format!(
                "The grid {set}{power} has {} vectors, more than {}: {} vectors drawn at random \
                 from it (each value uniform on the grid, seed {}).",
                ulab_core::text::sci(grid_size),
                ulab_core::text::sci(MAX_ENUMERATED as f64),
                ulab_core::text::sci(vectors as f64),
                self.seed
            ),
        }
    }
}

/// The generator of chunk `k` of a random plan: xoshiro256++ seeded (by SplitMix64, inside
/// `seed_from_u64`) from `splitmix64(seed) ⊕ k·0x9E3779B97F4A7C15`.
fn chunk_rng(seed: u64, k: u64) -> Xoshiro256PlusPlus {
    let mut s = seed ^ 0x7064_5f67_7269_6400; // "pd_grid"
    let x = splitmix64(&mut s) ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    Xoshiro256PlusPlus::seed_from_u64(x)
}
