//! The indicators of a folio, one row each: the name `GET /folio/{id}/indicators` gives it and
//! how a portfolio makes it from its members (S9.9), the sum of their own, converted, or
//! recomputed from the portfolio's sums by a formula of other indicators. The explanations of a
//! folio's figures and of a portfolio's read this table, so that a new indicator is one row here
//! (and its computation and its explanation's words where they are made).

/// How a portfolio makes an indicator from its members (S9.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rollup {
    /// The sum of the members' own, each converted into the portfolio's currency at the rate in
    /// force on the as-of date, and rounded.
    Summed,
    /// Recomputed from the portfolio's sums: the formula in words, and the indicators it reads.
    Recomputed {
        /// The formula in words and symbols.
        formula: &'static str,
        /// The indicators it reads, each explained in turn.
        inputs: &'static [&'static str],
    },
}

/// One indicator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figure {
    /// Its name in `GET /folio/{id}/indicators` (`bac`, `cvPercent`).
    pub name: &'static str,
    /// How a portfolio makes it.
    pub rollup: Rollup,
}

const fn summed(name: &'static str) -> Figure {
    Figure {
        name,
        rollup: Rollup::Summed,
    }
}

const fn recomputed(
    name: &'static str,
    formula: &'static str,
    inputs: &'static [&'static str],
) -> Figure {
    Figure {
        name,
        rollup: Rollup::Recomputed { formula, inputs },
    }
}

/// Every indicator, in the order the indicators are written.
pub const INDICATORS: [Figure; 28] = [
    summed("bac"),
    summed("pv"),
    summed("ev"),
    summed("ac"),
    summed("cv"),
    summed("sv"),
    recomputed(
        "cpi",
        "CPI = EV / AC of the portfolio's sums, 4 decimals",
        &["ev", "ac"],
    ),
    recomputed(
        "spi",
        "SPI = EV / PV of the portfolio's sums, 4 decimals",
        &["ev", "pv"],
    ),
    recomputed(
        "cvPercent",
        "CV% = CV / EV x 100 of the sums, 2 decimals",
        &["cv", "ev"],
    ),
    recomputed(
        "svPercent",
        "SV% = SV / PV x 100 of the sums, 2 decimals",
        &["sv", "pv"],
    ),
    summed("eac"),
    summed("etc"),
    summed("vac"),
    recomputed(
        "tcpi",
        "TCPI = (BAC - EV) / (BAC - AC) of the sums, 4 decimals",
        &["bac", "ev", "ac"],
    ),
    recomputed(
        "cpiStatus",
        "green when CPI >= 1; amber down to 1 - tolerance % (the smallest of its folios'); red below; grey without CPI",
        &["cpi"],
    ),
    recomputed(
        "spiStatus",
        "green when SPI >= 1; amber down to 1 - tolerance %; red below; grey without SPI",
        &["spi"],
    ),
    summed("reserve"),
    summed("contingency"),
    summed("contingencyToDate"),
    summed("plannedCostToDate"),
    summed("eacKnown"),
    summed("plannedRevenue"),
    summed("plannedRevenueToDate"),
    summed("actualRevenue"),
    summed("profit"),
    recomputed(
        "margin",
        "Margin = profit / actual revenue x 100 of the sums, 2 decimals",
        &["profit", "actualRevenue"],
    ),
    recomputed(
        "revenueStatus",
        "green when actual revenue / planned revenue to date >= 1; amber down to 1 - tolerance %; red below; grey without it",
        &["actualRevenue", "plannedRevenueToDate"],
    ),
    recomputed(
        "marginStatus",
        "green when the margin >= 0 %; amber down to - tolerance %; red below; grey without a margin",
        &["margin"],
    ),
];

/// The indicators' names, in the table's order: what an explanation knows.
pub const FIGURES: [&str; 28] = names(&INDICATORS);

const fn names<const N: usize>(table: &[Figure; N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut at = 0;
    while at < N {
        out[at] = table[at].name;
        at += 1;
    }
    out
}

/// The indicator named `name`, if there is one.
pub fn indicator(name: &str) -> Option<&'static Figure> {
    INDICATORS.iter().find(|figure| figure.name == name)
}
