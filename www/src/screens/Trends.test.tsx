/** @vitest-environment happy-dom */
// The closed months under the forecast: each month with its figures as the server kept them, the
// latest first; what moved since its close with the server's difference and sign; the months that
// can be closed (ended, inside the folio, not closed yet), and a close sent as one POST with the
// month chosen; no close form for a reader.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { renderInPlanner } from '../test/render';
import { PortfolioTrends, Trends, closableMonths } from './Trends';
import { session } from '../state';
import { FOLIO } from '../test/fixtures';
import { fakeServer, type Sent } from '../test/server';

// The charts draw on a canvas, which the test's DOM has not: each stands as its label (the
// end-to-end tests draw them).
vi.mock('../components/UChart', () => ({ UChart: ({ label }: { label: string }) => <div data-chart={label} /> }));

const ENDED = { ...FOLIO, startDate: '2024-01-08', endDate: '2024-04-26' };

const figures = (ac: string, cpi: string) =>
  `{"bac":1000.00,"pv":500.00,"ev":450.00,"ac":${ac},"eac":1100.00,"etc":600.00,"vac":-100.00,"cpi":${cpi},"spi":0.9000}`;
const PERIODS =
  '{"success":[' +
  `{"month":"2024-01","asOf":"2024-01-31","closedOn":"2024-02-02","closedBy":"ada","currencyCode":"EUR","closed":${figures('400.00', '1.1250')},` +
  `"now":${figures('650.50', '0.6918')},"changes":[{"figure":"ac","closed":400.00,"now":650.50,"difference":250.50},{"figure":"cpi","closed":1.1250,"now":0.6918,"difference":-0.4332}]},` +
  `{"month":"2024-02","asOf":"2024-02-29","closedOn":"2024-03-04","closedBy":"finance","currencyCode":"EUR","closed":${figures('500.00', '0.9000')},"now":${figures('500.00', '0.9000')},"changes":[]}` +
  ']}';

function server() {
  return fakeServer((r) => {
    if (r.method === 'GET' && r.path === '/budgets/1/folio/1/periods') return { body: PERIODS };
    if (r.method === 'POST' && r.path === '/budgets/1/folio/1/periods') return { body: '{"success":{}}' };
    return undefined;
  });
}

async function show(user = FOLIO.owner) {
  session.value = { user, budgetAdmin: false, csrf: 'x', expiresAt: '2099-01-01T00:00:00Z' };
  renderInPlanner(<Trends folio={ENDED} />);
  await screen.findByRole('table');
}

const posts = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET');

describe('closableMonths', () => {
  it('lists the ended months of the folio not closed yet, the latest first', () => {
    const folio = { startDate: '2026-03-02', endDate: '2027-05-28' };
    expect(closableMonths(folio, ['2026-09'], '2026-11-28')).toEqual(['2026-10', '2026-08', '2026-07', '2026-06', '2026-05', '2026-04', '2026-03']);
    expect(closableMonths(folio, [], '2026-03-31')).toEqual([]);
    expect(closableMonths({ startDate: '2025-11-20', endDate: '2026-01-10' }, [], '2027-01-01')).toEqual(['2026-01', '2025-12', '2025-11']);
  });
});

describe('Trends', () => {
  it('shows each closed month as kept, the latest first, and what moved since with the server’s difference', async () => {
    server();
    await show();
    const rows = [...document.querySelectorAll('tr[data-month]')].map((r) => r.getAttribute('data-month'));
    expect(rows).toEqual(['2024-02', '2024-01']);
    const january = document.querySelector('tr[data-month="2024-01"]') as HTMLElement;
    expect(january.querySelector('[data-figure="ac"]')?.getAttribute('data-value')).toBe('400.00');
    expect(within(january).getByText('AC +€250.50 (now €650.50)')).toBeTruthy();
    expect(within(january).getByText('CPI -0.4332 (now 0.6918)')).toBeTruthy();
    const february = document.querySelector('tr[data-month="2024-02"]') as HTMLElement;
    expect(within(february).getByText('unchanged')).toBeTruthy();
    expect(within(february).getByText(/closed .* by finance/)).toBeTruthy();
    const charts = [...document.querySelectorAll('[data-chart]')].map((c) => c.getAttribute('data-chart'));
    expect(charts).toEqual(['CPI and SPI by closed month', 'EAC against BAC by closed month']);
  });

  it('offers the ended months not closed, and closes the one chosen', async () => {
    const sent = server();
    await show();
    const select = screen.getByLabelText<HTMLSelectElement>('Month to close');
    expect([...select.options].map((o) => o.value)).toEqual(['2024-04', '2024-03']);
    fireEvent.change(select, { target: { value: '2024-03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close Mar 2024' }));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toEqual({ method: 'POST', path: '/budgets/1/folio/1/periods', body: '{"month":"2024-03"}' });
  });

  it('has no close form for a reader', async () => {
    server();
    await show('reader');
    expect(screen.queryByLabelText('Month to close')).toBeNull();
  });

  it('shows a portfolio’s months as the server rolled them up, with the folios that closed each', async () => {
    fakeServer((r) =>
      r.method === 'GET' && r.path === '/budgets/1/portfolio/7/periods'
        ? {
            body:
              '{"success":[{"month":"2024-01","asOf":"2024-01-31","currencyCode":"USD","folios":2,' +
              `"closed":${figures('900.00', '0.5000')},"now":${figures('910.00', '0.4945')},` +
              '"changes":[{"figure":"ac","closed":900.00,"now":910.00,"difference":10.00},{"figure":"cpi","closed":0.5000,"now":0.4945,"difference":-0.0055}]}]}',
          }
        : undefined,
    );
    renderInPlanner(<PortfolioTrends portfolioId="7" currency="USD" />);
    const row = (await screen.findByRole('table')).querySelector('tr[data-month="2024-01"]') as HTMLElement;
    expect(within(row).getByText('closed by 2 folios')).toBeTruthy();
    expect(row.querySelector('[data-figure="ac"]')?.textContent).toBe('$900.00');
    expect(within(row).getByText('AC +$10.00 (now $910.00)')).toBeTruthy();
    expect(screen.queryByLabelText('Month to close')).toBeNull();
  });
});
