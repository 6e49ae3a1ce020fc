//! The HTTP server: axum in front of the core's `handle`, each request's journal entries committed
//! to SQLite before its answer leaves (S13.2).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::body::{to_bytes, Body};
use axum::extract::State as Shared;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::Response as HttpResponse;
use axum::Router;
use costfolio::api::{
    decode_form, encode_query, envelope, handle, hash_secret, issue_code, Context, Request,
    Response,
};
use costfolio::state::State;

use crate::store::Store;

/// The largest body accepted; more is a 413 (in the interface's envelope).
pub const MAX_BODY: usize = 1 << 20;

/// The server writes a snapshot after this many journal entries, to keep start-up replay short.
pub const SNAPSHOT_EVERY: u64 = 5_000;

/// The service: the state and its store, behind one lock.
pub struct Service {
    state: State,
    store: Store,
    base_url: String,
    /// Successful basic-credential checks, by hash of the header: argon2 is slow on purpose.
    verified: HashMap<String, (String, bool)>,
    /// The sequence number of the last snapshot this server wrote (or found at start).
    snapshot_seq: u64,
    /// Entries between two snapshots.
    snapshot_every: u64,
}

impl Service {
    /// A service over `store`, its state loaded (latest snapshot, then the journal).
    pub fn new(store: Store, base_url: String) -> Result<Service, crate::store::StoreError> {
        let state = store.load()?;
        let snapshot_seq = state.seq;
        Ok(Service {
            state,
            store,
            base_url,
            verified: HashMap::new(),
            snapshot_seq,
            snapshot_every: SNAPSHOT_EVERY,
        })
    }

    fn context(&self) -> Context {
        let mut random = vec![0u8; 64];
        if getrandom::fill(&mut random).is_err() {
            random.clear();
        }
        Context::new(&self.base_url, chrono::Utc::now().naive_utc(), random)
    }

    /// The user of basic credentials, verified against the stored hashes (S11.4).
    fn basic_user(&mut self, request: &Request) -> Option<(String, bool)> {
        let header = request.header_value("Authorization")?;
        let encoded = header
            .strip_prefix("Basic ")
            .or_else(|| header.strip_prefix("basic "))?;
        let key = hash_secret(header);
        if let Some(known) = self.verified.get(&key) {
            return Some(known.clone());
        }
        let decoded = String::from_utf8(decode_base64(encoded.trim())?).ok()?;
        let (name, password) = decoded.split_once(':')?;
        let admin = self.store.verify_user(name, password).ok()??;
        let user = (name.to_owned(), admin);
        self.verified.insert(key, user.clone());
        Some(user)
    }

    /// Handles one request: the core's answer, after its entries are committed.
    pub fn process(&mut self, mut request: Request) -> Response {
        if let Err(refusal) = request.split_query() {
            return refusal;
        }
        let mut context = self.context();
        if context.random.is_empty() {
            return envelope(&request.path, 500, "the host could not draw random bytes");
        }
        if request.path.starts_with("/budgets/") {
            if let Some((user, admin)) = self.basic_user(&request) {
                context.user = Some(user);
                context.budget_admin = admin;
            }
        }
        if request.path.trim_end_matches('/') == "/oauth/authorize" {
            return self.authorize(&request, &context);
        }
        let Service { state, store, .. } = self;
        let response = match store.transact(state, |state| handle(state, &request, &context)) {
            Ok(response) => response,
            Err(error) => {
                let message = format!("the change could not be stored: {error}");
                return envelope(&request.path, 500, &message);
            }
        };
        if self.state.seq >= self.snapshot_seq + self.snapshot_every {
            // The answer's entries are already committed: a failed snapshot only means a longer
            // replay at the next start.
            match self.store.snapshot(&mut self.state) {
                Ok(seq) => self.snapshot_seq = seq,
                Err(error) => eprintln!("snapshot failed (the journal is intact): {error}"),
            }
        }
        response
    }

    /// `GET /oauth/authorize`: a sign-in form; `POST`: the user signs in and grants the client,
    /// then is redirected with the code (S11.1).
    fn authorize(&mut self, request: &Request, context: &Context) -> Response {
        let param = |name: &str| request.param_value(name).unwrap_or("").to_owned();
        if request.method == "GET" {
            let page = format!(
                "<!doctype html><html><head><meta charset=\"utf-8\"><title>costfolio: grant access</title></head><body>\
                 <h1>Grant {client} access to costfolio</h1>\
                 <form method=\"post\" action=\"/oauth/authorize\">\
                 <input type=\"hidden\" name=\"client_id\" value=\"{client}\">\
                 <input type=\"hidden\" name=\"redirect_uri\" value=\"{redirect}\">\
                 <input type=\"hidden\" name=\"state\" value=\"{state}\">\
                 <label>User <input name=\"username\" autocomplete=\"username\"></label>\
                 <label>Password <input name=\"password\" type=\"password\" autocomplete=\"current-password\"></label>\
                 <button type=\"submit\">Grant access</button></form></body></html>",
                client = html(&param("client_id")),
                redirect = html(&param("redirect_uri")),
                state = html(&param("state")),
            );
            return Response {
                status: 200,
                headers: vec![("Content-Type".into(), "text/html; charset=utf-8".into())],
                body: page.into_bytes(),
            };
        }
        if request.method != "POST" {
            return oauth_error(
                405,
                "invalid_request",
                "use GET to show the form and POST to grant",
            );
        }
        let Some(form) = std::str::from_utf8(&request.body)
            .ok()
            .and_then(decode_form)
        else {
            return oauth_error(
                400,
                "invalid_request",
                "the body is not valid form encoding",
            );
        };
        let form: HashMap<String, String> = form.into_iter().collect();
        let field = |name: &str| form.get(name).cloned().unwrap_or_default();
        let verified = self
            .store
            .verify_user(&field("username"), &field("password"))
            .ok()
            .flatten();
        if verified.is_none() {
            return oauth_error(401, "access_denied", "wrong user name or password");
        }
        let (client, redirect) = (field("client_id"), field("redirect_uri"));
        let user = field("username");
        let Service { state, store, .. } = self;
        let code = store.transact(state, |state| {
            issue_code(state, &client, &redirect, &user, context)
        });
        match code {
            Ok(Ok(code)) => {
                let separator = if redirect.contains('?') { '&' } else { '?' };
                let mut location = format!("{redirect}{separator}code={code}");
                if !field("state").is_empty() {
                    location.push_str(&format!("&state={}", encode_query(&field("state"))));
                }
                Response {
                    status: 302,
                    headers: vec![("Location".into(), location)],
                    body: Vec::new(),
                }
            }
            Ok(Err(error)) => oauth_error(400, "invalid_request", &error.to_string()),
            Err(error) => oauth_error(500, "server_error", &error.to_string()),
        }
    }
}

fn oauth_error(status: u16, error: &str, description: &str) -> Response {
    Response::json(
        status,
        serde_json::json!({"error": error, "error_description": description}).to_string(),
    )
}

fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Standard base64 (with or without padding).
pub fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::new();
    let mut buffer = 0u32;
    let mut bits = 0;
    for &c in text.trim_end_matches('=').as_bytes() {
        buffer = (buffer << 6) | u32::from(value(c)?);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    Some(out)
}

type App = Arc<Mutex<Service>>;

async fn any(
    Shared(app): Shared<App>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> HttpResponse {
    let started = Instant::now();
    let path = uri
        .path_and_query()
        .map_or_else(|| uri.path().to_owned(), |p| p.as_str().to_owned());
    let response = match to_bytes(body, MAX_BODY).await {
        Err(_) => envelope(
            uri.path(),
            413,
            &format!("the body is larger than {MAX_BODY} bytes"),
        ),
        Ok(bytes) => {
            let request = Request {
                method: method.as_str().to_owned(),
                path: path.clone(),
                query: Vec::new(),
                headers: headers
                    .iter()
                    .map(|(name, value)| {
                        (
                            name.as_str().to_owned(),
                            String::from_utf8_lossy(value.as_bytes()).into_owned(),
                        )
                    })
                    .collect(),
                body: bytes.to_vec(),
            };
            let result = tokio::task::spawn_blocking(move || match app.lock() {
                Ok(mut service) => service.process(request),
                Err(_) => envelope(
                    "/",
                    500,
                    "the service is unavailable after an earlier failure",
                ),
            })
            .await;
            result.unwrap_or_else(|_| envelope(uri.path(), 500, "the request failed"))
        }
    };
    eprintln!(
        "{} {} {} {}ms",
        method,
        uri.path(),
        response.status,
        started.elapsed().as_millis()
    );
    let mut builder = HttpResponse::builder()
        .status(StatusCode::from_u16(response.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR));
    for (name, value) in &response.headers {
        builder = builder.header(name.as_str(), value.as_str());
    }
    builder
        .body(Body::from(response.body))
        .unwrap_or_else(|_| HttpResponse::new(Body::empty()))
}

/// Serves until interrupted.
pub async fn serve(service: Service, listen: SocketAddr) -> std::io::Result<()> {
    let app = Router::new()
        .fallback(any)
        .layer(axum::extract::DefaultBodyLimit::disable())
        .with_state(Arc::new(Mutex::new(service)));
    let listener = tokio::net::TcpListener::bind(listen).await?;
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_writes_a_snapshot_every_so_many_entries() {
        let dir = std::env::temp_dir().join(format!("costfolio-snap-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_default();
        let db = dir.join("t.db");
        let mut store = Store::open(&db).unwrap();
        let mut state = store.load().unwrap();
        let context = Context::new("", chrono::Utc::now().naive_utc(), vec![1; 64]);
        let token = store
            .transact(&mut state, |s| {
                costfolio::api::mint_personal_token(s, "ada", true, &context)
            })
            .unwrap()
            .unwrap();
        let mut service = Service::new(Store::open(&db).unwrap(), "http://x".into()).unwrap();
        service.snapshot_every = 3;
        for key in ["A", "B", "C", "D"] {
            let request = Request::new("POST", "/core/3/customers")
                .header("Authorization", &format!("Bearer {token}"))
                .json(&format!(r#"{{"key":"{key}","name":"{key}"}}"#));
            assert_eq!(service.process(request).status, 200);
        }
        assert_eq!(service.store.latest_snapshot().unwrap(), Some(4));
        // A restart from the snapshot has everything.
        let reloaded = Store::open(&db).unwrap().load().unwrap();
        assert_eq!(reloaded.customers.len(), 4);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
