//! Custom fields (S7.4): a folio's definitions, and the values its records carry, checked against
//! them when a record is written.
//!
//! A value is checked when it is written: it must belong to a live definition of the record's
//! folio and type, in the definition's style; a required definition must have a value. A value
//! whose definition was deleted since is kept as it is (and no longer checked): the record's
//! update carries it over, and only a different value for it is refused.

use core::fmt;

use crate::json::Value;
use crate::model::budgeting::{
    CustomFieldDefinition, CustomFieldStyle, CustomFieldType, CustomFields,
};
use crate::state::State;
use crate::value::{CurrencyCode, MAX_TEXT_CHARS};

/// The most live definitions one folio holds: every write of one of its records checks them all.
pub const MAX_DEFINITIONS: usize = 200;

/// Why a custom-field value, or a definition, was refused (S7.4). Each names its field
/// (`customFields.7`, `options`) through [`CustomFieldError::field`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CustomFieldError {
    /// No definition with this id (or a key that is no id) in the record's folio.
    Unknown {
        /// The key of the value.
        key: String,
    },
    /// The definition was deleted before this value was given.
    Deleted {
        /// The definition's id.
        id: u64,
        /// Its name.
        name: String,
    },
    /// The definition is for another kind of record.
    OtherType {
        /// The definition's id.
        id: u64,
        /// Its name.
        name: String,
        /// What it is for.
        defined_for: CustomFieldType,
        /// What the record is.
        record: CustomFieldType,
    },
    /// The value is not of the definition's style.
    Style {
        /// The definition's id.
        id: u64,
        /// Its name.
        name: String,
        /// What the style wants, in words.
        wanted: String,
        /// The value given, as JSON (cut short).
        given: String,
    },
    /// A required definition has no value.
    Required {
        /// The definition's id.
        id: u64,
        /// Its name.
        name: String,
    },
    /// A definition is refused: its field and why.
    Definition {
        /// The field of the definition (`name`, `options`, `style`).
        field: &'static str,
        /// Why.
        message: String,
    },
}

impl CustomFieldError {
    /// The field the refusal names: `customFields.<id>` for a value, the definition's own field
    /// for a definition.
    pub fn field(&self) -> String {
        match self {
            CustomFieldError::Unknown { key } => format!("customFields.{key}"),
            CustomFieldError::Deleted { id, .. }
            | CustomFieldError::OtherType { id, .. }
            | CustomFieldError::Style { id, .. }
            | CustomFieldError::Required { id, .. } => format!("customFields.{id}"),
            CustomFieldError::Definition { field, .. } => (*field).to_owned(),
        }
    }
}

fn type_noun(kind: CustomFieldType) -> &'static str {
    match kind {
        CustomFieldType::Folio => "folios",
        CustomFieldType::Team => "positions",
        CustomFieldType::Actual => "cost expenses",
        CustomFieldType::Revenue => "revenue expenses",
    }
}

impl fmt::Display for CustomFieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CustomFieldError::Unknown { key } => write!(
                f,
                "there is no custom field {} in this folio",
                crate::model::messages::excerpt(key)
            ),
            CustomFieldError::Deleted { id, name } => write!(
                f,
                "custom field {name:?} ({id}) was deleted: it takes no new value"
            ),
            CustomFieldError::OtherType {
                id,
                name,
                defined_for,
                record,
            } => write!(
                f,
                "custom field {name:?} ({id}) is for {}, not for {}",
                type_noun(*defined_for),
                type_noun(*record)
            ),
            CustomFieldError::Style {
                id,
                name,
                wanted,
                given,
            } => write!(
                f,
                "custom field {name:?} ({id}) takes {wanted}, not {given}"
            ),
            CustomFieldError::Required { id, name } => {
                write!(f, "custom field {name:?} ({id}) is required")
            }
            CustomFieldError::Definition { message, .. } => f.write_str(message),
        }
    }
}

impl std::error::Error for CustomFieldError {}

/// The record a value belongs to, and its folio's currency (for AMOUNT values).
#[derive(Debug, Clone, Copy)]
pub struct FieldHolder {
    /// The record's folio.
    pub folio: u64,
    /// Which definitions apply to it.
    pub kind: CustomFieldType,
    /// The folio's currency.
    pub currency: CurrencyCode,
}

impl State {
    /// The definitions of folio `folio`, live and deleted, by id.
    fn definitions_of(&self, folio: u64) -> impl Iterator<Item = (u64, &CustomFieldDefinition)> {
        // The folio's own definitions, found by the index: never a walk over other folios'.
        self.custom_fields_of(folio).iter().filter_map(move |id| {
            self.custom_fields
                .get(id)
                .map(|(_, definition)| (*id, definition.record()))
        })
    }

    /// The live definitions of folio `folio`.
    pub fn live_custom_fields(&self, folio: u64) -> usize {
        self.definitions_of(folio)
            .filter(|(_, d)| d.deleted_on.is_none())
            .count()
    }

    /// Checks the custom-field values `given` of a record of `holder` written over `before` (its
    /// stored values, for an update), S7.4, and answers the values to store: those given, with the
    /// stored values of deleted definitions carried over.
    pub fn check_custom_fields(
        &self,
        holder: FieldHolder,
        given: Option<&CustomFields>,
        before: Option<&CustomFields>,
    ) -> Result<Option<CustomFields>, CustomFieldError> {
        let definitions: Vec<(u64, &CustomFieldDefinition)> =
            self.definitions_of(holder.folio).collect();
        let mut kept = given.cloned().unwrap_or_default();
        for (key, value) in given.map(|g| &g.values).into_iter().flatten() {
            // A key is a definition's id as written by the service ("7", not "07" or "+7"), so
            // that one definition holds one value.
            let definition = key
                .parse::<u64>()
                .ok()
                .filter(|id| id.to_string() == *key)
                .and_then(|id| definitions.iter().find(|(held, _)| *held == id));
            let Some(&(id, definition)) = definition else {
                return Err(CustomFieldError::Unknown { key: key.clone() });
            };
            let name = definition.name.clone();
            // A value the record already holds, sent back as it is, is no new value: it is not
            // judged again (its definition may have been deleted, lost the option, or the folio
            // changed its currency since), so that the rest of the record stays editable.
            if before.and_then(|b| b.values.get(key)) == Some(value) {
                continue;
            }
            if definition.deleted_on.is_some() {
                return Err(CustomFieldError::Deleted { id, name });
            }
            if definition.field_type != holder.kind {
                return Err(CustomFieldError::OtherType {
                    id,
                    name,
                    defined_for: definition.field_type,
                    record: holder.kind,
                });
            }
            if value.is_null() {
                continue;
            }
            if let Some(wanted) = self.style_refusal(definition, value, holder.currency) {
                return Err(CustomFieldError::Style {
                    id,
                    name,
                    wanted,
                    given: crate::model::messages::excerpt(&crate::json::to_json(value))
                        .into_owned(),
                });
            }
        }
        for (id, definition) in &definitions {
            let key = id.to_string();
            if definition.deleted_on.is_some() {
                // A deleted definition's value stays on the record.
                if let Some(value) = before.and_then(|b| b.values.get(&key)) {
                    kept.values.entry(key).or_insert_with(|| value.clone());
                }
                continue;
            }
            let has = kept.values.get(&key).is_some_and(|v| !v.is_null());
            if definition.required && definition.field_type == holder.kind && !has {
                return Err(CustomFieldError::Required {
                    id: *id,
                    name: definition.name.clone(),
                });
            }
        }
        if given.is_none() && kept.values.is_empty() {
            return Ok(None);
        }
        Ok(Some(kept))
    }

    /// What `value` should have been for `definition`'s style, or `None` when it is of it.
    fn style_refusal(
        &self,
        definition: &CustomFieldDefinition,
        value: &Value,
        currency: CurrencyCode,
    ) -> Option<String> {
        let number = |value: &Value| match value {
            Value::Number(number) => crate::value::parse_decimal(number.as_str()).ok(),
            _ => None,
        };
        let fits = match definition.style {
            // One line, shown as typed (S11.7's rule for names).
            CustomFieldStyle::Text => value.as_str().is_some_and(|text| {
                crate::value::check_text(crate::value::TextKind::Name, text).is_ok()
            }),
            CustomFieldStyle::Select => definition
                .options
                .iter()
                .flatten()
                .any(|option| option == value),
            CustomFieldStyle::Date => value
                .as_str()
                .is_some_and(|text| crate::value::Date::parse(text).is_ok()),
            CustomFieldStyle::Number => number(value).is_some(),
            // Bounded as every amount is (0 to 10^15, docs/security.md).
            CustomFieldStyle::Amount => number(value).is_some_and(|amount| {
                crate::value::Amount::new(amount).is_ok()
                    && amount.normalize().scale() <= currency.minor_units()
            }),
            CustomFieldStyle::User => value
                .as_str()
                .is_some_and(|user| self.users.contains_key(user)),
        };
        if fits {
            return None;
        }
        Some(match definition.style {
            CustomFieldStyle::Text => format!(
                "text of at most {MAX_TEXT_CHARS} characters on one line, with no invisible character"
            ),
            CustomFieldStyle::Select => {
                let options: Vec<String> = definition
                    .options
                    .iter()
                    .flatten()
                    .take(10)
                    .map(crate::json::to_json)
                    .collect();
                format!("one of its options ({})", options.join(", "))
            }
            CustomFieldStyle::Date => "a date (yyyy-MM-dd)".to_owned(),
            CustomFieldStyle::Number => "a number".to_owned(),
            CustomFieldStyle::Amount => format!(
                "an amount from 0 to 1000000000000000 with at most {} decimals ({})",
                currency.minor_units(),
                currency
            ),
            CustomFieldStyle::User => "the key of a user the service knows".to_owned(),
        })
    }
}

/// Checks a definition as written (S7.4): a name; a SELECT with distinct options, at least one,
/// each a string or a number; no options for another style. How long the name and the options
/// are, and how many options, is S11.7's (`value::check_texts`), asked first.
/// `before` is the stored definition of an update: its style and type cannot change.
pub fn check_definition(
    definition: &CustomFieldDefinition,
    before: Option<&CustomFieldDefinition>,
) -> Result<(), CustomFieldError> {
    let refused = |field, message: String| Err(CustomFieldError::Definition { field, message });
    let name = definition.name.trim();
    if name.is_empty() {
        return refused("name", crate::model::messages::NAME_REQUIRED.to_owned());
    }
    if let Some(before) = before {
        if before.style != definition.style {
            return refused(
                "style",
                "a custom field's style cannot change (its values are of it): delete it and create another".to_owned(),
            );
        }
        if before.field_type != definition.field_type {
            return refused(
                "type",
                "what a custom field is for cannot change: delete it and create another".to_owned(),
            );
        }
    }
    let options = definition.options.as_deref().unwrap_or_default();
    if definition.style != CustomFieldStyle::Select {
        if !options.is_empty() {
            return refused(
                "options",
                "only a SELECT custom field has options".to_owned(),
            );
        }
        return Ok(());
    }
    if options.is_empty() {
        return refused(
            "options",
            "a SELECT custom field needs at least one option".to_owned(),
        );
    }
    for (index, option) in options.iter().enumerate() {
        let plain = match option {
            Value::String(text) => !text.trim().is_empty(),
            Value::Number(_) => true,
            _ => false,
        };
        if !plain {
            return refused(
                "options",
                format!("option {index} must be a non-empty text or a number"),
            );
        }
        if options[..index].contains(option) {
            return refused("options", format!("option {index} repeats an earlier one"));
        }
    }
    Ok(())
}
