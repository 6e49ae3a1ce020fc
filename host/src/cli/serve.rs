//! `costfolio serve`: binds, opens the database (adding the demo with `--demo` on an empty one),
//! loads the state, prints where it listens, then runs the HTTP server until interrupted.

use std::net::SocketAddr;

use super::args::Serve;
use super::{demo, shown_database};
use crate::http::planner::Planner;
use crate::service::Service;
use crate::store::Store;

/// The runtime's blocking threads for everything but heavy reads: tokio's default.
const BLOCKING_THREADS: usize = 512;

/// The directory the planner is served from when `--www` is not given, if it was built there.
const DEFAULT_WWW: &str = "www/dist";

/// `mib` MiB in bytes (`--kept-books-mib`: at most 65,536), or as many as this machine counts.
fn mib_bytes(mib: u64) -> usize {
    usize::try_from(mib)
        .ok()
        .and_then(|mib| mib.checked_mul(1 << 20))
        .unwrap_or(usize::MAX)
}

/// `costfolio serve`: the interfaces, the planner's files, and with `--demo` on an empty database
/// the demo user and portfolio.
pub(super) fn serve(args: &Serve) -> Result<(), String> {
    let listen: SocketAddr = args.listen;
    let planner = match &args.www {
        Some(dir) => Some(Planner::open(std::path::Path::new(dir))?),
        None => Planner::open(std::path::Path::new(DEFAULT_WWW)).ok(),
    };
    let address = args.db.address.clone();
    let shown = shown_database(&address);
    // Before the first state is made: every state's shelf of books starts with this budget.
    costfolio::state::keep_books_by_default(mib_bytes(args.kept_books_mib));
    // Everything that talks to the database happens here, on this thread, before the runtime
    // starts: the PostgreSQL client is blocking and may not run inside the runtime's tasks.
    let listener =
        std::net::TcpListener::bind(listen).map_err(|e| format!("--listen {listen}: {e}"))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("--listen {listen}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    // The metrics' listener, bound as early: a taken address is refused before anything starts.
    let metrics = args.metrics.map(bind_metrics).transpose()?;
    // The address clients use: said, or the bound one (a port 0 becomes the one given).
    let base_url = args
        .base_url
        .clone()
        .unwrap_or_else(|| format!("http://{bound}"));
    let mut store = Store::open_address(&address).map_err(|e| e.to_string())?;
    let demo_password = if args.demo {
        add_demo(&mut store, &base_url)?
    } else {
        None
    };
    let entries = store.journal_len().map_err(|e| e.to_string())?;
    let snapshot = store.latest_snapshot().map_err(|e| e.to_string())?;
    let service = Service::new(store, &address, base_url.clone())
        .map_err(|e| e.to_string())?
        .with_quotas(crate::service::quotas::Quotas {
            writes_per_second: args.writes_per_second,
            folios_per_user: args.folios_per_user,
            portfolios_per_user: args.portfolios_per_user,
        })
        .with_heavy_reads(args.heavy_reads);
    // Heavy reads run, and wait for room, on the runtime's blocking threads: as many more of
    // those as the admission lets hold one, beside tokio's default for everything else.
    let heavy = service.heavy_read_limits();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS.saturating_add(heavy.most_held()))
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener)
            .map_err(|e| format!("--listen {listen}: {e}"))?;
        let from = snapshot.map_or_else(
            || "the start".to_owned(),
            |seq| format!("the snapshot at entry {seq}"),
        );
        println!("costfolio listening on {base_url} (bound to {bound}, database {shown})");
        tracing::info!(entries, "journal replayed from {from}");
        match &planner {
            Some(planner) => println!(
                "  the planner:    {base_url}/ (from {})",
                planner.dir().display()
            ),
            None => println!(
                "  the planner is not built ({DEFAULT_WWW} has no index.html): ./scripts/serve builds it"
            ),
        }
        println!(
            "  heavy reads:    {} users' worth at once; kept books: about {} MiB",
            heavy.heavy_reads(),
            args.kept_books_mib
        );
        if let Some(metrics) = &metrics {
            if let Ok(address) = metrics.local_addr() {
                println!("  metrics:        http://{address}/metrics");
            }
        }
        match demo_password {
            Some(password) => println!(
                "demo: sign in at {base_url}/ as {} with password {password} (shown only this once)",
                demo::DEMO_USER
            ),
            None => {
                println!("  add a user:     costfolio user add NAME --db {shown}");
                println!("  get a token:    costfolio token mint NAME --db {shown}");
                println!(
                    "  then call:      curl -H 'Authorization: Bearer TOKEN' {base_url}/core/3/accounts"
                );
            }
        }
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        let metrics = metrics
            .map(tokio::net::TcpListener::from_std)
            .transpose()
            .map_err(|e| format!("--metrics: {e}"))?;
        crate::http::serve(
            service,
            listener,
            args.connections_per_address,
            planner,
            metrics,
        )
            .await
            .map_err(|e| format!("serve {listen}: {e}"))
    })
}

/// The listener of `--metrics ADDRESS`, bound and ready for the runtime.
fn bind_metrics(address: SocketAddr) -> Result<std::net::TcpListener, String> {
    let listener =
        std::net::TcpListener::bind(address).map_err(|e| format!("--metrics {address}: {e}"))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("--metrics {address}: {e}"))?;
    Ok(listener)
}

/// With `--demo`: on a database without users or journal entries, the demo user (a random
/// password, returned to be printed once) and the demo portfolio; `None`, and nothing changed,
/// on a database that holds anything.
fn add_demo(store: &mut Store, base_url: &str) -> Result<Option<String>, String> {
    let empty = store.journal_len().map_err(|e| e.to_string())? == 0
        && store.user_count().map_err(|e| e.to_string())? == 0;
    if !empty {
        println!("demo: the database already holds data, so no demo was added");
        return Ok(None);
    }
    let now = chrono::Utc::now().naive_utc();
    let random = || {
        let mut bytes = vec![0u8; 64];
        getrandom::fill(&mut bytes)
            .map(|()| bytes)
            .unwrap_or_default()
    };
    let mut state = store.load().map_err(|e| e.to_string())?;
    // Tried on a copy first: a refusal leaves the database empty, not half a demo.
    demo::seed(&mut state.clone(), base_url, now, random)?;
    let password = demo::password()?;
    // Seeded only if the journal is still empty inside the transaction: another replica started
    // with --demo at the same moment may have seeded it since the look above.
    let seeded = store
        .transact(&mut state, |state| {
            (state.seq == 0)
                .then(|| demo::seed(state, base_url, now, random))
                .transpose()
        })
        .map_err(|e| e.to_string())??;
    if seeded.is_none() {
        println!("demo: another server added data meanwhile, so no demo was added");
        return Ok(None);
    }
    store
        .add_user(demo::DEMO_USER, &password, true)
        .map_err(|e| e.to_string())?;
    Ok(Some(password))
}
