//! The browser planner's files (`www/dist`, built by Vite), served at every path that is not an
//! interface's: the files as they are (the `.wasm` as `application/wasm`), compressed (brotli or
//! gzip, as the browser accepts), the hashed files under `/assets/` cached as immutable, and
//! `index.html` for any other path, where the planner's own routes take over.

use std::convert::Infallible;
use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::Response;
use tower::Layer;
use tower::ServiceExt;
use tower_http::compression::{Compression, CompressionLayer};
use tower_http::services::{ServeDir, ServeFile};

/// Where Vite puts the files whose names carry their content's hash.
const HASHED: &str = "/assets/";

/// How the planner's pages may load things: only from this server (the wasm module compiled
/// with `wasm-unsafe-eval`), never framed by another site.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

/// The built planner, served from its directory.
#[derive(Clone)]
pub struct Planner {
    dir: PathBuf,
    /// The hashed files: a missing one is a 404.
    assets: Compression<ServeDir>,
    /// Every other path: its file, else `index.html`.
    pages: Compression<ServeDir<ServeFile>>,
}

impl Planner {
    /// The planner built into `dir`, which must hold its `index.html`.
    pub fn open(dir: &Path) -> Result<Planner, String> {
        let index = dir.join("index.html");
        if !index.is_file() {
            return Err(format!(
                "{} has no index.html: build the planner first (npm run build:www, or ./scripts/serve)",
                dir.display()
            ));
        }
        let compress = CompressionLayer::new();
        Ok(Planner {
            dir: dir.to_owned(),
            assets: compress.layer(ServeDir::new(dir)),
            pages: compress.layer(ServeDir::new(dir).fallback(ServeFile::new(index))),
        })
    }

    /// The directory served.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The answer to `request` for one of the planner's paths.
    pub async fn answer(&self, request: Request<Body>) -> Response {
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
