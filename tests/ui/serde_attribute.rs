//! The derive reads `wire` attributes only: a serde attribute is not one.
use costfolio::json::Read;

#[derive(Read)]
struct Sample {
    #[serde(rename = "c")]
    count: u32,
}

fn main() {}
