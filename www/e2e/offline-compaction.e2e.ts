// End-to-end test of the offline planner's journal compacted into a snapshot: a fresh profile whose
// IndexedDB journal node's wasm core wrote, one change through the screens that compacts it, a
// second tab left behind by the compaction that goes on after the snapshot, and a reload that loads
// from it. Harness: offline-harness.ts. Run alone (no server binary needed):
//   npx vitest run --config www/e2e/vitest.config.ts www/e2e/offline-compaction.e2e.ts
import { describe, expect, it } from 'vitest';
import { parseExact, settled } from './harness';
import { FolioPage, FoliosPage } from './page-models';
import {
  addExpense,
  checkNoGap,
  close,
  CONTEXT,
  expectBadge,
  expenseRow,
  get,
  host,
  launch,
  open,
  profile,
  replayed,
  stored,
  useOffline,
  wasm,
} from './offline-harness';

useOffline();

describe('the offline planner', () => {
  it('compacts the journal into a snapshot and loads from it', async () => {
    // A fresh profile whose journal already holds COMPACT_EVERY - 1 entries (written by node's core).
    const seeded = new wasm.Planner();
    const call = (method: string, pathAndQuery: string, body: unknown) => {
      const r = JSON.parse(
        seeded.handle(JSON.stringify({ method, path: pathAndQuery, headers: [['Content-Type', 'application/json']], body: JSON.stringify(body) }), CONTEXT()),
      ) as { status: number; body: string };
      expect(r.status, r.body).toBe(200);
      return (parseExact(r.body) as { success: unknown }).success;
    };
    const folio = (name: string) =>
      String(
        call('POST', '/budgets/1/folio', {
          name,
          description: '',
          owner: 'local',
          startDate: '2027-01-04',
          endDate: '2027-12-17',
          closedDate: null,
          currencyCode: 'EUR',
          reserve: 0,
          contingency: 0,
          tolerance: 10,
          hoursPerDay: null,
          withRevenue: true,
          withEarned: true,
          revenuesAsClientCosts: false,
          usesUserRates: false,
          isSynchronizedWithWorkLogs: false,
          isSynchronizedWithServiceBilledHours: false,
          savedFilterId: 1,
          holidaySchemeId: 1,
          workloadSchemeId: 1,
        }),
      );
    // The screen writes into an empty folio; the bulk (one entry per expense) goes into another.
    const folioId = folio('Seeded folio');
    const bulkId = folio('Bulk folio');
    while (seeded.seq() < 199) {
      call('POST', '/budgets/1/expense', {
        folioId: Number(bulkId),
        name: `Expense ${seeded.seq()}`,
        description: '',
        type: 'Rental',
        kind: '.PlannedExpense',
        category: 'OPEX',
        currencyCode: 'EUR',
        amount: 1,
        recurrence: { kind: '.Once', startDate: '2027-02-01' },
      });
    }
    const entries = seeded.takeJournal();
    const last = seeded.seq();
    seeded.free();

    const context = await launch(profile(), host.url);
    const page = await open(context);
    await page.goto('/seed.txt'); // the same origin, without the planner
    await page.evaluate(
      async ({ entries, last }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const r = indexedDB.open('costfolio-offline', 1);
          r.onupgradeneeded = () => {
            r.result.createObjectStore('journal');
            r.result.createObjectStore('snapshot');
          };
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error ?? new Error('IndexedDB did not open'));
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('journal', 'readwrite');
          tx.objectStore('journal').put({ first: 1, last, entries }, last);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('the IndexedDB transaction failed'));
        });
        db.close();
      },
      { entries, last },
    );

    const folios = new FoliosPage(page);
    const seededFolio = new FolioPage(page, 'Seeded folio');
    await folios.goto();
    await expectBadge(page);
    await folios.folioLink('Seeded folio').waitFor();
    await folios.folioLink('Seeded folio').click();
    await seededFolio.heading.waitFor();
    await settled(page);
    await seededFolio.tabLink('Costs & revenues').click();
    await settled(page);
    // A second tab holds the state from before the compaction.
    const other = await open(context);
    await other.goto(page.url());
    await new FolioPage(other, 'Seeded folio').heading.waitFor();
    await settled(other);
    await page.bringToFront();
    await addExpense(page, 'The one that compacts', '5.00');
    await expenseRow(page, 'The one that compacts').waitFor();

    const s = await stored(page);
    expect(s.snapshot, 'a snapshot was written').not.toBeNull();
    expect(s.snapshot!.seq).toBeGreaterThan(last);
    expect(s.batches, 'the batches the snapshot holds are deleted').toEqual([]);
    const planner = replayed(s);
    expect(planner.seq()).toBe(s.snapshot!.seq);
    const names = get(planner, `/budgets/1/folio/${folioId}/items?asOf=2027-03-31`).expenses.map((e: { expense: { name: string } }) => e.expense.name);
    expect(names).toContain('The one that compacts');
    const bulk = get(planner, `/budgets/1/folio/${bulkId}/items?asOf=2027-03-31`).expenses;
    expect(bulk.length).toBe(last - 2);
    planner.free();

    // The other tab finds its state compacted away: it starts again from the snapshot, sees the
    // change and continues the journal after the snapshot (its own change is kept, not lost).
    await expenseRow(other, 'The one that compacts').waitFor();
    await other.bringToFront();
    await addExpense(other, 'From the other tab', '7.00');
    await expenseRow(other, 'From the other tab').waitFor();
    await expenseRow(page, 'From the other tab').waitFor();
    const both = await stored(other);
    expect(checkNoGap(both)).toBeGreaterThan(s.snapshot!.seq);
    await other.close();
    await page.bringToFront();

    // After a reload the state comes from the snapshot, and the next write continues it.
    await page.reload();
    await seededFolio.heading.waitFor();
    await settled(page);
    await expenseRow(page, 'The one that compacts').waitFor();
    await addExpense(page, 'After the snapshot', '6.00');
    await expenseRow(page, 'After the snapshot').waitFor();
    await expenseRow(page, 'From the other tab').waitFor();
    const after = await stored(page);
    expect(checkNoGap(after)).toBeGreaterThan(s.snapshot!.seq);
    const names2 = get(replayed(after), `/budgets/1/folio/${folioId}/items?asOf=2027-03-31`).expenses.map((e: { expense: { name: string } }) => e.expense.name);
    expect(names2).toEqual(expect.arrayContaining(['The one that compacts', 'From the other tab', 'After the snapshot']));
    await close(context);
  });
});
