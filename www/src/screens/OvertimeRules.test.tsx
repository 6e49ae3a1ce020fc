/** @vitest-environment happy-dom */
// The overtime rules screen: everyone reads the live rules; a budget administrator adds one (the
// numbers sent as typed), changes one (the whole rule, its id kept) and deletes one after a
// confirmation.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { QueryClientProvider } from '@tanstack/preact-query';
import { LocationProvider } from 'preact-iso';
import { OvertimeRules } from './OvertimeRules';
import { queryClient } from '../lib/queries';
import { session } from '../state';
import { fakeServer } from '../test/server';

const RULES = [
  { id: 1, name: 'Weekday overtime', regularHours: 8, frequency: 'DAILY', coefficient: 1.5 },
  { id: 2, name: 'Old rule', regularHours: 40, frequency: 'WEEKLY', coefficient: 2, deletedOn: '2026-02-01' },
];

function show(budgetAdmin: boolean) {
  session.value = { user: 'ada', budgetAdmin, csrf: 'x', expiresAt: '2099-01-01T00:00:00Z' };
  queryClient.clear();
  render(
    <LocationProvider>
      <QueryClientProvider client={queryClient}>
        <OvertimeRules />
      </QueryClientProvider>
    </LocationProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const serve = () => fakeServer((r) => (r.method === 'GET' ? { body: { success: RULES } } : r.method === 'POST' ? { body: { success: 3 } } : undefined));

describe('OvertimeRules', () => {
  it('lists the live rules only; a user who is no administrator changes nothing', async () => {
    serve();
    show(false);
    const table = await screen.findByRole('table', { name: 'Overtime rules (1)' });
    expect(within(table).getByText('Weekday overtime')).toBeTruthy();
    expect(within(table).queryByText('Old rule')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('adds a rule: one POST /overtimerule with the numbers as typed', async () => {
    const sent = serve();
    show(true);
    await screen.findByRole('table', { name: /Overtime rules/ });
    type('Name', 'Weekend');
    fireEvent.change(screen.getByLabelText('Frequency'), { target: { value: 'WEEKLY' } });
    type('Regular hours', '37.50');
    type('Coefficient', '2.00');
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    const post = sent.find((s) => s.method === 'POST');
    expect(post?.path).toBe('/budgets/1/overtimerule');
    expect(post?.body).toBe('{"name":"Weekend","regularHours":37.50,"frequency":"WEEKLY","coefficient":2.00}');
  });

  it('changes a rule: the whole rule with its id, only the field edited different', async () => {
    const sent = serve();
    show(true);
    await screen.findByRole('table', { name: /Overtime rules/ });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Weekday overtime' }));
    await screen.findByRole('heading', { name: 'Change “Weekday overtime”' });
    type('Coefficient', '1.75');
    fireEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    expect(sent.find((s) => s.method === 'PUT')?.body).toBe('{"id":1,"name":"Weekday overtime","regularHours":8,"frequency":"DAILY","coefficient":1.75}');
  });

  it('deletes a rule after a confirmation naming it', async () => {
    const sent = serve();
    show(true);
    await screen.findByRole('table', { name: /Overtime rules/ });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Weekday overtime' }));
    expect(sent.filter((s) => s.method === 'DELETE')).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm: delete Weekday overtime' }));
    await waitFor(() => expect(sent.find((s) => s.method === 'DELETE')?.path).toBe('/budgets/1/overtimerule/1'));
  });
});
