// A folio owner's path through the planner, in order (each step needs the previous ones): create a
// folio; add a team member with two allocation periods and a rate change; add a planned position;
// add a monthly expense on the 31st and see Feb 28 previewed live; check the overview against the
// REST interface; approve a baseline; change a rate and see the comparison show the difference.
// After each step the REST interface is asked what was stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { mismatches, newContext, newPage, normalizeDecimal, readFigures, restWithSession, settled, signIn, useE2E } from './harness';

const env = useE2E();

const FOLIO = {
  name: 'E2E river crossing',
  start: '2027-01-04',
  end: '2027-12-17',
};
const AS_OF = '2027-03-31';

let context: BrowserContext;
let page: Page;
const state: { folioId?: string; teamId?: string; plannedId?: string; expenseId?: string; baseline?: boolean; rateChanged?: boolean } = {};

beforeAll(async () => {
  context = await newContext(env.browser(), env.server());
  page = await newPage(context);
  await signIn(page, env.server());
});
afterAll(async () => {
  await context?.close();
});

async function success(path: string): Promise<any> {
  const a = await restWithSession(page, path);
  expect(a.status, `${path}: ${a.text.slice(0, 300)}`).toBe(200);
  return a.json.success;
}

/** Opens a tab of the folio through its navigation and waits for it to settle. */
async function tab(name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: `${FOLIO.name} screens` })
    .getByRole('link', { name, exact: true })
    .click();
  await expect
    .poll(async () =>
      page
        .getByRole('navigation', { name: `${FOLIO.name} screens` })
        .getByRole('link', { name, exact: true })
        .getAttribute('aria-current'),
    )
    .toBe('page');
  await settled(page);
}

async function dialogClosed(): Promise<void> {
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0);
}

/** Skips a step whose earlier step failed (the failure is reported there). */
const need = (skip: (note?: string) => void, ok: unknown, what: string) => {
  if (!ok) skip(`needs ${what}: an earlier step failed`);
};

describe('a folio from scratch', () => {
  it('creates a folio through the form', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'New folio' }).click();
    await page.getByRole('heading', { name: 'New folio', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(FOLIO.name);
    await page.getByLabel('Start date', { exact: true }).fill(FOLIO.start);
    await page.getByLabel('End date', { exact: true }).fill(FOLIO.end);
    await page.getByLabel('Currency', { exact: true }).fill('EUR');
    await page.getByRole('button', { name: 'Create folio' }).click();
    await page.getByRole('heading', { name: FOLIO.name, level: 1 }).waitFor();
    const id = /\/folios\/(\d+)/.exec(new URL(page.url()).pathname)?.[1];
    expect(id).toBeTruthy();
    const folio = await success(`/budgets/1/folio/${id}`);
    expect(folio.name).toBe(FOLIO.name);
    expect(folio.startDate).toBe(FOLIO.start);
    expect(folio.endDate).toBe(FOLIO.end);
    expect(folio.currencyCode).toBe('EUR');
    expect(folio.owner).toBe(env.server().user);
    // Listed with the others.
    const list = await success('/budgets/1/folio');
    expect(list.map((f: { name: string }) => f.name)).toContain(FOLIO.name);
    state.folioId = id!;
  });

  it('adds a team member with two allocation periods and a rate change', async ({ skip }) => {
    need(skip, state.folioId, 'the folio');
    await page.goto(`/folios/${state.folioId}?asOf=${AS_OF}`);
    await page.getByRole('heading', { name: FOLIO.name, level: 1 }).waitFor();
    await tab('Costs & revenues');
    await page.getByRole('button', { name: 'Add a team member' }).click();
    const d = page.getByRole('dialog');
    await d.waitFor();
    await d.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await d.getByLabel('Title (role)').fill('Engineer');
    await d.getByLabel('Member (user key)').fill(env.server().user);
    await d.getByLabel('Start date (period 1)').fill(FOLIO.start);
    await d.getByLabel('End date (period 1)').fill('2027-06-30');
    await d.getByLabel('Percentage (period 1)').fill('100');
    await d.getByRole('button', { name: 'Add an allocation period' }).click();
    await d.getByLabel('Start date (period 2)').fill('2027-07-01');
    await d.getByLabel('End date (period 2)').fill(FOLIO.end);
    await d.getByLabel('Percentage (period 2)').fill('50');
    await d.getByLabel('Rate 1', { exact: true }).fill('80');
    await d.getByLabel('Effective from (rate 1)').fill(FOLIO.start);
    await d.getByRole('button', { name: 'Add a rate change' }).click();
    await d.getByLabel('Rate 2', { exact: true }).fill('95.50');
    await d.getByLabel('Effective from (rate 2)').fill('2027-07-01');
    await d.getByRole('button', { name: 'Add position' }).click();
    await dialogClosed();

    const team = (await success(`/budgets/1/folio/${state.folioId}/team`)).members;
    expect(team).toHaveLength(1);
    const m = team[0];
    expect(m.name).toBe('Ada Lovelace');
    expect(m.title).toBe('Engineer');
    expect(m.kind).toBe('.TeamMember');
    const allocations = m.allocations
      .filter((a: { deletedOn?: string }) => !a.deletedOn)
      .map((a: any) => [a.startDate, a.endDate, normalizeDecimal(a.percentage)])
      .sort();
    expect(allocations).toEqual([
      [FOLIO.start, '2027-06-30', '100'],
      ['2027-07-01', FOLIO.end, '50'],
    ]);
    const rates = m.rates
      .filter((r: { deletedOn?: string }) => !r.deletedOn)
      .map((r: any) => [r.startDate, normalizeDecimal(r.rate)])
      .sort();
    expect(rates).toEqual([
      [FOLIO.start, '80'],
      ['2027-07-01', '95.5'],
    ]);
    state.teamId = String(m.id);

    // Listed under its title, with its rate in force at the as-of date.
    const row = page.locator(`tr[data-position-id="${state.teamId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Ada Lovelace');
    const rate = (await readFigures(page, `tr[data-position-id="${state.teamId}"]`, 'data-field')).find((f) => f.key === 'rate');
    expect(rate && mismatches('team member rate', rate, '80')).toEqual([]);
  });

  it('adds a planned position', async ({ skip }) => {
    need(skip, state.folioId, 'the folio');
    await page.goto(`/folios/${state.folioId}/costs?asOf=${AS_OF}`);
    await page.getByRole('heading', { name: FOLIO.name, level: 1 }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Add a planned position' }).click();
    const d = page.getByRole('dialog');
    await d.waitFor();
    await d.getByLabel('Name', { exact: true }).fill('Bridge designer');
    await d.getByLabel('Title (role)').fill('Designer');
    await d
      .getByLabel(/^Percentage/)
      .first()
      .fill('50');
    await d.getByLabel('Rate 1', { exact: true }).fill('70');
    await d.getByRole('button', { name: 'Add position' }).click();
    await dialogClosed();
    const planned = (await success(`/budgets/1/folio/${state.folioId}/expenditures?actual=false&revenue=false`)).positions;
    const p = planned.find((x: { name: string }) => x.name === 'Bridge designer');
    expect(p, 'the planned position is stored').toBeDefined();
    expect(normalizeDecimal(p.rate.rate)).toBe('70');
    expect(normalizeDecimal(p.allocation.percentage)).toBe('50');
    expect([p.allocation.startDate, p.allocation.endDate]).toEqual([FOLIO.start, FOLIO.end]);
    state.plannedId = String(p.id);
    await page.locator(`tr[data-position-id="${state.plannedId}"]`).waitFor();
  });

  it('adds a monthly expense on the 31st, previewing Feb 28 live (computed in the browser)', async ({ skip }) => {
    need(skip, state.folioId, 'the folio');
    await page.goto(`/folios/${state.folioId}/costs?asOf=${AS_OF}`);
    await page.getByRole('heading', { name: FOLIO.name, level: 1 }).waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Add an expense' }).click();
    const d = page.getByRole('dialog');
    await d.waitFor();
    await d.getByLabel('Name', { exact: true }).fill('Site office rent');
    await d.getByLabel('Expense type').fill('Rental');
    await d.getByLabel('Amount', { exact: true }).fill('1200.50');

    // From here on, the preview must not need the server.
    const calls: string[] = [];
    const onRequest = (r: { url: () => string }) => {
      if (new URL(r.url()).pathname.startsWith('/budgets/')) calls.push(r.url());
    };
    page.on('request', onRequest);
    await d.getByLabel('Repeats').selectOption({ label: 'Monthly' });
    const first = d.getByLabel('First date');
    await first.fill('2027-01-15');
    const occurrences = d.getByRole('list', { name: 'Next occurrences' });
    const dates = () => occurrences.locator('[data-date]').evaluateAll((els) => els.map((e) => e.getAttribute('data-date')));
    await expect.poll(dates).toEqual(expect.arrayContaining(['2027-01-15', '2027-02-15', '2027-03-15']));
    // Typing another date changes the preview at once: the 31st gives Feb 28 in 2027.
    await first.fill('2027-01-31');
    await expect.poll(async () => (await dates()).slice(0, 4)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    const feb = await occurrences.locator('[data-date="2027-02-28"]').textContent();
    expect(feb).toMatch(/Feb(ruary)? 28/);
    const words = await d.getByTestId('recurrence-words').textContent();
    expect(words).toMatch(/month/i);
    expect(words).toMatch(/31/);
    page.off('request', onRequest);
    expect(calls, 'the preview is computed in the browser (wasm), not by the server').toEqual([]);

    await d.getByRole('button', { name: 'Add expense' }).click();
    await dialogClosed();

    const planned = (await success(`/budgets/1/folio/${state.folioId}/expenditures?actual=false&revenue=false`)).expenses;
    const e = planned.find((x: { name: string }) => x.name === 'Site office rent');
    expect(e, 'the expense is stored').toBeDefined();
    expect(normalizeDecimal(e.amount)).toBe('1200.5');
    expect(e.kind).toBe('.PlannedExpense');
    expect(e.recurrence.kind).toBe('.Monthly');
    expect(e.recurrence.startDate).toBe('2027-01-31');
    state.expenseId = String(e.id);
    // The server's payments agree with what the preview showed.
    const payments = await success(`/budgets/1/expense/${e.id}/payments`);
    expect(payments.slice(0, 4).map((p: { date: string }) => p.date)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    // The row shows the amount the server holds.
    await page.locator(`tr[data-expense-id="${state.expenseId}"]`).waitFor();
    const amount = (await readFigures(page, `tr[data-expense-id="${state.expenseId}"]`, 'data-field')).find((f) => f.key === 'amount');
    expect(amount && mismatches('expense amount', amount, e.amount)).toEqual([]);
  });

  it('shows on the overview exactly the indicators the REST interface computes', async ({ skip }) => {
    need(skip, state.expenseId && state.teamId, 'the items');
    await page.goto(`/folios/${state.folioId}?asOf=${AS_OF}`);
    await page.locator('[data-indicator="bac"]').first().waitFor();
    await settled(page);
    const rest = await success(`/budgets/1/folio/${state.folioId}/indicators?asOf=${AS_OF}`);
    // The plan is not empty: BAC holds the planned position and the expense.
    expect(normalizeDecimal(rest.bac)).not.toBe('0');
    const shown = await readFigures(page, 'main');
    expect(shown.length).toBeGreaterThanOrEqual(15);
    expect(shown.flatMap((s) => mismatches('new folio overview:', s, rest[s.key]))).toEqual([]);
  });

  it('approves a baseline', async ({ skip }) => {
    need(skip, state.plannedId && state.expenseId, 'the planned items');
    await page.goto(`/folios/${state.folioId}/baselines?asOf=${AS_OF}`);
    await page.getByRole('heading', { name: FOLIO.name, level: 1 }).waitFor();
    await settled(page);
    await page.getByLabel('Baseline name').fill('Budget v1');
    await page.getByRole('button', { name: 'Approve baseline' }).click();
    await page.getByRole('row').filter({ hasText: 'Budget v1' }).first().waitFor();
    const baselines = await success(`/budgets/1/folio/${state.folioId}/baselines?costs=true&revenues=true`);
    expect(baselines).toHaveLength(1);
    expect(baselines[0].name).toBe('Budget v1');
    expect(baselines[0].approvedBy).toBe(env.server().user);
    // Straight after approval the draft matches the baseline: nothing is marked changed.
    await settled(page);
    await page.getByRole('region', { name: 'Comparison per item' }).waitFor();
    expect(await page.locator('[data-state="changed"], [data-state="added"], [data-state="removed"]').count()).toBe(0);
    state.baseline = true;
  });

  it('changes the team member’s rate in its rate history', async ({ skip }) => {
    need(skip, state.teamId, 'the team member');
    await page.goto(`/folios/${state.folioId}/costs?asOf=${AS_OF}`);
    await page.locator(`tr[data-position-id="${state.teamId}"]`).waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Edit Ada Lovelace' }).click();
    const d = page.getByRole('dialog');
    await d.waitFor();
    const history = d.getByRole('table', { name: /rate history/i });
    await history.waitFor();
    // The second rate (from July) becomes 99.
    const starts = history.getByLabel(/^Effective from/);
    await starts.first().waitFor();
    let row: Locator | null = null;
    for (let i = 0; i < (await starts.count()); i++)
      if ((await starts.nth(i).inputValue()) === '2027-07-01') row = starts.nth(i).locator('xpath=ancestor::tr[1]');
    expect(row, 'the rate history lists the rate from 2027-07-01').not.toBeNull();
    if (!row) return;
    await row.getByLabel(/^Rate/).fill('99');
    await row.getByRole('button', { name: /^Save/ }).click();
    await expect
      .poll(async () => {
        const m = (await success(`/budgets/1/folio/${state.folioId}/team`)).members[0];
        return m.rates
          .filter((r: any) => !r.deletedOn)
          .map((r: any) => [r.startDate, normalizeDecimal(r.rate)])
          .sort();
      })
      .toEqual([
        [FOLIO.start, '80'],
        ['2027-07-01', '99'],
      ]);
    await d.getByRole('button', { name: 'Close' }).first().click();
    await dialogClosed();
  });

  it('changes the planned position’s rate, and the baseline comparison shows the difference', async ({ skip }) => {
    need(skip, state.baseline && state.plannedId, 'the baseline and the planned position');
    await page.goto(`/folios/${state.folioId}/costs?asOf=${AS_OF}`);
    await page.locator(`tr[data-position-id="${state.plannedId}"]`).waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Edit Bridge designer' }).click();
    const d = page.getByRole('dialog');
    await d.waitFor();
    // The rate, wherever the editor offers it: a rate-history row or the position's own field.
    const rate = d.getByLabel(/^Rate( 1| of row \S+)?$/).first();
    await rate.waitFor({ timeout: 10_000 }).catch(() => {
      throw new Error('the editor of a planned position offers no rate field to change (see the report)');
    });
    await rate.fill('75');
    const inRow = rate.locator('xpath=ancestor::tr[1]');
    if ((await inRow.count()) > 0) await inRow.getByRole('button', { name: /^Save/ }).click();
    else await d.getByRole('button', { name: /^Save/ }).first().click();
    await expect.poll(async () => normalizeDecimal((await success(`/budgets/1/position/${state.plannedId}`)).rate.rate)).toBe('75');
    if ((await page.getByRole('dialog').count()) > 0)
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^(Close|Cancel)$/ })
        .first()
        .click();
    await dialogClosed();
    state.rateChanged = true;

    await tab('Baselines');
    const perItem = page.getByRole('region', { name: 'Comparison per item' });
    await perItem.waitFor();
    const changed = perItem.locator('[data-state="changed"]').filter({ hasText: 'Bridge designer' });
    await changed.first().waitFor();
    const base = perItem.locator('[data-state="changed"] [data-field="rate"][data-side="baseline"]').first();
    const draft = perItem.locator('[data-state="changed"] [data-field="rate"][data-side="draft"]').first();
    expect(normalizeDecimal((await base.getAttribute('data-value'))!)).toBe('70');
    expect(normalizeDecimal((await draft.getAttribute('data-value'))!)).toBe('75');
    // The months: the baseline side is the server's timeline; some month differs in the draft.
    const perMonth = page.getByRole('region', { name: 'Comparison per month' });
    await perMonth.waitFor();
    const timeline = await success(`/budgets/1/folio/${state.folioId}/timeline?asOf=${AS_OF}&granularity=month`);
    const cells = await perMonth.locator('tr[data-start]').evaluateAll((trs) =>
      trs.map((tr) => ({
        start: tr.getAttribute('data-start')!,
        baseline: tr.querySelector('[data-side="baseline"][data-field="plannedCost"]')?.getAttribute('data-value') ?? null,
        draft: tr.querySelector('[data-side="draft"][data-field="plannedCost"]')?.getAttribute('data-value') ?? null,
      })),
    );
    expect(cells.length).toBe(timeline.length);
    for (const c of cells) {
      const b = timeline.find((x: { start: string }) => x.start === c.start);
      expect(normalizeDecimal(c.baseline!), `baseline ${c.start}`).toBe(normalizeDecimal(b.plannedCost));
    }
    expect(
      cells.some((c) => c.draft !== null && c.draft !== '' && normalizeDecimal(c.draft) !== normalizeDecimal(c.baseline!)),
      'some month of the draft differs',
    ).toBe(true);
    // Totals: the baseline's BAC is the server's; the draft's is higher (75 > 70 per hour).
    const rest = await success(`/budgets/1/folio/${state.folioId}/indicators?asOf=${AS_OF}`);
    const totalBase = await perMonth.locator('tfoot [data-side="baseline"][data-field="bac"]').getAttribute('data-value');
    expect(normalizeDecimal(totalBase!)).toBe(normalizeDecimal(rest.bac));
    const totalDraft = await perMonth.locator('tfoot [data-side="draft"][data-field="bac"]').getAttribute('data-value');
    expect(totalDraft && normalizeDecimal(totalDraft) !== normalizeDecimal(totalBase!)).toBe(true);
  });
});
