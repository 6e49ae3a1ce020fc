// History in the planner, against a real `costfolio serve --demo`: the owner changes a
// team member's rate in its editor; the editor's history then says who changed which rate from
// what to what, and so does the folio's activity, whose newest change is the REST interface's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, newPage, rest, settled, signIn, useE2E } from './harness';
import { CostsScreen, FolioPage, HistoryList, PositionEditor } from './page-models';

const env = useE2E();

let context: BrowserContext;
let page: Page;
let costs: CostsScreen;

beforeAll(async () => {
  context = await newContext(env.browser(), env.server());
  page = await newPage(context);
  costs = new CostsScreen(page);
  await signIn(page, env.server());
});
afterAll(async () => {
  await context?.close();
});

const MEMBER = 'Tom Novak';
const NEW_RATE = '91.25';

/** The member's position id and the effective date of its first live rate, as REST has them. */
async function member(): Promise<{ id: string; startDate: string; rateId: string }> {
  const team = await rest(env.server(), 'GET', '/budgets/1/folio/1/team');
  expect(team.status, team.text).toBe(200);
  const found = team.json.success.members.find((m: { name: string }) => m.name === MEMBER);
  const rate = found.rates.find((r: { deletedOn?: string }) => !r.deletedOn);
  return { id: String(found.id), startDate: rate.startDate, rateId: String(rate.id) };
}

describe('history', () => {
  it('a rate changed in the editor is in the item’s history and the folio’s activity', async () => {
    const { id, startDate, rateId } = await member();
    await costs.goto('1');
    await costs.positionRow(id).waitFor();
    await settled(page);
    const editor = await costs.editPosition(MEMBER, id);
    const row = await editor.rateRowFrom(startDate);
    expect(row).not.toBeNull();
    const before = await PositionEditor.rowRate(row!).inputValue();
    await PositionEditor.rowRate(row!).fill(NEW_RATE);
    await PositionEditor.rowSave(row!).click();
    await settled(page);

    // The editor's history, opened: its newest change names the rate, its old and new value.
    await editor.historyToggle.click();
    const history = new HistoryList(editor.history);
    await history.changes.first().waitFor();
    const newest = (await history.changes.first().textContent()) ?? '';
    expect(newest).toContain(`${env.server().user} changed it`);
    expect(newest).toContain(`rate ${rateId}: rate `);
    expect(newest).toContain(`to ${NEW_RATE}`);
    expect(Number(before)).not.toBe(Number(NEW_RATE));

    // The REST interface's newest change of the position is the one on screen.
    const rest1 = await rest(env.server(), 'GET', `/budgets/1/position/${id}/history?limit=1`);
    expect(rest1.status, rest1.text).toBe(200);
    const change = rest1.json.success.changes[0];
    expect(await history.changes.first().getAttribute('data-seq')).toBe(String(change.seq));
    await editor.closeButton.click();

    // The folio's activity shows it first, naming the position.
    await new FolioPage(page, 'Harbour footbridge').goto('1', 'Activity');
    const activity = new HistoryList(page.locator('main'));
    await activity.changes.first().waitFor();
    const first = (await activity.changes.first().textContent()) ?? '';
    expect(first).toContain(`${env.server().user} changed position “${MEMBER}”`);
    expect(first).toContain(`rate ${rateId}: rate `);
    expect(await activity.changes.first().getAttribute('data-seq')).toBe(String(change.seq));
  });

  it('the activity pages back to the folio’s creation', async () => {
    await new FolioPage(page, 'Harbour footbridge').goto('1', 'Activity');
    const activity = new HistoryList(page.locator('main'));
    await activity.changes.first().waitFor();
    const first = await activity.changes.count();
    while ((await activity.older.count()) > 0) {
      const shown = await activity.changes.count();
      await activity.older.click();
      await expect.poll(() => activity.changes.count()).toBeGreaterThan(shown);
    }
    expect(await activity.changes.count()).toBeGreaterThan(first);
    expect((await activity.changes.last().textContent()) ?? '').toContain('created the folio “Harbour footbridge”');
  });

  it('an explanation shows the changes since a date that moved its figure', async () => {
    await new FolioPage(page, 'Harbour footbridge').goto('1');
    await page.locator('dd[data-indicator="ac"] button').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.explanation[data-figure="ac"]').waitFor();
    await dialog.getByText('What changed in the folio since…').click();
    const changes = new HistoryList(dialog.locator('details.item-history'));
    await changes.changes.first().waitFor();
    // The rate changed by the first test, today: the newest change since 30 days before today.
    expect((await changes.changes.first().textContent()) ?? '').toContain(`changed position “${MEMBER}”`);
  });
});
