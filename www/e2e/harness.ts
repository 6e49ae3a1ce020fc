// The shared harness of the end-to-end tests. It builds nothing: it starts the debug server
// (`${COSTFOLIO_BIN:-target/debug/costfolio} serve --demo`) on a fresh temporary database, serving
// the built planner of www/dist, reads its address and the demo password from its first lines,
// launches Debian's Chromium through playwright-core (never a downloaded browser), and stops both at
// the end. Helpers: signing in through the sign-in page, the REST interface (with the page's
// session cookie, or with basic credentials from node), exact decimal comparison, the axe scan.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { parse as parseLossless } from 'lossless-json';
import { Shell, SignInPage } from './page-models';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const AXE = path.join(ROOT, 'node_modules/axe-core/axe.min.js');
const AXE_PATH = '/__e2e__/axe.min.js';
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const BIN = path.resolve(ROOT, process.env.COSTFOLIO_BIN ?? 'target/debug/costfolio');
export const WWW = path.join(ROOT, 'www/dist');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const WIDE = { width: 1280, height: 900 } as const;
export const NARROW = { width: 390, height: 844 } as const;

// ---------------------------------------------------------------------------------------------
// The server

export interface Server {
  /** e.g. http://127.0.0.1:40123 (no trailing slash) */
  url: string;
  user: string;
  password: string;
  dir: string;
  /** Everything the server wrote so far (stdout and stderr), for failure messages. */
  log: () => string;
  stop: () => Promise<void>;
}

export async function startServer(options: { demo?: boolean } = {}): Promise<Server> {
  const demo = options.demo ?? true;
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build it with cargo build -p costfolio-host (or set COSTFOLIO_BIN)`);
  if (!existsSync(path.join(WWW, 'index.html'))) throw new Error(`${WWW}/index.html is missing: run npm run build:www first`);
  const dir = mkdtempSync(path.join(tmpdir(), 'costfolio-e2e-'));
  const args = ['serve', '--db', path.join(dir, 'e2e.db'), '--listen', '127.0.0.1:0', '--www', WWW];
  if (demo) args.push('--demo');
  const child: ChildProcess = spawn(BIN, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (d: string) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const found = await new Promise<{ url: string; user: string; password: string }>((resolve, reject) => {
    let url = '';
    const timer = setTimeout(() => reject(new Error(`the server printed no address${demo ? ' and demo password' : ''} within 30 s:\n${out}`)), 30_000);
    const check = () => {
      url ||= /listening on (http:\/\/[^\s]+)/.exec(out)?.[1] ?? '';
      const d = /demo: sign in at \S+ as (\S+) with password (\S+)/.exec(out);
      if (url && (!demo || d)) {
        clearTimeout(timer);
        resolve({ url: url.replace(/\/+$/, ''), user: d?.[1] ?? '', password: d?.[2] ?? '' });
      }
    };
    child.stdout!.on('data', (d: string) => {
      out += d;
      check();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it was ready:\n${out}`));
    });
  });

  return {
    ...found,
    dir,
    log: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(t);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Adds a user (no budget administrator) to the running server's database, as an operator does
 * with `costfolio user add`; the server sees them at once. The same server, as `user` signs in. */
export function addUser(server: Server, user: string, password: string): Server {
  execFileSync(BIN, ['user', 'add', user, '--password', password, '--db', path.join(server.dir, 'e2e.db')], { cwd: ROOT, stdio: 'pipe' });
  return { ...server, user, password };
}

// ---------------------------------------------------------------------------------------------
// The browser

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROMIUM)`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** The browser's time zone in every test: the planner's "today" is its date there. */
export const TIME_ZONE = 'Europe/Berlin';

/**
 * Today as the browser sees it (in `TIME_ZONE`): what the planner's as-of date defaults to. Not
 * the date in UTC, which is a day behind from 23:00 UTC (22:00 in summer) to midnight.
 */
export function browserToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Today as the server sees it (UTC): the date a folio's status is computed at. */
export function serverToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A fresh context (its own empty profile: no cookies, no storage), English locale, given width. */
export async function newContext(browser: Browser, server: Server, viewport: { width: number; height: number } = WIDE): Promise<BrowserContext> {
  return browser.newContext({ baseURL: server.url, viewport, locale: 'en-US', timezoneId: TIME_ZONE, colorScheme: 'light' });
}

/** Uncaught errors and errors logged to the console by the pages of the current test (checked
 * after each test). */
const pageErrors: string[] = [];

export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`${e.name}: ${e.message}`));
  // An error the planner logs is a failure too; a refused request the browser reports on its own
  // ("Failed to load resource: the server responded with a status of 404") is an answer the
  // screen shows, not an error of the page.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) pageErrors.push(`console: ${m.text()}`);
  });
  page.setDefaultTimeout(20_000);
  return page;
}

/** One server and one browser for a test file; every test asserts that its pages threw nothing. */
export function useE2E(options: { demo?: boolean } = {}): { server: () => Server; browser: () => Browser } {
  let server: Server | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(() => {
    const errors = pageErrors.splice(0);
    if (errors.length) throw new Error(`uncaught errors in the page:\n${errors.join('\n')}`);
  });
  return {
    server: () => server ?? failNoSetup(),
    browser: () => browser ?? failNoSetup(),
  };
}

function failNoSetup(): never {
  throw new Error('the server or browser did not start (see the beforeAll error)');
}

// ---------------------------------------------------------------------------------------------
// Screens

/** Waits until the screen has no loading indicator ("Loading…" statuses, aria-busy regions). */
export async function settled(page: Page): Promise<void> {
  await new Shell(page).settled();
}

/** Signs in through the sign-in page and waits for the folios list. */
export async function signIn(page: Page, server: Server, next = '/'): Promise<void> {
  const form = new SignInPage(page);
  await form.goto(next);
  await form.submit(server.user, server.password);
  await new Shell(page).signOutButton.waitFor();
}

// ---------------------------------------------------------------------------------------------
// The REST interface

/** A new folio of `server`'s user in EUR from `start` to `end` (no revenues, no earned value, the
 * standard calendar), made through the REST interface: its id. */
export async function createFolio(server: Server, name: string, start: string, end: string): Promise<string> {
  const made = await rest(server, 'POST', '/budgets/1/folio', {
    name,
    description: '',
    owner: server.user,
    startDate: start,
    endDate: end,
    closedDate: null,
    reserve: 0,
    contingency: 0,
    tolerance: 10,
    hoursPerDay: null,
    currencyCode: 'EUR',
    withRevenue: false,
    withEarned: false,
    revenuesAsClientCosts: false,
    usesUserRates: false,
    isSynchronizedWithWorkLogs: false,
    isSynchronizedWithServiceBilledHours: false,
    savedFilterId: 1,
    holidaySchemeId: 1,
    workloadSchemeId: 1,
  });
  if (made.status !== 200) throw new Error(`the folio was not made: ${made.status} ${made.text}`);
  return String(made.json.success);
}

/** JSON with every number kept as its exact text ("1200.00" stays "1200.00"). */
export function parseExact(text: string): unknown {
  return parseLossless(text, null, (value: string) => value);
}

export interface Answer {
  status: number;
  text: string;
  json: any;
}

/** A GET with the page's session cookie (`page.request` shares the context's cookie jar). */
export async function restWithSession(page: Page, pathAndQuery: string): Promise<Answer> {
  const r = await page.request.get(pathAndQuery, { headers: { Accept: 'application/json' } });
  const text = await r.text();
  return { status: r.status(), text, json: safeParse(text) };
}

/** A request from node with the demo user's basic credentials (no session, no CSRF token). */
export async function rest(server: Server, method: string, pathAndQuery: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: 'Basic ' + Buffer.from(`${server.user}:${server.password}`).toString('base64'),
  };
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const r = await fetch(server.url + pathAndQuery, init);
  const text = await r.text();
  return { status: r.status, text, json: safeParse(text) };
}

function safeParse(text: string): any {
  try {
    return text ? parseExact(text) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Exact decimals

/** A money figure of at most two decimals as whole cents, for exact sums and differences. */
export function cents(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(normalizeDecimal(text));
  if (!m) throw new Error(`not an amount of at most two decimals: ${JSON.stringify(text)}`);
  const value = BigInt(m[2] ?? '0') * 100n + BigInt(((m[3] ?? '') + '00').slice(0, 2));
  return m[1] === '-' ? -value : value;
}

/** The canonical text of a decimal: no "+", no leading zeros, no trailing fraction zeros; "-0" is "0". */
export function normalizeDecimal(text: string): string {
  const m = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(`not a decimal: ${JSON.stringify(text)}`);
  const whole = (m[2] ?? '').replace(/^0+/, '') || '0';
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  const body = fraction ? `${whole}.${fraction}` : whole;
  return m[1] === '-' && body !== '0' ? `-${body}` : body;
}

/**
 * The decimal a figure shows, read from its en-US text ("-€15,636.00", "5.5696", "-26.06%",
 * "US$1,200.50"): digits, the point and the sign kept, everything else (symbols, group separators,
 * units) dropped. Returns null for "—" (no value).
 */
export function shownDecimal(text: string): string | null {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t === '—' || t === '') return null;
  const negative = /^[-−(]|[-−]\s*[^\d\s]*\d/.test(t) || /^\(.*\)$/.test(t);
  const digits = t.replace(/[^\d.]/g, '');
  if (!/\d/.test(digits)) throw new Error(`no figure in ${JSON.stringify(text)}`);
  return normalizeDecimal((negative ? '-' : '') + digits);
}

// ---------------------------------------------------------------------------------------------
// Accessibility

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function axeSerious(page: Page): Promise<AxeViolation[]> {
  const has = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!has) {
    // The planner's CSP allows scripts from 'self' only (no inline script, which is what
    // addScriptTag({path}) writes): axe is served at a same-origin address the test intercepts,
    // so the page keeps its real CSP during the scan.
    await page.context().route(`**${AXE_PATH}`, (route) => route.fulfill({ path: AXE, contentType: 'text/javascript' }));
    await page.addScriptTag({ url: AXE_PATH });
  }
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${where}: [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 8)
          .map((n) => `    ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
          .join('\n'),
    )
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// Figures on screen against the REST interface

export interface Shown {
  key: string;
  /** The element's `data-value`: the server's exact string as the planner holds it. */
  value: string;
  /** The text the person reads (its first rendered line). */
  text: string;
}

/** Every element under `scope` carrying `attribute` (e.g. data-indicator), with its value and text. */
export async function readFigures(page: Page, scope: string, attribute = 'data-indicator'): Promise<Shown[]> {
  return page
    .locator(scope)
    .first()
    .evaluate((root, attr) => {
      return [...root.querySelectorAll(`[${attr}]`)].map((e) => ({
        key: e.getAttribute(attr) ?? '',
        value: e.getAttribute('data-value') ?? '',
        // The rendered first line: a note under the figure (e.g. "2 rates") is not part of it.
        text:
          ((e as HTMLElement).innerText ?? e.textContent ?? '')
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean)[0] ?? '',
      }));
    }, attribute);
}

/**
 * Checks one figure against the server's: the `data-value` and the number the text shows, both as
 * normalized decimal strings (never floats). An absent value ("" / null) must be shown as "—".
 * Returns a message per mismatch (empty when all agree).
 */
export function mismatches(where: string, shown: Shown, rest: unknown): string[] {
  const out: string[] = [];
  const expected = rest === null || rest === undefined || rest === '' ? null : normalizeDecimal(typeof rest === 'string' ? rest : JSON.stringify(rest));
  const held = shown.value === '' ? null : normalizeDecimal(shown.value);
  if (held !== expected) out.push(`${where} ${shown.key}: data-value ${JSON.stringify(shown.value)} but the server says ${JSON.stringify(rest)}`);
  let read: string | null;
  try {
    read = shownDecimal(shown.text);
  } catch (e) {
    out.push(`${where} ${shown.key}: ${(e as Error).message}`);
    return out;
  }
  if (read !== expected) out.push(`${where} ${shown.key}: shows ${JSON.stringify(shown.text)} (${read}) but the server says ${JSON.stringify(rest)}`);
  return out;
}
