// The position checks the planner's editor asks of the core (`checkAllocation`, `checkRate`;
// wasm/src/periods.rs) over node's test runner: the rules of S6.2 and S6.4 and the value types'
// limits, each refusal with the field the REST answer would name and the core's message; what the
// rules accept is answered with nothing; an argument the caller builds wrong throws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as wasm from '../pkg/node/costfolio_wasm.js';

const TEAM = '.TeamMember';
const PLANNED = '.PlannedPositionByTimeFrame';
// A live period and a deleted one (not counted), numbers as the server writes them.
const PERIODS = JSON.stringify([
  { id: 1, startDate: '2027-01-04', endDate: '2027-06-30', percentage: 100 },
  { id: 2, startDate: '2027-07-01', endDate: '2027-12-17', percentage: 50, deletedOn: '2027-02-01' },
]);
/** @param {string} start @param {string} end @param {string} percentage */
const period = (start, end, percentage) => `{"startDate":"${start}","endDate":"${end}","percentage":${percentage}}`;
/** The refusal's `{field?, message}`, or undefined when accepted. @param {string | undefined} answer */
const refusal = (answer) => (answer === undefined ? undefined : JSON.parse(answer));

test('an allocation period the rules accept is answered with nothing', () => {
  assert.equal(wasm.checkAllocation(TEAM, PERIODS, period('2027-07-01', '2027-09-30', '50'), ''), undefined);
  // Changing the live period itself: it is not compared with its old self.
  assert.equal(wasm.checkAllocation(TEAM, PERIODS, period('2027-01-04', '2027-03-31', '80.5'), '1'), undefined);
  // A new position's first period, of any kind: its own dates only.
  assert.equal(wasm.checkAllocation(PLANNED, '[]', period('2027-01-04', '2027-06-30', '50'), ''), undefined);
});

test('S6.2: a period overlapping another of the position is refused at its start date', () => {
  const r = refusal(wasm.checkAllocation(TEAM, PERIODS, period('2027-06-01', '2027-09-30', '50'), ''));
  assert.equal(r.field, 'startDate');
  assert.equal(r.message, 'The period overlaps the allocation from 2027-01-04 to 2027-06-30 of the same position');
});

test('an end before the start is refused at the end date; more than 100 % at the percentage', () => {
  const inverted = refusal(wasm.checkAllocation(TEAM, '[]', period('2027-06-30', '2027-01-04', '50'), ''));
  assert.equal(inverted.field, 'endDate');
  assert.match(inverted.message, /2027-01-04/);
  const over = refusal(wasm.checkAllocation(TEAM, '[]', period('2027-01-04', '2027-06-30', '105'), ''));
  assert.equal(over.field, 'percentage');
  assert.match(over.message, /100/);
});

test('S6.2: a planned position takes no further period (a general message, no field)', () => {
  const r = refusal(wasm.checkAllocation(PLANNED, PERIODS, period('2027-07-01', '2027-09-30', '50'), ''));
  assert.equal(r.field, undefined);
  assert.ok(r.message.length > 0);
});

test('S6.4: a second rate on a date is refused at its start date; at most 4 decimals', () => {
  const rates = '[{"id":7,"rate":80.00,"startDate":"2027-01-04"},{"id":8,"rate":90,"startDate":"2027-03-01","deletedOn":"2027-02-01"}]';
  assert.equal(wasm.checkRate(rates, '{"rate":95.5,"startDate":"2027-07-01"}', ''), undefined);
  // The deleted rate's date is free; the rate replaced is not compared with itself.
  assert.equal(wasm.checkRate(rates, '{"rate":95.5,"startDate":"2027-03-01"}', ''), undefined);
  assert.equal(wasm.checkRate(rates, '{"rate":81,"startDate":"2027-01-04"}', '7'), undefined);
  const taken = refusal(wasm.checkRate(rates, '{"rate":81,"startDate":"2027-01-04"}', ''));
  assert.equal(taken.field, 'startDate');
  assert.match(taken.message, /2027-01-04/);
  const digits = refusal(wasm.checkRate(rates, '{"rate":80.12345,"startDate":"2027-02-01"}', ''));
  assert.equal(digits.field, 'rate');
});

test('what the caller builds must read: the kind, the lists, the id replaced', () => {
  assert.throws(() => wasm.checkAllocation('Manager', '[]', period('2027-01-04', '2027-06-30', '50'), ''), /kind/);
  assert.throws(() => wasm.checkAllocation(TEAM, '{}', period('2027-01-04', '2027-06-30', '50'), ''), /existing/);
  assert.throws(() => wasm.checkRate('[]', '{"rate":1,"startDate":"2027-01-04"}', 'first'), /replacing: "first" is not a record id/);
});
