//! The messages the documents give, word for word where they quote them and as close as their
//! paraphrase allows where they do not. One place, so that every layer says the same thing.

/// Several refusals as one message: each one's text, joined by `"; "`.
pub fn joined<E: std::fmt::Display>(errors: &[E]) -> String {
    let texts: Vec<String> = errors.iter().map(ToString::to_string).collect();
    texts.join("; ")
}

pub use crate::value::{excerpt, EXCERPT_CHARS};

/// Budgeting 403: the caller may read the record but not change it (S11.5).
pub const CHANGE_NOT_ALLOWED: &str =
    "The logged-in user does not have the required permission to change this data";
/// Budgeting 403: a folio's editor changes its draft and scenarios, not its approved budget, its
/// record or its sharing (S15.8).
pub const OWNER_ONLY: &str = "Only the folio's owner or a budget administrator may do this: an editor changes the draft and its scenarios, not the approved budget, the folio's record or its sharing";
/// 403 of a change made with a read-only credential (S11.5).
pub const READ_ONLY_CREDENTIAL: &str = "The credential is read-only: it cannot change data";

/// Core: duplicate account key.
pub const ACCOUNT_KEY_EXISTS: &str = "An account with this key already exists";
/// Core: duplicate category key.
pub const CATEGORY_KEY_EXISTS: &str = "A category with this key already exists";
/// Core: duplicate customer key.
pub const CUSTOMER_KEY_EXISTS: &str = "A customer with this key already exists";
/// Core: 404 of an account.
pub const ACCOUNT_NOT_FOUND: &str = "Account not found";
/// Core: 404 of a category, and a `categoryKey` that does not exist.
pub const INVALID_CATEGORY_KEY: &str = "Invalid category key";
/// Core: 404 of a customer, and a `customerKey` that does not exist.
pub const INVALID_CUSTOMER_KEY: &str = "Invalid customer key";
/// Core: 404 of an account link.
pub const LINK_NOT_FOUND: &str = "Link not found";
/// Core: 404 of a holiday scheme.
pub const HOLIDAY_SCHEME_NOT_FOUND: &str = "Holiday scheme not found";
/// Core: 404 of a generic resource.
pub const GENERIC_RESOURCE_NOT_FOUND: &str = "Generic resource was not found";
/// Core and audit: 403, the documented message, for a read-only token's change and for a change
/// (or an audit read) by someone who is not an administrator (S11.6).
pub const NO_PERMISSION: &str =
    "The logged-in user does not have the required permission to view this data";
/// Core: `id` combined with other parameters on the account list.
pub const ID_WITH_OTHER_PARAMETERS: &str = "id cannot be combined with other parameters";

/// Budgeting: `errors.endDate` of an inverted period.
pub const START_AFTER_END: &str = crate::value::START_AFTER_END;
/// Budgeting: deleting a team member's last allocation.
pub const LAST_AVAILABILITY_PERIOD: &str =
    "A staff member must have at least one availability period";
/// Budgeting: `errors.startDate` of conflicting hours periods (followed by the range and hours).
pub const PERIODS_CONFLICTING: &str = "Periods are conflicting";
/// Budgeting: `errors.name` of an expense without a name.
pub const NAME_REQUIRED: &str = "Name is required";
/// Budgeting: `errors.type` of an expense without a type.
pub const EXPENSE_TYPE_REQUIRED: &str = "Expense type is required";
/// Budgeting: `errors.amount` of an expense without an amount.
pub const AMOUNT_REQUIRED: &str = "Amount is required";
/// Budgeting: removing a position's last rate, or creating one without.
pub const LAST_COST_RATE: &str = "A staff member must have at least one cost rate";
/// Budgeting: a position created without percentage or capacity.
pub const PERCENTAGE_REQUIRED: &str = "The percentage or capacity is required";
/// Budgeting: adding an allocation to a position that is not a team member.
pub const AVAILABILITY_ONLY_STAFF: &str = "Availability can only be added to staff members";
/// Budgeting: `errors.startDate` of a second rate on the same date.
pub const RATE_DATE_EXISTS: &str = "A cost rate already exists with that effective date";
/// Budgeting: 404 of a position.
pub const POSITION_NOT_FOUND: &str = "Position does not exist";
/// Budgeting: 404 of a folio, expense or position the caller cannot view.
pub const FOLIO_NOT_VIEWABLE: &str =
    "The requested folio cannot be viewed because it does not exist or the caller lacks permission";
