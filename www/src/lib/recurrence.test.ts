import { describe, expect, it } from 'vitest';
import { describeRecurrence, draftOf, editedRecurrence, isoWeekday, recurrenceBody, recurrenceOf } from './recurrence';
import { LosslessNumber, toJson } from '../api/json';

describe('recurrence in words', () => {
  it('once', () => {
    expect(describeRecurrence({ kind: '.Once', startDate: '2027-01-31' }, 'en-GB')).toBe('Once, on 31 Jan 2027.');
  });
  it('monthly on the 31st mentions shorter months', () => {
    expect(describeRecurrence({ kind: '.Monthly', startDate: '2027-01-31', recurrenceBy: 'DAY_OF_MONTH' }, 'en-GB', '2027-06-30')).toBe(
      'Every month on the 31st (the last day in shorter months), from 31 Jan 2027, until the folio ends (30 Jun 2027).',
    );
  });
  it('monthly by weekday', () => {
    expect(describeRecurrence({ kind: '.Monthly', startDate: '2027-01-12', recurrenceBy: 'DAY_OF_WEEK', occurrences: 3 }, 'en-GB')).toBe(
      'Every month on the second Tuesday, from 12 Jan 2027, 3 times.',
    );
    expect(describeRecurrence({ kind: '.Monthly', startDate: '2027-01-29', recurrenceBy: 'DAY_OF_WEEK' }, 'en-GB')).toContain('on the last Friday');
  });
  it('weekly with days, interval and an end date', () => {
    expect(describeRecurrence({ kind: '.Weekly', startDate: '2026-10-05', recurrenceOn: [4, 1, 4], interval: 2, endDate: '2026-12-31' }, 'en-GB')).toBe(
      'Every 2 weeks on Monday and Thursday, from 5 Oct 2026, until 31 Dec 2026.',
    );
  });
  it('weekly without days uses the start weekday', () => {
    expect(describeRecurrence({ kind: '.Weekly', startDate: '2026-03-02' }, 'en-GB')).toContain('on Monday');
  });
  it('both ends', () => {
    expect(describeRecurrence({ kind: '.Daily', startDate: '2026-03-02', occurrences: 5, endDate: '2026-03-04' }, 'en-GB')).toBe(
      'Every day, from 2 Mar 2026, 5 times at most, until 4 Mar 2026 (whichever ends first).',
    );
  });
  it('yearly on Feb 29', () => {
    expect(describeRecurrence({ kind: '.Yearly', startDate: '2028-02-29' }, 'en-GB')).toContain('on 29 February (28 February in common years)');
  });
  it('iso weekdays', () => {
    expect(isoWeekday('2026-03-01')).toBe(7);
    expect(isoWeekday('2026-03-02')).toBe(1);
  });
});

describe('recurrence from the editor', () => {
  it('builds the wire shape', () => {
    const d = { ...draftOf(undefined, '2027-01-31'), kind: '.Monthly' as const, end: 'count' as const, occurrences: '6' };
    expect(recurrenceOf(d)).toEqual({ recurrence: { kind: '.Monthly', startDate: '2027-01-31', occurrences: 6, recurrenceBy: 'DAY_OF_MONTH' }, errors: {} });
  });
  it('refuses an end before the start and bad numbers', () => {
    const d = { ...draftOf(undefined, '2027-01-31'), kind: '.Weekly' as const, end: 'date' as const, endDate: '2027-01-01', interval: 'x', weekdays: [] };
    const r = recurrenceOf(d);
    expect(r.recurrence).toBeNull();
    expect(Object.keys(r.errors).sort()).toEqual(['recurrence.endDate', 'recurrence.interval', 'recurrence.recurrenceOn']);
  });
  it('round-trips a stored recurrence', () => {
    const stored = { kind: '.Weekly' as const, startDate: '2026-10-05', endDate: '2026-12-31', recurrenceOn: [1, 4] };
    expect(recurrenceOf(draftOf(stored, '2026-01-01')).recurrence).toEqual(stored);
  });
});

describe('a recurrence as the server sends it (numbers as their text)', () => {
  it('is described with its counts', () => {
    const r = { kind: '.Weekly', startDate: '2026-10-05', recurrenceOn: ['1', '4'], interval: '2', occurrences: '1' } as unknown as Parameters<
      typeof describeRecurrence
    >[0];
    expect(describeRecurrence(r, 'en-GB')).toBe('Every 2 weeks on Monday and Thursday, from 5 Oct 2026, 1 time.');
  });
  it('gives the weekday checkboxes numbers', () => {
    const r = { kind: '.Weekly', startDate: '2026-10-05', recurrenceOn: ['1', '4'] } as unknown as Parameters<typeof draftOf>[0];
    expect(draftOf(r, '2026-01-01').weekdays).toEqual([1, 4]);
  });
});

describe('editedRecurrence: an existing expense keeps what its fields do not change', () => {
  // Stored with both ends (whichever first) and an explicit interval of 1: more than the fields show.
  const stored = { kind: '.Monthly', startDate: '2027-01-31', occurrences: 3, endDate: '2027-12-17', interval: 1, recurrenceBy: 'DAY_OF_MONTH' } as const;
  const first = draftOf(stored, '2027-01-04');
  it('is the stored one while the fields are as they were', () => {
    expect(editedRecurrence(stored, first, { ...first }).recurrence).toBe(stored);
  });
  it('puts a changed count over it, keeping the end date and interval', () => {
    expect(editedRecurrence(stored, first, { ...first, occurrences: '4' }).recurrence).toEqual({ ...stored, occurrences: 4 });
  });
  it('puts a changed first date over it', () => {
    expect(editedRecurrence(stored, first, { ...first, startDate: '2027-02-28' }).recurrence).toEqual({ ...stored, startDate: '2027-02-28' });
  });
  it('another way of ending replaces both ends', () => {
    expect(editedRecurrence(stored, first, { ...first, end: 'folio' }).recurrence).toEqual({
      kind: '.Monthly',
      startDate: '2027-01-31',
      interval: 1,
      recurrenceBy: 'DAY_OF_MONTH',
    });
  });
  it('another kind replaces it whole', () => {
    expect(editedRecurrence(stored, first, { ...first, kind: '.Once' }).recurrence).toEqual({ kind: '.Once', startDate: '2027-01-31' });
  });
  it('checks the edited fields', () => {
    const r = editedRecurrence(stored, first, { ...first, occurrences: 'x' });
    expect(r.recurrence).toBeNull();
    expect(r.errors['recurrence.occurrences']).toMatch(/whole number/);
  });
});

describe('a recurrence as it goes back (wireOf: numbers as LosslessNumbers)', () => {
  const stored = {
    kind: '.Weekly' as const,
    startDate: '2026-10-05',
    recurrenceOn: [new LosslessNumber('1'), new LosslessNumber('4')],
    interval: new LosslessNumber('2'),
    occurrences: new LosslessNumber('3'),
  };
  it('is described with its counts', () => {
    expect(describeRecurrence(stored, 'en-GB')).toBe('Every 2 weeks on Monday and Thursday, from 5 Oct 2026, 3 times.');
  });
});

describe('recurrenceBody: every count a JSON number written exactly, whatever form it is held in', () => {
  it("writes the editor's integers and the server's texts alike, in the fields' order", () => {
    expect(toJson(recurrenceBody({ kind: '.Weekly', startDate: '2026-10-05', interval: 2, recurrenceOn: [1, 4], endDate: '2026-12-31' }))).toBe(
      '{"kind":".Weekly","startDate":"2026-10-05","interval":2,"recurrenceOn":[1,4],"endDate":"2026-12-31"}',
    );
    expect(toJson(recurrenceBody({ kind: '.Monthly', startDate: '2027-01-31', occurrences: '12', interval: new LosslessNumber('1') }))).toBe(
      '{"kind":".Monthly","startDate":"2027-01-31","occurrences":12,"interval":1}',
    );
  });
  it('keeps a null count null and an absent one absent', () => {
    expect(toJson(recurrenceBody({ kind: '.Once', startDate: '2027-01-31', interval: null }))).toBe(
      '{"kind":".Once","startDate":"2027-01-31","interval":null}',
    );
  });
});
