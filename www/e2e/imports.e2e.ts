// Spreadsheets in and out in the planner, against a real `costfolio serve`: an ERP's CSV of
// invoices (byte order mark, semicolons, comma decimals) chosen on the Import & export screen,
// its columns guessed from the German header, a refused row shown with its column and rule and
// Import kept off, the corrected file imported once (the folio's actual cost moves by exactly its
// amounts), the same file again adding nothing; and the folio's workbook downloaded as XLSX.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createFolio, newContext, newPage, rest, settled, serverToday, signIn, useE2E } from './harness';
import { FolioPage } from './page-models';

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

const year = () => serverToday().slice(0, 4);

/** A folio of this year with a planned expense "Sheet piling": its id. */
async function folio(): Promise<string> {
  const id = await createFolio(env.server(), 'Quay wall', `${year()}-01-04`, `${year()}-12-18`);
  const planned = await rest(env.server(), 'POST', '/budgets/1/expense', {
    folioId: Number(id),
    name: 'Sheet piling',
    description: '',
    type: 'Works',
    category: 'CAPEX',
    kind: '.PlannedExpense',
    amount: 12000,
    currencyCode: 'EUR',
    recurrence: { kind: '.Once', startDate: `${year()}-02-02` },
  });
  expect(planned.status, planned.text).toBe(200);
  return id;
}

const erp = (amount: string) =>
  `\u{feff}Belegdatum;Lieferant;Betrag;Rechnungsnummer;Plan\r\n` +
  `20.01.${year()};Pile Co;${amount};R-1;Sheet piling\r\n` +
  `21.01.${year()};"Fence GmbH; Kiel";1.234,56;R-2;\r\n`;

async function choose(text: string): Promise<void> {
  await page.locator('input[type=file]').setInputFiles({ name: 'erp.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
}

async function ac(id: string): Promise<string> {
  const answer = await rest(env.server(), 'GET', `/budgets/1/folio/${id}/indicators?asOf=${year()}-12-31`);
  return String((answer.json.success as { ac: unknown }).ac);
}

describe('spreadsheets', () => {
  it('an ERP file is previewed with its refusals, imported once, and again adds nothing', async () => {
    const id = await folio();
    await new FolioPage(page, '').goto(id, 'Import & export', serverToday());
    await settled(page);
    const before = await ac(id);

    await choose(erp('abc'));
    const preview = page.getByTestId('import-preview');
    await preview.waitFor();
    expect(await page.getByLabel('Date (needed)').inputValue()).toBe('Belegdatum');
    expect(await page.getByLabel('Amount (needed)').inputValue()).toBe('Betrag');
    expect(await page.getByLabel('Key (invoice number)').inputValue()).toBe('Rechnungsnummer');
    const refused = preview.locator('tr[data-row="2"]');
    expect(await refused.getAttribute('data-outcome')).toBe('refused');
    expect(await refused.textContent()).toContain('Betrag: abc is not a number');
    expect(await page.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);
    expect(await ac(id)).toBe(before);

    await choose(erp('12.500,50'));
    await expect.poll(() => preview.locator('tr[data-row="2"]').getAttribute('data-outcome')).toBe('create');
    expect(await preview.locator('tr[data-row="3"] td').nth(2).textContent()).toBe('Fence GmbH; Kiel');
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect.poll(() => page.getByTestId('import-status').textContent()).toContain('2 added');
    expect(await ac(id)).toBe('13735.06');

    const lines = await rest(env.server(), 'GET', `/budgets/1/folio/${id}/lines?asOf=${serverToday()}`);
    const piling = (lines.json.success as { lines: { name: string; realisedBy: { name: string }[] }[] }).lines.find((l) => l.name === 'Sheet piling');
    expect(piling?.realisedBy.map((r) => r.name)).toEqual(['Pile Co']);

    // The same file again: the remembered mapping, every row already there, nothing to import.
    await choose(erp('12.500,50'));
    await expect.poll(() => page.getByTestId('import-status').textContent()).toBe('2 rows: 2 already imported.');
    expect(await page.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);
    expect(await ac(id)).toBe('13735.06');
  });

  it("the folio's workbook downloads as an XLSX file", async () => {
    const id = await folio();
    await new FolioPage(page, '').goto(id, 'Import & export', serverToday());
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download workbook (XLSX)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Quay-wall-.*\.xlsx$/);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(bytes.length).toBeGreaterThan(4000);
  });

  it('rows pasted on the costs screen are previewed and saved as one change', async () => {
    const id = await folio();
    await page.goto(`/folios/${id}/costs?asOf=${serverToday()}`);
    await page.getByText('Paste actual costs from a spreadsheet').click();
    const rows = `Date\tSupplier\tAmount\tInvoice\n20.01.${year()}\tPile Co\t1.000,50\tP-1\n21.01.${year()}\tFence GmbH\t99,50\tP-2\n`;
    await page.getByLabel('Rows from a spreadsheet').fill(rows);
    await page.getByRole('button', { name: 'Read the rows' }).click();
    await page.getByTestId('import-preview').waitFor();
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect.poll(() => page.getByTestId('import-status').textContent()).toContain('2 added');
    expect(await ac(id)).toBe('1100.00');
  });

  it('the hours grid saves the months typed over as one change', async () => {
    const id = await folio();
    const member = await rest(env.server(), 'POST', '/budgets/1/position', {
      folioId: Number(id),
      name: 'Ida Grid',
      title: 'Engineer',
      description: '',
      kind: '.TeamMember',
      member: 'ida',
      rate: { rate: 80, startDate: `${year()}-01-04` },
      allocation: { startDate: `${year()}-01-04`, endDate: `${year()}-12-18`, percentage: 100 },
    });
    expect(member.status, member.text).toBe(200);
    await page.goto(`/folios/${id}/hours?asOf=${serverToday()}`);
    const grid = page.getByTestId('hours-grid');
    await grid.waitFor();
    await grid.locator('td[data-month$="-02"] input').fill('150.5');
    await grid.locator('td[data-month$="-03"] input').fill('abc');
    await page.getByRole('button', { name: 'Save 2 months' }).click();
    expect(await grid.locator('td[data-month$="-03"] input').getAttribute('aria-invalid')).toBe('true');
    await grid.locator('td[data-month$="-03"] input').fill('1,040');
    await page.getByRole('button', { name: 'Save 2 months' }).click();
    await expect
      .poll(async () => {
        const team = await rest(env.server(), 'GET', `/budgets/1/folio/${id}/team`);
        const ida = (team.json.success as { members: { name: string; workedHours?: { startDate: string; effort: unknown }[] }[] }).members.find(
          (m) => m.name === 'Ida Grid',
        );
        return (ida?.workedHours ?? []).map((h) => `${h.startDate} ${String(h.effort)}`).sort();
      })
      .toEqual([`${year()}-02-01 150.5`, `${year()}-03-01 1040`]);
  });
});
