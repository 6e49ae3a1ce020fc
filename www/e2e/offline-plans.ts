// Plan files for the offline planner's end-to-end tests: a plan document as a person might keep
// one, what the wasm core computes for a document, its import on the New folio screen (accepted or
// refused), and the overview and the list of folios read back.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { normalizeDecimal, parseExact, readFigures, settled } from './harness';
import { FolioPage, FoliosPage, NewFolioPage } from './page-models';
import { wasm } from './offline-harness';

/** A plan document as a person might keep one: its numbers written as decimals ("1000.00"). */
export const PLAN_AS_OF = '2026-05-15';
/** The folio's name in the plan document. */
export const PLAN_NAME = 'Imported harbour wall';
export const PLAN = `{
  "folio": {
    "name": "${PLAN_NAME}", "description": "Quay wall repair, phase 2", "owner": "ada",
    "startDate": "2026-03-02", "endDate": "2026-09-25", "closedDate": null,
    "reserve": 10, "contingency": 5, "tolerance": 20, "hoursPerDay": null, "currencyCode": "EUR",
    "withRevenue": true, "withEarned": true, "revenuesAsClientCosts": false, "usesUserRates": false,
    "isSynchronizedWithWorkLogs": false, "isSynchronizedWithServiceBilledHours": false,
    "savedFilterId": 1, "holidaySchemeId": 1, "workloadSchemeId": 1
  },
  "asOf": "${PLAN_AS_OF}",
  "holidays": [
    {"type": "FLOATING", "name": "Local fair", "durationSeconds": 28800, "date": "2026-03-10"},
    {"type": "FIXED", "name": "Labour Day", "durationSeconds": 28800, "date": "2026-05-01"}
  ],
  "positions": [
    {"position": {"folioId": 1, "name": "Engineer", "description": "", "title": "Engineer",
      "rate": {"rate": 50.00, "startDate": "2026-03-02"},
      "allocation": {"startDate": "2026-03-02", "endDate": "2026-09-25", "percentage": 100}}},
    {"position": {"folioId": 1, "name": "Site supervisor", "description": "Half-time on site", "title": "Supervisor",
      "rate": {"rate": 62.50, "startDate": "2026-03-02"},
      "allocation": {"startDate": "2026-04-01", "endDate": "2026-08-28", "percentage": 60}},
     "rates": [{"rate": 68.75, "startDate": "2026-06-01"}]}
  ],
  "expenses": [
    {"folioId": 1, "name": "Scaffolding", "description": "", "type": "Rental", "category": "CAPEX", "kind": ".PlannedExpense",
      "amount": 1000.00, "currencyCode": "EUR", "amortized": true,
      "recurrence": {"kind": ".Weekly", "startDate": "2026-03-02", "recurrenceOn": [1], "occurrences": 4}},
    {"folioId": 1, "name": "Site office rent", "description": "", "type": "Rental", "category": "OPEX", "kind": ".PlannedExpense",
      "amount": 1200.50, "currencyCode": "EUR", "amortized": false,
      "recurrence": {"kind": ".Monthly", "startDate": "2026-03-31", "endDate": "2026-09-30"}},
    {"folioId": 1, "name": "Client milestone", "description": "", "type": "Milestone", "category": "OPERATING", "kind": ".PlannedRevenue",
      "amount": 45000.00, "currencyCode": "EUR", "amortized": false,
      "recurrence": {"kind": ".Once", "startDate": "2026-06-30"}}
  ]
}
`;

/** The indicators the wasm core computes for a plan document at its `asOf` (numbers as text). */
export function planIndicators(document: string): Record<string, string | null> {
  return (parseExact(wasm.planSummary(document)) as { indicators: Record<string, string | null> }).indicators;
}

/** Figures with every decimal in its canonical text, for comparing as exact strings. */
export function exactly(figures: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? normalizeDecimal(v) : v]));
}

/** The document with `asOf` set (a downloaded one has none). */
export function withAsOf(document: string, asOf: string): string {
  const start = document.indexOf('{');
  expect(start, 'a JSON object').toBeGreaterThanOrEqual(0);
  return `${document.slice(0, start + 1)}"asOf":"${asOf}",${document.slice(start + 1)}`;
}

/** Imports a plan file on the New folio screen; returns the new folio's id (the page is on it). */
export async function importPlan(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<string> {
  const form = new NewFolioPage(page);
  await form.goto();
  await form.heading.waitFor();
  await settled(page);
  await form.planFile.setInputFiles(file);
  await page.waitForURL(/\/folios\/\d+$/);
  expect(await form.importErrors.count()).toBe(0);
  return /\/folios\/(\d+)$/.exec(new URL(page.url()).pathname)![1]!;
}

/** The hostile file refused on the New folio screen: its messages (the page stays there). */
export async function refusedPlan(page: Page, name: string, text: string): Promise<string> {
  const form = new NewFolioPage(page);
  await form.goto();
  await form.heading.waitFor();
  await settled(page);
  await form.planFile.setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  const errors = form.importErrors;
  await errors.waitFor();
  await settled(page);
  expect(new URL(page.url()).pathname).toBe('/folios/new');
  return errors.innerText();
}

/** The overview of a folio at `asOf`: every figure it shows, settled. */
export async function overview(page: Page, folioId: string, asOf: string): Promise<Awaited<ReturnType<typeof readFigures>>> {
  const folio = new FolioPage(page, '');
  await folio.goto(folioId, 'Overview', asOf);
  await folio.indicator('bac').first().waitFor();
  await settled(page);
  return readFigures(page, 'main');
}

/** The BAC the overview of a folio shows at `asOf`, in its canonical text. */
export async function shownBac(page: Page, folioId: string, asOf: string): Promise<string> {
  const bac = (await overview(page, folioId, asOf)).find((f) => f.key === 'bac');
  expect(bac, 'the overview shows the BAC').toBeTruthy();
  return normalizeDecimal(bac!.value);
}

/** The folios the Folios screen lists. */
export async function listedFolios(page: Page): Promise<number> {
  const folios = new FoliosPage(page);
  await folios.goto();
  await folios.heading.waitFor();
  await folios.caption.waitFor();
  await settled(page);
  const caption = await folios.caption.innerText();
  const count = Number(/^Folios \((\d+)/.exec(caption)?.[1]);
  expect(Number.isInteger(count), caption).toBe(true);
  return count;
}
