//! An attribute the derive does not know is refused, named.
use costfolio::json::{Read, Write};

#[derive(Read, Write)]
struct Sample {
    #[wire(flatten)]
    inner: u32,
}

fn main() {}
