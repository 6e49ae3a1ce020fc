// Signing in and out: the sign-in page, no password kept by the browser, the HttpOnly session
// cookie, and the old session refused by /budgets/1 after signing out.
import { describe, expect, it } from 'vitest';
import { newContext, newPage, rest, settled, signIn, useE2E } from './harness';
import { FolioPage, FoliosPage, SettingsScreen, Shell, SignInPage } from './page-models';

const env = useE2E();

describe('session', () => {
  it('redirects to the sign-in page, refuses a wrong password at the form, and signs in', async () => {
    const server = env.server();
    const context = await newContext(env.browser(), server);
    const page = await newPage(context);
    const form = new SignInPage(page);
    const folios = new FoliosPage(page);
    await folios.goto();
    // Signed out: the planner shows its sign-in page, not the folios.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/signin');
    await form.heading.waitFor();

    // An empty form is refused at the fields, nothing is sent.
    await form.submitButton.click();
    await expect.poll(() => form.userName.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => form.password.getAttribute('aria-invalid')).toBe('true');

    // A wrong password: the server's refusal is shown, the user stays signed out.
    await form.submit(server.user, 'not-the-password');
    await page.getByRole('alert').waitFor();
    expect(await context.cookies()).toEqual([]);

    await form.password.fill(server.password);
    await form.submitButton.click();
    await folios.heading.waitFor();
    await folios.folioLink('Harbour footbridge').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    // The browser keeps no password: neither storage holds it (nor the typed wrong one).
    const storage = await page.evaluate(() => {
      const dump = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`).join('\n');
      return { local: dump(localStorage), session: dump(sessionStorage) };
    });
    expect(storage.local).not.toContain(server.password);
    expect(storage.session).not.toContain(server.password);
    expect(storage.local).not.toContain('not-the-password');
    expect(storage.session).not.toContain('not-the-password');
    // ...and the password field was cleared.
    expect(await page.evaluate(() => [...document.querySelectorAll('input')].some((i) => i.value.includes('not-the-password')))).toBe(false);

    // The session is an HttpOnly, SameSite=Strict cookie.
    const cookies = await context.cookies();
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) {
      expect(c.httpOnly, `cookie ${c.name} is HttpOnly`).toBe(true);
      expect(c.sameSite, `cookie ${c.name} is SameSite=Strict`).toBe('Strict');
      expect(c.value).not.toContain(server.password);
    }
    // The page's scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await context.close();
  });

  it('signs out, and /budgets/1 refuses the old session cookie (401)', async () => {
    const server = env.server();
    const context = await newContext(env.browser(), server);
    const page = await newPage(context);
    const form = new SignInPage(page);
    const shell = new Shell(page);
    await form.goto();
    await form.submit(server.user, server.password);
    await shell.signOutButton.waitFor();

    const old = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect(old).not.toBe('');
    // While signed in, the cookie opens /budgets/1.
    const before = await fetch(`${server.url}/budgets/1/folio`, { headers: { Cookie: old, Accept: 'application/json' } });
    expect(before.status).toBe(200);

    await shell.signOut();
    await form.heading.waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/signin');

    // The old session is closed on the server, not only forgotten by the browser.
    const after = await fetch(`${server.url}/budgets/1/folio`, { headers: { Cookie: old, Accept: 'application/json' } });
    expect(after.status).toBe(401);
    const session = await fetch(`${server.url}/session`, { headers: { Cookie: old, Accept: 'application/json' } });
    expect(session.status).not.toBe(200);

    // And the page itself: a reload stays on the sign-in page; a folio's address leads back to it.
    await new FolioPage(page, 'Harbour footbridge').goto('1');
    await form.heading.waitFor();
    expect(await new FoliosPage(page).folioLink('Harbour footbridge').count()).toBe(0);
    await context.close();
  });

  it('comes back to the address asked for after signing in', async () => {
    const server = env.server();
    const context = await newContext(env.browser(), server);
    const page = await newPage(context);
    const form = new SignInPage(page);
    const folio = new FolioPage(page, 'Billing platform migration');
    await folio.goto('2');
    await form.heading.waitFor();
    await form.submit(server.user, server.password);
    await folio.heading.waitFor();
    expect(new URL(page.url()).pathname).toBe('/folios/2');
    await context.close();
  });

  it('opens a folio screen of a signed-in page at once: the session in the page, each answer asked once', async () => {
    const server = env.server();
    const context = await newContext(env.browser(), server);
    const page = await newPage(context);
    await signIn(page, server);
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/session' || url.pathname.startsWith('/budgets/')) asked.push(`${r.method()} ${url.pathname}`);
    });
    // A new page load of the forecast: the server wrote the session into it (GET /session is not
    // asked), and the folio's header, its timeline and its indicators are each asked for once.
    await page.goto('/folios/1/forecast');
    await page.getByRole('img').locator('canvas').first().waitFor();
    await settled(page);
    expect(asked.filter((a) => a === 'GET /session')).toEqual([]);
    for (const path of ['/budgets/1/folio/1', '/budgets/1/folio/1/timeline', '/budgets/1/folio/1/indicators'])
      expect(asked.filter((a) => a === `GET ${path}`).length, path).toBe(1);
    // The page is the user's: the session's CSRF token works for a change, and is not left in the page.
    expect(await page.locator('#costfolio-session').count()).toBe(0);
    const settings = new SettingsScreen(page);
    await settings.goto('1');
    await settings.save.waitFor();
    await settled(page);
    expect(asked.filter((a) => a === 'GET /session')).toEqual([]);
    await settings.field('Tolerance (%)').fill('11.5');
    await settings.save.click();
    await expect.poll(async () => (await rest(server, 'GET', '/budgets/1/folio/1')).json.success.tolerance).toBe('11.5');
    await context.close();
  });
});
