// End-to-end tests of the offline planner: the built planner (www/dist) served by a tiny static
// file server started here (no costfolio server), in Debian's Chromium with persistent profiles.
// The page must find no server behind `/session`, run the wasm core in the browser and keep its
// data in IndexedDB: the offline badge, a folio with a planned position and an expense made
// through the screens, the figures the core computes, a reload, a new browser on the same profile,
// two tabs writing in turn and at once (no journal gap), the CSV export, compaction into a snapshot
// (with a second tab left behind by it), no IndexedDB, a GitHub-Pages-like host (404.html for deep
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
async function startStatic(options: { fallback: 'index' | '404'; session?: 'json' | 'bad-gateway' }): Promise<StaticHost> {
  const server: HttpServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (options.session === 'json' && url.pathname === '/session') {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ errorMessages: ['not signed in'] }));
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
      r.onerror = () => reject(r.error);
    });
    const done = <T,>(req: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
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

const CONTEXT = () => JSON.stringify({ baseUrl: 'http://127.0.0.1', now: new Date().toISOString().slice(0, 19), random: '00'.repeat(64), user: 'local', budgetAdmin: true });

/** A GET answered by node's wasm core on the replayed state: the `success` value, numbers as text. */
function get(planner: InstanceType<Wasm['Planner']>, pathAndQuery: string): any {
  const r = JSON.parse(planner.handle(JSON.stringify({ method: 'GET', path: pathAndQuery, headers: [['Accept', 'application/json']] }), CONTEXT())) as { status: number; body: string };
  expect(r.status, `${pathAndQuery}: ${r.body.slice(0, 300)}`).toBe(200);
  return (parseExact(r.body) as { success: unknown }).success;
}

// ---------------------------------------------------------------------------------------------
// Screens

async function dialogClosed(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0);
}

async function costs(page: Page, folioId: string): Promise<void> {
  await page.goto(`/folios/${folioId}/costs?asOf=${AS_OF}`);
  await page.getByRole('heading', { name: FOLIO.name, level: 1 }).waitFor();
  await settled(page);
}

async function addExpense(page: Page, name: string, amount: string): Promise<void> {
  await fillExpense(page, name, amount);
  await page.getByRole('dialog').getByRole('button', { name: 'Add expense' }).click();
  await dialogClosed(page);
}

/** Opens the expense editor and fills it in, without sending it. */
async function fillExpense(page: Page, name: string, amount: string): Promise<void> {
  await page.getByRole('button', { name: 'Add an expense' }).click();
  const d = page.getByRole('dialog');
  await d.waitFor();
  await d.getByLabel('Name', { exact: true }).fill(name);
  await d.getByLabel('Expense type').fill('Rental');
  await d.getByLabel('Amount', { exact: true }).fill(amount);
  await d.getByLabel('Repeats').selectOption({ label: 'Monthly' });
  await d.getByLabel('First date').fill('2027-01-31');
}

function expenseRow(page: Page, name: string) {
  return page.locator('tr[data-expense-id]').filter({ hasText: name });
}

async function expectBadge(page: Page): Promise<void> {
  const badge = page.locator('header.topbar .badge-offline');
  await badge.waitFor();
  expect(await badge.innerText()).toContain('Offline planner');
  expect(await badge.getAttribute('title')).toMatch(/this browser/);
  expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
}

// ---------------------------------------------------------------------------------------------

let host: StaticHost;
let dir: string;
const state: { folioId?: string; expenseId?: string; positionId?: string; bac?: string } = {};

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
    await page.goto('/');
    await expectBadge(page);
    await page.getByRole('heading', { name: 'Folios', level: 1 }).waitFor();
    await settled(page);
    expect(new URL(page.url()).pathname).toBe('/');
    // The sign-in page has nothing to do offline: it goes on to the folios.
    await page.goto('/signin');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: 'Folios', level: 1 }).waitFor();
    await close(context);
  });

  it('creates a folio, a planned position and an expense through the screens; the figures are the core’s', async () => {
    const context = await launch(dir, host.url);
    const page = await open(context);
    await page.goto('/');
    await expectBadge(page);
    await page.getByRole('link', { name: 'New folio' }).click();
    await page.getByRole('heading', { name: 'New folio', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(FOLIO.name);
    await page.getByLabel('Start date', { exact: true }).fill(FOLIO.start);
    await page.getByLabel('End date', { exact: true }).fill(FOLIO.end);
    await page.getByLabel('Currency', { exact: true }).fill('EUR');
    await page.getByRole('button', { name: 'Create folio' }).click();
    await page.getByRole('heading', { name: FOLIO.name, level: 1 }).waitFor();
    const id = /\/folios\/(\d+)/.exec(new URL(page.url()).pathname)?.[1];
    expect(id).toBeTruthy();
    state.folioId = id!;

    await costs(page, state.folioId);
    await page.getByRole('button', { name: 'Add a planned position' }).click();
    const d = page.getByRole('dialog');
    await d.waitFor();
    await d.getByLabel('Name', { exact: true }).fill('Bridge designer');
    await d.getByLabel('Title (role)').fill('Designer');
    await d.getByLabel(/^Percentage/).first().fill('50');
    await d.getByLabel('Rate 1', { exact: true }).fill('70');
    await d.getByRole('button', { name: 'Add position' }).click();
    await dialogClosed(page);
    const position = page.locator('tr[data-position-id]').filter({ hasText: 'Bridge designer' });
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

    await page.goto(`/folios/${state.folioId}?asOf=${AS_OF}`);
    await page.locator('[data-indicator="bac"]').first().waitFor();
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
    await page.locator('tr[data-position-id]').filter({ hasText: 'Bridge designer' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: FOLIO.name, level: 1 }).waitFor();
    await settled(page);
    await expenseRow(page, 'Site office rent').waitFor();
    await close(context);

    context = await launch(dir, host.url);
    page = await open(context);
    // A deep link served by the static host's index.html fallback.
    await page.goto(`/folios/${state.folioId}?asOf=${AS_OF}`);
    await expectBadge(page);
    await page.locator('[data-indicator="bac"]').first().waitFor();
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
    await Promise.all([
      one.getByRole('dialog').getByRole('button', { name: 'Add expense' }).click(),
      two.getByRole('dialog').getByRole('button', { name: 'Add expense' }).click(),
    ]);
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
    await one.getByRole('button', { name: /Delete .*Written in tab one/ }).click();
    await expect.poll(() => expenseRow(one, 'Written in tab one').count()).toBe(0);
    await expect.poll(() => expenseRow(two, 'Written in tab one').count()).toBe(0);
    checkNoGap(await stored(two));
    await close(context);
  });

  it('exports the CSV written by the core: preview and download', async ({ skip }) => {
    need(skip, state.expenseId, 'the folio and its items');
    const context = await launch(dir, host.url);
    const page = await open(context);
    await page.goto(`/folios/${state.folioId}/export?asOf=${AS_OF}`);
    await page.getByRole('heading', { name: FOLIO.name, level: 1 }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('csv-preview');
    await preview.waitFor();
    expect(await preview.innerText()).toContain('Site office rent');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
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
    const folio = (name: string) => String(call('POST', '/budgets/1/folio', {
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
    }));
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
          r.onerror = () => reject(r.error);
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('journal', 'readwrite');
          tx.objectStore('journal').put({ first: 1, last, entries }, last);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      { entries, last },
    );

    await page.goto('/');
    await expectBadge(page);
    await page.getByRole('link', { name: 'Seeded folio' }).waitFor();
    await page.getByRole('link', { name: 'Seeded folio' }).click();
    await page.getByRole('heading', { name: 'Seeded folio', level: 1 }).waitFor();
    await settled(page);
    await page.getByRole('navigation', { name: 'Seeded folio screens' }).getByRole('link', { name: 'Costs & revenues', exact: true }).click();
    await settled(page);
    // A second tab holds the state from before the compaction.
    const other = await open(context);
    await other.goto(page.url());
    await other.getByRole('heading', { name: 'Seeded folio', level: 1 }).waitFor();
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
    await page.getByRole('heading', { name: 'Seeded folio', level: 1 }).waitFor();
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
    await page.goto('/folios/new');
    await page.getByRole('heading', { name: 'The offline planner cannot start', level: 1 }).waitFor();
    expect(await page.getByRole('alert').innerText()).toMatch(/no IndexedDB/);
    expect(new URL(page.url()).pathname).toBe('/folios/new');
    expect(await page.getByRole('button', { name: 'Create folio' }).count()).toBe(0);
    await close(context);
  });

  it('a host answering 404.html for unknown paths (GitHub Pages) opens deep links offline', async () => {
    const pages = await startStatic({ fallback: '404' });
    try {
      const context = await launch(profile(), pages.url);
      const page = await open(context);
      await page.goto('/folios/new');
      await expectBadge(page);
      await page.getByRole('heading', { name: 'New folio', level: 1 }).waitFor();
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
      await page.goto('/');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/signin');
      await page.getByRole('heading', { name: /sign in/i }).waitFor();
      expect(await page.locator('.badge-offline').count()).toBe(0);
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
      await page.goto('/');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/signin');
      await expect.poll(() => page.locator('.toast').innerText()).toMatch(/Could not reach the server/);
      expect(await page.locator('.badge-offline').count()).toBe(0);
      await close(context);
    } finally {
      await proxy.stop();
    }
  });
});
