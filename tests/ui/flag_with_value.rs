//! A flag takes no value.
use costfolio::json::Write;

#[derive(Write)]
struct Sample {
    #[wire(omit_none = "yes")]
    count: Option<u32>,
}

fn main() {}
