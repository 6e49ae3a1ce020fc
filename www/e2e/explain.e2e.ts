// Every figure explains itself, in the planner against a real `costfolio serve --demo` (issue
// 35): EAC opened on the overview shows its formula and inputs; AC, followed from there, lists the
// items it adds up; the lines of every page, summed on screen to the cent, give AC as the REST
// interface answers it; a line opens its item's days, which add up to the item's money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { browserToday, cents, newContext, newPage, rest, settled, signIn, useE2E } from './harness';
import { FolioPage, WhatIfScreen } from './page-models';

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

/** The sum, in cents, of the amounts of every page of the dialog's lines (following "Next lines"). */
async function sumOfLines(dialog: Locator): Promise<{ sum: bigint; lines: number; total: string }> {
  let sum = 0n;
  let lines = 0;
  const table = dialog.locator('.explanation table');
  await table.waitFor();
  for (;;) {
    const amounts = table.locator('tbody td[data-amount]');
    for (const text of await amounts.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-amount') ?? ''))) {
      sum += cents(text);
      lines += 1;
    }
    const next = dialog.getByRole('button', { name: 'Next lines' });
    if ((await next.count()) === 0) break;
    // A page is known by its first row: its item and date.
    const key = async () => {
      const row = table.locator('tbody tr').first();
      return `${await row.getAttribute('data-line-item')}|${await row.getAttribute('data-date')}`;
    };
    const before = await key();
    await next.click();
    await expect.poll(key).not.toBe(before);
  }
  const total = (await table.locator('tfoot td[data-lines-total]').getAttribute('data-lines-total')) ?? '';
  return { sum, lines, total };
}

describe('explanations', () => {
  it('EAC on the overview, then AC: the lines on screen add up to AC to the cent', async () => {
    const today = browserToday();
    const folio = new FolioPage(page, 'Harbour footbridge');
    await folio.goto('1');
    const eac = page.locator('dd[data-indicator="eac"] button');
    await eac.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /^Why: Estimate at completion/ }).waitFor();
    await expect.poll(async () => (await dialog.locator('.formula').textContent()) ?? '').toContain('EAC (by CPI) = BAC / CPI');
    // AC, an input of EAC, opens its own explanation.
    await dialog.locator('li[data-input="ac"]').getByRole('button').click();
    await dialog.locator('.explanation[data-figure="ac"]').waitFor();
    await settled(page);
    const shown = (await dialog.locator('.explained-value strong').getAttribute('data-value')) ?? '';
    const indicators = await rest(env.server(), 'GET', `/budgets/1/folio/1/indicators?asOf=${today}`);
    expect(indicators.status, indicators.text).toBe(200);
    expect(cents(shown)).toBe(cents(String(indicators.json.success.ac)));
    const { sum, lines, total } = await sumOfLines(dialog);
    expect(lines).toBeGreaterThan(0);
    expect(sum).toBe(cents(shown));
    expect(cents(total)).toBe(cents(shown));
    // The way back to EAC.
    await dialog.getByRole('navigation', { name: 'Explanations followed' }).getByRole('button').first().click();
    await dialog.locator('.explanation[data-figure="eac"]').waitFor();
  });

  it('an item’s money on the costs screen opens its days, which add up to it', async () => {
    await page.goto('/folios/1/costs');
    const cell = page.locator('tr[data-position-id] td[data-field="toDate"]').first();
    await cell.waitFor();
    await settled(page);
    const money = (await cell.getAttribute('data-value')) ?? '';
    await cell.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.explanation[data-figure="toDate"]').waitFor();
    const { sum, total } = await sumOfLines(dialog);
    expect(sum).toBe(cents(money));
    expect(cents(total)).toBe(cents(money));
    expect(await dialog.locator('.explanation tbody tr').first().locator('td').nth(1).textContent()).not.toBe('');
  });

  it('a portfolio’s AC opens its folios’ own, converted; they add up to it', async () => {
    const portfolios = await rest(env.server(), 'GET', '/budgets/1/portfolio');
    const id = String(portfolios.json.success[0].id);
    await page.goto(`/portfolios/${id}`);
    const ac = page.locator('dd[data-indicator="ac"] button');
    await ac.waitFor();
    await settled(page);
    const shown = (await page.locator('dd[data-indicator="ac"]').getAttribute('data-value')) ?? '';
    await ac.click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.explanation[data-figure="ac"]').waitFor();
    const { sum, lines } = await sumOfLines(dialog);
    expect(lines).toBeGreaterThan(0);
    expect(sum).toBe(cents(shown));
  });

  it('a cell of the forecast’s table opens the items of its period, which add up to it', async () => {
    await page.goto('/folios/1/forecast');
    await page.locator('td[data-field="plannedCost"] button').first().waitFor();
    await settled(page);
    let chosen: Locator | null = null;
    const cells = page.locator('td[data-field="plannedCost"]');
    for (let i = 0; i < (await cells.count()); i++) {
      const value = (await cells.nth(i).getAttribute('data-value')) ?? '0';
      if (cents(value) !== 0n) {
        chosen = cells.nth(i);
        break;
      }
    }
    expect(chosen, 'a period with planned cost').not.toBeNull();
    const value = (await chosen!.getAttribute('data-value')) ?? '';
    await chosen!.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.explanation[data-figure="plannedCost"]').waitFor();
    const { sum, lines } = await sumOfLines(dialog);
    expect(lines).toBeGreaterThan(0);
    expect(sum).toBe(cents(value));
  });

  it('in what-if, the browser explains the changed BAC before it is applied: its items add up to it', async () => {
    await page.goto('/folios/1/whatif');
    const whatIf = new WhatIfScreen(page);
    await whatIf.changeRate('Maria Keller', '91.50');
    const bac = whatIf.figure('whatif-bac');
    await bac.waitFor();
    const shown = (await bac.getAttribute('data-value')) ?? '';
    await page.getByRole('button', { name: 'Why: BAC of the what-if draft' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.explanation[data-figure="bac"]').waitFor();
    expect(await dialog.locator('.explained-value strong').getAttribute('data-value')).toBe(shown);
    expect(await dialog.textContent()).toContain('draft (this sandbox)');
    const { sum, lines } = await sumOfLines(dialog);
    expect(lines).toBeGreaterThan(0);
    expect(sum).toBe(cents(shown));
  });

  it('a baseline’s BAC on the baselines screen is explained from the baseline’s own items', async () => {
    await page.goto('/folios/1/baselines');
    const total = page.locator('td[data-side="baseline"][data-field="bac"]');
    await total.locator('button').waitFor();
    await settled(page);
    const value = (await total.getAttribute('data-value')) ?? '';
    await total.locator('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.explanation[data-figure="bac"]').waitFor();
    expect(await dialog.textContent()).toMatch(/Planned side: Baseline \d+ “[^”]+”, approved \d{4}-\d{2}-\d{2}/);
    const { sum } = await sumOfLines(dialog);
    expect(sum).toBe(cents(value));
  });

  it('a light says which threshold its index crossed', async () => {
    await new FolioPage(page, 'Harbour footbridge').goto('1');
    const status = (await page.locator('li[data-light="cost"] [data-status]').first().getAttribute('data-status')) ?? '';
    await page.getByRole('button', { name: 'Why? Cost light' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.explanation[data-figure="cpiStatus"]').waitFor();
    const formula = (await dialog.locator('.formula').textContent()) ?? '';
    expect(formula).toContain('green when CPI >= 1');
    const crossed = { green: 'at or above', amber: 'within the tolerance', red: 'by more than the tolerance', grey: 'has no value' }[status] ?? '?';
    expect(formula).toContain(crossed);
  });

  it('a folio’s BAC in a portfolio’s table, and the saved draft’s BAC in what-if, open the server’s explanations', async () => {
    const portfolios = await rest(env.server(), 'GET', '/budgets/1/portfolio');
    await page.goto(`/portfolios/${String(portfolios.json.success[0].id)}`);
    const row = page.locator('tr[data-folio-id="1"]');
    await row.locator('[data-indicator="bac"]').waitFor();
    await settled(page);
    const bac = (await row.locator('[data-indicator="bac"]').getAttribute('data-value')) ?? '';
    await row.locator('td[data-label="BAC"] button').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.explanation[data-figure="bac"]').waitFor();
    expect(await dialog.locator('.explained-value strong').getAttribute('data-value')).toBe(bac);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto('/folios/1/whatif');
    const saved = new WhatIfScreen(page).figure('saved-bac');
    await saved.waitFor();
    const value = (await saved.getAttribute('data-value')) ?? '';
    await saved.click();
    await dialog.locator('.explanation[data-figure="bac"]').waitFor();
    expect(await dialog.locator('.explained-value strong').getAttribute('data-value')).toBe(value);
    expect(await dialog.locator('.explanation').textContent()).toContain('Planned side: the draft');
  });
});
