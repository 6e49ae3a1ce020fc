//! Per-user quotas and the write rate (part 5): what one user, inside every other limit,
//! may still not do to the others. A user's changes are admitted at `writes_per_second` with a
//! burst of ten seconds' worth (what-if's Apply sends its changes one after another); a user may
//! own at most `folios_per_user` live folios and `portfolios_per_user` portfolios. Budget
//! administrators are exempt; 0 lifts a limit. A refusal is a 429 with `Retry-After` (the rate)
//! or a 403 (a quota), in the interface's envelope, naming the limit and the `serve` option.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use costfolio::api::{envelope, Response};
use costfolio::state::State;

/// The limits `costfolio serve` sets (its options of the same names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Quotas {
    /// Changes a user may make per second, sustained (0: no limit).
    pub(crate) writes_per_second: u32,
    /// Live folios a user may own (0: no limit).
    pub(crate) folios_per_user: usize,
    /// Portfolios a user may own (0: no limit).
    pub(crate) portfolios_per_user: usize,
}

impl Default for Quotas {
    /// Limits no honest user meets: 30 changes a second (300 at once), 10,000 folios, 1,000
    /// portfolios.
    fn default() -> Quotas {
        Quotas {
            writes_per_second: 30,
            folios_per_user: 10_000,
            portfolios_per_user: 1_000,
        }
    }
}

/// How many seconds' worth of changes a user may send at once.
const BURST_SECONDS: f64 = 10.0;

/// Users whose buckets are kept; past it the full ones (idle users) are forgotten.
const TRACKED_USERS: usize = 100_000;

/// Each user's bucket of changes: how many they may still send now, as of when.
#[derive(Default)]
pub(crate) struct WriteRate {
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

impl WriteRate {
    /// Admits one change of `user` at `per_second` (with a burst of [`BURST_SECONDS`] of it), or
    /// answers how many seconds until one is admitted.
    pub(crate) fn admit(&self, user: &str, per_second: u32, now: Instant) -> Result<(), u64> {
        if per_second == 0 {
            return Ok(());
        }
        let rate = f64::from(per_second);
        let capacity = rate * BURST_SECONDS;
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() >= TRACKED_USERS && !buckets.contains_key(user) {
            buckets.retain(|_, (left, at)| {
                *left + now.duration_since(*at).as_secs_f64() * rate < capacity
            });
        }
        let (left, at) = buckets.entry(user.to_owned()).or_insert((capacity, now));
        let refilled =
            (*left + now.saturating_duration_since(*at).as_secs_f64() * rate).min(capacity);
        *at = now;
        if refilled >= 1.0 {
            *left = refilled - 1.0;
            Ok(())
        } else {
            *left = refilled;
            // Whole seconds, at least one, until the bucket holds one change again.
            Err(((1.0 - refilled) / rate).ceil().max(1.0) as u64)
        }
    }
}

/// The 429 of a user past the write rate.
pub(crate) fn too_many_writes(path: &str, per_second: u32, retry_after: u64) -> Response {
    let mut response = envelope(
        path,
        429,
        &format!(
            "too many changes: at most {per_second} a second per user (serve --writes-per-second); try again in {retry_after} s"
        ),
    );
    response
        .headers
        .push(("Retry-After".to_owned(), retry_after.to_string()));
    response
}

/// The 403 of a create past the user's quota of live records of its kind, or `None`: a folio
/// (`POST /budgets/1/folio`, a plan import) or a portfolio (`POST /budgets/1/portfolio`).
pub(crate) fn over_quota(
    state: &State,
    method: &str,
    path: &str,
    user: &str,
    quotas: Quotas,
) -> Option<Response> {
    if method != "POST" {
        return None;
    }
    let route = path.split('?').next().unwrap_or(path).trim_end_matches('/');
    let (owned, limit, what, option) = match route {
        "/budgets/1/folio" | "/budgets/1/folio/import" => (
            state
                .folios
                .values()
                .filter(|r| r.folio.deleted_on.is_none() && r.folio.owner == user)
                .count(),
            quotas.folios_per_user,
            "live folios",
            "--folios-per-user",
        ),
        "/budgets/1/portfolio" => (
            state
                .portfolios
                .values()
                .filter(|p| p.owner == user)
                .count(),
            quotas.portfolios_per_user,
            "portfolios",
            "--portfolios-per-user",
        ),
        _ => return None,
    };
    (limit != 0 && owned >= limit).then(|| {
        envelope(
            path,
            403,
            &format!("{user} owns {owned} {what}, the most one user may (serve {option} {limit}); delete one first"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_of_ten_seconds_then_the_rate_and_others_are_apart() {
        let rate = WriteRate::default();
        let t0 = Instant::now();
        for _ in 0..20 {
            assert_eq!(rate.admit("ada", 2, t0), Ok(()));
        }
        assert_eq!(rate.admit("ada", 2, t0), Err(1), "the 21st at once waits");
        assert_eq!(rate.admit("bob", 2, t0), Ok(()), "another user is apart");
        assert_eq!(
            rate.admit("ada", 2, t0 + Duration::from_millis(500)),
            Ok(()),
            "half a second: one more"
        );
        assert_eq!(
            rate.admit("ada", 2, t0 + Duration::from_millis(500)),
            Err(1)
        );
        assert_eq!(rate.admit("ada", 0, t0), Ok(()), "0 lifts the limit");
    }
}
