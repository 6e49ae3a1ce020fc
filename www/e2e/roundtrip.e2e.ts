// Round trips: the budgeting document's PUT replaces the whole record, so every editor that saves
// an existing record must send back each field it does not change. For each of them (the
// position header editor, an allocation row, a rate row, the expense editor, the what-if's Apply of
// an expense change and of a rate change) a record carrying every optional field is made through
// the REST interface, read, changed in ONE field through the planner, and read again: the whole
// record must be what it was except that field. Records are compared with their JSON types and
// exact number texts (a number sent back as a string, or "12.50" as 12.5, is a difference).
// Also: the expense editor shows the server's refusal of a currency without an exchange rate at the
// currency field (S5.6).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { isLosslessNumber, LosslessNumber, parse as parseLossless, stringify } from 'lossless-json';
import { BIN, newContext, newPage, rest, settled, signIn, useE2E } from './harness';
import { CostsScreen, PositionEditor, Shell, WhatIfScreen } from './page-models';

const env = useE2E();

const FOLIO = { name: 'E2E round trips', start: '2027-01-04', end: '2027-12-17' };
const AS_OF = '2027-03-31';
const ACCOUNT = 'E2E-ROUNDTRIP';

let context: BrowserContext;
let page: Page;
const setup: { folioId: string; rule: string; teamNumber: string; teamText: string; actualAmount: string; actualSelect: string } = {
  folioId: '',
  rule: '',
  teamNumber: '',
  teamText: '',
  actualAmount: '',
  actualSelect: '',
};

/** A JSON number written exactly as `text`. */
const n = (text: string) => new LosslessNumber(text);

/** A record as compared here: a JSON number is `{number: its exact text}`, so its type and text both count. */
type Typed = null | boolean | string | { number: string } | Typed[] | { [key: string]: Typed };
function typed(value: unknown): Typed {
  if (isLosslessNumber(value)) return { number: value.value };
  if (Array.isArray(value)) return value.map(typed);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typed(v)]));
  return value as Typed;
}

/** A request from node as the demo user; numbers of `body` written as given (LosslessNumber). */
async function call(method: string, where: string, body?: unknown): Promise<{ status: number; text: string; success: any }> {
  const a = await rest(env.server(), method, where, body === undefined ? undefined : stringify(body));
  return { status: a.status, text: a.text, success: a.json?.success };
}

/** `GET` the record's `success`, typed (see `typed`). */
async function read(where: string): Promise<any> {
  const a = await rest(env.server(), 'GET', where);
  expect(a.status, `${where}: ${a.text.slice(0, 300)}`).toBe(200);
  return typed((parseLossless(a.text) as { success: unknown }).success);
}

/** The item of `GET /folio/{id}/items` of position `id` (its header, rates, allocations, hours and money). */
async function positionItem(id: string, money = true): Promise<any> {
  const items = await read(`/budgets/1/folio/${setup.folioId}/items?asOf=${AS_OF}`);
  const item = items.positions.find((p: any) => p.position.id.number === id);
  expect(item, `position ${id} is listed`).toBeDefined();
  if (!money) {
    delete item.total;
    delete item.toDate;
  }
  return item;
}

const positionRecord = (id: string) => read(`/budgets/1/position/${id}`);
const expenseRecord = (id: string) => read(`/budgets/1/expense/${id}`);

type Kind = 'team' | 'planned' | 'consulting';
const KIND: Record<Kind, string> = { team: '.TeamMember', planned: '.PlannedPositionByTimeFrame', consulting: '.ConsultingRevenue' };

/** A position carrying every optional field the document knows; its id. */
async function makePosition(kind: Kind, name: string, more: Record<string, unknown> = {}): Promise<string> {
  const body: Record<string, unknown> = {
    folioId: n(setup.folioId),
    name,
    title: 'Round tripper',
    description: 'Every optional field set',
    kind: KIND[kind],
    otRuleId: n(setup.rule),
    category: 'Engineering',
    accountKey: ACCOUNT,
    holidaySchemeId: n('1'),
    workloadSchemeId: n('1'),
    synchedWithTracker: true,
    teamMemberId: n('3'),
    teamId: n('4'),
    userRates: false,
    teamRoleId: n('2'),
    customFields: { values: { [setup.teamNumber]: n('12.50'), [setup.teamText]: '007' } },
    allocation: { startDate: FOLIO.start, endDate: '2027-06-30', percentage: n('80') },
    rate: { rate: n('70.25'), startDate: FOLIO.start },
    ...more,
  };
  if (kind === 'team') body.member = env.server().user;
  if (kind === 'planned') body.revenue = false;
  if (kind === 'consulting') body.billableHours = [{ startDate: FOLIO.start, endDate: '2027-01-29', effort: n('42.50'), otEffort: n('0') }];
  const made = await call('POST', '/budgets/1/position', body);
  expect(made.status, made.text).toBe(200);
  return String(made.success);
}

/** A planned expense carrying labels, ACTUAL custom-field values and a recurrence with every field; its id. */
async function makeExpense(name: string): Promise<string> {
  const made = await call('POST', '/budgets/1/expense', {
    folioId: n(setup.folioId),
    name,
    description: 'Every optional field set',
    type: 'Service',
    category: 'OPEX',
    kind: '.PlannedExpense',
    amount: n('1200.50'),
    currencyCode: 'EUR',
    amortized: false,
    labels: ['site', n('42'), { k: n('1.10') }],
    customFields: { values: { [setup.actualAmount]: n('99.90'), [setup.actualSelect]: n('7') } },
    // Both ends (whichever comes first) and an explicit interval of 1.
    recurrence: { kind: '.Monthly', startDate: '2027-01-31', occurrences: n('3'), endDate: '2027-12-17', interval: n('1'), recurrenceBy: 'DAY_OF_MONTH' },
  });
  expect(made.status, made.text).toBe(200);
  return String(made.success);
}

beforeAll(async () => {
  const server = env.server();
  context = await newContext(env.browser(), server);
  page = await newPage(context);
  await signIn(page, server);

  // An account exists only in the core interface (administrators, bearer tokens): a token for the
  // demo user (a budget administrator), minted by the CLI while the server runs.
  const token = execFileSync(BIN, ['token', 'mint', server.user, '--db', path.join(server.dir, 'e2e.db')], { encoding: 'utf8' }).trim();
  // The server looks for what another process committed at most every 100 ms (SQLite): until it
  // has seen the token, the token is unknown (401, nothing made), so the request is made again.
  const createAccount = () =>
    fetch(`${server.url}/core/3/accounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ key: ACCOUNT, leadAccountId: server.user, name: 'E2E round trips', status: 'OPEN' }),
    }).then(async (r) => ({ status: r.status, text: await r.text() }));
  let account = await createAccount();
  for (let attempt = 0; account.status === 401 && attempt < 100; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    account = await createAccount();
  }
  expect(account.status, account.text).toBe(200);

  const folio = await call('POST', '/budgets/1/folio', {
    closedDate: null,
    hoursPerDay: null,
    owner: server.user,
    currencyCode: 'EUR',
    revenuesAsClientCosts: false,
    usesUserRates: false,
    isSynchronizedWithWorkLogs: false,
    isSynchronizedWithServiceBilledHours: false,
    savedFilterId: n('1'),
    holidaySchemeId: n('1'),
    workloadSchemeId: n('1'),
    name: FOLIO.name,
    description: '',
    startDate: FOLIO.start,
    endDate: FOLIO.end,
    reserve: n('10'),
    contingency: n('5'),
    tolerance: n('10'),
    withEarned: false,
    withRevenue: true,
  });
  expect(folio.status, folio.text).toBe(200);
  setup.folioId = String(folio.success);

  const field = async (body: object) => {
    const made = await call('POST', `/budgets/1/folio/${setup.folioId}/customfield`, { required: false, ...body });
    expect(made.status, made.text).toBe(200);
    return String(made.success);
  };
  setup.teamNumber = await field({ name: 'Cost centre', style: 'NUMBER', type: 'TEAM' });
  setup.teamText = await field({ name: 'Badge', style: 'TEXT', type: 'TEAM' });
  setup.actualAmount = await field({ name: 'Order amount', style: 'AMOUNT', type: 'ACTUAL' });
  setup.actualSelect = await field({ name: 'Supplier', style: 'SELECT', type: 'ACTUAL', options: ['north', n('7')] });

  const rules = await call('GET', '/budgets/1/overtimerule');
  expect(rules.status, rules.text).toBe(200);
  expect(rules.success.length, 'the demo has an overtime rule').toBeGreaterThan(0);
  setup.rule = String(rules.success[0].id);
});
afterAll(async () => {
  await context?.close();
});

/** The costs screen of the test's folio, once `row` (of it) is listed. */
async function openCosts(row: (costs: CostsScreen) => ReturnType<CostsScreen['positionRow']>): Promise<CostsScreen> {
  const costs = new CostsScreen(page);
  await costs.goto(setup.folioId, AS_OF);
  await row(costs).waitFor();
  await settled(page);
  return costs;
}

async function editPosition(id: string, name: string): Promise<PositionEditor> {
  const costs = await openCosts((c) => c.positionRow(id));
  return costs.editPosition(name, id);
}

async function dialogClosed(): Promise<void> {
  await expect.poll(() => new Shell(page).dialog.count()).toBe(0);
}

describe('the position header editor sends back every field it does not edit', () => {
  for (const kind of ['team', 'planned', 'consulting'] as Kind[]) {
    it(`${kind}: a new title changes the title only`, async () => {
      const name = `Header ${kind}`;
      const id = await makePosition(kind, name);
      const before = await positionItem(id);
      expect(before.position.holidaySchemeId, 'the record carries its own calendar').toEqual({ number: '1' });

      const d = await editPosition(id, name);
      await d.title.fill('Retitled');
      await d.saveButton.click();
      await dialogClosed();

      const after = await positionItem(id);
      expect(after).toEqual({ ...before, position: { ...before.position, title: 'Retitled' } });
      expect(await positionRecord(id)).toEqual(after.position);
    });
  }

  it('the overtime rule set to None removes otRuleId and nothing else', async () => {
    const name = 'Header without rule';
    const id = await makePosition('team', name);
    const before = await positionItem(id, false);
    expect(before.position.otRuleId).toEqual({ number: setup.rule });

    const d = await editPosition(id, name);
    await d.overtimeRule.selectOption({ label: 'None' });
    await d.saveButton.click();
    await dialogClosed();

    const { otRuleId: _gone, ...rest } = before.position;
    expect(await positionItem(id, false)).toEqual({ ...before, position: rest });
  });

  it('a team member whose member field is emptied becomes unassigned', async () => {
    const name = 'Header unassigned';
    const id = await makePosition('team', name);
    const before = await positionItem(id);
    expect(before.position.member).toBe(env.server().user);

    const d = await editPosition(id, name);
    await d.member.fill('');
    await d.saveButton.click();
    await dialogClosed();

    expect(await positionItem(id)).toEqual({ ...before, position: { ...before.position, member: 'unassigned' } });
  });
});

describe('an allocation row and a rate row change their row only', () => {
  for (const kind of ['team', 'planned'] as Kind[]) {
    it(`${kind}: an allocation period's percentage`, async () => {
      const name = `Allocation ${kind}`;
      const id = await makePosition(kind, name);
      const before = await positionItem(id, false);
      const allocation = before.allocations[0];

      const d = await editPosition(id, name);
      const row = d.historyRow(d.allocationPeriods, allocation.id.number);
      await PositionEditor.rowPercentage(row).fill('55.5');
      await PositionEditor.rowSave(row).click();

      const changed = { ...allocation, percentage: { number: '55.5' } };
      const expected = { ...before, position: { ...before.position, allocation: changed }, allocations: [changed] };
      await expect.poll(() => positionItem(id, false)).toEqual(expected);
      await d.closeButton.click();
      await dialogClosed();
    });
  }

  it('a rate of the rate history', async () => {
    const name = 'Rate row';
    const id = await makePosition('team', name, { moreRates: [{ rate: n('75'), startDate: '2027-07-01' }] });
    const before = await positionItem(id, false);
    expect(before.rates).toHaveLength(2);
    const first = before.rates[0];

    const d = await editPosition(id, name);
    const row = d.historyRow(d.rateHistory, first.id.number);
    await PositionEditor.rowRate(row).fill('71.40');
    await PositionEditor.rowSave(row).click();

    const changed = { ...first, rate: { number: '71.40' } };
    const expected = { ...before, position: { ...before.position, rate: changed }, rates: [changed, before.rates[1]] };
    await expect.poll(() => positionItem(id, false)).toEqual(expected);
    await d.closeButton.click();
    await dialogClosed();
  });
});

describe('the expense editor sends back every field it does not edit', () => {
  it('a new name changes the name only', async () => {
    const id = await makeExpense('Expense round trip');
    const before = await expenseRecord(id);
    expect(before.labels, 'the record carries its labels').toBeDefined();

    const costs = await openCosts((c) => c.expenseRow(id));
    const d = await costs.editExpense('Expense round trip', id);
    await d.name.fill('Expense renamed');
    await d.saveButton.click();
    await dialogClosed();

    expect(await expenseRecord(id)).toEqual({ ...before, name: 'Expense renamed' });
  });

  it('a changed number of occurrences changes the count only (the end date and interval stay)', async () => {
    const id = await makeExpense('Expense recurring');
    const before = await expenseRecord(id);

    const costs = await openCosts((c) => c.expenseRow(id));
    const d = await costs.editExpense('Expense recurring', id);
    await d.occurrences.fill('4');
    await d.saveButton.click();
    await dialogClosed();

    const after = await expenseRecord(id);
    // convertedAmount is the server's sum of the payments: one more of them now.
    expect(after.convertedAmount).not.toEqual(before.convertedAmount);
    expect(after).toEqual({ ...before, recurrence: { ...before.recurrence, occurrences: { number: '4' } }, convertedAmount: after.convertedAmount });
  });

  it('a currency without an exchange rate is refused at the currency field (S5.6), and nothing is stored', async () => {
    // The demo's first folio is in EUR; nothing converts CHF.
    const folio = await read('/budgets/1/folio/1');
    expect(folio.currencyCode).toBe('EUR');
    const count = async () => (await read(`/budgets/1/folio/1/items?asOf=${AS_OF}`)).expenses.length;
    const held = await count();
    const costs = new CostsScreen(page);
    await costs.goto('1');
    await costs.addButton('expense').waitFor();
    await settled(page);
    const d = await costs.addExpense();
    await d.fill({ name: 'Survey in Zurich', type: 'Service', amount: '800' });
    await d.currency.fill('CHF');
    await d.addButton.click();

    const message = d.fieldError('currencyCode');
    await message.waitFor();
    expect(await message.textContent()).toBe('No exchange rate from CHF to EUR: a budget administrator adds one under exchange rates');
    const currency = d.currency;
    expect(await currency.getAttribute('aria-invalid')).toBe('true');
    expect((await currency.getAttribute('aria-describedby')) ?? '').toContain(await message.getAttribute('id'));
    // Only at its field: the top of the form points at it without repeating it.
    expect(await d.dialog.getByRole('alert').filter({ hasText: 'No exchange rate' }).count()).toBe(0);
    expect(await count()).toBe(held);
    await d.cancelButton.click();
    await dialogClosed();
  });
});

describe('the what-if Apply sends back every field it does not change', () => {
  async function openWhatIf(): Promise<WhatIfScreen> {
    const whatIf = new WhatIfScreen(page);
    await whatIf.goto(setup.folioId, AS_OF);
    await whatIf.figure('whatif-eac').waitFor();
    await settled(page);
    return whatIf;
  }
  async function applied(whatIf: WhatIfScreen): Promise<void> {
    await whatIf.applyButton(1).click();
    await whatIf.applied.waitFor();
  }

  it("an expense's amount", async () => {
    const id = await makeExpense('What-if expense');
    const before = await expenseRecord(id);
    const whatIf = await openWhatIf();
    await whatIf.changeAmount(id, '1300.75');
    await applied(whatIf);
    const after = await expenseRecord(id);
    // convertedAmount is the server's sum of the new payments: derived from the amount.
    expect(after.convertedAmount).not.toEqual(before.convertedAmount);
    expect(after).toEqual({ ...before, amount: { number: '1300.75' }, convertedAmount: after.convertedAmount });
  });

  it("a planned position's rate", async () => {
    const name = 'What-if rate';
    const id = await makePosition('planned', name);
    const before = await positionItem(id, false);
    const whatIf = await openWhatIf();
    await whatIf.changeRate(name, '88.80');
    await applied(whatIf);
    const changed = { ...before.rates[0], rate: { number: '88.80' } };
    expect(await positionItem(id, false)).toEqual({ ...before, position: { ...before.position, rate: changed }, rates: [changed] });
  });
});
