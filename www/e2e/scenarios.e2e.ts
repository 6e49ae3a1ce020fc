// Scenarios in Chromium against a real server (S15): a controller forks two scenarios of the demo
// folio, changes each in What-if (saved to the scenario, the draft untouched), compares them
// side by side with the draft (the figures the server answers), promotes one with a reason and
// its approval, and finds the promotion in the budget's log and its baseline among the baselines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, newPage, rest, settled, signIn, useE2E } from './harness';
import { BaselinesScreen, FolioPage, ScenariosScreen, WhatIfScreen } from './page-models';

const env = useE2E();
const AS_OF = '2026-06-30';

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

async function success(path: string): Promise<any> {
  const answer = await rest(env.server(), 'GET', path);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.success;
}

/** The scenario of folio 1 named `name`. */
async function scenario(name: string): Promise<any> {
  const list = await success('/budgets/1/folio/1/scenarios');
  const found = list.find((s: any) => s.name === name);
  expect(found, `scenario ${name} in ${JSON.stringify(list)}`).toBeTruthy();
  return found;
}

/** Changes the planned rate of the lighting designer in scenario `name`, through What-if. */
async function changeIn(screen: ScenariosScreen, name: string, rate: string): Promise<void> {
  await screen.goto('1', AS_OF);
  await screen.row(name).waitFor();
  await screen.change(name);
  const whatIf = new WhatIfScreen(page);
  await page.locator(`[data-scenario-sandbox]`).waitFor();
  await whatIf.figure('whatif-eac').waitFor();
  await whatIf.changeRate('Lighting designer', rate);
  await whatIf.applyButton(1).click();
  await page.getByText(`Every change was saved to scenario “${name}”.`).waitFor();
}

describe('scenarios', () => {
  it('forks two scenarios, changes each, compares, promotes one with a reason, and logs the budget change', async () => {
    const draftBefore = await success(`/budgets/1/folio/1/indicators?asOf=${AS_OF}&plan=draft`);
    const screen = new ScenariosScreen(page);
    await screen.goto('1', AS_OF);
    await screen.fork('Senior designer', 'A senior lighting designer at a higher rate');
    await screen.fork('Junior designer');
    await changeIn(screen, 'Senior designer', '150');
    await changeIn(screen, 'Junior designer', '70');

    // The draft is untouched; each scenario moved its own BAC.
    const draftAfter = await success(`/budgets/1/folio/1/indicators?asOf=${AS_OF}&plan=draft`);
    expect(draftAfter.bac).toBe(draftBefore.bac);
    const senior = await scenario('Senior designer');
    const junior = await scenario('Junior designer');
    expect(String(senior.changedItems)).toBe('1');

    // Side by side: the server's comparison on screen.
    await screen.goto('1', AS_OF);
    await screen.row('Senior designer').waitFor();
    const comparison = await screen.compare('Draft', 'Senior designer', 'Junior designer');
    const answer = await success(`/budgets/1/folio/1/scenarios/compare?ids=draft,${senior.id},${junior.id}&asOf=${AS_OF}`);
    const bacRow = comparison
      .getByRole('table', { name: /Figures of each plan/ })
      .getByRole('row')
      .filter({ hasText: /^BAC/ })
      .first();
    const cells = await bacRow.locator('td').allTextContents();
    expect(cells).toHaveLength(3);
    for (const [i, plan] of answer.plans.entries()) expect(cells[i]!.replace(/[^\d.-]/g, '')).toBe(String(plan.indicators.bac).replace(/[^\d.-]/g, ''));
    const changed = comparison.locator('[data-difference^="position-"]').first();
    await expect.poll(() => changed.textContent()).toContain('Lighting designer');
    await settled(page);

    // Promoted with a reason and approved at once.
    await screen.promote('Senior designer', 'The client wants a senior designer', 'Budget with a senior designer');
    await page.getByText(/is now the draft/).waitFor();
    const promotedDraft = await success(`/budgets/1/folio/1/indicators?asOf=${AS_OF}&plan=draft`);
    const seniorPlan = await success(`/budgets/1/folio/1/scenarios/${senior.id}/indicators?asOf=${AS_OF}&plan=draft`);
    expect(promotedDraft.bac).toBe(seniorPlan.bac);
    const list = await success('/budgets/1/folio/1/scenarios');
    expect(list.some((s: any) => s.name === 'Draft before promoting Senior designer')).toBe(true);

    // The budget's log on the overview, and the new baseline.
    const folio = new FolioPage(page, 'Harbour footbridge');
    await folio.goto('1', 'Overview', AS_OF);
    const log = page.getByRole('region', { name: 'Changes of the approved budget' });
    const promotion = log.locator('tr[data-budget-change="promotion"]');
    await promotion.waitFor();
    expect(await promotion.textContent()).toContain('The client wants a senior designer');
    const changes = await success('/budgets/1/folio/1/budget-changes');
    expect(changes.changes.at(-1).kind).toBe('promotion');
    await folio.goto('1', 'Baselines', AS_OF);
    await new BaselinesScreen(page).page.getByText('Budget with a senior designer').first().waitFor();
  });
});
