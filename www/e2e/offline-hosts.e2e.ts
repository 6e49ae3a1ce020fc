// End-to-end tests of the hosts the planner runs offline on, or not: a browser without IndexedDB
// (said on the screen), a GitHub-Pages-like host (404.html for deep links), and a `/session`
// answering JSON (a costfolio server: connected), a proxy's 502 page or a sign-on page (an error,
// not offline). Each but the first on a static host of its own (offline-harness.ts). Run alone (no
// server binary needed):
//   npx vitest run --config www/e2e/vitest.config.ts www/e2e/offline-hosts.e2e.ts
import { describe, expect, it } from 'vitest';
import { FoliosPage, NewFolioPage, Shell, SignInPage } from './page-models';
import { close, expectBadge, host, launch, open, profile, startStatic, useOffline } from './offline-harness';

useOffline();

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
