//! The process's log: `tracing` events on the standard error, as text or as JSON lines
//! (`--log-format json`, or `COSTFOLIO_LOG=json`), filtered as `RUST_LOG` says (default `info`;
//! e.g. `RUST_LOG=info,costfolio::probe=warn` leaves the probes' lines out). What a command prints
//! for the person who ran it (a token, the address the server listens on, the demo's password)
//! stays on the standard output, as it was: scripts and tests read it.

use tracing::level_filters::LevelFilter;
use tracing_subscriber::EnvFilter;

use super::args::LogFormat;

/// The environment variable that asks for JSON lines when `--log-format` is not given.
const FORMAT_VARIABLE: &str = "COSTFOLIO_LOG";

/// The format asked for: `--log-format`, else [`FORMAT_VARIABLE`], else text.
fn format(given: Option<LogFormat>, variable: Option<&str>) -> LogFormat {
    given.unwrap_or(match variable {
        Some(value) if value.trim().eq_ignore_ascii_case("json") => LogFormat::Json,
        _ => LogFormat::Text,
    })
}

/// Starts the log for this process (once; a second start changes nothing).
pub(crate) fn start(given: Option<LogFormat>) {
    let variable = std::env::var(FORMAT_VARIABLE).ok();
    let filter = EnvFilter::builder()
        .with_default_directive(LevelFilter::INFO.into())
        .from_env_lossy();
    let log = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    // A second start (tests) keeps the first.
    let _ = match format(given, variable.as_deref()) {
        LogFormat::Json => log
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .with_span_list(false)
            .try_init(),
        LogFormat::Text => log.try_init(),
    };
}

#[cfg(test)]
mod tests {
    use super::{format, LogFormat};

    #[test]
    fn the_option_wins_over_the_variable_and_text_is_the_default() {
        assert_eq!(format(None, None), LogFormat::Text);
        assert_eq!(format(None, Some("json")), LogFormat::Json);
        assert_eq!(format(None, Some(" JSON ")), LogFormat::Json);
        assert_eq!(format(None, Some("text")), LogFormat::Text);
        assert_eq!(format(None, Some("yaml")), LogFormat::Text);
        assert_eq!(format(Some(LogFormat::Text), Some("json")), LogFormat::Text);
        assert_eq!(format(Some(LogFormat::Json), None), LogFormat::Json);
    }
}
