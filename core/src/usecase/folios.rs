//! Folios (S7): list, read, create, update, delete, share; their viewers; the users to pick from.

use super::error::{Error, Result};
use super::limits::{check_folio_payments, check_position_months, frame, live_positions};
use super::{Access, Commands, Queries};
use crate::analytics::{folio_status, validate_folio};
use crate::model::budgeting::{CustomFieldType, CustomFields, Folio, FolioSummary};
use crate::model::{messages, Id};
use crate::state::{AuditEventKind, Command, FolioRecord, State, Stored};
use crate::value::Date;

/// A user as the pickers list them (extension: `GET /budgets/1/users`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct UserChoice {
    /// The user's key.
    pub key: String,
    /// How the user is shown.
    pub display_name: String,
}

/// Who a folio is shared with (S11.4).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Viewers {
    /// The users' keys.
    pub users: Vec<String>,
}

impl crate::value::Texts for Viewers {
    fn texts(&self, check: &mut crate::value::TextCheck) {
        use crate::value::{ListKind, TextKind};
        check.list("users", ListKind::Viewers, &self.users, |check, user| {
            check.text("", TextKind::Key, user);
        });
    }
}

/// The most users one answer of [`Queries::users`] lists.
pub const MAX_USERS_LISTED: usize = 100;

/// The folio as shown on `day`: its status derived (S7.1).
pub(super) fn shown(folio: &Folio, day: Date) -> Folio {
    let mut folio = folio.clone();
    folio.status = Some(folio_status(
        folio.start_date,
        folio.end_date,
        folio.closed_date,
        day,
    ));
    folio
}

/// The summary of a folio as lists show it, with its status on `day` (S7.1).
pub(super) fn summary(folio: &Stored<Folio>, day: Date) -> FolioSummary {
    FolioSummary {
        id: folio.id(),
        name: folio.name.clone(),
        start_date: folio.start_date,
        end_date: folio.end_date,
        owner: folio.owner.clone(),
        status: folio_status(folio.start_date, folio.end_date, folio.closed_date, day),
        closed_date: folio.closed_date,
        with_revenue: Some(folio.with_revenue),
        with_earned: Some(folio.with_earned),
    }
}

/// Refuses an invalid folio (S7.2), or one whose texts break their bounds (S11.7, `before` the
/// folio as it was): every refusal at once, each at its field.
fn check_folio(folio: &Folio, before: Option<&Folio>) -> Result<()> {
    let texts = crate::value::check_texts(folio, before)
        .err()
        .unwrap_or_default();
    let rules = validate_folio(folio).err().unwrap_or_default();
    // S14.1: how many categories its uncertainty names, and how long their names are.
    let uncertainty = folio.uncertainty.as_ref().and_then(|u| u.check().err());
    if texts.is_empty() && rules.is_empty() && uncertainty.is_none() {
        return Ok(());
    }
    // A later message for a field replaces an earlier one: S7.2's own words come last.
    Err(Error::fields(
        texts
            .into_iter()
            .chain(uncertainty.map(|(field, message)| (field.to_owned(), message)))
            .chain(rules.iter().map(|e| (e.field().to_owned(), e.to_string()))),
    ))
}

/// The custom-field values of folio `id` as they are stored (S7.4: FOLIO fields), written as
/// `folio` says over `before`, its stored values.
fn folio_fields(
    state: &State,
    id: u64,
    folio: &Folio,
    before: Option<&CustomFields>,
) -> Result<Option<CustomFields>> {
    state
        .check_custom_fields(
            crate::rules::FieldHolder {
                folio: id,
                kind: CustomFieldType::Folio,
                currency: folio.currency_code,
            },
            folio.custom_fields.as_ref(),
            before,
        )
        .map_err(super::refusals::custom_field)
}

impl<'s> Queries<'s> {
    /// The live folios the caller may read (operation "list folios", S11.4), in id order, with
    /// their ids; a page of them is [`Queries::folios_page`]'s.
    pub(super) fn readable_folios(&self) -> impl Iterator<Item = (u64, &'s FolioRecord)> + '_ {
        self.state.folios.iter().filter_map(|(id, r)| {
            (r.folio.deleted_on.is_none() && self.caller.folio(self.state, *id) >= Access::Read)
                .then_some((*id, r))
        })
    }

    /// Folio `id` as the caller may read it, deleted or not (S5.1: a deleted record is still
    /// read by id), its status derived at the request's date (S7.1).
    pub fn folio(&self, id: u64) -> Result<Folio> {
        let record = self
            .caller
            .folio_by_id(self.state, id)
            .ok_or_else(Error::folio_not_viewable)?;
        Ok(shown(&record.folio, self.today()))
    }

    /// Live folio `id` as stored, when the caller may read it; else the folio's 404 (S11.4).
    /// What a route asks first, so that a hidden folio answers its 404 before any parameter of
    /// the request is read.
    pub fn live_folio(&self, id: u64) -> Result<&'s Folio> {
        Ok(&self.readable_folio(id)?.folio)
    }

    /// A live folio the caller may read (its id); else the folio's 404 (S11.4).
    pub(super) fn readable_folio(&self, id: u64) -> Result<&'s FolioRecord> {
        self.caller.folio_for_read(self.state, id)
    }

    /// Who folio `id` is shared with (extension), to a caller who may read it.
    pub fn viewers(&self, id: u64) -> Result<Viewers> {
        let record = self.readable_folio(id)?;
        Ok(Viewers {
            users: record.viewers.clone(),
        })
    }

    /// Who may change folio `id`'s draft and scenarios besides its owner (S15.8).
    pub fn editors(&self, id: u64) -> Result<Viewers> {
        let record = self.readable_folio(id)?;
        Ok(Viewers {
            users: record.editors.clone(),
        })
    }

    /// The users the service knows whose key or display name holds `query` (ignoring case; all
    /// without one), in key order, at most `limit` (default 20, at most
    /// [`MAX_USERS_LISTED`]): what the planner's owner, viewer and member pickers offer
    /// (extension). Every authenticated user may ask.
    pub fn users(&self, query: Option<&str>, limit: Option<usize>) -> Result<Vec<UserChoice>> {
        let limit = match limit {
            None => 20,
            Some(limit) if (1..=MAX_USERS_LISTED).contains(&limit) => limit,
            Some(limit) => {
                return Err(Error::field(
                    "limit",
                    format!(
                        "limit must be a whole number from 1 to {MAX_USERS_LISTED}, got {limit}"
                    ),
                ))
            }
        };
        let query = query.unwrap_or("").trim().to_lowercase();
        if query.chars().count() > 255 {
            return Err(Error::field("query", "query has at most 255 characters"));
        }
        Ok(self
            .state
            .users
            .values()
            .filter(|user| {
                query.is_empty()
                    || user.key.to_lowercase().contains(&query)
                    || user.display_name.to_lowercase().contains(&query)
            })
            .take(limit)
            .map(|user| UserChoice {
                key: user.key.clone(),
                display_name: user.display_name.clone(),
            })
            .collect())
    }
}

impl Commands<'_> {
    /// Creates `folio` (S7.2: an id in the body is ignored; the service assigns it). The owner is
    /// the caller, unless a budget administrator names another user (S11.5).
    pub fn create_folio(&mut self, mut folio: Folio) -> Result<Id> {
        self.caller.writes()?;
        check_folio(&folio, None)?;
        if folio.owner != self.caller.user && !self.caller.budget_admin {
            return Err(Error::forbidden_field(
                "owner",
                format!(
                    "Only a budget administrator may create a folio owned by another user (owner {:?})",
                    messages::excerpt(&folio.owner)
                ),
            ));
        }
        // S6.10: its calendars (and its saved filter, when it synchronizes) name live records.
        self.state
            .check_folio_references(&folio, None)
            .map_err(super::refusals::reference)?;
        let id = self.state.counters.next(crate::state::IdKind::Folio);
        // S7.4: a new folio has no definitions yet, so it takes no values.
        folio.custom_fields = folio_fields(self.state, id, &folio, None)?;
        folio.status = None;
        folio.deleted_on = None;
        self.state.apply(Command::PutFolio(Box::new(FolioRecord {
            folio: Stored::new(Id::new(id), folio),
            viewers: Vec::new(),
            editors: Vec::new(),
            scope: Vec::new(),
        })));
        Ok(Id::new(id))
    }

    /// Replaces folio `folio.id` (extension): the whole record, as the body gives it.
    pub fn update_folio(&mut self, folio: Folio) -> Result<Folio> {
        self.update_folio_for(folio, None)
    }

    /// Replaces folio `folio.id` as [`Commands::update_folio`] does, `reason` saying why its
    /// reserve or contingency changes: while it has an approved budget such a change is a budget
    /// change (S15.7).
    pub fn update_folio_for(&mut self, mut folio: Folio, reason: Option<&str>) -> Result<Folio> {
        self.caller.writes()?;
        let id = folio
            .id
            .ok_or_else(|| Error::field("id", "id is required to update a folio"))?
            .get();
        let existing = self.caller.folio_for_change(self.state, id)?.clone();
        // S11.5: only a budget administrator hands a folio to another user; an owner who could
        // would keep reading it as a viewer while the new owner took it for their own.
        if folio.owner != existing.folio.owner && !self.caller.budget_admin {
            return Err(Error::forbidden_field(
                "owner",
                format!(
                    "Only a budget administrator may make {:?} the owner",
                    messages::excerpt(&folio.owner)
                ),
            ));
        }
        check_folio(&folio, Some(existing.folio.record()))?;
        self.state
            .check_folio_references(&folio, Some(existing.folio.record()))
            .map_err(super::refusals::reference)?;
        folio.custom_fields = folio_fields(
            self.state,
            id,
            &folio,
            existing.folio.custom_fields.as_ref(),
        )?;
        // S8.7: an approved baseline keeps its currency, and a folio's figures are in one.
        if folio.currency_code != existing.folio.currency_code {
            let approved = self
                .state
                .baselines
                .values()
                .filter(|b| b.baseline.folio_id.get() == id && b.baseline.deleted_on.is_none())
                .max_by_key(|b| b.baseline.id);
            if let Some(approved) = approved {
                return Err(Error::field(
                    "currencyCode",
                    format!(
                        "The currency stays {} while the folio has approved baselines (the latest: {:?}): an approved budget keeps the currency it was approved in. Delete its baselines first, or plan in {} in a new folio",
                        existing.folio.currency_code,
                        messages::excerpt(&approved.baseline.name),
                        folio.currency_code
                    ),
                ));
            }
        }
        // S5.6: a new currency must be one every live expense of the folio converts into.
        if folio.currency_code != existing.folio.currency_code {
            if let Some((missing, count)) =
                self.state.unconvertible_expenses(id, folio.currency_code)
            {
                return Err(Error::field(
                    "currencyCode",
                    format!(
                        "{missing} ({count} live expense{} of this folio in {})",
                        if count == 1 { "" } else { "s" },
                        missing.from
                    ),
                ));
            }
        }
        // New dates change how many payments the folio's expenses make (S7.3), and how many
        // months its positions are costed over.
        check_folio_payments(self.state, id, &frame(&folio)?, None, "endDate")?;
        check_position_months(&folio, live_positions(self.state, id), "endDate")?;
        folio.status = None;
        folio.deleted_on = None;
        let reserve_changed = folio.reserve != existing.folio.reserve
            || folio.contingency != existing.folio.contingency;
        let budget_change =
            reserve_changed && super::budget_changes::has_approved_budget(self.state, id);
        let before = if budget_change {
            let reason = super::budget_changes::reason_for(self.state, id, reason)?;
            Some((
                super::budget_changes::budget_of(self.state, id, self.today())?,
                reason,
            ))
        } else {
            None
        };
        let record = FolioRecord {
            folio: Stored::new(existing.folio.id(), folio),
            ..existing
        };
        self.state
            .apply(Command::PutFolio(Box::new(record.clone())));
        if let Some((before, reason)) = before {
            self.record_budget_change(
                id,
                before,
                super::budget_changes::ChangeOf {
                    kind: crate::model::budgeting::BudgetChangeKind::Reserve,
                    reason,
                    baseline: None,
                    scenario: None,
                },
            )?;
        }
        Ok(shown(&record.folio, self.today()))
    }

    /// Deletes folio `id` (S5.1: marked, still read by id); a folio holding allocations records
    /// one deletion event per allocation (S12.1).
    pub fn delete_folio(&mut self, id: u64) -> Result<()> {
        let mut record = self.caller.folio_for_change(self.state, id)?.clone();
        let day = self.today();
        record.folio.update(|folio| folio.deleted_on = Some(day));
        self.state.apply(Command::PutFolio(Box::new(record)));
        let allocations: Vec<u64> = self
            .state
            .positions_of(id)
            .filter(|row| row.record.deleted_on.is_none())
            .flat_map(|row| {
                row.record
                    .allocations
                    .iter()
                    .filter(|a| a.deleted_on.is_none())
                    .filter_map(|a| a.id.map(Id::get))
            })
            .collect();
        for allocation in allocations {
            self.record_deletion(AuditEventKind::Allocation { id: allocation });
        }
        Ok(())
    }

    /// Shares folio `id` with `users` (S11.4), replacing whom it was shared with.
    pub fn share_folio(&mut self, id: u64, viewers: Viewers) -> Result<()> {
        let mut record = self.caller.folio_for_change(self.state, id)?.clone();
        let before = Viewers {
            users: core::mem::take(&mut record.viewers),
        };
        super::refusals::texts(&viewers, Some(&before))?;
        record.viewers = viewers.users;
        self.state.apply(Command::PutFolio(Box::new(record)));
        Ok(())
    }

    /// Names `editors.users` the editors of folio `id` (S15.8), replacing who they were: each
    /// changes the folio's draft and scenarios like its owner.
    pub fn set_editors(&mut self, id: u64, editors: Viewers) -> Result<()> {
        let mut record = self.caller.folio_for_change(self.state, id)?.clone();
        let before = Viewers {
            users: core::mem::take(&mut record.editors),
        };
        super::refusals::texts(&editors, Some(&before))?;
        record.editors = editors.users;
        self.state.apply(Command::PutFolio(Box::new(record)));
        Ok(())
    }
}
