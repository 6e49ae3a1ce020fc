//! The core administration interface (`/core/3`, core-admin-api.md, S10): the routing table of
//! accounts, categories and their types, account links, customers, holiday schemes and generic
//! resources (the extensions' routes are `core_ext`'s). A route parses the path, the parameters
//! and the body, asks the use cases (`usecase::admin`: every rule, and the one policy of S11.6)
//! and renders the records they answer with absolute addresses (`Web`).

use super::access::core_caller;
use super::http::{Context, Request, Response};
use super::reply::{
    self, body_for, core_answer, core_error, core_refusal, done, named_body, named_id, read_body,
    refused_as_unread, shown, Outcome, Unread,
};
use super::web::Web;
use crate::model::core_admin::{AccountStatus, CategoryType};
use crate::state::State;
use crate::usecase::admin::{id_parameter, AccountIds, AdminRecord, Calendar};
use crate::usecase::{Commands, Queries};

/// Routes a `/core/3` request: a `GET` to the reads; anything else, once its caller
/// authenticates, to the changes.
pub(super) fn handle(
    state: &mut State,
    request: &Request,
    context: &Context,
    rest: &str,
) -> Response {
    if request.method == "GET" {
        return answer_get(state, request, context, rest);
    }
    let caller = match core_caller(state, request, context) {
        Ok(caller) => caller,
        Err(response) => return response,
    };
    // S11.6: every authenticated user reads the shared data of this interface; only
    // administrators change it. A refusal comes before the path is looked at, so it changes
    // nothing and reveals nothing.
    if let Err(refusal) = caller.administration_for_change() {
        return core_refusal(refusal);
    }
    let segments = segments(rest);
    let mut commands = Commands::new(state, caller, context.now);
    route(&mut commands, request, &Web { context }, &segments).unwrap_or_else(|response| response)
}

/// Answers a `GET` of the core administration interface on a shared state, as [`handle`] does,
/// and a change whose caller does not authenticate (401); `None` for any other change.
pub(super) fn answer_read(
    state: &State,
    request: &Request,
    context: &Context,
    rest: &str,
) -> Option<Response> {
    if request.method == "GET" {
        return Some(answer_get(state, request, context, rest));
    }
    // A change by no one is refused here: there is nothing to change and no lock to take.
    core_caller(state, request, context).err()
}

/// The path below `/core/3`, by segment.
fn segments(rest: &str) -> Vec<&str> {
    rest.trim_matches('/').split('/').collect()
}

/// Answers a `GET`, once its caller authenticates.
fn answer_get(state: &State, request: &Request, context: &Context, rest: &str) -> Response {
    let caller = match core_caller(state, request, context) {
        Ok(caller) => caller,
        Err(response) => return response,
    };
    let segments = segments(rest);
    let queries = Queries::new(state, caller, context.now);
    match read_route(&queries, request, &Web { context }, &segments) {
        Ok(response) | Err(Unread::Refused(response)) => response,
        // No read of this path: as the change router answers a GET it has no route for.
        Err(Unread::NotARead) => no_route(request, &segments),
    }
}

fn read_route(
    queries: &Queries<'_>,
    request: &Request,
    web: &Web<'_>,
    segments: &[&str],
) -> Result<Response, Unread> {
    let state = queries.state();
    let method = request.method.as_str();
    let outcome = match (method, segments) {
        ("GET", ["accounts"]) => list_accounts(queries, request, web),
        ("GET", ["accounts", key]) => shown(queries.account(key), |a| web.account(state, a)),
        ("GET", ["accounts", key, "links"]) => {
            web.listed(request, queries.account_links(key), |l| web.link(state, l))
        }
        ("GET", ["customers", key, "accounts"]) => {
            web.listed(request, queries.customer_accounts(key), |a| {
                web.account(state, a)
            })
        }
        ("GET", ["account-categories"]) => {
            let list = queries.categories(optional_id(request)?);
            web.listed(request, Ok(list), |c| web.category(c))
        }
        ("GET", ["account-categories", key]) => shown(queries.category(key), |c| web.category(c)),
        ("GET", ["account-category-types"]) => {
            let types = queries.category_types().to_vec();
            web.listed(request, Ok(types), |name| CategoryType { name })
        }
        ("GET", ["account-links", id]) => {
            let id = named_id(id, AdminRecord::Link)?;
            shown(queries.link(id), |l| web.link(state, l))
        }
        ("GET", ["customers"]) => {
            let list = queries.customers(optional_id(request)?);
            web.listed(request, Ok(list), |c| web.customer(c))
        }
        ("GET", ["customers", key]) => shown(queries.customer(key), |c| web.customer(c)),
        ("GET", ["holiday-schemes"]) => {
            let schemes = queries.holiday_schemes().into_iter();
            web.page(request, schemes.map(|s| web.scheme(s)).collect())
        }
        ("GET", ["holiday-schemes", id]) => {
            let id = named_id(id, AdminRecord::HolidayScheme)?;
            shown(queries.holiday_scheme(id), |s| web.scheme(s))
        }
        ("GET", ["generic-resources"]) => {
            let resources = queries.generic_resources().into_iter();
            web.page(request, resources.map(|r| web.resource(r)).collect())
        }
        ("GET", ["generic-resources", id]) => {
            let id = named_id(id, AdminRecord::GenericResource)?;
            shown(queries.generic_resource(id), |r| web.resource(r))
        }
        _ => return super::core_ext::read_route(queries, request, web, segments),
    };
    refused_as_unread(outcome)
}

fn route(
    commands: &mut Commands<'_>,
    request: &Request,
    web: &Web<'_>,
    segments: &[&str],
) -> Outcome {
    let method = request.method.as_str();
    match (method, segments) {
        ("POST", ["accounts"]) => {
            let account = commands.create_account(read_body(request)?);
            shown(account, |a| web.account(commands.queries().state(), &a))
        }
        ("PUT", ["accounts", key]) => {
            let body = body_for(commands.queries().account(key), request)?;
            let account = commands.update_account(key, body);
            shown(account, |a| web.account(commands.queries().state(), &a))
        }
        ("DELETE", ["accounts", key]) => done(commands.delete_account(key)),
        ("POST", ["account-categories"]) => {
            let category = commands.create_category(read_body(request)?);
            shown(category, |c| web.category(&c))
        }
        ("PUT", ["account-categories", key]) => {
            let body = body_for(commands.queries().category(key), request)?;
            shown(commands.update_category(key, body), |c| web.category(&c))
        }
        ("DELETE", ["account-categories", key]) => done(commands.delete_category(key)),
        ("POST", ["account-links"]) => {
            let link = commands.create_link(read_body(request)?);
            shown(link, |l| web.link(commands.queries().state(), &l))
        }
        ("DELETE", ["account-links", id]) => {
            done(commands.delete_link(named_id(id, AdminRecord::Link)?))
        }
        ("POST", ["customers"]) => {
            let customer = commands.create_customer(read_body(request)?);
            shown(customer, |c| web.customer(&c))
        }
        ("PUT", ["customers", key]) => {
            let body = body_for(commands.queries().customer(key), request)?;
            shown(commands.update_customer(key, body), |c| web.customer(&c))
        }
        ("DELETE", ["customers", key]) => done(commands.delete_customer(key)),
        ("POST", ["holiday-schemes"]) => {
            let scheme = commands.create_holiday_scheme(read_body(request)?);
            shown(scheme, |s| web.scheme(&s))
        }
        ("PUT", ["holiday-schemes", id]) => {
            let (id, body) = named_body(request, id, AdminRecord::HolidayScheme, |id| {
                commands.queries().holiday_scheme(id)
            })?;
            shown(commands.update_holiday_scheme(id, body), |s| web.scheme(&s))
        }
        ("DELETE", ["holiday-schemes", id]) => {
            let id = named_id(id, AdminRecord::HolidayScheme)?;
            done(commands.delete_scheme(Calendar::Holidays, id))
        }
        ("PUT", ["holiday-schemes", id, "default"]) => {
            let id = named_id(id, AdminRecord::HolidayScheme)?;
            done(commands.set_default_scheme(Calendar::Holidays, id))
        }
        ("POST", ["generic-resources"]) => {
            let resource = commands.create_generic_resource(read_body(request)?);
            shown(resource, |r| web.resource(&r))
        }
        ("PUT", ["generic-resources", id]) => {
            let (id, body) = named_body(request, id, AdminRecord::GenericResource, |id| {
                commands.queries().generic_resource(id)
            })?;
            shown(commands.update_generic_resource(id, body), |r| {
                web.resource(&r)
            })
        }
        ("DELETE", ["generic-resources", id]) => {
            done(commands.delete_generic_resource(named_id(id, AdminRecord::GenericResource)?))
        }
        _ => match super::core_ext::route(commands, request, web, segments) {
            Some(outcome) => outcome,
            None => Err(no_route(request, segments)),
        },
    }
}

/// The answer to a request no route serves: 405 on a resource of this interface, else 404.
fn no_route(request: &Request, segments: &[&str]) -> Response {
    if known_path(segments) || super::core_ext::known_path(segments) {
        reply::method_not_allowed(request)
    } else {
        core_error(
            404,
            &format!(
                "No resource at {}",
                crate::model::messages::excerpt(&request.path)
            ),
        )
    }
}

/// Whether the path names a resource of this interface (for 405 rather than 404).
fn known_path(segments: &[&str]) -> bool {
    matches!(
        segments,
        ["accounts", ..]
            | ["account-categories", ..]
            | ["account-category-types"]
            | ["account-links", ..]
            | ["customers", ..]
            | ["holiday-schemes", ..]
            | ["generic-resources", ..]
    )
}

/// The `id` parameter of a list that may be narrowed to one record.
fn optional_id(request: &Request) -> Result<Option<u64>, Response> {
    request
        .param_value("id")
        .map(id_parameter)
        .transpose()
        .map_err(core_refusal)
}

/// `GET /accounts`: by `id` (S10.3), else every account or those of one `status`.
fn list_accounts(queries: &Queries<'_>, request: &Request, web: &Web<'_>) -> Outcome {
    let ids: Vec<&str> = request.params("id").collect();
    let accounts = if ids.is_empty() {
        let status = request.param_value("status").map(|text| {
            let status = crate::json::Value::from(text);
            crate::model::from_value::<AccountStatus>(status).map_err(|_| {
                let message = format!("status must be OPEN, CLOSED or ARCHIVED, got {text:?}");
                core_error(400, &message)
            })
        });
        queries.accounts(status.transpose()?)
    } else {
        core_answer(queries.accounts_by_id(AccountIds {
            ids: &ids,
            with_other_parameters: request.query.iter().any(|(name, _)| name != "id"),
        }))?
    };
    let state = queries.state();
    web.listed(request, Ok(accounts), |a| web.account(state, a))
}
