//! The calendars of the core administration interface (`handle`, no socket): holiday schemes and
//! their default, their holidays and members (extensions.md), and workload schemes.

use crate::core_service;

use core_service::{message, Service, BASE};

#[test]
fn holiday_schemes_page_and_keep_one_default() {
    let mut s = Service::new();
    let (status, body) = s.call(
        "POST",
        "/core/3/holiday-schemes",
        Some(r#"{"description":"no name"}"#),
    );
    assert_eq!((status, message(&body)), (400, "name is required"));
    for name in ["Germany", "France", "Spain"] {
        assert_eq!(
            s.call(
                "POST",
                "/core/3/holiday-schemes",
                Some(&format!(r#"{{"name":"{name}"}}"#))
            )
            .0,
            200
        );
    }
    let (status, body) = s.call(
        "POST",
        "/core/3/holiday-schemes",
        Some(r#"{"name":"germany"}"#),
    );
    assert_eq!(status, 400);
    assert!(message(&body).contains("already exists"));
    let (_, page) = s.call("GET", "/core/3/holiday-schemes?offset=1&limit=2", None);
    assert_eq!(page["metadata"]["count"], 2);
    assert_eq!(
        page["metadata"]["next"],
        format!("{BASE}/core/3/holiday-schemes?offset=3&limit=2")
    );
    assert_eq!(
        page["metadata"]["previous"],
        format!("{BASE}/core/3/holiday-schemes?offset=0&limit=2")
    );
    assert_eq!(page["results"][0]["name"], "Germany");
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes?limit=1001", None).0,
        400
    );
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes?offset=-1", None).0,
        400
    );
    // The default cannot be deleted; another can become the default.
    let (_, first) = s.call("GET", "/core/3/holiday-schemes/1", None);
    assert_eq!(
        (first["name"].as_str(), first["defaultScheme"].as_bool()),
        (Some("Default Holiday Scheme"), Some(true))
    );
    assert_eq!(s.call("DELETE", "/core/3/holiday-schemes/1", None).0, 400);
    assert_eq!(
        s.call("PUT", "/core/3/holiday-schemes/2/default", None).0,
        204
    );
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes/1", None).1["defaultScheme"],
        false
    );
    assert_eq!(s.call("DELETE", "/core/3/holiday-schemes/1", None).0, 204);
    let (status, body) = s.call(
        "PUT",
        "/core/3/holiday-schemes/3",
        Some(r#"{"name":"Frankreich","description":"FR"}"#),
    );
    assert_eq!(
        (status, body["name"].as_str(), body["description"].as_str()),
        (200, Some("Frankreich"), Some("FR"))
    );
}

#[test]
fn holidays_and_members_of_a_holiday_scheme() {
    let mut s = Service::new();
    s.call(
        "POST",
        "/core/3/holiday-schemes",
        Some(r#"{"name":"Germany"}"#),
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/holiday-schemes/2/holidays",
        Some(r#"{"type":"FIXED","name":"Christmas","durationSeconds":86400,"date":"2020-12-25"}"#),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["schemeId"].as_u64(), body["type"].as_str()),
        (Some(2), Some("FIXED"))
    );
    assert_eq!(
        body["self"],
        format!("{BASE}/core/3/holiday-schemes/2/holidays/1")
    );
    s.call("POST", "/core/3/holiday-schemes/2/holidays", Some(r#"{"type":"FLOATING","name":"Easter Monday","description":null,"durationSeconds":86400,"date":"2026-04-06"}"#));
    let (_, year) = s.call("GET", "/core/3/holiday-schemes/2/holidays?year=2027", None);
    assert_eq!(
        year["metadata"]["count"], 1,
        "FIXED holidays fall every year, FLOATING ones only in theirs"
    );
    // S3.2: shown on the asked year's date, not the date it was created with.
    assert_eq!(year["results"][0]["date"], "2027-12-25");
    let (_, all) = s.call("GET", "/core/3/holiday-schemes/2/holidays", None);
    assert_eq!(
        all["results"][0]["date"], "2020-12-25",
        "without a year: as stored"
    );
    // A FIXED Feb 29 falls only in leap years.
    s.call(
        "POST",
        "/core/3/holiday-schemes/2/holidays",
        Some(r#"{"type":"FIXED","name":"Leap day","durationSeconds":3600,"date":"2024-02-29"}"#),
    );
    let (_, leap) = s.call("GET", "/core/3/holiday-schemes/2/holidays?year=2028", None);
    let (_, common) = s.call("GET", "/core/3/holiday-schemes/2/holidays?year=2027", None);
    assert_eq!(
        (
            leap["metadata"]["count"].as_u64(),
            common["metadata"]["count"].as_u64()
        ),
        (Some(2), Some(1))
    );
    assert_eq!(leap["results"][1]["date"], "2028-02-29");
    s.call("DELETE", "/core/3/holiday-schemes/2/holidays/3", None);
    let (status, body) = s.call(
        "POST",
        "/core/3/holiday-schemes/2/holidays",
        Some(r#"{"type":"FIXED","name":"Long","durationSeconds":90000,"date":"2026-01-01"}"#),
    );
    assert_eq!(status, 400);
    assert!(message(&body).contains("durationSeconds"));
    let (status, body) = s.call("PUT", "/core/3/holiday-schemes/2/holidays/2", Some(r#"{"type":"FLOATING","name":"Easter Monday","durationSeconds":14400,"date":"2026-04-06"}"#));
    assert_eq!(
        (status, body["durationSeconds"].as_u64()),
        (200, Some(14400))
    );
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes/1/holidays/2", None)
            .0,
        404,
        "a holiday of another scheme"
    );
    assert_eq!(
        s.call("DELETE", "/core/3/holiday-schemes/2/holidays/2", None)
            .0,
        204
    );
    // Members: assigning moves a user; an unassigned user has the default scheme.
    assert_eq!(
        s.call(
            "POST",
            "/core/3/holiday-schemes/2/members",
            Some(r#"{"accountIds":["ada","bob"]}"#)
        )
        .0,
        204
    );
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes/2", None).1["memberCount"],
        2
    );
    let (_, members) = s.call("GET", "/core/3/holiday-schemes/2/members", None);
    assert_eq!(members["results"][0]["accountId"], "ada");
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes/users/ada", None).1["id"],
        2
    );
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes/users/carol", None).1["id"],
        1
    );
    s.call(
        "POST",
        "/core/3/holiday-schemes/1/members",
        Some(r#"{"accountIds":["ada"]}"#),
    );
    assert_eq!(
        s.call("GET", "/core/3/holiday-schemes/2", None).1["memberCount"],
        1
    );
}

#[test]
fn workload_schemes() {
    let mut s = Service::new();
    let (_, default) = s.call("GET", "/core/3/workload-schemes/1", None);
    assert_eq!(
        (
            default["name"].as_str(),
            default["days"][0]["requiredSeconds"].as_u64(),
            default["days"][6]["requiredSeconds"].as_u64()
        ),
        (Some("Default Workload Scheme"), Some(28800), Some(0))
    );
    let week = r#"[{"day":"MONDAY","requiredSeconds":36000},{"day":"TUESDAY","requiredSeconds":36000},{"day":"WEDNESDAY","requiredSeconds":36000},{"day":"THURSDAY","requiredSeconds":36000},{"day":"FRIDAY","requiredSeconds":0},{"day":"SATURDAY","requiredSeconds":0},{"day":"SUNDAY","requiredSeconds":0}]"#;
    let (status, body) = s.call(
        "POST",
        "/core/3/workload-schemes",
        Some(&format!(r#"{{"name":"Four days","days":{week}}}"#)),
    );
    assert_eq!(
        (status, body["id"].as_u64(), body["defaultScheme"].as_bool()),
        (200, Some(2), Some(false))
    );
    let short = r#"[{"day":"MONDAY","requiredSeconds":36000}]"#;
    assert_eq!(
        s.call(
            "POST",
            "/core/3/workload-schemes",
            Some(&format!(r#"{{"name":"Short","days":{short}}}"#))
        )
        .0,
        400
    );
    assert_eq!(
        s.call(
            "POST",
            "/core/3/workload-schemes",
            Some(&format!(r#"{{"name":"four DAYS","days":{week}}}"#))
        )
        .0,
        400
    );
    assert_eq!(
        s.call("PUT", "/core/3/workload-schemes/2/default", None).0,
        204
    );
    assert_eq!(s.call("DELETE", "/core/3/workload-schemes/2", None).0, 400);
    assert_eq!(s.call("DELETE", "/core/3/workload-schemes/1", None).0, 204);
    s.call(
        "POST",
        "/core/3/workload-schemes/2/members",
        Some(r#"{"accountIds":["ada"]}"#),
    );
    assert_eq!(
        s.call("GET", "/core/3/workload-schemes/users/ada", None).1["id"],
        2
    );
    let (_, list) = s.call("GET", "/core/3/workload-schemes", None);
    assert_eq!(list["metadata"]["count"], 1);
    assert_eq!(s.call("GET", "/core/3/workload-schemes/9", None).0, 404);
}
