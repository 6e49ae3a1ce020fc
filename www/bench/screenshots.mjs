// scripts/screenshots: a PNG of every screen of the demo portfolio at 1280 and 390 px wide, full
// page, into docs/screenshots/ (e.g. overview-1280.png). Needs www/dist built and the debug server.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch, ROOT, settled, signIn, startServer } from './lib.mjs';

const OUT = path.join(ROOT, 'docs/screenshots');
const FOLIO = 'Harbour footbridge';

const folioTab = async (page, url) => {
  await page.goto(url);
  await page.getByRole('heading', { name: FOLIO, level: 1 }).waitFor();
  await settled(page);
};

const SCREENS = [
  [
    'signin',
    false,
    async (page) => {
      await page.goto('/signin');
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    },
  ],
  [
    'folios',
    true,
    async (page) => {
      await page.goto('/');
      await page.getByRole('link', { name: FOLIO }).waitFor();
      await settled(page);
    },
  ],
  [
    'new-folio',
    true,
    async (page) => {
      await page.goto('/folios/new');
      await page.getByRole('button', { name: 'Create folio' }).waitFor();
    },
  ],
  [
    'overview',
    true,
    async (page) => {
      await folioTab(page, '/folios/1');
      await page.locator('[data-indicator="bac"]').first().waitFor();
    },
  ],
  [
    'forecast',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/forecast');
      await page.getByRole('img').locator('canvas').first().waitFor();
      // Show the exact figures of a period (keyboard on the chart).
      await page.getByRole('img').first().focus();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
    },
  ],
  [
    'confidence',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/forecast');
      await page.getByRole('list', { name: 'Lines that drive the spread, strongest first' }).waitFor();
      await page
        .getByRole('img', { name: /^How many iterations ended/ })
        .locator('canvas')
        .waitFor();
    },
  ],
  [
    'confidence-explained',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/forecast');
      await page.getByRole('list', { name: 'Cost at completion' }).getByRole('button').nth(1).click();
      await page.getByRole('dialog').getByText('costfolio forecast PLAN.json').waitFor();
    },
    { dialog: true },
  ],
  [
    'costs',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/costs');
      await page.locator('tr[data-expense-id]').first().waitFor();
      await page.locator('tr[data-line]').first().waitFor();
      await settled(page);
    },
  ],
  [
    'cost-lines',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/costs');
      await page.locator('tr[data-line]').first().waitFor();
      await page.getByLabel('Group by').selectOption('category');
      await page.locator('tr.subtotal').first().waitFor();
      await settled(page);
    },
  ],
  [
    'expense-editor',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/costs');
      await page.getByRole('button', { name: 'Add an expense' }).click();
      const d = page.getByRole('dialog');
      await d.getByLabel('Name', { exact: true }).fill('Site office rent');
      await d.getByLabel('Expense type').fill('Rental');
      await d.getByLabel('Amount', { exact: true }).fill('1200.50');
      await d.getByLabel('Repeats').selectOption({ label: 'Monthly' });
      await d.getByLabel('First date').fill('2026-03-31');
      await d.getByRole('list', { name: 'Next occurrences' }).locator('[data-date="2026-04-30"]').waitFor();
      await d.getByLabel('Name', { exact: true }).focus();
    },
    { dialog: true },
  ],
  [
    'position-editor',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/costs');
      await page.locator('tr[data-position-id]').first().waitFor();
      const edit = page.locator('tr[data-position-id]').first().getByRole('button', { name: /^Edit/ });
      await edit.click();
      await page.getByRole('dialog').waitFor();
      await settled(page);
    },
    { dialog: true },
  ],
  [
    'whatif',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/whatif');
      // One change made: a team member's rate (the actual curve moves) and a planned rate (the planned one).
      for (const [name, rate] of [
        ['Maria Keller', '97.35'],
        ['Lighting designer', '120'],
      ]) {
        const input = page.getByLabel(`Rate of ${name}`);
        await input.fill(rate);
        await input.press('Enter');
      }
      await page.getByRole('button', { name: /^Apply 2 changes/ }).waitFor();
      // The draft's and the what-if's forecast, drawn in the worker.
      await page.getByRole('region', { name: 'How sure the draft is' }).locator('tr[data-confidence="P50"]').waitFor();
      await settled(page);
    },
  ],
  [
    'scenarios',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/scenarios');
      const form = page.getByRole('form', { name: 'Fork a scenario' });
      // Two scenarios, forked at the first width; the second finds them.
      for (const name of ['Night works', 'Second crane']) {
        const row = page.getByRole('region', { name: 'Scenarios' }).getByRole('rowheader', { name: new RegExp(`^${name}`) });
        if (await row.count()) continue;
        await form.getByLabel('Name').fill(name);
        await form.getByRole('button', { name: 'Fork scenario' }).click();
        await row.waitFor();
      }
      for (const name of ['Night works', 'Second crane']) await page.getByRole('checkbox', { name: `Compare ${name}` }).check();
      await page.getByRole('button', { name: /^Compare 3 plans/ }).click();
      await page.getByTestId('scenario-comparison').waitFor();
      await settled(page);
    },
  ],
  [
    'whatif-scenario',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/scenarios');
      const row = page.getByRole('region', { name: 'Scenarios' }).getByRole('row').filter({ hasText: 'Night works' });
      if (!(await row.count())) {
        const form = page.getByRole('form', { name: 'Fork a scenario' });
        await form.getByLabel('Name').fill('Night works');
        await form.getByRole('button', { name: 'Fork scenario' }).click();
        await row.waitFor();
      }
      await row.getByRole('link', { name: 'Change in What-if' }).click();
      await page.locator('[data-scenario-sandbox]').waitFor();
      const input = page.getByLabel('Rate of Lighting designer');
      await input.fill('140');
      await input.press('Enter');
      await page.getByRole('button', { name: /^Apply 1 change/ }).waitFor();
      await settled(page);
    },
  ],
  [
    'scenario-promote',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/scenarios');
      await page.getByRole('button', { name: 'Promote…' }).first().click();
      await page.getByRole('dialog').getByLabel('Reason').fill('The client accepts night works');
      await page.getByRole('dialog').getByLabel('Approve it as a baseline at once').check();
      await settled(page);
    },
    { dialog: true },
  ],
  [
    'baselines',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/baselines');
      await page.getByRole('region', { name: 'Comparison per item' }).waitFor();
      await settled(page);
    },
  ],
  [
    'explain',
    true,
    async (page) => {
      await folioTab(page, '/folios/1');
      await page.locator('dd[data-indicator="ac"] button').click();
      await page.getByRole('dialog').locator('.explanation[data-figure="ac"] table').waitFor();
      await settled(page);
    },
    { dialog: true },
  ],
  [
    'explain-item',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/costs');
      await page.locator('tr[data-expense-id] td[data-field="total"] button').first().click();
      await page.getByRole('dialog').locator('.explanation[data-figure="total"] table').waitFor();
      await settled(page);
    },
    { dialog: true },
  ],
  [
    'activity',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/activity');
      await page.locator('ol.changes li.change').first().waitFor();
      await settled(page);
    },
  ],
  [
    'item-history',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/costs');
      await page.locator('tr[data-position-id]').first().waitFor();
      await page.locator('tr[data-position-id]').first().getByRole('button', { name: /^Edit/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('details.item-history > summary').click();
      await dialog.locator('ol.changes li.change').first().waitFor();
      await dialog.locator('details.item-history').scrollIntoViewIfNeeded();
      await settled(page);
    },
    { dialog: true },
  ],
  [
    'export',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/export');
      await page.getByRole('button', { name: /preview/i }).click();
      await page.getByTestId('csv-preview').waitFor();
    },
  ],
  [
    'import',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/export');
      const csv =
        '\ufeffBelegdatum;Lieferant;Betrag;Rechnungsnummer;Plan\r\n' +
        '31.03.2026;Nordstahl GmbH;18.500,00;R-2026-0311;Steel deck fabrication\r\n' +
        '15.04.2026;Kran Service AG;9.000,00;R-2026-0412;Crane rental\r\n' +
        '16.04.2026;Büro Schmidt;abc;R-2026-0413;\r\n';
      await page.locator('input[type=file]').setInputFiles({ name: 'erp-march.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
      await page.getByTestId('import-preview').waitFor();
    },
  ],
  [
    'portfolios',
    true,
    async (page) => {
      await page.goto('/portfolios');
      await page.getByRole('link', { name: 'Projects 2026' }).waitFor();
      await settled(page);
    },
  ],
  [
    'portfolio',
    true,
    async (page) => {
      await page.goto('/portfolios/1');
      await page.getByRole('heading', { name: 'Projects 2026', level: 1 }).waitFor();
      await page.locator('tr[data-folio-id]').first().waitFor();
      await settled(page);
    },
  ],
  [
    'overtime-rules',
    true,
    async (page) => {
      await page.goto('/admin/overtime-rules');
      await page.getByRole('table', { name: /^Overtime rules \(/ }).waitFor();
      await settled(page);
    },
  ],
  [
    'exchange-rates',
    true,
    async (page) => {
      await page.goto('/admin/exchange-rates');
      await page.getByRole('table', { name: /^Exchange rates \(/ }).waitFor();
      await settled(page);
    },
  ],
  [
    'scope',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/scope');
      await page.getByRole('heading', { name: /^Scope items/ }).waitFor();
      await settled(page);
    },
  ],
  [
    'hours',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/hours');
      await page
        .getByRole('table', { name: /^Hours of .* by month$/ })
        .first()
        .waitFor();
      await settled(page);
    },
  ],
  [
    'portfolio-form',
    true,
    async (page) => {
      await page.goto('/portfolios/1/edit');
      await page.getByRole('button', { name: 'Save portfolio' }).waitFor();
      await settled(page);
    },
  ],
  [
    'settings',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/settings');
      await page.getByRole('button', { name: 'Save settings' }).waitFor();
      await page.getByRole('heading', { name: 'Sharing' }).waitFor();
      await settled(page);
    },
  ],
  [
    // A shorter folio asked about before it is saved (S8.7): nothing is stored.
    'settings-cuts',
    true,
    async (page) => {
      await folioTab(page, '/folios/1/settings');
      await page.getByRole('button', { name: 'Save settings' }).waitFor();
      await settled(page);
      const end = page.getByLabel('End date', { exact: true });
      const shorter = new Date(`${await end.inputValue()}T00:00:00Z`);
      shorter.setUTCMonth(shorter.getUTCMonth() - 3);
      await end.fill(shorter.toISOString().slice(0, 10));
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('button', { name: 'Save anyway' }).waitFor();
    },
  ],
];
// `SCREENS=settings,forecast` shoots only those.
const ONLY = process.env.SCREENS ? new Set(process.env.SCREENS.split(',')) : null;

const server = await startServer();
const browser = await launch();
const failures = [];
try {
  mkdirSync(OUT, { recursive: true });
  for (const width of [1280, 390]) {
    const viewport = { width, height: width > 600 ? 800 : 844 };
    const options = { baseURL: server.url, viewport, locale: 'en-US', timezoneId: 'Europe/Berlin', colorScheme: 'light', deviceScaleFactor: 1 };
    const signedOut = await browser.newContext(options);
    const signedIn = await browser.newContext(options);
    const page = await signedIn.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page, server);
    for (const [name, needsSession, open, how = {}] of SCREENS.filter(([name]) => !ONLY || ONLY.has(name))) {
      const p = needsSession ? page : await signedOut.newPage();
      const file = path.join(OUT, `${name}-${width}.png`);
      try {
        // A modal dialog is fixed to the viewport: a tall viewport instead of a full-page capture.
        await p.setViewportSize(how.dialog ? { width, height: 1500 } : viewport);
        await open(p);
        // Fonts and the last paint: the next animation frame after the screen is ready.
        // The page from its top (a focused chart scrolls it), after the last paint.
        await p.evaluate(() => window.scrollTo(0, 0));
        await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await p.screenshot({ path: file, fullPage: !how.dialog, animations: 'disabled', caret: 'hide' });
        console.log(`wrote ${path.relative(ROOT, file)}`);
      } catch (e) {
        failures.push(`${name} at ${width} px: ${e.message.split('\n')[0]}`);
        console.error(`FAILED ${name}-${width}: ${e.message.split('\n')[0]}`);
      }
      if (!needsSession) await p.close();
    }
    await signedOut.close();
    await signedIn.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
if (failures.length) {
  console.error(`\n${failures.length} screen(s) failed:\n${failures.join('\n')}`);
  process.exit(1);
}
