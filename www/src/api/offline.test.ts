// The offline planner's pure helpers: the journal's continuity check, the core's clock and
// randomness as the server passes them. (The transport itself runs in the browser: its
// IndexedDB, Web Locks and tabs are covered by www/e2e/offline*.e2e.ts.)
import { describe, expect, it } from 'vitest';
import { gapIn, nowText, randomHex } from './offline';

describe('gapIn', () => {
  it('accepts batches that continue the sequence', () => {
    expect(gapIn(0, [])).toBeNull();
    expect(
      gapIn(0, [
        { first: 1, last: 3 },
        { first: 4, last: 4 },
      ]),
    ).toBeNull();
    expect(gapIn(200, [{ first: 201, last: 205 }])).toBeNull();
  });
  it('names the first gap', () => {
    expect(gapIn(3, [{ first: 5, last: 6 }])).toBe('journal entries 5–6 found where 4 was expected');
    expect(
      gapIn(0, [
        { first: 1, last: 2 },
        { first: 2, last: 3 },
      ]),
    ).toBe('journal entries 2–3 found where 3 was expected');
  });
});

describe('the context', () => {
  it('gives the time as UTC yyyy-MM-ddTHH:mm:ss', () => {
    expect(nowText(new Date(Date.UTC(2027, 0, 31, 23, 5, 9, 999)))).toBe('2027-01-31T23:05:09');
    expect(nowText()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });
  it('gives 64 fresh random bytes as hex', () => {
    const a = randomHex();
    expect(a).toMatch(/^[0-9a-f]{128}$/);
    expect(randomHex()).not.toBe(a);
    expect(randomHex(16)).toMatch(/^[0-9a-f]{32}$/);
  });
});
