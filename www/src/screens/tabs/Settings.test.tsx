/** @vitest-environment happy-dom */
// A folio's settings: one field edited goes back in the whole record with every other field as the
// server sent it; S5.6's refusal of a currency at its field; closing and reopening; sharing with a
// user the service knows; deletion after a confirmation naming the folio; read only for a reader.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { renderInPlanner } from '../../test/render';
import { Settings } from './Settings';
import { api } from '../../api/budgets';
import { session } from '../../state';
import { fakeServer, refused, type Reply, type Sent } from '../../test/server';

/** The stored folio as the server writes it: a custom field and an hours-per-day the form keeps. */
const RECORD =
  '{"id":1,"name":"Harbour footbridge","description":"Bridge","owner":"ada","startDate":"2026-03-02","endDate":"2027-05-28","closedDate":null,' +
  '"status":"executing","reserve":10,"contingency":5.50,"tolerance":10,"hoursPerDay":7.5,"currencyCode":"EUR","withRevenue":true,"withEarned":true,' +
  '"revenuesAsClientCosts":false,"usesUserRates":false,"isSynchronizedWithWorkLogs":false,"isSynchronizedWithServiceBilledHours":false,' +
  '"savedFilterId":7,"holidaySchemeId":1,"workloadSchemeId":2,"customFields":{"values":{"4":"Zone B","9":12.50}}}';

const page = (results: { id: number; name: string }[]) => ({ self: 'x', metadata: { count: results.length, offset: 0, limit: 1000 }, results });

/** The reads every settings screen makes; `more` answers the rest. */
function server(more: (r: Sent) => Reply | undefined = () => undefined, viewers: string[] = []) {
  return fakeServer((r) => {
    if (r.method === 'GET' && r.path === '/budgets/1/folio/1') return { body: `{"success":${RECORD}}` };
    if (r.method === 'GET' && r.path.startsWith('/core/3/holiday-schemes')) return { body: page([{ id: 1, name: 'Default Holiday Scheme' }]) };
    if (r.method === 'GET' && r.path.startsWith('/core/3/workload-schemes'))
      return {
        body: page([
          { id: 1, name: 'Default Workload Scheme' },
          { id: 2, name: 'Four-day week' },
        ]),
      };
    if (r.method === 'GET' && r.path.startsWith('/core/3/saved-filters')) return { body: page([{ id: 7, name: 'Bridge projects' }]) };
    if (r.method === 'GET' && r.path === '/budgets/1/folio/1/customfields')
      return { body: { success: { customFields: { FOLIO: [{ id: 4, name: 'Zone', style: 'TEXT', type: 'FOLIO', required: true }] } } } };
    if (r.method === 'GET' && r.path === '/budgets/1/folio/1/viewers') return { body: { success: { users: viewers } } };
    if (r.method === 'GET' && r.path === '/budgets/1/folio/1/editors') return { body: { success: { users: [] } } };
    if (r.method === 'GET' && r.path.startsWith('/budgets/1/users'))
      return {
        body: {
          success: [
            { key: 'erossi', displayName: 'Elena Rossi' },
            { key: 'erossini', displayName: 'Enzo Rossini' },
          ],
        },
      };
    return more(r);
  });
}

async function show(user = 'ada', budgetAdmin = false) {
  session.value = { user, budgetAdmin, csrf: 'x', expiresAt: '2099-01-01T00:00:00Z' };
  const folio = await api.folio('1');
  renderInPlanner(<Settings folio={folio} asOf="2026-11-26" reloadFolio={() => undefined} />);
  await screen.findByRole('option', { name: 'Four-day week' });
}

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const changes = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET');

describe('Settings', () => {
  it('saves one field: the whole record goes back, every other field exactly as read, the status left out', async () => {
    const sent = server((r) => (r.method === 'PUT' ? { body: `{"success":${RECORD}}` } : undefined));
    await show();
    expect(screen.getByLabelText<HTMLSelectElement>('Workload scheme').value).toBe('2');
    expect(screen.getByLabelText<HTMLSelectElement>('Saved filter (worklog scope)').selectedOptions[0]?.textContent).toBe('Bridge projects');
    type('Tolerance (%)', '12.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    const put = changes(sent)[0];
    expect(put?.path).toBe('/budgets/1/folio');
    const expected = RECORD.replace('"status":"executing",', '').replace('"tolerance":10', '"tolerance":12.5');
    expect(JSON.parse(put?.body ?? '')).toEqual(JSON.parse(expected));
    // The numbers as they were written, not through a float: 5.50 stays 5.50.
    expect(put?.body).toContain('"contingency":5.50');
    expect(put?.body).toContain('"tolerance":12.5');
  });

  it('sets the forecast’s default estimate and correlation; a correlation above 1 is refused at its field', async () => {
    const sent = server((r) => (r.method === 'PUT' ? { body: `{"success":${RECORD}}` } : undefined));
    await show();
    type('Best case', '0.9');
    type('Most likely', '1');
    type('Worst case', '1.3');
    type('Correlation between lines', '1.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Correlation must be from 0 to 1, got 1.5');
    expect(changes(sent)).toEqual([]);
    type('Correlation between lines', '0.25');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]?.body).toContain('"uncertainty":{"default":{"low":0.9,"likely":1,"high":1.3},"correlation":0.25}');
  });

  it('changes a custom field’s value; a value of a deleted definition goes back as stored', async () => {
    const sent = server((r) => (r.method === 'PUT' ? { body: `{"success":${RECORD}}` } : undefined));
    await show();
    const zone = await screen.findByLabelText('Zone (required)');
    expect((zone as HTMLInputElement).value).toBe('Zone B');
    fireEvent.input(zone, { target: { value: 'Zone C' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    const body = changes(sent)[0]?.body ?? '';
    expect(body).toContain('"customFields":{"values":{"4":"Zone C","9":12.50}}');
    expect(JSON.parse(body)).toEqual({ ...JSON.parse(RECORD.replace('"status":"executing",', '')), customFields: { values: { 4: 'Zone C', 9: 12.5 } } });
  });

  it('refuses an empty required custom field at its field, nothing sent', async () => {
    const sent = server();
    await show();
    fireEvent.input(await screen.findByLabelText('Zone (required)'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Zone is required');
    expect(changes(sent)).toEqual([]);
  });

  it('shows S5.6’s refusal of a new currency at the currency field, with the way to the rates; nothing typed is lost', async () => {
    const message = 'No exchange rate from USD to CHF on or before 2026-04-01 (2 live expenses of this folio in USD)';
    server((r) => (r.method === 'PUT' ? refused({ currencyCode: message }) : undefined));
    await show();
    type('Currency', 'chf');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const field = screen.getByLabelText<HTMLInputElement>('Currency');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Exchange rates/ }).getAttribute('href')).toBe('/admin/exchange-rates');
    expect(field.value).toBe('CHF');
  });

  it('asks before a shorter folio cuts the draft: the items and their money as the server says, nothing saved until confirmed', async () => {
    const preview =
      '{"success":{"folio":' +
      RECORD.replace('"endDate":"2027-05-28"', '"endDate":"2027-02-26"') +
      ',"draftCostBefore":201812.00,"draftCostAfter":29320.00,"items":[' +
      '{"kind":"position","id":1,"name":"Structural engineer","before":150000.00,"after":98000.50},' +
      '{"kind":"expense","id":3,"name":"Crane rental","before":9000.00,"after":0.00},' +
      '{"kind":"expense","id":4,"name":"Grant","before":1000.00,"after":1200.00}]}}';
    const sent = server((r) => {
      if (r.method === 'PUT' && r.path === '/budgets/1/folio?dryRun=true') return { body: preview };
      if (r.method === 'PUT') return { body: `{"success":${RECORD}}` };
      return undefined;
    });
    await show();
    type('End date', '2027-02-26');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-cuts')).toBe('2');
    expect(alert.textContent).toContain('Saving these settings cuts the cost of 2 items of the draft');
    expect([...alert.querySelectorAll('[data-cut]')].map((li) => li.getAttribute('data-cut'))).toEqual(['Structural engineer', 'Crane rental']);
    expect(alert.textContent).toContain('€98,000.50');
    expect(changes(sent).map((c) => c.path)).toEqual(['/budgets/1/folio?dryRun=true']);
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(changes(sent).map((c) => c.path)).toEqual(['/budgets/1/folio?dryRun=true', '/budgets/1/folio']));
    expect((JSON.parse(changes(sent)[1]?.body ?? '') as { endDate: string }).endDate).toBe('2027-02-26');
  });

  it('keeps editing when asked: nothing is saved', async () => {
    const preview =
      '{"success":{"folio":' +
      RECORD +
      ',"draftCostBefore":100.00,"draftCostAfter":50.00,"items":[{"kind":"expense","id":3,"name":"Crane rental","before":100.00,"after":50.00}]}}';
    const sent = server((r) => (r.method === 'PUT' && r.path.endsWith('dryRun=true') ? { body: preview } : undefined));
    await show();
    type('Start date', '2026-04-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(changes(sent).map((c) => c.path)).toEqual(['/budgets/1/folio?dryRun=true']);
    expect(screen.getByLabelText<HTMLInputElement>('Start date').value).toBe('2026-04-01');
  });

  it('checks before sending: an end before the start is refused at the end date, nothing sent', async () => {
    const sent = server();
    await show();
    type('End date', '2026-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.getByLabelText('End date').getAttribute('aria-invalid')).toBe('true'));
    expect(changes(sent)).toEqual([]);
  });

  it('closes the folio on a date, in the whole record', async () => {
    const sent = server((r) => (r.method === 'PUT' ? { body: `{"success":${RECORD}}` } : undefined));
    await show();
    type('Closing date', '2026-12-31');
    fireEvent.click(screen.getByRole('button', { name: 'Close the folio' }));
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    const body = JSON.parse(changes(sent)[0]?.body ?? '') as { closedDate: string; customFields: unknown };
    expect(body.closedDate).toBe('2026-12-31');
    expect(body.customFields).toEqual({ values: { 4: 'Zone B', 9: 12.5 } });
  });

  it('shares with a user the service knows, and refuses an unknown one at the field without sending', async () => {
    const sent = server(undefined, ['tnovak']);
    await show();
    await screen.findByText('tnovak');
    type('Share with', 'erossix');
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByText('No user “erossix” is known to the service');
    expect(changes(sent)).toEqual([]);
    type('Share with', 'erossi');
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]).toEqual({ method: 'PUT', path: '/budgets/1/folio/1/viewers', body: '{"users":["tnovak","erossi"]}' });
  });

  it('names an editor: the whole list of editors goes back (S15.8)', async () => {
    const sent = server();
    await show();
    await screen.findByText(/^No editors/);
    type('Add an editor', 'erossi');
    fireEvent.click(screen.getByRole('button', { name: 'Add editor' }));
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]).toEqual({ method: 'PUT', path: '/budgets/1/folio/1/editors', body: '{"users":["erossi"]}' });
  });

  it('deletes the folio only after a confirmation naming it', async () => {
    const sent = server();
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'Delete folio…' }));
    expect(changes(sent)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Harbour footbridge”' }));
    await waitFor(() => expect(changes(sent)).toEqual([{ method: 'DELETE', path: '/budgets/1/folio/1', body: undefined }]));
  });

  it('is read only for a user the folio is shared with: no save, close, share or delete', async () => {
    server();
    await show('erossi');
    expect(screen.getByText(/You read this folio/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Name').closest('fieldset')?.disabled).toBe(true);
    for (const name of ['Save settings', 'Close the folio', 'Share', 'Delete folio…']) expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
