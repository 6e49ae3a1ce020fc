//! Wire types of the core administration interface (`/core/3`, core-admin-api.md): accounts,
//! categories and category types, account links, customers, holiday schemes, generic resources,
//! the list envelopes and the error envelope.

use super::Id;
use crate::value::{Key, Name, UtcTimestamp, WholeAmount};

/// Status of an account.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AccountStatus {
    /// Open for work.
    Open,
    /// Closed.
    Closed,
    /// Archived.
    Archived,
}

/// An account as the service returns it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Account {
    /// Address of the account.
    #[serde(rename = "self")]
    pub self_: String,
    /// The account's key.
    pub key: Key,
    /// The account's id.
    pub id: Id,
    /// The account's name.
    pub name: Name,
    /// Its status.
    pub status: AccountStatus,
    /// Whether the account is global (default false).
    pub global: bool,
    /// The monthly budget, a whole number (S10.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monthly_budget: Option<WholeAmount>,
    /// The account's lead.
    pub lead: Lead,
    /// The contact; left out when the account has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contact: Option<Contact>,
    /// The category; left out when the account has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<Category>,
    /// The customer; left out when the account has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer: Option<Customer>,
    /// Where the account's links are.
    pub links: SelfLink,
}

/// The lead of an account.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Lead {
    /// Address of the user.
    #[serde(rename = "self", default, skip_serializing_if = "Option::is_none")]
    pub self_: Option<String>,
    /// The tracker's accountId of the lead.
    pub account_id: String,
    /// The lead's display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
}

/// Whether a contact is a registered tracker user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ContactType {
    /// A registered issue-tracker user.
    User,
    /// Someone who is not a registered user.
    External,
}

/// The contact of an account.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Contact {
    /// Address of the user, for a USER contact.
    #[serde(rename = "self", default, skip_serializing_if = "Option::is_none")]
    pub self_: Option<String>,
    /// The tracker's accountId, for a USER contact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_id: Option<String>,
    /// The contact's name.
    pub display_name: String,
    /// USER or EXTERNAL.
    #[serde(rename = "type")]
    pub contact_type: ContactType,
}

/// An object holding only the address of something.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SelfLink {
    /// The address.
    #[serde(rename = "self")]
    pub self_: String,
}

/// The body of "create account" and "update account".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct AccountRequest {
    /// The account's key.
    pub key: Key,
    /// The account's name.
    pub name: Name,
    /// Its status.
    pub status: AccountStatus,
    /// The lead's accountId.
    pub lead_account_id: String,
    /// The contact's accountId, when the contact is a registered user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contact_account_id: Option<String>,
    /// The contact's name, when the contact is not a registered user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_contact_name: Option<String>,
    /// Key of the account's category.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category_key: Option<Key>,
    /// Key of the account's customer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_key: Option<Key>,
    /// The monthly budget, a whole number 0 or more (S10.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monthly_budget: Option<WholeAmount>,
    /// Whether the account is global; absent means false.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub global: Option<bool>,
}

/// The four types of category.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CategoryTypeName {
    /// Billable work.
    Billable,
    /// Capitalized work.
    Capitalized,
    /// Internal work.
    Internal,
    /// Operational work.
    Operational,
}

impl CategoryTypeName {
    /// All four, in the documented order.
    pub const ALL: [CategoryTypeName; 4] = [
        CategoryTypeName::Billable,
        CategoryTypeName::Capitalized,
        CategoryTypeName::Internal,
        CategoryTypeName::Operational,
    ];
}

/// A category type, an item of "list category types" and the `type` of a category.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CategoryType {
    /// The type's name.
    pub name: CategoryTypeName,
}

/// An account category as the service returns it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Category {
    /// Address of the category.
    #[serde(rename = "self")]
    pub self_: String,
    /// The category's key.
    pub key: Key,
    /// The category's id.
    pub id: Id,
    /// The category's name.
    pub name: Name,
    /// The category's type.
    #[serde(rename = "type")]
    pub category_type: CategoryType,
}

/// The body of "create category" and "update category".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct CategoryRequest {
    /// The category's key.
    pub key: Key,
    /// The category's name.
    pub name: Name,
    /// The category's type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub type_name: Option<CategoryTypeName>,
}

/// What an account link binds the account to: only projects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ScopeType {
    /// A tracker project.
    Project,
}

/// The scope of an account link.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LinkScope {
    /// Address of the project.
    #[serde(rename = "self")]
    pub self_: String,
    /// The project's id.
    pub id: Id,
    /// Always PROJECT.
    #[serde(rename = "type")]
    pub scope_type: ScopeType,
}

/// An account link as the service returns it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct AccountLink {
    /// Address of the link.
    #[serde(rename = "self")]
    pub self_: String,
    /// The link's id.
    pub id: Id,
    /// The project it binds.
    pub scope: LinkScope,
    /// The account it binds.
    pub account: SelfLink,
}

/// The body of "create link".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct AccountLinkRequest {
    /// Key of the account.
    pub account_key: Key,
    /// Always PROJECT.
    pub scope_type: ScopeType,
    /// Id of the project.
    pub scope_id: Id,
}

/// An item of "list links of a project": the link with its whole account.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct AccountLinkByProject {
    /// Address of the link.
    #[serde(rename = "self")]
    pub self_: String,
    /// The link's id.
    pub id: Id,
    /// Address of the project.
    pub scope: SelfLink,
    /// The linked account.
    pub account: Account,
}

/// A customer as the service returns it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Customer {
    /// Address of the customer.
    #[serde(rename = "self")]
    pub self_: String,
    /// The customer's key.
    pub key: Key,
    /// The customer's id.
    pub id: Id,
    /// The customer's name.
    pub name: Name,
}

/// The body of "create customer" and "update customer".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CustomerRequest {
    /// The customer's key.
    pub key: Key,
    /// The customer's name.
    pub name: Name,
}

/// A holiday scheme as the service returns it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct HolidayScheme {
    /// Address of the scheme.
    #[serde(rename = "self")]
    pub self_: String,
    /// The scheme's id.
    pub id: Id,
    /// The scheme's name.
    pub name: Name,
    /// Its description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Whether it is the default scheme (exactly one is).
    pub default_scheme: bool,
    /// How many users are assigned to it.
    pub member_count: u64,
}

/// The body of "create holiday scheme".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct HolidaySchemeCreate {
    /// The scheme's name (a missing name is the documented 400).
    pub name: Name,
    /// Its description.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// The body of "update holiday scheme": the name is required, the description may change too.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct HolidaySchemeUpdate {
    /// The scheme's new name.
    pub name: Name,
    /// Its new description; absent leaves it as it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// A user as generic resources name their author.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct UserRef {
    /// Address of the user.
    #[serde(rename = "self")]
    pub self_: String,
    /// The tracker's accountId.
    pub account_id: String,
}

/// A generic resource (a named placeholder) as the service returns it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct GenericResource {
    /// Address of the resource.
    #[serde(rename = "self")]
    pub self_: String,
    /// The resource's id.
    pub id: Id,
    /// The resource's name.
    pub name: Name,
    /// When it was created (`yyyy-MM-ddTHH:mm:ssZ`).
    pub created_at: UtcTimestamp,
    /// Who created it.
    pub created_by: UserRef,
    /// When it was last changed.
    pub updated_at: UtcTimestamp,
    /// Who last changed it.
    pub updated_by: UserRef,
}

/// The body of "create generic resource" and "update generic resource".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GenericResourceRequest {
    /// The resource's name.
    pub name: Name,
}

/// The `metadata` of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ListMetadata {
    /// How many results the list holds.
    pub count: u64,
}

/// The envelope of every list of this interface.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "ListOf{T}"))]
pub struct ListEnvelope<T> {
    /// Address of the list.
    #[serde(rename = "self")]
    pub self_: String,
    /// How many results.
    pub metadata: ListMetadata,
    /// The results.
    pub results: Vec<T>,
}

/// The `metadata` of a paged list: the count and the page's place.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PageMetadata {
    /// How many results this page holds.
    pub count: u64,
    /// Index of the first result (default 0).
    pub offset: u64,
    /// The most results a page holds (default 50, at most 1000).
    pub limit: u64,
    /// Address of the next page, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// Address of the previous page, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<String>,
}

/// A paged list, such as the list of holiday schemes.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schema", schemars(rename = "PageOf{T}"))]
pub struct PagedList<T> {
    /// Address of this page.
    #[serde(rename = "self")]
    pub self_: String,
    /// The count and paging fields.
    pub metadata: PageMetadata,
    /// The results.
    pub results: Vec<T>,
}

/// One message of the error envelope.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ErrorMessage {
    /// The message text.
    pub message: String,
}

/// The error envelope of the core interface: `{"errors": [{"message": ...}]}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CoreErrorBody {
    /// The messages.
    pub errors: Vec<ErrorMessage>,
}

impl CoreErrorBody {
    /// An envelope with one message.
    pub fn single(message: impl Into<String>) -> Self {
        CoreErrorBody {
            errors: vec![ErrorMessage {
                message: message.into(),
            }],
        }
    }
}
