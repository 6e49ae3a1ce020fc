//! Unions have no JSON form.
use costfolio::json::Write;

#[derive(Write)]
union Sample {
    count: u32,
}

fn main() {}
