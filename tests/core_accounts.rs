//! Accounts and what they hang on through the core administration interface (`handle`, no
//! socket): categories, customers, account links and generic resources, their success shapes and
//! documented errors.

use crate::core_service;

use core_service::{message, Service, ACCOUNT, BASE};
use costfolio::api::Request;
use serde_json::Value;

#[test]
fn accounts_are_created_read_listed_updated_and_deleted() {
    let mut s = Service::new();
    let (status, body) = s.call(
        "POST",
        "/core/3/account-categories",
        Some(r#"{"key":"DEV","name":"Development","typeName":"CAPITALIZED"}"#),
    );
    assert_eq!(status, 200);
    assert_eq!(body["type"]["name"], "CAPITALIZED");
    s.call(
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"CUST","name":"Customer"}"#),
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"ACME","name":"Acme","status":"OPEN","leadAccountId":"lead-1","contactAccountId":"c-1","categoryKey":"DEV","customerKey":"CUST","monthlyBudget":1500}"#),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["self"], format!("{BASE}/core/3/accounts/ACME"));
    assert_eq!(body["id"], 1);
    assert_eq!(body["monthlyBudget"], 1500);
    assert_eq!(body["contact"]["type"], "USER");
    assert_eq!(body["category"]["key"], "DEV");
    assert_eq!(body["customer"]["key"], "CUST");
    assert_eq!(
        body["links"]["self"],
        format!("{BASE}/core/3/accounts/ACME/links")
    );
    assert!(body.get("global").is_some());

    let (status, body) = s.call("GET", "/core/3/accounts/ACME", None);
    assert_eq!((status, body["name"].as_str()), (200, Some("Acme")));
    let (_, body) = s.call("GET", "/core/3/customers/CUST/accounts", None);
    assert_eq!(body["metadata"]["count"], 1, "{body}");

    // Duplicate key (S10.1) and the documented messages.
    let (status, body) = s.call("POST", "/core/3/accounts", Some(ACCOUNT));
    assert_eq!(
        (status, message(&body)),
        (400, "An account with this key already exists")
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"X1","name":"X","status":"OPEN","leadAccountId":"l","categoryKey":"NOPE"}"#),
    );
    assert_eq!((status, message(&body)), (400, "Invalid category key"));
    let (status, body) = s.call(
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"X1","name":"X","status":"OPEN","leadAccountId":"l","customerKey":"NOPE"}"#),
    );
    assert_eq!((status, message(&body)), (400, "Invalid customer key"));
    let (status, body) = s.call("POST", "/core/3/accounts", Some(r#"{"key":"X1","name":"X","status":"OPEN","leadAccountId":"l","contactAccountId":"a","externalContactName":"b"}"#));
    assert_eq!(status, 400);
    assert!(message(&body).contains("cannot be given together"));
    let (status, body) = s.call(
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"bad key","name":"X","status":"OPEN","leadAccountId":"l"}"#),
    );
    assert_eq!(status, 400);
    assert!(
        message(&body).starts_with("key: key must be 1 to 255 characters"),
        "{body}"
    );

    // Update, list by status, list by id.
    let (status, body) = s.call(
        "PUT",
        "/core/3/accounts/ACME",
        Some(r#"{"key":"ACME","name":"Acme 2","status":"CLOSED","leadAccountId":"lead-1"}"#),
    );
    assert_eq!(
        (status, body["name"].as_str(), body["id"].as_u64()),
        (200, Some("Acme 2"), Some(1))
    );
    assert!(
        body.get("category").is_none(),
        "an update replaces the account"
    );
    s.call(
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"B","name":"B","status":"OPEN","leadAccountId":"l"}"#),
    );
    let (_, body) = s.call("GET", "/core/3/accounts?status=CLOSED", None);
    assert_eq!(body["metadata"]["count"], 1);
}

#[test]
fn the_account_list_id_rules() {
    // S10.3
    let mut s = Service::new();
    s.call("POST", "/core/3/accounts", Some(ACCOUNT));
    let request = |params: &[(&str, &str)]| {
        let mut r = Request::new("GET", "/core/3/accounts")
            .header("Authorization", &format!("Bearer {}", s.token));
        for (n, v) in params {
            r = r.param(n, v);
        }
        r
    };
    let with_status = request(&[("id", "1"), ("status", "OPEN")]);
    let too_many: Vec<(String, String)> = (1..=51)
        .map(|i| ("id".to_string(), i.to_string()))
        .collect();
    let mut many = request(&[]);
    many.query = too_many;
    let one = request(&[("id", "1")]);
    let (a, b, c) = (s.send(with_status), s.send(many), s.send(one));
    assert_eq!(a.status, 400);
    assert_eq!(
        message(&serde_json::from_slice(&a.body).unwrap()),
        "id cannot be combined with other parameters"
    );
    assert_eq!(b.status, 400);
    assert_eq!(c.status, 200);
    let body: Value = serde_json::from_slice(&c.body).unwrap();
    assert_eq!(body["self"], format!("{BASE}/core/3/accounts?id=1"));
}

#[test]
fn documented_not_found_messages() {
    let mut s = Service::new();
    for (path, text) in [
        ("/core/3/accounts/NOPE", "Account not found"),
        ("/core/3/account-categories/NOPE", "Invalid category key"),
        ("/core/3/customers/NOPE", "Invalid customer key"),
        ("/core/3/account-links/77", "Link not found"),
        ("/core/3/holiday-schemes/77", "Holiday scheme not found"),
        (
            "/core/3/generic-resources/77",
            "Generic resource was not found",
        ),
        (
            "/core/3/generic-resources/abc",
            "Generic resource was not found",
        ),
    ] {
        let (status, body) = s.call("GET", path, None);
        assert_eq!((status, message(&body)), (404, text), "{path}");
    }
}

#[test]
fn deleting_an_account_deletes_its_links_and_used_categories_cannot_go() {
    let mut s = Service::new();
    s.call(
        "POST",
        "/core/3/account-categories",
        Some(r#"{"key":"DEV","name":"Development"}"#),
    );
    s.call("POST", "/core/3/accounts", Some(r#"{"key":"ACME","name":"Acme","status":"OPEN","leadAccountId":"l","categoryKey":"DEV"}"#));
    let (status, link) = s.call(
        "POST",
        "/core/3/account-links",
        Some(r#"{"accountKey":"ACME","scopeType":"PROJECT","scopeId":10000}"#),
    );
    assert_eq!(status, 200);
    assert_eq!(link["scope"]["type"], "PROJECT");
    assert_eq!(
        link["account"]["self"],
        format!("{BASE}/core/3/accounts/ACME")
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/account-links",
        Some(r#"{"accountKey":"NOPE","scopeType":"PROJECT","scopeId":1}"#),
    );
    assert_eq!(status, 400);
    assert!(message(&body).contains("Invalid account key"));
    let (_, links) = s.call("GET", "/core/3/accounts/ACME/links", None);
    assert_eq!(links["metadata"]["count"], 1);
    let (status, body) = s.call("DELETE", "/core/3/account-categories/DEV", None);
    assert_eq!(status, 400);
    assert_eq!(
        message(&body),
        "The category is used by 1 account(s) and cannot be deleted"
    );
    assert_eq!(s.call("DELETE", "/core/3/accounts/ACME", None).0, 204);
    assert_eq!(s.call("GET", "/core/3/account-links/1", None).0, 404);
    assert_eq!(
        s.call("DELETE", "/core/3/account-categories/DEV", None).0,
        204
    );
    let (_, types) = s.call("GET", "/core/3/account-category-types", None);
    assert_eq!(types["metadata"]["count"], 4);
    assert_eq!(types["results"][0]["name"], "BILLABLE");
}

#[test]
fn generic_resources_carry_their_authors_and_times() {
    let mut s = Service::new();
    let (status, body) = s.call(
        "POST",
        "/core/3/generic-resources",
        Some(r#"{"name":"Senior engineer"}"#),
    );
    assert_eq!(status, 200);
    assert_eq!(body["createdAt"], "2026-11-21T10:00:00Z");
    assert_eq!(body["createdBy"]["accountId"], "admin-1");
    let (status, body) = s.call(
        "POST",
        "/core/3/generic-resources",
        Some(r#"{"name":"SENIOR ENGINEER"}"#),
    );
    assert_eq!(status, 400);
    assert!(message(&body).contains("already exists"));
    let (status, body) = s.call(
        "PUT",
        "/core/3/generic-resources/1",
        Some(r#"{"name":"Principal engineer"}"#),
    );
    assert_eq!(
        (status, body["name"].as_str()),
        (200, Some("Principal engineer"))
    );
    let (_, list) = s.call("GET", "/core/3/generic-resources", None);
    assert_eq!(list["metadata"]["count"], 1);
    assert_eq!(s.call("DELETE", "/core/3/generic-resources/1", None).0, 204);
    assert_eq!(s.call("GET", "/core/3/generic-resources/1", None).0, 404);
}

#[test]
fn duplicate_keys_used_customers_and_missing_records() {
    let mut s = Service::new();
    s.call(
        "POST",
        "/core/3/account-categories",
        Some(r#"{"key":"DEV","name":"Development"}"#),
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/account-categories",
        Some(r#"{"key":"DEV","name":"Again"}"#),
    );
    assert_eq!(
        (status, message(&body)),
        (400, "A category with this key already exists")
    );
    s.call(
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"ACME","name":"Acme"}"#),
    );
    s.call(
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"GLOBEX","name":"Globex"}"#),
    );
    let (status, body) = s.call(
        "POST",
        "/core/3/customers",
        Some(r#"{"key":"ACME","name":"Again"}"#),
    );
    assert_eq!(
        (status, message(&body)),
        (400, "A customer with this key already exists")
    );
    let (status, body) = s.call(
        "PUT",
        "/core/3/customers/GLOBEX",
        Some(r#"{"key":"ACME","name":"Renamed onto another"}"#),
    );
    assert_eq!(
        (status, message(&body)),
        (400, "A customer with this key already exists")
    );
    let (_, only) = s.call("GET", "/core/3/customers?id=2", None);
    assert_eq!(
        (
            only["metadata"]["count"].as_u64(),
            only["results"][0]["key"].as_str()
        ),
        (Some(1), Some("GLOBEX"))
    );
    let (_, categories) = s.call("GET", "/core/3/account-categories?id=1", None);
    assert_eq!(categories["metadata"]["count"], 1);
    assert_eq!(s.call("GET", "/core/3/customers?id=x", None).0, 400);
    s.call(
        "POST",
        "/core/3/accounts",
        Some(r#"{"key":"A1","name":"A","status":"OPEN","leadAccountId":"l","customerKey":"ACME"}"#),
    );
    let (status, body) = s.call("DELETE", "/core/3/customers/ACME", None);
    assert_eq!(
        (status, message(&body)),
        (
            400,
            "The customer is used by 1 account(s) and cannot be deleted"
        )
    );
    for (method, path, body, text) in [
        (
            "PUT",
            "/core/3/accounts/NOPE",
            Some(ACCOUNT),
            "Account not found",
        ),
        ("DELETE", "/core/3/accounts/NOPE", None, "Account not found"),
        (
            "PUT",
            "/core/3/customers/NOPE",
            Some(r#"{"key":"N","name":"N"}"#),
            "Invalid customer key",
        ),
        (
            "PUT",
            "/core/3/account-categories/NOPE",
            Some(r#"{"key":"N","name":"N"}"#),
            "Invalid category key",
        ),
        (
            "PUT",
            "/core/3/holiday-schemes/99",
            Some(r#"{"name":"N"}"#),
            "Holiday scheme not found",
        ),
        (
            "PUT",
            "/core/3/generic-resources/99",
            Some(r#"{"name":"N"}"#),
            "Generic resource was not found",
        ),
        ("DELETE", "/core/3/account-links/99", None, "Link not found"),
    ] {
        let (status, response) = s.call(method, path, body);
        assert_eq!((status, message(&response)), (404, text), "{method} {path}");
    }
}
