import { describe, expect, it } from 'vitest';
import { movedLines } from './WhatIfLines';
import type { CostLine } from '../api/types';

const line = (id: string, forecast: string, extra: Partial<CostLine> = {}): CostLine => ({
  itemId: id,
  itemKind: 'expense',
  name: `Line ${id}`,
  planned: true,
  deleted: false,
  complete: false,
  group: '',
  realisedBy: [],
  figures: {
    budget: '100.00',
    plan: '100.00',
    actual: '0.00',
    scheduled: '0.00',
    forecast,
    vac: '0.00',
    vacPercent: '0.00',
    planVariance: '100.00',
    planVariancePercent: '100.00',
    status: 'green',
  },
  ...extra,
});

describe('movedLines', () => {
  it('lists the lines whose figures differ by value, the new ones, and those gone', () => {
    const saved = [line('1', '100.00'), line('2', '50.00'), line('3', '70.00')];
    const now = [line('1', '100.0'), line('2', '55.00'), line('4', '10.00'), line('3', '70.00', { complete: true })];
    expect(movedLines(saved, now).map((m) => [m.key, !!m.saved, !!m.now])).toEqual([
      ['expense-2', true, true],
      ['expense-4', false, true],
      ['expense-3', true, true],
    ]);
    expect(movedLines(saved, [line('1', '100.00')]).map((m) => [m.key, !!m.now])).toEqual([
      ['expense-2', false],
      ['expense-3', false],
    ]);
  });
});
