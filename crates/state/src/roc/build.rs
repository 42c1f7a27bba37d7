//! The empirical ROC curves of a scores table, built in steps: the same curve as
//! [`Roc::from_scores`], but the O(n log n) sort is cut into pieces of bounded work so that a page
//! can build curves of 10⁶ scores across animation frames.
//!
//! The sort is a block sort followed by a k-way merge: blocks of [`BLOCK`] scores are sorted
//! one per step (each `O(B log B)`), then a heap merges the sorted blocks, `O(n log k)` in all,
//! and the merged order is consumed directly into ROC points (one per distinct score, tied
//! scores counted together, exactly as [`Roc::from_scores`] does).

use super::curves::ScoredCurve;
use super::scores::ScoresTable;
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use ulab_core::CoreError;
use ulab_core::roc::{Roc, RocPoint, check_scores};

/// Scores sorted per step in the block phase.
pub const BLOCK: usize = 65_536;

/// A run head in the merge heap: the largest score first (`total_cmp`), then the lower run.
#[derive(Debug, Clone, Copy)]
struct Head {
    score: f64,
    run: usize,
}

impl PartialEq for Head {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Head {}
impl PartialOrd for Head {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Head {
    fn cmp(&self, other: &Self) -> Ordering {
        self.score
            .total_cmp(&other.score)
            .then_with(|| other.run.cmp(&self.run))
    }
}

/// An empirical ROC curve under construction.
#[derive(Debug, Clone)]
pub struct RocBuilder {
    /// (score, is class 0), sorted block by block in decreasing score.
    items: Vec<(f64, bool)>,
    /// Blocks sorted so far.
    sorted_blocks: usize,
    /// Merge state: heap of run heads and each run's next position.
    heap: BinaryHeap<Head>,
    next: Vec<usize>,
    merging: bool,
    /// Counts so far and the group being counted.
    tp: usize,
    fp: usize,
    current: Option<f64>,
    points: Vec<RocPoint>,
    positives: usize,
    negatives: usize,
    done: bool,
}

impl RocBuilder {
    /// Starts the curve of `scores` with `positive[i]` true when case `i` is of class 0
    /// (linear work: the data are copied and checked).
    ///
    /// # Errors
    /// As [`Roc::from_scores`]: lengths differ, a non-finite score, or no case of a class.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_core::roc::Roc;
    /// use ulab_state::roc::build::RocBuilder;
    /// let (s, p) = ([0.9, 0.8, 0.8, 0.3], [true, true, false, false]);
    /// let mut b = RocBuilder::new(&s, &p).unwrap();
    /// while !b.step(1) {}
    /// assert_eq!(b.finish().unwrap(), Roc::from_scores(&s, &p).unwrap());
    /// ```
    pub fn new(scores: &[f64], positive: &[bool]) -> Result<RocBuilder, CoreError> {
        let (positives, negatives) = check_scores(scores, positive)?;
        Ok(RocBuilder {
            items: scores
                .iter()
                .copied()
                .zip(positive.iter().copied())
                .collect(),
            sorted_blocks: 0,
            heap: BinaryHeap::new(),
            next: Vec::new(),
            merging: false,
            tp: 0,
            fp: 0,
            current: None,
            points: vec![RocPoint {
                fpr: 0.0,
                tpr: 0.0,
                threshold: f64::INFINITY,
            }],
            positives,
            negatives,
            done: false,
        })
    }

    /// The number of cases.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::build::RocBuilder;
    /// let b = RocBuilder::new(&[1.0, 2.0], &[true, false]).unwrap();
    /// assert_eq!((b.len(), b.is_empty()), (2, false));
    /// ```
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there is no case (never: [`RocBuilder::new`] needs cases of both classes).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::build::RocBuilder;
    /// assert!(!RocBuilder::new(&[1.0, 2.0], &[true, false]).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Work done so far, in units of about one score handled, out of [`RocBuilder::work`]
    /// (each score is sorted once and merged once): `sorted + merged`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::build::RocBuilder;
    /// let mut b = RocBuilder::new(&[3.0, 1.0, 2.0], &[true, false, true]).unwrap();
    /// assert_eq!((b.work_done(), b.work()), (0, 6));
    /// b.step(3); // sorts the one block
    /// assert_eq!(b.work_done(), 3);
    /// while !b.step(1) {}
    /// assert_eq!(b.work_done(), 6);
    /// ```
    pub fn work_done(&self) -> usize {
        let sorted = (self.sorted_blocks * BLOCK).min(self.items.len());
        let merged: usize = if self.merging || self.done {
            self.next
                .iter()
                .enumerate()
                .map(|(r, &n)| n - r * BLOCK)
                .sum()
        } else {
            0
        };
        sorted + merged
    }

    /// Total work: two units per score (sort, merge), `2n`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::build::RocBuilder;
    /// assert_eq!(RocBuilder::new(&[1.0, 2.0], &[true, false]).unwrap().work(), 4);
    /// ```
    pub fn work(&self) -> usize {
        2 * self.items.len()
    }

    fn blocks(&self) -> usize {
        self.items.len().div_ceil(BLOCK)
    }

    /// Does about `budget` units of work (at least one block sort or one merged score);
    /// returns whether the curve is complete. A block sort is `O(B log B)` for
    /// [`BLOCK`] = B scores, a merged score `O(log k)` for k blocks.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::build::RocBuilder;
    /// let mut b = RocBuilder::new(&[0.2, 0.9], &[false, true]).unwrap();
    /// assert!(!b.step(2)); // sorted, nothing merged yet
    /// assert!(b.step(100));
    /// assert_eq!(b.finish().unwrap().auc(), 1.0);
    /// ```
    pub fn step(&mut self, budget: usize) -> bool {
        let mut left = budget.clamp(1, isize::MAX as usize) as isize;
        while left > 0 && !self.done {
            if self.sorted_blocks < self.blocks() {
                let lo = self.sorted_blocks * BLOCK;
                let hi = (lo + BLOCK).min(self.items.len());
                self.items[lo..hi].sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
                self.sorted_blocks += 1;
                left -= (hi - lo) as isize;
            } else if !self.merging {
                self.start_merge();
            } else {
                left -= self.merge(left as usize) as isize;
            }
        }
        self.done
    }

    fn start_merge(&mut self) {
        let n = self.blocks();
        self.next = (0..n).map(|r| r * BLOCK).collect();
        self.heap = (0..n)
            .map(|run| Head {
                score: self.items[run * BLOCK].0,
                run,
            })
            .collect();
        self.merging = true;
    }

    /// Merges up to `max` scores into the curve; returns how many.
    fn merge(&mut self, max: usize) -> usize {
        let mut count = 0;
        while count < max {
            let Some(head) = self.heap.pop() else {
                self.close_group();
                self.done = true;
                break;
            };
            let i = self.next[head.run];
            let (score, pos) = self.items[i];
            if self.current.is_some_and(|c| score != c) {
                self.close_group();
            }
            if self.current.is_none() {
                self.current = Some(score);
            }
            if pos {
                self.tp += 1;
            } else {
                self.fp += 1;
            }
            self.next[head.run] = i + 1;
            let end = ((head.run + 1) * BLOCK).min(self.items.len());
            if i + 1 < end {
                self.heap.push(Head {
                    score: self.items[i + 1].0,
                    run: head.run,
                });
            }
            count += 1;
        }
        if self.heap.is_empty() && !self.done {
            self.close_group();
            self.done = true;
        }
        count
    }

    /// Emits the point of the group of equal scores just counted.
    fn close_group(&mut self) {
        if let Some(s) = self.current.take() {
            self.points.push(RocPoint {
                fpr: self.fp as f64 / self.negatives as f64,
                tpr: self.tp as f64 / self.positives as f64,
                threshold: s,
            });
        }
    }

    /// The finished curve (`None` until [`RocBuilder::step`] has returned `true`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::build::RocBuilder;
    /// let b = RocBuilder::new(&[0.2, 0.9], &[false, true]).unwrap();
    /// assert!(b.finish().is_none()); // not built yet
    /// ```
    pub fn finish(self) -> Option<Roc> {
        self.done.then_some(Roc {
            points: self.points,
            positives: self.positives,
            negatives: self.negatives,
        })
    }
}

/// The curves of every classifier of a [`ScoresTable`], built one after the other in steps.
/// Each step takes the table again (the page keeps it; it must be the same table).
#[derive(Debug, Clone)]
pub struct TableCurves {
    positive: Vec<bool>,
    current: Option<RocBuilder>,
    next: usize,
    total: usize,
    curves: Vec<ScoredCurve>,
}

impl TableCurves {
    /// Starts building the curves of `table` with `table.labels[positive]` as class 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::build::TableCurves;
    /// use ulab_state::roc::scores::parse_scores;
    /// let t = parse_scores("label,A,B\n1,0.9,0.2\n0,0.1,0.8\n").unwrap();
    /// let mut job = TableCurves::new(&t, 0);
    /// while !job.step(&t, 10_000).unwrap() {}
    /// let curves = job.finish();
    /// assert_eq!(curves.len(), 2);
    /// assert_eq!((curves[0].auc, curves[1].auc), (1.0, 0.0));
    /// ```
    pub fn new(table: &ScoresTable, positive: usize) -> TableCurves {
        TableCurves {
            positive: table.is_positive(positive),
            current: None,
            next: 0,
            total: table.classifiers.len(),
            curves: Vec::new(),
        }
    }

    /// Fraction of the work done, in `[0, 1]`: `(curves done + the current one's share) /
    /// curves`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::{build::TableCurves, scores::parse_scores};
    /// let t = parse_scores("y,A,B\n1,0.9,0.2\n0,0.1,0.8\n").unwrap();
    /// let mut job = TableCurves::new(&t, 0);
    /// assert_eq!(job.progress(), 0.0);
    /// while !job.step(&t, 1).unwrap() {}
    /// assert_eq!(job.progress(), 1.0);
    /// ```
    pub fn progress(&self) -> f64 {
        let per = 1.0 / self.total.max(1) as f64;
        let inner = self
            .current
            .as_ref()
            .map(|b| b.work_done() as f64 / b.work().max(1) as f64)
            .unwrap_or(0.0);
        ((self.curves.len() as f64 + inner) * per).min(1.0)
    }

    /// What the next [`TableCurves::step`] does: `"copy"` (start a curve: copy and check its
    /// scores), `"sort"` (sort and merge), `"prepare"` (AUC, hull, points drawn) or `"done"`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::{build::TableCurves, scores::parse_scores};
    /// let t = parse_scores("y,A\n1,0.9\n0,0.1\n").unwrap();
    /// let mut job = TableCurves::new(&t, 0);
    /// let mut stages = vec![job.stage()];
    /// while !job.step(&t, 1).unwrap() {
    ///     stages.push(job.stage());
    /// }
    /// stages.dedup();
    /// assert_eq!(stages, ["copy", "sort", "prepare"]);
    /// assert_eq!(job.stage(), "done");
    /// ```
    pub fn stage(&self) -> &'static str {
        match &self.current {
            _ if self.next >= self.total => "done",
            None => "copy",
            Some(b) if !b.done => "sort",
            Some(_) => "prepare",
        }
    }

    /// Does about `budget` units of work (about one score each); returns whether every curve
    /// is built. A call does one kind of work only — start a curve (copy and check its
    /// scores, linear), sort and merge (about `budget` scores), or prepare a finished curve
    /// ([`ScoredCurve::new`], linear in its points) — so that no call does two linear passes.
    ///
    /// # Errors
    /// A classifier's scores cannot make a curve ([`RocBuilder::new`]'s errors), e.g. a table
    /// other than the one given to [`TableCurves::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::{build::TableCurves, scores::parse_scores};
    /// let t = parse_scores("y,A\n1,0.9\n0,0.1\n").unwrap();
    /// let other = parse_scores("y,A\n1,0.9\n0,0.1\n1,0.5\n").unwrap();
    /// assert!(TableCurves::new(&t, 0).step(&other, 10).is_err());
    /// ```
    pub fn step(&mut self, table: &ScoresTable, budget: usize) -> Result<bool, CoreError> {
        if self.next >= self.total {
            return Ok(true);
        }
        let Some(builder) = self.current.as_mut() else {
            let Some(col) = table.classifiers.get(self.next) else {
                return Ok(true);
            };
            self.current = Some(RocBuilder::new(&col.scores, &self.positive)?);
            return Ok(false);
        };
        if !builder.done {
            builder.step(budget.max(1));
            return Ok(false);
        }
        let name = table
            .classifiers
            .get(self.next)
            .map(|c| c.name.clone())
            .unwrap_or_default();
        if let Some(roc) = self.current.take().and_then(RocBuilder::finish) {
            self.curves.push(ScoredCurve::new(name, roc));
        }
        self.next += 1;
        Ok(self.next >= self.total)
    }

    /// The curves built (all of them once [`TableCurves::step`] has returned `true`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ulab_state::roc::{build::TableCurves, scores::parse_scores};
    /// let t = parse_scores("y,A\n1,0.9\n0,0.1\n").unwrap();
    /// assert!(TableCurves::new(&t, 0).finish().is_empty()); // no step yet
    /// ```
    pub fn finish(self) -> Vec<ScoredCurve> {
        self.curves
    }
}
