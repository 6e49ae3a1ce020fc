//! Helpers shared by costfolio's integration tests and benchmarks.
#![deny(missing_docs)]

use std::path::PathBuf;

/// The folder of the golden JSON samples, `tests/golden/`.
pub fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
}

/// The text of the golden sample `name` (a file name under `tests/golden/`).
///
/// # Panics
/// When the file cannot be read: a test helper, so a missing sample fails the test loudly.
pub fn golden(name: &str) -> String {
    let path = golden_dir().join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read golden sample {}: {error}", path.display()))
}

/// The text of the test vector file `name` (a file name under `tests/vectors/`).
///
/// # Panics
/// When the file cannot be read.
pub fn vectors(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("vectors")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read test vectors {}: {error}", path.display()))
}
