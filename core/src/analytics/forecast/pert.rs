//! The Beta-PERT distribution of a three-point estimate (S14.2): `alpha = 1 + 4(m - a)/(b - a)`,
//! `beta = 1 + 4(b - m)/(b - a)`, drawn by its quantile function, tabulated once per shape and
//! read by linear interpolation.

/// The quantile table's intervals over `[0, 1]`.
const QUANTILE_STEPS: usize = 1024;
/// The intervals over which the density is integrated to find the quantiles.
const DENSITY_STEPS: usize = 8192;

use super::draws::{normal_cdf, Table, NORMAL_REACH, NORMAL_STEPS};

/// The quantiles of one PERT shape on `[0, 1]` (the standard Beta of its alpha and beta), and
/// for correlated lines the same of a standard normal (`Q(Φ(z))`, one table rather than two).
#[derive(Debug, Clone)]
pub(super) struct PertShape {
    quantiles: Vec<f64>,
    of_normal: Option<Table>,
}

impl PertShape {
    /// The shape whose mode lies at `mode` in `[0, 1]` (`(m - a)/(b - a)`).
    pub(super) fn new(mode: f64) -> PertShape {
        let alpha = 1.0 + 4.0 * mode;
        let beta = 1.0 + 4.0 * (1.0 - mode);
        let density = |x: f64| libm::pow(x, alpha - 1.0) * libm::pow(1.0 - x, beta - 1.0);
        // The distribution function by the trapezoid rule, then scaled to end at 1.
        let step = 1.0 / DENSITY_STEPS as f64;
        let mut cumulative = Vec::with_capacity(DENSITY_STEPS + 1);
        cumulative.push(0.0);
        let mut previous = density(0.0);
        let mut sum = 0.0;
        for k in 1..=DENSITY_STEPS {
            let next = density(k as f64 * step);
            sum += (previous + next) * 0.5 * step;
            cumulative.push(sum);
            previous = next;
        }
        let mut quantiles = Vec::with_capacity(QUANTILE_STEPS + 1);
        let mut k = 0;
        for j in 0..=QUANTILE_STEPS {
            let target = sum * j as f64 / QUANTILE_STEPS as f64;
            while k < DENSITY_STEPS && cumulative[k + 1] < target {
                k += 1;
            }
            let x = if k >= DENSITY_STEPS {
                1.0
            } else {
                let (low, high) = (cumulative[k], cumulative[k + 1]);
                let t = if high > low {
                    (target - low) / (high - low)
                } else {
                    0.0
                };
                (k as f64 + t.clamp(0.0, 1.0)) * step
            };
            quantiles.push(x);
        }
        // The ends are the estimate's own low and high.
        quantiles[0] = 0.0;
        quantiles[QUANTILE_STEPS] = 1.0;
        PertShape {
            quantiles,
            of_normal: None,
        }
    }

    /// The shape, with its table over a standard normal for correlated lines.
    pub(super) fn with_normal(mut self) -> PertShape {
        let table = Table::new(-NORMAL_REACH, NORMAL_REACH, NORMAL_STEPS, |z| {
            self.quantile(normal_cdf(z).min(1.0 - f64::EPSILON))
        });
        self.of_normal = Some(table);
        self
    }

    /// The quantile of `Φ(z)`, in `[0, 1]` (of a shape made [`PertShape::with_normal`]).
    pub(super) fn of_normal(&self, z: f64) -> f64 {
        self.of_normal.as_ref().map_or(0.5, |table| table.at(z))
    }

    /// The quantile of the uniform of `bits` (`(bits >> 11) / 2^53`), in `[0, 1]`: exactly
    /// [`PertShape::quantile`] of it, its place in the table read off the bits themselves
    /// (the top 10 the interval, the next 43 where in it).
    #[inline]
    pub(super) fn quantile_of_bits(&self, bits: u64) -> f64 {
        const FRACTION: u64 = (1 << 43) - 1;
        let index = (bits >> 54) as usize & (QUANTILE_STEPS - 1);
        let t = ((bits >> 11) & FRACTION) as i64 as f64 * (1.0 / (1u64 << 43) as f64);
        let (a, b) = (self.quantiles[index], self.quantiles[index + 1]);
        a + t * (b - a)
    }

    /// The quantile of `u` in `[0, 1)`, in `[0, 1]`.
    pub(super) fn quantile(&self, u: f64) -> f64 {
        let position = u * QUANTILE_STEPS as f64;
        let index = (position as usize).min(QUANTILE_STEPS - 1);
        let t = position - index as f64;
        let (a, b) = (self.quantiles[index], self.quantiles[index + 1]);
        a + t * (b - a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quantiles_have_the_pert_mean() {
        for mode in [0.0, 0.1, 0.25, 0.5, 0.9, 1.0] {
            let shape = PertShape::new(mode);
            let n = 100_000;
            let mean = (0..n)
                .map(|i| shape.quantile((i as f64 + 0.5) / n as f64))
                .sum::<f64>()
                / n as f64;
            // PERT's mean on [0, 1]: (0 + 4 mode + 1) / 6.
            let expected = (4.0 * mode + 1.0) / 6.0;
            assert!((mean - expected).abs() < 1e-3, "{mode}: {mean} {expected}");
        }
    }

    #[test]
    fn the_bits_read_as_the_uniform_does() {
        let shape = PertShape::new(0.3);
        let stream = super::super::draws::Stream::new(77);
        for n in 0..10_000 {
            let bits = stream.bits(n);
            assert_eq!(
                shape.quantile_of_bits(bits),
                shape.quantile(stream.uniform(n))
            );
        }
    }

    #[test]
    fn the_quantiles_rise_from_0_to_1() {
        let shape = PertShape::new(0.2);
        assert_eq!(shape.quantile(0.0), 0.0);
        let values: Vec<f64> = (0..1000)
            .map(|i| shape.quantile(i as f64 / 1000.0))
            .collect();
        assert!(values.windows(2).all(|w| w[0] <= w[1]));
        assert!(shape.quantile(0.999_999) > 0.9);
    }
}
