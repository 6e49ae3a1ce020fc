/** @vitest-environment happy-dom */
// The portfolio form: a new one sent whole in one POST (its folios as the list gave them, numbers
// as JSON numbers); a portfolio offered no parent under itself; the server's refusal at its field.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { renderInPlanner } from '../test/render';
import { adminsOf, PortfolioForm } from './PortfolioForm';
import { ancestry, flatten, folioIdsUnder } from '../lib/portfolios';
import { api } from '../api/budgets';
import { session } from '../state';
import { changesOf, fakeServer, refused, type Reply, type Sent } from '../test/server';

const FOLIOS = [
  { id: 1, name: 'Harbour footbridge', startDate: '2026-03-02', endDate: '2027-05-28', owner: 'ada', status: 'executing', withRevenue: true, withEarned: true },
  { id: 2, name: 'Billing platform', startDate: '2026-08-03', endDate: '2027-07-30', owner: 'ada', status: 'executing' },
];
const portfolio = (id: number, name: string, folios: typeof FOLIOS, portfolios: unknown[] = []) => ({
  id,
  name,
  currencyCode: 'EUR',
  isPrivate: false,
  owner: 'ada',
  color: 'steelblue',
  admins: [],
  folios,
  portfolios,
});
const TREE = [portfolio(1, 'Projects', [FOLIOS[1]!], [portfolio(2, 'Bridges', [FOLIOS[0]!], [portfolio(3, 'Footbridges', [])])])];

function server(more: (r: Sent) => Reply | undefined = () => undefined) {
  return fakeServer((r) => {
    if (r.method === 'GET' && r.path === '/budgets/1/portfolio') return { body: { success: TREE } };
    if (r.method === 'GET' && r.path === '/budgets/1/folio') return { body: { success: FOLIOS } };
    return more(r);
  });
}

async function show(id?: string) {
  session.value = { user: 'ada', budgetAdmin: false, csrf: 'x', expiresAt: '2099-01-01T00:00:00Z' };
  renderInPlanner(id ? <PortfolioForm id={id} /> : <PortfolioForm />);
  await screen.findByLabelText('Parent portfolio');
}

describe('PortfolioForm', () => {
  it('creates a portfolio in one POST, its folio as the list gave it', async () => {
    const sent = server((r) => (r.method === 'POST' ? { body: { success: 9 } } : undefined));
    await show();
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Harbour works' } });
    fireEvent.change(screen.getByLabelText('Parent portfolio'), { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('Harbour footbridge'));
    fireEvent.input(screen.getByLabelText('Admins'), { target: { value: 'erossi, tnovak erossi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create portfolio' }));
    await waitFor(() => expect(changesOf(sent)).toHaveLength(1));
    expect(changesOf(sent)[0]?.path).toBe('/budgets/1/portfolio');
    expect(JSON.parse(changesOf(sent)[0]?.body ?? '')).toEqual({
      name: 'Harbour works',
      description: null,
      color: 'steelblue',
      currencyCode: 'EUR',
      isPrivate: false,
      owner: 'ada',
      admins: ['erossi', 'tnovak'],
      folios: [FOLIOS[0]],
      portfolios: [],
      parentId: 2,
    });
  });

  it('offers no parent under the portfolio itself', async () => {
    server();
    await show('2');
    const parents = [...screen.getByLabelText<HTMLSelectElement>('Parent portfolio').options].map((o) => o.textContent);
    expect(parents).toEqual(['None (a top portfolio)', 'Projects']);
  });

  it('shows the server’s refusal at its field', async () => {
    const message = 'folio 2 cannot be viewed or changed by the caller';
    server((r) => (r.method === 'PUT' ? refused({ folios: message }) : undefined));
    await show('2');
    fireEvent.click(screen.getByRole('button', { name: 'Save portfolio' }));
    await screen.findByText(message);
  });

  it('reads the tree: depth, parents, the folios under a portfolio', async () => {
    server();
    const all = flatten(await api.portfolios());
    expect(all.map((p) => [p.portfolio.name, p.depth, p.parentId])).toEqual([
      ['Projects', 0, null],
      ['Bridges', 1, '1'],
      ['Footbridges', 2, '2'],
    ]);
    expect(ancestry(all, '3').map((p) => p.portfolio.name)).toEqual(['Projects', 'Bridges', 'Footbridges']);
    expect([...folioIdsUnder(all[0]!.portfolio)].sort()).toEqual(['1', '2']);
    expect(adminsOf(' a,b  a ')).toEqual(['a', 'b']);
  });
});
