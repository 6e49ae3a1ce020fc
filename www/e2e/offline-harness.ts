// The shared harness of the offline planner's end-to-end tests (www/e2e/offline*.e2e.ts): the
// built planner (www/dist) served by a tiny static file server started here (no costfolio server),
// Debian's Chromium with persistent profiles, what IndexedDB holds read out of the page and
// replayed in node by the wasm package (wasm/pkg/node), and the screens' steps the tests share.
// `useOffline()` starts the host and a profile before a file's tests and cleans up after them.
import { createServer, type Server as HttpServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, newPage, parseExact, ROOT, TIME_ZONE, WIDE, WWW } from './harness';
import { CostsScreen, type ExpenseEditor, Shell } from './page-models';

/** The wasm package's node build: the core that replays what the browser stored. */
export type Wasm = typeof import('../../wasm/pkg/node/costfolio_wasm.js');
export const wasm = createRequire(import.meta.url)(path.join(ROOT, 'wasm/pkg/node/costfolio_wasm.js')) as Wasm;

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

/** A static host of www/dist (`startStatic`). */
export interface StaticHost {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Serves www/dist. `fallback`: 'index' answers index.html (200) for unknown paths without a file
 * extension (Netlify-style rewrites), '404' answers 404.html with status 404 (GitHub Pages).
 * `session: 'json'` makes `/session` answer a JSON 401, as a costfolio server does when signed out;
 * 'bad-gateway' an HTML 502, as a proxy does when the server behind it is down.
 */
export async function startStatic(options: { fallback: 'index' | '404'; session?: 'json' | 'bad-gateway' | 'sign-on' }): Promise<StaticHost> {
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

/** A new empty profile, removed after the file's tests. */
export function profile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'costfolio-offline-e2e-'));
  dirs.push(dir);
  return dir;
}

/** Chromium on the profile `dir`, its pages at `baseURL`. */
export async function launch(dir: string, baseURL: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: WIDE,
    locale: 'en-US',
    timezoneId: TIME_ZONE,
    colorScheme: 'light',
  });
  contexts.add(context);
  return context;
}

/** Closes a browser `launch` opened. */
export async function close(context: BrowserContext): Promise<void> {
  contexts.delete(context);
  await context.close();
}

/** A new page of `context`; its uncaught errors fail the test. */
export async function open(context: BrowserContext): Promise<Page> {
  const page = await newPage(context);
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  return page;
}

// ---------------------------------------------------------------------------------------------
// What IndexedDB holds, replayed in node

/** What IndexedDB holds: the snapshot, if any, and the journal's batches. */
export interface Stored {
  /** The keys of the snapshot store: the seq of its one snapshot, or none. */
  snapshotKeys: number[];
  snapshot: { seq: number; text: string } | null;
  batches: { key: number; first: number; last: number; entries: string }[];
}

/** What the page's IndexedDB holds, read in the page. */
export async function stored(page: Page): Promise<Stored> {
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
export function checkNoGap(s: Stored): number {
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

/** Node's wasm core with the stored state replayed: the snapshot, then every batch. */
export function replayed(s: Stored): InstanceType<Wasm['Planner']> {
  const planner = s.snapshot ? wasm.Planner.fromSnapshot(s.snapshot.text) : new wasm.Planner();
  for (const b of s.batches) planner.replay(b.entries);
  return planner;
}

/** The context of a request to node's wasm core: the planner's one local user, now. */
export const CONTEXT = () =>
  JSON.stringify({ baseUrl: 'http://127.0.0.1', now: new Date().toISOString().slice(0, 19), random: '00'.repeat(64), user: 'local', budgetAdmin: true });

/** A GET answered by node's wasm core on the replayed state: the `success` value, numbers as text. */
export function get(planner: InstanceType<Wasm['Planner']>, pathAndQuery: string): any {
  const r = JSON.parse(planner.handle(JSON.stringify({ method: 'GET', path: pathAndQuery, headers: [['Accept', 'application/json']] }), CONTEXT())) as {
    status: number;
    body: string;
  };
  expect(r.status, `${pathAndQuery}: ${r.body.slice(0, 300)}`).toBe(200);
  return (parseExact(r.body) as { success: unknown }).success;
}

// ---------------------------------------------------------------------------------------------
// Screens

/** Waits until no dialog is open. */
export async function dialogClosed(page: Page): Promise<void> {
  await expect.poll(() => new Shell(page).dialog.count(), { timeout: 20_000 }).toBe(0);
}

/** Adds an expense on the Costs screen and waits for its editor to close. */
export async function addExpense(page: Page, name: string, amount: string): Promise<void> {
  const d = await fillExpense(page, name, amount);
  await d.addButton.click();
  await dialogClosed(page);
}

/** Opens the expense editor and fills it in, without sending it. */
export async function fillExpense(page: Page, name: string, amount: string): Promise<ExpenseEditor> {
  const d = await new CostsScreen(page).addExpense();
  await d.fill({ name, type: 'Rental', amount, monthlyFrom: '2027-01-31' });
  return d;
}

/** The Costs screen's row of the expense `name`. */
export function expenseRow(page: Page, name: string) {
  return new CostsScreen(page).expenseRowNamed(name);
}

/** Waits for the offline badge and checks what it says, and that there is no Sign out. */
export async function expectBadge(page: Page): Promise<void> {
  const shell = new Shell(page);
  const badge = shell.offlineBadge;
  await badge.waitFor();
  expect(await badge.innerText()).toContain('Offline planner');
  expect(await badge.getAttribute('title')).toMatch(/this browser/);
  expect(await shell.signOutButton.count()).toBe(0);
}

// ---------------------------------------------------------------------------------------------
// A test file's host, profile and clean-up

/** The static host of the file's tests (`useOffline`). */
export let host: StaticHost;
/** The profile the file's tests share, one browser after another (`useOffline`). */
export let dir: string;

/**
 * Starts the static host (index.html for unknown paths) and makes the shared profile before the
 * file's tests; after each test, closes the browsers it left open and fails it on an uncaught error
 * in its pages; after them all, stops the host and removes the profiles.
 */
export function useOffline(): void {
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
}

/** Skips a test when an earlier step it needs failed (`ok` is falsy), saying what it needs. */
export const need = (skip: (note?: string) => void, ok: unknown, what: string) => {
  if (!ok) skip(`needs ${what}: an earlier step failed`);
};
