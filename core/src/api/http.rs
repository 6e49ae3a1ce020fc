//! Plain request and response values: what a host reads off a socket and writes back.

use chrono::NaiveDateTime;

/// An HTTP request as plain data.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Request {
    /// The method, upper case (`GET`, `POST` ...).
    pub method: String,
    /// The path, without query string (`/core/3/accounts/ACME`).
    pub path: String,
    /// Query parameters in order, percent-decoded; a repeated parameter appears repeatedly.
    pub query: Vec<(String, String)>,
    /// Headers; names compared without regard to case.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Request {
    /// A request without headers or body.
    pub fn new(method: &str, path: &str) -> Request {
        Request {
            method: method.to_owned(),
            path: path.to_owned(),
            ..Request::default()
        }
    }

    /// Adds a header.
    pub fn header(mut self, name: &str, value: &str) -> Request {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Adds a query parameter.
    pub fn param(mut self, name: &str, value: &str) -> Request {
        self.query.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Sets a JSON body and its content type.
    pub fn json(mut self, body: &str) -> Request {
        self.body = body.as_bytes().to_vec();
        self.header("Content-Type", "application/json")
    }

    /// The first value of header `name`, compared without regard to case.
    pub fn header_value(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Every value of query parameter `name`.
    pub fn params<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.query
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The first value of query parameter `name`.
    pub fn param_value(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// An HTTP response as plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// Headers.
    pub headers: Vec<(String, String)>,
    /// The body (empty for 204 and 401).
    pub body: Vec<u8>,
}

impl Response {
    /// A response with a JSON body.
    pub fn json(status: u16, body: String) -> Response {
        Response {
            status,
            headers: vec![("Content-Type".into(), "application/json".into())],
            body: body.into_bytes(),
        }
    }

    /// A response without a body.
    pub fn empty(status: u16) -> Response {
        Response {
            status,
            headers: Vec::new(),
            body: Vec::new(),
        }
    }

    /// The body as text (lossy), for tests and logs.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The first value of header `name`.
    pub fn header_value(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What the host knows that the core must not find out by itself (S2.3): its own address, the
/// time, and fresh randomness.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// The service's base address, for absolute `self`, `next` and `previous` (S10.6), without a
    /// trailing slash, for example `http://127.0.0.1:8080`.
    pub base_url: String,
    /// The request's time, UTC.
    pub now: NaiveDateTime,
    /// Fresh random bytes from the host, at least 64 (two tokens of 256 bits, S11.2).
    pub random: Vec<u8>,
    /// The user key of a budgeting request's basic credentials, which the host verified (S11.4);
    /// `None` when the request carried none or they were wrong.
    pub user: Option<String>,
    /// Whether that user is a budget administrator, who sees every folio (S11.4).
    pub budget_admin: bool,
}

impl Context {
    /// A context with no budgeting caller.
    pub fn new(base_url: &str, now: NaiveDateTime, random: Vec<u8>) -> Context {
        Context {
            base_url: base_url.to_owned(),
            now,
            random,
            user: None,
            budget_admin: false,
        }
    }
}
