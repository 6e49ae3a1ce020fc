//! The core administration interface (`/core/3`, core-admin-api.md, S10): accounts, categories and
//! their types, account links, customers, holiday schemes and generic resources.

use super::auth::{authenticate, Caller};
use super::http::{Context, Request, Response};
use super::reply::{self, core_error, read_body, refused_as_unread, Unread};
use super::web::Web;
use crate::model::core_admin::{
    Account, AccountLink, AccountLinkRequest, AccountRequest, Category, CategoryRequest,
    CategoryType, CategoryTypeName, Customer, CustomerRequest, GenericResource,
    GenericResourceRequest, HolidayScheme, HolidaySchemeCreate, HolidaySchemeUpdate,
};
use crate::model::{messages, Id};
use crate::state::{
    AccountRecord, CategoryRecord, Command, ContactRecord, CustomerRecord, GenericResourceRecord,
    HolidaySchemeRecord, LinkRecord, State,
};
use crate::value::UtcTimestamp;

/// The most ids one account list may ask for (S10.3).
const MAX_IDS: usize = 50;

type Outcome = Result<Response, Response>;

/// Routes a `/core/3` request.
pub(super) fn handle(
    state: &mut State,
    request: &Request,
    context: &Context,
    rest: &str,
) -> Response {
    if let Some(response) = answer_read(state, request, context, rest) {
        return response;
    }
    let caller = match authenticate(state, request, context) {
        Ok(caller) => caller,
        Err(response) => return response,
    };
    let reading = request.method == "GET";
    if !reading && !caller.write {
        return core_error(403, messages::NO_PERMISSION);
    }
    // S11.6: every authenticated user reads the shared data of this interface (accounts,
    // categories, customers, links, calendars, generic resources, projects, saved filters,
    // worklogs); only administrators change it. A refusal comes before the path is looked at, so
    // it changes nothing and reveals nothing.
    if !reading && !caller.is_administrator(context) {
        return core_error(403, messages::NO_PERMISSION);
    }
    let segments: Vec<&str> = rest.trim_matches('/').split('/').collect();
    let outcome = route(state, request, context, &caller, &segments);
    outcome.unwrap_or_else(|response| response)
}

/// Answers a `GET` of the core administration interface on a shared state, or `None` when the
/// request is not one of its reads (then [`handle`] answers it: a change, or an unknown path).
pub(super) fn answer_read(
    state: &State,
    request: &Request,
    context: &Context,
    rest: &str,
) -> Option<Response> {
    let caller = authenticate(state, request, context);
    if request.method != "GET" {
        // A change by no one is refused here: there is nothing to change and no lock to take.
        return caller.err();
    }
    if let Err(response) = caller {
        return Some(response);
    }
    let segments: Vec<&str> = rest.trim_matches('/').split('/').collect();
    match read_route(state, request, context, &segments) {
        Ok(response) | Err(Unread::Refused(response)) => Some(response),
        // No read of this path: as the change router answers a GET it has no route for.
        Err(Unread::NotARead) => Some(no_route(request, &segments)),
    }
}

fn read_route(
    state: &State,
    request: &Request,
    context: &Context,
    segments: &[&str],
) -> Result<Response, Unread> {
    let method = request.method.as_str();
    let web = Web { context };
    match (method, segments) {
        ("GET", ["accounts"]) => refused_as_unread(list_accounts(state, request, &web)),
        ("GET", ["accounts", key]) => Ok(reply::ok(
            200,
            &web.account(state, find_account(state, key)?),
        )),
        ("GET", ["accounts", key, "links"]) => refused_as_unread({
            let id = find_account(state, key)?.id;
            let links: Vec<AccountLink> = state
                .links
                .values()
                .filter(|l| l.account_id == id)
                .map(|l| web.link(state, l))
                .collect();
            Ok(reply::ok(200, &web.list(request, links)))
        }),
        ("GET", ["customers", key, "accounts"]) => refused_as_unread({
            let id = find_customer(state, key)?.id;
            let accounts: Vec<Account> = state
                .accounts
                .values()
                .filter(|a| a.customer_id == Some(id))
                .map(|a| web.account(state, a))
                .collect();
            Ok(reply::ok(200, &web.list(request, accounts)))
        }),
        ("GET", ["account-categories"]) => refused_as_unread({
            let only = optional_id(request)?;
            let list: Vec<Category> = state
                .categories
                .values()
                .filter(|c| only.is_none_or(|id| c.id == id))
                .map(|c| web.category(c))
                .collect();
            Ok(reply::ok(200, &web.list(request, list)))
        }),
        ("GET", ["account-categories", key]) => {
            Ok(reply::ok(200, &web.category(find_category(state, key)?)))
        }
        ("GET", ["account-category-types"]) => refused_as_unread({
            let types: Vec<CategoryType> = CategoryTypeName::ALL
                .iter()
                .map(|&name| CategoryType { name })
                .collect();
            Ok(reply::ok(200, &web.list(request, types)))
        }),
        ("GET", ["account-links", id]) => {
            Ok(reply::ok(200, &web.link(state, find_link(state, id)?)))
        }
        ("GET", ["customers"]) => refused_as_unread({
            let only = optional_id(request)?;
            let list: Vec<Customer> = state
                .customers
                .values()
                .filter(|c| only.is_none_or(|id| c.id == id))
                .map(|c| web.customer(c))
                .collect();
            Ok(reply::ok(200, &web.list(request, list)))
        }),
        ("GET", ["customers", key]) => {
            Ok(reply::ok(200, &web.customer(find_customer(state, key)?)))
        }
        ("GET", ["holiday-schemes"]) => refused_as_unread({
            let schemes: Vec<HolidayScheme> = state
                .holiday_schemes
                .values()
                .map(|s| web.scheme(s))
                .collect();
            web.page(request, schemes)
        }),
        ("GET", ["holiday-schemes", id]) => {
            Ok(reply::ok(200, &web.scheme(find_scheme(state, id)?)))
        }
        ("GET", ["generic-resources"]) => refused_as_unread({
            let resources: Vec<GenericResource> = state
                .generic_resources
                .values()
                .map(|r| web.resource(r))
                .collect();
            web.page(request, resources)
        }),
        ("GET", ["generic-resources", id]) => {
            Ok(reply::ok(200, &web.resource(find_resource(state, id)?)))
        }
        _ => super::core_ext::read_route(state, request, context, segments),
    }
}

fn route(
    state: &mut State,
    request: &Request,
    context: &Context,
    caller: &Caller,
    segments: &[&str],
) -> Outcome {
    let method = request.method.as_str();
    let web = Web { context };
    match (method, segments) {
        ("POST", ["accounts"]) => put_account(state, request, &web, None),
        ("PUT", ["accounts", key]) => {
            let id = find_account(state, key)?.id;
            put_account(state, request, &web, Some(id))
        }
        ("DELETE", ["accounts", key]) => {
            let id = find_account(state, key)?.id;
            state.apply(Command::DeleteAccount(id));
            Ok(Response::empty(204))
        }
        ("POST", ["account-categories"]) => put_category(state, request, &web, None),
        ("PUT", ["account-categories", key]) => {
            let id = find_category(state, key)?.id;
            put_category(state, request, &web, Some(id))
        }
        ("DELETE", ["account-categories", key]) => {
            let id = find_category(state, key)?.id;
            let users = state
                .accounts
                .values()
                .filter(|a| a.category_id == Some(id))
                .count();
            if users > 0 {
                return Err(core_error(
                    400,
                    &format!("The category is used by {users} account(s) and cannot be deleted"),
                ));
            }
            state.apply(Command::DeleteCategory(id));
            Ok(Response::empty(204))
        }
        ("POST", ["account-links"]) => {
            let body: AccountLinkRequest = read_body(request)?;
            let account = state
                .accounts
                .values()
                .find(|a| a.key == body.account_key)
                .ok_or_else(|| {
                    core_error(
                        400,
                        &format!("Invalid account key {:?}", body.account_key.as_str()),
                    )
                })?;
            let record = LinkRecord {
                id: state.counters.next(crate::state::IdKind::Link),
                account_id: account.id,
                project_id: body.scope_id.get(),
            };
            state.apply(Command::PutLink(record.clone()));
            Ok(reply::ok(200, &web.link(state, &record)))
        }
        ("DELETE", ["account-links", id]) => {
            let id = find_link(state, id)?.id;
            state.apply(Command::DeleteLink(id));
            Ok(Response::empty(204))
        }
        ("POST", ["customers"]) => put_customer(state, request, &web, None),
        ("PUT", ["customers", key]) => {
            let id = find_customer(state, key)?.id;
            put_customer(state, request, &web, Some(id))
        }
        ("DELETE", ["customers", key]) => {
            let id = find_customer(state, key)?.id;
            let users = state
                .accounts
                .values()
                .filter(|a| a.customer_id == Some(id))
                .count();
            if users > 0 {
                return Err(core_error(
                    400,
                    &format!("The customer is used by {users} account(s) and cannot be deleted"),
                ));
            }
            state.apply(Command::DeleteCustomer(id));
            Ok(Response::empty(204))
        }
        ("POST", ["holiday-schemes"]) => {
            let body: HolidaySchemeCreate = read_body(request)?;
            unique_scheme_name(state, body.name.as_str(), None)?;
            let record = HolidaySchemeRecord {
                id: state.counters.next(crate::state::IdKind::HolidayScheme),
                name: body.name,
                description: body.description,
                default_scheme: false,
                members: Vec::new(),
            };
            state.apply(Command::PutHolidayScheme(record.clone()));
            Ok(reply::ok(200, &web.scheme(&record)))
        }
        ("PUT", ["holiday-schemes", id]) => {
            let mut record = find_scheme(state, id)?.clone();
            let body: HolidaySchemeUpdate = read_body(request)?;
            unique_scheme_name(state, body.name.as_str(), Some(record.id))?;
            record.name = body.name;
            if body.description.is_some() {
                record.description = body.description;
            }
            state.apply(Command::PutHolidayScheme(record.clone()));
            Ok(reply::ok(200, &web.scheme(&record)))
        }
        ("DELETE", ["holiday-schemes", id]) => {
            let record = find_scheme(state, id)?;
            if record.default_scheme {
                return Err(core_error(400, "The default holiday scheme cannot be deleted; make another scheme the default first"));
            }
            let id = record.id;
            state.apply(Command::DeleteHolidayScheme(id));
            Ok(Response::empty(204))
        }
        ("PUT", ["holiday-schemes", id, "default"]) => {
            let id = find_scheme(state, id)?.id;
            state.apply(Command::SetDefaultHolidayScheme(id));
            Ok(Response::empty(204))
        }
        ("POST", ["generic-resources"]) => put_resource(state, request, &web, caller, None),
        ("PUT", ["generic-resources", id]) => {
            let id = find_resource(state, id)?.id;
            put_resource(state, request, &web, caller, Some(id))
        }
        ("DELETE", ["generic-resources", id]) => {
            let id = find_resource(state, id)?.id;
            state.apply(Command::DeleteGenericResource(id));
            Ok(Response::empty(204))
        }
        _ => match super::core_ext::route(state, request, context, segments) {
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

// Look-ups with the documented 404s ---------------------------------------------------------

fn find_account<'s>(state: &'s State, key: &str) -> Result<&'s AccountRecord, Response> {
    state
        .accounts
        .values()
        .find(|a| a.key.as_str() == key)
        .ok_or_else(|| core_error(404, messages::ACCOUNT_NOT_FOUND))
}

fn find_category<'s>(state: &'s State, key: &str) -> Result<&'s CategoryRecord, Response> {
    state
        .categories
        .values()
        .find(|c| c.key.as_str() == key)
        .ok_or_else(|| core_error(404, messages::INVALID_CATEGORY_KEY))
}

fn find_customer<'s>(state: &'s State, key: &str) -> Result<&'s CustomerRecord, Response> {
    state
        .customers
        .values()
        .find(|c| c.key.as_str() == key)
        .ok_or_else(|| core_error(404, messages::INVALID_CUSTOMER_KEY))
}

fn path_id(text: &str) -> Option<u64> {
    text.parse::<Id>().ok().map(Id::get)
}

fn find_link<'s>(state: &'s State, id: &str) -> Result<&'s LinkRecord, Response> {
    path_id(id)
        .and_then(|id| state.links.get(&id))
        .ok_or_else(|| core_error(404, messages::LINK_NOT_FOUND))
}

fn find_scheme<'s>(state: &'s State, id: &str) -> Result<&'s HolidaySchemeRecord, Response> {
    path_id(id)
        .and_then(|id| state.holiday_schemes.get(&id))
        .ok_or_else(|| core_error(404, messages::HOLIDAY_SCHEME_NOT_FOUND))
}

fn find_resource<'s>(state: &'s State, id: &str) -> Result<&'s GenericResourceRecord, Response> {
    path_id(id)
        .and_then(|id| state.generic_resources.get(&id))
        .ok_or_else(|| core_error(404, messages::GENERIC_RESOURCE_NOT_FOUND))
}

fn optional_id(request: &Request) -> Result<Option<u64>, Response> {
    match request.param_value("id") {
        None => Ok(None),
        Some(text) => path_id(text)
            .map(Some)
            .ok_or_else(|| core_error(400, &format!("id must be a whole number, got {text:?}"))),
    }
}

fn unique_scheme_name(state: &State, name: &str, except: Option<u64>) -> Result<(), Response> {
    let taken = state
        .holiday_schemes
        .values()
        .any(|s| Some(s.id) != except && s.name.as_str().eq_ignore_ascii_case(name));
    if taken {
        Err(core_error(
            400,
            &format!("A holiday scheme named {name:?} already exists"),
        ))
    } else {
        Ok(())
    }
}

// Writes ---------------------------------------------------------------------------------------

fn list_accounts(state: &State, request: &Request, web: &Web<'_>) -> Outcome {
    let ids: Vec<&str> = request.params("id").collect();
    if !ids.is_empty() {
        if request.query.iter().any(|(name, _)| name != "id") {
            return Err(core_error(400, messages::ID_WITH_OTHER_PARAMETERS));
        }
        if ids.len() > MAX_IDS {
            return Err(core_error(
                400,
                &format!(
                    "At most {MAX_IDS} ids may be asked for at once, got {}",
                    ids.len()
                ),
            ));
        }
        let mut wanted = Vec::new();
        for text in ids {
            wanted.push(path_id(text).ok_or_else(|| {
                core_error(400, &format!("id must be a whole number, got {text:?}"))
            })?);
        }
        let accounts: Vec<Account> = state
            .accounts
            .values()
            .filter(|a| wanted.contains(&a.id))
            .map(|a| web.account(state, a))
            .collect();
        return Ok(reply::ok(200, &web.list(request, accounts)));
    }
    let status = match request.param_value("status") {
        None => None,
        Some(text) => Some(
            crate::model::from_value::<crate::model::core_admin::AccountStatus>(
                crate::json::Value::from(text),
            )
            .map_err(|_| {
                core_error(
                    400,
                    &format!("status must be OPEN, CLOSED or ARCHIVED, got {text:?}"),
                )
            })?,
        ),
    };
    let accounts: Vec<Account> = state
        .accounts
        .values()
        .filter(|a| status.is_none_or(|s| a.status == s))
        .map(|a| web.account(state, a))
        .collect();
    Ok(reply::ok(200, &web.list(request, accounts)))
}

fn put_account(state: &mut State, request: &Request, web: &Web<'_>, id: Option<u64>) -> Outcome {
    let body: AccountRequest = read_body(request)?;
    if state
        .accounts
        .values()
        .any(|a| a.key == body.key && Some(a.id) != id)
    {
        return Err(core_error(400, messages::ACCOUNT_KEY_EXISTS));
    }
    let contact = match (body.contact_account_id, body.external_contact_name) {
        (Some(_), Some(_)) => {
            return Err(core_error(
                400,
                "contactAccountId and externalContactName cannot be given together",
            ));
        }
        (Some(user), None) => Some(ContactRecord::User(user)),
        (None, Some(name)) => Some(ContactRecord::External(name)),
        (None, None) => None,
    };
    let category_id = match &body.category_key {
        None => None,
        Some(key) => Some(
            state
                .categories
                .values()
                .find(|c| &c.key == key)
                .ok_or_else(|| core_error(400, messages::INVALID_CATEGORY_KEY))?
                .id,
        ),
    };
    let customer_id = match &body.customer_key {
        None => None,
        Some(key) => Some(
            state
                .customers
                .values()
                .find(|c| &c.key == key)
                .ok_or_else(|| core_error(400, messages::INVALID_CUSTOMER_KEY))?
                .id,
        ),
    };
    let record = AccountRecord {
        id: id.unwrap_or_else(|| state.counters.next(crate::state::IdKind::Account)),
        key: body.key,
        name: body.name,
        status: body.status,
        global: body.global.unwrap_or(false),
        monthly_budget: body.monthly_budget,
        lead_account_id: body.lead_account_id,
        contact,
        category_id,
        customer_id,
    };
    state.apply(Command::PutAccount(record.clone()));
    Ok(reply::ok(200, &web.account(state, &record)))
}

fn put_category(state: &mut State, request: &Request, web: &Web<'_>, id: Option<u64>) -> Outcome {
    let body: CategoryRequest = read_body(request)?;
    if state
        .categories
        .values()
        .any(|c| c.key == body.key && Some(c.id) != id)
    {
        return Err(core_error(400, messages::CATEGORY_KEY_EXISTS));
    }
    let previous = id
        .and_then(|id| state.categories.get(&id))
        .map(|c| c.type_name);
    let record = CategoryRecord {
        id: id.unwrap_or_else(|| state.counters.next(crate::state::IdKind::Category)),
        key: body.key,
        name: body.name,
        // Without a typeName a new category is OPERATIONAL; an update keeps its type.
        type_name: body
            .type_name
            .or(previous)
            .unwrap_or(CategoryTypeName::Operational),
    };
    state.apply(Command::PutCategory(record.clone()));
    Ok(reply::ok(200, &web.category(&record)))
}

fn put_customer(state: &mut State, request: &Request, web: &Web<'_>, id: Option<u64>) -> Outcome {
    let body: CustomerRequest = read_body(request)?;
    if state
        .customers
        .values()
        .any(|c| c.key == body.key && Some(c.id) != id)
    {
        return Err(core_error(400, messages::CUSTOMER_KEY_EXISTS));
    }
    let record = CustomerRecord {
        id: id.unwrap_or_else(|| state.counters.next(crate::state::IdKind::Customer)),
        key: body.key,
        name: body.name,
    };
    state.apply(Command::PutCustomer(record.clone()));
    Ok(reply::ok(200, &web.customer(&record)))
}

fn put_resource(
    state: &mut State,
    request: &Request,
    web: &Web<'_>,
    caller: &Caller,
    id: Option<u64>,
) -> Outcome {
    let body: GenericResourceRequest = read_body(request)?;
    let taken = state
        .generic_resources
        .values()
        .any(|r| Some(r.id) != id && r.name.as_str().eq_ignore_ascii_case(body.name.as_str()));
    if taken {
        return Err(core_error(
            400,
            &format!(
                "A generic resource named {:?} already exists",
                body.name.as_str()
            ),
        ));
    }
    let now = UtcTimestamp::new(web.context.now);
    let record = match id.and_then(|id| state.generic_resources.get(&id)) {
        Some(existing) => GenericResourceRecord {
            name: body.name,
            updated_at: now,
            updated_by: caller.user.clone(),
            ..existing.clone()
        },
        None => GenericResourceRecord {
            id: state.counters.next(crate::state::IdKind::GenericResource),
            name: body.name,
            created_at: now,
            created_by: caller.user.clone(),
            updated_at: now,
            updated_by: caller.user.clone(),
        },
    };
    state.apply(Command::PutGenericResource(record.clone()));
    Ok(reply::ok(200, &web.resource(&record)))
}
