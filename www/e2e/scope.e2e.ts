// Scope and progress in the planner, against a real `costfolio serve --demo` (issue 33, screen 3):
// the owner marks a scope item done and adds one; the REST interface then holds exactly that list,
// and the EV, CPI and SPI the screen shows are the ones REST answers, EV having moved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserToday, newContext, newPage, rest, settled, signIn, useE2E } from './harness';
import { ScopeScreen } from './page-models';

const env = useE2E();

let context: BrowserContext;
let page: Page;
let scope: ScopeScreen;

beforeAll(async () => {
  context = await newContext(env.browser(), env.server());
  page = await newPage(context);
  scope = new ScopeScreen(page);
  await signIn(page, env.server());
});
afterAll(async () => {
  await context?.close();
});

const today = browserToday;

async function indicators(): Promise<Record<string, string | null>> {
  const a = await rest(env.server(), 'GET', `/budgets/1/folio/1/indicators?asOf=${today()}`);
  expect(a.status, a.text).toBe(200);
  return a.json.success;
}

describe('scope and progress', () => {
  it('sets progress on the screen: REST holds the items, and EV, CPI and SPI equal its answers', async () => {
    const stored = await rest(env.server(), 'GET', '/budgets/1/folio/1/scope');
    const items = stored.json.success.items as { key: string; done: boolean; weight: string }[];
    const open = items.findIndex((i) => !i.done);
    expect(open, 'the demo has an item not done').toBeGreaterThanOrEqual(0);
    const before = await indicators();

    await scope.goto('1');
    await scope.save.waitFor();
    await settled(page);
    expect(await scope.value('ev')).toBe(before.ev);
    await scope
      .item(open + 1)
      .getByLabel('Done')
      .check();
    await scope.add.click();
    const added = scope.item(items.length + 1);
    await added.getByLabel('Key').fill('HFB-99');
    await added.getByLabel('Weight').fill('0.5');
    await added.getByLabel('Logged').fill('1');
    await added.getByLabel('Remaining').fill('3');
    await scope.save.click();

    await expect.poll(async () => (await rest(env.server(), 'GET', '/budgets/1/folio/1/scope')).json.success.items.length).toBe(items.length + 1);
    const after = (await rest(env.server(), 'GET', '/budgets/1/folio/1/scope')).json.success.items;
    expect(after[open].done).toBe(true);
    expect(after[items.length]).toEqual({ key: 'HFB-99', weight: '0.5', logged: '1', remaining: '3', done: false, progressive: true });
    // Every other item as it was.
    expect(after.filter((_: unknown, i: number) => i !== open).slice(0, items.length - 1)).toEqual(items.filter((_, i) => i !== open));

    const now = await indicators();
    expect(now.ev).not.toBe(before.ev);
    await expect.poll(() => scope.value('ev')).toBe(now.ev);
    expect(await scope.value('cpi')).toBe(now.cpi);
    expect(await scope.value('spi')).toBe(now.spi);
    await page.locator(`[data-ev-before="${before.ev}"]`).waitFor();
  });
});
