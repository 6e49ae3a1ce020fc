//! A `rename_all` rule the derive does not know is refused, with the rules it knows.
use costfolio::json::Write;

#[derive(Write)]
#[wire(rename_all = "Title Case")]
struct Sample {
    long_name: u32,
}

fn main() {}
