// Load on running `costfolio serve` processes: N concurrent clients for a few seconds, each sending
// reads of one customer (GET /core/3/customers/SEED, which scripts/bench-store creates first) or
// fsynced writes (POST /core/3/customers), round robin
// over the given servers (two replicas: every other request to each). Prints requests per second
// and p50/p99 latency. Used by scripts/bench-store; see docs/performance.md.
//   node host/bench/load.mjs TOKEN read|write CLIENTS SECONDS URL [URL...]
const [token, kind, clients, seconds, ...urls] = process.argv.slice(2);
const n = Number(clients);
const until = performance.now() + Number(seconds) * 1000;
const latencies = [];
let errors = 0;
let next = 0;
async function client(id) {
  let i = 0;
  while (performance.now() < until) {
    const url = urls[(next++) % urls.length];
    const t0 = performance.now();
    const init = { headers: { Authorization: `Bearer ${token}` } };
    if (kind === 'write') {
      init.method = 'POST';
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify({ key: `L${process.pid}-${id}-${i++}`, name: 'Load' });
    }
    const path = kind === 'write' ? '/core/3/customers' : '/core/3/customers/SEED';
    try {
      const r = await fetch(url + path, init);
      await r.arrayBuffer();
      if (r.status !== (kind === 'write' ? 201 : 200) && r.status !== 200) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - t0);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: n }, (_, id) => client(id)));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
console.log(JSON.stringify({ kind, clients: n, servers: urls.length, requests: latencies.length, errors, perSecond: +(latencies.length / elapsed).toFixed(1), p50: +at(0.5).toFixed(2), p99: +at(0.99).toFixed(2) }));
