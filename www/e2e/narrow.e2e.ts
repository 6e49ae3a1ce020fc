// The costs screen at 390 px: every row's name, period (or schedule) and total are on
// screen without scrolling sideways, neither the page nor any table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { NARROW, newContext, newPage, settled, signIn, useE2E } from './harness';
import { FolioPage } from './page-models';

const env = useE2E();

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await newContext(env.browser(), env.server(), NARROW);
  page = await newPage(context);
  await signIn(page, env.server());
});
afterAll(async () => {
  await context?.close();
});

describe('costs at 390 px', () => {
  it('shows every row’s name, period and total without scrolling sideways', async () => {
    await new FolioPage(page, 'Harbour footbridge').goto('1', 'Costs & revenues');
    await page.locator('tr[data-expense-id]').first().waitFor();
    await settled(page);
    const report = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const off = (e: Element | null) => {
        if (!e) return 'missing';
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.left >= 0 && r.right <= width ? null : `at ${Math.round(r.left)}-${Math.round(r.right)} of ${width}`;
      };
      const problems: string[] = [];
      for (const region of document.querySelectorAll('.table-scroll')) {
        if (region.scrollWidth > region.clientWidth + 1)
          problems.push(`${region.getAttribute('aria-label')} scrolls sideways (${region.scrollWidth} > ${region.clientWidth})`);
      }
      const rows = [...document.querySelectorAll('tr[data-position-id], tr[data-expense-id]')];
      for (const row of rows) {
        const name = row.querySelector('th')?.textContent?.trim() ?? '?';
        for (const [what, cell] of [
          ['name', row.querySelector('th')],
          ['period', row.querySelector('td[data-label="Period"], td[data-label="Schedule"]')],
          ['total', row.querySelector('[data-field="total"], [data-field="refusal"]')],
        ] as const) {
          const bad = off(cell);
          if (bad) problems.push(`${name}: its ${what} is ${bad}`);
        }
      }
      return { rows: rows.length, problems, page: document.documentElement.scrollWidth - width };
    });
    expect(report.rows).toBeGreaterThan(5);
    expect(report.page).toBeLessThanOrEqual(0);
    expect(report.problems).toEqual([]);
  });
});
