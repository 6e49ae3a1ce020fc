//! Why a host-side auth operation was refused: [`AuthError`].

/// Why a host-side auth operation was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuthError {
    /// No client with this id.
    UnknownClient(String),
    /// The redirect URI is not the client's.
    WrongRedirect(String),
    /// The host supplied fewer random bytes than a token needs.
    NotEnoughRandomness {
        /// How many were needed.
        needed: usize,
    },
    /// A client id or secret that is empty.
    Empty(&'static str),
    /// A redirect address a client cannot be registered with: not an absolute URI, longer than
    /// 2,000 characters, holding white space or a fragment (RFC 6749 3.1.2).
    BadRedirect(&'static str),
    /// A user's key or display name longer than its bound, or holding a character that does
    /// not show as typed (S11.7).
    Text {
        /// Which: `user` or `display name`.
        what: &'static str,
        /// Why.
        fault: crate::value::TextFault,
    },
}

impl core::fmt::Display for AuthError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            AuthError::UnknownClient(id) => write!(f, "no OAuth client {id:?} is registered"),
            AuthError::WrongRedirect(uri) => {
                write!(
                    f,
                    "redirect_uri {uri:?} is not the one registered for the client"
                )
            }
            AuthError::NotEnoughRandomness { needed } => {
                write!(f, "the host must supply at least {needed} random bytes")
            }
            AuthError::Empty(what) => write!(f, "{what} must not be empty"),
            AuthError::Text { what, fault } => write!(f, "{what} {fault}"),
            AuthError::BadRedirect(why) => write!(f, "the redirect address {why}"),
        }
    }
}

impl std::error::Error for AuthError {}
