//! Forecasts with their confidence (extension, S14): the three-point estimate a planned item may
//! carry, the folio's uncertainty settings, and the answers of `GET /folio/{id}/forecast` and
//! `GET /portfolio/{id}/forecast`.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use crate::model::Id;
use crate::value::{CurrencyCode, Date, Exact};

/// The largest factor of an estimate: a line at most a hundred times its plan.
const FACTOR_MAX: Decimal = Decimal::ONE_HUNDRED;
/// The most decimal places a factor or a correlation has.
const FACTOR_PLACES: u32 = 4;
/// The most categories a folio's uncertainty names.
pub const MAX_UNCERTAINTY_CATEGORIES: usize = 50;
/// The longest category name an uncertainty names.
const CATEGORY_CHARS: usize = 255;

/// The three points of a line's remaining cost (S14.1), as factors of its planned cost: each above
/// 0 and at most 100, with at most 4 decimal places, `low <= likely <= high`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(try_from = "EstimateText")]
pub struct Estimate {
    /// The lowest factor: the best case.
    low: Exact,
    /// The most likely factor.
    likely: Exact,
    /// The highest factor: the worst case.
    high: Exact,
}

/// An estimate as read, before it is checked.
#[derive(serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
struct EstimateText {
    low: Exact,
    likely: Exact,
    high: Exact,
}

/// Refuses a factor (`what`) that is not above 0, above 100 or finer than 4 places.
fn check_factor(what: &str, value: Decimal) -> Result<(), String> {
    if value <= Decimal::ZERO {
        return Err(format!("{what} {value} must be above 0"));
    }
    if value > FACTOR_MAX {
        return Err(format!("{what} {value} must be at most 100"));
    }
    if value.normalize().scale() > FACTOR_PLACES {
        return Err(format!("{what} {value} has more than 4 decimal places"));
    }
    Ok(())
}

impl TryFrom<EstimateText> for Estimate {
    type Error = String;
    fn try_from(text: EstimateText) -> Result<Self, String> {
        Estimate::new(text.low.get(), text.likely.get(), text.high.get())
    }
}

impl Estimate {
    /// The estimate `{low, likely, high}`, or why it is refused (S14.1).
    pub fn new(low: Decimal, likely: Decimal, high: Decimal) -> Result<Estimate, String> {
        check_factor("low", low)?;
        check_factor("likely", likely)?;
        check_factor("high", high)?;
        if low > likely {
            return Err(format!("low {low} is above likely {likely}"));
        }
        if likely > high {
            return Err(format!("likely {likely} is above high {high}"));
        }
        Ok(Estimate {
            low: Exact::of(low),
            likely: Exact::of(likely),
            high: Exact::of(high),
        })
    }

    /// The estimate of a line whose remaining cost is certain: `{1, 1, 1}`.
    pub fn certain() -> Estimate {
        let one = Exact::of(Decimal::ONE);
        Estimate {
            low: one,
            likely: one,
            high: one,
        }
    }

    /// The lowest factor.
    pub fn low(&self) -> Decimal {
        self.low.get()
    }

    /// The most likely factor.
    pub fn likely(&self) -> Decimal {
        self.likely.get()
    }

    /// The highest factor.
    pub fn high(&self) -> Decimal {
        self.high.get()
    }
}

/// A rank correlation between lines' remaining costs (S14.2): from 0 (independent) to 1 (they
/// move together), with at most 4 decimal places.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Correlation(Exact);

impl Correlation {
    /// The correlation `value`, or why it is refused.
    pub fn new(value: Decimal) -> Result<Correlation, String> {
        if value < Decimal::ZERO || value > Decimal::ONE {
            return Err(format!("correlation {value} must be from 0 to 1"));
        }
        if value.normalize().scale() > FACTOR_PLACES {
            return Err(format!(
                "correlation {value} has more than 4 decimal places"
            ));
        }
        Ok(Correlation(Exact::of(value)))
    }

    /// The exact coefficient.
    pub fn get(self) -> Decimal {
        self.0.get()
    }
}

impl<'de> serde::Deserialize<'de> for Correlation {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Exact::deserialize(deserializer)?;
        Correlation::new(value.get()).map_err(serde::de::Error::custom)
    }
}

/// A folio's uncertainty (S14.1, S14.2): the estimate of a line that carries none, by the line's
/// category or for all, and how the lines' remaining costs move together.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Uncertainty {
    /// The estimate of a line that carries none and whose category is not named below; absent,
    /// the folio's own cost performance gives it (S14.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Estimate>,
    /// The estimate of a line without one, by its category (an expense's `OPEX`, `CAPEX`, `FINEX`;
    /// a position's category as written).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_category: Option<BTreeMap<String, Estimate>>,
    /// The rank correlation between any two lines; absent, 0 (independent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correlation: Option<Correlation>,
    /// The rank correlation between two lines of one category, where it is above `correlation`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correlation_by_category: Option<BTreeMap<String, Correlation>>,
}

impl Uncertainty {
    /// Why the settings are refused: too many categories (the field named).
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        let named = [
            (
                "uncertainty.byCategory",
                self.by_category.as_ref().map(BTreeMap::len),
            ),
            (
                "uncertainty.correlationByCategory",
                self.correlation_by_category.as_ref().map(BTreeMap::len),
            ),
        ];
        for (field, count) in named {
            if count.unwrap_or(0) > MAX_UNCERTAINTY_CATEGORIES {
                return Err((
                    field,
                    format!("at most {MAX_UNCERTAINTY_CATEGORIES} categories may be named"),
                ));
            }
        }
        let names = (self.by_category.iter().flat_map(|m| m.keys()))
            .chain(self.correlation_by_category.iter().flat_map(|m| m.keys()));
        for name in names {
            if name.chars().count() > CATEGORY_CHARS {
                return Err((
                    "uncertainty.byCategory",
                    format!("a category has at most {CATEGORY_CHARS} characters"),
                ));
            }
        }
        Ok(())
    }
}

/// The order statistics and chances of a forecast of cost at completion (S14.4): each percentile
/// is one iteration's sum.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ForecastFigures {
    /// Actual cost to date: never simulated.
    pub ac: Exact,
    /// The planned cost after the as-of date, every factor 1: what the plan says is left.
    pub remaining: Exact,
    /// AC + remaining: the cost at completion if every line costs its plan.
    pub planned_at_completion: Exact,
    /// Budget at completion.
    pub bac: Exact,
    /// BAC + the folio's reserve (S9.6).
    pub bac_with_reserve: Exact,
    /// The mean of the iterations' sums, rounded to the currency's minor unit.
    pub mean: Exact,
    /// 10th percentile.
    pub p10: Exact,
    /// 50th percentile: as likely above as below.
    pub p50: Exact,
    /// 80th percentile.
    pub p80: Exact,
    /// 90th percentile.
    pub p90: Exact,
    /// The lowest iteration's sum.
    pub min: Exact,
    /// The highest iteration's sum.
    pub max: Exact,
    /// The share of iterations at or below BAC, in percent (2 decimals).
    pub chance_within_budget: Exact,
    /// The share of iterations at or below BAC + reserve, in percent (2 decimals).
    pub chance_within_reserve: Exact,
}

/// One bucket of the histogram of the iterations' sums: `[from, to)`, the last one closed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ForecastBucket {
    /// Its lower edge.
    pub from: Exact,
    /// Its upper edge.
    pub to: Exact,
    /// How many iterations fell in it.
    pub count: u32,
}

/// A point of the cumulative curve: the share of iterations at or below `value`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ForecastPoint {
    /// The percentile, in percent (0 to 100, steps of 2.5).
    pub percent: Exact,
    /// The iteration's sum at that percentile.
    pub value: Exact,
}

/// A line that drives the spread (the tornado): its rank correlation with the total.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ForecastDriver {
    /// The folio it belongs to.
    pub folio_id: Id,
    /// `position` or `expense`.
    pub item_kind: String,
    /// The item's id.
    pub item_id: Id,
    /// Its name.
    pub name: String,
    /// Its planned cost after the as-of date.
    pub remaining: Exact,
    /// Its estimate, its own or the one the folio gives it.
    pub estimate: Estimate,
    /// Where the estimate comes from: `item`, `category`, `folio` or `performance`.
    pub estimate_from: String,
    /// Its 10th and 90th percentile of remaining cost.
    pub p10: Exact,
    /// Its 90th percentile of remaining cost.
    pub p90: Exact,
    /// Spearman's rank correlation of its cost with the total, 4 decimals.
    pub rank_correlation: Exact,
}

/// When the remaining work is paid (S14.5): the day by which a percentile of the remaining cost
/// is paid at the plan's rate of spending.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ForecastFinish {
    /// The plan's last day.
    pub planned: Date,
    /// The day P10 of the remaining cost is paid.
    pub p10: Date,
    /// The day P50 of the remaining cost is paid.
    pub p50: Date,
    /// The day P90 of the remaining cost is paid.
    pub p90: Date,
}

/// EAC's confidence limits from the folio's own monthly CPI (S14.6, Lipke); null figures with the
/// reason when there is too little history.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ForecastBounds {
    /// `closedMonths` or `computedMonths`: where the monthly figures come from.
    pub source: String,
    /// How many months were read.
    pub months: u32,
    /// How many months the folio plans in all (the finite population).
    pub planned_months: u32,
    /// Cumulative CPI at the as-of date, 4 decimals.
    pub cpi: Option<Exact>,
    /// The mean of ln(monthly CPI), 6 decimals.
    pub mean_log_cpi: Option<Exact>,
    /// The standard deviation of ln(monthly CPI), 6 decimals.
    pub sd_log_cpi: Option<Exact>,
    /// The lower limit of CPI at 90 %, 4 decimals.
    pub cpi_low: Option<Exact>,
    /// The upper limit of CPI at 90 %, 4 decimals.
    pub cpi_high: Option<Exact>,
    /// EAC at the upper limit of CPI: the low end.
    pub eac_low: Option<Exact>,
    /// EAC at the lower limit of CPI: the high end.
    pub eac_high: Option<Exact>,
    /// Why the limits are null, when they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// How a forecast was drawn: everything needed to reproduce it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ForecastMethod {
    /// The generator: `splitmix64`.
    pub generator: String,
    /// The seed.
    pub seed: u64,
    /// The most iterations asked for.
    pub iterations_asked: u32,
    /// The iterations drawn.
    pub iterations: u32,
    /// Whether it stopped early because P50 and P90 moved less than 0.1 % over 1,000 iterations.
    pub steady: bool,
    /// The lines simulated (their remaining cost uncertain).
    pub uncertain_lines: u32,
    /// The lines whose remaining cost is certain (every factor 1) or zero.
    pub certain_lines: u32,
    /// The folio's estimate for a line without one.
    pub default_estimate: Estimate,
    /// Where that estimate comes from: `folio` or `performance`.
    pub default_from: String,
    /// The rank correlation between lines.
    pub correlation: Exact,
}

/// `GET /folio/{id}/forecast`: the folio's cost at completion and finish with their confidence.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct FolioForecast {
    /// The folio.
    pub folio_id: Id,
    /// The as-of date.
    pub as_of: Date,
    /// The folio's currency.
    pub currency_code: CurrencyCode,
    /// How it was drawn.
    pub method: ForecastMethod,
    /// The figures.
    pub figures: ForecastFigures,
    /// The histogram: 40 buckets from the lowest sum to the highest.
    pub histogram: Vec<ForecastBucket>,
    /// The cumulative curve: the sum at every 2.5 %.
    pub curve: Vec<ForecastPoint>,
    /// The ten lines that drive the spread most, the strongest first.
    pub drivers: Vec<ForecastDriver>,
    /// When the remaining work is paid.
    pub finish: ForecastFinish,
    /// EAC's confidence limits from the folio's monthly CPI.
    pub bounds: ForecastBounds,
}

/// A folio's part of a portfolio's forecast.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PortfolioForecastFolio {
    /// The folio.
    pub folio_id: Id,
    /// Its name.
    pub name: String,
    /// Its currency.
    pub folio_currency_code: CurrencyCode,
    /// Its lines simulated.
    pub lines: u32,
}

/// `GET /portfolio/{id}/forecast`: the portfolio's folios simulated together (S14.7).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct PortfolioForecast {
    /// The portfolio.
    pub portfolio_id: Id,
    /// The as-of date.
    pub as_of: Date,
    /// The portfolio's currency.
    pub currency_code: CurrencyCode,
    /// How it was drawn (the default estimate is the first folio's).
    pub method: ForecastMethod,
    /// The rank correlation between lines of different folios.
    pub folio_correlation: Exact,
    /// The figures.
    pub figures: ForecastFigures,
    /// The histogram.
    pub histogram: Vec<ForecastBucket>,
    /// The cumulative curve.
    pub curve: Vec<ForecastPoint>,
    /// The ten lines that drive the spread most.
    pub drivers: Vec<ForecastDriver>,
    /// The folios simulated.
    pub folios: Vec<PortfolioForecastFolio>,
}
