//! The credentials of a request and the token endpoints: `authenticate` (the caller of a
//! bearer-authenticated request) and `endpoints` (`/oauth/token/` and `/oauth/revoke_token/`,
//! read and written as the RFCs say). What a token, a code, a session or a user is and how each
//! changes are the use cases' (`crate::usecase::credentials`).

mod authenticate;
mod endpoints;

pub use authenticate::authenticate;
pub(super) use endpoints::{answer_read, handle};
