// The demo data that `costfolio serve --demo` loads (host/src/demo.json), replayed through the
// whole service offline: every request answers as the file expects, and the budget screens a new
// user opens first (folios, portfolio rollup, indicators, baselines, converted expenses) have
// something real to show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const wasm = require('../pkg/node/costfolio_wasm.js');

/**
 * @typedef {{method: string, path: string, body?: unknown, expect: number, id?: number}} DemoRequest
 */
/** @type {{requests: DemoRequest[]}} */
const demo = JSON.parse(readFileSync(new URL('../../host/src/demo.json', import.meta.url), 'utf8'));

const TODAY = '2026-11-23';

/** Whole months later (or earlier), the day clamped to the month's last: as the host's loader does. */
function shiftDate(/** @type {string} */ date, /** @type {number} */ months) {
  const [year, month, day] = date.split('-').map(Number);
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/**
 * Every JSON string that is exactly a date or a month (`yyyy-MM`, a month closed), shifted;
 * everything else as it is.
 * @param {unknown} value
 * @param {number} months
 * @returns {unknown}
 */
function shiftDates(value, months) {
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return shiftDate(value, months);
    return /^\d{4}-\d{2}$/.test(value) ? shiftDate(`${value}-01`, months).slice(0, 7) : value;
  }
  if (Array.isArray(value)) return value.map((item) => shiftDates(item, months));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shiftDates(item, months)]));
  }
  return value;
}

/** A fresh Planner and a caller `demo`, budget administrator, on `today`, fresh randomness per call. */
function session(today = TODAY) {
  const planner = new wasm.Planner();
  let counter = 0;
  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body] sent as JSON when given
   * @returns {{status: number, headers: [string, string][], body: string, json: any}}
   */
  function call(method, path, body) {
    counter += 1;
    const context = {
      baseUrl: 'http://x',
      now: `${today}T09:00:00`,
      random: counter.toString(16).padStart(128, '0'),
      user: 'demo',
      budgetAdmin: true,
    };
    /** @type {{method: string, path: string, headers?: [string, string][], body?: string}} */
    const request = { method, path };
    if (body !== undefined) {
      request.headers = [['Content-Type', 'application/json']];
      request.body = JSON.stringify(body);
    }
    const response = JSON.parse(planner.handle(JSON.stringify(request), JSON.stringify(context)));
    return { ...response, json: response.body ? JSON.parse(response.body) : null };
  }
  return { planner, call };
}

/** Replays demo.json (dates shifted by `months`), asserting each status and assigned id. */
function replay(months = 0) {
  const today = shiftDate(TODAY, months);
  const s = session(today);
  demo.requests.forEach((r, index) => {
    const response = s.call(r.method, r.path, r.body === undefined ? undefined : shiftDates(r.body, months));
    const where = `request ${index} ${r.method} ${r.path} (shifted ${months} months): ${response.body}`;
    assert.equal(response.status, r.expect, where);
    if (r.id !== undefined) assert.deepEqual(response.json, { success: r.id }, where);
  });
  return s;
}

test('demo.json is a modest list of budgeting requests with dates only as whole strings', () => {
  assert.ok(Array.isArray(demo.requests));
  assert.ok(demo.requests.length > 30 && demo.requests.length <= 150, `${demo.requests.length} requests`);
  for (const r of demo.requests) {
    assert.match(r.path, /^\/(budgets\/1|core\/3)\//);
    assert.doesNotMatch(r.path, /\d{4}-\d{2}-\d{2}|\?/, 'no dates or queries in paths');
    assert.ok(['GET', 'POST', 'PUT', 'DELETE'].includes(r.method));
    assert.equal(typeof r.expect, 'number');
    // A date inside a longer string would escape the loader's shift.
    const text = JSON.stringify(r.body ?? null);
    const embedded = text.match(/[^"]\d{4}-\d{2}-\d{2}|\d{4}-\d{2}-\d{2}[^"]/);
    assert.equal(embedded, null, `a date inside a longer string in ${r.method} ${r.path}`);
  }
});

test('the demo replays on an empty state with the expected statuses and ids', () => {
  replay();
});

test('the demo reads back as three folios in a portfolio with real figures', () => {
  const { call } = replay();

  const folios = call('GET', '/budgets/1/folio');
  assert.equal(folios.status, 200);
  assert.deepEqual(folios.json.success.map((/** @type {{id: number}} */ f) => f.id), [1, 2, 3]);
  assert.ok(folios.json.success.every((/** @type {{owner: string}} */ f) => f.owner === 'demo'));
  assert.deepEqual(folios.json.success.map((/** @type {{name: string}} */ f) => f.name),
    ['Harbour footbridge', 'Billing platform migration', 'Customer analytics rollout']);

  const portfolios = call('GET', '/budgets/1/portfolio');
  assert.equal(portfolios.status, 200);
  assert.equal(portfolios.json.success.length, 1);
  assert.deepEqual(portfolios.json.success[0].folios.map((/** @type {{id: number}} */ f) => f.id), [1, 2, 3]);

  /** @type {Record<number, any>} */
  const indicators = {};
  for (const id of [1, 2, 3]) {
    const response = call('GET', `/budgets/1/folio/${id}/indicators?asOf=${TODAY}`);
    assert.equal(response.status, 200, response.body);
    indicators[id] = response.json.success;
    assert.equal(indicators[id].currencyCode, 'EUR');
    assert.equal(indicators[id].status, 'executing');
    assert.ok(indicators[id].bac > 0, `folio ${id} has a budget`);
    assert.ok(indicators[id].ac > 0, `folio ${id} has actual cost`);
    assert.ok(indicators[id].ev > 0, `folio ${id} has earned value`);
    assert.ok(indicators[id].reserve > 0 && indicators[id].contingency > 0, `folio ${id} reserve and contingency`);
  }
  assert.ok(indicators[1].actualRevenue > 0 && indicators[3].actualRevenue > 0);
  assert.equal(indicators[2].actualRevenue, null, 'the migration tracks no revenue');

  const rollup = call('GET', `/budgets/1/portfolio/1/indicators?asOf=${TODAY}`);
  assert.equal(rollup.status, 200, rollup.body);
  const sum = (/** @type {string} */ field) =>
    Math.round([1, 2, 3].reduce((total, id) => total + indicators[id][field] * 100, 0)) / 100;
  for (const field of ['bac', 'ac', 'ev', 'pv', 'reserve']) {
    assert.equal(rollup.json.success[field], sum(field), `the portfolio's ${field} is its three folios'`);
  }
  assert.equal(rollup.json.success.currencyCode, 'EUR');
});

test('team members carry rate histories, allocation periods and actual hours in the past', () => {
  const { call } = replay();
  let withRates = 0;
  let withAllocations = 0;
  for (const id of [1, 2, 3]) {
    const team = call('GET', `/budgets/1/folio/${id}/team`);
    assert.equal(team.status, 200, team.body);
    const members = team.json.success.members;
    assert.ok(members.length >= 2, `folio ${id} has a team`);
    const hours = members.flatMap((/** @type {{workedHours: {endDate: string}[]}} */ m) => m.workedHours);
    assert.ok(hours.length > 0, `folio ${id} has worked hours`);
    assert.ok(hours.every((/** @type {{endDate: string}} */ h) => h.endDate < TODAY), 'worked hours are in the past');
    withRates += members.filter((/** @type {{rates: unknown[]}} */ m) => m.rates.length >= 2).length;
    withAllocations += members.filter((/** @type {{allocations: unknown[]}} */ m) => m.allocations.length >= 2).length;
  }
  assert.ok(withRates >= 3, 'rate changes');
  assert.ok(withAllocations >= 2, 'allocation periods');
});

test('the baselined folio differs from its baseline', () => {
  const { call } = replay();
  const baselines = call('GET', '/budgets/1/folio/1/baselines?costs=true&revenues=true');
  assert.equal(baselines.status, 200);
  assert.ok(baselines.json.success.length > 0);
  const baseline = baselines.json.success[0];
  assert.equal(baseline.expenditureType, 'BUDGET');

  const frozen = call('GET', `/budgets/1/folio/1/expenditures?baselineId=${baseline.id}&actual=false&revenue=false`);
  assert.equal(frozen.status, 200, frozen.body);
  const steel = frozen.json.success.expenses.find((/** @type {{name: string}} */ e) => e.name === 'Steel deck fabrication');
  const now = call('GET', `/budgets/1/expense/${steel.id}`).json.success;
  assert.notEqual(now.amount, steel.amount, 'the steel deck changed after the baseline');
  const frozenNames = frozen.json.success.positions.map((/** @type {{name: string}} */ p) => p.name);
  assert.ok(!frozenNames.includes('Lighting designer'), 'a position added after the baseline');

  // Something changed since, so a new approval is accepted (the documented 400 says otherwise).
  const again = call('POST', '/budgets/1/folio/1/baseline', { name: 'Budget v2', approvedBy: 'demo', expenditureType: 'BUDGET' });
  assert.equal(again.status, 200, again.body);
});

test('expenses in USD convert into the folio currency at the exchange rates put', () => {
  const { call } = replay();
  const rates = call('GET', '/budgets/1/exchangerate');
  assert.ok(rates.json.success.length >= 2);
  let usd = 0;
  for (let id = 1; ; id++) {
    const response = call('GET', `/budgets/1/expense/${id}`);
    if (response.status !== 200) break;
    const expense = response.json.success;
    if (expense.currencyCode !== 'USD') continue;
    usd += 1;
    assert.ok(expense.convertedAmount > 0, `expense ${id} converted`);
    assert.notEqual(expense.convertedAmount, expense.amount, `expense ${id} in USD converts`);
  }
  assert.ok(usd >= 2, 'expenses in USD');
});

test('offline, the demo folios answer their cost lines: each invoice on its planned line, adding up to BAC', () => {
  const { call } = replay();
  for (const folio of [1, 2, 3]) {
    const lines = call('GET', `/budgets/1/folio/${folio}/lines?asOf=${TODAY}&groupBy=category`);
    assert.equal(lines.status, 200, lines.body);
    const indicators = call('GET', `/budgets/1/folio/${folio}/indicators?asOf=${TODAY}`);
    // The JSON's numbers as numbers: compared at the cent.
    assert.equal(Math.round(lines.json.success.total.budget * 100), Math.round(indicators.json.success.bac * 100), `folio ${folio}`);
    assert.equal(Math.round(lines.json.success.total.actual * 100), Math.round(indicators.json.success.ac * 100), `folio ${folio}`);
    const realised = lines.json.success.lines.filter((/** @type {{realisedBy: unknown[]}} */ l) => l.realisedBy.length > 0);
    assert.ok(realised.length > 0, `folio ${folio}: the demo's actual items realise planned ones`);
  }
});

test('the demo also replays with its dates shifted by whole months, as the host loads it', () => {
  for (const months of [-13, -5, -1, 1, 2, 3, 7, 12, 25]) replay(months);
});

test('offline, a scenario of a demo folio is forked, changed, compared and promoted as on the server', () => {
  const { call } = replay();
  const forked = call('POST', '/budgets/1/folio/1/scenarios', { name: 'Offline what-if' });
  assert.equal(forked.status, 200, forked.body);
  const sid = forked.json.success.id;
  const expense = call('POST', `/budgets/1/folio/1/scenarios/${sid}/expense`, {
    folioId: 1,
    name: 'Crane, offline',
    description: '',
    type: 'Rental',
    category: 'CAPEX',
    kind: '.PlannedExpense',
    amount: 4000,
    currencyCode: 'EUR',
    recurrence: { kind: '.Once', startDate: TODAY },
  });
  assert.equal(expense.status, 200, expense.body);
  const compared = call('GET', `/budgets/1/folio/1/scenarios/compare?ids=draft,${sid}&asOf=${TODAY}`);
  assert.equal(compared.status, 200, compared.body);
  const differences = compared.json.success.plans[1].differences;
  assert.deepEqual(
    differences.items.map((/** @type {{name: string, change: string}} */ i) => [i.name, i.change]),
    [['Crane, offline', 'added']],
  );
  assert.equal(Math.round(differences.bacMoved * 100), 400000);
  const promoted = call('POST', `/budgets/1/folio/1/scenarios/${sid}/promote`, { reason: 'Offline, as on the server' });
  assert.equal(promoted.status, 200, promoted.body);
  const plan = call('GET', '/budgets/1/folio/1/plan');
  assert.ok(plan.json.success.expenses.some((/** @type {{name: string}} */ e) => e.name === 'Crane, offline'));
});
