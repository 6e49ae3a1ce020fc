// Cost lines in the planner, against a real `costfolio serve` (S9.12): a controller enters an
// invoice in the expense editor, takes the suggested planned expense of the same name, and the
// line of that planned expense then shows it, each figure the server's exact string (GET
// /folio/{id}/lines), the grouping's subtotals too; at 390 px a line is a card whose forecast and
// variance come first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createFolio, newContext, newPage, rest, settled, serverToday, signIn, useE2E } from './harness';
import { CostsScreen, ExpenseEditor } from './page-models';

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

/** A folio of this year with two planned expenses: its id. */
async function folio(): Promise<string> {
  const year = serverToday().slice(0, 4);
  const id = await createFolio(env.server(), 'Quay wall', `${year}-01-04`, `${year}-12-18`);
  for (const [name, category, amount] of [
    ['Sheet piling', 'CAPEX', 12000],
    ['Site fencing', 'OPEX', 900],
  ] as const) {
    const planned = await rest(env.server(), 'POST', '/budgets/1/expense', {
      folioId: Number(id),
      name,
      description: '',
      type: 'Works',
      category,
      kind: '.PlannedExpense',
      amount,
      currencyCode: 'EUR',
      recurrence: { kind: '.Once', startDate: `${year}-02-02` },
    });
    expect(planned.status, planned.text).toBe(200);
  }
  return id;
}

describe('cost lines', () => {
  it('an invoice linked in the editor shows on its planned line, with the server’s figures and subtotals', async () => {
    const id = await folio();
    const costs = new CostsScreen(page);
    await costs.goto(id, serverToday());
    await costs.line('total').waitFor();
    await costs.addExpense();
    const editor = new ExpenseEditor(page);
    await editor.kind.selectOption('.ActualExpense');
    await editor.name.fill('Sheet piling, invoice 1');
    await editor.type.fill('Works');
    await editor.amount.fill('12500.50');
    await editor.date.fill(`${serverToday().slice(0, 4)}-01-20`);
    await editor.linkSuggested.click();
    expect(await editor.realises.inputValue()).not.toBe('');
    await editor.addButton.click();
    await editor.dialog.waitFor({ state: 'detached' });
    await settled(page);

    const answer = await rest(env.server(), 'GET', `/budgets/1/folio/${id}/lines?asOf=${serverToday()}`);
    expect(answer.status, answer.text).toBe(200);
    type Line = { itemId: string; name: string; realisedBy: { name: string }[]; figures: Record<string, string> };
    const lines = (answer.json.success as { lines: Line[] }).lines;
    const piling = lines.find((l) => l.name === 'Sheet piling');
    if (!piling) throw new Error(`no line of the sheet piling: ${answer.text}`);
    expect(piling.realisedBy.map((r) => r.name)).toEqual(['Sheet piling, invoice 1']);
    const row = costs.line(`expense-${piling.itemId}`);
    await expect.poll(() => row.locator('[data-field="actual"]').getAttribute('data-value')).toBe(piling.figures.actual);
    for (const field of ['budget', 'plan', 'scheduled', 'forecast', 'vac', 'planVariance']) {
      expect(await row.locator(`[data-field="${field}"]`).getAttribute('data-value'), field).toBe(piling.figures[field]);
    }
    expect(await row.locator('[data-field="status"]').getAttribute('data-value')).toBe('amber');
    expect(await row.textContent()).toContain('realised by Sheet piling, invoice 1');

    await costs.groupBy.selectOption('category');
    await page.locator('tr[data-group="CAPEX"]').waitFor();
    const grouped = (await rest(env.server(), 'GET', `/budgets/1/folio/${id}/lines?asOf=${serverToday()}&groupBy=category`)).json.success as {
      groups: { key: string; figures: Record<string, string> }[];
      total: Record<string, string>;
    };
    for (const group of grouped.groups) {
      expect(await page.locator(`tr[data-group="${group.key}"] [data-field="forecast"]`).getAttribute('data-value'), group.key).toBe(group.figures.forecast);
    }
    expect(grouped.groups.map((g) => g.key)).toEqual(['CAPEX', 'OPEX']);
    expect(await costs.line('total').locator('[data-field="forecast"]').getAttribute('data-value')).toBe(grouped.total.forecast);
  });

  it('at 390 px a line is a card with its forecast and variance before its budget', async () => {
    const narrow = await newContext(env.browser(), env.server(), { width: 390, height: 844 });
    try {
      const small = await newPage(narrow);
      await signIn(small, env.server());
      const id = await folio();
      const costs = new CostsScreen(small);
      await costs.goto(id, serverToday());
      const row = costs.line('total');
      await row.waitFor();
      const top = async (field: string) => (await row.locator(`[data-field="${field}"]`).boundingBox())?.y ?? Number.NaN;
      expect(await top('forecast')).toBeLessThan(await top('budget'));
      expect(await top('vac')).toBeLessThan(await top('budget'));
    } finally {
      await narrow.close();
    }
  });
});
