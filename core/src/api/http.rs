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

    /// The credentials of the `Authorization` header when its scheme is `scheme` (compared
    /// without regard to case): `Basic` gives the base64 text, `Bearer` the token. Never panics on
    /// a header that is not ASCII.
    pub fn credentials(&self, scheme: &str) -> Option<&str> {
        let header = self.header_value("Authorization")?;
        let (given, rest) = header.split_once(' ')?;
        given
            .eq_ignore_ascii_case(scheme)
            .then_some(rest)
            .filter(|rest| !rest.trim().is_empty())
    }

    /// The media type of the body (`Content-Type` without its parameters), empty when none.
    pub fn media_type(&self) -> &str {
        let content_type = self.header_value("Content-Type").unwrap_or("");
        content_type.split(';').next().unwrap_or("").trim()
    }

    /// Whether the body is declared JSON (`application/json`, any case, any parameters).
    pub fn declares_json(&self) -> bool {
        self.media_type().eq_ignore_ascii_case("application/json")
    }

    /// Whether the body is a JSON object, as far as its first byte that is not white space says.
    pub fn body_is_object(&self) -> bool {
        self.body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
    }

    /// The one check of a JSON body, before it is read, for every interface: declared JSON
    /// (else [`BodyError::NotJson`], a 415) and a JSON object (else [`BodyError::NotObject`]).
    pub fn json_body(&self) -> Result<(), BodyError> {
        if !self.declares_json() {
            return Err(BodyError::NotJson);
        }
        if !self.body_is_object() {
            return Err(BodyError::NotObject);
        }
        Ok(())
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

    /// Splits a path that still carries its query string (`/core/3/accounts?status=OPEN`) into
    /// the path and its decoded parameters, appended to `query`; a malformed query changes
    /// nothing and is the error (`Request::split_query` answers it in its interface's envelope).
    pub fn take_query(&mut self) -> Result<(), QueryError> {
        let Some((path, query)) = self.path.split_once('?') else {
            return Ok(());
        };
        let pairs = decode_form(query).ok_or_else(|| QueryError {
            path: path.to_owned(),
            query: query.to_owned(),
        })?;
        self.path = path.to_owned();
        self.query.extend(pairs);
        Ok(())
    }
}

/// Why a body is not read: each interface answers it in its own envelope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyError {
    /// The body is not declared `application/json` (415).
    NotJson,
    /// The body is not a JSON object (400).
    NotObject,
}

/// A query string that does not decode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryError {
    /// The path it followed.
    pub path: String,
    /// The query string.
    pub query: String,
}

impl std::fmt::Display for QueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "The query string {:?} is not valid",
            crate::model::messages::excerpt(&self.query)
        )
    }
}

impl std::error::Error for QueryError {}

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
    /// Whether that user is a budget administrator, who sees and changes every folio (S11.4).
    pub budget_admin: bool,
    /// Whether that user's credential may change data: true for basic credentials and sessions,
    /// false for a read-only token (S11.5).
    pub write: bool,
    /// The OAuth client whose secret the host verified for this request (a slow, salted hash the
    /// host checks outside its locks); `None` when it verified none.
    pub verified_client: Option<String>,
    /// Whether `user` comes from the planner's session, which the host verified: the core
    /// administration interface then answers that user's reads (S11.6: every user reads it),
    /// never a change, which takes a bearer token.
    pub session: bool,
    /// The journal the host keeps, which histories are read from; `None` where none
    /// is kept (the history routes then answer 503).
    pub journal: Option<Journal>,
    /// How the host writes and reads spreadsheet files (XLSX); `None` where it has no such
    /// writer (the planner's sandbox): workbooks are then refused as online only.
    pub spreadsheets: Option<crate::sheets::Spreadsheets>,
}

/// The host's journal, shared by every request's context.
#[derive(Clone)]
pub struct Journal(pub std::sync::Arc<dyn crate::state::JournalReader>);

impl core::fmt::Debug for Journal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Journal")
    }
}

/// Two contexts' journals are the same when they are one reader.
impl PartialEq for Journal {
    fn eq(&self, other: &Journal) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Journal {}

impl Context {
    /// What a change of credentials takes from the host: the request's time and random bytes.
    pub fn moment(&self) -> crate::usecase::credentials::Moment<'_> {
        crate::usecase::credentials::Moment {
            now: self.now,
            random: &self.random,
        }
    }

    /// A context with no budgeting caller.
    pub fn new(base_url: &str, now: NaiveDateTime, random: Vec<u8>) -> Context {
        Context {
            base_url: base_url.to_owned(),
            now,
            random,
            user: None,
            budget_admin: false,
            write: true,
            verified_client: None,
            session: false,
            journal: None,
            spreadsheets: None,
        }
    }
}

/// Decodes `application/x-www-form-urlencoded` text (a query string or a form body) into its
/// name/value pairs in order; a name without `=` has an empty value. `None` when an escape is
/// malformed or a decoded text is not UTF-8.
pub fn decode_form(text: &str) -> Option<Vec<(String, String)>> {
    text.split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            Some((percent_decode(name)?, percent_decode(value)?))
        })
        .collect()
}

/// Encodes `text` as one value (or name) of a query string: every byte but letters, digits and
/// `-_.~:` as `%XX`, so a value holding `&`, `=` or `#` stays one value. [`decode_form`] reads it
/// back.
pub fn encode_query(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~:".contains(&byte) {
            out.push(char::from(byte));
        } else {
            let hex = |digit: u8| char::from(b"0123456789ABCDEF"[usize::from(digit)]);
            out.push('%');
            out.push(hex(byte >> 4));
            out.push(hex(byte & 15));
        }
    }
    out
}

/// Decodes `+` and `%XX` escapes.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = text.get(index + 1..index + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                index += 2;
            }
            byte => out.push(byte),
        }
        index += 1;
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_decode_escapes_and_refuse_malformed_ones() {
        let pairs = decode_form("a=1+2&b=%C3%A9t%C3%A9&&flag&c=").unwrap();
        let expected = [("a", "1 2"), ("b", "été"), ("flag", ""), ("c", "")];
        assert_eq!(
            pairs,
            expected.map(|(n, v)| (n.to_owned(), v.to_owned())).to_vec()
        );
        assert_eq!(decode_form("a=%4"), None);
        assert_eq!(decode_form("a=%zz"), None);
        assert_eq!(decode_form("a=%FF"), None, "not UTF-8");
    }

    #[test]
    fn a_malformed_query_is_refused_in_its_interfaces_envelope() {
        let mut request = Request::new("GET", "/core/3/accounts?status=OPEN&x=%41");
        request.split_query().unwrap();
        assert_eq!(request.path, "/core/3/accounts");
        assert_eq!(request.param_value("x"), Some("A"));
        for (path, body) in [
            (
                "/core/3/accounts?x=%",
                r#"{"errors":[{"message":"The query string \"x=%\" is not valid"}]}"#,
            ),
            (
                "/budgets/1/folio?x=%",
                r#"{"errorMessages":["The query string \"x=%\" is not valid"]}"#,
            ),
        ] {
            let refusal = Request::new("GET", path).split_query().unwrap_err();
            assert_eq!(refusal.status, 400);
            assert_eq!(String::from_utf8(refusal.body).unwrap(), body);
        }
    }
}
