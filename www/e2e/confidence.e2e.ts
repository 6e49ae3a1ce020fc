// How sure the forecast is, against a real `costfolio serve` (S14): a folio with planned costs,
// one with its own three-point estimate; the forecast screen shows the server's percentiles and
// chances as written (GET /folio/{id}/forecast), the line with the widest estimate first among the
// drivers; another seed draws again and the figures are that seed's; a percentile opens how it was
// computed with the command that reproduces it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createFolio, newContext, newPage, rest, settled, serverToday, signIn, useE2E } from './harness';
import { FolioPage, ForecastScreen } from './page-models';

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

/** A folio of this year and the next with three planned expenses after today: its id. */
async function folio(): Promise<string> {
  const year = Number(serverToday().slice(0, 4));
  const id = await createFolio(env.server(), 'Lock gates', `${year}-01-04`, `${year + 1}-12-17`);
  for (const [name, amount, estimate] of [
    ['Gate leaves', 180000, { low: 0.9, likely: 1.1, high: 1.8 }],
    ['Hydraulics', 40000, undefined],
    ['Commissioning', 15000, undefined],
  ] as const) {
    const planned = await rest(env.server(), 'POST', '/budgets/1/expense', {
      folioId: Number(id),
      name,
      description: '',
      type: 'Works',
      category: 'CAPEX',
      kind: '.PlannedExpense',
      amount,
      currencyCode: 'EUR',
      recurrence: { kind: '.Once', startDate: `${year + 1}-06-01` },
      ...(estimate ? { estimate } : {}),
    });
    expect(planned.status, planned.text).toBe(200);
  }
  return id;
}

/** The server's forecast of folio `id` today with `seed`. */
async function answer(id: string, seed: number) {
  const r = await rest(env.server(), 'GET', `/budgets/1/folio/${id}/forecast?asOf=${serverToday()}&seed=${seed}`);
  expect(r.status, r.text).toBe(200);
  return (r.json as { success: { figures: Record<string, number>; drivers: { name: string }[] } }).success;
}

const euros = (value: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(value);

describe('forecast with its confidence', () => {
  it('shows the server’s percentiles and drivers, draws again with another seed, explains a figure', async () => {
    const id = await folio();
    await new FolioPage(page, 'Lock gates').goto(id, 'Forecast');
    const forecast = new ForecastScreen(page);
    await forecast.drivers.waitFor();
    await settled(page);
    const first = await answer(id, 20140101);
    const figures = forecast.confidenceFigures;
    for (const key of ['p10', 'p50', 'p90']) {
      await figures.getByRole('button', { name: euros(first.figures[key]!) }).waitFor();
    }
    expect(await forecast.drivers.getByRole('listitem').first().textContent()).toContain('Gate leaves');
    expect(first.drivers[0]!.name).toBe('Gate leaves');
    await forecast.seed.fill('42');
    await forecast.drawAgain.click();
    const again = await answer(id, 42);
    expect(again.figures.p50).not.toBe(first.figures.p50);
    await figures.getByRole('button', { name: euros(again.figures.p50!) }).waitFor();
    await figures.getByRole('button', { name: euros(again.figures.p90!) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`costfolio forecast PLAN.json --seed 42 --as-of ${serverToday()} --iterations 10000`).waitFor();
    expect(await dialog.textContent()).toContain('SplitMix64, seed 42');
  });
});
