/** @vitest-environment happy-dom */
// Scenarios (S15): the folio's scenarios listed with where each came from and whether the draft
// changed since; a fork sent with its name and source; two plans compared side by side as the
// server answers (the figures' own text, the items that differ with their fields and money);
// a promotion that asks for a reason before sending, offers to rebase a stale scenario and sends
// the baseline to approve; nothing offered to a reader.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { renderInPlanner } from '../../test/render';
import { Scenarios } from './Scenarios';
import { session } from '../../state';
import { FOLIO } from '../../test/fixtures';
import { changesOf, fakeServer, type Sent } from '../../test/server';
import COMPARISON from '../../test/compare-answer.json?raw';

vi.mock('../../components/UChart', () => ({ UChart: ({ label }: { label: string }) => <div data-chart={label} /> }));

const SCENARIOS = {
  success: [
    {
      id: 3,
      folioId: 1,
      name: 'Two contractors',
      description: 'Hire two for the deck',
      from: 'draft',
      createdBy: 'ada',
      created: '2026-03-10T09:00:00Z',
      positions: 3,
      expenses: 5,
      changedItems: 1,
      draftChanged: false,
    },
    {
      id: 4,
      folioId: 1,
      name: 'Cheaper steel',
      from: 'scenario:3',
      createdBy: 'grace',
      created: '2026-03-11T09:00:00Z',
      positions: 3,
      expenses: 4,
      changedItems: 2,
      draftChanged: true,
    },
  ],
};

function server(editors: string[] = []): Sent[] {
  return fakeServer((r) => {
    if (r.method === 'GET' && r.path === '/budgets/1/folio/1/scenarios') return { body: SCENARIOS };
    if (r.method === 'GET' && r.path === '/budgets/1/folio/1/editors') return { body: { success: { users: editors } } };
    if (r.method === 'GET' && r.path.startsWith('/budgets/1/folio/1/baselines')) return { body: { success: [] } };
    if (r.method === 'GET' && r.path.startsWith('/budgets/1/folio/1/scenarios/compare')) return { body: COMPARISON };
    if (r.method === 'POST' && r.path === '/budgets/1/folio/1/scenarios')
      return { body: { success: { ...SCENARIOS.success[0], id: 5, name: 'Delay phase 2' } } };
    if (r.method === 'POST' && r.path.endsWith('/promote'))
      return { body: { success: { scenarioId: 3, previousDraftId: 6, itemsPut: 1, itemsDeleted: 0, rebased: false, baselineId: 2, budgetChangeId: 1 } } };
    return undefined;
  });
}

async function show(user = FOLIO.owner) {
  session.value = { user, budgetAdmin: false, csrf: 'x', expiresAt: '2099-01-01T00:00:00Z' };
  renderInPlanner(<Scenarios folio={FOLIO} asOf="2026-03-13" reloadFolio={() => undefined} />);
  await screen.findByRole('rowheader', { name: /Two contractors/ });
}

const row = (id: string) => document.querySelector(`[data-scenario="${id}"]`) as HTMLElement;

describe('Scenarios', () => {
  it('lists the scenarios with their source, author and whether the draft changed since', async () => {
    server();
    await show();
    expect(within(row('3')).getByText('The draft')).toBeTruthy();
    expect(within(row('4')).getByText('Scenario “Two contractors”')).toBeTruthy();
    expect(within(row('4')).getByText('grace')).toBeTruthy();
    expect(within(row('4')).getByText('Draft changed since')).toBeTruthy();
    expect(within(row('3')).getByText('Up to date with the draft')).toBeTruthy();
    expect(within(row('3')).getByRole('link', { name: 'Change in What-if' }).getAttribute('href')).toBe('/folios/1/whatif?scenario=3');
  });

  it('forks a scenario with its name and source; a blank name is refused without sending', async () => {
    const sent = server();
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'Fork scenario' }));
    await screen.findByText('Name the scenario');
    expect(changesOf(sent)).toEqual([]);
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Delay phase 2' } });
    fireEvent.change(screen.getByLabelText('Copy of'), { target: { value: 'scenario:4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fork scenario' }));
    await waitFor(() => expect(changesOf(sent)).toHaveLength(1));
    expect(changesOf(sent)[0]).toEqual({ method: 'POST', path: '/budgets/1/folio/1/scenarios', body: '{"name":"Delay phase 2","from":"scenario:4"}' });
  });

  it('compares the chosen plans side by side with the server’s figures and the items that differ', async () => {
    const sent = server();
    await show();
    const compare = screen.getByRole<HTMLButtonElement>('button', { name: /^Compare 1 plan\b/ });
    expect(compare.disabled).toBe(true);
    fireEvent.click(within(row('3')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /^Compare 2 plans/ }));
    const shown = await screen.findByTestId('scenario-comparison');
    expect(sent.some((s) => s.path.startsWith('/budgets/1/folio/1/scenarios/compare?ids=draft%2C3') || s.path.includes('ids=draft,3'))).toBe(true);
    // The server's figures as it wrote them: BAC 6,400.00 for the draft, 15,400.00 with the contractors.
    const table = within(shown).getByRole('table', { name: /Figures of each plan/ });
    expect(shown.querySelector('[data-chart="Cumulative planned cost of each plan compared"]')).toBeTruthy();
    expect(within(table).getAllByText(/6,400\.00/).length).toBeGreaterThan(0);
    expect(within(table).getAllByText(/15,400\.00/).length).toBeGreaterThan(0);
    const difference = shown.querySelector('[data-difference^="expense-"]') as HTMLElement;
    expect(within(difference).getByText('Contractors')).toBeTruthy();
    expect(within(difference).getByText('Added')).toBeTruthy();
    expect(within(difference).getAllByText(/9,000\.00/).length).toBeGreaterThan(0);
  });

  it('asks for a reason before promoting, offers to rebase a stale scenario, and sends the baseline to approve', async () => {
    const sent = server();
    await show();
    fireEvent.click(within(row('4')).getByRole('button', { name: 'Promote…' }));
    const dialog = await screen.findByRole('dialog', { name: /Promote “Cheaper steel”/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    await within(dialog).findByText(/^Say why this scenario becomes the draft/);
    expect(changesOf(sent)).toEqual([]);
    fireEvent.input(within(dialog).getByLabelText('Reason'), { target: { value: 'Steel is cheaper' } });
    fireEvent.click(within(dialog).getByLabelText(/The draft changed since the fork/));
    fireEvent.click(within(dialog).getByLabelText('Approve it as a baseline at once'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(changesOf(sent)).toHaveLength(1));
    expect(changesOf(sent)[0]).toEqual({
      method: 'POST',
      path: '/budgets/1/folio/1/scenarios/4/promote',
      body: '{"reason":"Steel is cheaper","rebase":true,"approve":{"name":"Budget: Cheaper steel","expenditureType":"BUDGET"}}',
    });
  });

  it('offers a reader no fork, change, promotion or deletion, and an editor all but the promotion', async () => {
    server(['grace']);
    await show('vera');
    expect(screen.queryByRole('button', { name: 'Fork scenario' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Promote…' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change in What-if' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Compare/ })).toBeTruthy();
  });

  it('lets an editor fork and change scenarios but not promote them', async () => {
    server(['grace']);
    await show('grace');
    expect(await screen.findByRole('button', { name: 'Fork scenario' })).toBeTruthy();
    expect(within(row('3')).getByRole('link', { name: 'Change in What-if' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Promote…' })).toBeNull();
  });
});
