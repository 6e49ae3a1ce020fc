//! `rename_all` belongs on the type.
use costfolio::json::Read;

#[derive(Read)]
struct Sample {
    #[wire(rename_all = "camelCase")]
    count: u32,
}

fn main() {}
