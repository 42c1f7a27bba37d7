//! The erroneous utility matrices of a [`PairBatch`], column by column: a first proposal per
//! column from its two words in one straight-line pass, then the rejected columns in rounds of
//! fresh words (the module [`super`] says why the distribution is the one-pair sampler's).

use super::{BATCH, PairBatch, compact, fill, normal};
use crate::mc::rng::uniform52_of;
use crate::mc::sampler::{UNIFORM_PROPOSAL_SIGMA, fold, normal_from, ordered_column};
use rand::RngCore;

/// Column 0 (`U'00`, `U'10`) and column 1 (`U'11`, `U'01`): the first word of each entry.
const WCOL: [(usize, usize); 2] = [(7, 8), (9, 10)];
/// The entries `(diagonal, off-diagonal)` of each column in the row-major matrix.
const COL: [(usize, usize); 2] = [(0, 2), (3, 1)];

impl PairBatch {
    /// The erroneous matrices, column 0 then column 1: a first proposal per column from its
    /// two words, then the rejected columns in order.
    #[cfg_attr(
        all(target_arch = "wasm32", feature = "simd"),
        target_feature(enable = "simd128")
    )]
    pub(super) fn erroneous<R: RngCore + ?Sized>(&mut self, rng: &mut R, sigma: f64) {
        let n = BATCH;
        if !(sigma.is_finite() && sigma > 0.0) {
            self.e = self.u;
            return;
        }
        if sigma > UNIFORM_PROPOSAL_SIGMA {
            // Rare (the page's σ stays below 1): the one-pair sampler's uniform proposal.
            for &(dk, ok) in &COL {
                for i in 0..n {
                    let (d, o) = ordered_column(rng, self.u[dk][i], self.u[ok][i], sigma);
                    self.e[dk][i] = d;
                    self.e[ok][i] = o;
                }
            }
            return;
        }
        let mut fresh = [[0u64; BATCH]; 2];
        for (c, &(wd, wo)) in WCOL.iter().enumerate() {
            let mut cols = Columns {
                u: &self.u,
                e: &mut self.e,
                list: &mut self.redo,
                c,
                sigma,
            };
            // Round 0: every column from its two words, in one straight-line pass.
            let mut left = cols.round(rng, &self.words[wd][..n], &self.words[wo][..n], true);
            // Further rounds: two fresh words per column left, in the order of the list.
            while left > 0 {
                for w in fresh.iter_mut() {
                    fill(rng, &mut w[..left]);
                }
                left = cols.round(rng, &fresh[0][..left], &fresh[1][..left], false);
            }
        }
    }
}

/// The columns `c` (0 or 1) of a batch being drawn with noise `sigma`: the true matrices `u`,
/// the erroneous ones `e`, and the `list` of the pairs whose column is still to draw.
struct Columns<'a> {
    u: &'a [[f64; BATCH]; 4],
    e: &'a mut [[f64; BATCH]; 4],
    list: &'a mut [u16; BATCH],
    c: usize,
    sigma: f64,
}

impl Columns<'_> {
    /// One round: the column of pair `i` — `i = t` in the first round (every pair), else
    /// `i = list[t]` — proposed from the words `wd[t]`, `wo[t]` ([`propose`], straight-line),
    /// and written; then, in order, the rejected ones: a proposal whose normal missed its
    /// ziggurat rectangle is completed (drawing from `rng`) and accepted or not; the rejected
    /// pairs are left in `list[..k]`, in order, and `k` is returned.
    #[cfg_attr(
        all(target_arch = "wasm32", feature = "simd"),
        target_feature(enable = "simd128")
    )]
    fn round<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
        wd: &[u64],
        wo: &[u64],
        first: bool,
    ) -> usize {
        let (dk, ok) = COL[self.c];
        let sigma = self.sigma;
        let k = wd.len().min(wo.len()).min(BATCH);
        let mut bad = [false; BATCH];
        let mut missed = [false; BATCH];
        let (ud, uo) = (&self.u[dk], &self.u[ok]);
        let (ed, eo) = column_mut(self.e, self.c);
        if first {
            for t in 0..k {
                let (d, o, accepted, inside) = propose(ud[t], uo[t], wd[t], wo[t], sigma);
                (ed[t], eo[t]) = (d, o);
                bad[t] = !accepted;
                missed[t] = !inside;
            }
        } else {
            for t in 0..k {
                let i = self.list[t] as usize % BATCH;
                let (d, o, accepted, inside) = propose(ud[i], uo[i], wd[t], wo[t], sigma);
                (ed[i], eo[i]) = (d, o);
                bad[t] = !accepted;
                missed[t] = !inside;
            }
        }
        let mut at = [0u16; BATCH];
        let rejected = compact(&bad[..k], &mut at);
        let mut kept = 0;
        for &t in &at[..rejected] {
            let t = t as usize;
            let i = if first {
                t
            } else {
                self.list[t] as usize % BATCH
            };
            let keep = !missed[t] || {
                let (vd, vo) = (ud[i], uo[i]);
                let d = vd + sigma * fold(normal_from(rng, wd[t], uniform52_of(wd[t])), vd);
                let o = vo + sigma * fold(normal_from(rng, wo[t], uniform52_of(wo[t])), vo);
                (ed[i], eo[i]) = (d, o);
                !column_accepted(d, o)
            };
            // kept ≤ (rank of t among the rejected) ≤ t: the places of the list still to read
            // are not overwritten.
            self.list[kept] = i as u16;
            kept += keep as usize;
        }
        kept
    }
}

/// The first proposal of a column from its words `wd`, `wo`: `(d, o, accepted, inside)` with
/// `d = v_d + σ·fold(Z_d)`, `o = v_o + σ·fold(Z_o)` from the fast path of the ziggurat;
/// `inside` when both normals were in their rectangles (then they are the normal variates),
/// `accepted` when moreover the column is in `[0, 1]` and in order.
#[inline(always)]
fn propose(vd: f64, vo: f64, wd: u64, wo: u64, sigma: f64) -> (f64, f64, bool, bool) {
    let (zd, id) = normal(wd);
    let (zo, io) = normal(wo);
    let d = vd + sigma * fold(zd, vd);
    let o = vo + sigma * fold(zo, vo);
    let inside = id & io;
    (d, o, inside & column_accepted(d, o), inside)
}

/// The entries `(diagonal, off-diagonal)` of column `c` of the matrices `m` (row-major), mutably:
/// `(U00, U10)` for `c = 0`, `(U11, U01)` otherwise ([`COL`]).
fn column_mut(m: &mut [[f64; BATCH]; 4], c: usize) -> (&mut [f64; BATCH], &mut [f64; BATCH]) {
    let [u00, u01, u10, u11] = m;
    if c == 0 { (u00, u10) } else { (u11, u01) }
}

/// Whether a column `(d, o)` of the erroneous matrix is accepted: `0 ≤ o ≤ d ≤ 1` (both in
/// `[0, 1]`, diagonal ≥ off-diagonal).
#[inline(always)]
fn column_accepted(d: f64, o: f64) -> bool {
    (o >= 0.0) & (d <= 1.0) & (d >= o)
}
