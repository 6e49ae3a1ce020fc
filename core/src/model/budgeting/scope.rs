//! Wire types of a folio's scope (S9.3) as measured over time (S9.10): the items earned value
//! counts, each measurement with the day it was made, and the history of measurements.

use std::sync::Arc;

use crate::value::{Date, Quantity};

/// A scope item of a folio using earned value (S9.3): a tracker issue with its weight and work.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ScopeItem {
    /// The issue key.
    pub key: String,
    /// Its weight in the folio's progress.
    pub weight: Quantity,
    /// Work logged.
    pub logged: Quantity,
    /// Work remaining.
    pub remaining: Quantity,
    /// Whether it is done (it then earns all its weight).
    pub done: bool,
    /// Whether it earns in proportion to logged / (logged + remaining).
    pub progressive: bool,
}

/// The body of `PUT /folio/{folioId}/scope`: the items, and the day their progress was measured
/// (S9.10; by default the request's day).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ScopeItems {
    /// The items.
    pub items: Vec<ScopeItem>,
    /// The day the progress was measured: never after the request's day (UTC).
    #[serde(rename = "asOf", default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<Date>,
}

/// One measurement of a folio's scope: its items as of a day (S9.10). It holds from that day
/// until the next measurement's.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ScopeVersion {
    /// The day the progress was measured.
    #[serde(rename = "asOf")]
    pub as_of: Date,
    /// The items as measured.
    pub items: Vec<ScopeItem>,
}

/// A folio's measurements of its scope, by day, the earliest first, at most one a day (S9.10).
/// Shared: a read's book holds the state's copy, not a clone of every item.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct ScopeHistory(Arc<Vec<ScopeVersion>>);

impl ScopeHistory {
    /// The history of `versions`, put in order of their days; of two on one day the later given
    /// is kept.
    pub fn new(versions: Vec<ScopeVersion>) -> ScopeHistory {
        versions
            .into_iter()
            .fold(ScopeHistory::default(), |history, version| {
                history.with(version)
            })
    }

    /// A history of one measurement, or none when `items` is empty: how scope given without a
    /// day counts (from `day`, S9.10).
    pub fn from_items(day: Date, items: Vec<ScopeItem>) -> ScopeHistory {
        if items.is_empty() {
            return ScopeHistory::default();
        }
        ScopeHistory::new(vec![ScopeVersion { as_of: day, items }])
    }

    /// This history with `version` put in: it replaces the measurement of its day, if any.
    pub fn with(&self, version: ScopeVersion) -> ScopeHistory {
        let mut versions: Vec<ScopeVersion> = self.0.as_ref().clone();
        match versions.binary_search_by(|held| held.as_of.cmp(&version.as_of)) {
            Ok(at) => versions[at] = version,
            Err(at) => versions.insert(at, version),
        }
        ScopeHistory(Arc::new(versions))
    }

    /// The measurements, the earliest first.
    pub fn versions(&self) -> &[ScopeVersion] {
        &self.0
    }

    /// Whether nothing was ever measured.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many items all measurements hold together.
    pub fn item_count(&self) -> usize {
        self.0.iter().map(|version| version.items.len()).sum()
    }

    /// Which measurement is in force on `day` (the latest on or before it), by its place.
    pub fn index_at(&self, day: Date) -> Option<usize> {
        self.0
            .partition_point(|version| version.as_of <= day)
            .checked_sub(1)
    }

    /// The measurement in force on `day`; `None` before the first.
    pub fn at(&self, day: Date) -> Option<&ScopeVersion> {
        self.index_at(day).map(|at| &self.0[at])
    }

    /// The latest measurement.
    pub fn latest(&self) -> Option<&ScopeVersion> {
        self.0.last()
    }

    /// A plan document's scope as measured: its `scopeHistory`, or with none its `scope` counted
    /// from `start`. `Err` with the refusal's words when `scope` is given and is not the items of
    /// the last measurement.
    pub fn of_document(
        start: Date,
        scope: &[ScopeItem],
        history: &[ScopeVersion],
    ) -> Result<ScopeHistory, String> {
        if history.is_empty() {
            return Ok(ScopeHistory::from_items(start, scope.to_vec()));
        }
        let history = ScopeHistory::new(history.to_vec());
        match history.latest() {
            Some(latest) if !scope.is_empty() && scope != latest.items.as_slice() => Err(format!(
                "scope: the items differ from those of scopeHistory's last measurement ({}); give that measurement's items, or leave scope empty",
                latest.as_of
            )),
            _ => Ok(history),
        }
    }
}

/// A measurement as listed (S9.10): its day, how many items it holds and the progress they make,
/// in percent with two decimals (`null` when their weight is 0).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ScopeMeasurement {
    /// The day it was measured.
    #[serde(rename = "asOf")]
    pub as_of: Date,
    /// How many items it holds.
    pub items: usize,
    /// Earned weight / total weight x 100, two decimals.
    pub progress: Option<crate::value::Exact>,
}

/// The answer of `GET /folio/{folioId}/scope`: the items in force on the day asked (by default
/// today), the day they were measured (`null` before the first measurement, with no items), and
/// every measurement.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ScopeAnswer {
    /// The items in force.
    pub items: Vec<ScopeItem>,
    /// The day they were measured.
    #[serde(rename = "asOf")]
    pub as_of: Option<Date>,
    /// Every measurement, the earliest first.
    pub measurements: Vec<ScopeMeasurement>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(day: &str, keys: &[&str]) -> ScopeVersion {
        ScopeVersion {
            as_of: day.parse().unwrap(),
            items: keys
                .iter()
                .map(|key| ScopeItem {
                    key: (*key).to_string(),
                    weight: "1".parse().unwrap(),
                    logged: "0".parse().unwrap(),
                    remaining: "0".parse().unwrap(),
                    done: false,
                    progressive: false,
                })
                .collect(),
        }
    }

    #[test]
    fn the_version_in_force_is_the_latest_on_or_before_the_day() {
        let history = ScopeHistory::new(vec![
            version("2026-05-31", &["B"]),
            version("2026-03-31", &["A"]),
            version("2026-05-31", &["C"]),
        ]);
        let days: Vec<String> = history
            .versions()
            .iter()
            .map(|v| v.as_of.to_string())
            .collect();
        assert_eq!(days, ["2026-03-31", "2026-05-31"]);
        assert_eq!(history.at("2026-03-30".parse().unwrap()), None);
        assert_eq!(
            history.at("2026-03-31".parse().unwrap()).unwrap().items[0].key,
            "A"
        );
        assert_eq!(
            history.at("2026-05-30".parse().unwrap()).unwrap().items[0].key,
            "A"
        );
        assert_eq!(
            history.at("2027-01-01".parse().unwrap()).unwrap().items[0].key,
            "C"
        );
        assert_eq!(history.item_count(), 2);
        assert!(ScopeHistory::from_items("2026-01-01".parse().unwrap(), vec![]).is_empty());
    }
}
