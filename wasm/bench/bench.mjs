// The wasm package's speed, in node: the folio timeline benchmark (the analytics folio's
// indicators and monthly timeline, from its document, through `planSummary`) against the native
// `analytics/plan/summary` criterion figure of the same run, `plan` (the same plus every payment
// line) against `analytics/plan/document`, and recurrence expansion in
// wasm against the npm `rrule` package in this same process on the same rules. Every timed call
// checks its result, so a fast wrong answer cannot pass. Run it with `scripts/bench-wasm`, which
// runs the native benchmark first (it writes target/bench/folio-plan.json and criterion's figures).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import rrulePackage from 'rrule';
import * as wasm from '../pkg/node/costfolio_wasm.js';

const { RRule, rrulestr } = rrulePackage;
const root = new URL('../../', import.meta.url);

/**
 * The median wall time of `run` in milliseconds, over `samples` runs after a warm-up of at least
 * `warmup` runs and three seconds, as criterion warms up the native side (V8 first runs WebAssembly
 * with its baseline compiler and moves hot functions to its optimizing one in the background, so
 * a short warm-up times a mix of both).
 * @param {() => void} run
 * @param {number} samples
 * @param {number} warmup
 */
function median(run, samples, warmup = 2) {
  const warmingSince = performance.now();
  for (let i = 0; i < warmup || performance.now() - warmingSince < 3000; i += 1) run();
  const times = [];
  for (let i = 0; i < samples; i += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  return times.length % 2 ? times[middle] : (times[middle - 1] + times[middle]) / 2;
}

/** @param {Date} date */
function civil(date) {
  return date.toISOString().slice(0, 10);
}

/** @param {number} ms */
function show(ms) {
  return ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`;
}

/** @type {string[]} */
const rows = [];

// The folio timeline: the same plan document natively (criterion, just run) and in wasm.
const documentPath = new URL('target/bench/folio-plan.json', root);
/** @param {string} name */
const estimatesPath = (name) =>
  new URL(`target/criterion/analytics_plan/${name}/2000_positions_5000_expenses_3y/new/estimates.json`, root);
if (!existsSync(documentPath) || !existsSync(estimatesPath('summary')) || !existsSync(estimatesPath('document'))) {
  throw new Error('run `cargo bench --bench analytics -- analytics/plan` first (scripts/bench-wasm does)');
}
/** @param {string} name */
const nativeMs = (name) => JSON.parse(readFileSync(estimatesPath(name), 'utf8')).median.point_estimate / 1e6;
const document = readFileSync(documentPath, 'utf8');
const summary = wasm.planSummary(document);
assert.equal(JSON.parse(summary).timeline.length, 36, 'a monthly timeline over three years');
const summaryMs = median(() => assert.equal(wasm.planSummary(document), summary), 20);
rows.push(`| folio timeline: \`planSummary\` (2,000 positions, 5,000 expenses, 3 years: indicators and monthly timeline from 1.8 MB of JSON) | ${show(summaryMs)} (wasm) | ${show(nativeMs('summary'))} (native) | ${(summaryMs / nativeMs('summary')).toFixed(2)}x native (cap 2x) |`);
const first = wasm.plan(document, false);
assert.equal(JSON.parse(first).indicators.bac, JSON.parse(summary).indicators.bac);
// As natively: the output's length is checked, the JSON is not parsed inside the timing.
const planMs = median(() => assert.equal(wasm.plan(document, false).length, first.length), 10);
rows.push(`| \`plan\`: the same and every payment line (15.5 MB of JSON out) | ${show(planMs)} (wasm) | ${show(nativeMs('document'))} (native) | ${(planMs / nativeMs('document')).toFixed(2)}x native |`);

// The cost lines of the same document in the what-if sandbox (S9.12): its book costed once, the
// lines read, named and grouped, against `analytics/plan/lines_*` natively.
const sandbox = new wasm.Sandbox(document);
const asOf = JSON.parse(document).asOf;
for (const grouping of ['none', 'category']) {
  const lines = sandbox.lines(asOf, grouping);
  assert.ok(JSON.parse(lines).lines.length > 4000, 'a line per planned cost and per unplanned actual cost');
  const linesMs = median(() => assert.equal(sandbox.lines(asOf, grouping).length, lines.length), 20);
  const native = nativeMs(`lines_${grouping}`);
  rows.push(`| cost lines by ${grouping === 'none' ? 'no grouping' : grouping}: \`Sandbox.lines\` (${(lines.length / 1e6).toFixed(1)} MB of JSON out) | ${show(linesMs)} (wasm) | ${show(native)} (native) | ${(linesMs / native).toFixed(2)}x native |`);
}

// Recurrence: the cases of benches/recurrence.rs, each in wasm and in npm rrule.
/** @type {[name: string, json: string, rfc: string, window: [string, string] | null][]} */
const cases = [
  ['daily, 100,000', '{"kind":".Daily","startDate":"2000-01-01","occurrences":100000}',
    'DTSTART:20000101T000000Z\nRRULE:FREQ=DAILY;COUNT=100000', null],
  ['weekly Mon/Wed/Fri, 100,000', '{"kind":".Weekly","startDate":"2000-01-03","recurrenceOn":[1,3,5],"occurrences":100000}',
    'DTSTART:20000103T000000Z\nRRULE:FREQ=WEEKLY;WKST=MO;BYDAY=MO,WE,FR;COUNT=100000', null],
  ['monthly, 50,000', '{"kind":".Monthly","startDate":"2000-01-15","occurrences":50000}',
    'DTSTART:20000115T000000Z\nRRULE:FREQ=MONTHLY;COUNT=50000', null],
  ['window: March 2001 of an open weekly series', '{"kind":".Weekly","startDate":"2000-01-03","recurrenceOn":[1,3,5]}',
    'DTSTART:20000103T000000Z\nRRULE:FREQ=WEEKLY;WKST=MO;BYDAY=MO,WE,FR', ['2001-03-01', '2001-03-31']],
  ['window: March 2010 of an open weekly series', '{"kind":".Weekly","startDate":"2000-01-03","recurrenceOn":[1,3,5]}',
    'DTSTART:20000103T000000Z\nRRULE:FREQ=WEEKLY;WKST=MO;BYDAY=MO,WE,FR', ['2010-03-01', '2010-03-31']],
];
for (const [name, json, rfc, window] of cases) {
  const [from, to] = window ?? ['0001-01-01', '9999-12-31'];
  const ours = () => wasm.expandRecurrence(json, '2120-12-31', from, to);
  const rule = rrulestr(rfc);
  assert.ok(rule instanceof RRule);
  const theirs = () => (window
    ? rule.between(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`), true)
    : rule.all()).map(civil);
  const want = theirs();
  assert.deepEqual(ours(), want, `${name}: the same dates as rrule`);
  const samples = window ? 200 : 10;
  const oursMs = median(() => assert.equal(ours().length, want.length), samples);
  const theirsMs = median(() => assert.equal(theirs().length, want.length), window ? 20 : 5, 1);
  rows.push(`| recurrence ${name} | ${show(oursMs)} (wasm) | ${show(theirsMs)} (npm rrule) | ${(theirsMs / oursMs).toFixed(1)}x faster (floor 10x) |`);
}

console.log(`node ${process.version}, wasm package ${wasm.version()}`);
console.log('| case | costfolio | peer | ratio |');
console.log('|---|---|---|---|');
for (const row of rows) console.log(row);
