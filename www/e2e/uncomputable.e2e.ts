// An uncomputable folio (S5.6): a journal written before the rule may hold a live expense whose
// currency has no exchange rate into its folio's. The server no longer lets anyone make such a
// folio (the expense, the folio's currency and the rate's removal are refused), so this test
// answers the demo's first folio's requests with exactly what the server answers for one
// (docs/semantics.md S5.6, tests/computable.rs): its indicators and timeline a 400 with S5.3's
// message, and its items a 200 in which that expense has `total` and `toDate` null, its `refusal`,
// and no `convertedAmount` (the other items keep the server's figures). Every screen that shows
// those figures shows the message in their place, stays usable, and is axe clean at both widths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { isLosslessNumber, parse as parseLossless, stringify } from 'lossless-json';
import { axeSerious, describeViolations, NARROW, newContext, newPage, rest, settled, signIn, useE2E, WIDE } from './harness';
import { BaselinesScreen, CostsScreen, ExportScreen, ExpenseEditor, FolioPage, FoliosPage, PortfolioPage, Shell, type FolioTab } from './page-models';

const env = useE2E();

const FOLIO = 'Harbour footbridge';
const REFUSAL = 'No exchange rate from GBP to EUR (nor from EUR to GBP): a budget administrator adds one under exchange rates';
/** The demo folio's expense the answers make uncomputable (its id, set in beforeAll). */
let uncosted: { id: string; name: string } = { id: '', name: '' };

const idOf = (value: unknown) => (isLosslessNumber(value) ? value.value : String(value));

beforeAll(async () => {
  const items = await rest(env.server(), 'GET', '/budgets/1/folio/1/items');
  expect(items.status, items.text).toBe(200);
  const first = items.json.success.expenses[0].expense;
  uncosted = { id: String(first.id), name: String(first.name) };
});

/** Answers folio 1's figures as the server answers an uncomputable folio's. */
async function uncomputable(context: BrowserContext): Promise<void> {
  const refused = (route: Route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ errorMessages: [REFUSAL] }) });
  await context.route((url) => /^\/budgets\/1\/folio\/1\/(indicators|timeline)$/.test(url.pathname), refused);
  // The folio list asks for its rows' indicators in one request: folio 1's answers the refusal.
  await context.route(
    (url) => url.pathname === '/budgets/1/folio/indicators',
    async (route) => {
      const answer = await route.fetch();
      const body = parseLossless(await answer.text()) as { success: { folioId: unknown; indicators?: unknown; refusal?: string }[] };
      for (const entry of body.success)
        if (idOf(entry.folioId) === '1') {
          delete entry.indicators;
          entry.refusal = REFUSAL;
        }
      await route.fulfill({ status: answer.status(), contentType: 'application/json', body: stringify(body) ?? '' });
    },
  );
  await context.route(
    (url) => url.pathname === '/budgets/1/folio/1/items',
    async (route) => {
      const answer = await route.fetch();
      // Parsed and written with every number's exact text kept.
      const body = parseLossless(await answer.text()) as {
        success: { expenses: { expense: Record<string, unknown>; total: unknown; toDate: unknown; refusal?: string }[] };
      };
      const item = body.success.expenses.find((e) => idOf(e.expense.id) === uncosted.id)!;
      item.expense.currencyCode = 'GBP';
      delete item.expense.convertedAmount;
      item.total = null;
      item.toDate = null;
      item.refusal = REFUSAL;
      await route.fulfill({ status: answer.status(), contentType: 'application/json', body: stringify(body) ?? '' });
    },
  );
}

async function noViolations(page: Page, where: string): Promise<void> {
  const violations = await axeSerious(page);
  expect(violations, describeViolations(where, violations)).toEqual([]);
}

/** The messages the page shows where the figures would be (`data-refusal`). */
const refusals = (page: Page) => page.locator('main [data-refusal]').allTextContents();

async function tab(page: Page, name: FolioTab): Promise<void> {
  const folio = new FolioPage(page, FOLIO);
  await folio.tabLink(name).click();
  await expect.poll(() => folio.tabLink(name).getAttribute('aria-current')).toBe('page');
  await settled(page);
}

for (const viewport of [WIDE, NARROW]) {
  describe(`an uncomputable folio at ${viewport.width} px`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await newContext(env.browser(), env.server(), viewport);
      await uncomputable(context);
      page = await newPage(context);
      await signIn(page, env.server());
    });
    afterAll(async () => {
      await context?.close();
    });

    it('the overview shows the refusal in place of the indicators and lights', async () => {
      const folio = new FolioPage(page, FOLIO);
      await folio.goto('1');
      await folio.heading.waitFor();
      await settled(page);
      const card = folio.refusedFigures;
      await card.waitFor();
      expect(await card.getByRole('heading').textContent()).toMatch(/^Indicators as of /);
      expect((await refusals(page)).join(' ')).toContain(REFUSAL);
      expect(await page.locator('main [data-indicator], main [data-light]').count()).toBe(0);
      // Where the items are: a link to the costs screen.
      expect(await folio.costsLink.getAttribute('href')).toBe('/folios/1/costs');
      await noViolations(page, `overview at ${viewport.width} px`);
    });

    it('the forecast shows the refusal in place of its charts', async () => {
      await tab(page, 'Forecast');
      const card = new FolioPage(page, FOLIO).refusedFigures;
      await card.waitFor();
      expect(await card.getByRole('heading').textContent()).toBe('Forecast');
      expect((await refusals(page)).join(' ')).toContain(REFUSAL);
      expect(await page.locator('main [data-indicator], main canvas').count()).toBe(0);
      await noViolations(page, `forecast at ${viewport.width} px`);
    });

    it('the costs screen lists every item: the uncomputable one with the refusal, the others with their figures', async () => {
      await tab(page, 'Costs & revenues');
      const costs = new CostsScreen(page);
      const row = costs.expenseRow(uncosted.id);
      await row.waitFor();
      expect(await row.locator('[data-field="refusal"]').textContent()).toBe(REFUSAL);
      expect(await row.locator('[data-field="toDate"], [data-field="total"], [data-field="convertedAmount"]').count()).toBe(0);
      // The top says which item and why.
      const notice = costs.uncostedNotice;
      expect(await notice.textContent()).toContain(`${uncosted.name}: ${REFUSAL}`);
      // Every other item shows the server's figures (as the server computes them, unrouted).
      const items = (await rest(env.server(), 'GET', '/budgets/1/folio/1/items')).json.success;
      const others = (items.expenses as any[]).filter((e) => String(e.expense.id) !== uncosted.id);
      expect(others.length).toBeGreaterThan(0);
      for (const e of others) {
        const cells = costs.expenseRow(String(e.expense.id));
        expect(await cells.locator('[data-field="total"]').getAttribute('data-value')).toBe(String(e.total));
        expect(await cells.locator('[data-field="toDate"]').getAttribute('data-value')).toBe(String(e.toDate));
      }
      for (const p of items.positions as any[]) {
        expect(await costs.positionRow(String(p.position.id)).locator('[data-field="total"]').getAttribute('data-value')).toBe(String(p.total));
      }
      await noViolations(page, `costs at ${viewport.width} px`);
    });

    it('the baselines screen compares the items, and shows the refusal in place of the months', async () => {
      await tab(page, 'Baselines');
      const baselines = new BaselinesScreen(page);
      await baselines.perItem.waitFor();
      await settled(page);
      expect(await baselines.comparedItems.count()).toBeGreaterThan(0);
      expect(await baselines.perMonth.count()).toBe(0);
      expect((await refusals(page)).join(' ')).toContain(REFUSAL);
      await noViolations(page, `baselines at ${viewport.width} px`);
      await tab(page, 'Costs & revenues');
    });

    it('stays usable: the uncomputable expense opens in its editor, other screens and another as-of date load', async () => {
      const d: ExpenseEditor = await new CostsScreen(page).editExpense(uncosted.name, uncosted.id);
      expect(await d.currency.inputValue()).toBe('GBP');
      await d.cancelButton.click();
      await expect.poll(() => new Shell(page).dialog.count()).toBe(0);
      await tab(page, 'Import & export');
      await new ExportScreen(page).planButton.waitFor();
      await tab(page, 'Overview');
      const folio = new FolioPage(page, FOLIO);
      await folio.refusedFigures.waitFor();
      await folio.asOf.fill('2026-06-30');
      await folio.asOf.press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('asOf')).toBe('2026-06-30');
      await settled(page);
      expect((await refusals(page)).join(' ')).toContain(REFUSAL);
    });

    it('the folios list and the portfolio show the refusal in the folio’s row, the other folios their figures', async () => {
      await new Shell(page).navLink('Folios').click();
      const folios = new FoliosPage(page);
      const row = folios.row('1');
      await row.waitFor();
      await expect.poll(() => row.locator('[data-refusal]').textContent()).toBe(REFUSAL);
      await folios.row('2').locator('[data-indicator="bac"]').waitFor();
      await settled(page);
      await noViolations(page, `folios at ${viewport.width} px`);

      const portfolio = new PortfolioPage(page);
      await portfolio.goto('1');
      const inPortfolio = portfolio.row('1');
      await inPortfolio.waitFor();
      await expect.poll(() => inPortfolio.locator('[data-refusal]').textContent()).toBe(REFUSAL);
      await settled(page);
      await noViolations(page, `portfolio at ${viewport.width} px`);
    });
  });
}
