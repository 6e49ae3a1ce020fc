// The what-if sandbox over node's test runner: a plan document held as a folio book, changed item
// by item, gives after every change (and after undoing it) exactly the figures `planSummary`
// computes afresh from the changed document; a refused change changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wasm from '../pkg/node/costfolio_wasm.js';

const text = readFileSync(new URL('./vectors/plan.json', import.meta.url), 'utf8');
const AS_OF = '2026-03-13';

/** The document with its items given ids, as a server's export has them. */
function documentWithIds() {
  // Numbers are written back from their source text: splice the ids in as text.
  return text
    .replace('"position":{"folioId":1', '"position":{"id":1,"folioId":1')
    .replace('"expenses":[{"folioId":1', '"expenses":[{"id":1,"folioId":1');
}

/** planSummary of a document text: what the sandbox must equal. */
/** @param {string} doc */
const fresh = (doc) => wasm.planSummary(doc);

test('a sandbox answers what planSummary answers, before and after each change and its undo', () => {
  const doc = documentWithIds();
  const sandbox = new wasm.Sandbox(doc);
  assert.equal(sandbox.summary(AS_OF, 'month'), fresh(doc));

  // A rate change of the position.
  const position = '{"position":{"id":1,"folioId":1,"name":"Engineer","description":"","title":"Engineer","rate":{"rate":62.5,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-27","percentage":100}}}';
  sandbox.putPosition(position);
  const changed = doc.replace('"rate":{"rate":50,', '"rate":{"rate":62.5,');
  assert.notEqual(changed, doc);
  assert.equal(sandbox.summary(AS_OF, 'month'), fresh(changed));
  assert.notEqual(sandbox.summary(AS_OF, 'month'), fresh(doc), 'the rate changed the figures');

  // Undo: the old position put back.
  sandbox.putPosition(position.replace('"rate":62.5', '"rate":50'));
  assert.equal(sandbox.summary(AS_OF, 'month'), fresh(doc));

  // An expense removed, then put back; an expense added.
  sandbox.removeExpense(1);
  const without = doc.replace(/"expenses":\[.*\]\}\s*$/s, '"expenses":[]}');
  assert.equal(sandbox.summary(AS_OF, 'month'), fresh(without));
  const expense = JSON.stringify({
    id: 1, folioId: 1, name: 'Scaffolding', description: '', type: 'Rental', category: 'CAPEX', kind: '.PlannedExpense',
    amount: 1000, currencyCode: 'EUR', amortized: true,
    recurrence: { kind: '.Weekly', startDate: '2026-03-02', recurrenceOn: [1], occurrences: 4 },
  });
  sandbox.putExpense(expense);
  assert.equal(sandbox.summary(AS_OF, 'month'), fresh(doc));
  sandbox.putExpense(expense.replace('"id":1', '"id":2').replace('"amount":1000', '"amount":250.25'));
  const two = doc.replace(/\]\}\s*$/s, `,${expense.replace('"id":1', '"id":2').replace('"amount":1000', '"amount":250.25')}]}`);
  assert.equal(sandbox.summary(AS_OF, 'month'), fresh(two));
  assert.equal(JSON.parse(sandbox.summary(AS_OF, 'week')).timeline.length, 4);
});

test('a refused change names its field and changes nothing', () => {
  const doc = documentWithIds();
  const sandbox = new wasm.Sandbox(doc);
  const before = sandbox.summary(AS_OF, 'month');
  assert.throws(() => sandbox.putExpense('{"id":1,"amount":"lots"}'), (e) => e instanceof Error && /expense/.test(e.message));
  assert.throws(() => sandbox.putExpense(JSON.stringify({
    id: 1, folioId: 1, name: 'X', description: '', type: 'T', category: 'OPEX', kind: '.PlannedExpense', amount: 5, currencyCode: 'USD', amortized: false,
    recurrence: { kind: '.Once', startDate: '2026-03-05' },
  })), (e) => e instanceof Error && /USD/.test(e.message));
  assert.throws(() => sandbox.putPosition('{"position":{"folioId":1,"name":"No id","description":"","title":"T","rate":{"rate":1,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-27","percentage":10}}}'),
    (e) => e instanceof Error && /position\.id/.test(e.message));
  assert.equal(sandbox.summary(AS_OF, 'month'), before);
  assert.throws(() => new wasm.Sandbox('{"folio": 3}'), (e) => e instanceof Error && /folio/.test(e.message));
  assert.throws(() => sandbox.summary('2026-13-01', 'month'), (e) => e instanceof Error && /asOf/.test(e.message));
  assert.throws(() => sandbox.removeExpense(1.5), (e) => e instanceof Error && /id: 1\.5 is not a whole number/.test(e.message));
  assert.throws(() => sandbox.removePosition(2 ** 60), (e) => e instanceof Error && /id/.test(e.message));
});

/** A decimal text of at most 2 places as whole cents. */
const cents = (/** @type {string} */ text) => {
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return text.startsWith('-') ? -value : value;
};

/** A JSON text's number fields kept as their text. */
const exact = (/** @type {string} */ json) => JSON.parse(json.replace(/:(-?\d+(?:\.\d+)?)(?=[,}\]])/g, ':"$1"'));

test('the sandbox explains its figures as the server does: a sum by its items, EAC by its inputs', () => {
  const doc = documentWithIds();
  const sandbox = new wasm.Sandbox(doc);
  const summary = exact(sandbox.summary(AS_OF, 'month'));
  for (const figure of ['bac', 'ac', 'plannedCostToDate']) {
    const e = exact(sandbox.explain(AS_OF, figure));
    assert.equal(e.figure, figure);
    assert.equal(e.value, summary.indicators[figure]);
    const sum = e.lines.reduce((/** @type {bigint} */ s, /** @type {{amount: string}} */ l) => s + cents(l.amount), 0n);
    assert.equal(sum, cents(e.value), `${figure}: the lines add up`);
    assert.equal(cents(e.linesTotal), cents(e.value));
  }
  const eac = exact(sandbox.explain(AS_OF, 'eac'));
  assert.deepEqual(eac.inputs.map((/** @type {{figure: string}} */ i) => i.figure), ['bac', 'ac', 'ev']);
  assert.match(eac.formula, /EAC \(by CPI\) = BAC \/ CPI/);
  // A rate changed in the sandbox moves BAC, and its explanation with it.
  sandbox.putPosition('{"position":{"id":1,"folioId":1,"name":"Engineer","description":"","title":"Engineer","rate":{"rate":62.5,"startDate":"2026-03-02"},"allocation":{"startDate":"2026-03-02","endDate":"2026-03-27","percentage":100}}}');
  const after = exact(sandbox.explain(AS_OF, 'bac'));
  assert.notEqual(after.value, summary.indicators.bac);
  assert.equal(after.value, exact(sandbox.summary(AS_OF, 'month')).indicators.bac);
  assert.throws(() => sandbox.explain(AS_OF, 'nope'), (e) => e instanceof Error && /figure/.test(e.message));
});

test('a change moves the cost lines it touches, and a linked invoice lands on its planned line', () => {
  const doc = documentWithIds();
  const sandbox = new wasm.Sandbox(doc);
  /** @returns {{lines: {itemId: string|number, itemKind: string, name: string, planned: boolean, deleted: boolean, realisedBy: {name: string}[], figures: Record<string, unknown>}[], total: Record<string, unknown>}} */
  const lines = () => JSON.parse(sandbox.lines(AS_OF, 'none'));
  const before = lines();
  const scaffolding = before.lines.find((l) => l.itemKind === 'expense' && l.name === 'Scaffolding');
  assert.ok(scaffolding, 'the planned expense has its line');
  assert.equal(scaffolding.planned, true);
  assert.deepEqual(scaffolding.realisedBy, []);
  // An invoice realising it: its line now has an actual, and nothing else moves.
  const invoice = {
    id: 9, folioId: 1, name: 'Scaffolding, invoice', description: '', type: 'Rental', category: 'CAPEX', kind: '.ActualExpense',
    amount: 1200, currencyCode: 'EUR', recurrence: { kind: '.Once', startDate: '2026-03-05' }, realises: 1,
  };
  sandbox.putExpense(JSON.stringify(invoice));
  const after = lines();
  const moved = after.lines.find((l) => l.itemKind === 'expense' && String(l.itemId) === '1');
  assert.deepEqual(moved?.realisedBy.map((r) => r.name), ['Scaffolding, invoice']);
  assert.equal(String(moved?.figures.actual), '1200');
  assert.equal(after.lines.length, before.lines.length, 'no line of its own: it realises one');
  for (const line of after.lines.filter((l) => l !== moved)) {
    assert.deepEqual(line, before.lines.find((b) => b.itemKind === line.itemKind && b.itemId === line.itemId));
  }
  // The planned expense taken out: its line stays, deleted, with what realises it.
  sandbox.removeExpense(1);
  const removed = lines().lines.find((l) => l.itemKind === 'expense' && String(l.itemId) === '1');
  assert.equal(removed?.deleted, true);
  assert.equal(removed?.name, 'Scaffolding');
  assert.throws(() => sandbox.lines(AS_OF, 'owner'), /groupBy/);
});
