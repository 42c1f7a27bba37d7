//! Sorting numbers, and ordering indices by numbers — one compiled copy of each for the whole
//! app. Every `sort_by` with a closure of its own is its own copy of the standard library's
//! sort in the wasm (~4 KB each; 20 of them, 85 KB, on 2026-11-28, issue 29); these functions
//! are the app's sorts of `f64`, called from every layer, and [`sort_by_number`] sorts records
//! by a number through them.
//!
//! Values are compared by [`f64::total_cmp`] (−0 before +0, NaN after +∞): two values it calls
//! equal have the same bits, so a stable and an unstable sort give the same slice, and the
//! faster (unstable) one is used.

/// Sorts `values` ascending (by [`f64::total_cmp`]).
///
/// # Examples
///
/// ```
/// let mut v = [2.0, -1.0, 0.5];
/// ulab_core::order::sort_ascending(&mut v);
/// assert_eq!(v, [-1.0, 0.5, 2.0]);
/// ```
#[inline(never)]
pub fn sort_ascending(values: &mut [f64]) {
    values.sort_unstable_by(f64::total_cmp);
}

/// Sorts `values` descending (by [`f64::total_cmp`]).
///
/// # Examples
///
/// ```
/// let mut v = [2.0, -1.0, 0.5];
/// ulab_core::order::sort_descending(&mut v);
/// assert_eq!(v, [2.0, 0.5, -1.0]);
/// ```
#[inline(never)]
pub fn sort_descending(values: &mut [f64]) {
    values.sort_unstable_by(|a, b| b.total_cmp(a));
}

/// The indices `0..keys.len()` ordered by their keys, ascending or `descending` (by
/// [`f64::total_cmp`]); equal keys keep the order of their indices (a stable sort).
///
/// # Examples
///
/// ```
/// use ulab_core::order::order_by;
/// assert_eq!(order_by(&[3.5, -3.5, 7.0, 3.5], false), [1, 0, 3, 2]);
/// assert_eq!(order_by(&[3.5, -3.5, 7.0, 3.5], true), [2, 0, 3, 1]);
/// ```
#[inline(never)]
pub fn order_by(keys: &[f64], descending: bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by(|&a, &b| {
        let o = keys[a].total_cmp(&keys[b]);
        if descending { o.reverse() } else { o }
    });
    order
}

/// Sorts `items` by the number `key` gives each, ascending or `descending` (by
/// [`f64::total_cmp`]), stable: items with equal keys keep their order — what
/// `items.sort_by(|a, b| key(a).total_cmp(&key(b)))` gives, with the one compiled sort of
/// [`order_by`] instead of a copy of the standard library's per item and key type (here only
/// the keys' collection and the moves are compiled per type). The keys are read once each.
///
/// # Examples
///
/// ```
/// use ulab_core::order::sort_by_number;
/// let mut v = vec![("b", 2.0), ("a", 1.0), ("c", 2.0)];
/// sort_by_number(&mut v, |x| x.1, true);
/// assert_eq!(v, [("b", 2.0), ("c", 2.0), ("a", 1.0)]);
/// ```
pub fn sort_by_number<T>(items: &mut [T], key: impl Fn(&T) -> f64, descending: bool) {
    let keys: Vec<f64> = items.iter().map(key).collect();
    let order = order_by(&keys, descending);
    // Position k takes the item now at order[k]: each cycle of the permutation in turn.
    let mut placed = vec![false; items.len()];
    for start in 0..items.len() {
        let mut k = start;
        while !placed[k] {
            placed[k] = true;
            let from = order[k];
            if from == start {
                break;
            }
            items.swap(k, from);
            k = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic mix of values with ties, zeros of both signs, infinities and NaN.
    fn values(n: usize, seed: u64) -> Vec<f64> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                match x >> 60 {
                    0 => 0.0,
                    1 => -0.0,
                    2 => f64::INFINITY,
                    3 => f64::NAN,
                    k => ((x >> 33) % 7) as f64 - 3.0 + (k as f64) / 8.0,
                }
            })
            .collect()
    }

    #[test]
    fn the_sorts_give_what_the_stable_sort_gives() {
        for seed in 0..50 {
            let v = values(200, seed);
            let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            let mut stable = v.clone();
            stable.sort_by(f64::total_cmp);
            let mut asc = v.clone();
            sort_ascending(&mut asc);
            assert_eq!(bits(&asc), bits(&stable));
            stable.sort_by(|a, b| b.total_cmp(a));
            let mut desc = v.clone();
            sort_descending(&mut desc);
            assert_eq!(bits(&desc), bits(&stable));
        }
    }

    #[test]
    fn order_by_is_the_stable_order_of_the_indices() {
        for seed in 0..50 {
            let keys = values(100, seed);
            let mut up: Vec<usize> = (0..keys.len()).collect();
            up.sort_by(|&a, &b| keys[a].total_cmp(&keys[b]));
            assert_eq!(order_by(&keys, false), up);
            let mut down: Vec<usize> = (0..keys.len()).collect();
            down.sort_by(|&a, &b| keys[b].total_cmp(&keys[a]));
            assert_eq!(order_by(&keys, true), down);
        }
    }

    #[test]
    fn sort_by_number_is_the_stable_sort_of_records() {
        for seed in 0..50 {
            let keys = values(150, seed);
            // Records whose second field tells ties apart (its original position).
            let records: Vec<(f64, usize)> = keys.iter().copied().zip(0..).collect();
            let bits =
                |v: &[(f64, usize)]| v.iter().map(|r| (r.0.to_bits(), r.1)).collect::<Vec<_>>();
            for descending in [false, true] {
                let mut stable = records.clone();
                stable.sort_by(|a, b| {
                    let o = a.0.total_cmp(&b.0);
                    if descending { o.reverse() } else { o }
                });
                let mut ours = records.clone();
                sort_by_number(&mut ours, |r| r.0, descending);
                assert_eq!(
                    bits(&ours),
                    bits(&stable),
                    "seed {seed}, descending {descending}"
                );
            }
        }
        let mut none: [u8; 0] = [];
        sort_by_number(&mut none, |_| 0.0, false);
    }
}
