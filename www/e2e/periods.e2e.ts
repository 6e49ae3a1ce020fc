// Closed months in the planner, against a real `costfolio serve --demo` (S9.11): the owner closes
// a month of a folio under its forecast; REST then keeps that month with the figures REST computed
// for its last day, and the screen shows them. An invoice of that month entered afterwards never
// changes the closed figures: the screen shows the difference REST computes, beside them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createFolio, newContext, newPage, rest, settled, serverToday, signIn, useE2E } from './harness';

const env = useE2E();

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await newContext(env.browser(), env.server());
  page = await newPage(context);
  await signIn(page, env.server());
});
afterAll(async () => {
  await context?.close();
});

/** The first day of the month `months` before today's (UTC). */
function monthsAgo(months: number): string {
  const day = new Date(`${serverToday().slice(0, 7)}-01T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() - months);
  return day.toISOString().slice(0, 10);
}

/** The last day of the month of `first`. */
function lastDay(first: string): string {
  const day = new Date(`${first}T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() + 1, 0);
  return day.toISOString().slice(0, 10);
}

describe('closed months', () => {
  it('closes a month on the forecast; a later invoice of that month shows beside its kept figures', async () => {
    const start = monthsAgo(3);
    const id = await createFolio(env.server(), 'Depot roof', start, lastDay(monthsAgo(-9)));
    const expense = (kind: string, name: string, amount: number, day: string, occurrences?: number) =>
      rest(env.server(), 'POST', '/budgets/1/expense', {
        folioId: Number(id),
        name,
        description: '',
        type: 'Works',
        category: 'CAPEX',
        kind,
        amount,
        currencyCode: 'EUR',
        recurrence: occurrences ? { kind: '.Monthly', startDate: day, occurrences } : { kind: '.Once', startDate: day },
      });
    expect((await expense('.PlannedExpense', 'Roofing', 4000, start, 12)).status).toBe(200);
    expect((await expense('.ActualExpense', 'Roofing invoice', 4100, start)).status).toBe(200);

    await page.goto(`/folios/${id}/forecast`);
    const select = page.getByLabel('Month to close');
    await select.waitFor();
    await settled(page);
    const first = start.slice(0, 7);
    await select.selectOption(first);
    await page.getByRole('button', { name: /^Close / }).click();
    await expect.poll(async () => ((await rest(env.server(), 'GET', `/budgets/1/folio/${id}/periods`)).json.success as unknown[]).length).toBe(1);
    const kept = (await rest(env.server(), 'GET', `/budgets/1/folio/${id}/periods`)).json.success[0];
    const then = (await rest(env.server(), 'GET', `/budgets/1/folio/${id}/indicators?asOf=${lastDay(start)}`)).json.success;
    expect(kept.month).toBe(first);
    expect(kept.closed.ac).toBe(then.ac);
    expect(kept.closed.bac).toBe(then.bac);
    const row = page.locator(`tr[data-month="${first}"]`);
    await row.waitFor();
    expect(await row.locator('[data-figure="ac"]').getAttribute('data-value')).toBe(kept.closed.ac);
    await row.getByText('unchanged').waitFor();

    // An invoice of that month, entered after its close.
    expect((await expense('.ActualExpense', 'Late invoice', 250.5, start)).status).toBe(200);
    await page.reload();
    await row.locator('[data-change="ac"]').waitFor();
    const now = (await rest(env.server(), 'GET', `/budgets/1/folio/${id}/periods`)).json.success[0];
    expect(now.closed).toEqual(kept.closed);
    expect(now.changes.find((c: { figure: string }) => c.figure === 'ac').difference).toBe('250.50');
    expect(await row.locator('[data-figure="ac"]').getAttribute('data-value')).toBe(kept.closed.ac);
    expect(await row.locator('[data-change="ac"]').textContent()).toMatch(/^AC \+.*250\.50 \(now /);
    // Both trend charts are drawn.
    expect(await page.locator('.trends [data-drawn]').count()).toBe(2);
  });
});
