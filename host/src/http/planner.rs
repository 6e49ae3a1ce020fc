//! The browser planner's files (`www/dist`, built by Vite), served at every path that is not an
//! interface's: the files as they are (the `.wasm` as `application/wasm`), compressed when the
//! build wrote a `.br` or `.gz` beside a file and the browser accepts it (no compression at
//! request time: it would cost CPU per request to anyone who asks), the hashed files under
//! `/assets/` cached as immutable, and `index.html` for any other path, where the planner's own
//! routes take over. Dot files, `//` paths and over-long names are 404s. The directory is served
//! as it is: it should hold only what the build wrote (a symbolic link in it is followed).
//!
//! A page asked for with a live session (`routes::signed_in`) carries that session, the answer
//! `GET /session` would give, in a JSON data block (`<script type="application/json"
//! id="costfolio-session">`): the planner starts asking for its first screen without waiting for
//! `/session` first. Such a page is the user's own: `no-store, private`, `Vary:
//! Cookie`, never compressed or revalidated; every other page is the build's file as it is. A
//! deployment must not put a cache in front that ignores `no-store` (one that "caches everything"
//! would give one user's page to the next): operations.md.

use std::convert::Infallible;
use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::Response;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

/// Where Vite puts the files whose names carry their content's hash.
const HASHED: &str = "/assets/";

/// How the planner's pages may load things: only from this server (the wasm module compiled
/// with `wasm-unsafe-eval`), never framed by another site.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

/// Whether `path` is one no build writes: `//` (which a directory redirect would turn into another
/// host's address), a dot file or dot segment (also percent-encoded), or a name longer than a file
/// system allows.
fn refused(path: &str) -> bool {
    path.starts_with("//")
        || path.split('/').any(|segment| {
            let lower = segment.to_ascii_lowercase();
            segment.starts_with('.') || lower.starts_with("%2e") || segment.len() > 255
        })
}

/// The id of the data block that carries the session in a signed-in page.
const SESSION_BLOCK: &str = "costfolio-session";

/// Whether `path` is one of the planner's pages (answered with `index.html`), not one of its
/// files: outside `/assets`, its last segment without a dot. Every file the build writes outside
/// `/assets/` has a dot in its name (`index.html`, `404.html` and their compressed copies).
pub(crate) fn is_page(path: &str) -> bool {
    !refused(path)
        && path != "/assets"
        && !path.starts_with(HASHED)
        && !path
            .rsplit('/')
            .next()
            .is_some_and(|last| last.contains('.'))
}

/// `index` with `session` (a JSON object) in a data block before `</head>`, its `<`, `>` and `&`
/// written as JSON escapes so that no text of it can close the block; `None` if `index` has no
/// `</head>`.
fn with_session(index: &str, session: &str) -> Option<String> {
    let at = index.find("</head>")?;
    let escaped = session
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    Some(format!(
        "{}<script type=\"application/json\" id=\"{SESSION_BLOCK}\">{escaped}</script>\n  {}",
        &index[..at],
        &index[at..]
    ))
}

/// The built planner, served from its directory.
#[derive(Clone)]
pub(crate) struct Planner {
    dir: PathBuf,
    /// The hashed files: a missing one is a 404.
    assets: ServeDir,
    /// Every other path: its file, else `index.html`.
    pages: ServeDir<ServeFile>,
}

impl Planner {
    /// The planner built into `dir`, which must hold its `index.html`.
    pub(crate) fn open(dir: &Path) -> Result<Planner, String> {
        let index = dir.join("index.html");
        if !index.is_file() {
            return Err(format!(
                "{} has no index.html: build the planner first (npm run build:www, or ./scripts/serve)",
                dir.display()
            ));
        }
        let files = || ServeDir::new(dir).precompressed_br().precompressed_gzip();
        Ok(Planner {
            dir: dir.to_owned(),
            assets: files(),
            pages: files().fallback(
                ServeFile::new(index)
                    .precompressed_br()
                    .precompressed_gzip(),
            ),
        })
    }

    /// The directory served.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// A page with `session` in it (`with_session`), or `None` when `index.html` cannot be read
    /// or has no `</head>` (then the page is served as built).
    async fn signed_in_page(&self, session: &str) -> Option<Response> {
        let index = tokio::fs::read_to_string(self.dir.join("index.html"))
            .await
            .ok()?;
        let page = with_session(&index, session)?;
        let mut response = Response::new(Body::from(page));
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        );
        headers.insert(header::VARY, HeaderValue::from_static("Cookie"));
        Some(response)
    }

    /// The answer to `request` for one of the planner's paths. `session`, when the caller found
    /// one (`routes::signed_in`: a `GET` or `HEAD` of a page, [`is_page`], with a live session),
    /// is the JSON `GET /session` answered for the request's cookie, which the page carries.
    pub(crate) async fn answer(&self, request: Request<Body>, session: Option<&str>) -> Response {
        if refused(request.uri().path()) {
            let mut response = Response::new(Body::from("not found\n"));
            *response.status_mut() = StatusCode::NOT_FOUND;
            return response;
        }
        let hashed = request.uri().path().starts_with(HASHED);
        let own = match session {
            Some(session) => self.signed_in_page(session).await,
            None => None,
        };
        let signed_in = own.is_some();
        let answer: Result<Response, Infallible> = if let Some(own) = own {
            Ok(own)
        } else if hashed {
            self.assets
                .clone()
                .oneshot(request)
                .await
                .map(|response| response.map(Body::new))
        } else {
            self.pages
                .clone()
                .oneshot(request)
                .await
                .map(|response| response.map(Body::new))
        };
        let mut response = match answer {
            Ok(response) => response,
            Err(never) => match never {},
        };
        let cache = if hashed && response.status() == StatusCode::OK {
            "public, max-age=31536000, immutable"
        } else if signed_in {
            // A signed-in page: the user's own, never kept (nor by a shared cache).
            "no-store, private"
        } else {
            // index.html names the current hashed files: always asked again (a 304 when unchanged).
            "no-cache"
        };
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        );
        headers.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        headers.insert(
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        );
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        response
    }
}

#[cfg(test)]
mod tests {
    use super::{is_page, refused, with_session};

    #[test]
    fn a_session_is_written_into_the_page_where_no_text_of_it_can_close_its_block() {
        let index = "<html><head><title>t</title></head><body></body></html>";
        let session = r#"{"user":"</script><script>alert(1)</script>&"}"#;
        let page = with_session(index, session).unwrap();
        let block = r#"<script type="application/json" id="costfolio-session">"#;
        let start = page.find(block).unwrap() + block.len();
        let end = start + page[start..].find("</script>").unwrap();
        let written = &page[start..end];
        assert!(!written.contains('<') && !written.contains('>') && !written.contains('&'));
        let read: serde_json::Value = serde_json::from_str(written).unwrap();
        assert_eq!(read["user"], "</script><script>alert(1)</script>&");
        assert!(page.starts_with("<html><head><title>t</title>"));
        assert!(page.ends_with("</head><body></body></html>"));
        assert_eq!(with_session("<html><body></body></html>", session), None);
    }

    #[test]
    fn pages_are_the_paths_without_a_file_name() {
        for page in [
            "/",
            "/folios/3",
            "/folios/3/forecast",
            "/signin",
            "/admin/exchange-rates",
        ] {
            assert!(is_page(page), "{page}");
        }
        for file in [
            "/index.html",
            "/assets",
            "/assets/app-3f2a9c.js",
            "/assets/x",
            "/favicon.ico",
            "/.env",
            "//x",
        ] {
            assert!(!is_page(file), "{file}");
        }
    }

    #[test]
    fn only_paths_a_build_writes_are_looked_up() {
        for path in ["/", "/folios/3", "/assets/app-3f2a9c.js", "/index.html"] {
            assert!(!refused(path), "{path}");
        }
        let long = format!("/{}", "a".repeat(256));
        for path in [
            "//assets",
            "///x",
            "/.env",
            "/assets/.git/config",
            "/%2eenv",
            "/%2E%2E/t.db",
            "/a/../b",
            &long,
        ] {
            assert!(refused(path), "{path}");
        }
    }
}
