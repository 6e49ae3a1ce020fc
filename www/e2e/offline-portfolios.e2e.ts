// End-to-end test of the offline planner's administration screens (docs/planner.md, "Offline"):
// with no server, the one local user, a budget administrator, enters an exchange rate on the
// Exchange rates screen, imports two plan files (one folio in USD, one in EUR) and makes a EUR
// portfolio of both on the portfolio form. The portfolio's rollup on screen is what node's wasm core
// answers on the state replayed from IndexedDB, and the USD folio is counted at the entered rate
// (S9.9: each member converted and rounded on its own): without the rate its BAC would not add up.
// Harness: offline-harness.ts. Run alone (no server binary needed):
//   npx vitest run --config www/e2e/vitest.config.ts www/e2e/offline-portfolios.e2e.ts
import { describe, expect, it } from 'vitest';
import { normalizeDecimal, settled } from './harness';
import { ExchangeRatesPage, PortfolioFormPage, PortfolioPage, PortfoliosPage } from './page-models';
import { close, dir, expectBadge, get, host, launch, open, replayed, stored, useOffline } from './offline-harness';
import { importPlan, PLAN, PLAN_AS_OF, PLAN_NAME } from './offline-plans';

useOffline();

/** The plan document with every amount in USD, under another name. */
const USD_NAME = 'Imported harbour wall (USD)';
const USD_PLAN = PLAN.replaceAll('"currencyCode": "EUR"', '"currencyCode": "USD"').replace(`"name": "${PLAN_NAME}"`, `"name": "${USD_NAME}"`);
const RATE = { from: 'USD', to: 'EUR', rate: '0.9250', effectiveDate: '2026-01-01' };

/** A decimal's text as an integer of `places` decimal places, exactly (no float on the way). */
function scaled(text: string, places: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(normalizeDecimal(text));
  expect(match, `a decimal: ${text}`).not.toBeNull();
  const [, sign, whole, fraction = ''] = match!;
  expect(fraction.length, `${text} has at most ${places} decimals`).toBeLessThanOrEqual(places);
  const value = BigInt(whole! + fraction.padEnd(places, '0'));
  return sign ? -value : value;
}

describe('the offline planner', () => {
  it('enters an exchange rate and makes a portfolio of a USD and a EUR folio; its rollup is the core’s', async () => {
    expect(USD_PLAN).not.toContain('"currencyCode": "EUR"');
    const context = await launch(dir, host.url);
    const page = await open(context);

    // The exchange rate, on its screen, kept with its digits.
    const rates = new ExchangeRatesPage(page);
    await rates.goto();
    await expectBadge(page);
    await rates.table.waitFor();
    await rates.save(RATE);
    await rates.row(RATE.from, RATE.to, RATE.effectiveDate).waitFor();
    const keptRates = get(replayed(await stored(page)), '/budgets/1/exchangerate') as { from: string; to: string; rate: string; effectiveDate: string }[];
    expect(keptRates).toContainEqual(expect.objectContaining(RATE));

    // Two folios from plan files, then a EUR portfolio of both.
    const usd = await importPlan(page, { name: 'usd.json', mimeType: 'application/json', buffer: Buffer.from(USD_PLAN) });
    const eur = await importPlan(page, { name: 'eur.json', mimeType: 'application/json', buffer: Buffer.from(PLAN) });
    const list = new PortfoliosPage(page);
    await list.goto();
    await list.newButton.click();
    const form = new PortfolioFormPage(page);
    await form.create.waitFor();
    await form.fill({ name: 'Offline harbour works', currency: 'EUR', folios: [USD_NAME, PLAN_NAME] });
    await form.create.click();
    await page.waitForURL(/\/portfolios\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;

    // Its rollup on screen, at the plans' as-of date, against node's core on what IndexedDB holds.
    const screen = new PortfolioPage(page);
    await screen.goto(id, PLAN_AS_OF);
    await screen.heading('Offline harbour works').waitFor();
    await screen.row(usd).waitFor();
    await screen.row(eur).waitFor();
    await settled(page);
    const planner = replayed(await stored(page));
    const rollup = get(planner, `/budgets/1/portfolio/${id}/indicators?asOf=${PLAN_AS_OF}`) as Record<string, string | null>;
    // Every figure of the rollup's grid, a null one shown as none.
    const shown = await page
      .locator('dd[data-indicator]')
      .evaluateAll((dds) => dds.map((dd) => [dd.getAttribute('data-indicator')!, dd.getAttribute('data-value') ?? '']));
    expect(shown.map(([key]) => key)).toEqual(expect.arrayContaining(['bac', 'pv', 'ac', 'eac']));
    for (const [key, value] of shown) {
      const want = rollup[key!];
      expect(value === '' ? null : normalizeDecimal(value!), key).toBe(want === null || want === undefined ? null : normalizeDecimal(want));
    }
    expect(rollup.bac).not.toBeNull();

    // The USD folio counted at the rate: the EUR folio's BAC plus the USD folio's at 0.9250, to
    // the cent (the two plans hold the same amounts, so the USD folio's BAC is the EUR one's).
    const folioBac = (folio: string) => String((get(planner, `/budgets/1/folio/${folio}/indicators?asOf=${PLAN_AS_OF}`) as Record<string, unknown>).bac);
    const eurBac = folioBac(eur);
    expect(folioBac(usd)).toBe(eurBac);
    const usdPart = scaled(String(rollup.bac), 6) - scaled(eurBac, 6);
    const exact = scaled(eurBac, 2) * scaled(RATE.rate, 4); // at 6 places
    const off = usdPart > exact ? usdPart - exact : exact - usdPart;
    expect(off, `the USD folio's part ${usdPart} against ${eurBac} x ${RATE.rate}`).toBeLessThanOrEqual(5_000n); // half a cent
    expect(usdPart).not.toBe(scaled(eurBac, 6)); // not counted one for one
    // A page reload and a new browser find the portfolio in IndexedDB.
    await close(context);
    const again = await launch(dir, host.url);
    const second = await open(again);
    await new PortfolioPage(second).goto(id, PLAN_AS_OF);
    await new PortfolioPage(second).heading('Offline harbour works').waitFor();
    await settled(second);
    expect(normalizeDecimal((await new PortfolioPage(second).figure('bac')) ?? '')).toBe(normalizeDecimal(String(rollup.bac)));
    await close(again);
  });
});
