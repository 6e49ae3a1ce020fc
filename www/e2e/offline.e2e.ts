// End-to-end tests of the offline planner: the built planner (www/dist) served by a tiny static
// file server started here (no costfolio server), in Debian's Chromium with persistent profiles.
// The page must find no server behind `/session`, run the wasm core in the browser and keep its
// data in IndexedDB: the offline badge, a folio with a planned position and an expense made
// through the screens, the figures the core computes, a reload, a new browser on the same profile,
// two tabs writing in turn and at once (no journal gap), the CSV export, compaction into a snapshot
// (with a second tab left behind by it), plan files (a document imported on the New folio screen
// shows the figures wasm's planSummary computes for it; "Download plan (JSON)" saves the document
// the core writes, which imported again gives a folio with the same BAC; hostile files are refused
// by the field at fault and create nothing), the what-if screen applying a rate change into
// IndexedDB, no IndexedDB, a GitHub-Pages-like host (404.html for deep
// links), and a `/session` answering JSON (or a proxy's 502 page) staying connected. What
// IndexedDB holds is replayed in node by the wasm package (wasm/pkg/node) and must answer the
// figures the page shows. Run alone (no server binary needed):
//   npx vitest run --config www/e2e/vitest.config.ts www/e2e/offline.e2e.ts
import { createServer, type Server as HttpServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, mismatches, newPage, normalizeDecimal, parseExact, readFigures, ROOT, settled, WIDE, WWW } from './harness';
import { CostsScreen, ExportScreen, ExpenseEditor, FolioPage, FoliosPage, NewFolioPage, Shell, SignInPage, WhatIfScreen } from './page-models';

type Wasm = typeof import('../../wasm/pkg/node/costfolio_wasm.js');
const wasm = createRequire(import.meta.url)(path.join(ROOT, 'wasm/pkg/node/costfolio_wasm.js')) as Wasm;

const FOLIO = { name: 'Offline river crossing', start: '2027-01-04', end: '2027-12-17' };
const AS_OF = '2027-03-31';

// ---------------------------------------------------------------------------------------------
// A static host

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

interface StaticHost {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Serves www/dist. `fallback`: 'index' answers index.html (200) for unknown paths without a file
 * extension (Netlify-style rewrites), '404' answers 404.html with status 404 (GitHub Pages).
 * `session: 'json'` makes `/session` answer a JSON 401, as a costfolio server does when signed out;
 * 'bad-gateway' an HTML 502, as a proxy does when the server behind it is down.
 */
async function startStatic(options: { fallback: 'index' | '404'; session?: 'json' | 'bad-gateway' | 'sign-on' }): Promise<StaticHost> {
  const server: HttpServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (options.session === 'json' && url.pathname === '/session') {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ errorMessages: ['not signed in'] }));
      return;
    }
    if (options.session === 'sign-on' && url.pathname === '/session') {
      // A single sign-on proxy's login page, answered 200 in place of the API.
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><html><head><title>Sign in</title></head><body><form><input name="user"></form></body></html>');
      return;
    }
    if (options.session === 'bad-gateway' && url.pathname === '/session') {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      return;
    }
    const file = path.join(WWW, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    if (file.startsWith(WWW) && existsSync(file) && statSync(file).isFile()) {
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
      res.end(readFileSync(file));
      return;
    }
    const html = TYPES['.html']!;
    if (options.fallback === '404') {
      res.writeHead(404, { 'Content-Type': html });
      res.end(readFileSync(path.join(WWW, '404.html')));
    } else if (!path.extname(url.pathname)) {
      res.writeHead(200, { 'Content-Type': html });
      res.end(readFileSync(path.join(WWW, 'index.html')));
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Browsers with persistent profiles

const errors: string[] = [];
const contexts = new Set<BrowserContext>();
const dirs: string[] = [];

function profile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'costfolio-offline-e2e-'));
  dirs.push(dir);
  return dir;
}

async function launch(dir: string, baseURL: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: WIDE,
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    colorScheme: 'light',
  });
  contexts.add(context);
  return context;
}

async function close(context: BrowserContext): Promise<void> {
  contexts.delete(context);
  await context.close();
}

async function open(context: BrowserContext): Promise<Page> {
  const page = await newPage(context);
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  return page;
}

// ---------------------------------------------------------------------------------------------
// What IndexedDB holds, replayed in node

interface Stored {
  /** The keys of the snapshot store: the seq of its one snapshot, or none. */
  snapshotKeys: number[];
  snapshot: { seq: number; text: string } | null;
  batches: { key: number; first: number; last: number; entries: string }[];
}

async function stored(page: Page): Promise<Stored> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('costfolio-offline', 1);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('IndexedDB did not open'));
    });
    const done = <T>(req: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('the IndexedDB request failed'));
      });
    const tx = db.transaction(['journal', 'snapshot'], 'readonly');
    const keys = (await done(tx.objectStore('journal').getAllKeys())) as number[];
    const values = (await done(tx.objectStore('journal').getAll())) as { first: number; last: number; entries: string }[];
    const snapshotKeys = (await done(tx.objectStore('snapshot').getAllKeys())) as number[];
    const snapshots = (await done(tx.objectStore('snapshot').getAll())) as { seq: number; text: string }[];
    db.close();
    return { snapshotKeys, snapshot: snapshots[snapshots.length - 1] ?? null, batches: values.map((v, i) => ({ key: keys[i]!, ...v })) };
  });
}

/** The stored journal continues the snapshot without a gap; returns the last seq. */
function checkNoGap(s: Stored): number {
  expect(s.snapshotKeys, 'one snapshot at most, stored under its seq').toEqual(s.snapshot ? [s.snapshot.seq] : []);
  let seq = s.snapshot?.seq ?? 0;
  for (const b of s.batches) {
    expect(b.first, `batch ${b.first}–${b.last} continues ${seq}`).toBe(seq + 1);
    expect(b.key).toBe(b.last);
    expect(b.last).toBeGreaterThanOrEqual(b.first);
    // The entries are kept as the core wrote them: exactly `last - first + 1` of them, in order.
    const entries = parseExact(b.entries) as { seq: string }[];
    expect(entries.map((e) => Number(e.seq))).toEqual(Array.from({ length: b.last - b.first + 1 }, (_, i) => b.first + i));
    seq = b.last;
  }
  return seq;
}

function replayed(s: Stored): InstanceType<Wasm['Planner']> {
  const planner = s.snapshot ? wasm.Planner.fromSnapshot(s.snapshot.text) : new wasm.Planner();
  for (const b of s.batches) planner.replay(b.entries);
  return planner;
}

const CONTEXT = () =>
  JSON.stringify({ baseUrl: 'http://127.0.0.1', now: new Date().toISOString().slice(0, 19), random: '00'.repeat(64), user: 'local', budgetAdmin: true });

/** A GET answered by node's wasm core on the replayed state: the `success` value, numbers as text. */
function get(planner: InstanceType<Wasm['Planner']>, pathAndQuery: string): any {
  const r = JSON.parse(planner.handle(JSON.stringify({ method: 'GET', path: pathAndQuery, headers: [['Accept', 'application/json']] }), CONTEXT())) as {
    status: number;
    body: string;
  };
  expect(r.status, `${pathAndQuery}: ${r.body.slice(0, 300)}`).toBe(200);
  return (parseExact(r.body) as { success: unknown }).success;
}

// ---------------------------------------------------------------------------------------------
// Screens

async function dialogClosed(page: Page): Promise<void> {
  await expect.poll(() => new Shell(page).dialog.count(), { timeout: 20_000 }).toBe(0);
}

async function costs(page: Page, folioId: string): Promise<void> {
  await new CostsScreen(page).goto(folioId, AS_OF);
  await new FolioPage(page, FOLIO.name).heading.waitFor();
  await settled(page);
}

async function addExpense(page: Page, name: string, amount: string): Promise<void> {
  const d = await fillExpense(page, name, amount);
  await d.addButton.click();
  await dialogClosed(page);
}

/** Opens the expense editor and fills it in, without sending it. */
async function fillExpense(page: Page, name: string, amount: string): Promise<ExpenseEditor> {
  const d = await new CostsScreen(page).addExpense();
  await d.fill({ name, type: 'Rental', amount, monthlyFrom: '2027-01-31' });
  return d;
}

function expenseRow(page: Page, name: string) {
  return new CostsScreen(page).expenseRowNamed(name);
}

async function expectBadge(page: Page): Promise<void> {
  const shell = new Shell(page);
  const badge = shell.offlineBadge;
  await badge.waitFor();
  expect(await badge.innerText()).toContain('Offline planner');
  expect(await badge.getAttribute('title')).toMatch(/this browser/);
  expect(await shell.signOutButton.count()).toBe(0);
}

// ---------------------------------------------------------------------------------------------
// Plan files

/** A plan document as a person might keep one: its numbers written as decimals ("1000.00"). */
const PLAN_AS_OF = '2026-05-15';
const PLAN_NAME = 'Imported harbour wall';
const PLAN = `{
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
function planIndicators(document: string): Record<string, string | null> {
  return (parseExact(wasm.planSummary(document)) as { indicators: Record<string, string | null> }).indicators;
}

/** Figures with every decimal in its canonical text, for comparing as exact strings. */
function exactly(figures: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? normalizeDecimal(v) : v]));
}

/** The document with `asOf` set (a downloaded one has none). */
function withAsOf(document: string, asOf: string): string {
  const start = document.indexOf('{');
  expect(start, 'a JSON object').toBeGreaterThanOrEqual(0);
  return `${document.slice(0, start + 1)}"asOf":"${asOf}",${document.slice(start + 1)}`;
}

/** Imports a plan file on the New folio screen; returns the new folio's id (the page is on it). */
async function importPlan(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<string> {
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
async function refusedPlan(page: Page, name: string, text: string): Promise<string> {
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
async function overview(page: Page, folioId: string, asOf: string): Promise<Awaited<ReturnType<typeof readFigures>>> {
  const folio = new FolioPage(page, '');
  await folio.goto(folioId, 'Overview', asOf);
  await folio.indicator('bac').first().waitFor();
  await settled(page);
  return readFigures(page, 'main');
}

async function shownBac(page: Page, folioId: string, asOf: string): Promise<string> {
  const bac = (await overview(page, folioId, asOf)).find((f) => f.key === 'bac');
  expect(bac, 'the overview shows the BAC').toBeTruthy();
  return normalizeDecimal(bac!.value);
}

/** The folios the Folios screen lists. */
async function listedFolios(page: Page): Promise<number> {
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

// ---------------------------------------------------------------------------------------------

let host: StaticHost;
let dir: string;
const state: { folioId?: string; expenseId?: string; positionId?: string; bac?: string; importedId?: string; importedBac?: string } = {};

beforeAll(async () => {
  if (!existsSync(path.join(WWW, 'index.html')) || !existsSync(path.join(WWW, '404.html'))) {
    throw new Error(`${WWW}/index.html or 404.html is missing: run npm run build:www first`);
  }
  host = await startStatic({ fallback: 'index' });
  dir = profile();
});

afterAll(async () => {
  for (const c of [...contexts]) await close(c).catch(() => undefined);
  await host?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

afterEach(async () => {
  // A failed test leaves its browser open: close it, or the next launch on the profile is refused.
  for (const c of [...contexts]) await close(c).catch(() => undefined);
  const thrown = errors.splice(0);
  if (thrown.length) throw new Error(`uncaught errors in the page:\n${thrown.join('\n')}`);
});

const need = (skip: (note?: string) => void, ok: unknown, what: string) => {
  if (!ok) skip(`needs ${what}: an earlier step failed`);
};

describe('the offline planner', () => {
  it('starts offline: the badge, no sign-in page, no Sign out', async () => {
    const context = await launch(dir, host.url);
    const page = await open(context);
    const folios = new FoliosPage(page);
    await folios.goto();
    await expectBadge(page);
    await folios.heading.waitFor();
    await settled(page);
    expect(new URL(page.url()).pathname).toBe('/');
    // The sign-in page has nothing to do offline: it goes on to the folios.
    await new SignInPage(page).goto();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await folios.heading.waitFor();
    await close(context);
  });

  it('creates a folio, a planned position and an expense through the screens; the figures are the core’s', async () => {
    const context = await launch(dir, host.url);
    const page = await open(context);
    const folios = new FoliosPage(page);
    const form = new NewFolioPage(page);
    await folios.goto();
    await expectBadge(page);
    await folios.newFolioLink.click();
    await form.heading.waitFor();
    await form.create({ ...FOLIO, currency: 'EUR' });
    await new FolioPage(page, FOLIO.name).heading.waitFor();
    const id = /\/folios\/(\d+)/.exec(new URL(page.url()).pathname)?.[1];
    expect(id).toBeTruthy();
    state.folioId = id!;

    await costs(page, state.folioId);
    const screen = new CostsScreen(page);
    const d = await screen.addPosition('planned position');
    await d.name.fill('Bridge designer');
    await d.title.fill('Designer');
    await d.firstPercentage.fill('50');
    await d.rate(1).fill('70');
    await d.addButton.click();
    await dialogClosed(page);
    const position = screen.positionRowNamed('Bridge designer');
    await position.waitFor();
    state.positionId = (await position.getAttribute('data-position-id')) ?? undefined;

    await addExpense(page, 'Site office rent', '1200.50');
    const row = expenseRow(page, 'Site office rent');
    await row.waitFor();
    state.expenseId = (await row.getAttribute('data-expense-id')) ?? undefined;

    // What IndexedDB holds replays in node without a gap and gives the figures the page shows.
    const s = await stored(page);
    const seq = checkNoGap(s);
    expect(seq).toBeGreaterThanOrEqual(3);
    const planner = replayed(s);
    expect(planner.seq()).toBe(seq);
    const items = get(planner, `/budgets/1/folio/${state.folioId}/items?asOf=${AS_OF}`);
    const expense = items.expenses.map((e: { expense: unknown }) => e.expense).find((e: { name: string }) => e.name === 'Site office rent');
    expect(normalizeDecimal(expense.amount)).toBe('1200.5');
    const amount = (await readFigures(page, `tr[data-expense-id="${state.expenseId}"]`, 'data-field')).find((f) => f.key === 'amount');
    expect(amount && mismatches('expense amount', amount, expense.amount)).toEqual([]);
    const rate = (await readFigures(page, `tr[data-position-id="${state.positionId}"]`, 'data-field')).find((f) => f.key === 'rate');
    expect(rate && mismatches('position rate', rate, '70')).toEqual([]);

    const folio = new FolioPage(page, FOLIO.name);
    await folio.goto(state.folioId, 'Overview', AS_OF);
    await folio.indicator('bac').first().waitFor();
    await settled(page);
    const indicators = get(planner, `/budgets/1/folio/${state.folioId}/indicators?asOf=${AS_OF}`);
    expect(normalizeDecimal(indicators.bac)).not.toBe('0');
    const shown = await readFigures(page, 'main');
    expect(shown.length).toBeGreaterThanOrEqual(15);
    expect(shown.flatMap((f) => mismatches('offline overview:', f, indicators[f.key]))).toEqual([]);
    state.bac = indicators.bac;
    planner.free();
    await close(context);
  });

  it('keeps everything over a reload and in a new browser on the same profile', async ({ skip }) => {
    need(skip, state.expenseId && state.bac, 'the folio and its items');
    let context = await launch(dir, host.url);
    let page = await open(context);
    await costs(page, state.folioId!);
    await expenseRow(page, 'Site office rent').waitFor();
    await new CostsScreen(page).positionRowNamed('Bridge designer').waitFor();
    await page.reload();
    await new FolioPage(page, FOLIO.name).heading.waitFor();
    await settled(page);
    await expenseRow(page, 'Site office rent').waitFor();
    await close(context);

    context = await launch(dir, host.url);
    page = await open(context);
    // A deep link served by the static host's index.html fallback.
    const folio = new FolioPage(page, FOLIO.name);
    await folio.goto(state.folioId!, 'Overview', AS_OF);
    await expectBadge(page);
    await folio.indicator('bac').first().waitFor();
    await settled(page);
    const bac = (await readFigures(page, 'main')).find((f) => f.key === 'bac');
    expect(bac && mismatches('BAC after a restart', bac, state.bac)).toEqual([]);
    await close(context);
  });

  it('two tabs write in turn: each sees the other’s change, the journal has no gap', async ({ skip }) => {
    need(skip, state.expenseId, 'the folio and its items');
    const context = await launch(dir, host.url);
    const one = await open(context);
    const two = await open(context);
    await costs(one, state.folioId!);
    await costs(two, state.folioId!);

    // The tab written in is the one in front (a hidden tab paints no frames).
    await one.bringToFront();
    await addExpense(one, 'Written in tab one', '10.00');
    await expenseRow(one, 'Written in tab one').waitFor();
    // The other tab refreshes its screen by itself (BroadcastChannel), without a reload.
    await expenseRow(two, 'Written in tab one').waitFor();

    // The second tab writes after the first: it continues the journal (no "found where expected").
    await two.bringToFront();
    await addExpense(two, 'Written in tab two', '20.00');
    await expenseRow(two, 'Written in tab two').waitFor();
    await expenseRow(one, 'Written in tab two').waitFor();
    expect(await two.getByRole('alert').count()).toBe(0);
    expect(await one.getByRole('alert').count()).toBe(0);

    const s = await stored(one);
    const seq = checkNoGap(s);
    const planner = replayed(s);
    expect(planner.seq()).toBe(seq);
    const names = get(planner, `/budgets/1/folio/${state.folioId}/items?asOf=${AS_OF}`).expenses.map((e: { expense: { name: string } }) => e.expense.name);
    expect(names).toEqual(expect.arrayContaining(['Site office rent', 'Written in tab one', 'Written in tab two']));
    planner.free();

    // Both tabs send a change at the same moment: the lock puts one after the other.
    await fillExpense(one, 'Sent together from one', '1.00');
    await fillExpense(two, 'Sent together from two', '2.00');
    await Promise.all([new ExpenseEditor(one).addButton.click(), new ExpenseEditor(two).addButton.click()]);
    await dialogClosed(one);
    await dialogClosed(two);
    for (const page of [one, two]) {
      await expenseRow(page, 'Sent together from one').waitFor();
      await expenseRow(page, 'Sent together from two').waitFor();
    }
    checkNoGap(await stored(two));

    // Both tabs keep working: a delete in one is seen by the other.
    await one.bringToFront();
    one.once('dialog', (dialog) => void dialog.accept());
    await new CostsScreen(one).deleteButton(/Delete .*Written in tab one/).click();
    await expect.poll(() => expenseRow(one, 'Written in tab one').count()).toBe(0);
    await expect.poll(() => expenseRow(two, 'Written in tab one').count()).toBe(0);
    checkNoGap(await stored(two));
    await close(context);
  });

  it('exports the CSV written by the core: preview and download', async ({ skip }) => {
    need(skip, state.expenseId, 'the folio and its items');
    const context = await launch(dir, host.url);
    const page = await open(context);
    const folio = new FolioPage(page, FOLIO.name);
    const exportScreen = new ExportScreen(page);
    await folio.goto(state.folioId!, 'Export', AS_OF);
    await folio.heading.waitFor();
    await settled(page);
    await exportScreen.previewButton.click();
    const preview = exportScreen.preview;
    await preview.waitFor();
    expect(await preview.innerText()).toContain('Site office rent');
    const [download] = await Promise.all([page.waitForEvent('download'), exportScreen.csvButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('Site office rent');
    // The same text the core writes for the stored state, byte for byte.
    const planner = replayed(await stored(page));
    const r = JSON.parse(
      planner.handle(JSON.stringify({ method: 'GET', path: `/budgets/1/folio/${state.folioId}/payments?asOf=${AS_OF}&format=csv`, headers: [] }), CONTEXT()),
    ) as { status: number; body: string };
    planner.free();
    expect(r.status).toBe(200);
    expect(text).toBe(r.body);
    await close(context);
  });

  it('imports a plan file on the New folio screen: the folio shows the figures the core computes for the document', async () => {
    const context = await launch(dir, host.url);
    const page = await open(context);
    await new FoliosPage(page).goto();
    await expectBadge(page);
    const expected = planIndicators(PLAN);
    expect(normalizeDecimal(expected.bac!)).not.toBe('0');
    const before = checkNoGap(await stored(page));

    const id = await importPlan(page, { name: 'harbour-wall-plan.json', mimeType: 'application/json', buffer: Buffer.from(PLAN) });
    await new FolioPage(page, PLAN_NAME).heading.waitFor();
    expect(id).not.toBe(state.folioId);
    state.importedId = id;

    // Every figure the overview shows at the document's as-of date is the core's for the document.
    const shown = await overview(page, id, PLAN_AS_OF);
    expect(shown.length).toBeGreaterThanOrEqual(15);
    expect(shown.flatMap((f) => mismatches('imported folio:', f, expected[f.key]))).toEqual([]);
    const bac = shown.find((f) => f.key === 'bac')!;
    expect(normalizeDecimal(bac.value)).toBe(normalizeDecimal(expected.bac!));
    state.importedBac = normalizeDecimal(bac.value);

    // One journal entry made it, kept in IndexedDB: node replays it to the same figures.
    const s = await stored(page);
    expect(checkNoGap(s)).toBe(before + 1);
    const planner = replayed(s);
    const items = get(planner, `/budgets/1/folio/${id}/items?asOf=${PLAN_AS_OF}`);
    expect(items.positions.map((p: { position: { name: string } }) => p.position.name).sort()).toEqual(['Engineer', 'Site supervisor']);
    expect(items.expenses.map((e: { expense: { name: string } }) => e.expense.name).sort()).toEqual(['Client milestone', 'Scaffolding', 'Site office rent']);
    const replayedIndicators = get(planner, `/budgets/1/folio/${id}/indicators?asOf=${PLAN_AS_OF}`);
    planner.free();
    expect(exactly(replayedIndicators)).toEqual(exactly(expected));
    await close(context);
  });

  it('downloads a folio’s plan file on the Export screen; imported again it gives a second folio with the same BAC, kept over a reload', async ({ skip }) => {
    need(skip, state.expenseId, 'the folio and its items');
    let context = await launch(dir, host.url);
    let page = await open(context);
    const bac = await shownBac(page, state.folioId!, AS_OF);
    expect(bac).not.toBe('0');

    const folio = new FolioPage(page, FOLIO.name);
    await folio.goto(state.folioId!, 'Export', AS_OF);
    await folio.heading.waitFor();
    await settled(page);
    const [download] = await Promise.all([page.waitForEvent('download'), new ExportScreen(page).planButton.click()]);
    expect(download.suggestedFilename()).toBe('Offline-river-crossing-plan.json');
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    expect(await page.getByRole('alert').count()).toBe(0);

    // A plan document: the one the core writes for the stored folio, numbers as written…
    const doc = parseExact(text) as { folio: { id: string; name: string }; positions: { position: { name: string } }[]; expenses: { name: string }[] };
    expect(doc.folio.name).toBe(FOLIO.name);
    expect(doc.positions.map((p) => p.position.name)).toEqual(['Bridge designer']);
    expect(doc.expenses.map((e) => e.name)).toContain('Site office rent');
    const planner = replayed(await stored(page));
    expect(doc).toEqual(get(planner, `/budgets/1/folio/${state.folioId}/plan`));
    planner.free();
    // …and the core, given it, computes the BAC the folio shows.
    expect(normalizeDecimal(planIndicators(withAsOf(text, AS_OF)).bac!)).toBe(bac);

    const second = await importPlan(page, file);
    expect(second).not.toBe(state.folioId);
    expect(await shownBac(page, second, AS_OF)).toBe(bac);
    const folios = await listedFolios(page);

    // Kept over a reload and in a new browser on the same profile.
    const secondFolio = new FolioPage(page, '');
    await secondFolio.goto(second, 'Overview', AS_OF);
    await page.reload();
    await secondFolio.indicator('bac').first().waitFor();
    await settled(page);
    expect(normalizeDecimal((await secondFolio.indicator('bac').first().getAttribute('data-value'))!)).toBe(bac);
    await close(context);
    context = await launch(dir, host.url);
    page = await open(context);
    expect(await shownBac(page, second, AS_OF)).toBe(bac);
    expect(await shownBac(page, state.folioId!, AS_OF)).toBe(bac);
    expect(await listedFolios(page)).toBe(folios);
    const s = await stored(page);
    checkNoGap(s);
    const again = replayed(s);
    expect(normalizeDecimal(get(again, `/budgets/1/folio/${second}/indicators?asOf=${AS_OF}`).bac)).toBe(bac);
    // The second folio's plan is the first's, but for its own ids and owner.
    const copied = get(again, `/budgets/1/folio/${second}/plan`);
    again.free();
    expect(copied.positions.map((p: { position: { name: string } }) => p.position.name)).toEqual(doc.positions.map((p) => p.position.name));
    expect(copied.expenses.map((e: { name: string; amount: string }) => [e.name, normalizeDecimal(e.amount)])).toEqual(
      (doc.expenses as { name: string; amount: string }[]).map((e) => [e.name, normalizeDecimal(e.amount)]),
    );
    await close(context);
  });

  it('refuses a hostile plan file by the field at fault and creates no folio', async () => {
    const context = await launch(dir, host.url);
    const page = await open(context);
    const folios = await listedFolios(page);
    expect(folios).toBeGreaterThan(0);
    const seq = checkNoGap(await stored(page));

    // A rate given as a string, in an otherwise good document.
    const stringRate = PLAN.replace('"rate": 62.50', '"rate": "62.50"');
    expect(stringRate).not.toBe(PLAN);
    expect(await refusedPlan(page, 'string-rate.json', stringRate)).toContain('positions[1].position.rate.rate');

    // 10,000 nested arrays where a list of weekdays belongs.
    const nested = PLAN.replace('"recurrenceOn": [1]', `"recurrenceOn": ${'['.repeat(10_000)}1${']'.repeat(10_000)}`);
    expect(nested.length).toBeGreaterThan(PLAN.length + 19_000);
    expect(await refusedPlan(page, 'nested.json', nested)).toContain('expenses[0].recurrence.recurrenceOn');

    // A file that is not JSON at all is told so by the planner itself.
    expect(await refusedPlan(page, 'broken.json', PLAN.slice(0, 200))).toContain('broken.json is not JSON');

    // Nothing was written, and after a reload the list is the same.
    expect(checkNoGap(await stored(page))).toBe(seq);
    await page.reload();
    expect(await listedFolios(page)).toBe(folios);
    await close(context);
  });

  it('what-if offline: a rate changed and applied is saved in the browser, and the overview shows the what-if BAC', async ({ skip }) => {
    need(skip, state.importedId && state.importedBac, 'the imported folio');
    const context = await launch(dir, host.url);
    const page = await open(context);
    const whatIf = new WhatIfScreen(page);
    await whatIf.goto(state.importedId!, PLAN_AS_OF);
    await expectBadge(page);
    await whatIf.figure('whatif-bac').waitFor();
    await settled(page);
    const value = async (field: string): Promise<string> => normalizeDecimal((await whatIf.figure(field).getAttribute('data-value')) ?? '');
    expect(await value('saved-bac')).toBe(state.importedBac);
    expect(await value('whatif-bac')).toBe(state.importedBac);
    const seq = checkNoGap(await stored(page));

    const rate = whatIf.rate('Engineer');
    expect(await rate.inputValue()).toBe('50.00');
    await rate.fill('57.25');
    await rate.press('Enter');
    await whatIf.applyButton(1).waitFor();
    const predicted = await value('whatif-bac');
    expect(predicted).not.toBe(state.importedBac);
    // The core's figure for the document with that rate.
    const changed = PLAN.replace('"rate": 50.00', '"rate": 57.25');
    expect(changed).not.toBe(PLAN);
    expect(predicted).toBe(normalizeDecimal(planIndicators(changed).bac!));
    // Nothing saved yet.
    expect(checkNoGap(await stored(page))).toBe(seq);

    await whatIf.applyButton().click();
    await whatIf.applied.waitFor();
    expect(await whatIf.refusal().count()).toBe(0);
    expect(checkNoGap(await stored(page))).toBeGreaterThan(seq);
    // Loaded again from the offline planner: the saved column is the what-if's.
    await whatIf.figure('saved-bac').waitFor();
    await settled(page);
    expect(await value('saved-bac')).toBe(predicted);

    await page.reload();
    await whatIf.figure('saved-bac').waitFor();
    await settled(page);
    expect(await value('saved-bac')).toBe(predicted);
    expect(await value('delta-bac')).toBe('0');
    const bac = await shownBac(page, state.importedId!, PLAN_AS_OF);
    expect(bac).not.toBe(state.importedBac);
    expect(bac).toBe(predicted);
    const planner = replayed(await stored(page));
    const items = get(planner, `/budgets/1/folio/${state.importedId}/items?asOf=${PLAN_AS_OF}`);
    planner.free();
    const engineer = items.positions.find((p: { position: { name: string } }) => p.position.name === 'Engineer');
    expect(normalizeDecimal(engineer.position.rate.rate)).toBe('57.25');
    await close(context);
  });

  it('compacts the journal into a snapshot and loads from it', async () => {
    // A fresh profile whose journal already holds COMPACT_EVERY - 1 entries (written by node's core).
    const seeded = new wasm.Planner();
    const call = (method: string, pathAndQuery: string, body: unknown) => {
      const r = JSON.parse(
        seeded.handle(JSON.stringify({ method, path: pathAndQuery, headers: [['Content-Type', 'application/json']], body: JSON.stringify(body) }), CONTEXT()),
      ) as { status: number; body: string };
      expect(r.status, r.body).toBe(200);
      return (parseExact(r.body) as { success: unknown }).success;
    };
    const folio = (name: string) =>
      String(
        call('POST', '/budgets/1/folio', {
          name,
          description: '',
          owner: 'local',
          startDate: '2027-01-04',
          endDate: '2027-12-17',
          closedDate: null,
          currencyCode: 'EUR',
          reserve: 0,
          contingency: 0,
          tolerance: 10,
          hoursPerDay: null,
          withRevenue: true,
          withEarned: true,
          revenuesAsClientCosts: false,
          usesUserRates: false,
          isSynchronizedWithWorkLogs: false,
          isSynchronizedWithServiceBilledHours: false,
          savedFilterId: 1,
          holidaySchemeId: 1,
          workloadSchemeId: 1,
        }),
      );
    // The screen writes into an empty folio; the bulk (one entry per expense) goes into another.
    const folioId = folio('Seeded folio');
    const bulkId = folio('Bulk folio');
    while (seeded.seq() < 199) {
      call('POST', '/budgets/1/expense', {
        folioId: Number(bulkId),
        name: `Expense ${seeded.seq()}`,
        description: '',
        type: 'Rental',
        kind: '.PlannedExpense',
        category: 'OPEX',
        currencyCode: 'EUR',
        amount: 1,
        recurrence: { kind: '.Once', startDate: '2027-02-01' },
      });
    }
    const entries = seeded.takeJournal();
    const last = seeded.seq();
    seeded.free();

    const context = await launch(profile(), host.url);
    const page = await open(context);
    await page.goto('/seed.txt'); // the same origin, without the planner
    await page.evaluate(
      async ({ entries, last }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const r = indexedDB.open('costfolio-offline', 1);
          r.onupgradeneeded = () => {
            r.result.createObjectStore('journal');
            r.result.createObjectStore('snapshot');
          };
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error ?? new Error('IndexedDB did not open'));
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('journal', 'readwrite');
          tx.objectStore('journal').put({ first: 1, last, entries }, last);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('the IndexedDB transaction failed'));
        });
        db.close();
      },
      { entries, last },
    );

    const folios = new FoliosPage(page);
    const seededFolio = new FolioPage(page, 'Seeded folio');
    await folios.goto();
    await expectBadge(page);
    await folios.folioLink('Seeded folio').waitFor();
    await folios.folioLink('Seeded folio').click();
    await seededFolio.heading.waitFor();
    await settled(page);
    await seededFolio.tabLink('Costs & revenues').click();
    await settled(page);
    // A second tab holds the state from before the compaction.
    const other = await open(context);
    await other.goto(page.url());
    await new FolioPage(other, 'Seeded folio').heading.waitFor();
    await settled(other);
    await page.bringToFront();
    await addExpense(page, 'The one that compacts', '5.00');
    await expenseRow(page, 'The one that compacts').waitFor();

    const s = await stored(page);
    expect(s.snapshot, 'a snapshot was written').not.toBeNull();
    expect(s.snapshot!.seq).toBeGreaterThan(last);
    expect(s.batches, 'the batches the snapshot holds are deleted').toEqual([]);
    const planner = replayed(s);
    expect(planner.seq()).toBe(s.snapshot!.seq);
    const names = get(planner, `/budgets/1/folio/${folioId}/items?asOf=2027-03-31`).expenses.map((e: { expense: { name: string } }) => e.expense.name);
    expect(names).toContain('The one that compacts');
    const bulk = get(planner, `/budgets/1/folio/${bulkId}/items?asOf=2027-03-31`).expenses;
    expect(bulk.length).toBe(last - 2);
    planner.free();

    // The other tab finds its state compacted away: it starts again from the snapshot, sees the
    // change and continues the journal after the snapshot (its own change is kept, not lost).
    await expenseRow(other, 'The one that compacts').waitFor();
    await other.bringToFront();
    await addExpense(other, 'From the other tab', '7.00');
    await expenseRow(other, 'From the other tab').waitFor();
    await expenseRow(page, 'From the other tab').waitFor();
    const both = await stored(other);
    expect(checkNoGap(both)).toBeGreaterThan(s.snapshot!.seq);
    await other.close();
    await page.bringToFront();

    // After a reload the state comes from the snapshot, and the next write continues it.
    await page.reload();
    await seededFolio.heading.waitFor();
    await settled(page);
    await expenseRow(page, 'The one that compacts').waitFor();
    await addExpense(page, 'After the snapshot', '6.00');
    await expenseRow(page, 'After the snapshot').waitFor();
    await expenseRow(page, 'From the other tab').waitFor();
    const after = await stored(page);
    expect(checkNoGap(after)).toBeGreaterThan(s.snapshot!.seq);
    const names2 = get(replayed(after), `/budgets/1/folio/${folioId}/items?asOf=2027-03-31`).expenses.map((e: { expense: { name: string } }) => e.expense.name);
    expect(names2).toEqual(expect.arrayContaining(['The one that compacts', 'From the other tab', 'After the snapshot']));
    await close(context);
  });
});

describe('hosts', () => {
  it('says so on the screen when the browser offers no IndexedDB (no silent in-memory mode)', async () => {
    const context = await launch(profile(), host.url);
    await context.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true }));
    const page = await open(context);
    const form = new NewFolioPage(page);
    await form.goto();
    await new Shell(page).heading('The offline planner cannot start').waitFor();
    expect(await page.getByRole('alert').innerText()).toMatch(/no IndexedDB/);
    expect(new URL(page.url()).pathname).toBe('/folios/new');
    expect(await form.createButton.count()).toBe(0);
    await close(context);
  });

  it('a host answering 404.html for unknown paths (GitHub Pages) opens deep links offline', async () => {
    const pages = await startStatic({ fallback: '404' });
    try {
      const context = await launch(profile(), pages.url);
      const page = await open(context);
      const form = new NewFolioPage(page);
      await form.goto();
      await expectBadge(page);
      await form.heading.waitFor();
      await close(context);
    } finally {
      await pages.stop();
    }
  });

  it('a server whose /session answers JSON (401) is a costfolio server: connected, the sign-in page', async () => {
    const server = await startStatic({ fallback: 'index', session: 'json' });
    try {
      const context = await launch(profile(), server.url);
      const page = await open(context);
      await new FoliosPage(page).goto();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/signin');
      await new SignInPage(page).heading.waitFor();
      expect(await new Shell(page).offlineBadge.count()).toBe(0);
      expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('costfolio-offline');
      await close(context);
    } finally {
      await server.stop();
    }
  });

  it('a gateway error page from /session (server down behind a proxy) is an error, not offline', async () => {
    const proxy = await startStatic({ fallback: 'index', session: 'bad-gateway' });
    try {
      const context = await launch(profile(), proxy.url);
      const page = await open(context);
      const shell = new Shell(page);
      await new FoliosPage(page).goto();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/signin');
      await expect.poll(() => shell.toast.innerText()).toMatch(/Could not reach the server/);
      expect(await shell.offlineBadge.count()).toBe(0);
      await close(context);
    } finally {
      await proxy.stop();
    }
  });

  it('a sign-on page answered 200 for /session is an error, not offline', async () => {
    const proxy = await startStatic({ fallback: 'index', session: 'sign-on' });
    try {
      const context = await launch(profile(), proxy.url);
      const page = await open(context);
      const shell = new Shell(page);
      await new FoliosPage(page).goto();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/signin');
      await expect.poll(() => shell.toast.innerText()).toMatch(/Could not reach the server/);
      expect(await shell.offlineBadge.count()).toBe(0);
      await close(context);
    } finally {
      await proxy.stop();
    }
  });
});
