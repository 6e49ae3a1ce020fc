//! The forecast's random numbers (S14.3): a counter-based SplitMix64, so that the draw of any line
//! at any iteration is found without drawing the ones before it (the drivers are drawn again
//! line by line), and the standard normal distribution both ways.
//!
//! Only IEEE arithmetic and `libm` (Rust's port of musl) are used, so that the same seed gives
//! the same numbers natively and in wasm.

/// SplitMix64's increment (Steele, Lea and Flood 2014; Java's `SplittableRandom`).
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's finaliser: a bijection of 64 bits that mixes every input bit into every output
/// bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The generator of one seed: the `n`th number of SplitMix64's stream of that seed, for any `n`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Stream {
    key: u64,
}

impl Stream {
    /// The stream of `seed`.
    pub(super) fn new(seed: u64) -> Stream {
        Stream { key: seed }
    }

    /// The `n`th 64 bits of the stream (`n` from 0).
    pub(super) fn bits(self, n: u64) -> u64 {
        mix(self.key.wrapping_add(n.wrapping_add(1).wrapping_mul(GAMMA)))
    }

    /// The `n`th number of the stream as a uniform in `[0, 1)`: its 53 high bits.
    pub(super) fn uniform(self, n: u64) -> f64 {
        (self.bits(n) >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

/// The standard normal quantile of `u` in `(0, 1)` (Acklam's rational approximation, relative
/// error below 1.15e-9); `u` of 0 is read as the smallest uniform above it.
pub(super) fn normal_quantile(u: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    const LOW: f64 = 0.024_25;
    let u = u.clamp(f64::MIN_POSITIVE, 1.0 - f64::EPSILON / 2.0);
    let tail = |p: f64| {
        let q = libm::sqrt(-2.0 * libm::log(p));
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if u < LOW {
        tail(u)
    } else if u > 1.0 - LOW {
        -tail(1.0 - u)
    } else {
        let q = u - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

/// A function tabulated at equal steps over `[start, end]` and read by linear interpolation;
/// outside it, its value at the nearer end.
#[derive(Debug, Clone)]
pub(super) struct Table {
    start: f64,
    scale: f64,
    values: Vec<f64>,
}

impl Table {
    /// `f` at `steps + 1` points from `start` to `end`.
    pub(super) fn new(start: f64, end: f64, steps: usize, f: impl Fn(f64) -> f64) -> Table {
        let width = end - start;
        let values = (0..=steps)
            .map(|k| f(start + width * k as f64 / steps as f64))
            .collect();
        Table {
            start,
            scale: steps as f64 / width,
            values,
        }
    }

    /// The function at `x`.
    pub(super) fn at(&self, x: f64) -> f64 {
        let position = (x - self.start) * self.scale;
        let last = self.values.len() - 1;
        if position <= 0.0 {
            return self.values[0];
        }
        if position >= last as f64 {
            return self.values[last];
        }
        let index = position as usize;
        let t = position - index as f64;
        let (a, b) = (self.values[index], self.values[index + 1]);
        a + t * (b - a)
    }
}

/// How far the normal tables reach on either side of 0.
pub(super) const NORMAL_REACH: f64 = 8.0;
/// The normal tables' intervals.
pub(super) const NORMAL_STEPS: usize = 4096;

/// Φ, the standard normal distribution function (`libm::erfc`).
pub(super) fn normal_cdf(z: f64) -> f64 {
    0.5 * libm::erfc(-z / core::f64::consts::SQRT_2)
}

/// The standard normal quantile tabulated over `u` in `[0, 1]` (its error below 1e-4); the
/// outer 1/4096 on either side, where it bends fast, by [`normal_quantile`] itself.
#[derive(Debug, Clone)]
pub(super) struct QuantileTable {
    table: Table,
}

impl QuantileTable {
    /// The table, by [`normal_quantile`].
    pub(super) fn new() -> QuantileTable {
        QuantileTable {
            table: Table::new(0.0, 1.0, NORMAL_STEPS, normal_quantile),
        }
    }

    /// Φ⁻¹ of the uniform of `bits` (`(bits >> 11) / 2^53`): exactly [`QuantileTable::quantile`]
    /// of it, its place in the table read off the bits (the top 12 the interval, the next 41
    /// where in it).
    #[inline]
    pub(super) fn quantile_of_bits(&self, bits: u64) -> f64 {
        const FRACTION: u64 = (1 << 41) - 1;
        let index = (bits >> 52) as usize;
        if index == 0 || index >= NORMAL_STEPS - 1 {
            return normal_quantile((bits >> 11) as i64 as f64 * (1.0 / (1u64 << 53) as f64));
        }
        let t = ((bits >> 11) & FRACTION) as i64 as f64 * (1.0 / (1u64 << 41) as f64);
        let (a, b) = (self.table.values[index], self.table.values[index + 1]);
        a + t * (b - a)
    }

    /// Φ⁻¹(`u`) for `u` in `[0, 1)`.
    pub(super) fn quantile(&self, u: f64) -> f64 {
        let position = u * NORMAL_STEPS as f64;
        if (1.0..NORMAL_STEPS as f64 - 1.0).contains(&position) {
            self.table.at(u)
        } else {
            normal_quantile(u)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_is_splitmix64() {
        // SplitMix64 seeded with 0: its first outputs as published with the algorithm.
        let stream = Stream::new(0);
        assert_eq!(stream.bits(0), 0xe220_a839_7b1d_cdaf);
        assert_eq!(stream.bits(1), 0x6e78_9e6a_a1b9_65f4);
        assert!((0..1000).all(|n| (0.0..1.0).contains(&stream.uniform(n))));
    }

    #[test]
    fn the_normal_quantile_and_distribution_invert_each_other() {
        let table = Table::new(-NORMAL_REACH, NORMAL_REACH, NORMAL_STEPS, normal_cdf);
        for u in [0.001, 0.02, 0.1, 0.5, 0.8, 0.975, 0.999] {
            let z = normal_quantile(u);
            assert!((table.at(z) - u).abs() < 2e-6, "{u}: {z}");
        }
        assert!((normal_quantile(0.975) - 1.959_963_985).abs() < 1e-6);
        assert!(table.at(-9.0) < 1e-15);
        assert!(table.at(9.0) > 1.0 - 1e-15);
        let quantiles = QuantileTable::new();
        for u in [0.0001, 0.01, 0.3, 0.5, 0.77, 0.9999] {
            assert!(
                (quantiles.quantile(u) - normal_quantile(u)).abs() < 1e-4,
                "{u}"
            );
        }
        let stream = Stream::new(5);
        for n in 0..20_000 {
            let (bits, u) = (stream.bits(n), stream.uniform(n));
            assert_eq!(
                quantiles.quantile_of_bits(bits),
                quantiles.quantile(u),
                "{u}"
            );
        }
    }
}
