// Shared by the benchmark (planner.mjs) and scripts/screenshots: starts the debug server with the
// demo on a fresh temporary database serving www/dist, and launches Debian's Chromium through
// playwright-core (never a downloaded browser). The end-to-end tests have the same in harness.ts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
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

/**
 * Starts `costfolio serve --demo` serving the planner built into `www` (www/dist by default);
 * resolves with its address, the demo user's credentials and stop().
 */
export async function startServer(www = WWW) {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: cargo build -p costfolio-host (or set COSTFOLIO_BIN)`);
  if (!existsSync(path.join(www, 'index.html'))) throw new Error(`${www}/index.html is missing: npm run build:www`);
  const dir = mkdtempSync(path.join(tmpdir(), 'costfolio-bench-'));
  const child = spawn(BIN, ['serve', '--db', path.join(dir, 'bench.db'), '--listen', '127.0.0.1:0', '--www', www, '--demo'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const found = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address and demo password within 30 s:\n${out}`)), 30_000);
    child.stdout.on('data', (d) => {
      out += d;
      const url = /listening on (http:\/\/[^\s]+)/.exec(out)?.[1];
      const demo = /demo: sign in at \S+ as (\S+) with password (\S+)/.exec(out);
      if (url && demo) {
        clearTimeout(timer);
        resolve({ url: url.replace(/\/+$/, ''), user: demo[1], password: demo[2] });
      }
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${out}`));
    });
  });
  return {
    ...found,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(t);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launch() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export async function signIn(page, server) {
  await page.goto('/signin');
  await page.getByLabel('User name').fill(server.user);
  await page.getByLabel('Password').fill(server.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Waits until no "Loading…" status or aria-busy region is left. */
export async function settled(page) {
  await page.waitForFunction(() => {
    const busy = document.querySelector('[aria-busy="true"]');
    const loading =
      [...document.querySelectorAll('[role="status"]')].some((e) => /…\s*$/.test(e.textContent ?? '')) ||
      [...document.querySelectorAll('main *')].some((e) => e.children.length === 0 && /^\s*Loading…\s*$/.test(e.textContent ?? ''));
    return !busy && !loading;
  });
}

/** A budgeting request from node with the demo user's basic credentials. */
export async function rest(server, method, pathAndQuery, body) {
  const headers = { Accept: 'application/json', Authorization: 'Basic ' + Buffer.from(`${server.user}:${server.password}`).toString('base64') };
  const init = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const r = await fetch(server.url + pathAndQuery, init);
  const text = await r.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: r.status, text, json };
}
