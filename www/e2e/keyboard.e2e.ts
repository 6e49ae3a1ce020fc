// The keyboard shortcuts in Chromium against a real `costfolio serve --demo`: `?` lists
// them, `]` and a number move between a folio's tabs, `n` opens the expense editor on the costs
// screen and Ctrl+Enter saves it (the server then holds the expense), Escape closes without
// saving, and Ctrl+Z undoes a what-if change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, newPage, rest, settled, signIn, useE2E } from './harness';
import { ExpenseEditor, FolioPage, WhatIfScreen } from './page-models';

const env = useE2E();

let context: BrowserContext;
let page: Page;
const folio = () => new FolioPage(page, 'Harbour footbridge');

beforeAll(async () => {
  context = await newContext(env.browser(), env.server());
  page = await newPage(context);
  await signIn(page, env.server());
});
afterAll(async () => {
  await context?.close();
});

const expenses = async () => (await rest(env.server(), 'GET', '/budgets/1/folio/1/items')).json.success.expenses as { expense: { name: string } }[];

describe('keyboard shortcuts', () => {
  it('? lists the shortcuts; Escape closes the list', async () => {
    await folio().goto('1', 'Costs & revenues');
    await page.locator('tr[data-expense-id]').first().waitFor();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.textContent()).toContain('Costs: add an expense');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
  });

  it('n opens the expense editor, Ctrl+Enter saves it; Escape asks before closing one without saving', async () => {
    const before = (await expenses()).length;
    await page.keyboard.press('n');
    const editor = new ExpenseEditor(page);
    await editor.dialog.waitFor();
    await editor.fill({ name: 'Keyboard expense', type: 'Misc', amount: '12.34' });
    await page.keyboard.press('Control+Enter');
    await editor.dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await expenses()).some((e) => e.expense.name === 'Keyboard expense')).toBe(true);

    await page.keyboard.press('n');
    await editor.dialog.waitFor();
    await editor.fill({ name: 'Never saved', type: 'Misc', amount: '1' });
    // Escape on an editor with changes asks first; Escape again keeps editing; the discard closes it.
    await page.keyboard.press('Escape');
    const question = page.getByTestId('discard-question');
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await editor.dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await editor.dialog.waitFor({ state: 'detached' });
    expect((await expenses()).length).toBe(before + 1);
  });

  it('] goes to the next tab and 1 to the first', async () => {
    await page.keyboard.press(']');
    await expect.poll(() => folio().tabLink('Scope').getAttribute('aria-current')).toBe('page');
    await page.keyboard.press('1');
    await expect.poll(() => folio().tabLink('Overview').getAttribute('aria-current')).toBe('page');
  });

  it('Ctrl+Z undoes a what-if change', async () => {
    const whatIf = new WhatIfScreen(page);
    await whatIf.goto('1', '2026-12-15');
    await whatIf.figure('whatif-eac').waitFor();
    await settled(page);
    await whatIf.changeRate('Maria Keller', '97.35');
    await whatIf.applyButton(1).waitFor();
    await page.locator('main h1').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => whatIf.applyButton(1).count()).toBe(0);
    await page.keyboard.press('Control+Shift+z');
    await whatIf.applyButton(1).waitFor();
  });
});
