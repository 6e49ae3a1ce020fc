/** @vitest-environment happy-dom */
// A portfolio's forecast: its percentiles and chances as the server writes them, the histogram
// drawn, each driver named with its folio.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/preact';
import { renderInPlanner } from '../test/render';
import { PortfolioConfidence } from './PortfolioConfidence';
import { fakeServer } from '../test/server';

vi.mock('./UChart', () => ({ UChart: ({ label }: { label: string }) => <div data-chart={label} /> }));

const FIGURES =
  '{"ac":100.00,"remaining":50.00,"plannedAtCompletion":150.00,"bac":140.00,"bacWithReserve":154.00,"mean":152.10,"p10":149.00,"p50":151.95,"p80":154.20,"p90":155.35,"min":147.10,"max":158.00,"chanceWithinBudget":0.00,"chanceWithinReserve":62.50}';
const ANSWER =
  `{"success":{"portfolioId":1,"asOf":"2027-03-15","currencyCode":"EUR","method":{"generator":"splitmix64","seed":20140101,"iterationsAsked":10000,"iterations":2000,"steady":true,"uncertainLines":2,"certainLines":0,"defaultEstimate":{"low":0.9,"likely":1,"high":1.3},"defaultFrom":"standard","correlation":0},"folioCorrelation":0.2,"figures":${FIGURES},` +
  '"histogram":[{"from":147.10,"to":152.55,"count":1200},{"from":152.55,"to":158.00,"count":800}],"curve":[],' +
  '"drivers":[{"folioId":2,"itemKind":"expense","itemId":4,"name":"Servers","remaining":30.00,"estimate":{"low":0.9,"likely":1,"high":1.3},"estimateFrom":"standard","p10":28.10,"p90":35.20,"rankCorrelation":0.8123}],' +
  '"folios":[{"folioId":1,"name":"Harbour footbridge","folioCurrencyCode":"EUR","lines":3},{"folioId":2,"name":"Billing platform","folioCurrencyCode":"EUR","lines":2}]}}';

describe('PortfolioConfidence', () => {
  it("shows the portfolio's percentiles, chances and drivers with their folios", async () => {
    const sent = fakeServer((r) => (r.path === '/budgets/1/portfolio/1/forecast?asOf=2027-03-15' ? { body: ANSWER } : undefined));
    renderInPlanner(<PortfolioConfidence id="1" asOf="2027-03-15" currency="EUR" />);
    const figures = await screen.findByRole('list', { name: 'Portfolio cost at completion' });
    expect(within(figures).getByText('€151.95')).toBeTruthy();
    expect(within(figures).getByText('€155.35')).toBeTruthy();
    expect(screen.getByText(/Chance of finishing within the rolled-up budget/).textContent).toContain('62.50%');
    expect(document.querySelector('[data-chart^="How many iterations ended at each cost of the portfolio"]')).toBeTruthy();
    const drivers = screen.getByRole('list', { name: 'Lines of the portfolio that drive the spread, strongest first' });
    expect(within(drivers).getByRole('listitem').textContent).toContain('Servers (Billing platform)');
    expect(sent[0]!.path).toBe('/budgets/1/portfolio/1/forecast?asOf=2027-03-15');
  });
});
