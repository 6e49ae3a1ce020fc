//! Who asks: a budgeting request's caller, the one the host verified or a bearer token's user; a
//! core administration request's, the bearer token's user. Each is resolved once per request
//! (S11.3) and handed to the use cases, whose one authorization policy (`usecase::Caller`, S11.4,
//! S11.5, S11.6) every route asks.

use super::http::{Context, Request, Response};
pub use crate::usecase::{Access, Caller};

/// The caller of a budgeting request: the user the host verified (basic credentials or a
/// session), else the user of a bearer token; otherwise the 401 with no body (S11.3).
pub(super) fn resolve(
    state: &crate::state::State,
    request: &Request,
    context: &Context,
) -> Result<Caller, Response> {
    if let Some(user) = context.user.as_deref().filter(|user| !user.is_empty()) {
        return Ok(Caller {
            user: user.to_owned(),
            budget_admin: context.budget_admin,
            write: context.write,
        });
    }
    if request.credentials("Bearer").is_some() {
        if let Ok(token) = super::auth::authenticate(state, request, context) {
            // A token alone never makes a budget administrator of the budgeting interface.
            return Ok(Caller {
                budget_admin: false,
                ..token
            });
        }
    }
    let mut response = Response::empty(401);
    response.headers.push((
        "WWW-Authenticate".into(),
        "Basic realm=\"costfolio\"".into(),
    ));
    Err(response)
}

/// The caller of a core administration request (S11.3, S11.6): the user of its bearer token, an
/// administrator when the host marks that user as one, writing as the token may; for a read
/// without credentials, the user of the planner's session the host verified, who writes nothing;
/// otherwise the 401 with no body.
pub(super) fn core_caller(
    state: &crate::state::State,
    request: &Request,
    context: &Context,
) -> Result<Caller, Response> {
    let session = context
        .user
        .as_deref()
        .filter(|user| context.session && !user.is_empty());
    if let (Some(user), "GET", None) = (
        session,
        request.method.as_str(),
        request.header_value("Authorization"),
    ) {
        return Ok(Caller {
            user: user.to_owned(),
            budget_admin: context.budget_admin,
            write: false,
        });
    }
    super::auth::authenticate(state, request, context)
}

/// The caller [`resolve`] found, which the budgeting router writes into the context it passes on.
pub(super) fn who(context: &Context) -> Caller {
    Caller {
        user: context.user.clone().unwrap_or_default(),
        budget_admin: context.budget_admin,
        write: context.write,
    }
}

/// The context the routes see: `context` with `caller` in it.
pub(super) fn with_caller(caller: Caller, context: &Context) -> Context {
    Context {
        user: Some(caller.user),
        budget_admin: caller.budget_admin,
        write: caller.write,
        ..context.clone()
    }
}
