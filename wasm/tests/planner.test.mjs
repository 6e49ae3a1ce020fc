// The wasm package over node's built-in test runner: the same bytes as the native core for the same
// requests and contexts (tests/vectors/scenario.json, kept true to the native core by
// tests/wasm_vectors.rs), errors as JS Errors with the core's messages, snapshots and journals that
// cross between wasm and native.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
// The package's own declarations (costfolio_wasm.d.ts) type this file: `npm run typecheck`.
import * as wasm from '../pkg/node/costfolio_wasm.js';

/**
 * @typedef {{method: string, path: string, headers?: [string, string][], body?: string}} Request
 * @typedef {{status: number, headers: [string, string][], body: string}} Response
 * @typedef {{request: Request, context: object, response: Response}} Step
 * @typedef {{mint: {user: string, context: object, token: string}, steps: Step[],
 *   journal: string, snapshot: string}} Vectors
 */
/** @type {Vectors} */
const vectors = JSON.parse(readFileSync(new URL('./vectors/scenario.json', import.meta.url), 'utf8'));

function runScenario() {
  const planner = new wasm.Planner();
  const token = planner.mintToken(vectors.mint.user, true, JSON.stringify(vectors.mint.context));
  assert.equal(token, vectors.mint.token, 'the same token from the same randomness');
  const responses = vectors.steps.map((step) =>
    planner.handle(JSON.stringify(step.request), JSON.stringify(step.context)));
  return { planner, responses };
}

test('the scenario gives byte for byte the native responses', () => {
  const { planner, responses } = runScenario();
  vectors.steps.forEach((step, index) => {
    const got = JSON.parse(responses[index]);
    assert.equal(got.status, step.response.status, `step ${index} ${step.request.method} ${step.request.path}`);
    assert.deepEqual(got.headers, step.response.headers, `step ${index} headers`);
    assert.equal(got.body, step.response.body, `step ${index} body`);
  });
  assert.equal(planner.snapshot(), vectors.snapshot, 'the same state, byte for byte');
});

test('the journal crosses both ways', () => {
  const { planner } = runScenario();
  // Journals cross as text: JSON.parse would turn 1000.00 into 1000.
  assert.equal(planner.takeJournal(), vectors.journal, 'the same entries as the native core, byte for byte');
  const replayed = new wasm.Planner();
  replayed.replay(vectors.journal);
  assert.equal(replayed.snapshot(), vectors.snapshot, 'the native journal replays in wasm');
  assert.equal(replayed.seq(), JSON.parse(vectors.journal).length);
  assert.throws(() => replayed.replay(vectors.journal), (error) =>
    error instanceof Error && /journal entry 1 found where \d+ was expected/.test(error.message));
});

test('a native snapshot loads in wasm and answers the same', () => {
  const planner = wasm.Planner.fromSnapshot(vectors.snapshot);
  // The last step asked the native state, as it ends, for these indicators.
  const last = vectors.steps[vectors.steps.length - 1];
  assert.equal(`{"success":${planner.indicators(1, '2026-03-13')}}`, last.response.body);
  assert.throws(() => wasm.Planner.fromSnapshot('{"seq":'), Error);
});

test('direct calls for the planning screen', () => {
  const planner = wasm.Planner.fromSnapshot(vectors.snapshot);
  const payments = JSON.parse(planner.expensePayments(1, '2026-03-13'));
  assert.deepEqual(payments.map((/** @type {{amount: number}} */ p) => p.amount), [333.34, 333.33, 333.33]);
  const lines = JSON.parse(planner.positionPayments(1, 'month', '2026-03-13'));
  assert.equal(lines.length, 1);
  const timeline = JSON.parse(planner.timeline(1, '2026-03-13', 'week'));
  assert.equal(timeline.length, 4);
  const expenditures = JSON.parse(planner.expenditures(1, 0, false, false, '2026-03-13'));
  assert.equal(expenditures.expenses.length, 1);
  const dates = wasm.expandRecurrence('{"kind":".Monthly","startDate":"2026-01-31"}', '2026-12-31', '2026-02-01', '2026-04-30');
  assert.deepEqual(dates, ['2026-02-28', '2026-03-31', '2026-04-30']);
  assert.deepEqual(wasm.expandRecurrence('{"kind":".Once","startDate":"2026-01-05"}', '2026-12-31', '2026-02-01', '2026-02-10'), []);
  const summary = JSON.parse(wasm.planSummary(readFileSync(new URL('vectors/plan.json', import.meta.url), 'utf8')));
  assert.deepEqual(Object.keys(summary), ['indicators', 'timeline']);
  assert.equal(summary.indicators.bac, 8600);
  // Documents cross as UTF-8 written by TextEncoder: text beyond ASCII (two-, three- and
  // four-byte characters) reads as its escaped form does, and a lone surrogate (which UTF-8
  // cannot hold) as the replacement character.
  const document = readFileSync(new URL('vectors/plan.json', import.meta.url), 'utf8');
  const named = (/** @type {string} */ name) => document.replace('"name":"Bridge"', `"name":${name}`);
  const wide = wasm.plan(named('"Brücke € 😀 \ud800"'), false);
  assert.equal(wide, wasm.plan(named(JSON.stringify('Brücke € 😀 \ufffd')), false));
  assert.equal(JSON.parse(wide).indicators.bac, 8600);
  assert.equal(wasm.planSummary(named('"日本語のフォリオ"')), wasm.planSummary(document));
  // Text that reaches the answer (here the refusal, which quotes the value) arrives intact, raw or
  // escaped, with one-, two-, three- and four-byte characters.
  for (const code of ['"Xé€😀"', '"X\\u00e9\\u20ac\\ud83d\\ude00"']) {
    assert.throws(() => wasm.planSummary(document.replace('"currencyCode":"EUR"', `"currencyCode":${code}`)),
      { message: 'folio.currencyCode: currency must be an ISO 4217 alphabetic code such as EUR, got "Xé€😀"' });
  }
  const cargo = readFileSync(new URL('../../Cargo.toml', import.meta.url), 'utf8');
  assert.equal(wasm.version(), cargo.match(/^version = "(.*)"$/m)?.[1]);
});

test('errors arrive as CostfolioErrors with the documented messages, their kind and field', () => {
  const planner = new wasm.Planner();
  assert.throws(() => planner.indicators(9, '2026-03-13'), {
    name: 'CostfolioError',
    kind: 'notFound',
    field: null,
    message: 'The requested folio cannot be viewed because it does not exist or the caller lacks permission',
  });
  assert.throws(() => planner.handle('{', '{}'), (e) => e instanceof Error && e.message.startsWith('request:'));
  assert.throws(() => planner.handle('{"method":"GET","path":"/"}', '{"now":"yesterday"}'),
    { kind: 'invalid', field: 'context.now', message: 'context.now: "yesterday" is not yyyy-MM-ddTHH:mm:ss' });
  assert.throws(() => wasm.expandRecurrence('{"kind":".Daily"}', '2026-12-31', '2026-01-01', '2026-01-02'),
    (e) => e instanceof Error && e.message.includes('startDate is required'));
  assert.throws(() => wasm.plan('{"folio":{}}', false), (e) => e instanceof Error && e.message.includes('folio.name is required'));
  assert.throws(() => wasm.plan('{"folio":{}}', false), { kind: 'invalid', field: 'folio.name' });
  assert.throws(() => wasm.difference('1.5', 'two'), { kind: 'invalid', field: 'b', message: 'b: two is not a decimal number' });
  for (const notText of [undefined, null, 42, {}, ['{}'], new Uint8Array(2)]) {
    // @ts-expect-error: the declarations ask for a string; a caller without types may not.
    assert.throws(() => wasm.planSummary(notText), { name: 'CostfolioError', field: 'input', message: 'input: expected a string' });
    // @ts-expect-error: as above.
    assert.throws(() => wasm.plan(notText, false), { name: 'CostfolioError', field: 'input', message: 'input: expected a string' });
  }
  // A caller's value stays one value: no second asOf smuggled in through the granularity.
  const scenario = wasm.Planner.fromSnapshot(vectors.snapshot);
  assert.throws(() => scenario.timeline(1, '2026-03-13', 'month&asOf=2030-01-01'),
    { field: 'granularity', message: 'granularity: granularity must be day, week or month, got "month&asOf=2030-01-01"' });
  assert.throws(() => scenario.positionPayments(1, 'week#', '2026-03-13'), /got "week#"/);
  // A refusal through handle is a response, not an exception.
  const response = JSON.parse(planner.handle(
    JSON.stringify({ method: 'POST', path: '/budgets/1/expense', headers: [['Content-Type', 'application/json']], body: '{"folioId":1}' }),
    JSON.stringify({ now: '2026-03-13T10:00:00', user: 'ada' })));
  assert.equal(response.status, 400);
  assert.equal(JSON.parse(response.body).errors.name, 'Name is required');
});

/**
 * A small deterministic generator (xorshift32), so a failure can be replayed.
 * @param {number} seed
 */
function generator(seed) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state;
  };
  /** @param {number} n */
  const below = (n) => next() % n;
  /** @template T @param {T[]} items @returns {T} */
  const pick = (items) => items[below(items.length)];
  return { below, pick };
}

test('garbage never panics across the boundary: every refusal is an Error, the state lives on', () => {
  const { below, pick } = generator(20261121);
  // Contexts without a caller: whatever the garbage asks, it cannot write.
  const anonymous = JSON.stringify({ ...vectors.steps[3].context, user: undefined, budgetAdmin: undefined });
  const texts = [
    vectors.snapshot, vectors.journal, JSON.stringify(vectors.steps[3].request),
    anonymous, readFileSync(new URL('vectors/plan.json', import.meta.url), 'utf8'),
    '{"kind":".Weekly","startDate":"2026-01-05","recurrenceOn":[1,3],"occurrences":100000}',
  ];
  const noise = ['', '{', '}', '[', ']', '"', '\\', ',', ':', 'null', '1e400', '-0', '99999999999999999999999999999',
    '"\ud83d"', '"2026-02-30"', '\u0000', 'NaN', '{"":{}}', '[[[[[[[[[['];
  /** A piece of a real input, cut, spliced with noise. */
  const garbage = () => {
    const text = pick(texts);
    const at = below(text.length + 1);
    const end = Math.min(text.length, at + below(200));
    return below(4) === 0 ? pick(noise) : text.slice(0, at) + pick(noise) + text.slice(end);
  };
  const planner = wasm.Planner.fromSnapshot(vectors.snapshot);
  const before = planner.snapshot();
  const id = () => pick([0, 1, 2, 3, 4294967295]);
  const date = () => pick(['2026-03-13', '2026-02-30', '', garbage(), '9999-12-31', '0001-01-01']);
  /** @type {(() => unknown)[]} */
  const calls = [
    () => planner.handle(garbage(), garbage()),
    () => planner.handle(garbage(), anonymous),
    () => planner.replay(garbage()),
    () => wasm.Planner.fromSnapshot(garbage()),
    () => planner.expensePayments(id(), date()),
    () => planner.positionPayments(id(), pick(['day', 'week', 'month', 'year', garbage()]), date()),
    () => planner.expenditures(id(), id(), below(2) === 0, below(2) === 0, date()),
    () => planner.indicators(id(), date()),
    () => planner.timeline(id(), date(), pick(['day', 'week', 'month', garbage()])),
    () => planner.portfolioIndicators(id(), date()),
    // Minting may rightly succeed: on a planner of its own.
    () => wasm.Planner.fromSnapshot(vectors.snapshot).mintToken(garbage(), below(2) === 0, garbage()),
    () => wasm.expandRecurrence(garbage(), date(), date(), date()),
    () => wasm.plan(garbage(), below(2) === 0),
    () => wasm.planSummary(garbage()),
  ];
  let refused = 0;
  for (let round = 0; round < 3000; round += 1) {
    try {
      pick(calls)();
    } catch (error) {
      refused += 1;
      assert.ok(error instanceof Error, `a thrown ${typeof error}`);
      assert.ok(!(error instanceof WebAssembly.RuntimeError), `a trap (a panic) in round ${round}: ${error}`);
      assert.ok(error.message.length > 0, 'an error says what is wrong');
    }
  }
  assert.ok(refused > 500, `the garbage was refused (${refused} times)`);
  // Handle answers garbage with refusals rather than changes (no request above had a caller),
  // and a failed replay leaves the state as it was.
  assert.equal(planner.snapshot(), before, 'nothing stored was lost or changed');
  const last = vectors.steps[vectors.steps.length - 1];
  assert.equal(`{"success":${planner.indicators(1, '2026-03-13')}}`, last.response.body);
});
