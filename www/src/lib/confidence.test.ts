// The confidence card's plot data: the fan rises from actual cost at the as-of date to each
// percentile on the day it is paid, then stays; the histogram's bars sit at their buckets' middles.
import { describe, expect, it } from 'vitest';
import { parseJson } from '../api/json';
import type { FolioForecast, TimelineBucket } from '../api/types';
import { driverWidth, fan, histogram, reproduceCommand } from './confidence';
import ANSWER from '../test/forecast-answer.json?raw';

const answer = (parseJson(ANSWER) as { success: FolioForecast }).success;

describe('confidence', () => {
  it('draws the fan over the S-curves: PV at each period’s end, AC to the as-of date', () => {
    const timeline = [
      { start: '2027-01-01', end: '2027-01-31', pv: '500000.00', ac: '510000.00' },
      { start: '2027-05-01', end: '2027-05-31', pv: '560000.00', ac: '540000.00' },
    ] as unknown as TimelineBucket[];
    const [xs, p10, , , , , pv, ac] = fan(answer, timeline).map((series) => [...series]);
    const jan = xs!.indexOf(Date.UTC(2027, 0, 31) / 1000);
    const may = xs!.indexOf(Date.UTC(2027, 4, 31) / 1000);
    expect(pv![jan]).toBe(500000);
    expect(ac![jan]).toBe(510000);
    expect(p10![jan]).toBeNull();
    expect(pv![may]).toBe(560000);
    expect(ac![may]).toBeNull();
  });

  it('draws each line from actual cost to its percentile on the day it is paid', () => {
    const [xs, p10, p50, p90, plan, bac] = fan(answer).map((series) => [...series].map(Number));
    expect(xs![0]).toBe(Date.UTC(2027, 2, 15) / 1000);
    for (const line of [p10, p50, p90, plan]) expect(line![0]).toBe(531182);
    expect(p10!.at(-1)).toBe(578236.44);
    expect(p90!.at(-1)).toBe(589855.49);
    expect(plan!.at(-1)).toBe(573098);
    expect(new Set(bac).size).toBe(1);
    expect([...xs!].sort((a, b) => a - b)).toEqual(xs);
  });

  it('puts every bucket at its middle with its count', () => {
    const [middles, counts] = histogram(answer).map((series) => [...series].map(Number));
    expect(middles!.length).toBe(40);
    expect(counts!.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('writes the command and the bars', () => {
    expect(reproduceCommand(answer)).toBe('costfolio forecast PLAN.json --seed 3 --as-of 2027-03-15 --iterations 1000');
    expect(driverWidth('0.8603')).toBe('86%');
    expect(driverWidth('-0.2')).toBe('1%');
  });
});
