import { describe, expect, it } from 'vitest';
import { compareRows, POSITION_FIELDS } from './compare';
import { marginStatus } from './lights';

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

describe('margin light', () => {
  it('judges by comparison with the tolerance only', () => {
    expect(marginStatus('5.00', '10')).toBe('green');
    expect(marginStatus('-9.24', '10')).toBe('amber');
    expect(marginStatus('-10.01', '10')).toBe('red');
    expect(marginStatus(null, '10')).toBe('grey');
  });
});
