/** @vitest-environment happy-dom */
// The exchange rates screen: everyone reads the rates; a budget administrator saves one (the rate
// sent as typed) and removes one, the server's S5.6 refusal shown with the folios it names.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { QueryClientProvider } from '@tanstack/preact-query';
import { LocationProvider } from 'preact-iso';
import { ExchangeRates } from './ExchangeRates';
import { queryClient } from '../lib/queries';
import { session } from '../state';
import { fakeServer } from '../test/server';

const RATES = [
  { from: 'USD', to: 'EUR', rate: 0.915, effectiveDate: '2026-01-01' },
  { from: 'USD', to: 'EUR', rate: 0.885, effectiveDate: '2026-04-01' },
  { from: 'GBP', to: 'EUR', rate: 1.1625, effectiveDate: '2026-01-01' },
];

function show(budgetAdmin: boolean) {
  session.value = { user: 'ada', budgetAdmin, csrf: 'x', expiresAt: '2099-01-01T00:00:00Z' };
  queryClient.clear();
  render(
    <LocationProvider>
      <QueryClientProvider client={queryClient}>
        <ExchangeRates />
      </QueryClientProvider>
    </LocationProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('ExchangeRates', () => {
  it('lists every rate by pair, newest first, with its digits; a user who is no administrator changes nothing', async () => {
    fakeServer((r) => (r.method === 'GET' ? { body: { success: RATES } } : undefined));
    show(false);
    const table = await screen.findByRole('table', { name: /Exchange rates \(3\)/ });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('data-rate'));
    expect(rows).toEqual(['GBP-EUR-2026-01-01', 'USD-EUR-2026-04-01', 'USD-EUR-2026-01-01']);
    expect(within(table).getByText('1.1625')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save rate' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('saves a rate: one PUT /exchangerate with the rate as typed', async () => {
    const sent = fakeServer((r) => (r.method === 'GET' ? { body: { success: RATES } } : undefined));
    show(true);
    await screen.findByRole('table', { name: /Exchange rates/ });
    type('From currency', 'CHF');
    type('Rate', '1.0650');
    type('Effective date', '2026-07-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    const put = sent.find((s) => s.method === 'PUT');
    expect(put?.path).toBe('/budgets/1/exchangerate');
    expect(put?.body).toBe('{"from":"CHF","to":"EUR","rate":1.0650,"effectiveDate":"2026-07-01"}');
  });

  it('checks the form before sending: a currency that is no ISO code is refused at its field, nothing sent', async () => {
    const sent = fakeServer((r) => (r.method === 'GET' ? { body: { success: [] } } : undefined));
    show(true);
    await screen.findByText(/No exchange rate yet/);
    type('From currency', 'us');
    type('Rate', '1.2');
    type('Effective date', '2026-07-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    const field = screen.getByLabelText('From currency');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([]);
  });

  it('removes a rate after a confirmation naming it; the 409 of a rate still needed shows the folios it names', async () => {
    const message = 'The last USD → EUR rate is needed by 2 expenses of folio "Harbour footbridge" (1)';
    const sent = fakeServer((r) =>
      r.method === 'GET' ? { body: { success: RATES } } : r.method === 'DELETE' ? { status: 409, body: { error: message } } : undefined,
    );
    show(true);
    await screen.findByRole('table', { name: /Exchange rates/ });
    fireEvent.click(screen.getByRole('button', { name: /^Remove GBP → EUR from / }));
    const confirm = await screen.findByRole('button', { name: /^Confirm: remove GBP → EUR from / });
    fireEvent.click(confirm);
    await screen.findByText(message);
    expect(sent.find((s) => s.method === 'DELETE')?.path).toBe('/budgets/1/exchangerate?from=GBP&to=EUR&effectiveDate=2026-01-01');
  });
});
