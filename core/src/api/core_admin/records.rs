//! The rows of the core administration interface's records: categories and their types,
//! customers, accounts, account links and generic resources.

#[cfg(feature = "schema")]
use super::documented::*;
use super::handlers::*;
use super::{change, get, Route};
use crate::api::operation_doc::described;
use crate::api::reply::{body_for, done, named_body, named_id, read_body, shown};
use crate::model::core_admin::CategoryType;
use crate::usecase::admin::AdminRecord;

/// The rows, in the order a request meets them.
pub(super) const ROUTES: &[Route] = &[
    get(
        "/core/3/accounts",
        |queries, request, web, _| list_accounts(queries, request, web),
        described!(op("List accounts (by ids, or by status)")
            .query([
                query(
                    "id",
                    "integer",
                    "Only these accounts (repeatable, at most 50); not with \
                other parameters",
                ),
                query("status", "string", "OPEN, CLOSED or ARCHIVED"),
            ])
            .answers(ok(of::<ListEnvelope<Account>>))),
    ),
    get(
        "/core/3/accounts/{key}",
        |queries, _, web, holes| {
            let key = holes.first();
            let state = queries.state();
            shown(queries.account(key), |a| web.account(state, a))
        },
        described!(op("Get an account").answers(ok(of::<Account>))),
    ),
    get(
        "/core/3/accounts/{key}/links",
        |queries, request, web, holes| {
            let key = holes.first();
            let state = queries.state();
            web.listed(request, queries.account_links(key), |l| web.link(state, l))
        },
        described!(op("List links of an account").answers(ok(of::<ListEnvelope<AccountLink>>))),
    ),
    get(
        "/core/3/customers/{key}/accounts",
        |queries, request, web, holes| {
            let key = holes.first();
            let state = queries.state();
            web.listed(request, queries.customer_accounts(key), |a| {
                web.account(state, a)
            })
        },
        described!(op("List accounts of a customer").answers(ok(of::<ListEnvelope<Account>>))),
    ),
    get(
        "/core/3/account-categories",
        |queries, request, web, _| {
            let list = queries.categories(optional_id(request)?);
            web.listed(request, Ok(list), |c| web.category(c))
        },
        described!(op("List categories")
            .query([query("id", "integer", "Only this category")])
            .answers(ok(of::<ListEnvelope<Category>>))),
    ),
    get(
        "/core/3/account-categories/{key}",
        |queries, _, web, holes| {
            let key = holes.first();
            shown(queries.category(key), |c| web.category(c))
        },
        described!(op("Get a category").answers(ok(of::<Category>))),
    ),
    get(
        "/core/3/account-category-types",
        |queries, request, web, _| {
            let types = queries.category_types().to_vec();
            web.listed(request, Ok(types), |name| CategoryType { name })
        },
        described!(op("List category types").answers(ok(of::<ListEnvelope<CategoryType>>))),
    ),
    get(
        "/core/3/account-links/{id}",
        |queries, _, web, holes| {
            let id = holes.first();
            let state = queries.state();
            let id = named_id(id, AdminRecord::Link)?;
            shown(queries.link(id), |l| web.link(state, l))
        },
        described!(op("Get an account link").answers(ok(of::<AccountLink>))),
    ),
    get(
        "/core/3/customers",
        |queries, request, web, _| {
            let list = queries.customers(optional_id(request)?);
            web.listed(request, Ok(list), |c| web.customer(c))
        },
        described!(op("List customers")
            .query([query("id", "integer", "Only this customer")])
            .answers(ok(of::<ListEnvelope<Customer>>))),
    ),
    get(
        "/core/3/customers/{key}",
        |queries, _, web, holes| {
            let key = holes.first();
            shown(queries.customer(key), |c| web.customer(c))
        },
        described!(op("Get a customer").answers(ok(of::<Customer>))),
    ),
    get(
        "/core/3/generic-resources",
        |queries, request, web, _| {
            let resources = queries.generic_resources().into_iter();
            web.page(request, resources.map(|r| web.resource(r)).collect())
        },
        described!(ext("List generic resources")
            .query(PAGE)
            .answers(ok(of::<PagedList<GenericResource>>))),
    ),
    get(
        "/core/3/generic-resources/{id}",
        |queries, _, web, holes| {
            let id = holes.first();
            let id = named_id(id, AdminRecord::GenericResource)?;
            shown(queries.generic_resource(id), |r| web.resource(r))
        },
        described!(op("Get a generic resource").answers(ok(of::<GenericResource>))),
    ),
    change(
        "POST",
        "/core/3/accounts",
        |commands, request, web, _| {
            let account = commands.create_account(read_body(request)?);
            shown(account, |a| web.account(commands.queries().state(), &a))
        },
        described!(op("Create an account")
            .body(of::<AccountRequest>)
            .answers(ok(of::<Account>))),
    ),
    change(
        "PUT",
        "/core/3/accounts/{key}",
        |commands, request, web, holes| {
            let key = holes.first();
            let body = body_for(commands.queries().account(key), request)?;
            let account = commands.update_account(key, body);
            shown(account, |a| web.account(commands.queries().state(), &a))
        },
        described!(op("Update an account")
            .body(of::<AccountRequest>)
            .answers(ok(of::<Account>))),
    ),
    change(
        "DELETE",
        "/core/3/accounts/{key}",
        |commands, _, _, holes| {
            let key = holes.first();
            done(commands.delete_account(key))
        },
        described!(op("Delete an account")),
    ),
    change(
        "POST",
        "/core/3/account-categories",
        |commands, request, web, _| {
            let category = commands.create_category(read_body(request)?);
            shown(category, |c| web.category(&c))
        },
        described!(op("Create a category")
            .body(of::<CategoryRequest>)
            .answers(ok(of::<Category>))),
    ),
    change(
        "PUT",
        "/core/3/account-categories/{key}",
        |commands, request, web, holes| {
            let key = holes.first();
            let body = body_for(commands.queries().category(key), request)?;
            shown(commands.update_category(key, body), |c| web.category(&c))
        },
        described!(op("Update a category")
            .body(of::<CategoryRequest>)
            .answers(ok(of::<Category>))),
    ),
    change(
        "DELETE",
        "/core/3/account-categories/{key}",
        |commands, _, _, holes| {
            let key = holes.first();
            done(commands.delete_category(key))
        },
        described!(op("Delete a category")),
    ),
    change(
        "POST",
        "/core/3/account-links",
        |commands, request, web, _| {
            let link = commands.create_link(read_body(request)?);
            shown(link, |l| web.link(commands.queries().state(), &l))
        },
        described!(op("Create an account link")
            .body(of::<AccountLinkRequest>)
            .answers(ok(of::<AccountLink>))),
    ),
    change(
        "DELETE",
        "/core/3/account-links/{id}",
        |commands, _, _, holes| {
            let id = holes.first();
            done(commands.delete_link(named_id(id, AdminRecord::Link)?))
        },
        described!(op("Delete an account link")),
    ),
    change(
        "POST",
        "/core/3/customers",
        |commands, request, web, _| {
            let customer = commands.create_customer(read_body(request)?);
            shown(customer, |c| web.customer(&c))
        },
        described!(op("Create a customer")
            .body(of::<CustomerRequest>)
            .answers(ok(of::<Customer>))),
    ),
    change(
        "PUT",
        "/core/3/customers/{key}",
        |commands, request, web, holes| {
            let key = holes.first();
            let body = body_for(commands.queries().customer(key), request)?;
            shown(commands.update_customer(key, body), |c| web.customer(&c))
        },
        described!(op("Update a customer")
            .body(of::<CustomerRequest>)
            .answers(ok(of::<Customer>))),
    ),
    change(
        "DELETE",
        "/core/3/customers/{key}",
        |commands, _, _, holes| {
            let key = holes.first();
            done(commands.delete_customer(key))
        },
        described!(op("Delete a customer")),
    ),
    change(
        "POST",
        "/core/3/generic-resources",
        |commands, request, web, _| {
            let resource = commands.create_generic_resource(read_body(request)?);
            shown(resource, |r| web.resource(&r))
        },
        described!(op("Create a generic resource")
            .body(of::<GenericResourceRequest>)
            .answers(ok(of::<GenericResource>))),
    ),
    change(
        "PUT",
        "/core/3/generic-resources/{id}",
        |commands, request, web, holes| {
            let id = holes.first();
            let (id, body) = named_body(request, id, AdminRecord::GenericResource, |id| {
                commands.queries().generic_resource(id)
            })?;
            shown(commands.update_generic_resource(id, body), |r| {
                web.resource(&r)
            })
        },
        described!(op("Update a generic resource")
            .body(of::<GenericResourceRequest>)
            .answers(ok(of::<GenericResource>))),
    ),
    change(
        "DELETE",
        "/core/3/generic-resources/{id}",
        |commands, _, _, holes| {
            let id = holes.first();
            done(commands.delete_generic_resource(named_id(id, AdminRecord::GenericResource)?))
        },
        described!(ext("Delete a generic resource")),
    ),
    get(
        "/core/3/account-links/project/{key}",
        |queries, request, web, holes| {
            let key = holes.first();
            let state = queries.state();
            let links = Ok(queries.project_links(key));
            web.listed(request, links, |(link, account)| {
                web.project_link(state, link, account)
            })
        },
        described!(ext("List account links of a project")
            .answers(ok(of::<ListEnvelope<AccountLinkByProject>>))),
    ),
];
