//! Only `rename` may be given on a variant.
use costfolio::json::Write;

#[derive(Write)]
enum Sample {
    #[wire(skip)]
    One,
    Two,
}

fn main() {}
