// The what-if sandbox in Chromium against a real server: a rate change recomputed in the browser
// shows the EAC the server answers once "Apply" has sent it; a change the server refuses during
// Apply leaves the changes before it applied, the refusal shown with its change, and the rest in
// the sandbox; "Discard" sends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, newPage, normalizeDecimal, rest, settled, signIn, useE2E } from './harness';
import { ExportScreen, FolioPage, NewFolioPage, WhatIfScreen } from './page-models';

const env = useE2E();
const AS_OF = '2026-12-15';

let context: BrowserContext;
let page: Page;
let whatIf: WhatIfScreen;

beforeAll(async () => {
  context = await newContext(env.browser(), env.server());
  page = await newPage(context);
  whatIf = new WhatIfScreen(page);
  await signIn(page, env.server());
});
afterAll(async () => {
  await context?.close();
});

async function draftIndicators(folio: string): Promise<any> {
  const a = await rest(env.server(), 'GET', `/budgets/1/folio/${folio}/indicators?asOf=${AS_OF}&plan=draft`);
  expect(a.status, a.text).toBe(200);
  return a.json.success;
}

async function open(folio: string): Promise<void> {
  await whatIf.goto(folio, AS_OF);
  await whatIf.figure('whatif-eac').waitFor();
  await settled(page);
}

const value = async (field: string): Promise<string> => normalizeDecimal((await whatIf.figure(field).getAttribute('data-value')) ?? '');

describe('what-if', () => {
  it('opens on the figures the server answers for the draft', async () => {
    await open('1');
    const server = await draftIndicators('1');
    expect(await value('saved-eac')).toBe(normalizeDecimal(server.eac));
    expect(await value('whatif-bac')).toBe(normalizeDecimal(server.bac));
    expect(await value('delta-bac')).toBe('0');
  });

  it('says which BAC is which: the overview’s (latest baseline) beside the draft’s', async () => {
    await open('1');
    const official = await rest(env.server(), 'GET', `/budgets/1/folio/1/indicators?asOf=${AS_OF}`);
    await expect.poll(() => value('official-bac')).toBe(normalizeDecimal(official.json.success.bac));
    const baselines = (await rest(env.server(), 'GET', '/budgets/1/folio/1/baselines?costs=true&revenues=false')).json.success;
    const basis = page.locator('[data-bac-basis]');
    expect(await basis.getAttribute('data-bac-basis')).toBe(baselines.length ? 'baseline' : 'draft');
    if (baselines.length) expect(await basis.textContent()).toContain('latest approved baseline');
    expect(await value('saved-bac')).toBe(normalizeDecimal((await draftIndicators('1')).bac));
  });

  it('a rate change shows the EAC the server answers after Apply', async () => {
    await open('1');
    const before = await value('whatif-eac');
    // A team member's rate: her actual cost to date changes, and so the EAC (AC / progress).
    await whatIf.changeRate('Maria Keller', '97.35');
    await whatIf.applyButton(1).waitFor();
    const predicted = await value('whatif-eac');
    expect(predicted).not.toBe(before);
    expect(await value('delta-eac')).not.toBe('0');
    // Undo and redo walk it back and forth.
    await whatIf.undoButton.click();
    expect(await value('whatif-eac')).toBe(before);
    await whatIf.redoButton.click();
    expect(await value('whatif-eac')).toBe(predicted);
    // Nothing reached the server yet.
    expect(normalizeDecimal((await draftIndicators('1')).eac)).toBe(before);
    await whatIf.applyButton().click();
    await whatIf.applied.waitFor();
    expect(normalizeDecimal((await draftIndicators('1')).eac)).toBe(predicted);
    // Reloaded from the server: the saved figures are now the sandbox's.
    await whatIf.figure('saved-eac').waitFor();
    await settled(page);
    expect(await value('saved-eac')).toBe(predicted);
    // Apply made ordinary calls: the folio's activity holds the rate change, by the user, with
    // the rate before and after.
    const activity = await rest(env.server(), 'GET', '/budgets/1/folio/1/activity?limit=1');
    expect(activity.status, activity.text).toBe(200);
    const change = activity.json.success.changes[0];
    expect(change.record.name).toBe('Maria Keller');
    expect(change.user).toBe(env.server().user);
    const rate = change.fields.find((f: { path: string }) => /^rates\[id=\d+\]\.rate$/.test(f.path));
    expect(rate, JSON.stringify(change)).toBeDefined();
    expect(normalizeDecimal(String(rate.after))).toBe('97.35');
  });

  it('shows the cost lines a change moves, computed in the browser as the server computes them once applied', async () => {
    await open('1');
    await page.getByText('Cost lines this what-if moves').click();
    const moved = page.locator('table[data-section="moved-lines"]');
    await moved.waitFor();
    expect(await moved.locator('tr[data-moved]').count()).toBe(0);
    // Maria Keller realises the structural engineer's planned position: its line moves.
    await whatIf.changeRate('Maria Keller', '99.10');
    await whatIf.applyButton(1).waitFor();
    const row = moved.locator('tr[data-moved]');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('th').textContent()).toContain('Structural engineer');
    const predicted = (await row.locator('[data-field="forecast"]').getAttribute('data-value')) ?? '';
    await whatIf.applyButton().click();
    await whatIf.applied.waitFor();
    await settled(page);
    // The server's line of the same planned position, applied: the forecast the sandbox showed.
    const lines = (await rest(env.server(), 'GET', `/budgets/1/folio/1/lines?asOf=${AS_OF}`)).json.success.lines as {
      name: string;
      figures: { forecast: string; plan: string };
    }[];
    const engineer = lines.find((l) => l.name === 'Structural engineer');
    expect(engineer).toBeDefined();
    // The server's budget comes from the baseline; the sandbox's forecast is the same either way.
    expect(normalizeDecimal(engineer?.figures.forecast ?? '')).toBe(normalizeDecimal(predicted));
  });

  it('draws the forecast of the draft and of the what-if in a worker; a change moves the what-if’s', async () => {
    await open('1');
    const region = page.getByRole('region', { name: 'How sure the draft is' });
    const p50 = region.locator('tr[data-confidence="P50"] td');
    await p50.first().waitFor();
    expect(await p50.nth(1).textContent()).toBe(await p50.nth(0).textContent());
    // A raise of the planned structural engineer: what remains to pay grows, and so does P50.
    await whatIf.changeRate('Structural engineer', '150.00');
    await whatIf.applyButton(1).waitFor();
    await expect.poll(async () => (await p50.nth(1).textContent()) !== (await p50.nth(0).textContent()), { timeout: 10_000 }).toBe(true);
    const draft = await p50.nth(0).textContent();
    await whatIf.discardButton.click();
    await expect.poll(() => p50.nth(1).textContent(), { timeout: 10_000 }).toBe(draft);
  });

  it('a refusal during Apply leaves the rest applied and the refusal shown; Discard sends nothing', async () => {
    await open('1');
    const items = (await rest(env.server(), 'GET', `/budgets/1/folio/1/items?asOf=${AS_OF}`)).json.success;
    const [first, second] = (items.expenses as any[]).map((e) => e.expense);
    // Three changes: two amounts, and the first expense removed.
    await whatIf.changeAmount(first.id, '4321.09');
    await whatIf.changeAmount(second.id, '1.23');
    await whatIf.removeExpense(first.id).click();
    await whatIf.applyButton(3).waitFor();
    const savedBefore = await value('saved-bac');
    // While the first change is on its way, someone deletes the second expense on the server:
    // the server refuses the second change (the check before sending saw the expense still there).
    let deleted = false;
    await page.route('**/budgets/1/expense', async (route) => {
      if (!deleted && route.request().method() === 'PUT') {
        deleted = true;
        expect((await rest(env.server(), 'DELETE', `/budgets/1/expense/${second.id}`)).status).toBe(200);
      }
      await route.continue();
    });
    await whatIf.applyButton().click();
    const refusal = whatIf.refusal('refused');
    await refusal.waitFor();
    await page.unroute('**/budgets/1/expense');
    expect(await refusal.textContent()).toContain(`Amount of ${second.name}`);
    expect(await whatIf.changes('applied').count()).toBe(1);
    expect(await whatIf.changes('pending').count()).toBe(2);
    const server = (await rest(env.server(), 'GET', `/budgets/1/expense/${first.id}`)).json.success;
    expect(normalizeDecimal(server.amount)).toBe('4321.09');
    // The saved column now holds what was applied: the first expense's new amount (a cost in the
    // folio's currency; exact cents, in the test only).
    const cents = (text: string) =>
      BigInt(normalizeDecimal(text).replace(/^(-?\d+)(?:\.(\d*))?$/, (_m, w: string, f: string | undefined) => w + ((f ?? '') + '00').slice(0, 2)));
    expect(first.currencyCode).toBe('EUR');
    expect(cents(await value('saved-bac')) - cents(savedBefore)).toBe(cents('4321.09') - cents(first.amount));
    // Discard: the pending changes go; the first expense stays on the server.
    await whatIf.discardButton.click();
    expect(await whatIf.changes('pending').count()).toBe(0);
    expect((await rest(env.server(), 'GET', `/budgets/1/expense/${first.id}`)).status).toBe(200);
  });

  it('nothing is sent over an item changed on the server since the sandbox was loaded', async () => {
    await open('2');
    const items = (await rest(env.server(), 'GET', `/budgets/1/folio/2/items?asOf=${AS_OF}`)).json.success;
    const [first, second] = (items.expenses as any[]).map((e) => e.expense);
    await whatIf.changeAmount(first.id, '777.77');
    await whatIf.changeAmount(second.id, '1.23');
    await whatIf.applyButton(2).waitFor();
    // Someone else changes the second expense meanwhile.
    const raw = (await rest(env.server(), 'GET', `/budgets/1/expense/${second.id}`)).text;
    const theirs = raw.slice(raw.indexOf('{', 1), raw.lastIndexOf('}')).replace(/"amount":[-0-9.]+/, '"amount":999');
    const put = await rest(env.server(), 'PUT', '/budgets/1/expense', theirs);
    expect(put.status, put.text).toBe(200);
    await whatIf.applyButton().click();
    const stale = whatIf.refusal('stale');
    await stale.waitFor();
    expect(await stale.textContent()).toContain(`Amount of ${second.name}`);
    expect(await whatIf.changes('pending').count()).toBe(2);
    // Nothing was sent: neither amount changed on the server.
    expect(normalizeDecimal((await rest(env.server(), 'GET', `/budgets/1/expense/${first.id}`)).json.success.amount)).toBe(normalizeDecimal(first.amount));
    expect(normalizeDecimal((await rest(env.server(), 'GET', `/budgets/1/expense/${second.id}`)).json.success.amount)).toBe('999');
  });

  it('a position added, another as-of date, then Apply: the server gets the position; the changes survive the date', async () => {
    await open('3');
    await whatIf.addPosition('Night welder', '52.25', '40');
    await whatIf.applyButton(1).waitFor();
    // Its rate changed in the sandbox before it exists on the server.
    await whatIf.changeRate('Night welder', '55');
    await whatIf.applyButton(2).waitFor();
    const predicted = await value('whatif-bac');
    expect(await value('delta-bac')).not.toBe('0');
    // Another as-of date keeps both changes.
    const folio = new FolioPage(page, '');
    await folio.asOf.fill('2026-10-01');
    await whatIf.applyButton(2).waitFor();
    expect(await whatIf.changes('pending').count()).toBe(2);
    await folio.asOf.fill(AS_OF);
    await page.waitForFunction(() => new URL(location.href).searchParams.get('asOf') === '2026-12-15');
    expect(await value('whatif-bac')).toBe(predicted);
    await whatIf.applyButton().click();
    await whatIf.applied.waitFor();
    const items = (await rest(env.server(), 'GET', `/budgets/1/folio/3/items?asOf=${AS_OF}`)).json.success;
    const welder = (items.positions as any[]).find((p) => p.position.name === 'Night welder');
    expect(welder, 'the position is on the server').toBeTruthy();
    expect(normalizeDecimal(welder.position.rate.rate)).toBe('55');
    expect(normalizeDecimal((await draftIndicators('3')).bac)).toBe(predicted);
  });

  it('a rate and an allocation changed from a date: the server gets a new rate and the period split there', async () => {
    await open('2');
    type Member = {
      id: string;
      name: string;
      rates: { rate: unknown; startDate: string }[];
      allocations: { startDate: string; endDate: string; percentage: unknown }[];
    };
    const team = async () => (await rest(env.server(), 'GET', '/budgets/1/folio/2/team')).json.success.members as Member[];
    const member = (await team())[0]!;
    const first = member.allocations[0]!;
    const day = new Date(`${first.startDate}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 20);
    const from = day.toISOString().slice(0, 10);
    const form = page.getByRole('form', { name: 'Change a rate or an allocation from a date' });
    await form.getByLabel('Position').selectOption({ label: member.name });
    await form.getByLabel('To').fill('101.25');
    await form.getByLabel('From').fill(from);
    await form.getByRole('button', { name: 'Change from that day' }).click();
    await form.getByLabel('Change').selectOption('allocation');
    await form.getByLabel('To').fill('40');
    await form.getByLabel('From').fill(from);
    await form.getByRole('button', { name: 'Change from that day' }).click();
    await whatIf.applyButton(2).waitFor();
    await whatIf.applyButton().click();
    await whatIf.applied.waitFor();
    const after = (await team()).find((m) => m.id === member.id)!;
    expect(after.rates.some((r) => r.startDate === from && normalizeDecimal(String(r.rate)) === '101.25')).toBe(true);
    const periods = after.allocations.map((a) => `${a.startDate} ${a.endDate} ${normalizeDecimal(String(a.percentage))}`);
    const dayBefore = new Date(day);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    expect(periods).toContain(`${first.startDate} ${dayBefore.toISOString().slice(0, 10)} ${normalizeDecimal(String(first.percentage))}`);
    expect(periods).toContain(`${from} ${first.endDate} 40`);
  });

  it('a downloaded plan file imported gives a new folio with the same payments and indicators', async () => {
    await new FolioPage(page, '').goto('3', 'Import & export', AS_OF);
    const [download] = await Promise.all([page.waitForEvent('download'), new ExportScreen(page).planButton.click()]);
    expect(download.suggestedFilename()).toMatch(/-plan\.json$/);
    const file = await download.path();
    const newFolio = new NewFolioPage(page);
    await newFolio.goto();
    await newFolio.planFile.setInputFiles(file);
    await page.waitForURL(/\/folios\/\d+$/);
    const imported = /\/folios\/(\d+)$/.exec(page.url())![1]!;
    expect(imported).not.toBe('3');
    const figures = async (id: string) => {
      const payments = (await rest(env.server(), 'GET', `/budgets/1/folio/${id}/payments?asOf=${AS_OF}`)).json.success;
      const lines = (list: any[]) => list.map((item) => ({ name: item.name, total: item.total, lines: item.lines }));
      const indicators = await draftIndicators(id);
      delete indicators.status;
      // The draft's timeline: the source folio may have baselines, which an import does not carry.
      const timeline = (await rest(env.server(), 'GET', `/budgets/1/folio/${id}/timeline?asOf=${AS_OF}&granularity=month&plan=draft`)).json.success;
      return { positions: lines(payments.positions), expenses: lines(payments.expenses), timeline, indicators };
    };
    expect(await figures(imported)).toEqual(await figures('3'));
    // A hostile file is refused by name and creates nothing.
    const before = (await rest(env.server(), 'GET', '/budgets/1/folio')).json.success.length;
    await newFolio.goto();
    await newFolio.planFile.setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"folio":{"name":"x"},"positions":[{"position":{"rate":{"rate":"lots"}}}]}'),
    });
    const errors = newFolio.importErrors;
    await errors.waitFor();
    expect(await errors.textContent()).toMatch(/folio/);
    expect((await rest(env.server(), 'GET', '/budgets/1/folio')).json.success.length).toBe(before);
  });
});
