//! What the host's integration tests share: the binary, a scratch folder per test, and a server
//! started on a free loopback port and killed when dropped.

#![allow(dead_code)] // Each test file uses its own part of this.

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The `costfolio` binary Cargo built for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_costfolio");

static NEXT: AtomicU64 = AtomicU64::new(0);

/// A fresh, empty folder for one test, named after `what`.
pub fn scratch(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "costfolio-{what}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `costfolio serve` over the database at `db`, on a free loopback port.
pub struct Server {
    child: Child,
    /// The port it listens on.
    pub port: u16,
}

impl Server {
    /// Starts the server and waits (at most 20 s) until it takes connections.
    pub fn start(db: &Path) -> Server {
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
    pub fn kill(mut self) {
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
