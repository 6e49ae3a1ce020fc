//! The browser planner's files (`www/dist`, built by Vite), served at every path that is not an
//! interface's: the files as they are (the `.wasm` as `application/wasm`), compressed when the
//! build wrote a `.br` or `.gz` beside a file and the browser accepts it (no compression at
//! request time: it would cost CPU per request to anyone who asks), the hashed files under
//! `/assets/` cached as immutable, and `index.html` for any other path, where the planner's own
//! routes take over. Dot files, `//` paths and over-long names are 404s. The directory is served
//! as it is: it should hold only what the build wrote (a symbolic link in it is followed).

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

    /// The answer to `request` for one of the planner's paths.
    pub(crate) async fn answer(&self, request: Request<Body>) -> Response {
        if refused(request.uri().path()) {
            let mut response = Response::new(Body::from("not found\n"));
            *response.status_mut() = StatusCode::NOT_FOUND;
            return response;
        }
        let hashed = request.uri().path().starts_with(HASHED);
        let answer: Result<Response, Infallible> = if hashed {
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
    use super::refused;

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
