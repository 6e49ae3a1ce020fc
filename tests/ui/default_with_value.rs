//! `default` takes no value: the field's type gives it.
use costfolio::json::Read;

#[derive(Read)]
struct Sample {
    #[wire(default = "zero")]
    count: u32,
}

fn main() {}
