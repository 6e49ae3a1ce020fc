// Compares wasm packages on the folio timeline (planSummary of target/bench/folio-plan.json, which
// `cargo bench --bench analytics -- analytics/plan` writes): `node wasm/bench/compare.mjs PKG`, where
// PKG is a package's node entry (wasm/pkg/node/costfolio_wasm.js). Median of 21 runs after a
// three-second warm-up; run packages alternately, since this machine's speed drifts.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
const pkg = process.argv[2] ?? '../pkg/node/costfolio_wasm.js';
const wasm = await import(pkg);
const doc = readFileSync(new URL('../../target/bench/folio-plan.json', import.meta.url), 'utf8');
const t0 = performance.now();
while (performance.now() - t0 < 3000) wasm.planSummary(doc);
const times = [];
for (let i = 0; i < 21; i++) { const s = performance.now(); wasm.planSummary(doc); times.push(performance.now() - s); }
times.sort((a, b) => a - b);
console.log(pkg, 'median', times[10].toFixed(2), 'ms');
