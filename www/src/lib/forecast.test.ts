import { describe, expect, it } from 'vitest';
import type { Indicators, TimelineBucket } from '../api/types';
import { derive, markerLines } from './forecast';

const bucket = (start: string, end: string, pv: string, ev: string | null, ac: string): TimelineBucket => ({
  start,
  end,
  plannedCost: '10.00',
  actualCost: '5.00',
  plannedRevenue: null,
  actualRevenue: null,
  contingency: '0.00',
  pv,
  ev,
  ac,
});
// EV as measured at each bucket's end (S9.10): none before the first measurement or after asOf.
const TL: TimelineBucket[] = [
  bucket('2026-01-01', '2026-01-31', '100.00', '120.00', '90.00'),
  bucket('2026-02-01', '2026-02-28', '200.00', '150.00', '180.00'),
  bucket('2026-03-01', '2026-03-31', '300.00', null, '185.00'),
];
const IND = { bac: '300.00', eac: '400.00', reserve: '30.00' } as Indicators;

describe('derive', () => {
  it('draws EV as measured up to the bucket holding the as-of date, and labels it there', () => {
    const m = derive(TL, IND, '2026-02-10', '2026-02-10', 'month');
    expect(m.at).toBe(1);
    expect(m.evAt).toBe(1);
    expect(m.cumulative[2]).toEqual([120, 150, null]);
  });
  it('draws AC up to the as-of bucket, the known costs after it, and EAC from AC at as-of to the end', () => {
    const m = derive(TL, IND, '2026-02-10', '2026-02-10', 'month');
    const [xs, pv, , ac, known, eac, bac] = m.cumulative;
    expect(xs).toHaveLength(3);
    expect(pv).toEqual([100, 200, 300]);
    expect(ac).toEqual([90, 180, null]);
    expect(known).toEqual([null, 180, 185]);
    expect(eac).toEqual([null, 180, 400]);
    expect(bac).toEqual([300, 300, 300]);
    expect(m.index.get(xs[1]!)).toBe(1);
  });
  it('draws the tolerance zone around PV and the reserve band above BAC', () => {
    const m = derive(TL, IND, '2026-02-10', '2026-02-10', 'month', '10');
    const [, , , , , , , upper, lower, reserveTop] = m.cumulative;
    // Pixels: floats are fine here, nothing of them is shown as a figure.
    [110, 220, 330].forEach((v, i) => expect(upper![i]).toBeCloseTo(v));
    [90, 180, 270].forEach((v, i) => expect(lower![i]).toBeCloseTo(v));
    expect(reserveTop).toEqual([330, 330, 330]);
  });
  it('bars: actual cost up to the as-of bucket, known cost after it', () => {
    const m = derive(TL, IND, '2026-02-10', '2026-02-10', 'month');
    const [, , actual, known] = m.bars;
    expect(actual).toEqual([5, 5, null]);
    expect(known).toEqual([null, null, 5]);
  });
  it('after the folio, EV is marked at the last bucket; before it, nowhere', () => {
    const after = derive(TL.slice(0, 2), IND, '2026-05-01', '2026-05-01', 'month');
    expect(after.at).toBe(-1);
    expect(after.evAt).toBe(1);
    expect(after.cumulative[2]).toEqual([120, 150]);
    const before = derive(TL, IND, '2025-12-01', '2025-12-01', 'month');
    expect(before.evAt).toBe(-1);
    expect(before.cumulative[2]).toEqual([null, null, null]);
  });
});

describe('markerLines', () => {
  it('draws one "Today (as of)" line when both are the same day', () => {
    expect(markerLines('2026-02-10', '2026-02-10').map((m) => m.text)).toEqual(['Today (as of)']);
  });
  it('draws both lines otherwise', () => {
    expect(markerLines('2026-02-01', '2026-02-10').map((m) => [m.kind, m.iso, m.text])).toEqual([
      ['today', '2026-02-10', 'Today'],
      ['asOf', '2026-02-01', 'As of'],
    ]);
  });
});
