// Every numeric input of the planner's forms walked with what people type by mistake ("abc",
// "-1", "", "1e309") and what a spreadsheet pastes ("2,500.00"), against a real `costfolio serve`
// with the demo: each mistake is refused at its field with a message in words (aria-invalid and
// the message it is described by), "2,500.00" is understood (no "not a number" at the field), and
// no page logs an error (the harness fails a test on any).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { newContext, newPage, settled, signIn, useE2E } from './harness';
import { CostsScreen, ExchangeRatesPage, FolioPage, HoursScreen, NewFolioPage, OvertimeRulesPage, ScopeScreen, WhatIfScreen } from './page-models';

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

const MISTAKES = ['abc', '-1', '1e309', ''] as const;

/** The message `field` is described by when it is marked invalid; null when it is not. */
async function messageAt(field: Locator): Promise<string | null> {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ').trim();
}

/** Types each mistake into `field`, sends with `submit`, and expects a message at the field; then
 * "2,500.00", and expects no "not a number" there. `optional`: an empty field is allowed. */
async function walk(where: string, field: () => Locator, submit: () => Promise<void>, optional = false): Promise<string[]> {
  const seen: string[] = [];
  for (const text of MISTAKES) {
    if (text === '' && optional) continue;
    await field().fill(text);
    await submit();
    await expect.poll(() => messageAt(field()), { message: `${where} with “${text}”` }).not.toBeNull();
    const message = (await messageAt(field())) ?? '';
    expect(message.length, `${where} with “${text}”: ${message}`).toBeGreaterThan(8);
    seen.push(`${text} → ${message}`);
  }
  await field().fill('2,500.00');
  await submit();
  await settled(page);
  if (await field().isVisible()) {
    const message = (await messageAt(field())) ?? '';
    expect(message, `${where} with “2,500.00”`).not.toMatch(/not a number/);
  }
  return seen;
}

describe('every form refuses bad numbers at the field, in words', () => {
  it('the expense editor', async () => {
    const costs = new CostsScreen(page);
    await costs.goto('1', '2026-12-15');
    const editor = await costs.addExpense();
    await editor.name.fill('Walked');
    await editor.type.fill('Test');
    const seen = await walk(
      'Amount',
      () => editor.amount,
      () => editor.addButton.click(),
    );
    expect(seen.join('\n')).toContain('is not a number');
    expect(seen.join('\n')).toContain('must be 0 or more');
    // The three-point estimate of a planned expense (S14.1): a point walked, the others given.
    const again = await costs.addExpense();
    const dialog = page.getByRole('dialog');
    await again.name.fill('Walked estimate');
    await again.type.fill('Test');
    await again.amount.fill('100');
    await dialog.getByLabel('Most likely').fill('1');
    await dialog.getByLabel('Worst case').fill('1.4');
    const estimate = await walk(
      'Best case',
      () => dialog.getByLabel('Best case'),
      () => again.addButton.click(),
    );
    expect(estimate.join('\n')).toContain('must be above 0');
    expect(estimate.join('\n')).toContain('is needed when the others are given');
  });

  it('the position editor: percentage and rate', async () => {
    const costs = new CostsScreen(page);
    await costs.goto('1', '2026-12-15');
    for (const [label, field] of [
      ['Percentage', (e: Awaited<ReturnType<CostsScreen['addPosition']>>) => e.percentage(1)],
      ['Rate', (e: Awaited<ReturnType<CostsScreen['addPosition']>>) => e.rate(1)],
    ] as const) {
      const editor = await costs.addPosition('team member');
      await editor.name.fill('Walked person');
      await editor.title.fill('Tester');
      await editor.percentage(1).fill('50');
      await editor.rate(1).fill('80');
      await walk(
        label,
        () => field(editor),
        () => editor.addButton.click(),
      );
      if (await editor.dialog.isVisible()) await editor.close();
      await settled(page);
    }
  });

  it('the settings: reserve, contingency, tolerance and hours per day', async () => {
    const folio = new FolioPage(page, '');
    await folio.goto('2', 'Settings');
    await settled(page);
    const save = () => page.getByRole('button', { name: 'Save settings' }).click();
    for (const label of ['Reserve', 'Contingency', 'Tolerance']) {
      await walk(label, () => page.getByLabel(label, { exact: false }).first(), save);
      await settled(page);
      const anyway = page.getByRole('button', { name: 'Save anyway' });
      if (await anyway.isVisible()) await anyway.click();
    }
    await walk('Hours per day', () => page.getByLabel('Hours per day', { exact: false }), save, true);
  });

  it('the worked hours of a team member', async () => {
    const hours = new HoursScreen(page);
    await hours.goto('1');
    const form = page.getByRole('form', { name: 'Enter worked hours of Tom Novak' });
    await form.waitFor();
    await form.getByLabel('From').fill('2026-06-01');
    await form.getByLabel('To').fill('2026-06-30');
    const enter = () => form.getByRole('button', { name: 'Enter worked hours' }).click();
    await walk('Regular hours', () => form.getByLabel('Regular hours'), enter);
  });

  it('what-if: a rate in the table and the position it adds', async () => {
    const whatIf = new WhatIfScreen(page);
    await whatIf.goto('1', '2026-12-15');
    await whatIf.figure('whatif-eac').waitFor();
    await settled(page);
    await walk(
      'Rate of Maria Keller',
      () => whatIf.rate('Maria Keller'),
      () => whatIf.rate('Maria Keller').press('Enter'),
    );
    const add = page.getByRole('form', { name: 'Add a planned position to the sandbox' });
    await add.getByLabel('Name').fill('Walked');
    await walk(
      'Rate of a new position',
      () => add.getByLabel(/^Rate \/ h/),
      () => add.getByRole('button', { name: 'Add position' }).click(),
    );
  });

  it('a new folio: reserve, contingency and tolerance', async () => {
    const form = new NewFolioPage(page);
    // Each field on a fresh form: "2,500.00" is understood, and a reserve of 2,500 % makes the folio.
    for (const label of ['Reserve (%)', 'Contingency (%)', 'Tolerance (%)']) {
      await form.goto();
      await form.heading.waitFor();
      await form.name.fill('Walked folio');
      await form.startDate.fill('2027-01-04');
      await form.endDate.fill('2027-12-17');
      await walk(
        label,
        () => page.getByLabel(label, { exact: true }),
        () => form.createButton.click(),
      );
    }
  });

  it('the scope: weight, logged and remaining', async () => {
    const scope = new ScopeScreen(page);
    await scope.goto('1');
    await scope.save.waitFor();
    await settled(page);
    for (const label of ['Weight', 'Logged', 'Remaining']) {
      await walk(
        label,
        () => scope.item(1).getByLabel(label, { exact: false }).first(),
        () => scope.save.click(),
      );
      await settled(page);
    }
  });

  it('the exchange rates and the overtime rules of an administrator', async () => {
    const rates = new ExchangeRatesPage(page);
    await rates.goto();
    await rates.table.waitFor();
    await page.getByLabel('From currency').fill('CHF');
    await page.getByLabel('To currency').fill('EUR');
    await page.getByLabel('Effective date').fill('2026-01-01');
    await walk(
      'Rate',
      () => page.getByLabel('Rate', { exact: true }),
      () => page.getByRole('button', { name: 'Save rate' }).click(),
    );
    const rules = new OvertimeRulesPage(page);
    await rules.goto();
    await rules.table.waitFor();
    await rules.fill({ name: 'Walked rule', frequency: 'WEEKLY', regularHours: '40', coefficient: '1.5' });
    const add = () =>
      page
        .getByRole('button', { name: /^(Add rule|Add overtime rule|Save)/ })
        .first()
        .click();
    await walk('Regular hours', () => page.getByLabel('Regular hours'), add);
    await rules.goto();
    await rules.table.waitFor();
    await rules.fill({ name: 'Walked rule 2', frequency: 'WEEKLY', regularHours: '40' });
    await walk('Coefficient', () => page.getByLabel('Coefficient'), add);
  });
});
