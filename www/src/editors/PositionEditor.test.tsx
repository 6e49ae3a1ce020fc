/** @vitest-environment happy-dom */
// The position editor: a new position is one POST with its further periods and rates; a period
// that overlaps the one before it is refused by the core's rule at its field, nothing sent; a
// changed header is one PUT of the whole record; a refusal of the server lands at its field.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { renderInPlanner } from '../test/render';
import { PositionEditor } from './PositionEditor';
import { fakeServer, refused, changesOf } from '../test/server';
import { FOLIO, items } from '../test/fixtures';

vi.mock('../api/wasm', async () => (await import('../test/core')).wasmModule);

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

function messageOf(label: string): string {
  const field = screen.getByLabelText(label);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const RULES = [{ id: '2', name: 'Weekly 40', regularHours: '40', frequency: 'WEEKLY' as const, coefficient: '1.5' }];

function fillTeamMember() {
  type('Name', 'Ada Lovelace');
  type('Title (role)', 'Engineer');
  type('Member (user key)', 'ada');
  type('Start date (period 1)', '2027-01-04');
  type('End date (period 1)', '2027-06-30');
  type('Percentage (period 1)', '100');
  fireEvent.click(screen.getByRole('button', { name: 'Add an allocation period' }));
  type('Rate 1', '80');
  type('Effective from (rate 1)', '2027-01-04');
  fireEvent.click(screen.getByRole('button', { name: 'Add a rate change' }));
  type('Rate 2', '95.50');
  type('Effective from (rate 2)', '2027-07-01');
}

describe('PositionEditor, a new position', () => {
  it('sends one POST /position with the further period and rate (numbers as typed)', async () => {
    const sent = fakeServer(() => ({ body: { success: '11' } }));
    const saved = vi.fn();
    renderInPlanner(<PositionEditor folio={FOLIO} rules={RULES} onClose={() => undefined} onSaved={saved} onChanged={() => undefined} />);
    fillTeamMember();
    type('Start date (period 2)', '2027-07-01');
    type('End date (period 2)', '2027-12-17');
    type('Percentage (period 2)', '50');
    fireEvent.change(screen.getByLabelText('Overtime rule'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add position' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('“Ada Lovelace” added.'));
    expect(changesOf(sent).map((s) => `${s.method} ${s.path}`)).toEqual(['POST /budgets/1/position']);
    expect(changesOf(sent)[0]!.body).toBe(
      '{"folioId":1,"name":"Ada Lovelace","title":"Engineer","description":"","kind":".TeamMember","allocation":{"startDate":"2027-01-04","endDate":"2027-06-30","percentage":100},"rate":{"rate":80,"startDate":"2027-01-04"},"member":"ada","otRuleId":2,"moreAllocations":[{"startDate":"2027-07-01","endDate":"2027-12-17","percentage":50}],"moreRates":[{"rate":95.50,"startDate":"2027-07-01"}]}',
    );
  });

  it('a first team member of a folio that plans no position says how the budget is made, and plans the person on request', async () => {
    let next = 20;
    const sent = fakeServer((r) => ({ body: { success: r.method === 'POST' ? String(next++) : [] } }));
    const saved = vi.fn();
    renderInPlanner(<PositionEditor folio={FOLIO} rules={RULES} onClose={() => undefined} onSaved={saved} onChanged={() => undefined} />);
    expect(screen.getByTestId('no-planned-positions').textContent).toContain('Its budget (BAC) is made of planned positions and planned expenses');
    fillTeamMember();
    fireEvent.click(screen.getByRole('button', { name: 'Remove period 2' }));
    fireEvent.click(screen.getByLabelText(/^Also plan this person/));
    fireEvent.click(screen.getByRole('button', { name: 'Add position' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('“Ada Lovelace” added, with a planned position of the same rate and allocation in the budget.'));
    const [plan, member] = changesOf(sent).map((s) => JSON.parse(s.body!) as Record<string, unknown>);
    expect(plan).toMatchObject({ kind: '.PlannedPositionByTimeFrame', revenue: false, name: 'Ada Lovelace' });
    expect(plan!.member).toBeUndefined();
    expect(member).toMatchObject({ kind: '.TeamMember', member: 'ada', realises: 20 });
  });

  it('says nothing of the budget when the folio plans a position already', () => {
    fakeServer();
    renderInPlanner(
      <PositionEditor
        folio={FOLIO}
        rules={RULES}
        planned={[{ id: '5', name: 'Engineer', revenue: false }]}
        onClose={() => undefined}
        onSaved={() => undefined}
        onChanged={() => undefined}
      />,
    );
    expect(screen.queryByTestId('no-planned-positions')).toBeNull();
  });

  it('S6.2 from the core: a second period overlapping the first is refused at its start, nothing sent', async () => {
    const sent = fakeServer();
    renderInPlanner(<PositionEditor folio={FOLIO} rules={RULES} onClose={() => undefined} onSaved={() => undefined} onChanged={() => undefined} />);
    fillTeamMember();
    type('Start date (period 2)', '2027-06-01');
    type('End date (period 2)', '2027-12-17');
    type('Percentage (period 2)', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Add position' }));
    await waitFor(() =>
      expect(messageOf('Start date (period 2)')).toBe('The period overlaps the allocation from 2027-01-04 to 2027-06-30 of the same position'),
    );
    expect(changesOf(sent)).toEqual([]);
  });

  it('S6.4 from the core: a rate change on the first rate’s date is refused at its date', async () => {
    const sent = fakeServer();
    renderInPlanner(<PositionEditor folio={FOLIO} rules={RULES} onClose={() => undefined} onSaved={() => undefined} onChanged={() => undefined} />);
    fillTeamMember();
    type('Start date (period 2)', '2027-07-01');
    type('End date (period 2)', '2027-12-17');
    type('Effective from (rate 2)', '2027-01-04');
    fireEvent.click(screen.getByRole('button', { name: 'Add position' }));
    await waitFor(() => expect(messageOf('Effective from (rate 2)')).toMatch(/already exists with that effective date \(2027-01-04\)/));
    expect(changesOf(sent)).toEqual([]);
  });

  it("shows the server's refusal of a further rate at that rate's row", async () => {
    fakeServer(() => refused({ 'moreRates[0].rate': 'rate must be 0 or more' }));
    renderInPlanner(<PositionEditor folio={FOLIO} rules={RULES} onClose={() => undefined} onSaved={() => undefined} onChanged={() => undefined} />);
    fillTeamMember();
    type('Start date (period 2)', '2027-07-01');
    type('End date (period 2)', '2027-12-17');
    fireEvent.click(screen.getByRole('button', { name: 'Add position' }));
    await waitFor(() => expect(messageOf('Rate 2')).toBe('rate must be 0 or more'));
    expect(screen.getByRole('alert').textContent).toContain('Nothing was saved.');
  });
});

describe('PositionEditor, an existing position', () => {
  it('changes the title: PUT /position with every field the server sent, the title over it', async () => {
    const sent = fakeServer(() => ({ body: { success: {} } }));
    const saved = vi.fn();
    const item = items().positions[0]!;
    renderInPlanner(<PositionEditor folio={FOLIO} item={item} rules={RULES} onClose={() => undefined} onSaved={saved} onChanged={() => undefined} />);
    type('Title (role)', 'Lead engineer');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(changesOf(sent).map((s) => `${s.method} ${s.path}`)).toEqual(['PUT /budgets/1/position']);
    expect(changesOf(sent)[0]!.body).toBe(
      '{"id":11,"folioId":1,"name":"Ada Lovelace","description":"","title":"Lead engineer","kind":".TeamMember","member":"ada","category":"Engineering","accountKey":"ACME-OPS","holidaySchemeId":1,"workloadSchemeId":1,"customFields":{"values":{"5":12.50,"6":"007"}},"otRuleId":2,"rate":{"id":21,"rate":80.00,"startDate":"2027-01-04"},"allocation":{"id":31,"startDate":"2027-01-04","endDate":"2027-06-30","percentage":100}}',
    );
  });

  it('the overtime rule set to None removes otRuleId; an empty member is unassigned', async () => {
    const sent = fakeServer(() => ({ body: { success: {} } }));
    const saved = vi.fn();
    renderInPlanner(
      <PositionEditor folio={FOLIO} item={items().positions[0]} rules={RULES} onClose={() => undefined} onSaved={saved} onChanged={() => undefined} />,
    );
    fireEvent.change(screen.getByLabelText('Overtime rule'), { target: { value: '' } });
    type('Member (user key)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const body = changesOf(sent)[0]!.body!;
    expect(body).not.toContain('otRuleId');
    expect(body).toContain('"member":"unassigned"');
  });
});

describe('PositionEditor, every row checked', () => {
  it('a refused period does not keep the ones after it from being checked', async () => {
    const sent = fakeServer();
    renderInPlanner(<PositionEditor folio={FOLIO} rules={RULES} onClose={() => undefined} onSaved={() => undefined} onChanged={() => undefined} />);
    fillTeamMember();
    type('Percentage (period 1)', '105');
    type('Start date (period 2)', '2027-09-30');
    type('End date (period 2)', '2027-07-01');
    type('Rate 1', '8o');
    fireEvent.click(screen.getByRole('button', { name: 'Add position' }));
    await waitFor(() => expect(messageOf('Percentage (period 1)')).toMatch(/^percentage must be from 0 to 100, got 105/));
    expect(messageOf('End date (period 2)')).toMatch(/start date must be before or equal to the end date/);
    expect(messageOf('Rate 1')).toMatch(/is not a number/);
    expect(changesOf(sent)).toEqual([]);
  });
});
