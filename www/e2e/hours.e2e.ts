// Actual hours in the planner, against a real `costfolio serve --demo` (screen 4): the
// owner enters a month of worked hours for a team member; the folio's AC then changes by exactly
// what the server's payment line of that month changed by, and the screen shows the new line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserToday, cents, newContext, newPage, rest, settled, signIn, useE2E } from './harness';
import { HoursScreen } from './page-models';

const env = useE2E();

let context: BrowserContext;
let page: Page;
let hours: HoursScreen;

beforeAll(async () => {
  context = await newContext(env.browser(), env.server());
  page = await newPage(context);
  hours = new HoursScreen(page);
  await signIn(page, env.server());
});
afterAll(async () => {
  await context?.close();
});

const today = browserToday;
const MEMBER = 'Tom Novak';
const MONTH = '2026-07';

/** The member's July line and the folio's AC, as REST answers them today. */
async function figures(): Promise<{ line: { amount: string; effort: string }; ac: string }> {
  const payments = await rest(env.server(), 'GET', `/budgets/1/folio/1/payments?asOf=${today()}`);
  expect(payments.status, payments.text).toBe(200);
  const member = payments.json.success.positions.find((p: { name: string }) => p.name === MEMBER);
  const line = member.lines.find((l: { date: string }) => l.date.startsWith(MONTH));
  const indicators = await rest(env.server(), 'GET', `/budgets/1/folio/1/indicators?asOf=${today()}`);
  return { line, ac: indicators.json.success.ac };
}

describe('actual hours', () => {
  it('a month of worked hours entered: AC changes by exactly the server’s amount for that month', async () => {
    const before = await figures();
    await hours.goto('1');
    await hours.card(MEMBER).waitFor();
    await settled(page);
    expect(await hours.month(MEMBER, MONTH).locator('td').first().getAttribute('data-value')).toBe(before.line.effort);

    await hours.enter(MEMBER, { from: `${MONTH}-01`, to: `${MONTH}-31`, regular: '123.50' });
    await hours.period(MEMBER, `${MONTH}-01`).waitFor();

    const after = await figures();
    expect(after.line.effort).toBe('123.50');
    expect(cents(after.ac) - cents(before.ac)).toBe(cents(after.line.amount) - cents(before.line.amount));
    expect(cents(after.ac)).not.toBe(cents(before.ac));
    await expect.poll(() => hours.month(MEMBER, MONTH).locator('td').first().getAttribute('data-value')).toBe('123.50');
  });

  it('edits one field of a period: every other field is as REST had it', async () => {
    const periodOf = async () => {
      const items = await rest(env.server(), 'GET', '/budgets/1/folio/1/items');
      const member = items.json.success.positions.find((p: { position: { name: string } }) => p.position.name === MEMBER);
      return member.hours.find((h: { startDate: string }) => h.startDate === `${MONTH}-01`);
    };
    const before = await periodOf();
    await hours
      .period(MEMBER, `${MONTH}-01`)
      .getByRole('button', { name: /^Edit / })
      .click();
    const form = page.getByRole('form', { name: `Change worked hours of ${MEMBER}` });
    await form.getByLabel('Overtime hours').fill('6.25');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => String((await periodOf()).otEffort)).toBe('6.25');
    expect({ ...(await periodOf()), otEffort: before.otEffort }).toEqual(before);
  });

  it('an overlapping period is refused at the start date, naming the conflict, and nothing changes', async () => {
    const before = await figures();
    await hours.enter(MEMBER, { from: `${MONTH}-15`, to: `${MONTH}-20`, regular: '8' });
    const error = page.getByRole('form', { name: `Enter worked hours of ${MEMBER}` }).locator('.field-error[data-field="startDate"]');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/2026-07-01/);
    expect(await figures()).toEqual(before);
  });
});
