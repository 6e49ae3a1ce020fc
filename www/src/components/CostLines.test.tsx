/** @vitest-environment happy-dom */
// The cost lines card: each line with the server's exact figures and light, the group's subtotal
// row before its lines, the total in the foot; a grouping asked of the server; the largest
// overrun first on request; the CSV saved from the same strings; a figure opening its
// explanation.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { renderInPlanner } from '../test/render';
import { CostLines } from './CostLines';
import { FOLIO } from '../test/fixtures';
import { fakeServer } from '../test/server';

const saved: { text: string; name: string }[] = [];
vi.mock('../lib/saveFile', () => ({ saveFile: (text: string, name: string) => saved.push({ text, name }) }));

const f = (budget: string, forecast: string, vac: string, status: string, vacPercent = 'null') =>
  `{"budget":${budget},"plan":${budget},"actual":0.00,"scheduled":0.00,"forecast":${forecast},"vac":${vac},"vacPercent":${vacPercent},"planVariance":${budget},"planVariancePercent":null,"status":"${status}"}`;

const line = (id: string, name: string, group: string, figures: string, planned = true) =>
  `{"itemId":${id},"itemKind":"expense","name":"${name}","planned":${planned},"deleted":false,"complete":false,"group":"${group}","realisedBy":${
    planned ? `[{"itemId":9${id},"itemKind":"expense","name":"${name}, invoice"}]` : '[]'
  },"figures":${figures}}`;

function answer(groupBy: string, order: string) {
  const grouped = groupBy !== 'none';
  const all = [
    line('1', 'Steel deck', grouped ? 'CAPEX' : '', f('10000.00', '11000.00', '-1000.00', 'amber', '-10.00')),
    line('2', 'Site office', grouped ? 'OPEX' : '', f('3000.00', '3000.00', '0.00', 'green', '0.00')),
    line('3', 'Taxi', grouped ? 'OPEX' : '', f('0.00', '80.00', '-80.00', 'red'), false),
  ];
  // The server's order: by overrun, the deck (-1,000), the taxi (-80), the office (0).
  const lines = order === 'variance' ? [all[0], all[2], all[1]] : all;
  return (
    `{"success":{"folioId":1,"asOf":"2027-03-15","currencyCode":"EUR","budgetBaselineId":2,"groupBy":"${groupBy}","lineCount":3,"lines":[` +
    lines.join(',') +
    '],"groups":' +
    (grouped
      ? `[{"key":"CAPEX","name":"CAPEX","lines":1,"figures":${f('10000.00', '11000.00', '-1000.00', 'amber', '-10.00')}},{"key":"OPEX","name":"OPEX","lines":2,"figures":${f('3000.00', '3080.00', '-80.00', 'amber', '-2.67')}}]`
      : '[]') +
    `,"total":${f('13000.00', '14080.00', '-1080.00', 'amber', '-8.31')}}}`
  );
}

const CSV = 'group,line\r\n"","Steel deck"\r\n';

function server() {
  return fakeServer((r) => {
    const m = /^\/budgets\/1\/folio\/1\/lines\?asOf=2027-03-15&groupBy=(\w+)&order=(\w+)(&after=0&limit=50|&format=csv)$/.exec(r.path);
    if (!m) return undefined;
    return m[3] === '&format=csv' ? { body: CSV } : { body: answer(m[1]!, m[2]!) };
  });
}

const names = () => [...document.querySelectorAll('tr[data-line]')].map((r) => r.getAttribute('data-line'));
const cell = (row: string, field: string) => document.querySelector(`tr[data-line="${row}"] [data-field="${field}"]`)?.getAttribute('data-value');

describe('CostLines', () => {
  it("shows each line with the server's figures and light, and the total", async () => {
    server();
    renderInPlanner(<CostLines folio={FOLIO} asOf="2027-03-15" onExplain={() => undefined} />);
    await screen.findByRole('table');
    expect(names()).toEqual(['expense-1', 'expense-2', 'expense-3', 'total']);
    expect(cell('expense-1', 'forecast')).toBe('11000.00');
    expect(cell('expense-1', 'vac')).toBe('-1000.00');
    expect(cell('expense-1', 'vacPercent')).toBe('-10.00');
    expect(cell('expense-1', 'status')).toBe('amber');
    expect(cell('total', 'budget')).toBe('13000.00');
    expect(document.querySelector('tr[data-line="expense-3"]')?.textContent).toContain('unplanned');
    expect(document.querySelector('tr[data-line="expense-1"]')?.textContent).toContain('realised by Steel deck, invoice');
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toContain('budget from baseline 2');
  });

  it('asks the server for a grouping and shows each group’s subtotal before its lines', async () => {
    const sent = server();
    renderInPlanner(<CostLines folio={FOLIO} asOf="2027-03-15" onExplain={() => undefined} />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'category' } });
    await waitFor(() => expect(document.querySelectorAll('tr.subtotal')).toHaveLength(2));
    expect(sent.map((s) => s.path)).toContain('/budgets/1/folio/1/lines?asOf=2027-03-15&groupBy=category&order=group&after=0&limit=50');
    const rows = [...document.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-group') ?? r.getAttribute('data-line'));
    expect(rows).toEqual(['CAPEX', 'expense-1', 'OPEX', 'expense-2', 'expense-3']);
    expect(document.querySelector('tr[data-group="OPEX"] [data-field="forecast"]')?.getAttribute('data-value')).toBe('3080.00');
  });

  it('asks the server for the largest overrun first, and saves the server’s CSV of every line', async () => {
    const sent = server();
    renderInPlanner(<CostLines folio={FOLIO} asOf="2027-03-15" onExplain={() => undefined} />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'variance' } });
    await waitFor(() => expect(names()).toEqual(['expense-1', 'expense-3', 'expense-2', 'total']));
    expect(sent.map((s) => s.path)).toContain('/budgets/1/folio/1/lines?asOf=2027-03-15&groupBy=none&order=variance&after=0&limit=50');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved.at(-1)?.name).toBe('harbour-footbridge-cost-lines-2027-03-15.csv'));
    expect(saved.at(-1)?.text).toBe(CSV);
  });

  it("opens the explanation of a planned line's plan", async () => {
    server();
    const explain = vi.fn();
    renderInPlanner(<CostLines folio={FOLIO} asOf="2027-03-15" onExplain={explain} />);
    await screen.findByRole('table');
    const plan = document.querySelector('tr[data-line="expense-1"] [data-field="plan"] button') as HTMLButtonElement;
    fireEvent.click(plan);
    expect(explain).toHaveBeenCalledWith('/expense/1/explain?asOf=2027-03-15&figure=total', 'Steel deck: plan');
  });

  it('pages on the server: the next page is asked for with the lines before it', async () => {
    const sent = fakeServer((r) => {
      if (!r.path.startsWith('/budgets/1/folio/1/lines')) return undefined;
      return { body: answer('none', 'group').replace('"lineCount":3', '"lineCount":120') };
    });
    renderInPlanner(<CostLines folio={FOLIO} asOf="2027-03-15" onExplain={() => undefined} />);
    await screen.findByRole('table');
    expect(screen.getByRole('status').textContent).toBe('Rows 1–50 of 120');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sent.map((s) => s.path)).toContain('/budgets/1/folio/1/lines?asOf=2027-03-15&groupBy=none&order=group&after=50&limit=50'));
  });

  it("opens a line's explanation from its forecast: the rule, the server's figures, and each realising item's own", async () => {
    server();
    const explain = vi.fn();
    renderInPlanner(<CostLines folio={FOLIO} asOf="2027-03-15" onExplain={explain} />);
    await screen.findByRole('table', { name: /Each planned cost/ });
    const forecast = document.querySelector('tr[data-line="expense-1"] [data-field="forecast"] button') as HTMLButtonElement;
    fireEvent.click(forecast);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('[data-field="rule"]')?.textContent).toContain('never less than its plan');
    expect(dialog.querySelector('[data-field="forecast"]')?.getAttribute('data-value')).toBe('11000.00');
    expect(dialog.querySelector('[data-field="vac"]')?.getAttribute('data-value')).toBe('-1000.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'to date' }));
    expect(explain).toHaveBeenCalledWith('/expense/91/explain?asOf=2027-03-15&figure=toDate', 'Steel deck, invoice: to date');
  });
});
