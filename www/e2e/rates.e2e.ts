// Exchange rates in the planner, against a real `costfolio serve --demo` (screen 6): the
// demo user, a budget administrator, adds a CHF rate on the screen and the REST interface holds it
// with its digits; a CHF expense then needs it, so removing it is refused with the folio named
// (S5.6's 409) and nothing is removed; once the expense is gone, the rate can be removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, newPage, rest, settled, signIn, useE2E } from './harness';
import { ExchangeRatesPage, OvertimeRulesPage } from './page-models';

const env = useE2E();

let context: BrowserContext;
let page: Page;
let rates: ExchangeRatesPage;

beforeAll(async () => {
  context = await newContext(env.browser(), env.server());
  page = await newPage(context);
  rates = new ExchangeRatesPage(page);
  await signIn(page, env.server());
});
afterAll(async () => {
  await context?.close();
});

async function stored(): Promise<{ from: string; to: string; rate: unknown; effectiveDate: string }[]> {
  const a = await rest(env.server(), 'GET', '/budgets/1/exchangerate');
  expect(a.status, a.text).toBe(200);
  return a.json.success;
}

describe('exchange rates', () => {
  let expenseId: string | undefined;

  it('an administrator adds a CHF rate; the server holds it as typed', async () => {
    const before = await stored();
    await rates.goto();
    await rates.table.waitFor();
    await rates.save({ from: 'CHF', to: 'EUR', rate: '1.0650', effectiveDate: '2026-01-01' });
    await rates.row('CHF', 'EUR', '2026-01-01').waitFor();
    const after = await stored();
    expect(after).toHaveLength(before.length + 1);
    const chf = after.find((r) => r.from === 'CHF');
    expect(chf).toMatchObject({ from: 'CHF', to: 'EUR', effectiveDate: '2026-01-01' });
    expect(String(chf?.rate)).toBe('1.0650');
    expect(await rates.row('CHF', 'EUR', '2026-01-01').getByRole('cell').first().textContent()).toMatch(/1\.065/);
  });

  it('a rate a CHF expense needs is not removed: the refusal names the folio', async () => {
    const created = await rest(env.server(), 'POST', '/budgets/1/expense', {
      folioId: 1,
      name: 'Swiss licence',
      type: 'Licence',
      description: '',
      kind: '.PlannedExpense',
      category: 'OPEX',
      amount: 1000,
      currencyCode: 'CHF',
      recurrence: { kind: '.Once', startDate: '2026-06-01' },
    });
    expect(created.status, created.text).toBe(200);
    expenseId = String(created.json.success);
    await rates.goto();
    await rates.table.waitFor();
    await rates.remove('CHF', 'EUR', '2026-01-01');
    await expect.poll(async () => ((await rates.alert.count()) > 0 ? await rates.alert.first().textContent() : '')).toMatch(/Harbour footbridge/);
    expect((await stored()).some((r) => r.from === 'CHF')).toBe(true);
  });

  it('once nothing needs it, the rate is removed', async () => {
    expect(expenseId).toBeDefined();
    const deleted = await rest(env.server(), 'DELETE', `/budgets/1/expense/${expenseId}`);
    expect(deleted.status, deleted.text).toBe(200);
    await rates.goto();
    await rates.table.waitFor();
    await rates.remove('CHF', 'EUR', '2026-01-01');
    await expect.poll(() => rates.row('CHF', 'EUR', '2026-01-01').count()).toBe(0);
    await settled(page);
    expect((await stored()).some((r) => r.from === 'CHF')).toBe(false);
  });
});

describe('overtime rules', () => {
  const rules = () => new OvertimeRulesPage(page);
  const live = async (): Promise<{ id: unknown; name: string; coefficient: unknown; deletedOn?: string | null }[]> => {
    const a = await rest(env.server(), 'GET', '/budgets/1/overtimerule');
    expect(a.status, a.text).toBe(200);
    return a.json.success.filter((r: { deletedOn?: string | null }) => !r.deletedOn);
  };

  it('an administrator adds a rule, changes its coefficient, then deletes it; REST agrees at each step', async () => {
    await rules().goto();
    await rules().table.waitFor();
    await rules().fill({ name: 'E2E weekend', frequency: 'WEEKLY', regularHours: '37.5', coefficient: '2' });
    await page.getByRole('button', { name: 'Add rule' }).click();
    await rules().row('E2E weekend').waitFor();
    const added = (await live()).find((r) => r.name === 'E2E weekend');
    expect(added).toMatchObject({ name: 'E2E weekend', frequency: 'WEEKLY' });
    expect(String(added?.coefficient)).toBe('2');

    await rules().edit('E2E weekend');
    await rules().fill({ coefficient: '2.25' });
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect.poll(async () => String((await live()).find((r) => r.name === 'E2E weekend')?.coefficient)).toBe('2.25');
    const changed = (await live()).find((r) => r.name === 'E2E weekend');
    expect(changed?.id).toEqual(added?.id);
    expect(changed).toMatchObject({ frequency: 'WEEKLY' });
    expect(String((changed as unknown as { regularHours: unknown }).regularHours)).toBe('37.5');

    await rules().remove('E2E weekend');
    await expect.poll(() => rules().row('E2E weekend').count()).toBe(0);
    expect((await live()).some((r) => r.name === 'E2E weekend')).toBe(false);
  });
});
