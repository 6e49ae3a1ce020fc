// The axe-core scan of every screen of the planner (the demo portfolio) at 1280 and 390 px wide:
// no serious or critical violation. A failure prints every such violation with its elements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeSerious, describeViolations, NARROW, newContext, newPage, settled, signIn, useE2E, WIDE } from './harness';
import {
  BaselinesScreen,
  HistoryList,
  CostsScreen,
  ExchangeRatesPage,
  OvertimeRulesPage,
  ExportScreen,
  ExpenseEditor,
  FolioPage,
  FoliosPage,
  ForecastScreen,
  NewFolioPage,
  PortfolioPage,
  PortfoliosPage,
  HoursScreen,
  ScopeScreen,
  SettingsScreen,
  ScenariosScreen,
  SignInPage,
  WhatIfScreen,
  type FolioTab,
} from './page-models';

const env = useE2E();

interface Screen {
  name: string;
  /** Brings the page to the screen, ready to scan. */
  open: (page: Page) => Promise<void>;
  signedIn: boolean;
}

const FOLIO = 'Harbour footbridge';

async function folioTab(page: Page, tab: FolioTab): Promise<void> {
  const folio = new FolioPage(page, FOLIO);
  await folio.goto('1', tab);
  await folio.heading.waitFor();
  await settled(page);
}

const SCREENS: Screen[] = [
  {
    name: 'sign-in',
    signedIn: false,
    open: async (page) => {
      const form = new SignInPage(page);
      await form.goto();
      await form.submitButton.waitFor();
    },
  },
  {
    name: 'folios',
    signedIn: true,
    open: async (page) => {
      const folios = new FoliosPage(page);
      await folios.goto();
      await folios.folioLink(FOLIO).waitFor();
      await settled(page);
    },
  },
  {
    name: 'new folio',
    signedIn: true,
    open: async (page) => {
      const form = new NewFolioPage(page);
      await form.goto();
      await form.createButton.waitFor();
    },
  },
  {
    name: 'overview',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Overview');
      await new FolioPage(page, FOLIO).indicator('bac').first().waitFor();
    },
  },
  {
    name: 'forecast',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Forecast');
      await new ForecastScreen(page).firstCanvas.waitFor();
      await new ForecastScreen(page).drivers.waitFor();
    },
  },
  {
    name: 'forecast: how a percentile was computed (dialog open)',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Forecast');
      const forecast = new ForecastScreen(page);
      await forecast.confidenceFigures.getByRole('button').nth(1).click();
      await page
        .getByRole('dialog')
        .getByText(/costfolio forecast PLAN\.json/)
        .waitFor();
    },
  },
  {
    name: 'costs & revenues',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Costs & revenues');
      await new CostsScreen(page).tables.first().waitFor();
    },
  },
  {
    name: 'cost lines grouped by category',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Costs & revenues');
      const costs = new CostsScreen(page);
      await costs.line('total').waitFor();
      await costs.groupBy.selectOption('category');
      await page.locator('tr.subtotal').first().waitFor();
    },
  },
  {
    name: 'expense editor (dialog open)',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Costs & revenues');
      await new CostsScreen(page).addExpense();
      await new ExpenseEditor(page).occurrenceList.waitFor();
    },
  },
  {
    name: 'position editor (dialog open)',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Costs & revenues');
      await new CostsScreen(page).addPosition('team member');
    },
  },
  {
    name: 'what-if (one change made)',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'What-if');
      const whatIf = new WhatIfScreen(page);
      await whatIf.changeRate('Maria Keller', '91.50');
      await whatIf.applyButton(1).waitFor();
    },
  },
  {
    name: 'scenarios, two plans compared',
    signedIn: true,
    open: async (page) => {
      const screen = new ScenariosScreen(page);
      await screen.goto('1');
      await screen.forkForm.waitFor();
      // Forked once (the first width); the second finds it.
      if (!(await screen.row('Night works').count())) await screen.fork('Night works');
      await screen.compare('Draft', 'Night works');
      await settled(page);
    },
  },
  {
    name: 'scenarios: a promotion asked (dialog open)',
    signedIn: true,
    open: async (page) => {
      const screen = new ScenariosScreen(page);
      await screen.goto('1');
      await screen.forkForm.waitFor();
      if (!(await screen.row('Night works').count())) await screen.fork('Night works');
      await screen.row('Night works').getByRole('button', { name: 'Promote…' }).click();
      await screen.promoteDialog.getByLabel('Reason').waitFor();
    },
  },
  {
    name: 'baselines',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Baselines');
      await new BaselinesScreen(page).firstTable.waitFor();
    },
  },
  {
    name: 'an explanation (AC, its lines)',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Overview');
      await page.locator('dd[data-indicator="ac"] button').click();
      await page.getByRole('dialog').locator('.explanation[data-figure="ac"] table').waitFor();
    },
  },
  {
    name: 'activity',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Activity');
      await new HistoryList(page.locator('main')).changes.first().waitFor();
    },
  },
  {
    name: 'an item’s history (editor, opened)',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Costs & revenues');
      const costs = new CostsScreen(page);
      const editor = await costs.editPosition('Tom Novak');
      await editor.historyToggle.click();
      await new HistoryList(editor.history).changes.first().waitFor();
    },
  },
  {
    name: 'export',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Import & export');
      await new ExportScreen(page).anyDownloadLink.waitFor();
    },
  },
  {
    name: 'import (a file previewed, a row refused)',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Import & export');
      const csv = 'Date;Supplier;Amount;Invoice\n31.03.2026;Nordstahl GmbH;18.500,00;R-1\n16.04.2026;Büro Schmidt;abc;R-2\n';
      await page.locator('input[type=file]').setInputFiles({ name: 'erp.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
      await page.getByTestId('import-preview').waitFor();
      await settled(page);
    },
  },
  {
    name: 'scope',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Scope');
      await new ScopeScreen(page).save.waitFor();
      await settled(page);
    },
  },
  {
    name: 'hours',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Hours');
      await new HoursScreen(page).card('Tom Novak').waitFor();
      await settled(page);
    },
  },
  {
    name: 'portfolio form',
    signedIn: true,
    open: async (page) => {
      await page.goto('/portfolios/1/edit');
      await page.getByRole('button', { name: 'Save portfolio' }).waitFor();
      await settled(page);
    },
  },
  {
    name: 'settings',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Settings');
      const settings = new SettingsScreen(page);
      await settings.save.waitFor();
      await settings.field('Share with').waitFor();
      await settled(page);
    },
  },
  {
    name: 'settings (a shorter folio asked about)',
    signedIn: true,
    open: async (page) => {
      await folioTab(page, 'Settings');
      const settings = new SettingsScreen(page);
      await settings.save.waitFor();
      await settled(page);
      // A month after its start: most of its costs are cut.
      const end = new Date(`${await settings.field('Start date').inputValue()}T00:00:00Z`);
      end.setUTCMonth(end.getUTCMonth() + 1);
      await settings.field('End date').fill(end.toISOString().slice(0, 10));
      await settings.save.click();
      await page.getByRole('button', { name: 'Save anyway' }).waitFor();
    },
  },
  {
    name: 'exchange rates',
    signedIn: true,
    open: async (page) => {
      const rates = new ExchangeRatesPage(page);
      await rates.goto();
      await rates.table.waitFor();
      await settled(page);
    },
  },
  {
    name: 'overtime rules',
    signedIn: true,
    open: async (page) => {
      const rules = new OvertimeRulesPage(page);
      await rules.goto();
      await rules.table.waitFor();
      await settled(page);
    },
  },
  {
    name: 'portfolios',
    signedIn: true,
    open: async (page) => {
      const portfolios = new PortfoliosPage(page);
      await portfolios.goto();
      await portfolios.portfolioLink('Projects 2026').waitFor();
      await settled(page);
    },
  },
  {
    name: 'portfolio',
    signedIn: true,
    open: async (page) => {
      const portfolio = new PortfolioPage(page);
      await portfolio.goto('1');
      await portfolio.heading('Projects 2026').waitFor();
      await settled(page);
      await portfolio.folioLink(FOLIO).waitFor();
    },
  },
];

it('the scan itself finds a planted critical violation under the planner’s CSP', async () => {
  const context = await newContext(env.browser(), env.server());
  const page = await newPage(context);
  const form = new SignInPage(page);
  await form.goto();
  await form.submitButton.waitFor();
  await page.evaluate(() => {
    const b = document.createElement('button'); // a button without a name: axe's "button-name" (critical)
    document.querySelector('main')!.append(b);
  });
  const violations = await axeSerious(page);
  expect(violations.map((v) => v.id)).toContain('button-name');
  await context.close();
});

for (const viewport of [WIDE, NARROW]) {
  describe(`axe at ${viewport.width} px`, () => {
    let signedOut: BrowserContext;
    let signedIn: BrowserContext;
    let inPage: Page;
    beforeAll(async () => {
      signedOut = await newContext(env.browser(), env.server(), viewport);
      signedIn = await newContext(env.browser(), env.server(), viewport);
      inPage = await newPage(signedIn);
      await signIn(inPage, env.server());
    });
    afterAll(async () => {
      await signedOut?.close();
      await signedIn?.close();
    });

    for (const screen of SCREENS) {
      it(`${screen.name}: no serious or critical violation, no sideways scrolling`, async () => {
        const page = screen.signedIn ? inPage : await newPage(signedOut);
        await screen.open(page);
        const violations = await axeSerious(page);
        expect(violations, describeViolations(`${screen.name} at ${viewport.width} px`, violations)).toEqual([]);
        // The layout works at this width: the page itself never scrolls sideways (wide tables
        // scroll inside their own region).
        const overflow = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          // What sticks out: positioned elements first (they escape their scrolling containers).
          const out = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width + 1);
          const positioned = out.filter((e) => getComputedStyle(e).position !== 'static');
          const wide = [...positioned, ...out.filter((e) => !positioned.includes(e))]
            .slice(0, 5)
            .map((e) => `<${e.tagName.toLowerCase()}${e.className ? ` class="${e.className}"` : ''}> right=${Math.round(e.getBoundingClientRect().right)}`);
          return { scroll: document.documentElement.scrollWidth, width, wide };
        });
        expect(overflow.scroll, `${screen.name} at ${viewport.width} px is ${overflow.scroll} px wide: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(
          overflow.width,
        );
        if (!screen.signedIn) await page.close();
      });
    }
  });
}
