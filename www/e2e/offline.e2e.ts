// End-to-end tests of the offline planner: the built planner (www/dist) served by a tiny static
// file server started here (no costfolio server), in Debian's Chromium with persistent profiles.
// The page must find no server behind `/session`, run the wasm core in the browser and keep its
// data in IndexedDB: the offline badge, a folio with a planned position and an expense made
// through the screens, the figures the core computes, a reload, a new browser on the same profile,
// two tabs writing in turn and at once (no journal gap), the CSV export, plan files (a document
// imported on the New folio screen shows the figures wasm's planSummary computes for it; "Download
// plan (JSON)" saves the document the core writes, which imported again gives a folio with the same
// BAC; hostile files are refused by the field at fault and create nothing), the what-if screen
// applying a rate change into IndexedDB. What IndexedDB holds is replayed in node by the wasm
// package (wasm/pkg/node) and must answer the figures the page shows. The tests share one profile,
// each going on from what the ones before it made. Beside them: offline-compaction.e2e.ts (the
// journal compacted into a snapshot), offline-hosts.e2e.ts (the hosts the planner runs offline
// on, or not) and offline-portfolios.e2e.ts (an exchange rate and a portfolio of two currencies
// made on the screens), on their harness (offline-harness.ts, offline-plans.ts). Run them alone (no server
// binary needed):
//   npx vitest run --config www/e2e/vitest.config.ts www/e2e/offline
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mismatches, normalizeDecimal, parseExact, readFigures, settled } from './harness';
import { CostsScreen, ExpenseEditor, ExportScreen, FolioPage, FoliosPage, NewFolioPage, SignInPage, WhatIfScreen } from './page-models';
import {
  addExpense,
  checkNoGap,
  close,
  CONTEXT,
  dialogClosed,
  dir,
  expectBadge,
  expenseRow,
  fillExpense,
  get,
  host,
  launch,
  need,
  open,
  replayed,
  stored,
  useOffline,
} from './offline-harness';
import { exactly, importPlan, listedFolios, overview, PLAN, PLAN_AS_OF, PLAN_NAME, planIndicators, refusedPlan, shownBac, withAsOf } from './offline-plans';

const FOLIO = { name: 'Offline river crossing', start: '2027-01-04', end: '2027-12-17' };
const AS_OF = '2027-03-31';

/** Opens the folio's Costs screen at AS_OF, settled. */
async function costs(page: Page, folioId: string): Promise<void> {
  await new CostsScreen(page).goto(folioId, AS_OF);
  await new FolioPage(page, FOLIO.name).heading.waitFor();
  await settled(page);
}

useOffline();

const state: { folioId?: string; expenseId?: string; positionId?: string; bac?: string; importedId?: string; importedBac?: string } = {};

describe('the offline planner', () => {
  it('starts offline: the badge, no sign-in page, no Sign out', async () => {
    const context = await launch(dir, host.url);
    const page = await open(context);
    const folios = new FoliosPage(page);
    await folios.goto();
    await expectBadge(page);
    await folios.heading.waitFor();
    await settled(page);
    expect(new URL(page.url()).pathname).toBe('/');
    // The sign-in page has nothing to do offline: it goes on to the folios.
    await new SignInPage(page).goto();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await folios.heading.waitFor();
    await close(context);
  });

  it('creates a folio, a planned position and an expense through the screens; the figures are the core’s', async () => {
    const context = await launch(dir, host.url);
    const page = await open(context);
    const folios = new FoliosPage(page);
    const form = new NewFolioPage(page);
    await folios.goto();
    await expectBadge(page);
    await folios.newFolioLink.click();
    await form.heading.waitFor();
    await form.create({ ...FOLIO, currency: 'EUR' });
    await new FolioPage(page, FOLIO.name).heading.waitFor();
    const id = /\/folios\/(\d+)/.exec(new URL(page.url()).pathname)?.[1];
    expect(id).toBeTruthy();
    state.folioId = id!;

    await costs(page, state.folioId);
    const screen = new CostsScreen(page);
    const d = await screen.addPosition('planned position');
    await d.name.fill('Bridge designer');
    await d.title.fill('Designer');
    await d.firstPercentage.fill('50');
    await d.rate(1).fill('70');
    await d.addButton.click();
    await dialogClosed(page);
    const position = screen.positionRowNamed('Bridge designer');
    await position.waitFor();
    state.positionId = (await position.getAttribute('data-position-id')) ?? undefined;

    await addExpense(page, 'Site office rent', '1200.50');
    const row = expenseRow(page, 'Site office rent');
    await row.waitFor();
    state.expenseId = (await row.getAttribute('data-expense-id')) ?? undefined;

    // What IndexedDB holds replays in node without a gap and gives the figures the page shows.
    const s = await stored(page);
    const seq = checkNoGap(s);
    expect(seq).toBeGreaterThanOrEqual(3);
    const planner = replayed(s);
    expect(planner.seq()).toBe(seq);
    const items = get(planner, `/budgets/1/folio/${state.folioId}/items?asOf=${AS_OF}`);
    const expense = items.expenses.map((e: { expense: unknown }) => e.expense).find((e: { name: string }) => e.name === 'Site office rent');
    expect(normalizeDecimal(expense.amount)).toBe('1200.5');
    const amount = (await readFigures(page, `tr[data-expense-id="${state.expenseId}"]`, 'data-field')).find((f) => f.key === 'amount');
    expect(amount && mismatches('expense amount', amount, expense.amount)).toEqual([]);
    const rate = (await readFigures(page, `tr[data-position-id="${state.positionId}"]`, 'data-field')).find((f) => f.key === 'rate');
    expect(rate && mismatches('position rate', rate, '70')).toEqual([]);

    const folio = new FolioPage(page, FOLIO.name);
    await folio.goto(state.folioId, 'Overview', AS_OF);
    await folio.indicator('bac').first().waitFor();
    await settled(page);
    const indicators = get(planner, `/budgets/1/folio/${state.folioId}/indicators?asOf=${AS_OF}`);
    expect(normalizeDecimal(indicators.bac)).not.toBe('0');
    const shown = await readFigures(page, 'main');
    expect(shown.length).toBeGreaterThanOrEqual(15);
    expect(shown.flatMap((f) => mismatches('offline overview:', f, indicators[f.key]))).toEqual([]);
    state.bac = indicators.bac;
    planner.free();
    await close(context);
  });

  it('keeps everything over a reload and in a new browser on the same profile', async ({ skip }) => {
    need(skip, state.expenseId && state.bac, 'the folio and its items');
    let context = await launch(dir, host.url);
    let page = await open(context);
    await costs(page, state.folioId!);
    await expenseRow(page, 'Site office rent').waitFor();
    await new CostsScreen(page).positionRowNamed('Bridge designer').waitFor();
    await page.reload();
    await new FolioPage(page, FOLIO.name).heading.waitFor();
    await settled(page);
    await expenseRow(page, 'Site office rent').waitFor();
    await close(context);

    context = await launch(dir, host.url);
    page = await open(context);
    // A deep link served by the static host's index.html fallback.
    const folio = new FolioPage(page, FOLIO.name);
    await folio.goto(state.folioId!, 'Overview', AS_OF);
    await expectBadge(page);
    await folio.indicator('bac').first().waitFor();
    await settled(page);
    const bac = (await readFigures(page, 'main')).find((f) => f.key === 'bac');
    expect(bac && mismatches('BAC after a restart', bac, state.bac)).toEqual([]);
    await close(context);
  });

  it('two tabs write in turn: each sees the other’s change, the journal has no gap', async ({ skip }) => {
    need(skip, state.expenseId, 'the folio and its items');
    const context = await launch(dir, host.url);
    const one = await open(context);
    const two = await open(context);
    await costs(one, state.folioId!);
    await costs(two, state.folioId!);

    // The tab written in is the one in front (a hidden tab paints no frames).
    await one.bringToFront();
    await addExpense(one, 'Written in tab one', '10.00');
    await expenseRow(one, 'Written in tab one').waitFor();
    // The other tab refreshes its screen by itself (BroadcastChannel), without a reload.
    await expenseRow(two, 'Written in tab one').waitFor();

    // The second tab writes after the first: it continues the journal (no "found where expected").
    await two.bringToFront();
    await addExpense(two, 'Written in tab two', '20.00');
    await expenseRow(two, 'Written in tab two').waitFor();
    await expenseRow(one, 'Written in tab two').waitFor();
    expect(await two.getByRole('alert').count()).toBe(0);
    expect(await one.getByRole('alert').count()).toBe(0);

    const s = await stored(one);
    const seq = checkNoGap(s);
    const planner = replayed(s);
    expect(planner.seq()).toBe(seq);
    const names = get(planner, `/budgets/1/folio/${state.folioId}/items?asOf=${AS_OF}`).expenses.map((e: { expense: { name: string } }) => e.expense.name);
    expect(names).toEqual(expect.arrayContaining(['Site office rent', 'Written in tab one', 'Written in tab two']));
    planner.free();

    // Both tabs send a change at the same moment: the lock puts one after the other.
    await fillExpense(one, 'Sent together from one', '1.00');
    await fillExpense(two, 'Sent together from two', '2.00');
    await Promise.all([new ExpenseEditor(one).addButton.click(), new ExpenseEditor(two).addButton.click()]);
    await dialogClosed(one);
    await dialogClosed(two);
    for (const page of [one, two]) {
      await expenseRow(page, 'Sent together from one').waitFor();
      await expenseRow(page, 'Sent together from two').waitFor();
    }
    checkNoGap(await stored(two));

    // Both tabs keep working: a delete in one is seen by the other.
    await one.bringToFront();
    await new CostsScreen(one).deleteButton(/Delete .*Written in tab one/).click();
    await one.getByTestId('confirm-question').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => expenseRow(one, 'Written in tab one').count()).toBe(0);
    await expect.poll(() => expenseRow(two, 'Written in tab one').count()).toBe(0);
    checkNoGap(await stored(two));
    await close(context);
  });

  it('exports the CSV written by the core: preview and download', async ({ skip }) => {
    need(skip, state.expenseId, 'the folio and its items');
    const context = await launch(dir, host.url);
    const page = await open(context);
    const folio = new FolioPage(page, FOLIO.name);
    const exportScreen = new ExportScreen(page);
    await folio.goto(state.folioId!, 'Import & export', AS_OF);
    await folio.heading.waitFor();
    await settled(page);
    await exportScreen.previewButton.click();
    const preview = exportScreen.preview;
    await preview.waitFor();
    expect(await preview.innerText()).toContain('Site office rent');
    const [download] = await Promise.all([page.waitForEvent('download'), exportScreen.csvButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('Site office rent');
    // The same text the core writes for the stored state, byte for byte.
    const planner = replayed(await stored(page));
    const r = JSON.parse(
      planner.handle(JSON.stringify({ method: 'GET', path: `/budgets/1/folio/${state.folioId}/payments?asOf=${AS_OF}&format=csv`, headers: [] }), CONTEXT()),
    ) as { status: number; body: string };
    planner.free();
    expect(r.status).toBe(200);
    expect(text).toBe(r.body);
    await close(context);
  });

  it('imports a plan file on the New folio screen: the folio shows the figures the core computes for the document', async () => {
    const context = await launch(dir, host.url);
    const page = await open(context);
    await new FoliosPage(page).goto();
    await expectBadge(page);
    const expected = planIndicators(PLAN);
    expect(normalizeDecimal(expected.bac!)).not.toBe('0');
    const before = checkNoGap(await stored(page));

    const id = await importPlan(page, { name: 'harbour-wall-plan.json', mimeType: 'application/json', buffer: Buffer.from(PLAN) });
    await new FolioPage(page, PLAN_NAME).heading.waitFor();
    expect(id).not.toBe(state.folioId);
    state.importedId = id;

    // Every figure the overview shows at the document's as-of date is the core's for the document.
    const shown = await overview(page, id, PLAN_AS_OF);
    expect(shown.length).toBeGreaterThanOrEqual(15);
    expect(shown.flatMap((f) => mismatches('imported folio:', f, expected[f.key]))).toEqual([]);
    const bac = shown.find((f) => f.key === 'bac')!;
    expect(normalizeDecimal(bac.value)).toBe(normalizeDecimal(expected.bac!));
    state.importedBac = normalizeDecimal(bac.value);

    // One journal entry made it, kept in IndexedDB: node replays it to the same figures.
    const s = await stored(page);
    expect(checkNoGap(s)).toBe(before + 1);
    const planner = replayed(s);
    const items = get(planner, `/budgets/1/folio/${id}/items?asOf=${PLAN_AS_OF}`);
    expect(items.positions.map((p: { position: { name: string } }) => p.position.name).sort()).toEqual(['Engineer', 'Site supervisor']);
    expect(items.expenses.map((e: { expense: { name: string } }) => e.expense.name).sort()).toEqual(['Client milestone', 'Scaffolding', 'Site office rent']);
    const replayedIndicators = get(planner, `/budgets/1/folio/${id}/indicators?asOf=${PLAN_AS_OF}`);
    planner.free();
    expect(exactly(replayedIndicators)).toEqual(exactly(expected));
    await close(context);
  });

  it('downloads a folio’s plan file on the Export screen; imported again it gives a second folio with the same BAC, kept over a reload', async ({ skip }) => {
    need(skip, state.expenseId, 'the folio and its items');
    let context = await launch(dir, host.url);
    let page = await open(context);
    const bac = await shownBac(page, state.folioId!, AS_OF);
    expect(bac).not.toBe('0');

    const folio = new FolioPage(page, FOLIO.name);
    await folio.goto(state.folioId!, 'Import & export', AS_OF);
    await folio.heading.waitFor();
    await settled(page);
    const [download] = await Promise.all([page.waitForEvent('download'), new ExportScreen(page).planButton.click()]);
    expect(download.suggestedFilename()).toBe('Offline-river-crossing-plan.json');
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    expect(await page.getByRole('alert').count()).toBe(0);

    // A plan document: the one the core writes for the stored folio, numbers as written…
    const doc = parseExact(text) as { folio: { id: string; name: string }; positions: { position: { name: string } }[]; expenses: { name: string }[] };
    expect(doc.folio.name).toBe(FOLIO.name);
    expect(doc.positions.map((p) => p.position.name)).toEqual(['Bridge designer']);
    expect(doc.expenses.map((e) => e.name)).toContain('Site office rent');
    const planner = replayed(await stored(page));
    expect(doc).toEqual(get(planner, `/budgets/1/folio/${state.folioId}/plan`));
    planner.free();
    // …and the core, given it, computes the BAC the folio shows.
    expect(normalizeDecimal(planIndicators(withAsOf(text, AS_OF)).bac!)).toBe(bac);

    const second = await importPlan(page, file);
    expect(second).not.toBe(state.folioId);
    expect(await shownBac(page, second, AS_OF)).toBe(bac);
    const folios = await listedFolios(page);

    // Kept over a reload and in a new browser on the same profile.
    const secondFolio = new FolioPage(page, '');
    await secondFolio.goto(second, 'Overview', AS_OF);
    await page.reload();
    await secondFolio.indicator('bac').first().waitFor();
    await settled(page);
    expect(normalizeDecimal((await secondFolio.indicator('bac').first().getAttribute('data-value'))!)).toBe(bac);
    await close(context);
    context = await launch(dir, host.url);
    page = await open(context);
    expect(await shownBac(page, second, AS_OF)).toBe(bac);
    expect(await shownBac(page, state.folioId!, AS_OF)).toBe(bac);
    expect(await listedFolios(page)).toBe(folios);
    const s = await stored(page);
    checkNoGap(s);
    const again = replayed(s);
    expect(normalizeDecimal(get(again, `/budgets/1/folio/${second}/indicators?asOf=${AS_OF}`).bac)).toBe(bac);
    // The second folio's plan is the first's, but for its own ids and owner.
    const copied = get(again, `/budgets/1/folio/${second}/plan`);
    again.free();
    expect(copied.positions.map((p: { position: { name: string } }) => p.position.name)).toEqual(doc.positions.map((p) => p.position.name));
    expect(copied.expenses.map((e: { name: string; amount: string }) => [e.name, normalizeDecimal(e.amount)])).toEqual(
      (doc.expenses as { name: string; amount: string }[]).map((e) => [e.name, normalizeDecimal(e.amount)]),
    );
    await close(context);
  });

  it('refuses a hostile plan file by the field at fault and creates no folio', async () => {
    const context = await launch(dir, host.url);
    const page = await open(context);
    const folios = await listedFolios(page);
    expect(folios).toBeGreaterThan(0);
    const seq = checkNoGap(await stored(page));

    // A rate given as a string, in an otherwise good document.
    const stringRate = PLAN.replace('"rate": 62.50', '"rate": "62.50"');
    expect(stringRate).not.toBe(PLAN);
    expect(await refusedPlan(page, 'string-rate.json', stringRate)).toContain('positions[1].position.rate.rate');

    // 10,000 nested arrays where a list of weekdays belongs.
    const nested = PLAN.replace('"recurrenceOn": [1]', `"recurrenceOn": ${'['.repeat(10_000)}1${']'.repeat(10_000)}`);
    expect(nested.length).toBeGreaterThan(PLAN.length + 19_000);
    expect(await refusedPlan(page, 'nested.json', nested)).toContain('expenses[0].recurrence.recurrenceOn');

    // A file that is not JSON at all is told so by the planner itself.
    expect(await refusedPlan(page, 'broken.json', PLAN.slice(0, 200))).toContain('broken.json is not JSON');

    // Nothing was written, and after a reload the list is the same.
    expect(checkNoGap(await stored(page))).toBe(seq);
    await page.reload();
    expect(await listedFolios(page)).toBe(folios);
    await close(context);
  });

  it('what-if offline: a rate changed and applied is saved in the browser, and the overview shows the what-if BAC', async ({ skip }) => {
    need(skip, state.importedId && state.importedBac, 'the imported folio');
    const context = await launch(dir, host.url);
    const page = await open(context);
    const whatIf = new WhatIfScreen(page);
    await whatIf.goto(state.importedId!, PLAN_AS_OF);
    await expectBadge(page);
    await whatIf.figure('whatif-bac').waitFor();
    await settled(page);
    const value = async (field: string): Promise<string> => normalizeDecimal((await whatIf.figure(field).getAttribute('data-value')) ?? '');
    expect(await value('saved-bac')).toBe(state.importedBac);
    expect(await value('whatif-bac')).toBe(state.importedBac);
    const seq = checkNoGap(await stored(page));

    const rate = whatIf.rate('Engineer');
    expect(await rate.inputValue()).toBe('50.00');
    await rate.fill('57.25');
    await rate.press('Enter');
    await whatIf.applyButton(1).waitFor();
    const predicted = await value('whatif-bac');
    expect(predicted).not.toBe(state.importedBac);
    // The core's figure for the document with that rate.
    const changed = PLAN.replace('"rate": 50.00', '"rate": 57.25');
    expect(changed).not.toBe(PLAN);
    expect(predicted).toBe(normalizeDecimal(planIndicators(changed).bac!));
    // Nothing saved yet.
    expect(checkNoGap(await stored(page))).toBe(seq);

    await whatIf.applyButton().click();
    await whatIf.applied.waitFor();
    expect(await whatIf.refusal().count()).toBe(0);
    expect(checkNoGap(await stored(page))).toBeGreaterThan(seq);
    // Loaded again from the offline planner: the saved column is the what-if's.
    await whatIf.figure('saved-bac').waitFor();
    await settled(page);
    expect(await value('saved-bac')).toBe(predicted);

    await page.reload();
    await whatIf.figure('saved-bac').waitFor();
    await settled(page);
    expect(await value('saved-bac')).toBe(predicted);
    expect(await value('delta-bac')).toBe('0');
    const bac = await shownBac(page, state.importedId!, PLAN_AS_OF);
    expect(bac).not.toBe(state.importedBac);
    expect(bac).toBe(predicted);
    const planner = replayed(await stored(page));
    const items = get(planner, `/budgets/1/folio/${state.importedId}/items?asOf=${PLAN_AS_OF}`);
    planner.free();
    const engineer = items.positions.find((p: { position: { name: string } }) => p.position.name === 'Engineer');
    expect(normalizeDecimal(engineer.position.rate.rate)).toBe('57.25');
    await close(context);
  });
});
