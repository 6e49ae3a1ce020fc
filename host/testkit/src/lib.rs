//! The host's test support: a throwaway PostgreSQL cluster for the tests of the store, the
//! replicas and the command line, in the host's unit tests and in `host/tests` alike: `initdb` and `pg_ctl` in a temporary folder, as an
//! unprivileged user (`runuser -u postgres` when the tests run as root, as on CI), listening on a
//! socket in that folder only (no TCP port). Nothing is downloaded: the binaries are Debian's
//! `postgresql` package (`/usr/lib/postgresql/*/bin`), or those `PG_BIN` or `PATH` name. Stopped
//! and removed when dropped.

// Test support: a cluster that cannot start fails the test that asked for it, with what went
// wrong, as a test's own `expect` would.
#![allow(clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

/// A running cluster.
pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    port: u16,
    as_postgres: bool,
    /// Whether it also listens on 127.0.0.1, TLS only ([`Cluster::start_tls`]).
    tls: bool,
}

/// The folder of `initdb`: `PG_BIN`, else the newest `/usr/lib/postgresql/*/bin`, else `PATH`'s.
fn binaries() -> PathBuf {
    if let Some(dir) = std::env::var_os("PG_BIN") {
        return PathBuf::from(dir);
    }
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path().join("bin"))
                .filter(|bin| bin.join("initdb").exists())
                .collect()
        })
        .unwrap_or_default();
    versions.sort();
    if let Some(newest) = versions.pop() {
        return newest;
    }
    let found = Command::new("sh")
        .args(["-c", "command -v initdb"])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned());
    match found {
        Some(path) if !path.is_empty() => Path::new(&path)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default(),
        _ => panic!(
            "PostgreSQL's initdb is missing: apt-get install -y postgresql (or set PG_BIN to its bin folder)"
        ),
    }
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

impl Cluster {
    /// Creates and starts a cluster with a superuser `costfolio` (trust authentication, socket
    /// only).
    pub fn start() -> Cluster {
        let cluster = Cluster::create();
        cluster.start_again();
        cluster
    }

    /// Creates and starts a cluster that also listens on 127.0.0.1 (its port as the socket's),
    /// where it takes TLS connections only (`hostssl`), its certificate naming `localhost` and
    /// signed by a certificate authority of its own, made with `openssl` (which Debian's
    /// `postgresql` depends on). Returns the cluster and the authority's PEM file.
    pub fn start_tls() -> (Cluster, PathBuf) {
        let mut cluster = Cluster::create();
        let dir = cluster.dir.clone();
        let openssl = |args: &[&str]| {
            let output = Command::new("openssl")
                .args(args)
                .current_dir(&dir)
                .output()
                .expect("openssl");
            assert!(
                output.status.success(),
                "openssl {args:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        };
        let key = [
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
        ];
        openssl(
            &[
                &["req", "-x509"],
                &key[..],
                &[
                    "-keyout",
                    "ca.key",
                    "-out",
                    "ca.pem",
                    "-days",
                    "2",
                    "-subj",
                    "/CN=costfolio test authority",
                ],
            ]
            .concat(),
        );
        openssl(
            &[
                &["req"],
                &key[..],
                &[
                    "-keyout",
                    "server.key",
                    "-out",
                    "server.csr",
                    "-subj",
                    "/CN=localhost",
                ],
            ]
            .concat(),
        );
        std::fs::write(dir.join("names.cnf"), "subjectAltName=DNS:localhost\n").expect("names");
        openssl(&[
            "x509",
            "-req",
            "-in",
            "server.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-CAcreateserial",
            "-out",
            "server.pem",
            "-days",
            "2",
            "-extfile",
            "names.cnf",
        ]);
        if cluster.as_postgres {
            let status = Command::new("chown")
                .args(["postgres:postgres", "server.key", "server.pem"])
                .current_dir(&dir)
                .status()
                .expect("chown");
            assert!(status.success(), "chown the server's key");
        }
        let status = Command::new("chmod")
            .args(["600", "server.key"])
            .current_dir(&dir)
            .status()
            .expect("chmod");
        assert!(status.success(), "chmod the server's key");
        std::fs::write(
            dir.join("data").join("pg_hba.conf"),
            "local all all trust\nhostssl all all 127.0.0.1/32 trust\n",
        )
        .expect("pg_hba.conf");
        cluster.tls = true;
        cluster.start_again();
        (cluster, dir.join("ca.pem"))
    }

    /// Creates the cluster's folder and runs `initdb` in it.
    fn create() -> Cluster {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let port = 20_000 + ((std::process::id() * 31 + n * 7) % 30_000) as u16;
        let dir = std::env::temp_dir().join(format!("costfolio-pg-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let as_postgres = is_root();
        if as_postgres {
            // initdb refuses to run as root: the cluster belongs to Debian's postgres user.
            let status = Command::new("chown")
                .args(["postgres:postgres"])
                .arg(&dir)
                .status()
                .expect("chown");
            assert!(status.success(), "chown postgres {}", dir.display());
        }
        let cluster = Cluster {
            dir,
            bin: binaries(),
            port,
            as_postgres,
            tls: false,
        };
        let data = cluster.dir.join("data");
        cluster.run(
            "initdb",
            &[
                "-D",
                &data.to_string_lossy(),
                "-U",
                "costfolio",
                "--auth=trust",
                "--encoding=UTF8",
                "--no-sync",
            ],
        );
        cluster
    }

    /// Starts the cluster (again, after [`Cluster::stop`]) and waits until it accepts connections.
    pub fn start_again(&self) {
        let data = self.dir.join("data");
        let listen = if self.tls {
            format!(
                "127.0.0.1 -c ssl=on -c ssl_cert_file={0}/server.pem -c ssl_key_file={0}/server.key",
                self.dir.display()
            )
        } else {
            "''".to_owned()
        };
        let options = format!(
            "-c listen_addresses={listen} -k {} -p {} -c fsync=off",
            self.dir.display(),
            self.port
        );
        self.run(
            "pg_ctl",
            &[
                "-D",
                &data.to_string_lossy(),
                "-o",
                &options,
                "-l",
                &self.dir.join("log").to_string_lossy(),
                "-w",
                "start",
            ],
        );
    }

    /// Stops the cluster at once (`-m immediate`: as a crash), its connections cut.
    pub fn stop(&self) {
        let data = self.dir.join("data");
        self.run(
            "pg_ctl",
            &[
                "-D",
                &data.to_string_lossy(),
                "-m",
                "immediate",
                "-w",
                "stop",
            ],
        );
    }

    fn run(&self, program: &str, args: &[&str]) {
        let path = self.bin.join(program);
        let output = if self.as_postgres {
            Command::new("runuser")
                .args(["-u", "postgres", "--"])
                .arg(&path)
                .args(args)
                .output()
        } else {
            Command::new(&path).args(args).output()
        };
        let output = output.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            output.status.success(),
            "{program} {args:?}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }

    /// The address of database `db` of the cluster, as `--db` takes it.
    pub fn address(&self, db: &str) -> String {
        format!(
            "postgres://costfolio@localhost/{db}?host={}&port={}",
            self.dir.display(),
            self.port
        )
    }

    /// The address of database `db` over TCP at `host` (the TLS cluster's), with `query` after it.
    pub fn tcp_address(&self, host: &str, db: &str, query: &str) -> String {
        format!("postgres://costfolio@{host}:{}/{db}?{query}", self.port)
    }

    /// Creates an empty database `name` and returns its address.
    pub fn database(&self, name: &str) -> String {
        let mut client = postgres::Client::connect(&self.address("postgres"), postgres::NoTls)
            .expect("the cluster answers");
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .expect("CREATE DATABASE");
        self.address(name)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        let path = self.bin.join("pg_ctl");
        let args = ["-D", &data.to_string_lossy(), "-m", "immediate", "stop"].map(str::to_owned);
        let _ = if self.as_postgres {
            Command::new("runuser")
                .args(["-u", "postgres", "--"])
                .arg(&path)
                .args(&args)
                .output()
        } else {
            Command::new(&path).args(&args).output()
        };
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
