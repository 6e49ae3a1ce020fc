import { describe, expect, it } from 'vitest';
import { allocationAt, callsOf, changedFrom, conflicts, copy, dayBefore, History, parseDocument, text, type Change, type Obj } from './sandbox';

const rateAndAllocation = (item: Obj, day: string) => allocationAt(item, day).percentage;
import { toJson } from '../api/json';

const doc = parseDocument(
  '{"positions":[{"position":{"id":4,"folioId":1,"name":"Engineer","rate":{"id":9,"rate":85.50,"startDate":"2026-03-02"},"allocation":{"id":3,"startDate":"2026-03-02","endDate":"2026-06-30","percentage":80}},"rates":[{"id":10,"rate":90,"startDate":"2026-05-01"}]}],' +
    '"expenses":[{"id":7,"folioId":1,"name":"Crane","amount":1200.00,"currencyCode":"EUR","recurrence":{"kind":".Once","startDate":"2026-04-01"}}]}',
);
const position = (doc.positions as Obj[])[0]!;
const expense = (doc.expenses as Obj[])[0]!;

describe('the sandbox changes as REST calls', () => {
  it('keeps numbers as the server wrote them', () => {
    expect(toJson(copy(expense))).toContain('"amount":1200.00');
  });

  it('sends a changed rate as PUT /rate/{id}, nothing for what did not change', () => {
    const after = copy(position);
    (after.rates as Obj[])[0]!.rate = parseDocument('{"x":95.25}').x;
    const calls = callsOf({ kind: 'position', id: 4, before: position, after, label: '' }, new Map());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /budgets/1/rate/10']);
    expect(toJson(calls[0]!.body)).toBe('{"rate":95.25,"startDate":"2026-05-01"}');
  });

  it('sends an allocation change as PUT /allocation/{id}', () => {
    const after = copy(position);
    ((after.position as Obj).allocation as Obj).percentage = parseDocument('{"x":50}').x;
    const calls = callsOf({ kind: 'position', id: 4, before: position, after, label: '' }, new Map());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /budgets/1/allocation/3']);
  });

  it('a rate from a date is a new rate (POST), an allocation split there shortens the old period first', () => {
    let next = 5000;
    const rated = changedFrom(position, 'rate', '99.75', '2026-06-01', () => next++)!;
    const rate = callsOf({ kind: 'position', id: 4, before: position, after: rated, label: '' }, new Map());
    expect(rate.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /budgets/1/position/4/rate']);
    expect(toJson(rate[0]!.body)).toBe('{"rate":99.75,"startDate":"2026-06-01"}');
    expect(rate[0]!.row).toBe(5000);

    const split = changedFrom(position, 'allocation', '50', '2026-05-15', () => next++)!;
    const calls = callsOf({ kind: 'position', id: 4, before: position, after: split, label: '' }, new Map([[5001, 77]]));
    // The new period was made by an earlier Apply (mapped to 77): it is changed, after the old one.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /budgets/1/allocation/3', 'PUT /budgets/1/allocation/77']);
    expect(toJson(calls[0]!.body)).toBe('{"startDate":"2026-03-02","endDate":"2026-05-14","percentage":80}');
    const fresh = callsOf({ kind: 'position', id: 4, before: position, after: split, label: '' }, new Map());
    expect(fresh.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /budgets/1/allocation/3', 'POST /budgets/1/position/4/allocation']);
    expect(toJson(fresh[1]!.body)).toBe('{"startDate":"2026-05-15","endDate":"2026-06-30","percentage":50}');

    // Changed from the period's first day: the period itself; a day no period holds: nothing.
    const whole = changedFrom(position, 'allocation', '60', '2026-03-02', () => next++)!;
    expect(callsOf({ kind: 'position', id: 4, before: position, after: whole, label: '' }, new Map()).map((c) => c.method)).toEqual(['PUT']);
    expect(changedFrom(position, 'allocation', '60', '2026-08-01', () => next++)).toBeNull();
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(text(rateAndAllocation(position, '2026-05-20'))).toBe('80');
  });

  it('adds, changes and removes expenses, a new one by the id the server gave it', () => {
    const added: Change = { kind: 'expense', id: 1000001, before: null, after: { ...copy(expense), id: parseDocument('{"x":1000001}').x }, label: '' };
    const [post] = callsOf(added, new Map());
    expect(post!.method).toBe('POST');
    expect((post!.body as Obj).id).toBeUndefined();
    const ids = new Map([[1000001, 12]]);
    const changed: Change = { kind: 'expense', id: 1000001, before: added.after, after: added.after, label: '' };
    const [put] = callsOf(changed, ids);
    expect(put!.path).toBe('/budgets/1/expense');
    expect(toJson((put!.body as Obj).id)).toBe('12');
    expect(callsOf({ kind: 'expense', id: 1000001, before: added.after, after: null, label: '' }, ids)[0]!.path).toBe('/budgets/1/expense/12');
    expect(callsOf({ kind: 'position', id: 4, before: position, after: null, label: '' }, ids)[0]).toEqual({ method: 'DELETE', path: '/budgets/1/position/4' });
  });
});

describe('an expense changed in the sandbox', () => {
  it("is PUT whole: every field of the plan document's record, its numbers as written, less what the server derives", () => {
    const stored = parseDocument(
      '{"id":7,"folioId":1,"name":"Crane","description":"","type":"Rental","category":"OPEX","kind":".PlannedExpense","amount":1200.00,"currencyCode":"EUR","amortized":false,' +
        '"labels":["site",42],"reporter":"ada","customFields":{"values":{"3":99.90,"4":"007"}},"recurrence":{"kind":".Monthly","startDate":"2026-04-30","occurrences":3,"endDate":"2026-12-31","interval":1}}',
    );
    const after = copy(stored);
    after.amount = parseDocument('{"x":1300.75}').x;
    const [put] = callsOf({ kind: 'expense', id: 7, before: stored, after, label: '' }, new Map());
    expect(put!.method).toBe('PUT');
    expect(toJson(put!.body)).toBe(
      '{"id":7,"folioId":1,"name":"Crane","description":"","type":"Rental","category":"OPEX","kind":".PlannedExpense","amount":1300.75,"currencyCode":"EUR","amortized":false,' +
        '"labels":["site",42],"customFields":{"values":{"3":99.90,"4":"007"}},"recurrence":{"kind":".Monthly","startDate":"2026-04-30","occurrences":3,"endDate":"2026-12-31","interval":1}}',
    );
  });
});

describe('a position added in the sandbox', () => {
  it('is POSTed with its first rate and allocation, their sandbox ids named for mapping', () => {
    const added = parseDocument(
      '{"position":{"id":1000000000,"folioId":1,"name":"Welder","title":"Welder","description":"","kind":".PlannedPositionByTimeFrame","rate":{"id":1000000001,"rate":45.50,"startDate":"2026-04-01"},"allocation":{"id":1000000002,"startDate":"2026-04-01","endDate":"2026-06-30","percentage":50}},"rates":[],"allocations":[],"hours":[]}',
    );
    const [post] = callsOf({ kind: 'position', id: 1000000000, before: null, after: added, label: '' }, new Map());
    expect(post!.method).toBe('POST');
    expect(post!.path).toBe('/budgets/1/position');
    expect(toJson(post!.body)).toBe(
      '{"folioId":1,"name":"Welder","title":"Welder","description":"","kind":".PlannedPositionByTimeFrame","rate":{"rate":45.50,"startDate":"2026-04-01"},"allocation":{"startDate":"2026-04-01","endDate":"2026-06-30","percentage":50}}',
    );
    expect(post!.created).toEqual({ rate: '1000000001', allocation: '1000000002' });
    // Its rate changed later goes to the rate the server made.
    const after = copy(added);
    ((after.position as Obj).rate as Obj).rate = parseDocument('{"x":47}').x;
    const ids = new Map([
      [1000000000, 31],
      [1000000001, 77],
    ]);
    const [put] = callsOf({ kind: 'position', id: 1000000000, before: added, after, label: '' }, ids);
    expect(put!.path).toBe('/budgets/1/rate/77');
  });
});

describe('history', () => {
  it('undoes and redoes pending changes only, and a new change clears redo', () => {
    const h = new History();
    const c = (label: string): Change => ({ kind: 'expense', id: 7, before: expense, after: expense, label });
    h.push(c('a'));
    h.push(c('b'));
    expect(h.undo()?.label).toBe('b');
    expect(h.pending.map((x) => x.label)).toEqual(['a']);
    expect(h.redo()?.label).toBe('b');
    h.undo();
    h.push(c('c'));
    expect(h.redo()).toBeUndefined();
    h.applied.push(h.pending.shift()!);
    expect(h.undo()?.label).toBe('c');
    expect(h.undo()).toBeUndefined();
    expect(h.applied.map((x) => x.label)).toEqual(['a']);
  });
});

describe('conflicts with the server', () => {
  const serverItems = (amount: string, rate: string) => ({
    positions: [
      parseDocument(
        `{"position":{"id":4,"folioId":1,"name":"Engineer","rate":{"id":9,"rate":85.5,"startDate":"2026-03-02"},"allocation":{"id":3,"startDate":"2026-03-02","endDate":"2026-06-30","percentage":80}},"rates":[{"id":9,"rate":85.5,"startDate":"2026-03-02"},{"id":10,"rate":${rate},"startDate":"2026-05-01"}],"allocations":[{"id":3,"startDate":"2026-03-02","endDate":"2026-06-30","percentage":80}],"total":"1.00"}`,
      ),
    ],
    expenses: [
      parseDocument(
        `{"expense":{"id":7,"folioId":1,"name":"Crane","amount":${amount},"currencyCode":"EUR","convertedAmount":${amount},"recurrence":{"kind":".Once","startDate":"2026-04-01"}},"total":"1.00"}`,
      ),
    ],
  });
  const edit = (kind: 'position' | 'expense', before: Obj): Change => ({ kind, id: kind === 'position' ? 4 : 7, before, after: before, label: kind });

  it('finds none when the server holds the items as loaded (numbers compared as decimals)', () => {
    expect(conflicts([edit('position', position), edit('expense', expense)], serverItems('1200', '90.00') as never, new Map())).toEqual([]);
  });
  it('finds an item changed or deleted on the server, by its first pending change only', () => {
    const changed = conflicts([edit('expense', expense), edit('position', position)], serverItems('1300.00', '91'), new Map());
    expect(changed.map((c) => c.kind)).toEqual(['expense', 'position']);
    const gone = conflicts([edit('expense', expense)], { positions: [], expenses: [] }, new Map());
    expect(gone).toHaveLength(1);
  });
  it('skips an item the sandbox added', () => {
    const added: Change = { kind: 'expense', id: 1000000005, before: null, after: expense, label: 'add' };
    const then: Change = { kind: 'expense', id: 1000000005, before: expense, after: expense, label: 'edit' };
    expect(conflicts([added, then], { positions: [], expenses: [] }, new Map())).toEqual([]);
  });
});
