//! Wire types are objects: a tuple struct has no field names to read.
use costfolio::json::Read;

#[derive(Read)]
struct Sample(u32, u32);

fn main() {}
