//! An OAuth client's secret at the token and revocation endpoints: a secret registered by the
//! command line is a salted argon2 hash, verified here outside every lock and throttled per client
//! and per address, and the core is told it was (`Context::verified_client`).

use std::net::IpAddr;

use costfolio::api::{decode_form, Context, Request, Response};

use super::credentials::Refusal;
use super::{busy, throttled, Journal, SignIn};

impl<J: Journal> SignIn<'_, J> {
    /// For a token or revocation request, verifies the client's secret against its salted hash
    /// outside every lock and tells the core so (`Context::verified_client`); a refusal only when
    /// the attempt is throttled or the journal cannot be read. A wrong secret is left to the core,
    /// which answers it as the RFC says.
    pub(crate) fn verify_client(
        &self,
        request: &Request,
        context: &mut Context,
        peer: Option<IpAddr>,
        caught_up: &mut bool,
    ) -> Option<Response> {
        let endpoint = request.path.trim_end_matches('/');
        if request.method != "POST"
            || (endpoint != "/oauth/token" && endpoint != "/oauth/revoke_token")
        {
            return None;
        }
        let form = std::str::from_utf8(&request.body)
            .ok()
            .and_then(decode_form)?;
        let field = |name: &str| {
            form.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        let (client, secret) = (field("client_id")?, field("client_secret")?);
        if let Err(failure) = self.journal.look(&request.path, caught_up) {
            return Some(failure);
        }
        let stored = match self.journal.current(&request.path) {
            Ok(state) => state,
            Err(failure) => return Some(failure),
        }
        .clients
        .get(client)
        .map(|record| record.secret_hash.clone());
        if stored.as_deref().is_some_and(|hash| !hash.starts_with('$')) {
            // Registered by the core alone (SHA-256): the core checks it.
            return None;
        }
        match self
            .credentials
            .client_secret(client, secret, stored.as_deref(), peer)
        {
            Ok(()) => context.verified_client = Some(client.to_owned()),
            Err(Refusal::Throttled(seconds)) => return Some(throttled(&request.path, seconds)),
            Err(Refusal::Busy) => return Some(busy(&request.path)),
            Err(Refusal::Wrong | Refusal::Storage { .. }) => {}
        }
        None
    }
}
