import { describe, expect, it } from 'vitest';
import { allocationOn, byCategory, byTitle, itemsOf, rateOn } from './items';
import type { FolioItemsAnswer } from '../api/types';

const answer = {
  positions: [
    {
      position: {
        id: '2',
        folioId: '1',
        name: 'Grace',
        title: 'Developer',
        description: '',
        kind: '.TeamMember',
        rate: { id: '2', rate: '40', startDate: '2026-03-02' },
        allocation: { id: '2', startDate: '2026-03-02', endDate: '2026-03-13', percentage: '100' },
      },
      rates: [
        { id: '3', rate: '48', startDate: '2026-03-16' },
        { id: '2', rate: '40', startDate: '2026-03-02' },
        { id: '9', rate: '1', startDate: '2026-03-20', deletedOn: '2026-03-01' },
      ],
      allocations: [
        { id: '3', startDate: '2026-03-16', endDate: '2026-03-27', percentage: '60' },
        { id: '2', startDate: '2026-03-02', endDate: '2026-03-13', percentage: '100' },
      ],
      hours: [],
      total: '5884.00',
      toDate: '3580.00',
    },
    {
      position: {
        id: '1',
        folioId: '1',
        name: 'Lead engineer',
        title: 'Engineer',
        description: '',
        kind: '.PlannedPositionByTimeFrame',
        rate: { id: '1', rate: '50', startDate: '2026-03-02' },
        allocation: { id: '1', startDate: '2026-03-02', endDate: '2026-03-27', percentage: '80' },
      },
      rates: [{ id: '1', rate: '50', startDate: '2026-03-02' }],
      allocations: [{ id: '1', startDate: '2026-03-02', endDate: '2026-03-27', percentage: '80' }],
      hours: [],
      total: '6400.00',
      toDate: '3200.00',
    },
    {
      position: {
        id: '3',
        folioId: '1',
        name: 'Advice',
        title: 'Consultant',
        description: '',
        kind: '.ConsultingRevenue',
        rate: { id: '4', rate: '100', startDate: '2026-01-01' },
        allocation: { id: '4', startDate: '2026-03-02', endDate: '2026-03-27', percentage: '25' },
      },
      rates: [{ id: '4', rate: '100', startDate: '2026-01-01' }],
      allocations: [{ id: '4', startDate: '2026-03-02', endDate: '2026-03-27', percentage: '25' }],
      hours: [{ id: '2', startDate: '2026-03-02', endDate: '2026-03-02', effort: '3', otEffort: '0' }],
      total: '1350.00',
      toDate: '1350.00',
    },
  ],
  expenses: [
    {
      expense: {
        id: '1',
        folioId: '1',
        name: 'Scaffolding',
        description: '',
        type: 'Rental',
        category: 'CAPEX',
        kind: '.PlannedExpense',
        amount: '1200.00',
        convertedAmount: '1200.00',
        currencyCode: 'EUR',
        recurrence: { kind: '.Once', startDate: '2026-03-02' },
      },
      total: '1200.00',
      toDate: '600.00',
    },
    {
      expense: {
        id: '2',
        folioId: '1',
        name: 'Cloud',
        description: '',
        type: 'Hosting',
        category: 'OPEX',
        kind: '.ActualExpense',
        amount: '10',
        currencyCode: 'USD',
        recurrence: { kind: '.Once', startDate: '2026-03-02' },
      },
      total: '9.26',
      toDate: '9.26',
    },
  ],
} as unknown as FolioItemsAnswer;

describe('items of a folio (GET /folio/{id}/items)', () => {
  const items = itemsOf(answer);
  it('keeps every position with its whole history, sorted by date, deleted rows dropped', () => {
    const grace = items.positions.find((p) => p.position.id === '2')!;
    expect(grace.section).toBe('team');
    expect(grace.rates.map((r) => r.rate)).toEqual(['40', '48']);
    expect(grace.allocations.map((a) => a.percentage)).toEqual(['100', '60']);
    expect([grace.total, grace.toDate]).toEqual(['5884.00', '3580.00']);
    expect(items.positions.map((p) => p.section)).toEqual(['team', 'planned', 'consulting']);
  });
  it('keeps the server figures of every expense as strings', () => {
    expect(items.expenses.map((e) => [e.expense.id, e.total, e.toDate])).toEqual([
      ['1', '1200.00', '600.00'],
      ['2', '9.26', '9.26'],
    ]);
  });
  it('orders the tables by title or category', () => {
    expect(byTitle(items.positions).map((p) => p.position.title)).toEqual(['Consultant', 'Developer', 'Engineer']);
    expect(byCategory(items.expenses).map((e) => e.expense.category)).toEqual(['CAPEX', 'OPEX']);
  });
  it('finds the rate and allocation in force by date', () => {
    const grace = items.positions[0]!;
    expect(rateOn(grace.rates, '2026-03-10')?.rate).toBe('40');
    expect(rateOn(grace.rates, '2026-03-16')?.rate).toBe('48');
    expect(rateOn(grace.rates, '2026-01-01')?.rate).toBe('40');
    expect(allocationOn(grace.allocations, '2026-03-20')?.percentage).toBe('60');
    expect(allocationOn(grace.allocations, '2026-03-14')?.percentage).toBe('100');
  });
});

describe('the records of an answer have their ids (withId)', () => {
  it('refuses a live position or expense without one, saying which', () => {
    const noId = { positions: [{ ...answer.positions[0]!, position: { ...answer.positions[0]!.position, id: null } }], expenses: [] };
    expect(() => itemsOf(noId)).toThrow("The server's answer has a position without an id");
    const [first] = answer.expenses;
    expect(() => itemsOf({ positions: [], expenses: [{ ...first!, expense: { ...first!.expense, id: undefined } }] })).toThrow(/an expense without an id/);
  });
  it('gives the records themselves, not copies (wireOf knows them by identity)', () => {
    expect(itemsOf(answer).positions[0]!.position).toBe(answer.positions[0]!.position);
  });
});
