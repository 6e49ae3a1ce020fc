/** @vitest-environment happy-dom */
// How sure the forecast is: the server's percentiles and chances as its exact strings, the fan
// and the histogram drawn, the drivers strongest first, the bounds from history, a figure opening
// how it was computed with the command that reproduces it, and another seed asked of the server.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { renderInPlanner } from '../test/render';
import { Confidence } from './Confidence';
import { FOLIO } from '../test/fixtures';
import { fakeServer } from '../test/server';
import ANSWER from '../test/forecast-answer.json?raw';

vi.mock('./UChart', () => ({ UChart: ({ label }: { label: string }) => <div data-chart={label} /> }));

function server() {
  return fakeServer((r) => (/^\/budgets\/1\/folio\/1\/forecast\?asOf=2027-03-15&seed=\d+$/.test(r.path) ? { body: ANSWER } : undefined));
}

describe('Confidence', () => {
  it("shows the server's percentiles, chances, drivers and bounds as written", async () => {
    const sent = server();
    renderInPlanner(<Confidence folio={FOLIO} asOf="2027-03-15" />);
    const figures = await screen.findByRole('list', { name: 'Cost at completion' });
    expect(within(figures).getByRole('button', { name: '€578,236.44' })).toBeTruthy();
    expect(within(figures).getByRole('button', { name: '€589,855.49' })).toBeTruthy();
    expect(within(figures).getByText('€573,098.00')).toBeTruthy();
    expect(screen.getByText(/Chance of finishing within budget/).textContent).toContain('0.00%');
    expect(screen.getByText(/Chance of finishing within budget/).textContent).toContain('100.00%');
    expect(document.querySelector('[data-chart^="P10 to P90"]')).toBeTruthy();
    expect(document.querySelector('[data-chart^="How many iterations"]')).toBeTruthy();
    const drivers = screen.getByRole('list', { name: 'Lines that drive the spread, strongest first' });
    const rows = within(drivers).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.textContent).toContain('Structural engineer');
    expect(screen.getByText(/With 90 % confidence/).textContent).toContain('€686,833.25');
    expect(sent[0]!.path).toBe('/budgets/1/folio/1/forecast?asOf=2027-03-15&seed=20140101');
  });

  it('opens how a figure was computed, with the command that reproduces it', async () => {
    server();
    renderInPlanner(<Confidence folio={FOLIO} asOf="2027-03-15" />);
    const figures = await screen.findByRole('list', { name: 'Cost at completion' });
    fireEvent.click(within(figures).getByRole('button', { name: '€583,896.51' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^P50/)).toBeTruthy();
    expect(dialog.textContent).toContain('costfolio forecast PLAN.json --seed 3 --as-of 2027-03-15 --iterations 1000');
    expect(dialog.textContent).toContain('3 uncertain, 3 certain');
  });

  it('opens what a chance is: the share of iterations at or below the budget', async () => {
    server();
    renderInPlanner(<Confidence folio={FOLIO} asOf="2027-03-15" />);
    fireEvent.click(await screen.findByRole('button', { name: '100.00%' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('at or below BAC plus the reserve, €607,728.00');
  });

  it('opens how a driver moves the total, and how the bounds from history are computed', async () => {
    server();
    renderInPlanner(<Confidence folio={FOLIO} asOf="2027-03-15" />);
    const drivers = await screen.findByRole('list', { name: 'Lines that drive the spread, strongest first' });
    fireEvent.click(within(drivers).getByRole('button', { name: 'Structural engineer' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Its remaining planned cost');
    expect(dialog.textContent).toContain("from the folio's cost performance");
    fireEvent.click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /^between/ }));
    dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('closed months, as closed');
    expect(dialog.textContent).toContain('0.7461 to 0.843');
  });

  it('asks the server again with another seed, and refuses one that is not a whole number', async () => {
    const sent = server();
    renderInPlanner(<Confidence folio={FOLIO} asOf="2027-03-15" />);
    const seed = await screen.findByRole('textbox', { name: 'Seed' });
    fireEvent.input(seed, { target: { value: '12a' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Draw again' }).disabled).toBe(true);
    expect(seed.getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(seed, { target: { value: '77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Draw again' }));
    await waitFor(() => expect(sent.map((s) => s.path)).toContain('/budgets/1/folio/1/forecast?asOf=2027-03-15&seed=77'));
  });
});
