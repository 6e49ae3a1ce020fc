//! A field read but not written (or written but not read) is refused: `skip` is both ways.
use costfolio::json::Read;

#[derive(Read)]
struct Sample {
    #[wire(skip_deserializing)]
    hidden: u32,
}

fn main() {}
