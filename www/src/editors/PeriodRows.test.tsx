/** @vitest-environment happy-dom */
// The rate and allocation rows of an existing position (inside the position editor): each row's
// Save is one request with the whole row; the core refuses a rate on another rate's date at the
// row's date before anything is sent; the server's refusal lands at the row's field.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { renderInPlanner } from '../test/render';
import { PositionEditor } from './PositionEditor';
import { fakeServer, refused, changesOf } from '../test/server';
import { FOLIO, items } from '../test/fixtures';
import { loadCore } from '../api/wasm';

vi.mock('../api/wasm', async () => (await import('../test/core')).wasmModule);

function open(onChanged = vi.fn()) {
  renderInPlanner(
    <PositionEditor folio={FOLIO} item={items().positions[0]} rules={[]} onClose={() => undefined} onSaved={() => undefined} onChanged={onChanged} />,
  );
  return within(screen.getByRole('table', { name: /^Rate history/ }));
}

function messageOf(field: HTMLElement): string {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const id = field.getAttribute('aria-describedby') ?? '';
  return document.getElementById(id)?.textContent ?? '';
}

describe('PeriodRows', () => {
  it('saves one rate: PUT /rate/{id} with its whole row, the rate as typed', async () => {
    const sent = fakeServer(() => ({ body: { success: {} } }));
    const changed = vi.fn();
    const rates = open(changed);
    fireEvent.input(rates.getByLabelText('Rate of row 21'), { target: { value: '71.40' } });
    fireEvent.click(rates.getByRole('button', { name: 'Save row 1' }));
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(changesOf(sent)).toEqual([{ method: 'PUT', path: '/budgets/1/rate/21', body: '{"rate":71.40,"startDate":"2027-01-04"}' }]);
  });

  it('S6.4 from the core: a rate moved onto another rate’s date is refused at the row, nothing sent', async () => {
    const sent = fakeServer();
    const rates = open();
    fireEvent.input(rates.getByLabelText('Effective from of row 22'), { target: { value: '2027-01-04' } });
    fireEvent.click(rates.getByRole('button', { name: 'Save row 2' }));
    await waitFor(() => expect(messageOf(rates.getByLabelText('Effective from of row 22'))).toMatch(/already exists with that effective date/));
    expect(changesOf(sent)).toEqual([]);
  });

  it("adds a rate; the server's refusal lands at the new row's field", async () => {
    const sent = fakeServer(() => refused({ rate: 'rate must be 0 or more' }));
    const rates = open();
    fireEvent.input(rates.getByLabelText('Rate of the new row'), { target: { value: '12' } });
    fireEvent.input(rates.getByLabelText('Effective from of the new row'), { target: { value: '2027-10-01' } });
    fireEvent.click(rates.getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(messageOf(rates.getByLabelText('Rate of the new row'))).toBe('rate must be 0 or more'));
    expect(changesOf(sent)).toEqual([{ method: 'POST', path: '/budgets/1/position/11/rate', body: '{"rate":12,"startDate":"2027-10-01"}' }]);
  });

  it('loads the core as the editor opens, so that a Save does not wait for it', async () => {
    vi.mocked(loadCore).mockClear();
    open();
    await waitFor(() => expect(loadCore).toHaveBeenCalled());
  });

  it('a second click while the first is being checked sends nothing more', async () => {
    const sent = fakeServer(() => ({ body: { success: '99' } }));
    const changed = vi.fn();
    const rates = open(changed);
    fireEvent.input(rates.getByLabelText('Rate of the new row'), { target: { value: '12' } });
    fireEvent.input(rates.getByLabelText('Effective from of the new row'), { target: { value: '2027-10-01' } });
    const add = rates.getByRole('button', { name: 'Add rate' });
    fireEvent.click(add);
    fireEvent.click(add);
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(changesOf(sent)).toEqual([{ method: 'POST', path: '/budgets/1/position/11/rate', body: '{"rate":12,"startDate":"2027-10-01"}' }]);
  });

  it('changes an allocation period: PUT /allocation/{id} with its whole row', async () => {
    const sent = fakeServer(() => ({ body: { success: true } }));
    const changed = vi.fn();
    open(changed);
    const periods = within(screen.getByRole('table', { name: /^Allocation period/ }));
    fireEvent.input(periods.getByLabelText('Percentage of row 31'), { target: { value: '55.5' } });
    fireEvent.click(periods.getByRole('button', { name: 'Save row 1' }));
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(changesOf(sent)).toEqual([
      { method: 'PUT', path: '/budgets/1/allocation/31', body: '{"startDate":"2027-01-04","endDate":"2027-06-30","percentage":55.5}' },
    ]);
  });
});
