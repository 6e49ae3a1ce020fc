//! Exact sums of `count x value` terms in integer arithmetic: the fixed-point sums of a walk.

use rust_decimal::Decimal;

use super::CostOverflow;

/// A decimal as a whole mantissa and a scale, for sums in integer arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Fixed {
    pub(super) mantissa: i128,
    pub(super) scale: u32,
}

impl Fixed {
    pub(super) fn of(value: Decimal) -> Fixed {
        Fixed {
            mantissa: value.mantissa(),
            scale: value.scale(),
        }
    }
}

/// An exact sum of `count x value` terms at a fixed scale, in i128.
pub(super) struct Sum {
    pub(super) mantissa: i128,
    pub(super) scale: u32,
}

impl Sum {
    pub(super) fn new(scale: u32) -> Sum {
        Sum { mantissa: 0, scale }
    }

    pub(super) fn add(&mut self, value: Fixed, count: u64) -> Result<(), CostOverflow> {
        let raise = self.scale.checked_sub(value.scale).ok_or(CostOverflow)?;
        let term = match (i32::try_from(value.mantissa), u32::try_from(count)) {
            // The common term, a day's units or money (under 2^31) times a count of days (under
            // 2^32) at the sum's own scale: its product fits in 63 bits, so it is one 64-bit
            // multiply, where the general case needs 128-bit ones (calls in WebAssembly).
            (Ok(mantissa), Ok(count)) if raise == 0 => {
                i128::from(i64::from(mantissa) * i64::from(count))
            }
            _ => crate::value::power_of_ten(raise)
                .and_then(|factor| value.mantissa.checked_mul(factor))
                .and_then(|scaled| scaled.checked_mul(i128::from(count)))
                .ok_or(CostOverflow)?,
        };
        self.mantissa = self.mantissa.checked_add(term).ok_or(CostOverflow)?;
        Ok(())
    }

    pub(super) fn value(&self) -> Result<Decimal, CostOverflow> {
        match i64::try_from(self.mantissa) {
            // The usual sum fits in 64 bits: no 128-bit arithmetic to build the decimal.
            Ok(mantissa) => Decimal::try_new(mantissa, self.scale),
            Err(_) => Decimal::try_from_i128_with_scale(self.mantissa, self.scale),
        }
        .map_err(|_| CostOverflow)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Sum::add` against the same sum in plain i128 arithmetic, across the edges of its 64-bit
    /// path (mantissas around ±2^31, counts around 2^32) and with a raised scale.
    #[test]
    pub(super) fn sums_agree_with_i128_arithmetic_across_the_fast_path_edges() {
        let mantissas = [
            0,
            1,
            -1,
            (1 << 31) - 1,
            1 << 31,
            -(1 << 31),
            -(1 << 31) - 1,
            (1 << 40) + 7,
            -(1 << 62),
        ];
        let counts = [0u64, 1, 7, (1 << 32) - 1, 1 << 32, (1 << 40) + 3];
        for scale in [0u32, 2] {
            for raise in [0u32, 3] {
                let mut sum = Sum::new(scale + raise);
                let mut want: i128 = 0;
                for &mantissa in &mantissas {
                    for &count in &counts {
                        sum.add(Fixed { mantissa, scale }, count).unwrap();
                        want += mantissa * 10i128.pow(raise) * i128::from(count);
                        assert_eq!(sum.mantissa, want, "{mantissa} x {count} at +{raise}");
                    }
                }
                // The sum is past a decimal's 96 bits here: an overflow, as the decimal says.
                assert!(Decimal::try_from_i128_with_scale(want, scale + raise).is_err());
                assert!(sum.value().is_err());
            }
        }
        // Values of sums in and beyond 64 bits: the decimal of exactly that mantissa and scale.
        for mantissa in [
            0,
            1,
            -1,
            i128::from(i64::MAX),
            i128::from(i64::MIN),
            1 << 70,
            -(1 << 95),
        ] {
            for scale in [0, 2, 28] {
                let value = Sum { mantissa, scale }.value().unwrap();
                assert_eq!((value.mantissa(), value.scale()), (mantissa, scale));
            }
        }
        // Past i128, and a value finer than the sum, are overflows, not wrong sums.
        let mut sum = Sum::new(0);
        assert!(sum
            .add(
                Fixed {
                    mantissa: i128::MAX / 2,
                    scale: 0
                },
                3
            )
            .is_err());
        assert!(Sum::new(0)
            .add(
                Fixed {
                    mantissa: 1,
                    scale: 2
                },
                1
            )
            .is_err());
        assert!(Sum {
            mantissa: 1 << 100,
            scale: 0
        }
        .value()
        .is_err());
    }
}
