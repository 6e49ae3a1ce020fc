/** @vitest-environment happy-dom */
// Actual hours: a team member's months as the server costs them, a period entered with its hours
// as typed (one POST), the server's overlap refusal at the start date, a period removed after its
// confirmation; synchronized seconds summed by month in whole minutes.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { renderInPlanner } from '../../test/render';
import { byMonth, clock, Hours } from './Hours';
import { session } from '../../state';
import { FOLIO, ITEMS_TEXT } from '../../test/fixtures';
import { fakeServer, refused, type Reply, type Sent } from '../../test/server';

const ITEMS = ITEMS_TEXT.replace('"hours":[]', '"hours":[{"id":51,"startDate":"2027-02-01","endDate":"2027-02-26","effort":150.50,"otEffort":4}]');
const PAYMENTS =
  '{"success":{"positions":[{"id":11,"name":"Ada Lovelace","total":12000.00,"toDate":4000.00,"lines":[' +
  '{"date":"2027-01-04","amount":2000.00,"totalAmount":2000.00,"overtimeAmount":0.00,"rate":80.00,"effort":25.00,"overtimeEffort":0.00,"totalEffort":25.00},' +
  '{"date":"2027-02-01","amount":12515.00,"totalAmount":12515.00,"overtimeAmount":0.00,"rate":80.00,"effort":150.50,"overtimeEffort":4.00,"totalEffort":154.50}]}],' +
  '"expenses":[],"timeline":[]}}';

function server(more: (r: Sent) => Reply | undefined = () => undefined) {
  return fakeServer((r) => {
    if (r.method === 'GET' && r.path.startsWith('/budgets/1/folio/1/items')) return { body: ITEMS };
    if (r.method === 'GET' && r.path.startsWith('/budgets/1/folio/1/payments')) return { body: PAYMENTS };
    return more(r);
  });
}

async function show() {
  session.value = { user: 'ada', budgetAdmin: false, csrf: 'x', expiresAt: '2099-01-01T00:00:00Z' };
  renderInPlanner(<Hours folio={FOLIO} asOf="2027-01-31" reloadFolio={() => undefined} />);
  await screen.findByRole('table', { name: 'Hours of Ada Lovelace by month' });
}

const form = () => screen.getByRole('form', { name: /worked hours of Ada Lovelace/ });
const type = (label: string, value: string) => fireEvent.input(within(form()).getByLabelText(label), { target: { value } });
const changes = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET');

describe('Hours', () => {
  it('shows the months as the server costs them, the later ones marked planned', async () => {
    server();
    await show();
    const table = screen.getByRole('table', { name: 'Hours of Ada Lovelace by month' });
    const feb = table.querySelector('tr[data-month="2027-02"]');
    expect(feb?.className).toBe('planned');
    expect(feb?.querySelectorAll('td')[0]?.getAttribute('data-value')).toBe('150.50');
    expect(feb?.querySelectorAll('td')[1]?.getAttribute('data-value')).toBe('4.00');
    expect(table.querySelector('tr[data-month="2027-01"]')?.className).toBe('');
  });

  it('enters a period: one POST with the hours as typed', async () => {
    const sent = server((r) => (r.method === 'POST' ? { body: { success: 52 } } : undefined));
    await show();
    type('From', '2027-03-01');
    type('To', '2027-03-31');
    type('Regular hours', '160.25');
    fireEvent.click(screen.getByRole('button', { name: 'Enter worked hours' }));
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]).toEqual({
      method: 'POST',
      path: '/budgets/1/position/11/workedhours',
      body: '{"startDate":"2027-03-01","endDate":"2027-03-31","effort":160.25,"otEffort":0}',
    });
  });

  it('shows the server’s overlap refusal at the start date, keeping what was typed', async () => {
    const message = 'Conflicting hours period: 2027-02-01 to 2027-02-26 already has 150.50 hours';
    server((r) => (r.method === 'POST' ? refused({ startDate: message }) : undefined));
    await show();
    type('From', '2027-02-10');
    type('To', '2027-02-12');
    type('Regular hours', '8');
    fireEvent.click(screen.getByRole('button', { name: 'Enter worked hours' }));
    await within(form()).findByText(message);
    expect(within(form()).getByLabelText<HTMLInputElement>('Regular hours').value).toBe('8');
  });

  it('removes a period after a confirmation naming it', async () => {
    const sent = server();
    await show();
    fireEvent.click(screen.getByRole('button', { name: /^Remove worked hours of Ada Lovelace from / }));
    expect(changes(sent)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /^Confirm: remove worked hours of Ada Lovelace/ }));
    await waitFor(() => expect(changes(sent)).toEqual([{ method: 'DELETE', path: '/budgets/1/workedhours/51', body: undefined }]));
  });

  it('sums synchronized seconds by month and shows whole minutes', () => {
    expect(
      byMonth([
        { date: '2027-03-02', seconds: '5400' },
        { date: '2027-02-27', seconds: '3600' },
        { date: '2027-03-01', seconds: '1830' },
      ]),
    ).toEqual([
      ['2027-02', 3600],
      ['2027-03', 7230],
    ]);
    expect(clock(7230)).toBe('2:00');
    expect(clock(27000)).toBe('7:30');
  });
});
