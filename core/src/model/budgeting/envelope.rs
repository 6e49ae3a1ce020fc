//! The success wrapper and the error body of the budgeting interface.

use std::collections::BTreeMap;

/// Every success of the budgeting interface: `{"success": value}`, where the value is `true`, the
/// id of a new record, a record, or an array of records.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Success<T> {
    /// The value.
    pub success: T,
}

impl<T> Success<T> {
    /// Wraps `value`.
    pub fn new(value: T) -> Self {
        Success { success: value }
    }
}

/// The error body of the budgeting interface; every field is optional and left out when empty.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct BudgetErrorBody {
    /// A parse failure, such as a date not in `yyyy-MM-dd`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// General messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_messages: Option<Vec<String>>,
    /// Messages by field name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, String>>,
}

impl BudgetErrorBody {
    /// A body whose `error` holds `message`.
    pub fn parse_failure(message: impl Into<String>) -> Self {
        BudgetErrorBody {
            error: Some(message.into()),
            ..Self::default()
        }
    }

    /// A body with one general message.
    pub fn message(message: impl Into<String>) -> Self {
        BudgetErrorBody {
            error_messages: Some(vec![message.into()]),
            ..Self::default()
        }
    }

    /// A body with one message for `field`.
    pub fn field(field: impl Into<String>, message: impl Into<String>) -> Self {
        BudgetErrorBody {
            errors: Some(BTreeMap::from([(field.into(), message.into())])),
            ..Self::default()
        }
    }
}
