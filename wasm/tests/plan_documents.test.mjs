// Plan documents fed to the wasm core: every demo folio's document, as the server
// exports it, gives in wasm the server's indicators and monthly timeline byte for byte, and its
// items' payment lines, and the what-if sandbox its cost lines and its forecast of one seed. The cases and the server's answers are wasm/tests/vectors/plan_documents.json,
// kept true to the server by tests/plan_documents.rs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wasm from '../pkg/node/costfolio_wasm.js';

/** @typedef {{name: string, lines: unknown[]}} Item */
/** @type {{folio: number, document: string, summary: string, positions: Item[], expenses: Item[], lines: string, forecast: string}[]} */
const cases = JSON.parse(readFileSync(new URL('./vectors/plan_documents.json', import.meta.url), 'utf8'));

test('there is a case for every demo folio', () => {
  assert.equal(cases.length, 4);
});

for (const c of cases) {
  test(`folio ${c.folio}: the wasm core costs its plan document as the server costs the folio`, () => {
    assert.equal(wasm.planSummary(c.document), c.summary, 'indicators and timeline, byte for byte');
    /** @type {{positions: (Item & {id: number})[], expenses: (Item & {id: number})[]}} */
    const plan = JSON.parse(wasm.plan(c.document, false));
    const lines = (/** @type {Item[]} */ items) => items.map((item) => ({ name: item.name, lines: item.lines }));
    assert.deepEqual(lines(plan.positions), c.positions);
    assert.deepEqual(lines(plan.expenses), c.expenses);
    assert.ok(c.positions.length + c.expenses.length > 0);
    // And the what-if sandbox, built from the same document, starts from the same figures.
    const asOf = JSON.parse(c.document).asOf;
    const sandbox = new wasm.Sandbox(c.document);
    assert.equal(sandbox.summary(asOf, 'month'), c.summary);
    // Its cost lines by category (S9.12): the native core's, byte for byte.
    assert.equal(sandbox.lines(asOf, 'category'), c.lines, 'cost lines');
    assert.ok(JSON.parse(c.lines).lines.length > 0);
    // Its forecast of seed 7 (S14.3): the native core's, byte for byte, to the cent.
    assert.equal(sandbox.forecast(asOf, 7, 2000), c.forecast, 'forecast');
    assert.ok(JSON.parse(c.forecast).method.iterations > 0);
  });
}
