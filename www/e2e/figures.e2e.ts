// Every figure the test reads on screen equals what the REST interface answers for the same folio
// (or portfolio) at the same as-of date: the data-value the planner holds and the number its text
// shows, compared as normalized decimal strings, never as floats. Demo data, several dates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { mismatches, newContext, newPage, readFigures, restWithSession, settled, signIn, useE2E, type Answer } from './harness';
import { CostsScreen, ExportScreen, FolioPage, FoliosPage, ForecastScreen, PortfolioPage } from './page-models';

const env = useE2E();

/** Inside the demo folios (2026) and after two of them ended. */
const DATES = ['2026-06-30', '2027-02-15'];
/** The indicators the overview must show (screen 2). */
const REQUIRED = ['bac', 'pv', 'ev', 'ac', 'cv', 'sv', 'cpi', 'spi', 'eac', 'etc', 'vac', 'tcpi', 'reserve', 'contingency', 'margin'];

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

async function success(path: string): Promise<any> {
  const a: Answer = await restWithSession(page, path);
  expect(a.status, `${path}: ${a.text.slice(0, 300)}`).toBe(200);
  return a.json.success;
}

describe('figures on screen equal the REST interface', () => {
  for (const asOf of DATES) {
    for (const id of ['1', '2', '3']) {
      it(`overview of folio ${id} as of ${asOf}: every indicator and light`, async () => {
        const overview = new FolioPage(page, '');
        await overview.goto(id, 'Overview', asOf);
        await overview.indicator('bac').first().waitFor();
        await settled(page);
        expect(await overview.asOf.inputValue()).toBe(asOf);
        const rest = await success(`/budgets/1/folio/${id}/indicators?asOf=${asOf}`);
        const shown = await readFigures(page, 'main');
        const keys = shown.map((s) => s.key);
        for (const k of REQUIRED) expect(keys, `the overview shows ${k}`).toContain(k);
        const bad = shown.flatMap((s) => mismatches(`folio ${id} at ${asOf}:`, s, rest[s.key]));
        expect(bad).toEqual([]);
        // The lights: cost and schedule are the server's statuses.
        const lights = await overview.lights.evaluateAll((els) =>
          els.map((e) => ({
            light: e.getAttribute('data-light'),
            status: e.querySelector('[data-status]')?.getAttribute('data-status'),
            text: e.textContent ?? '',
          })),
        );
        expect(lights.find((l) => l.light === 'cost')?.status).toBe(rest.cpiStatus);
        expect(lights.find((l) => l.light === 'schedule')?.status).toBe(rest.spiStatus);
        // Colour is never the only cue: each light has words.
        for (const l of lights) expect(l.text.trim().length, `light ${l.light} has a text`).toBeGreaterThan(0);
        // The folio's header: the currency the figures are in.
        const folio = await success(`/budgets/1/folio/${id}`);
        await new FolioPage(page, folio.name).heading.waitFor();
        expect(rest.currencyCode).toBe(folio.currencyCode);
        // Another tab keeps the as-of date in the address, so a link to it shows the same figures.
        await overview.tabLink('Forecast').click();
        await expect.poll(() => new URL(page.url()).searchParams.get('asOf')).toBe(asOf);
      });
    }
  }

  it('folios list: BAC, CPI and SPI of every folio', async () => {
    const asOf = DATES[0]!;
    const folios = new FoliosPage(page);
    await folios.goto(asOf);
    await folios.folioLink('Harbour footbridge').waitFor();
    await settled(page);
    const rows = await folios.rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-folio-id')!));
    const list = await success('/budgets/1/folio');
    expect([...rows].sort()).toEqual(list.map((f: { id: string }) => f.id).sort());
    const bad: string[] = [];
    for (const id of rows) {
      const rest = await success(`/budgets/1/folio/${id}/indicators?asOf=${asOf}`);
      const shown = await readFigures(page, `tr[data-folio-id="${id}"]`);
      expect(shown.map((s) => s.key).sort()).toEqual(['bac', 'cpi', 'spi']);
      bad.push(...shown.flatMap((s) => mismatches(`folios list, folio ${id}:`, s, rest[s.key])));
    }
    expect(bad).toEqual([]);
  });

  for (const granularity of ['month', 'week'] as const) {
    it(`forecast of folio 1 by ${granularity}: the timeline table, the chart's point and BAC/EAC/AC`, async () => {
      const asOf = DATES[0]!;
      const forecast = new ForecastScreen(page);
      await new FolioPage(page, '').goto('1', 'Forecast', asOf);
      await forecast.firstCanvas.waitFor();
      if (granularity !== 'month') {
        await forecast.granularity(granularity === 'week' ? 'Week' : 'Day').check();
        await forecast.periods.first().waitFor();
        await expect.poll(() => forecast.granularity('Week').isChecked()).toBe(true);
      }
      await settled(page);
      const timeline = await success(`/budgets/1/folio/1/timeline?asOf=${asOf}&granularity=${granularity}`);
      const indicators = await success(`/budgets/1/folio/1/indicators?asOf=${asOf}`);
      const byStart = new Map<string, Record<string, unknown>>(timeline.map((b: { start: string }) => [b.start, b]));

      // Wait for the table of this granularity (its first row is the server's first bucket).
      await forecast.period(timeline[0].start).waitFor();
      const rows = await forecast.periods.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-start')!));
      expect(rows.length).toBeGreaterThan(0);
      const bad: string[] = [];
      for (const start of rows) {
        const bucket = byStart.get(start);
        if (!bucket) {
          bad.push(`the table shows a period ${start} the server does not have`);
          continue;
        }
        const cells = await readFigures(page, `tr[data-start="${start}"]`, 'data-field');
        expect(cells.length).toBe(8);
        bad.push(...cells.flatMap((c) => mismatches(`${granularity} ${start}:`, c, bucket[c.key])));
      }
      // BAC, EAC and AC under the chart.
      const summary = await readFigures(page, 'main');
      for (const s of summary) bad.push(...mismatches('forecast summary:', s, indicators[s.key]));
      expect(summary.map((s) => s.key)).toEqual(expect.arrayContaining(['bac', 'eac', 'ac']));

      // The chart by keyboard: focus it, step to the first period, read the exact figures.
      const chart = forecast.charts.first();
      await chart.focus();
      await page.keyboard.press('Home');
      const tip = forecast.tooltip;
      await tip.locator('[data-field="pv"]').waitFor();
      const point = await readFigures(page, '[data-testid="chart-tooltip"]', 'data-field');
      expect(point.length).toBeGreaterThan(0);
      for (const p of point) bad.push(...mismatches(`chart point ${timeline[0].start}:`, p, timeline[0][p.key]));
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(async () => (await readFigures(page, '[data-testid="chart-tooltip"]', 'data-field')).find((p) => p.key === 'pv')?.value)
        .toBe(timeline[1].pv ?? '');
      expect(bad).toEqual([]);
    });
  }

  it('portfolio: the rollup and each folio row', async () => {
    const asOf = DATES[0]!;
    const portfolio = new PortfolioPage(page);
    await portfolio.goto('1', asOf);
    await portfolio.heading('Projects 2026').waitFor();
    await portfolio.rows.first().waitFor();
    await settled(page);
    const rollup = await success(`/budgets/1/portfolio/1/indicators?asOf=${asOf}`);
    const all = await readFigures(page, 'main');
    // Figures outside the folio rows are the rollup's.
    const rowFigures = await portfolio.rows.locator('[data-indicator]').count();
    const rollupShown = await page.locator('main').evaluate((root) =>
      [...root.querySelectorAll('[data-indicator]')]
        .filter((e) => !e.closest('tr[data-folio-id]'))
        .map((e) => ({
          key: e.getAttribute('data-indicator') ?? '',
          value: e.getAttribute('data-value') ?? '',
          text: (e.textContent ?? '').replace(/\s+/g, ' ').trim(),
        })),
    );
    expect(rollupShown.length + rowFigures).toBe(all.length);
    expect(rollupShown.map((s) => s.key)).toEqual(expect.arrayContaining(REQUIRED));
    const bad = rollupShown.flatMap((s) => mismatches('portfolio rollup:', s, rollup[s.key]));
    const rows = await portfolio.rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-folio-id')!));
    expect(rows.length).toBe(3);
    for (const id of rows) {
      const rest = await success(`/budgets/1/folio/${id}/indicators?asOf=${asOf}`);
      for (const s of await readFigures(page, `tr[data-folio-id="${id}"]`)) bad.push(...mismatches(`portfolio row ${id}:`, s, rest[s.key]));
    }
    expect(bad).toEqual([]);
  });

  it('costs & revenues of folio 2: every expense amount and position rate/percentage', async () => {
    const asOf = DATES[1]!;
    const costs = new CostsScreen(page);
    await costs.goto('2', asOf);
    await new FolioPage(page, 'Billing platform migration').heading.waitFor();
    await costs.expenseRows.first().waitFor();
    await settled(page);
    const bad: string[] = [];
    const expenses = await costs.expenseRows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-expense-id')!));
    expect(expenses.length).toBeGreaterThan(0);
    for (const id of expenses) {
      const rest = await success(`/budgets/1/expense/${id}`);
      const amount = (await readFigures(page, `tr[data-expense-id="${id}"]`, 'data-field')).find((f) => f.key === 'amount');
      expect(amount, `expense ${id} shows its amount`).toBeDefined();
      bad.push(...mismatches(`expense ${id}:`, amount!, rest.amount));
      // Shown in the expense's own currency.
      expect(await costs.expenseRow(id).textContent()).toContain(rest.name);
    }
    const team = (await success('/budgets/1/folio/2/team')).members as {
      id: string;
      rates: { rate: string; startDate: string }[];
      allocations: { percentage: string; startDate: string; endDate: string }[];
    }[];
    for (const m of team) {
      const row = costs.positionRow(m.id);
      if ((await row.count()) === 0) {
        bad.push(`team member ${m.id} is not listed`);
        continue;
      }
      const cells = await readFigures(page, `tr[data-position-id="${m.id}"]`, 'data-field');
      // The rate in force at the as-of date: the latest rate starting on or before it.
      const rate = [...m.rates].filter((r) => r.startDate <= asOf).sort((a, b) => (a.startDate < b.startDate ? 1 : -1))[0] ?? m.rates[0];
      const rateCell = cells.find((c) => c.key === 'rate');
      if (rateCell) bad.push(...mismatches(`team member ${m.id} rate:`, rateCell, rate?.rate));
      else bad.push(`team member ${m.id} shows no rate`);
    }
    expect(bad).toEqual([]);
  });

  it('export of folio 1: the downloaded CSV is the server’s CSV, and the preview shows it', async () => {
    const asOf = DATES[0]!;
    const exportScreen = new ExportScreen(page);
    await new FolioPage(page, '').goto('1', 'Import & export', asOf);
    const link = exportScreen.csvLink;
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();
    expect(await link.getAttribute('download')).not.toBeNull();
    const viaLink = await restWithSession(page, href!);
    expect(viaLink.status).toBe(200);
    const expected = await restWithSession(page, `/budgets/1/folio/1/payments?asOf=${asOf}&format=csv`);
    expect(expected.status).toBe(200);
    expect(viaLink.text).toBe(expected.text);
    expect(expected.text.split('\n')[0]).toBe('item,id,name,date,rate,effort,overtimeEffort,amount,overtimeAmount,totalAmount');

    // A real download through the link gives the same bytes.
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected.text);

    await exportScreen.previewButton.click();
    const preview = exportScreen.preview;
    await preview.waitFor();
    const shown = (await preview.textContent()) ?? '';
    const first = expected.text.split('\n').slice(0, 10);
    for (const line of first) expect(shown).toContain(line);
  });
});
