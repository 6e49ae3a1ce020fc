//! The command line's parts beside its parser: the demo `serve --demo` adds.

pub(crate) mod demo;
