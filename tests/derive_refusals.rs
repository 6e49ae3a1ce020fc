//! Every attribute and shape the wire derives refuse is a compile error that says why (issue 20):
//! the cases are the files of tests/ui/, each with the compiler's answer beside it.

#[test]
fn the_derives_refuse_what_they_cannot_read_or_write() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
