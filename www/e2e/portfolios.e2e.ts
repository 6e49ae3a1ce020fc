// Portfolios in the planner, against a real `costfolio serve --demo` (screen 7): a
// portfolio made on screen with two folios, a sub-portfolio under it with one; each rollup on
// screen equals REST's, the sub-portfolio listed under its parent with its own rollup and reached
// by its link; the demo portfolio's closed months as REST rolls them up; the folio list filtered
// by the portfolio; the parent's removal refused while it holds the sub-portfolio, the
// sub-portfolio's removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserToday, newContext, newPage, rest, settled, signIn, useE2E } from './harness';
import { PortfolioFormPage, PortfolioPage, PortfoliosPage } from './page-models';

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

const today = browserToday;
const ids: Record<string, string> = {};

async function rollup(id: string): Promise<Record<string, string | null>> {
  const a = await rest(env.server(), 'GET', `/budgets/1/portfolio/${id}/indicators?asOf=${today()}`);
  expect(a.status, a.text).toBe(200);
  return a.json.success;
}

/** Makes a portfolio on screen; its id from the address the planner goes to. */
async function make(p: { name: string; parent?: string; folios: string[] }): Promise<string> {
  const list = new PortfoliosPage(page);
  await list.goto();
  await list.newButton.click();
  const form = new PortfolioFormPage(page);
  await form.create.waitFor();
  await form.fill(p);
  await form.create.click();
  await page.waitForURL(/\/portfolios\/\d+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

describe('portfolios', () => {
  it('builds a portfolio with a sub-portfolio; every rollup on screen equals REST’s', async () => {
    ids.top = await make({ name: 'Infrastructure', folios: ['Harbour footbridge', 'Billing platform migration'] });
    ids.sub = await make({ name: 'Bridges', parent: 'Infrastructure', folios: ['Harbour footbridge'] });
    const stored = (await rest(env.server(), 'GET', '/budgets/1/portfolio')).json.success;
    const top = stored.find((p: { id: unknown }) => String(p.id) === ids.top);
    expect(top.portfolios.map((p: { name: string }) => p.name)).toEqual(['Bridges']);
    expect(top.folios.map((f: { name: string }) => f.name).sort()).toEqual(['Billing platform migration', 'Harbour footbridge']);

    const screen = new PortfolioPage(page);
    await screen.goto(ids.top);
    await screen.heading('Infrastructure').waitFor();
    await settled(page);
    const topRollup = await rollup(ids.top);
    for (const key of ['bac', 'ac', 'ev', 'eac', 'cpi']) expect(await screen.figure(key), key).toBe(topRollup[key]);
    const subRollup = await rollup(ids.sub);
    const row = screen.sub(ids.sub);
    await expect.poll(() => row.locator('[data-indicator="bac"]').getAttribute('data-value')).toBe(subRollup.bac);
    expect(await row.locator('[data-indicator="eac"]').getAttribute('data-value')).toBe(subRollup.eac);

    await row.getByRole('link', { name: 'Bridges' }).click();
    await screen.heading('Bridges').waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Infrastructure' }).waitFor();
    await settled(page);
    expect(await screen.figure('bac')).toBe(subRollup.bac);
  });

  it('shows the months every folio of the demo portfolio closed, rolled up as REST rolls them up', async () => {
    const months = (await rest(env.server(), 'GET', '/budgets/1/portfolio/1/periods')).json.success as {
      month: string;
      closed: { ac: string; cpi: string | null };
    }[];
    expect(months.length, 'the demo closed its past months').toBeGreaterThan(0);
    await page.goto('/portfolios/1');
    const rows = page.locator('tr[data-month]');
    await rows.first().waitFor();
    await settled(page);
    expect(await rows.evaluateAll((r) => r.map((row) => row.getAttribute('data-month')))).toEqual(months.map((m) => m.month).reverse());
    for (const m of months) {
      const row = page.locator(`tr[data-month="${m.month}"]`);
      expect(await row.locator('[data-figure="ac"]').getAttribute('data-value')).toBe(m.closed.ac);
      expect(await row.locator('[data-figure="cpi"]').getAttribute('data-value')).toBe(m.closed.cpi ?? '');
    }
  });

  it('edits one field of a portfolio; every other field is as REST had it', async () => {
    const before = (await rest(env.server(), 'GET', '/budgets/1/portfolio')).json.success.find((p: { name: string }) => p.name === 'Projects 2026');
    await page.goto(`/portfolios/${before.id}/edit`);
    await page.getByRole('button', { name: 'Save portfolio' }).waitFor();
    await page.getByLabel('Colour').fill('darkorange');
    await page.getByRole('button', { name: 'Save portfolio' }).click();
    await page.waitForURL((url) => url.pathname === `/portfolios/${before.id}`);
    const after = (await rest(env.server(), 'GET', '/budgets/1/portfolio')).json.success.find((p: { id: string }) => p.id === before.id);
    expect(after).toEqual({ ...before, color: 'darkorange' });
  });

  it('filters the folio list by a portfolio, its sub-portfolios included', async () => {
    await page.goto('/');
    await page.getByLabel('Portfolio').selectOption({ label: '· Bridges' });
    await expect.poll(() => page.locator('tr[data-folio-id]').count()).toBe(1);
    await page.getByLabel('Portfolio').selectOption({ label: 'Infrastructure' });
    await expect.poll(() => page.locator('tr[data-folio-id]').count()).toBe(2);
  });

  it('refuses to delete a portfolio that holds a sub-portfolio; deletes the sub-portfolio', async () => {
    const screen = new PortfolioPage(page);
    await screen.goto(ids.top!);
    await screen.heading('Infrastructure').waitFor();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('button', { name: 'Delete “Infrastructure”' }).click();
    await page.getByRole('alert').waitFor();
    expect((await rest(env.server(), 'GET', '/budgets/1/portfolio')).json.success.some((p: { id: unknown }) => String(p.id) === ids.top)).toBe(true);

    await screen.goto(ids.sub!);
    await screen.heading('Bridges').waitFor();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('button', { name: 'Delete “Bridges”' }).click();
    await page.waitForURL((url) => url.pathname === '/portfolios');
    const after = (await rest(env.server(), 'GET', '/budgets/1/portfolio')).json.success;
    expect(after.find((p: { id: unknown }) => String(p.id) === ids.top).portfolios).toEqual([]);
  });
});
