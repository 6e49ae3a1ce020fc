/** @vitest-environment happy-dom */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/preact';
import { Methods } from './Methods';
import type { Indicators } from '../api/types';

const base = { currencyCode: 'EUR', eac: '81510.00', eacKnown: '154660.00' } as unknown as Indicators;

// What a folio's figures were made by (S9.10), and the warning of a forecast below what is
// already scheduled: the amount is the server's, written as money, never computed here.
describe('Methods', () => {
  it('names the methods in words', () => {
    render(<Methods indicators={{ ...base, plannedValueMethod: 'plan', eacMethod: 'scheduled' }} />);
    expect(screen.getByText(/Planned value by the plan; forecast by what is scheduled\./)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('warns when the forecast falls below the cost already scheduled', () => {
    render(<Methods indicators={{ ...base, eacBelowScheduled: '73150.00' }} />);
    const warning = screen.getByRole('status');
    expect(warning.textContent).toMatch(/EAC is €73,150\.00 below the cost already scheduled \(\s*€154,660\.00\)/);
    expect(screen.getByText(/by working days; forecast by cost performance \(BAC \/ CPI\)/)).toBeTruthy();
  });
});
