import { describe, expect, it } from 'vitest';
import { groupingOf, linesCsv, ordered, suggestRealised } from './costLines';
import type { CostLine, FolioLines, LineFigures } from '../api/types';

function figures(vac: string, extra: Partial<LineFigures> = {}): LineFigures {
  return {
    budget: '100.00',
    plan: '100.00',
    actual: '0.00',
    scheduled: '0.00',
    forecast: '100.00',
    vac,
    vacPercent: null,
    planVariance: '100.00',
    planVariancePercent: '100.00',
    status: 'green',
    ...extra,
  };
}

function line(id: string, name: string, vac: string, extra: Partial<CostLine> = {}): CostLine {
  return {
    itemId: id,
    itemKind: 'expense',
    name,
    planned: true,
    deleted: false,
    complete: false,
    group: '',
    realisedBy: [],
    figures: figures(vac),
    ...extra,
  };
}

describe('cost lines', () => {
  it('order by variance from the largest overrun, exactly, ties by name', () => {
    const lines = [
      line('1', 'Deck', '-1000.00'),
      line('2', 'Office', '0.00'),
      line('3', 'Taxi', '-80.00'),
      line('4', 'Crane', '-80.0'),
      line('5', 'Big', '-1000.01'),
    ];
    expect(ordered(lines, 'variance').map((l) => l.name)).toEqual(['Big', 'Deck', 'Crane', 'Taxi', 'Office']);
    expect(ordered(lines, 'group').map((l) => l.itemId)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('write one CSV row per line with the server strings, quoted where needed', () => {
    const answer: FolioLines = {
      folioId: '1',
      asOf: '2026-03-15',
      currencyCode: 'EUR',
      groupBy: 'category',
      groups: [{ key: 'OPEX', name: 'OPEX', lines: '1', figures: figures('0.00') }],
      lines: [
        line('1', 'Deck, steel', '-1000.00', {
          group: 'OPEX',
          realisedBy: [
            { itemId: '3', itemKind: 'expense', name: 'Invoice "A"' },
            { itemId: '4', itemKind: 'expense', name: 'Invoice B' },
          ],
          figures: figures('-1000.00', { vacPercent: '-10.00', status: 'amber', actual: '6000.00' }),
        }),
      ],
      total: figures('0.00'),
    };
    const csv = linesCsv(answer).split('\r\n');
    expect(csv[0]).toBe(
      'Group,Line,Item,Planned,Complete,Realised by,Currency,Budget,Plan,Actual to date,Scheduled,Forecast,Variance at completion,Variance %,Plan left,Plan left %,Status',
    );
    expect(csv[1]).toBe(
      'OPEX,"Deck, steel",expense 1,yes,no,"Invoice ""A""; Invoice B",EUR,100.00,100.00,6000.00,0.00,100.00,-1000.00,-10.00,100.00,100.00,"over budget, within tolerance"',
    );
    expect(csv).toHaveLength(3);
    expect(csv[2]).toBe('');
  });

  it('suggest the planned item of the same name, else the longest name the actual one begins with', () => {
    const planned = [
      { id: '1', name: 'Steel deck' },
      { id: '2', name: 'Steel deck fabrication' },
      { id: '3', name: 'Site office' },
    ];
    expect(suggestRealised('  site OFFICE ', planned)?.id).toBe('3');
    expect(suggestRealised('Steel deck fabrication, invoice 1', planned)?.id).toBe('2');
    expect(suggestRealised('Steel deck - March', planned)?.id).toBe('1');
    expect(suggestRealised('Steel decking', planned)).toBeUndefined();
    expect(suggestRealised('', planned)).toBeUndefined();
  });

  it('read a grouping, anything else as none', () => {
    expect(groupingOf('account')).toBe('account');
    expect(groupingOf('owner')).toBe('none');
  });
});
