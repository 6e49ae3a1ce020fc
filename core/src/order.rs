//! One stable sort for the whole crate.
//!
//! `slice::sort_by_key` is built once per element type and key: in the wasm package each copy of
//! the standard library's sort is 4 to 6 KB, and there were a dozen. [`sort_by_key`] sorts the
//! positions `0..n` instead, with the comparison behind a reference to a closure, so the sorting
//! code exists once; only moving the elements into their order is built per element type. The
//! sort is stable, as `sort_by_key` is. Hot sorts of the engine keep the standard one.

use core::cmp::Ordering;

/// The positions `0..n` in the order `compare` gives them, equal ones in their first order.
pub(crate) fn sorted_positions(n: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

/// Sorts `items` by `key`, stably (as `slice::sort_by_key` does).
pub(crate) fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, key: impl Fn(&T) -> K) {
    if items.len() < 2 {
        return;
    }
    let order = sorted_positions(items.len(), &|a, b| key(&items[a]).cmp(&key(&items[b])));
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(
        order
            .iter()
            .filter_map(|&at| slots.get_mut(at).and_then(Option::take)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_as_the_standard_stable_sort_does() {
        // Every arrangement of a few keys with repeats, each element tagged with its position so
        // that the order of equal keys shows.
        let mut state = 12345u64;
        for length in 0..40 {
            let items: Vec<(u64, usize)> = (0..length)
                .map(|position| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((state >> 33) % 7, position)
                })
                .collect();
            let mut ours = items.clone();
            sort_by_key(&mut ours, |&(key, _)| key);
            let mut standard = items.clone();
            standard.sort_by_key(|&(key, _)| key);
            assert_eq!(ours, standard, "{items:?}");
        }
    }
}
