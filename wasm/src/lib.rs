//! WebAssembly bindings of the costfolio engine. Thin by design: each export delegates to the
//! core in a few lines. For now it exports the version; the `Planner` comes later.
#![deny(missing_docs)]

use wasm_bindgen::prelude::wasm_bindgen;

/// The version of the costfolio core this package wraps.
#[wasm_bindgen]
pub fn version() -> String {
    costfolio::VERSION.to_owned()
}

#[cfg(test)]
mod tests {
    #[test]
    fn version_is_the_core_version() {
        assert_eq!(super::version(), costfolio::VERSION);
        assert!(!super::version().is_empty());
    }
}
