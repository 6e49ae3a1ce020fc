//! What the host's integration tests share: the binary, a scratch folder per test, and a server
//! started on a free loopback port and killed when dropped.

#![allow(dead_code)] // Each test file uses its own part of this.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
/// The `costfolio` binary Cargo built for these tests.
pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_costfolio");

static NEXT: AtomicU64 = AtomicU64::new(0);

/// A fresh, empty folder for one test, named after `what`.
pub(crate) fn scratch(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "costfolio-{what}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the command line on the database `db` (`--db`); its output, trimmed, when it succeeds.
pub(crate) fn cli(db: &Path, args: &[&str]) -> String {
    let output = Command::new(BIN)
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

/// Which store a test runs on: the host's suite runs on both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A SQLite file in the test's folder.
    Sqlite,
    /// A database in a throwaway PostgreSQL cluster of the test's own.
    Postgres,
}

/// A test's database: what `--db` takes (a SQLite path or a PostgreSQL address), and the
/// cluster it lives in, stopped and removed when this is dropped.
pub(crate) struct Db {
    address: PathBuf,
    /// The PostgreSQL cluster, if any.
    pub cluster: Option<costfolio_host_testkit::Cluster>,
}

impl Db {
    /// A fresh, empty database of `kind` for the test whose folder is `dir`.
    pub(crate) fn new(kind: Kind, dir: &Path) -> Db {
        match kind {
            Kind::Sqlite => Db {
                address: dir.join("costfolio.db"),
                cluster: None,
            },
            Kind::Postgres => {
                let cluster = costfolio_host_testkit::Cluster::start();
                Db {
                    address: PathBuf::from(cluster.database("costfolio")),
                    cluster: Some(cluster),
                }
            }
        }
    }
}

impl Db {
    /// Every byte the database holds of the journal and snapshots: the SQLite file and its
    /// write-ahead log, or the rows of PostgreSQL's tables; to look for what must not be stored.
    pub(crate) fn stored_bytes(&self) -> Vec<u8> {
        if self.cluster.is_none() {
            let mut bytes = std::fs::read(&self.address).unwrap();
            let mut wal = self.address.clone().into_os_string();
            wal.push("-wal");
            bytes.extend(std::fs::read(wal).unwrap_or_default());
            return bytes;
        }
        let address = self.address.to_str().unwrap();
        let mut client = postgres::Client::connect(address, postgres::NoTls).unwrap();
        let rows = client
            .query(
                "SELECT entry FROM journal UNION ALL SELECT state FROM snapshots",
                &[],
            )
            .unwrap();
        rows.iter()
            .flat_map(|row| row.get::<_, String>(0).into_bytes())
            .collect()
    }
}

impl std::ops::Deref for Db {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.address
    }
}

/// Runs each named test (a function taking a [`Kind`]) once on each store, as
/// `sqlite::NAME` and `postgres::NAME`.
#[macro_export]
macro_rules! on_both_stores {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[test]
            fn $name() {
                super::$name(super::support::Kind::Sqlite)
            })*
        }
        mod postgres {
            $(#[test]
            fn $name() {
                super::$name(super::support::Kind::Postgres)
            })*
        }
    };
}

/// `costfolio serve` over the database at `db`, on a free loopback port.
pub(crate) struct Server {
    child: Child,
    /// The port it listens on.
    pub port: u16,
}

impl Server {
    /// Starts the server and waits (at most 20 s) until it takes connections.
    pub(crate) fn start(db: &Path) -> Server {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(BIN)
            .args(["serve", "--listen", &format!("127.0.0.1:{port}"), "--db"])
            .arg(db)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "the server did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        Server { child, port }
    }

    /// SIGKILL: no chance to flush or shut down cleanly.
    pub(crate) fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `costfolio serve --listen 127.0.0.1:0 --db DB` with `more` arguments: the server, once it has
/// printed what it prints at start (the lines up to the demo's password or the hint to add a
/// user), and those lines.
pub(crate) fn start_printing(db: &Path, more: &[&str]) -> (Server, Vec<String>) {
    use std::io::BufRead;
    let mut child = Command::new(BIN)
        .args(["serve", "--listen", "127.0.0.1:0", "--db"])
        .arg(db)
        .args(more)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = Vec::new();
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line.unwrap();
        let last = line.starts_with("demo: sign in") || line.contains("then call:");
        lines.push(line);
        if last {
            break;
        }
    }
    let port = lines
        .iter()
        .find(|line| line.starts_with("costfolio listening on"))
        .and_then(|line| line.split("http://127.0.0.1:").nth(1))
        .and_then(|rest| rest.split([' ', '/']).next())
        .and_then(|port| port.parse().ok())
        .unwrap_or_else(|| panic!("no address in {lines:?}"));
    (Server { child, port }, lines)
}

/// One HTTP/1.1 exchange on a new connection.
pub(crate) struct Answer {
    /// The status code.
    pub status: u16,
    /// The header lines, as sent.
    pub head: String,
    /// The body's bytes (chunked bodies are returned as framed).
    pub body: Vec<u8>,
}

impl Answer {
    /// The first value of header `name` (any case).
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }

    /// The body as text.
    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Sends `method path` with `headers` and `body` to the server on `port` and reads the answer.
pub(crate) fn send(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Answer {
    use std::io::{Read, Write};
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let split = raw
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end in {:?}", String::from_utf8_lossy(&raw)));
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    Answer {
        status,
        head,
        body: raw[split + 4..].to_vec(),
    }
}

/// The `Authorization` header of basic credentials.
pub(crate) fn basic(user: &str, password: &str) -> String {
    let text = format!("{user}:{password}");
    let table = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::from("Basic ");
    for chunk in text.as_bytes().chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            out.push(if i <= chunk.len() {
                char::from(table[((n >> (18 - 6 * i)) & 63) as usize])
            } else {
                '='
            });
        }
    }
    out
}

/// A folio's body as `ada` creates it.
pub(crate) const FOLIO: &str = r#"{"name":"Bridge","description":"","owner":"ada","startDate":"2026-03-02","endDate":"2026-03-27","closedDate":null,"reserve":10,"contingency":5,"tolerance":20,"hoursPerDay":null,"currencyCode":"EUR","withRevenue":false,"withEarned":false,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1}"#;

// Raw HTTP/1.1 over loopback and the command line, for tests that look at the bytes.

/// Runs the command line on the database `db`; (success, stdout, stderr), whatever the outcome.
pub(crate) fn cli_outcome(db: &Path, args: &[&str]) -> (bool, String, String) {
    let output = Command::new(BIN)
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).trim().to_owned(),
        String::from_utf8_lossy(&output.stderr).trim().to_owned(),
    )
}

/// Sends `raw` as it is and returns the whole answer (head and body) as text.
pub(crate) fn exchange(port: u16, raw: &[u8]) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(raw).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

/// One request with `Connection: close`: the whole answer as text.
pub(crate) fn request(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> String {
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    head.push_str(body);
    exchange(port, head.as_bytes())
}

/// The status code of a whole answer (0 when there is none).
pub(crate) fn status(answer: &str) -> u16 {
    answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// The value of the answer's header `name`, if it has one.
pub(crate) fn header<'a>(answer: &'a str, name: &str) -> Option<&'a str> {
    let head = answer.split("\r\n\r\n").next()?;
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

/// The body of a whole answer.
pub(crate) fn body(answer: &str) -> &str {
    answer.split_once("\r\n\r\n").map_or("", |(_, b)| b)
}

/// `costfolio serve --demo` on a fresh SQLite database named after `what`: the server, the demo
/// user's basic credentials, and the database (for the command line).
pub(crate) fn demo(what: &str) -> (Server, String, Db) {
    let dir = scratch(what);
    let db = Db::new(Kind::Sqlite, &dir);
    let (server, lines) = start_printing(&db, &["--demo"]);
    let password = lines
        .last()
        .and_then(|line| line.split(" with password ").nth(1))
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("no demo password in {lines:?}"))
        .to_owned();
    (server, basic("demo", &password), db)
}
