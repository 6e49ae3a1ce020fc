//! The rows of the calendars: holiday schemes with their holidays and members, workload schemes
//! with theirs (S10.4: the default scheme cannot be deleted).

#[cfg(feature = "schema")]
use super::documented::*;
use super::handlers::*;
use super::{change, get, Route};
use crate::api::operation_doc::described;
use crate::api::reply::{body_for, done, named_body, named_id, read_body, shown};
use crate::usecase::admin::{AdminRecord, Calendar};

/// The rows, in the order a request meets them.
pub(super) const ROUTES: &[Route] = &[
    get(
        "/core/3/holiday-schemes",
        |queries, request, web, _| {
            let schemes = queries.holiday_schemes().into_iter();
            web.page(request, schemes.map(|s| web.scheme(s)).collect())
        },
        described!(op("List holiday schemes")
            .query(PAGE)
            .answers(ok(of::<PagedList<HolidayScheme>>))),
    ),
    get(
        "/core/3/holiday-schemes/{id}",
        |queries, _, web, holes| {
            let id = holes.first();
            let id = named_id(id, AdminRecord::HolidayScheme)?;
            shown(queries.holiday_scheme(id), |s| web.scheme(s))
        },
        described!(op("Get a holiday scheme").answers(ok(of::<HolidayScheme>))),
    ),
    change(
        "POST",
        "/core/3/holiday-schemes",
        |commands, request, web, _| {
            let scheme = commands.create_holiday_scheme(read_body(request)?);
            shown(scheme, |s| web.scheme(&s))
        },
        described!(op("Create a holiday scheme")
            .body(of::<HolidaySchemeCreate>)
            .answers(ok(of::<HolidayScheme>))),
    ),
    change(
        "PUT",
        "/core/3/holiday-schemes/{id}",
        |commands, request, web, holes| {
            let id = holes.first();
            let (id, body) = named_body(request, id, AdminRecord::HolidayScheme, |id| {
                commands.queries().holiday_scheme(id)
            })?;
            shown(commands.update_holiday_scheme(id, body), |s| web.scheme(&s))
        },
        described!(op("Update a holiday scheme")
            .body(of::<HolidaySchemeUpdate>)
            .answers(ok(of::<HolidayScheme>))),
    ),
    change(
        "DELETE",
        "/core/3/holiday-schemes/{id}",
        |commands, _, _, holes| {
            let id = holes.first();
            let id = named_id(id, AdminRecord::HolidayScheme)?;
            done(commands.delete_scheme(Calendar::Holidays, id))
        },
        described!(ext("Delete a holiday scheme")),
    ),
    change(
        "PUT",
        "/core/3/holiday-schemes/{id}/default",
        |commands, _, _, holes| {
            let id = holes.first();
            let id = named_id(id, AdminRecord::HolidayScheme)?;
            done(commands.set_default_scheme(Calendar::Holidays, id))
        },
        described!(ext("Make a holiday scheme the default")),
    ),
    get(
        "/core/3/holiday-schemes/users/{key}",
        |queries, _, web, holes| {
            let account = holes.first();
            shown(queries.holiday_scheme_of(account), |s| web.scheme(s))
        },
        described!(ext("The holiday scheme of a user").answers(ok(of::<HolidayScheme>))),
    ),
    get(
        "/core/3/holiday-schemes/{id}/holidays",
        |queries, request, web, holes| {
            let id = holes.first();
            holidays(queries, request, web, id)
        },
        described!(ext("List holidays of a scheme")
            .query([query(
                "year",
                "integer",
                "Only this year's (a FLOATING holiday only in its own year)",
            )])
            .answers(ok(of::<ListEnvelope<Holiday>>))),
    ),
    get(
        "/core/3/holiday-schemes/{id}/holidays/{holidayId}",
        |queries, _, web, holes| {
            let id = holes.first();
            let holiday = holes.second();
            let (scheme, holiday) = holiday_ids(queries, id, holiday)?;
            shown(queries.holiday(scheme, holiday), |h| web.holiday(h))
        },
        described!(ext("Get a holiday").answers(ok(of::<Holiday>))),
    ),
    get(
        "/core/3/holiday-schemes/{id}/members",
        |queries, request, web, holes| {
            let id = holes.first();
            let id = named_id(id, AdminRecord::HolidayScheme)?;
            web.listed(request, queries.holiday_scheme_members(id), |m| {
                web.member(m)
            })
        },
        described!(ext("List members of a holiday scheme").answers(ok(of::<ListEnvelope<Member>>))),
    ),
    get(
        "/core/3/workload-schemes",
        |queries, request, web, _| {
            let schemes = queries.workload_schemes().into_iter();
            web.page(request, schemes.map(|s| web.workload(s)).collect())
        },
        described!(ext("List workload schemes")
            .query(PAGE)
            .answers(ok(of::<PagedList<WorkloadScheme>>))),
    ),
    get(
        "/core/3/workload-schemes/users/{key}",
        |queries, _, web, holes| {
            let account = holes.first();
            shown(queries.workload_scheme_of(account), |s| web.workload(s))
        },
        described!(ext("The workload scheme of a user").answers(ok(of::<WorkloadScheme>))),
    ),
    get(
        "/core/3/workload-schemes/{id}",
        |queries, _, web, holes| {
            let id = holes.first();
            let id = named_id(id, AdminRecord::WorkloadScheme)?;
            shown(queries.workload_scheme(id), |s| web.workload(s))
        },
        described!(ext("Get a workload scheme").answers(ok(of::<WorkloadScheme>))),
    ),
    get(
        "/core/3/workload-schemes/{id}/members",
        |queries, request, web, holes| {
            let id = holes.first();
            let id = named_id(id, AdminRecord::WorkloadScheme)?;
            web.listed(request, queries.workload_scheme_members(id), |m| {
                web.member(m)
            })
        },
        described!(ext("List members of a workload scheme").answers(ok(of::<ListEnvelope<Member>>))),
    ),
    change(
        "POST",
        "/core/3/holiday-schemes/{id}/holidays",
        |commands, request, web, holes| {
            let id = holes.first();
            scheme_body(commands, request, id).and_then(|(scheme, body)| {
                shown(commands.create_holiday(scheme, body), |h| web.holiday(&h))
            })
        },
        described!(ext("Add a holiday to a scheme")
            .body(of::<HolidayRequest>)
            .answers(ok(of::<Holiday>))),
    ),
    change(
        "PUT",
        "/core/3/holiday-schemes/{id}/holidays/{holidayId}",
        |commands, request, web, holes| {
            let id = holes.first();
            let holiday = holes.second();
            holiday_ids(&commands.queries(), id, holiday).and_then(|(scheme, id)| {
                let body = body_for(commands.queries().holiday(scheme, id), request)?;
                shown(commands.update_holiday(scheme, id, body), |h| {
                    web.holiday(&h)
                })
            })
        },
        described!(ext("Update a holiday")
            .body(of::<HolidayRequest>)
            .answers(ok(of::<Holiday>))),
    ),
    change(
        "DELETE",
        "/core/3/holiday-schemes/{id}/holidays/{holidayId}",
        |commands, _, _, holes| {
            let id = holes.first();
            let holiday = holes.second();
            holiday_ids(&commands.queries(), id, holiday)
                .and_then(|(scheme, id)| done(commands.delete_holiday(scheme, id)))
        },
        described!(ext("Delete a holiday")),
    ),
    change(
        "POST",
        "/core/3/holiday-schemes/{id}/members",
        |commands, request, _, holes| {
            let id = holes.first();
            scheme_body(commands, request, id).and_then(|(scheme, body)| {
                done(commands.set_scheme_members(Calendar::Holidays, scheme, body))
            })
        },
        described!(ext("Assign users to a holiday scheme").body(of::<MembersRequest>)),
    ),
    change(
        "POST",
        "/core/3/workload-schemes",
        |commands, request, web, _| {
            read_body(request)
                .and_then(|body| shown(commands.create_workload_scheme(body), |s| web.workload(&s)))
        },
        described!(ext("Create a workload scheme")
            .body(of::<WorkloadSchemeRequest>)
            .answers(ok(of::<WorkloadScheme>))),
    ),
    change(
        "PUT",
        "/core/3/workload-schemes/{id}",
        |commands, request, web, holes| {
            let id = holes.first();
            workload_body(commands, request, id).and_then(|(id, body)| {
                shown(commands.update_workload_scheme(id, body), |s| {
                    web.workload(&s)
                })
            })
        },
        described!(ext("Update a workload scheme")
            .body(of::<WorkloadSchemeRequest>)
            .answers(ok(of::<WorkloadScheme>))),
    ),
    change(
        "DELETE",
        "/core/3/workload-schemes/{id}",
        |commands, _, _, holes| {
            let id = holes.first();
            named_id(id, AdminRecord::WorkloadScheme)
                .and_then(|id| done(commands.delete_scheme(Calendar::Workload, id)))
        },
        described!(ext("Delete a workload scheme")),
    ),
    change(
        "PUT",
        "/core/3/workload-schemes/{id}/default",
        |commands, _, _, holes| {
            let id = holes.first();
            named_id(id, AdminRecord::WorkloadScheme)
                .and_then(|id| done(commands.set_default_scheme(Calendar::Workload, id)))
        },
        described!(ext("Make a workload scheme the default")),
    ),
    change(
        "POST",
        "/core/3/workload-schemes/{id}/members",
        |commands, request, _, holes| {
            let id = holes.first();
            workload_body(commands, request, id).and_then(|(id, body)| {
                done(commands.set_scheme_members(Calendar::Workload, id, body))
            })
        },
        described!(ext("Assign users to a workload scheme").body(of::<MembersRequest>)),
    ),
];
