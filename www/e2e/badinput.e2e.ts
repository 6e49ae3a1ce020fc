// Bad input in the forms (letters in an amount, an end before a start, 105 %, a currency the
// server refuses) shows the field's message at the field and stores nothing: the REST interface
// answers exactly as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { newContext, newPage, restWithSession, settled, signIn, useE2E } from './harness';
import { CostsScreen, FolioPage, NewFolioPage, type ExpenseEditor, type PositionEditor } from './page-models';

const env = useE2E();

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await newContext(env.browser(), env.server());
  page = await newPage(context);
  await signIn(page, env.server());
});
afterAll(async () => {
  await context?.close();
});

/** What the server holds, as the exact text of its answers. */
async function snapshot(folioId = '1'): Promise<Record<string, string>> {
  const paths = [
    '/budgets/1/folio',
    `/budgets/1/folio/${folioId}/team`,
    `/budgets/1/folio/${folioId}/expenditures?actual=false&revenue=false`,
    `/budgets/1/folio/${folioId}/expenditures?actual=true&revenue=false`,
    `/budgets/1/folio/${folioId}/expenditures?actual=false&revenue=true`,
    `/budgets/1/folio/${folioId}/expenditures?actual=true&revenue=true`,
    `/budgets/1/folio/${folioId}/payments?asOf=2026-06-30`,
  ];
  const out: Record<string, string> = {};
  for (const p of paths) {
    const a = await restWithSession(page, p);
    expect(a.status, p).toBe(200);
    out[p] = a.text;
  }
  return out;
}

/** The message shown for a field: marked invalid, its text in an element the field is described by. */
async function fieldMessage(field: Locator): Promise<string> {
  await expect.poll(() => field.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  expect(ids.length, 'the field is described by its message').toBeGreaterThan(0);
  const texts = await field.page().evaluate((list) => list.map((id) => document.getElementById(id)?.textContent ?? ''), ids);
  return texts.join(' ');
}

async function openCosts(): Promise<CostsScreen> {
  const costs = new CostsScreen(page);
  await costs.goto('1', '2026-06-30');
  await new FolioPage(page, 'Harbour footbridge').heading.waitFor();
  await costs.expenseRows.first().waitFor();
  await settled(page);
  return costs;
}

describe('bad input is refused at the field and stores nothing', () => {
  it('new folio: an end before its start and a tolerance of 105 %', async () => {
    const before = await snapshot();
    const form = new NewFolioPage(page);
    await form.goto();
    await form.tolerance.fill('105');
    await form.create({ name: 'Backwards folio', start: '2027-06-30', end: '2027-01-04' });
    expect(await fieldMessage(form.endDate)).toMatch(/before|after/i);
    expect(await fieldMessage(form.tolerance)).toMatch(/100/);
    // Still on the form, nothing stored.
    expect(new URL(page.url()).pathname).toBe('/folios/new');
    expect(await snapshot()).toEqual(before);
  });

  it('new folio: a currency the server refuses shows the server’s message at the field', async () => {
    const before = await snapshot();
    const form = new NewFolioPage(page);
    await form.goto();
    await form.create({ name: 'Unknown money', start: '2027-01-04', end: '2027-06-30', currency: 'XYZ' });
    expect(await fieldMessage(form.currency)).toMatch(/ISO 4217/);
    expect(new URL(page.url()).pathname).toBe('/folios/new');
    expect(await snapshot()).toEqual(before);
  });

  it('expense: letters in the amount, then a currency the server refuses', async () => {
    const before = await snapshot();
    const costs = await openCosts();
    const d: ExpenseEditor = await costs.addExpense();
    await d.fill({ name: 'Bad amount', type: 'Travel', amount: '12a0' });
    await d.date.fill('2026-06-01');
    await d.addButton.click();
    expect(await fieldMessage(d.amount)).toMatch(/number|digits|letters/i);
    expect(await d.dialog.isVisible()).toBe(true);
    expect(await snapshot()).toEqual(before);

    // The server's refusal: at the field, with its message; the dialog stays open.
    await d.amount.fill('120');
    await d.currency.fill('XYZ');
    await d.addButton.click();
    expect(await fieldMessage(d.currency)).toMatch(/ISO 4217/);
    expect(await d.amount.getAttribute('aria-invalid')).not.toBe('true');
    expect(await d.dialog.isVisible()).toBe(true);
    expect(await snapshot()).toEqual(before);
    await d.cancelButton.click();
  });

  it('team member: 105 %, a period ending before it starts, letters in a rate', async () => {
    const before = await snapshot();
    const costs = await openCosts();
    const d: PositionEditor = await costs.addPosition('team member');
    await d.name.fill('Overbooked');
    await d.title.fill('Engineer');
    await d.startDate(1).fill('2026-03-02');
    await d.endDate(1).fill('2026-06-30');
    await d.percentage(1).fill('105');
    await d.addPeriodButton.click();
    await d.startDate(2).fill('2026-09-30');
    await d.endDate(2).fill('2026-07-01');
    await d.rate(1).fill('8o');
    await d.addButton.click();
    expect(await fieldMessage(d.percentage(1))).toMatch(/100/);
    expect(await fieldMessage(d.endDate(2))).toMatch(/before|after/i);
    expect(await fieldMessage(d.rate(1))).toMatch(/number|digits|letters/i);
    expect(await d.dialog.isVisible()).toBe(true);
    expect(await snapshot()).toEqual(before);
    await d.cancelButton.click();
  });

  it('team member: a rate change on the first rate’s date is refused, no half-saved position', async () => {
    const before = await snapshot();
    const costs = await openCosts();
    const d = await costs.addPosition('team member');
    await d.name.fill('Half saved?');
    await d.title.fill('Engineer');
    await d.startDate(1).fill('2026-03-02');
    await d.endDate(1).fill('2026-06-30');
    await d.percentage(1).fill('100');
    await d.rate(1).fill('50');
    await d.addRateButton.click();
    // The rate change starts on the same day as the first rate.
    await d.rate(2).fill('60');
    await d.effectiveFrom(2).fill('2026-03-02');
    await d.addButton.click();
    // The same start date twice: refused at the second rate's date (by the browser or the server).
    expect(await fieldMessage(d.effectiveFrom(2))).toMatch(/2026-03-02|already/i);
    expect(await d.dialog.isVisible()).toBe(true);
    expect(await snapshot()).toEqual(before);
    await d.cancelButton.click();
  });
});
