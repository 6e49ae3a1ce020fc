//! A folio's scope (S9.3) as measured over time (S9.10): a measurement put with the day its
//! progress was measured, and the measurement in force on a day, with every measurement listed.

use super::error::{Error, Result};
use super::{Commands, Queries};
use crate::model::budgeting::{ScopeAnswer, ScopeItem, ScopeItems, ScopeMeasurement, ScopeVersion};
use crate::state::{Command, MAX_SCOPE_ITEMS_KEPT, MAX_SCOPE_VERSIONS};
use crate::value::{Date, Exact};

impl Queries<'_> {
    /// The scope of folio `folio` in force on `as_of` (by default today), with every measurement
    /// (S9.10).
    pub fn scope(&self, folio: u64, as_of: Option<Date>) -> Result<ScopeAnswer> {
        self.readable_folio(folio)?;
        let history = self.state.scope_of(folio);
        let day = as_of.unwrap_or_else(|| self.today());
        let in_force = history.at(day);
        let measurements = history
            .versions()
            .iter()
            .map(|version| {
                Ok(ScopeMeasurement {
                    as_of: version.as_of,
                    items: version.items.len(),
                    progress: crate::analytics::progress_percent(&version.items)
                        .map_err(|error| Error::invalid(error.to_string()))?
                        .map(Exact::of),
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(ScopeAnswer {
            items: in_force.map(|v| v.items.clone()).unwrap_or_default(),
            as_of: in_force.map(|v| v.as_of),
            measurements,
        })
    }
}

impl Commands<'_> {
    /// Puts the scope of folio `folio` as measured on the body's `asOf` (by default today, never
    /// after it): it holds from that day until the next measurement, and replaces one of the same
    /// day (S9.10).
    pub fn put_scope(&mut self, folio: u64, scope: ScopeItems) -> Result<()> {
        self.caller.writes()?;
        let record = self.caller.folio_for_edit(self.state, folio)?;
        let today = self.today();
        let as_of = scope.as_of.unwrap_or(today);
        if as_of > today {
            return Err(Error::field(
                "asOf",
                format!(
                    "asOf {as_of} is after today ({today}): progress is recorded as measured on a day that has come"
                ),
            ));
        }
        let history = self.state.scope_of(folio);
        let replaced = history.at(as_of).filter(|held| held.as_of == as_of);
        // S11.7: keys bounded, the items the folio held (latest, or of that day) kept.
        let mut held: Vec<ScopeItem> = record.scope.clone();
        held.extend(replaced.iter().flat_map(|v| v.items.iter().cloned()));
        let before = ScopeItems {
            items: held,
            as_of: None,
        };
        super::refusals::texts(&scope, Some(&before))?;
        unique_keys(&scope.items, &before.items)?;
        let versions = history.versions().len() + usize::from(replaced.is_none());
        if versions > MAX_SCOPE_VERSIONS {
            return Err(Error::field(
                "asOf",
                format!(
                    "a folio keeps at most {MAX_SCOPE_VERSIONS} measurements of its scope, one a day: record this one on a day already measured"
                ),
            ));
        }
        let kept = history.item_count() - replaced.map_or(0, |v| v.items.len()) + scope.items.len();
        if kept > MAX_SCOPE_ITEMS_KEPT {
            return Err(Error::field(
                "items",
                format!(
                    "a folio's measurements of its scope hold at most {MAX_SCOPE_ITEMS_KEPT} items together; these would make {kept}"
                ),
            ));
        }
        self.state.apply(Command::PutScope {
            folio,
            version: ScopeVersion {
                as_of,
                items: scope.items,
            },
        });
        Ok(())
    }
}

/// S11.8: each key once (a history names an item by it), unless the folio already held it twice.
fn unique_keys(items: &[ScopeItem], before: &[ScopeItem]) -> Result<()> {
    let mut seen = std::collections::HashMap::new();
    for (at, item) in items.iter().enumerate() {
        if let Some(first) = seen.insert(item.key.as_str(), at) {
            let held_twice = before.iter().filter(|b| b.key == item.key).count() > 1;
            if !held_twice {
                return Err(Error::field(
                    &format!("items[{at}].key"),
                    format!(
                        "items[{at}].key repeats the key of items[{first}] ({:?}): each scope item's key is given once",
                        crate::model::messages::excerpt(&item.key)
                    ),
                ));
            }
        }
    }
    Ok(())
}
