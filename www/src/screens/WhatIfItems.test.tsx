/** @vitest-environment happy-dom */
// What-if's expenses edited in place: an expense that ends on a date shows its empty occurrences
// without a complaint; what is typed there is checked and said beside it, and a whole number is a
// change of the sandbox.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/preact';
import { renderInPlanner } from '../test/render';
import { ExpensesCard } from './WhatIfItems';
import type { Change } from '../lib/sandbox';

const LEASE = {
  id: 3,
  folioId: 1,
  name: 'Site office lease',
  description: '',
  type: 'Rental',
  category: 'OPEX',
  kind: '.PlannedExpense',
  amount: '1850',
  currencyCode: 'EUR',
  recurrence: { kind: '.Monthly', startDate: '2026-03-31', endDate: '2026-10-31' },
};

describe('ExpensesCard', () => {
  it('says nothing of an expense’s empty occurrences until something is typed there', () => {
    const commit = vi.fn<(c: Change) => void>();
    renderInPlanner(<ExpensesCard expenses={[LEASE]} folio={{ startDate: '2026-03-02' }} nextId={{ current: 1 }} commit={commit} />);
    const occurrences = screen.getByLabelText('Occurrences of Site office lease');
    expect(occurrences.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.input(occurrences, { target: { value: 'six' } });
    expect(occurrences.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Not applied');
    fireEvent.input(occurrences, { target: { value: '6' } });
    fireEvent.keyDown(occurrences, { key: 'Enter' });
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit.mock.calls[0]![0].label).toBe('Occurrences of Site office lease: until 2026-10-31 → 6');
  });
});
