//! `rename_all` belongs on the type: a writer refuses it on a field too.
use costfolio::json::Write;

#[derive(Write)]
struct Sample {
    #[wire(rename_all = "camelCase")]
    count: u32,
}

fn main() {}
