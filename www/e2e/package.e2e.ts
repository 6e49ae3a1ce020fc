// The npm package's browser example (wasm/pkg/README.md, "In a browser") run as written in
// Chromium: the package and lossless-json resolved by an import map, as a bundler would resolve
// them, the module fetched beside browser.js. Needs the package built (scripts/build-wasm).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, ROOT } from './harness';

const ORIGIN = 'http://package.test';
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

/** The README's browser example: the first JavaScript block under its heading. */
function example(): string {
  const readme = readFileSync(path.join(ROOT, 'wasm/pkg/README.md'), 'utf8');
  const block = /```js\n([\s\S]*?)```/.exec(readme.split('## In a browser')[1] ?? '');
  if (!block?.[1]) throw new Error('wasm/pkg/README.md has no browser example');
  return block[1];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the npm package in a browser', () => {
  it("runs the README's example as written", async () => {
    const code = example();
    expect(code.trim().split('\n').length).toBeLessThanOrEqual(10);
    const page = await browser.newPage();
    const files: Record<string, string> = { '/pkg/': 'wasm/pkg/', '/lossless-json/': 'node_modules/lossless-json/' };
    await page.route(`${ORIGIN}/**`, async (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/') {
        const imports = { 'costfolio-engine': '/pkg/browser.js', 'lossless-json': '/lossless-json/lib/esm/index.js' };
        const body = `<!doctype html><title>example</title><script type="importmap">${JSON.stringify({ imports })}</script><p id="days"></p><script type="module">${code}</script>`;
        return route.fulfill({ contentType: TYPES['.html'], body });
      }
      const prefix = Object.keys(files).find((p) => pathname.startsWith(p));
      if (!prefix) return route.fulfill({ status: 404 });
      const file = path.join(ROOT, files[prefix]!, pathname.slice(prefix.length));
      return route.fulfill({ contentType: TYPES[path.extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => document.querySelector('#days')?.textContent !== '', undefined, { timeout: 30_000 });
    expect(errors).toEqual([]);
    expect(await page.locator('#days').textContent()).toBe('2026-01-31, 2026-02-28, 2026-03-31, 2026-04-30, 2026-05-31, 2026-06-30');
    await page.close();
  });
});
