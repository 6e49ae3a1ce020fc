// Custom fields in the planner, against a real `costfolio serve --demo` (screen 5): the
// owner defines a required SELECT field for cost expenses; an expense without a value is refused
// at the field (by the planner, and by the server over REST, naming `customFields.<id>`), and one
// with a value is saved with it; the expense editor then shows the stored value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, newPage, rest, settled, signIn, useE2E } from './harness';
import { CostsScreen, FolioPage, SettingsScreen } from './page-models';

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

const FIELD = 'Work package';

describe('custom fields', () => {
  let fieldId = '';

  it('defines a required SELECT field for cost expenses', async () => {
    const settings = new SettingsScreen(page);
    await settings.goto('1');
    await settings.save.waitFor();
    await settled(page);
    await settings.addCustomField({ name: FIELD, for: 'Cost expenses', style: 'Choice from a list', options: ['Deck', 'Lighting'], required: true });
    await settings.customField(FIELD).waitFor();
    const catalog = await rest(env.server(), 'GET', '/budgets/1/folio/1/customfields');
    const defined = catalog.json.success.customFields.ACTUAL.find((d: { name: string }) => d.name === FIELD);
    expect(defined).toMatchObject({ name: FIELD, style: 'SELECT', type: 'ACTUAL', required: true, options: ['Deck', 'Lighting'] });
    fieldId = String(defined.id);
  });

  it('an expense without a value is refused at the field; the server refuses it too', async () => {
    const folio = new FolioPage(page, 'Harbour footbridge');
    await folio.goto('1', 'Costs & revenues');
    const costs = new CostsScreen(page);
    const editor = await costs.addExpense();
    await editor.fill({ name: 'Deck coating', type: 'Material', amount: '950.00' });
    await editor.dialog.getByLabel(`${FIELD} (required)`).waitFor();
    await editor.addButton.click();
    const message = editor.dialog.locator(`.field-error[data-field="customFields.${fieldId}"]`);
    await message.waitFor();
    expect(await message.textContent()).toBe(`${FIELD} is required`);

    const refused = await rest(env.server(), 'POST', '/budgets/1/expense', {
      folioId: 1,
      name: 'Deck coating',
      type: 'Material',
      description: '',
      kind: '.PlannedExpense',
      category: 'OPEX',
      amount: 950,
      currencyCode: 'EUR',
      recurrence: { kind: '.Once', startDate: '2026-06-01' },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json.errors)).toContain(`customFields.${fieldId}`);

    await editor.dialog.getByLabel(`${FIELD} (required)`).selectOption('Deck');
    await editor.addButton.click();
    await editor.dialog.waitFor({ state: 'detached' });
    const items = await rest(env.server(), 'GET', '/budgets/1/folio/1/items');
    const saved = items.json.success.expenses.find((e: { expense: { name: string } }) => e.expense.name === 'Deck coating');
    expect(saved.expense.customFields).toEqual({ values: { [fieldId]: 'Deck' } });
  });
  it('renames the field: every other field of the definition is as REST had it', async () => {
    const definition = async () =>
      (await rest(env.server(), 'GET', '/budgets/1/folio/1/customfields')).json.success.customFields.ACTUAL.find(
        (d: { id: unknown }) => String(d.id) === fieldId,
      );
    const before = await definition();
    const settings = new SettingsScreen(page);
    await settings.goto('1');
    await settings.customField(FIELD).waitFor();
    await page.getByRole('button', { name: `Edit custom field ${FIELD}` }).click();
    const form = page.getByRole('form', { name: `Change custom field ${FIELD}` });
    await form.getByLabel('Field name').fill('Work package (WP)');
    await form.getByRole('button', { name: 'Save custom field' }).click();
    await expect.poll(async () => (await definition()).name).toBe('Work package (WP)');
    expect(await definition()).toEqual({ ...before, name: 'Work package (WP)' });
  });
});
