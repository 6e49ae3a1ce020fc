import { describe, expect, it } from 'vitest';
import { parseJson, parseRecords, toJson, wireOf } from '../api/json';
import { EXPENSE_DERIVED, POSITION_DERIVED, replacement } from './records';
import { itemsOf } from './items';
import type { Expense, FolioItemsAnswer, Position } from '../api/types';

// A position as GET /folio/{id}/items shows it, with fields the planner's editor does not show.
const POSITION = `{"id":20,"folioId":4,"name":"Ada","description":"","title":"Engineer","teamRoleId":2,"kind":".TeamMember",
"category":"Engineering","accountKey":"ACME-OPS","member":"ada","reporter":"demo","holidaySchemeId":1,"workloadSchemeId":1,
"synchedWithTracker":true,"teamMemberId":3,"teamId":4,"userRates":false,"otRuleId":1,
"customFields":{"values":{"1":12.50,"2":"007","3":null,"4":[7,"7"]}},
"rate":{"rate":70.25,"startDate":"2027-01-04","id":28},"allocation":{"startDate":"2027-01-04","endDate":"2027-06-30","percentage":80,"id":24}}`;

describe('records read with their JSON types (parseRecords) and sent back whole (wireOf)', () => {
  it('reads numbers as their exact text, like parseJson', () => {
    expect(parseRecords(POSITION)).toEqual(parseJson(POSITION));
    expect((parseRecords(POSITION) as { rate: { rate: string } }).rate.rate).toBe('70.25');
  });
  it('sends every value back with its JSON type and exact text', () => {
    const record = parseRecords(POSITION) as object;
    expect(JSON.parse(toJson(wireOf(record)))).toEqual(JSON.parse(POSITION));
    // "007" stays a string, 12.50 keeps its text, [7, "7"] its two types.
    expect(toJson(wireOf(record))).toBe(POSITION.replace(/\n/g, ''));
  });
  it('refuses a record whose JSON types it does not know', () => {
    expect(() => wireOf(parseJson(POSITION) as object)).toThrow(/parseRecords/);
  });
  it('copies: the record read stays as it was', () => {
    const record = parseRecords(POSITION) as Record<string, unknown>;
    const body = wireOf(record);
    (body.rate as Record<string, unknown>).rate = 'changed';
    expect((record.rate as Record<string, unknown>).rate).toBe('70.25');
  });
  it('keeps the marks of the records that items() hands to the editors', () => {
    const answer = parseRecords(
      `{"positions":[{"position":${POSITION},"rates":[],"allocations":[],"hours":[],"total":1.00,"toDate":null,"refusal":"no rate"}],"expenses":[]}`,
    ) as FolioItemsAnswer;
    const item = itemsOf(answer).positions[0]!;
    expect(item.total).toBe('1.00');
    expect(item.toDate).toBeNull();
    expect(item.refusal).toBe('no rate');
    expect(toJson(wireOf(item.position))).toBe(POSITION.replace(/\n/g, ''));
  });
});

describe('replacement: the body of a PUT that replaces a record', () => {
  const record = parseRecords(POSITION) as Position;
  it('is the record without what the server derives, with the changes over it', () => {
    const body = replacement(record, POSITION_DERIVED, { title: 'Lead' });
    const expected = JSON.parse(POSITION) as Record<string, unknown>;
    delete expected.reporter;
    expected.title = 'Lead';
    expect(JSON.parse(toJson(body))).toEqual(expected);
  });
  it('removes a key changed to undefined (an optional field cleared)', () => {
    const body = replacement(record, POSITION_DERIVED, { otRuleId: undefined });
    expect('otRuleId' in body).toBe(false);
    expect(toJson(body)).toContain('"holidaySchemeId":1');
  });
  it("drops an expense's converted amount, reporter, deletion mark and baseline", () => {
    const expense = parseRecords(
      '{"id":3,"folioId":1,"name":"Tea","amount":10.50,"convertedAmount":9.10,"currencyCode":"GBP","reporter":"ada","baselineId":2,"deletedOn":"2027-01-01","labels":["x",1],"recurrence":{"kind":".Once","startDate":"2027-01-04"}}',
    ) as Expense;
    expect(toJson(replacement(expense, EXPENSE_DERIVED, {}))).toBe(
      '{"id":3,"folioId":1,"name":"Tea","amount":10.50,"currencyCode":"GBP","labels":["x",1],"recurrence":{"kind":".Once","startDate":"2027-01-04"}}',
    );
  });
});
