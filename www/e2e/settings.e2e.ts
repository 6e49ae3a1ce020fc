// A folio's settings in the planner, against a real `costfolio serve --demo` (screens 1
// and 2): one field edited leaves every other field of the record as REST had it; another
// currency is refused at its field while the folio has an approved baseline (S8.7); the folio
// closes on a date (status `closed` from then, S7.1) and reopens; shared with a second user, who
// then reads it and changes nothing; a shorter folio is saved only after the planner says which
// items lose cost, and the approved baseline keeps its figures; a folio deleted after its
// confirmation is marked deleted (S5.1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addUser, newContext, newPage, rest, settled, serverToday, signIn, useE2E } from './harness';
import { SettingsScreen } from './page-models';

const env = useE2E();

let context: BrowserContext;
let page: Page;
let settings: SettingsScreen;

beforeAll(async () => {
  context = await newContext(env.browser(), env.server());
  page = await newPage(context);
  settings = new SettingsScreen(page);
  await signIn(page, env.server());
});
afterAll(async () => {
  await context?.close();
});

async function folio(id = '1'): Promise<Record<string, unknown>> {
  const a = await rest(env.server(), 'GET', `/budgets/1/folio/${id}`);
  expect(a.status, a.text).toBe(200);
  return a.json.success;
}

/** The folio's record as the server wrote it (its numbers as written), with its name replaced. */
async function renamed(name: string, id = '1'): Promise<string> {
  const a = await rest(env.server(), 'GET', `/budgets/1/folio/${id}`);
  const record = a.text.replace(/^\{"success":/, '').replace(/\}$/, '');
  return record.replace(/"name":"[^"]*"/, `"name":${JSON.stringify(name)}`);
}

/** Today in the server's calendar (UTC), as the header's status counts it. */
// The status is the server's, at its date.
const today = serverToday;

describe('folio settings', () => {
  it('saves one field; every other field of the record is as REST had it', async () => {
    const before = await folio();
    await settings.goto('1');
    await settings.save.waitFor();
    await settled(page);
    await settings.field('Tolerance (%)').fill('12.5');
    await settings.save.click();
    await expect.poll(async () => String((await folio()).tolerance)).toBe('12.5');
    const after = await folio();
    expect({ ...after, tolerance: before.tolerance }).toEqual(before);
    // The header shows the new tolerance once the record is read again.
    await page.locator('.folio-head').getByText('12.5%').waitFor();
  });

  it('refuses another currency while the folio has an approved baseline, at the field, and changes nothing', async () => {
    const before = await folio();
    await settings.field('Currency').fill('JPY');
    await settings.save.click();
    await settings.error('currencyCode').waitFor();
    expect(await settings.error('currencyCode').textContent()).toMatch(/^The currency stays EUR while the folio has approved baselines/);
    expect(await folio()).toEqual(before);
    await page.getByRole('button', { name: 'Discard changes' }).click();
    expect(await settings.field('Currency').inputValue()).toBe(String(before.currencyCode));
  });

  it('closes the folio on a date: its status is closed from then; reopened, it follows its dates again', async () => {
    await settings.closeOn(today());
    await expect.poll(async () => (await folio()).closedDate).toBe(today());
    expect((await folio()).status).toBe('closed');
    await page.locator('[data-closed-date]').waitFor();
    expect(await settings.status.textContent()).toBe('closed');
    await settings.reopen.click();
    await expect.poll(async () => (await folio()).closedDate).toBe(null);
    expect((await folio()).status).not.toBe('closed');
  });

  it('shares the folio with a second user, who then reads it and changes nothing', async () => {
    const reader = addUser(env.server(), 'reader', 'reader-pass-1');
    await settings.shareWith('nobody-such');
    await settings.error('user').waitFor();
    await settings.shareWith('reader');
    await settings.viewer('reader').waitFor();
    const viewers = await rest(env.server(), 'GET', '/budgets/1/folio/1/viewers');
    expect(viewers.json.success.users).toEqual(['reader']);

    const theirs = await newContext(env.browser(), reader);
    try {
      const their = await newPage(theirs);
      await signIn(their, reader);
      const screen = new SettingsScreen(their);
      await screen.goto('1');
      await screen.readOnly.waitFor();
      expect(await screen.save.count()).toBe(0);
      expect(await screen.field('Name').isDisabled()).toBe(true);
      // The REST interface agrees: a change by the reader is refused and changes nothing.
      const before = await folio();
      const refused = await rest(reader, 'PUT', '/budgets/1/folio', await renamed('Taken over'));
      expect(refused.status).toBe(403);
      expect(await folio()).toEqual(before);
    } finally {
      await theirs.close();
    }
  });

  it('asks before a shorter folio cuts the draft; once saved, the approved baseline keeps its figures', async () => {
    const figures = async (plan: string) => {
      const a = await rest(env.server(), 'GET', `/budgets/1/folio/1/indicators?asOf=${today()}&plan=${plan}`);
      expect(a.status, a.text).toBe(200);
      return a.json.success.bac as string;
    };
    const baselines = await rest(env.server(), 'GET', '/budgets/1/folio/1/baselines?costs=true&revenues=true');
    const baseline = String(baselines.json.success.at(-1).id);
    const [approved, draft] = [await figures(baseline), await figures('draft')];
    const before = await folio();
    const end = new Date(`${String(before.endDate)}T00:00:00Z`);
    end.setUTCMonth(end.getUTCMonth() - 3);
    const shorter = end.toISOString().slice(0, 10);
    await settings.goto('1');
    await settings.save.waitFor();
    await settled(page);
    await settings.field('End date').fill(shorter);
    await settings.save.click();
    const alert = page.getByRole('alert').filter({ hasText: 'Saving these settings cuts the cost' });
    await alert.waitFor();
    expect(await alert.locator('[data-cut]').count()).toBeGreaterThan(0);
    expect((await folio()).endDate, 'nothing is saved before the answer').toBe(before.endDate);
    await page.getByRole('button', { name: 'Save anyway' }).click();
    await expect.poll(async () => (await folio()).endDate).toBe(shorter);
    expect(await figures(baseline)).toBe(approved);
    expect(await figures('draft')).not.toBe(draft);
  });

  it('deletes a folio after a confirmation naming it', async () => {
    const made = await rest(env.server(), 'POST', '/budgets/1/folio', await renamed('Short-lived study'));
    expect(made.status, made.text).toBe(200);
    const id = String(made.json.success);
    await settings.goto(id);
    await settings.save.waitFor();
    await settings.delete('Short-lived study');
    await page.waitForURL((url) => url.pathname === '/');
    expect((await folio(id)).deletedOn).toBeTruthy();
  });
});
