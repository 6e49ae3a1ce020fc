/** @vitest-environment happy-dom */
// The forms of the screens that change data: a new folio, a baseline's approval, signing in. What
// each sends (the exact JSON), and a refusal (the form's own, or the server's) at its field.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { LocationProvider } from 'preact-iso';
import { NewFolio } from './NewFolio';
import { Approve } from './tabs/Baselines';
import { SignIn } from './SignIn';
import { session } from '../state';
import { fakeServer, refused } from '../test/server';

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

function messageOf(label: string): string {
  const field = screen.getByLabelText(label);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const SESSION = { user: 'ada', budgetAdmin: true, csrf: 'x', expiresAt: '2099-01-01T00:00:00Z' };

describe('NewFolio', () => {
  it('creates a folio: one POST /folio with the percentages as typed, then opens it', async () => {
    session.value = SESSION;
    const sent = fakeServer(() => ({ body: { success: '7' } }));
    render(
      <LocationProvider>
        <NewFolio />
      </LocationProvider>,
    );
    type('Name', 'River crossing');
    type('Start date', '2027-01-04');
    type('End date', '2027-12-17');
    type('Tolerance (%)', '12.50');
    // PV by the plan is chosen already; the forecast is changed, and the form says what it means.
    fireEvent.change(screen.getByLabelText('Forecast (EAC)'), { target: { value: 'scheduled' } });
    expect(screen.getByText(/never below what is scheduled/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create folio' }));
    await waitFor(() => expect(location.pathname).toBe('/folios/7'));
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /budgets/1/folio']);
    expect(sent[0]!.body).toBe(
      '{"name":"River crossing","description":"","owner":"ada","startDate":"2027-01-04","endDate":"2027-12-17","closedDate":null,"currencyCode":"EUR","reserve":10,"contingency":5,"tolerance":12.50,"hoursPerDay":null,"withRevenue":true,"withEarned":true,"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,"savedFilterId":1,"holidaySchemeId":1,"workloadSchemeId":1,"plannedValueMethod":"plan","eacMethod":"scheduled"}',
    );
  });

  it('refuses an end before the start and 105 % at their fields, sending nothing', async () => {
    const sent = fakeServer();
    render(
      <LocationProvider>
        <NewFolio />
      </LocationProvider>,
    );
    type('Name', 'Backwards');
    type('Start date', '2027-06-30');
    type('End date', '2027-01-04');
    type('Tolerance (%)', '105');
    fireEvent.click(screen.getByRole('button', { name: 'Create folio' }));
    await waitFor(() => expect(messageOf('End date')).toMatch(/must not be before/));
    expect(messageOf('Tolerance (%)')).toMatch(/at most 100/);
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal of the currency at the currency field", async () => {
    fakeServer(() => refused({ currencyCode: 'currencyCode: XYZ is not an ISO 4217 code' }));
    render(
      <LocationProvider>
        <NewFolio />
      </LocationProvider>,
    );
    type('Name', 'Unknown money');
    type('Start date', '2027-01-04');
    type('End date', '2027-06-30');
    type('Currency', 'XYZ');
    fireEvent.click(screen.getByRole('button', { name: 'Create folio' }));
    await waitFor(() => expect(messageOf('Currency')).toMatch(/ISO 4217/));
  });
});

describe('a baseline’s approval', () => {
  it('sends the name, the signed-in approver and what it freezes', async () => {
    session.value = SESSION;
    const sent = fakeServer(() => ({ body: { success: '3' } }));
    const done = vi.fn();
    render(<Approve folioId="1" onDone={done} />);
    type('Baseline name', 'Budget v1');
    fireEvent.change(screen.getByLabelText('What it freezes'), { target: { value: 'PLANNED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve baseline' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toEqual([
      { method: 'POST', path: '/budgets/1/folio/1/baseline', body: '{"name":"Budget v1","approvedBy":"ada","expenditureType":"PLANNED"}' },
    ]);
  });

  it('asks for a name before sending; the server’s refusal lands at its field', async () => {
    const sent = fakeServer(() => refused({ name: 'A baseline of that name exists' }));
    render(<Approve folioId="1" onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve baseline' }));
    await waitFor(() => expect(messageOf('Baseline name')).toBe('Name is required'));
    expect(sent).toEqual([]);
    type('Baseline name', 'Budget v1');
    fireEvent.click(screen.getByRole('button', { name: 'Approve baseline' }));
    await waitFor(() => expect(messageOf('Baseline name')).toBe('A baseline of that name exists'));
    expect(sent).toHaveLength(1);
  });
});

describe('SignIn', () => {
  it('posts the user name and password, keeps the session, and forgets the password', async () => {
    session.value = null;
    const sent = fakeServer(() => ({ body: SESSION }));
    render(<SignIn />);
    type('User name', ' ada ');
    type('Password', 'secret words');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(session.value).toEqual(SESSION));
    expect(sent).toEqual([{ method: 'POST', path: '/session', body: '{"username":"ada","password":"secret words"}' }]);
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  });

  it('refuses an empty form at its fields, and shows the server’s refusal at the top', async () => {
    session.value = null;
    const sent = fakeServer(() => ({ status: 401, body: { errorMessages: ['Wrong user name or password'] } }));
    render(<SignIn />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(messageOf('User name')).toBe('User name is required'));
    expect(messageOf('Password')).toBe('Password is required');
    expect(sent).toEqual([]);
    type('User name', 'ada');
    type('Password', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Wrong user name or password'));
    expect(session.value).toBeNull();
  });
});
