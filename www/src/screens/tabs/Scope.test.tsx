/** @vitest-environment happy-dom */
// Scope and progress: the items in force on the as-of date as the server keeps them, edited and
// sent back as one list with their numbers as typed and the day they were measured; a wrong
// number or a day to come refused at its field without sending; every measurement listed, each a
// link to its day; the earned value, CPI and SPI shown as the server computes them; read only for
// a user the folio is shared with.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { renderInPlanner } from '../../test/render';
import { Scope } from './Scope';
import { session } from '../../state';
import { FOLIO } from '../../test/fixtures';
import { fakeServer, type Sent } from '../../test/server';

const SCOPE =
  '{"success":{"asOf":"2026-05-31","items":[{"key":"BR-1","weight":2,"logged":0,"remaining":0,"done":true,"progressive":false},' +
  '{"key":"BR-2","weight":1.5,"logged":3,"remaining":1,"done":false,"progressive":true}],' +
  '"measurements":[{"asOf":"2026-04-30","items":2,"progress":20.00},{"asOf":"2026-05-31","items":2,"progress":70.00},{"asOf":"2026-07-31","items":2,"progress":85.50}]}}';
const INDICATORS = {
  success: {
    bac: '1000.00',
    pv: '400.00',
    ev: '500.00',
    ac: '450.00',
    cpi: '1.1111',
    spi: '1.2500',
    cpiStatus: 'green',
    spiStatus: 'green',
    currencyCode: 'EUR',
  },
};

function server(editors: string[] = []) {
  return fakeServer((r) => {
    if (r.method === 'GET' && r.path === '/budgets/1/folio/1/editors') return { body: { success: { users: editors } } };
    if (r.method === 'GET' && r.path === '/budgets/1/folio/1/scope?asOf=2026-06-30') return { body: SCOPE };
    if (r.method === 'GET' && r.path.startsWith('/budgets/1/folio/1/indicators')) return { body: JSON.stringify(INDICATORS).replace(/"(\d+\.\d+)"/g, '$1') };
    return undefined;
  });
}

async function show(user = FOLIO.owner) {
  session.value = { user, budgetAdmin: false, csrf: 'x', expiresAt: '2099-01-01T00:00:00Z' };
  renderInPlanner(<Scope folio={FOLIO} asOf="2026-06-30" reloadFolio={() => undefined} />);
  await screen.findByRole('heading', { name: 'Scope items (2)' });
}

const item = (n: number) => screen.getByRole('group', { name: new RegExp(`^Scope item ${n}`) });
const changes = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET');

describe('Scope', () => {
  it('shows EV, CPI and SPI as the server computes them', async () => {
    server();
    await show();
    await waitFor(() => expect(document.querySelector('[data-indicator="ev"]')?.getAttribute('data-value')).toBe('500.00'));
    expect(document.querySelector('[data-indicator="cpi"]')?.getAttribute('data-value')).toBe('1.1111');
    expect(document.querySelector('[data-indicator="spi"]')?.getAttribute('data-value')).toBe('1.2500');
  });

  it('sends the whole list with the numbers as typed, a new item included', async () => {
    const sent = server();
    await show();
    fireEvent.input(within(item(2)).getByLabelText('Logged'), { target: { value: '3.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add scope item' }));
    fireEvent.input(within(item(3)).getByLabelText('Key'), { target: { value: 'BR-3' } });
    fireEvent.click(within(item(3)).getByLabelText('Done'));
    expect(screen.getByLabelText(/^Measured on/)).toHaveProperty('value', '2026-06-30');
    fireEvent.click(screen.getByRole('button', { name: 'Save progress as of Jun 30, 2026' }));
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]).toEqual({
      method: 'PUT',
      path: '/budgets/1/folio/1/scope',
      body:
        '{"asOf":"2026-06-30","items":[{"key":"BR-1","weight":2,"logged":0,"remaining":0,"done":true,"progressive":false},' +
        '{"key":"BR-2","weight":1.5,"logged":3.50,"remaining":1,"done":false,"progressive":true},' +
        '{"key":"BR-3","weight":1,"logged":0,"remaining":0,"done":true,"progressive":true}]}',
    });
  });

  it('refuses a weight that is no number, and a key listed twice, at their cells; nothing is sent', async () => {
    const sent = server();
    await show();
    fireEvent.input(within(item(1)).getByLabelText('Weight'), { target: { value: 'two' } });
    fireEvent.input(within(item(2)).getByLabelText('Key'), { target: { value: 'BR-1' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save progress/ }));
    await waitFor(() =>
      expect(
        within(item(1))
          .getByLabelText(/^Weight/)
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(within(item(2)).getByText('Key BR-1 is listed twice')).toBeTruthy();
    expect(changes(sent)).toEqual([]);
  });

  it('is read only for a user the folio is shared with', async () => {
    server();
    await show('reader');
    expect(screen.queryByRole('button', { name: /^Save progress/ })).toBeNull();
    expect(screen.queryByLabelText(/^Measured on/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove scope item/ })).toBeNull();
    expect(within(item(1)).getByLabelText('Key').closest('fieldset')?.disabled).toBe(true);
  });

  it('lets an editor of the folio measure its scope (S15.8)', async () => {
    server(['grace']);
    await show('grace');
    expect(await screen.findByRole('button', { name: /^Save progress/ })).toBeTruthy();
    expect(within(item(1)).getByLabelText('Key').closest('fieldset')?.disabled).toBe(false);
  });

  it('says which measurement is in force, and lists every one newest first, each a link to its day', async () => {
    server();
    await show();
    expect(screen.getByText('As measured on May 31, 2026, the measurement in force on Jun 30, 2026.')).toBeTruthy();
    const rows = [...document.querySelectorAll('[data-measured-on]')].map((r) => r.getAttribute('data-measured-on'));
    expect(rows).toEqual(['2026-07-31', '2026-05-31', '2026-04-30']);
    const inForce = document.querySelector('[data-measured-on="2026-05-31"]') as HTMLElement;
    expect(inForce.getAttribute('aria-current')).toBe('true');
    expect(within(inForce).getByText('70.00 %')).toBeTruthy();
    expect(within(inForce).getByRole('link').getAttribute('href')).toBe('/folios/1/scope?asOf=2026-05-31');
  });

  it('refuses a measurement of a day to come without sending', async () => {
    const sent = server();
    await show();
    fireEvent.input(screen.getByLabelText(/^Measured on/), { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save progress/ }));
    await screen.findByText(/^Progress is recorded on a day that has come/);
    expect(changes(sent)).toEqual([]);
  });
});
