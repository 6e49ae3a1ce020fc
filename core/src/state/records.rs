//! The records the state keeps: what the service stores, not how the wire shows it.

use crate::model::core_admin::{AccountStatus, CategoryTypeName};
use crate::value::{EventTimestamp, Key, Name, UtcTimestamp, WholeAmount};

/// The contact of an account: a registered user, or someone outside.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ContactRecord {
    /// A registered tracker user, by accountId.
    User(String),
    /// Someone who is not a registered user, by name.
    External(String),
}

/// An account.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AccountRecord {
    /// Its id.
    pub id: u64,
    /// Its key (unique).
    pub key: Key,
    /// Its name.
    #[serde(deserialize_with = "Name::read_kept")]
    pub name: Name,
    /// Its status.
    pub status: AccountStatus,
    /// Whether it is global.
    pub global: bool,
    /// Its monthly budget.
    pub monthly_budget: Option<WholeAmount>,
    /// The lead's accountId.
    pub lead_account_id: String,
    /// The contact.
    pub contact: Option<ContactRecord>,
    /// Its category.
    pub category_id: Option<u64>,
    /// Its customer.
    pub customer_id: Option<u64>,
}

/// An account category.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CategoryRecord {
    /// Its id.
    pub id: u64,
    /// Its key (unique).
    pub key: Key,
    /// Its name.
    #[serde(deserialize_with = "Name::read_kept")]
    pub name: Name,
    /// Its type.
    pub type_name: CategoryTypeName,
}

/// A customer.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CustomerRecord {
    /// Its id.
    pub id: u64,
    /// Its key (unique).
    pub key: Key,
    /// Its name.
    #[serde(deserialize_with = "Name::read_kept")]
    pub name: Name,
}

/// A link from an account to a tracker project.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LinkRecord {
    /// Its id.
    pub id: u64,
    /// The account.
    pub account_id: u64,
    /// The project.
    pub project_id: u64,
}

/// A holiday scheme.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HolidaySchemeRecord {
    /// Its id.
    pub id: u64,
    /// Its name (unique, ignoring case).
    #[serde(deserialize_with = "Name::read_kept")]
    pub name: Name,
    /// Its description.
    pub description: Option<String>,
    /// Whether it is the default.
    pub default_scheme: bool,
    /// The accountIds of the users assigned to it.
    pub members: Vec<String>,
}

/// A generic resource.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GenericResourceRecord {
    /// Its id.
    pub id: u64,
    /// Its name (unique, ignoring case).
    #[serde(deserialize_with = "Name::read_kept")]
    pub name: Name,
    /// When it was created.
    pub created_at: UtcTimestamp,
    /// Who created it.
    pub created_by: String,
    /// When it was last changed.
    pub updated_at: UtcTimestamp,
    /// Who last changed it.
    pub updated_by: String,
}

/// A registered OAuth client; its secret only as a hash (S11.2).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClientRecord {
    /// The client id.
    pub client_id: String,
    /// The client secret's hash: a salted argon2 PHC string (`$argon2id$...`) that the host
    /// computed and verifies, or, for a client registered by the core alone, SHA-256 hex.
    pub secret_hash: String,
    /// The registered redirect URI.
    pub redirect_uri: String,
}

/// An authorization code, by hash: single use, bound to a client and redirect URI (S11.1).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CodeRecord {
    /// SHA-256 of the code, hex.
    pub hash: String,
    /// The client it was issued to.
    pub client_id: String,
    /// The redirect URI it was issued for.
    pub redirect_uri: String,
    /// The user who granted it.
    pub user: String,
    /// When it stops being valid.
    pub expires_at: UtcTimestamp,
    /// Whether it has been exchanged.
    pub used: bool,
    /// The grant its exchange started: the pair number of the first tokens it issued, which every
    /// later refresh keeps. A replayed code revokes the whole grant (RFC 6749 4.1.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grant: Option<u64>,
    /// The `S256` challenge the authorization request carried (RFC 7636, S11.9): the code is
    /// exchanged only with its verifier. None for a client that sent none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code_challenge: Option<String>,
}

/// What a token is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TokenKind {
    /// Authorizes requests.
    Access,
    /// Obtains a new pair.
    Refresh,
    /// A browser's sign-in session: accepted only from the host's session cookie, never as a
    /// bearer token, and only with its CSRF token on changes.
    Session,
}

/// A token, by hash (S11.2).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TokenRecord {
    /// SHA-256 of the token, hex.
    pub hash: String,
    /// The pair it belongs to (an access token and its refresh token share one).
    pub pair: u64,
    /// Access or refresh.
    pub kind: TokenKind,
    /// The user it acts for.
    pub user: String,
    /// The client it was issued to; none for a personal token.
    pub client_id: Option<String>,
    /// When it expires; none for a refresh token or a personal token.
    pub expires_at: Option<UtcTimestamp>,
    /// Whether it may change data (scope `read write`); a read-only token gets 403 on writes.
    pub write: bool,
    /// Whether it was revoked or rotated away.
    pub revoked: bool,
    /// The grant it descends from (see [`CodeRecord::grant`]); none for a personal token. A
    /// replayed refresh token revokes the whole grant (OAuth 2.0 Security BCP, 4.14).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grant: Option<u64>,
}

/// What was deleted.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum AuditEventKind {
    /// A worklog.
    Worklog {
        /// The service's id of the worklog.
        service_worklog_id: u64,
        /// The tracker's id of the worklog.
        tracker_worklog_id: u64,
    },
    /// An allocation.
    Allocation {
        /// The allocation's id.
        id: u64,
    },
}

/// A deletion event of the audit feed (S12).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AuditEvent {
    /// Its place in the feed, from 1.
    pub seq: u64,
    /// When it happened; never before the event recorded before it.
    pub deleted_at: EventTimestamp,
    /// What was deleted.
    pub kind: AuditEventKind,
}

/// A holiday of a holiday scheme.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HolidayRecord {
    /// Its id.
    pub id: u64,
    /// Its scheme.
    pub scheme_id: u64,
    /// FIXED or FLOATING.
    pub kind: crate::calendar::HolidayKind,
    /// Its name.
    #[serde(deserialize_with = "Name::read_kept")]
    pub name: Name,
    /// Its description.
    pub description: Option<String>,
    /// 1 to 86400 seconds.
    pub duration_seconds: u32,
    /// Its date.
    pub date: crate::value::Date,
}

/// A workload scheme.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WorkloadSchemeRecord {
    /// Its id.
    pub id: u64,
    /// Its name (unique, ignoring case).
    #[serde(deserialize_with = "Name::read_kept")]
    pub name: Name,
    /// Its description.
    pub description: Option<String>,
    /// Whether it is the default.
    pub default_scheme: bool,
    /// Required seconds, Monday first.
    pub seconds: [u32; 7],
    /// The accountIds of the users assigned to it.
    pub members: Vec<String>,
}

/// A tracker project.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ProjectRecord {
    /// Its id (the tracker's).
    pub id: u64,
    /// Its key.
    pub key: Key,
    /// Its name.
    #[serde(deserialize_with = "Name::read_kept")]
    pub name: Name,
}

/// A saved filter.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SavedFilterRecord {
    /// Its id (the tracker's).
    pub id: u64,
    /// Its name.
    #[serde(deserialize_with = "Name::read_kept")]
    pub name: Name,
    /// Its projects.
    pub project_ids: Vec<u64>,
}

/// A worklog.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WorklogRecord {
    /// The service's id.
    pub id: u64,
    /// The tracker's id.
    pub tracker_id: u64,
    /// The issue key.
    pub issue_key: String,
    /// The issue's project.
    pub project_id: u64,
    /// Seconds worked.
    pub seconds: u64,
    /// Seconds billable.
    pub billable_seconds: u64,
    /// The day worked.
    pub start_date: crate::value::Date,
    /// `HH:mm:ss`.
    pub start_time: String,
    /// What was done.
    pub description: String,
    /// Who worked.
    pub author: String,
    /// When it was created.
    pub created_at: UtcTimestamp,
    /// When it was last changed.
    pub updated_at: UtcTimestamp,
}

/// A user the service knows (extension: `GET /budgets/1/users`; S7.4's USER values), registered by
/// the host when it adds the user.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserRecord {
    /// The user's key (the tracker's user key, the name they sign in with).
    pub key: String,
    /// How the user is shown.
    pub display_name: String,
}

/// The texts a stored record of the core interface held, under the fields of the body that
/// updates it: what an update keeps (S11.7).
mod kept_texts {
    use super::{AccountRecord, ContactRecord, HolidayRecord, HolidaySchemeRecord};
    use super::{WorkloadSchemeRecord, WorklogRecord};
    use crate::value::{TextCheck, TextKind, Texts};

    impl Texts for AccountRecord {
        fn texts(&self, check: &mut TextCheck) {
            check.text("leadAccountId", TextKind::Key, &self.lead_account_id);
            match &self.contact {
                Some(ContactRecord::User(id)) => check.text("contactAccountId", TextKind::Key, id),
                Some(ContactRecord::External(name)) => {
                    check.text("externalContactName", TextKind::Name, name);
                }
                None => {}
            }
        }
    }

    impl Texts for HolidaySchemeRecord {
        fn texts(&self, check: &mut TextCheck) {
            check.optional(
                "description",
                TextKind::Description,
                self.description.as_deref(),
            );
        }
    }

    impl Texts for HolidayRecord {
        fn texts(&self, check: &mut TextCheck) {
            check.optional(
                "description",
                TextKind::Description,
                self.description.as_deref(),
            );
        }
    }

    impl Texts for WorkloadSchemeRecord {
        fn texts(&self, check: &mut TextCheck) {
            check.optional(
                "description",
                TextKind::Description,
                self.description.as_deref(),
            );
        }
    }

    impl Texts for WorklogRecord {
        fn texts(&self, check: &mut TextCheck) {
            check.text("issueKey", TextKind::Key, &self.issue_key);
            check.text("description", TextKind::Note, &self.description);
            check.text("authorAccountId", TextKind::Key, &self.author);
        }
    }
}
