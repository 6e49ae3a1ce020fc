//! TLS to PostgreSQL: the address's `sslmode` and `sslrootcert`, read as libpq reads them, so that
//! replicas on other machines reach the database encrypted and, with `verify-full`, only the
//! database its certificate names. The handshake is native-tls's (the system's OpenSSL) through
//! `postgres-native-tls`; nothing of the certificate checks is ours.
//!
//! | `sslmode` | TLS | the server's certificate |
//! |---|---|---|
//! | `disable` | never | - |
//! | `prefer` (none given) | when the server offers it | not checked |
//! | `require` | always | not checked; with `sslrootcert`, its chain (as `verify-ca`) |
//! | `verify-ca` | always | its chain, to `sslrootcert` or the system's roots |
//! | `verify-full` | always | its chain, and the host name in it |
//!
//! `sslrootcert=PATH` names a PEM file of the trusted roots (then only they are trusted);
//! `sslrootcert=system`, or none, the system's. An address whose hosts are all socket folders
//! takes no TLS, whatever `sslmode` says (libpq's rule too): the connection does not leave the
//! machine.
//!
//! The connector also bounds how long a connection waits on a database that does not answer,
//! where the address says nothing of it: [`CONNECT_TIMEOUT`], [`TCP_USER_TIMEOUT`] (read in
//! milliseconds, as libpq reads it) and keepalives.

use std::time::Duration;

use native_tls::{Certificate, TlsConnector};
use postgres::config::{Host, SslMode};
use postgres::{CancelToken, Client, Config, NoTls};
use postgres_native_tls::MakeTlsConnector;

use super::database_error::said;
use super::{shown, StoreError};

/// How long a connection may take to open (libpq's `connect_timeout`, when the address gives none).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long data sent may go unacknowledged before the connection is given up (`tcp_user_timeout`,
/// when the address gives none): a database machine gone from the network mid-request.
const TCP_USER_TIMEOUT: Duration = Duration::from_secs(15);
/// An idle connection is probed after this long (`keepalives_idle`, when the address gives none)...
const KEEPALIVE_IDLE: Duration = Duration::from_secs(15);
/// ...then every this long (`keepalives_interval`)...
const KEEPALIVE_INTERVAL: Duration = Duration::from_secs(5);
/// ...and given up after this many unanswered probes (`keepalives_retries`).
const KEEPALIVE_RETRIES: u32 = 3;

/// How a database's connections are made: its settings, and the TLS connector when TLS may be
/// used.
#[derive(Clone)]
pub(crate) struct Connector {
    config: Config,
    tls: Option<MakeTlsConnector>,
}

impl Connector {
    /// Reads `address` (`postgres://USER@HOST/DB?...`): its `sslmode` and `sslrootcert` here,
    /// the rest by the client. A bad value is refused by name, as is a root file that cannot be
    /// read or holds no certificate.
    pub(crate) fn new(address: &str) -> Result<Connector, StoreError> {
        let refused =
            |detail: String| StoreError::User(format!("--db {}: {detail}", shown(address)));
        let (rest, query) = address.split_once('?').unwrap_or((address, ""));
        let mut mode = None;
        let mut root = None;
        let mut user_timeout = None;
        let mut kept = Vec::new();
        for pair in query.split('&').filter(|pair| !pair.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let decoded = percent_encoding::percent_decode_str(value)
                .decode_utf8()
                .map_err(|_| refused(format!("{key} is not UTF-8 once decoded")))?
                .into_owned();
            match key {
                "sslmode" => mode = Some(decoded),
                "sslrootcert" => root = Some(decoded),
                // Milliseconds, as libpq reads it (the client would read seconds).
                "tcp_user_timeout" => {
                    let millis: u64 = decoded.trim().parse().map_err(|_| {
                        refused(format!(
                            "tcp_user_timeout `{decoded}` is not a whole number of milliseconds"
                        ))
                    })?;
                    user_timeout = Some(Duration::from_millis(millis));
                }
                _ => kept.push(pair),
            }
        }
        let rest = if kept.is_empty() {
            rest.to_owned()
        } else {
            format!("{rest}?{}", kept.join("&"))
        };
        let mut config: Config = rest
            .parse()
            .map_err(|e: postgres::Error| refused(said(&e)))?;
        // libpq waits for ever for a database that does not answer; a server must not: a
        // request waits for its connection, or an answer on it, a bounded time. What the address
        // says is kept.
        let given = |name: &str| kept.iter().any(|pair| pair.split('=').next() == Some(name));
        if !given("connect_timeout") {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        config.tcp_user_timeout(user_timeout.unwrap_or(TCP_USER_TIMEOUT));
        if !given("keepalives_idle") {
            config.keepalives_idle(KEEPALIVE_IDLE);
        }
        if !given("keepalives_interval") {
            config.keepalives_interval(KEEPALIVE_INTERVAL);
        }
        if !given("keepalives_retries") {
            config.keepalives_retries(KEEPALIVE_RETRIES);
        }
        let mode = mode.as_deref().unwrap_or("prefer");
        let (ssl_mode, verify_chain, verify_name) = match mode {
            "disable" => (SslMode::Disable, false, false),
            "prefer" => (SslMode::Prefer, false, false),
            // libpq: a root file makes `require` check the chain.
            "require" => (SslMode::Require, root.is_some(), false),
            "verify-ca" => (SslMode::Require, true, false),
            "verify-full" => (SslMode::Require, true, true),
            other => {
                return Err(refused(format!(
                "sslmode `{other}` is not one of disable, prefer, require, verify-ca, verify-full"
            )))
            }
        };
        let local = config
            .get_hosts()
            .iter()
            .all(|host| matches!(host, Host::Unix(_)));
        if ssl_mode == SslMode::Disable || local {
            config.ssl_mode(SslMode::Disable);
            return Ok(Connector { config, tls: None });
        }
        config.ssl_mode(ssl_mode);
        let mut builder = TlsConnector::builder();
        builder
            .danger_accept_invalid_certs(!verify_chain)
            .danger_accept_invalid_hostnames(!verify_name);
        if let Some(path) = root.as_deref().filter(|path| *path != "system") {
            let pem =
                std::fs::read(path).map_err(|e| refused(format!("sslrootcert {path}: {e}")))?;
            let roots = Certificate::stack_from_pem(&pem)
                .map_err(|e| refused(format!("sslrootcert {path}: {e}")))?;
            if roots.is_empty() {
                return Err(refused(format!(
                    "sslrootcert {path}: no PEM certificate in it"
                )));
            }
            builder.disable_built_in_roots(true);
            for certificate in roots {
                builder.add_root_certificate(certificate);
            }
        }
        let connector = builder.build().map_err(|e| refused(format!("TLS: {e}")))?;
        Ok(Connector {
            config,
            tls: Some(MakeTlsConnector::new(connector)),
        })
    }

    /// A new connection.
    pub(crate) fn connect(&self) -> Result<Client, postgres::Error> {
        match &self.tls {
            Some(tls) => self.config.connect(tls.clone()),
            None => self.config.connect(NoTls),
        }
    }

    /// Asks the database to cancel what the connection of `token` is running (on a connection of
    /// its own, made as this connector makes them).
    pub(crate) fn cancel(&self, token: &CancelToken) -> Result<(), postgres::Error> {
        match &self.tls {
            Some(tls) => token.cancel_query(tls.clone()),
            None => token.cancel_query(NoTls),
        }
    }

    /// The settings connections are made with.
    #[cfg(test)]
    pub(crate) fn config(&self) -> &Config {
        &self.config
    }
}

#[cfg(test)]
mod tests {
    use super::Connector;
    use crate::store::Store;
    use costfolio::state::Command;
    use costfolio_host_testkit::Cluster;

    /// Whether a connection made as `address` says is encrypted, as the server sees it.
    fn encrypted(address: &str) -> bool {
        let mut client = Connector::new(address).unwrap().connect().unwrap();
        client
            .query_one(
                "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                &[],
            )
            .unwrap()
            .get(0)
    }

    /// Why a connection made as `address` says is refused.
    fn refusal(address: &str) -> String {
        match Connector::new(address) {
            Err(error) => error.to_string(),
            Ok(connector) => match connector.connect() {
                Err(error) => super::super::StoreError::from(error).to_string(),
                Ok(_) => panic!("{address} was not refused"),
            },
        }
    }

    /// A database that does not answer is given up on in bounded time: the client's waits are
    /// set where the address says nothing of them, and kept where it does.
    #[test]
    fn connections_wait_for_an_answer_a_bounded_time_unless_the_address_says_otherwise() {
        let plain = Connector::new("postgres://u@db.example/x").unwrap();
        let config = plain.config();
        assert_eq!(config.get_connect_timeout(), Some(&super::CONNECT_TIMEOUT));
        assert_eq!(
            config.get_tcp_user_timeout(),
            Some(&super::TCP_USER_TIMEOUT)
        );
        assert_eq!(config.get_keepalives_idle(), super::KEEPALIVE_IDLE);
        assert!(
            Connector::new("postgres://u@db.example/x?tcp_user_timeout=soon").is_err(),
            "a bad value is refused"
        );
        let given = Connector::new(
            "postgres://u@db.example/x?connect_timeout=30&tcp_user_timeout=60000&keepalives_idle=120",
        )
        .unwrap();
        let config = given.config();
        assert_eq!(
            config.get_connect_timeout(),
            Some(&std::time::Duration::from_secs(30))
        );
        assert_eq!(
            config.get_tcp_user_timeout(),
            Some(&std::time::Duration::from_secs(60))
        );
        assert_eq!(
            config.get_keepalives_idle(),
            std::time::Duration::from_secs(120)
        );
    }

    #[test]
    fn tls_to_postgres_is_as_the_address_says() {
        let (cluster, authority) = Cluster::start_tls();
        cluster.database("tls");
        let root = format!("sslrootcert={}", authority.display());
        let at = |host: &str, query: &str| cluster.tcp_address(host, "tls", query);

        // The certificate checked to the cluster's authority and for the name it gives: the
        // store works through it.
        let full = at("localhost", &format!("sslmode=verify-full&{root}"));
        assert!(encrypted(&full));
        let mut store = Store::open_address(&full).unwrap();
        let mut state = store.load().unwrap();
        store
            .transact(&mut state, |state| {
                state.apply(Command::RevokePair { pair: 1 });
            })
            .unwrap();
        assert_eq!(Store::open_address(&full).unwrap().load().unwrap(), state);

        // Encrypted, the certificate not checked: `require`, and `prefer` (nothing said) when
        // the server offers TLS.
        assert!(encrypted(&at("127.0.0.1", "sslmode=require")));
        assert!(encrypted(&at("localhost", "")));
        // The chain checked, not the name: `verify-ca` at an address the certificate does not
        // name, and `require` given a root file.
        assert!(encrypted(&at(
            "127.0.0.1",
            &format!("sslmode=verify-ca&{root}")
        )));
        assert!(encrypted(&at(
            "127.0.0.1",
            &format!("sslmode=require&{root}")
        )));

        // Refused: the name not in the certificate; an authority the system does not trust;
        // a root file that trusts another authority.
        let wrong_name = refusal(&at("127.0.0.1", &format!("sslmode=verify-full&{root}")));
        assert!(
            wrong_name.contains("certificate verify failed"),
            "{wrong_name}"
        );
        assert!(wrong_name.contains("mismatch"), "{wrong_name}");
        let system = refusal(&at("localhost", "sslmode=verify-full"));
        assert!(system.contains("certificate verify failed"), "{system}");
        let other = cluster_dir(&authority).join("other.pem");
        std::fs::copy(cluster_dir(&authority).join("server.pem"), &other).unwrap();
        let other_root = refusal(&at(
            "localhost",
            &format!("sslmode=verify-ca&sslrootcert={}", other.display()),
        ));
        assert!(
            other_root.contains("certificate verify failed"),
            "{other_root}"
        );

        // `disable` reaches a server that takes TLS only: refused by it, so the connections
        // above were the encrypted ones.
        let plain = refusal(&at("localhost", "sslmode=disable"));
        assert!(plain.contains("no encryption"), "{plain}");

        // A socket takes no TLS whatever the address says: it does not leave the machine.
        let socket = cluster
            .address("tls")
            .replace("@localhost/", "@/")
            .replace('?', "?sslmode=verify-full&");
        assert!(!encrypted(&socket));

        // Bad values, named.
        let mode = refusal(&at("localhost", "sslmode=verify"));
        assert!(
            mode.contains("sslmode `verify` is not one of disable, prefer, require"),
            "{mode}"
        );
        let missing = refusal(&at(
            "localhost",
            "sslmode=verify-full&sslrootcert=/nowhere.pem",
        ));
        assert!(missing.contains("sslrootcert /nowhere.pem"), "{missing}");
        let empty = cluster_dir(&authority).join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").unwrap();
        let none = refusal(&at(
            "localhost",
            &format!("sslmode=verify-full&sslrootcert={}", empty.display()),
        ));
        assert!(none.contains("no PEM certificate"), "{none}");
    }

    fn cluster_dir(authority: &std::path::Path) -> std::path::PathBuf {
        authority.parent().unwrap().to_path_buf()
    }
}
