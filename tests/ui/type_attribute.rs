//! Only `rename_all` may be given on the type.
use costfolio::json::Read;

#[derive(Read)]
#[wire(default)]
struct Sample {
    count: u32,
}

fn main() {}
