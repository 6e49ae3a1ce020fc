// Scope and progress in the planner, against a real `costfolio serve --demo`: the owner marks a
// scope item done and adds one; the REST interface then holds exactly that list, and the EV, CPI
// and SPI the screen shows are the ones REST answers, EV having moved. As of a past month-end the
// screen shows the measurement in force then and EV as REST computes it that day; progress entered
// for an earlier day takes its place between the measurements, moving EV from that day only.
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

async function indicators(day = today()): Promise<Record<string, string | null>> {
  const a = await rest(env.server(), 'GET', `/budgets/1/folio/1/indicators?asOf=${day}`);
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

  it('shows the progress measured as of a past day, and takes progress entered for an earlier day', async () => {
    const listed = (await rest(env.server(), 'GET', `/budgets/1/folio/1/scope?asOf=${today()}`)).json.success.measurements as { asOf: string }[];
    expect(listed.length, 'the demo measured its progress at month-ends').toBeGreaterThan(3);
    const [first, second, third] = listed.map((m) => m.asOf);
    if (!first || !second || !third) throw new Error('three measurements');
    const earlier = await indicators(third);

    await page.goto(`/folios/1/scope?asOf=${third}`);
    await scope.save.waitFor();
    await settled(page);
    expect(await scope.value('ev')).toBe(earlier.ev);
    expect(await scope.measurements()).toEqual(listed.map((m) => m.asOf).reverse());
    await page.locator(`[data-measured-on="${third}"][aria-current="true"]`).waitFor();

    // Progress measured the day after the first measurement: every item done.
    const day = new Date(`${first}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1);
    const between = day.toISOString().slice(0, 10);
    expect(between < second).toBe(true);
    const atSecond = await indicators(second);
    await page.goto(`/folios/1/scope?asOf=${between}`);
    await scope.save.waitFor();
    await settled(page);
    expect(await scope.measuredOn.inputValue()).toBe(between);
    const count = await scope.items.count();
    for (let n = 1; n <= count; n += 1) await scope.item(n).getByLabel('Done').check();
    await scope.save.click();
    await expect.poll(async () => (await rest(env.server(), 'GET', `/budgets/1/folio/1/scope?asOf=${between}`)).json.success.asOf).toBe(between);
    const stored = (await rest(env.server(), 'GET', `/budgets/1/folio/1/scope?asOf=${between}`)).json.success;
    expect(stored.items.every((i: { done: boolean }) => i.done)).toBe(true);
    expect(stored.measurements.length).toBe(listed.length + 1);
    // EV from that day is BAC; from the next measurement on, as it was.
    expect((await indicators(between)).ev).toBe((await indicators(between)).bac);
    expect((await indicators(second)).ev).toBe(atSecond.ev);
    await expect.poll(() => scope.value('ev')).toBe((await indicators(between)).ev);
  });
});
