// The npm package `costfolio-engine` (wasm/pkg, assembled by scripts/build-wasm from wasm/npm):
// its README's node example runs as written, and its typed functions give what the generated
// module gives, every number of an answer as its exact text, every refusal a CostfolioError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import * as raw from '../pkg/node/costfolio_wasm.js';
import { load, decimal, isCostfolioError } from '../pkg/node.js';

const pkg = new URL('../pkg/', import.meta.url);
const plan = readFileSync(new URL('./vectors/plan.json', import.meta.url), 'utf8');

test("the README's node example runs as written", () => {
  const readme = readFileSync(new URL('README.md', pkg), 'utf8');
  const example = readme.split('## In node')[1]?.match(/```js\n([\s\S]*?)```/)?.[1];
  assert.ok(example, 'the README has a node example');
  assert.ok(example.trim().split('\n').length <= 10, 'of ten lines at most');
  // Inside the package, node resolves the package's own name (a self-reference).
  const file = new URL('readme-example.mjs', pkg);
  writeFileSync(file, example);
  try {
    const out = execFileSync(process.execPath, [file.pathname], { encoding: 'utf8' });
    assert.match(out, /^Budget at completion: EUR 8000\.00 1 month$/m);
    assert.match(out, /^invalid folio\.currencyCode folio\.currencyCode: currency must be/m);
  } finally {
    rmSync(file);
  }
});

test('the typed functions answer what the module answers, numbers as their exact text', async () => {
  const costfolio = await load();
  assert.equal(costfolio.version(), raw.version());
  const summary = costfolio.planSummary(JSON.parse(plan));
  assert.equal(summary.indicators.bac, '8600.00');
  assert.equal(typeof summary.timeline[0]?.plannedCost, 'string');
  assert.deepEqual(costfolio.planSummary(plan), summary, 'a document may be its JSON text');
  const full = costfolio.plan(plan);
  assert.deepEqual(
    full.expenses[0]?.lines.map((l) => l.amount),
    ['250.00', '250.00', '250.00', '250.00'],
  );
  assert.equal(costfolio.planCsv(plan), raw.plan(plan, true));
  assert.deepEqual(costfolio.expandRecurrence({ kind: '.Monthly', startDate: '2026-01-31' }, '2026-12-31', '2026-01-01', '2026-03-31'), [
    '2026-01-31',
    '2026-02-28',
    '2026-03-31',
  ]);
  assert.equal(costfolio.difference('0.3', decimal('0.1')), '0.2');
  // An exact decimal argument keeps every digit a float would lose: the engine sees them all.
  const document = JSON.parse(plan);
  document.expenses[0].amount = decimal('1000.000000000000000001');
  assert.throws(
    () => costfolio.planSummary(document),
    (e) => isCostfolioError(e) && e.kind === 'invalid' && e.message.includes('amount 1000.000000000000000001 has more decimal places than EUR allows'),
  );
  document.expenses[0].amount = decimal('1000.01');
  assert.equal(costfolio.planSummary(document).indicators.bac, '8600.01');
});

test('the service offline: a folio created through handle, its figures read typed', async () => {
  const costfolio = await load();
  const planner = new costfolio.Planner();
  const context = { baseUrl: 'http://localhost', now: '2026-03-13T10:00:00', random: '00'.repeat(64), user: 'ada', budgetAdmin: true };
  const folio = JSON.parse(plan).folio;
  const created = planner.handle(
    { method: 'POST', path: '/budgets/1/folio', headers: [['Content-Type', 'application/json']], body: JSON.stringify(folio) },
    context,
  );
  assert.equal(created.status, 200, created.body);
  const indicators = planner.indicators(1, '2026-03-13');
  assert.equal(indicators.bac, '0.00');
  const copy = costfolio.Planner.fromSnapshot(planner.snapshot());
  assert.deepEqual(copy.timeline(1, '2026-03-13'), planner.timeline(1, '2026-03-13'));
  assert.throws(
    () => planner.indicators(9, '2026-03-13'),
    (e) => isCostfolioError(e) && e.kind === 'notFound' && e.field === null,
  );
  assert.throws(
    () => planner.timeline(1, '2026-03-13', /** @type {'day'} */ ('hour')),
    (e) => isCostfolioError(e) && e.field === 'granularity',
  );
  copy.free();
  planner.free();
});
