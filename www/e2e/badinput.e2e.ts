// Bad input in the forms (letters in an amount, an end before a start, 105 %, a currency the
// server refuses) shows the field's message at the field and stores nothing: the REST interface
// answers exactly as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { newContext, newPage, restWithSession, settled, signIn, useE2E } from './harness';

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

async function openCosts(): Promise<void> {
  await page.goto('/folios/1/costs?asOf=2026-06-30');
  await page.getByRole('heading', { name: 'Harbour footbridge', level: 1 }).waitFor();
  await page.locator('tr[data-expense-id]').first().waitFor();
  await settled(page);
}

describe('bad input is refused at the field and stores nothing', () => {
  it('new folio: an end before its start and a tolerance of 105 %', async () => {
    const before = await snapshot();
    await page.goto('/folios/new');
    await page.getByLabel('Name', { exact: true }).fill('Backwards folio');
    await page.getByLabel('Start date', { exact: true }).fill('2027-06-30');
    await page.getByLabel('End date', { exact: true }).fill('2027-01-04');
    await page.getByLabel('Tolerance (%)').fill('105');
    await page.getByRole('button', { name: 'Create folio' }).click();
    expect(await fieldMessage(page.getByLabel('End date', { exact: true }))).toMatch(/before|after/i);
    expect(await fieldMessage(page.getByLabel('Tolerance (%)'))).toMatch(/100/);
    // Still on the form, nothing stored.
    expect(new URL(page.url()).pathname).toBe('/folios/new');
    expect(await snapshot()).toEqual(before);
  });

  it('new folio: a currency the server refuses shows the server’s message at the field', async () => {
    const before = await snapshot();
    await page.goto('/folios/new');
    await page.getByLabel('Name', { exact: true }).fill('Unknown money');
    await page.getByLabel('Start date', { exact: true }).fill('2027-01-04');
    await page.getByLabel('End date', { exact: true }).fill('2027-06-30');
    await page.getByLabel('Currency', { exact: true }).fill('XYZ');
    await page.getByRole('button', { name: 'Create folio' }).click();
    expect(await fieldMessage(page.getByLabel('Currency', { exact: true }))).toMatch(/ISO 4217/);
    expect(new URL(page.url()).pathname).toBe('/folios/new');
    expect(await snapshot()).toEqual(before);
  });

  it('expense: letters in the amount, then a currency the server refuses', async () => {
    const before = await snapshot();
    await openCosts();
    await page.getByRole('button', { name: 'Add an expense' }).click();
    const d = page.getByRole('dialog');
    await d.waitFor();
    await d.getByLabel('Name', { exact: true }).fill('Bad amount');
    await d.getByLabel('Expense type').fill('Travel');
    await d.getByLabel('Amount', { exact: true }).fill('12a0');
    await d.getByLabel('Date', { exact: true }).fill('2026-06-01');
    await d.getByRole('button', { name: 'Add expense' }).click();
    expect(await fieldMessage(d.getByLabel('Amount', { exact: true }))).toMatch(/number|digits|letters/i);
    expect(await d.isVisible()).toBe(true);
    expect(await snapshot()).toEqual(before);

    // The server's refusal: at the field, with its message; the dialog stays open.
    await d.getByLabel('Amount', { exact: true }).fill('120');
    await d.getByLabel('Currency', { exact: true }).fill('XYZ');
    await d.getByRole('button', { name: 'Add expense' }).click();
    expect(await fieldMessage(d.getByLabel('Currency', { exact: true }))).toMatch(/ISO 4217/);
    expect(await d.getByLabel('Amount', { exact: true }).getAttribute('aria-invalid')).not.toBe('true');
    expect(await d.isVisible()).toBe(true);
    expect(await snapshot()).toEqual(before);
    await d.getByRole('button', { name: 'Cancel' }).click();
  });

  it('team member: 105 %, a period ending before it starts, letters in a rate', async () => {
    const before = await snapshot();
    await openCosts();
    await page.getByRole('button', { name: 'Add a team member' }).click();
    const d = page.getByRole('dialog');
    await d.waitFor();
    await d.getByLabel('Name', { exact: true }).fill('Overbooked');
    await d.getByLabel('Title (role)').fill('Engineer');
    await d.getByLabel('Start date (period 1)').fill('2026-03-02');
    await d.getByLabel('End date (period 1)').fill('2026-06-30');
    await d.getByLabel('Percentage (period 1)').fill('105');
    await d.getByRole('button', { name: 'Add an allocation period' }).click();
    await d.getByLabel('Start date (period 2)').fill('2026-09-30');
    await d.getByLabel('End date (period 2)').fill('2026-07-01');
    await d.getByLabel('Rate 1', { exact: true }).fill('8o');
    await d.getByRole('button', { name: 'Add position' }).click();
    expect(await fieldMessage(d.getByLabel('Percentage (period 1)'))).toMatch(/100/);
    expect(await fieldMessage(d.getByLabel('End date (period 2)'))).toMatch(/before|after/i);
    expect(await fieldMessage(d.getByLabel('Rate 1', { exact: true }))).toMatch(/number|digits|letters/i);
    expect(await d.isVisible()).toBe(true);
    expect(await snapshot()).toEqual(before);
    await d.getByRole('button', { name: 'Cancel' }).click();
  });

  it('team member: a rate change on the first rate’s date is refused, no half-saved position', async () => {
    const before = await snapshot();
    await openCosts();
    await page.getByRole('button', { name: 'Add a team member' }).click();
    const d = page.getByRole('dialog');
    await d.waitFor();
    await d.getByLabel('Name', { exact: true }).fill('Half saved?');
    await d.getByLabel('Title (role)').fill('Engineer');
    await d.getByLabel('Start date (period 1)').fill('2026-03-02');
    await d.getByLabel('End date (period 1)').fill('2026-06-30');
    await d.getByLabel('Percentage (period 1)').fill('100');
    await d.getByLabel('Rate 1', { exact: true }).fill('50');
    await d.getByRole('button', { name: 'Add a rate change' }).click();
    // The rate change starts on the same day as the first rate.
    await d.getByLabel('Rate 2', { exact: true }).fill('60');
    await d.getByLabel('Effective from (rate 2)').fill('2026-03-02');
    await d.getByRole('button', { name: 'Add position' }).click();
    // The same start date twice: refused at the second rate's date (by the browser or the server).
    expect(await fieldMessage(d.getByLabel('Effective from (rate 2)'))).toMatch(/2026-03-02|already/i);
    expect(await d.isVisible()).toBe(true);
    expect(await snapshot()).toEqual(before);
    await d.getByRole('button', { name: 'Cancel' }).click();
  });
});
