import { describe, expect, it } from 'vitest';
import { compareRows, POSITION_FIELDS } from './compare';
import { compareMonths } from './compare';
import { lightsOf } from './lights';
import type { Indicators, TimelineBucket } from '../api/types';

describe('baseline comparison', () => {
  it('marks changed, added and removed items by decimal value', () => {
    const base = new Map([
      ['1', { name: 'Engineer', title: 'Eng', startDate: '2026-09-01', endDate: '2027-06-30', percentage: '100', rate: '50' }],
      ['2', { name: 'Architect', title: 'Arch', startDate: '2026-09-01', endDate: '2027-03-31', percentage: '50', rate: '70.5' }],
    ]);
    const draft = new Map([
      ['1', { name: 'Engineer', title: 'Eng', startDate: '2026-09-01', endDate: '2027-06-30', percentage: '90', rate: '50.00' }],
      ['3', { name: 'New', title: 'X', startDate: '2026-09-01', endDate: '2027-03-31', percentage: '50', rate: '1' }],
    ]);
    const rows = compareRows('position', POSITION_FIELDS, base, draft);
    expect(rows.map((r) => [r.key, r.state, r.changed])).toEqual([
      ['1', 'changed', ['percentage']],
      ['2', 'removed', []],
      ['3', 'added', []],
    ]);
  });
});

describe('lights', () => {
  it('are the server statuses, unknown ones grey', () => {
    const ind = { cpiStatus: 'amber', spiStatus: 'green', revenueStatus: 'grey', marginStatus: 'red' } as unknown as Indicators;
    expect(lightsOf(ind).map((l) => [l.key, l.status])).toEqual([
      ['cost', 'amber'],
      ['schedule', 'green'],
      ['revenue', 'grey'],
      ['margin', 'red'],
    ]);
    expect(lightsOf({ cpiStatus: 'purple' } as unknown as Indicators)[0]!.status).toBe('grey');
  });
});

const bucket = (start: string, end: string, plannedCost: string, plannedRevenue: string | null, pv: string | null): TimelineBucket => ({
  start,
  end,
  plannedCost,
  plannedRevenue,
  pv,
  actualCost: '0',
  actualRevenue: '0',
  contingency: '0',
  ev: null,
  ac: '0',
});

describe('month comparison', () => {
  it('pairs the buckets by start and marks differences by decimal value', () => {
    const base = [bucket('2026-03-02', '2026-03-31', '100.00', '0.00', '90.00'), bucket('2026-04-01', '2026-04-30', '50', '10', '150.00')];
    const draft = [
      bucket('2026-03-02', '2026-03-31', '100', '0', '95.00'),
      bucket('2026-04-01', '2026-04-30', '60.00', '10.00', '160.00'),
      bucket('2026-05-01', '2026-05-29', '1', null, '161'),
    ];
    const rows = compareMonths(base, draft);
    expect(rows.map((r) => [r.start, r.costChanged, r.revenueChanged])).toEqual([
      ['2026-03-02', false, false],
      ['2026-04-01', true, false],
      ['2026-05-01', true, true],
    ]);
    expect(rows[2]!.baseline).toBeNull();
    expect(rows[1]!.draft?.plannedCost).toBe('60.00');
  });
});
