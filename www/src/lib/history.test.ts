import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldText, headline, valueText, type Change } from './history';

describe('a change in words', () => {
  it('names a part of a position by its kind and id', () => {
    expect(fieldLabel('rates[id=8].rate')).toBe('rate 8: rate');
    expect(fieldLabel('deletedOn')).toBe('deleted on');
    expect(fieldLabel('recurrence.startDate')).toBe('recurrence: start date');
  });

  it('keeps a number as the server wrote it', () => {
    expect(fieldText({ path: 'rates[id=8].rate', before: '85.00', after: '88.00' })).toBe('rate 8: rate 85.00 to 88.00');
    expect(fieldText({ path: 'deletedOn', before: null, after: '2026-11-25' })).toBe('deleted on 2026-11-25');
    expect(fieldText({ path: 'deletedOn', before: '2026-11-25', after: null })).toBe('deletion undone (was deleted on 2026-11-25)');
    expect(fieldText({ path: 'eacMethod', before: 'cpi', after: 'scheduled' })).toBe('forecast method cpi to scheduled');
    expect(fieldText({ path: 'currencyCode', before: 'EUR', after: 'USD' })).toBe('currency EUR to USD');
    expect(fieldText({ path: 'rates[id=9]', before: { id: '9', rate: '70' }, after: null })).toBe('rate 9 removed (was rate 70)');
    expect(fieldText({ path: 'rates[id=9]', before: null, after: { id: '9', rate: '70' } })).toBe('rate 9 added: rate 70');
    expect(fieldText({ path: 'scope[key=HFB-1].done', before: false, after: true })).toBe('scope HFB-1: done no to yes');
    expect(fieldText({ path: 'items[key=HFB-1].done', before: false, after: true })).toBe('scope item HFB-1: done no to yes');
    expect(fieldText({ path: 'asOf', before: '2026-03-06', after: '2026-03-13' })).toBe('measured on 2026-03-06 to 2026-03-13');
  });

  it('shortens a long value and says none for an empty one', () => {
    expect(valueText([])).toBe('none');
    expect(valueText(null)).toBe('none');
    expect(valueText('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(valueText(true)).toBe('yes');
  });

  it('says who did what to which record', () => {
    const change: Change = {
      seq: '4',
      action: 'updated',
      user: 'ada',
      at: '2026-03-03T10:00:00Z',
      fields: [],
      record: { kind: 'position', id: '6', name: 'Tom' },
    };
    expect(headline(change)).toBe('ada changed position “Tom”');
    expect(headline({ ...change, record: null, user: null, action: 'deleted' })).toBe('someone deleted it');
  });
});
