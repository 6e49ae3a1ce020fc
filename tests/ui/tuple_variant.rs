//! A variant of two unnamed fields has no JSON form.
use costfolio::json::Read;

#[derive(Read)]
enum Sample {
    Pair(u32, u32),
}

fn main() {}
