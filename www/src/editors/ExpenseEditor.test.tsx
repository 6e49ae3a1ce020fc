/** @vitest-environment happy-dom */
// The expense editor: what it sends (the exact JSON the server receives), and a refusal at its field.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { renderInPlanner } from '../test/render';
import { ExpenseEditor } from './ExpenseEditor';
import { fakeServer, refused, changesOf } from '../test/server';
import { FOLIO, items } from '../test/fixtures';
import { keys, queryClient } from '../lib/queries';
import { asOf } from '../state';

vi.mock('../api/wasm', async () => (await import('../test/core')).wasmModule);

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

/** The message shown for a field: it is marked invalid and described by its message. */
function messageOf(label: string): string {
  const field = screen.getByLabelText(label);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('ExpenseEditor', () => {
  it('adds an expense: one POST /expense, the amount as typed', async () => {
    const sent = fakeServer(() => ({ body: { success: '42' } }));
    const saved = vi.fn();
    renderInPlanner(<ExpenseEditor folio={FOLIO} onClose={() => undefined} onSaved={saved} />);
    type('Name', 'Site office rent');
    type('Expense type', 'Rental');
    type('Amount', '1200.50');
    fireEvent.change(screen.getByLabelText('Repeats'), { target: { value: '.Monthly' } });
    type('First date', '2027-01-31');
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('Expense “Site office rent” added.'));
    expect(changesOf(sent)).toHaveLength(1);
    expect(changesOf(sent)[0]!.method).toBe('POST');
    expect(changesOf(sent)[0]!.path).toBe('/budgets/1/expense');
    expect(changesOf(sent)[0]!.body).toBe(
      '{"folioId":1,"name":"Site office rent","type":"Rental","description":"","kind":".PlannedExpense","category":"OPEX","amount":1200.50,"currencyCode":"EUR","amortized":false,"recurrence":{"kind":".Monthly","startDate":"2027-01-31","recurrenceBy":"DAY_OF_MONTH"}}',
    );
  });

  it('sends a planned expense with its three-point estimate, and refuses one with a point missing', async () => {
    const sent = fakeServer(() => ({ body: { success: '42' } }));
    const saved = vi.fn();
    renderInPlanner(<ExpenseEditor folio={FOLIO} onClose={() => undefined} onSaved={saved} />);
    type('Name', 'Steel');
    type('Expense type', 'Materials');
    type('Amount', '40000');
    fireEvent.change(screen.getByLabelText('Repeats'), { target: { value: '.Monthly' } });
    type('First date', '2027-01-31');
    type('Best case', '0.9');
    type('Worst case', '1.4');
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(messageOf('Most likely')).toContain('Most likely is needed when the others are given'));
    expect(changesOf(sent)).toEqual([]);
    type('Most likely', '1.05');
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(changesOf(sent)[0]!.body).toContain('"estimate":{"low":0.9,"likely":1.05,"high":1.4}');
  });

  it('offers no estimate on an actual expense: it has no remaining cost to forecast', () => {
    fakeServer();
    renderInPlanner(<ExpenseEditor folio={FOLIO} onClose={() => undefined} onSaved={() => undefined} />);
    expect(screen.getByLabelText('Best case')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: '.ActualExpense' } });
    expect(screen.queryByLabelText('Best case')).toBeNull();
  });

  it('reads the amount as the locale writes it, and asks before saving one beyond 100 times the budget', async () => {
    const sent = fakeServer(() => ({ body: { success: '42' } }));
    const saved = vi.fn();
    renderInPlanner(<ExpenseEditor folio={FOLIO} onClose={() => undefined} onSaved={saved} />);
    // The overview's indicators, as the cache holds them while the editor is open.
    queryClient.setQueryData(keys.indicators(FOLIO.id, asOf.value), { bac: '150000.00' });
    type('Name', 'Crane, per day');
    type('Expense type', 'Rental');
    type('Amount', '999,999,999,999.99');
    fireEvent.change(screen.getByLabelText('Repeats'), { target: { value: '.Daily' } });
    type('First date', '2027-02-01');
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    const question = await screen.findByTestId('confirm-question');
    expect(question.textContent).toContain("more than 100 times the folio's budget (150000.00 EUR)");
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-question')).toBeNull());
    expect(changesOf(sent)).toEqual([]);
    type('Amount', '2,500.00');
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('Expense “Crane, per day” added.'));
    expect(changesOf(sent)[0]!.body).toContain('"amount":2500.00');
  });

  it('S5.6: a currency without a rate is refused at the field, with a link to the exchange rates', async () => {
    const message = 'No exchange rate from CHF to EUR: a budget administrator adds one under exchange rates';
    fakeServer(() => refused({ currencyCode: message }));
    renderInPlanner(<ExpenseEditor folio={FOLIO} onClose={() => undefined} onSaved={() => undefined} />);
    type('Name', 'Swiss licence');
    type('Expense type', 'Licence');
    type('Currency', 'CHF');
    type('Amount', '900');
    fireEvent.change(screen.getByLabelText('Repeats'), { target: { value: '.Monthly' } });
    type('First date', '2027-02-01');
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(messageOf('Currency')).toBe(message));
    const link = screen.getByRole('link', { name: /Exchange rates/ });
    expect(link.getAttribute('href')).toBe('/admin/exchange-rates');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('no link to the rates for another refusal of the currency', async () => {
    fakeServer(() => refused({ currencyCode: 'unknown currency XYZ' }));
    renderInPlanner(<ExpenseEditor folio={FOLIO} onClose={() => undefined} onSaved={() => undefined} />);
    type('Name', 'Odd');
    type('Expense type', 'Licence');
    type('Currency', 'XYZ');
    type('Amount', '900');
    fireEvent.change(screen.getByLabelText('Repeats'), { target: { value: '.Monthly' } });
    type('First date', '2027-02-01');
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(messageOf('Currency')).toBe('unknown currency XYZ'));
    expect(screen.queryByRole('link', { name: /Exchange rates/ })).toBeNull();
  });

  it('refuses letters in the amount at the field, sending nothing', async () => {
    const sent = fakeServer();
    renderInPlanner(<ExpenseEditor folio={FOLIO} onClose={() => undefined} onSaved={() => undefined} />);
    type('Name', 'Bad amount');
    type('Expense type', 'Travel');
    type('Amount', '12a0');
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(messageOf('Amount')).toMatch(/is not a number/));
    expect(changesOf(sent)).toEqual([]);
  });

  it("shows the server's refusal of the currency at the currency field, not at the top", async () => {
    const message = 'No exchange rate from CHF to EUR: a budget administrator adds one under exchange rates';
    fakeServer(() => refused({ currencyCode: message }));
    renderInPlanner(<ExpenseEditor folio={FOLIO} onClose={() => undefined} onSaved={() => undefined} />);
    type('Name', 'Survey in Zurich');
    type('Expense type', 'Service');
    type('Amount', '800');
    type('Currency', 'CHF');
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(messageOf('Currency')).toBe(message));
    expect(screen.getByLabelText('Amount').getAttribute('aria-invalid')).toBeNull();
    expect(
      screen
        .getAllByRole('alert')
        .map((a) => a.textContent)
        .join(' '),
    ).not.toContain('No exchange rate');
  });

  it('changes a name: PUT /expense with the whole record as the server sent it, the name over it', async () => {
    const sent = fakeServer(() => ({ body: { success: {} } }));
    const expense = items().expenses[0]!.expense;
    const saved = vi.fn();
    renderInPlanner(<ExpenseEditor folio={FOLIO} expense={expense} onClose={() => undefined} onSaved={saved} />);
    type('Name', 'Site office');
    fireEvent.click(screen.getByRole('button', { name: 'Save expense' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(changesOf(sent).map((s) => `${s.method} ${s.path}`)).toEqual(['PUT /budgets/1/expense']);
    // Every field back with its JSON type (labels, custom fields, the recurrence's numbers), less
    // what the server derives (convertedAmount, reporter).
    expect(changesOf(sent)[0]!.body).toBe(
      '{"id":41,"folioId":1,"name":"Site office","description":"","type":"Rental","category":"OPEX","kind":".PlannedExpense","amount":1200.50,"currencyCode":"EUR","amortized":false,"labels":["site",42],"customFields":{"values":{"7":99.90}},"recurrence":{"kind":".Monthly","startDate":"2027-01-31","occurrences":12,"interval":1}}',
    );
  });

  it('suggests the planned expense of the same name to an actual one, and sends the link chosen', async () => {
    const sent = fakeServer(() => ({ body: { success: '43' } }));
    const planned = [
      { id: '7', name: 'Steel deck fabrication', kind: '.PlannedExpense' as const },
      { id: '8', name: 'Crane rental', kind: '.PlannedExpense' as const },
      { id: '9', name: 'Steel deck fabrication', kind: '.PlannedRevenue' as const },
    ];
    renderInPlanner(<ExpenseEditor folio={FOLIO} planned={planned} onClose={() => undefined} onSaved={() => undefined} />);
    expect(screen.queryByLabelText('Realises (planned expense)')).toBeNull();
    expect(screen.getByLabelText('Line complete')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: '.ActualExpense' } });
    type('Name', 'Steel deck fabrication, invoice 1');
    type('Expense type', 'Works');
    type('Amount', '6000');
    const options = [...screen.getByLabelText<HTMLSelectElement>('Realises (planned expense)').options].map((o) => o.textContent);
    expect(options).toEqual(['Nothing: unplanned', 'Crane rental', 'Steel deck fabrication']);
    expect(screen.getByText(/Its name matches the planned expense “Steel deck fabrication”/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Link to it' }));
    expect(screen.getByLabelText<HTMLSelectElement>('Realises (planned expense)').value).toBe('7');
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(changesOf(sent)).toHaveLength(1));
    expect(JSON.parse(changesOf(sent)[0]!.body ?? '{}')).toMatchObject({ kind: '.ActualExpense', realises: 7 });
  });

  it("shows the server's refusal of a link at the field", async () => {
    fakeServer(() => refused({ realises: 'planned expense 7 was deleted' }));
    const planned = [{ id: '7', name: 'Steel deck fabrication', kind: '.PlannedExpense' as const }];
    renderInPlanner(<ExpenseEditor folio={FOLIO} planned={planned} onClose={() => undefined} onSaved={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: '.ActualExpense' } });
    type('Name', 'Deck invoice');
    type('Expense type', 'Works');
    type('Amount', '6000');
    fireEvent.change(screen.getByLabelText('Realises (planned expense)'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(messageOf('Realises (planned expense)')).toContain('planned expense 7 was deleted'));
  });

  it('marks a planned expense complete, and unmarks it by leaving the field out', async () => {
    const sent = fakeServer(() => ({ body: { success: {} } }));
    const expense = items().expenses[0]!.expense;
    renderInPlanner(<ExpenseEditor folio={FOLIO} expense={expense} onClose={() => undefined} onSaved={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Line complete'));
    fireEvent.click(screen.getByRole('button', { name: 'Save expense' }));
    await waitFor(() => expect(changesOf(sent)).toHaveLength(1));
    expect(JSON.parse(changesOf(sent)[0]!.body ?? '{}')).toMatchObject({ id: 41, complete: true });
  });
});
