// The planner's screens, timed (not a test: it asserts nothing about time). Run from the
// repository root after `npm run build:www`, with target/debug/costfolio built (or COSTFOLIO_BIN):
//   node www/bench/screens.mjs            (BENCH_RUNS=5 by default)
// (a) The folio list with BENCH_FOLIOS folios (200 by default, copies of the demo's first, made
//     through REST): the requests its lights take and the time from the click on "Folios" (from
//     another screen) to the lights of every row on its first page drawn.
// (b) Every screen of the folio and portfolio on the demo: the time from the click on its link (the folio's tab,
//     "Rates", "Edit") to its first meaningful content (its form or table with the server's data).
// Medians of BENCH_RUNS runs; prints markdown tables.
import { launch, rest, settled, signIn, startServer } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FOLIOS = Number(process.env.BENCH_FOLIOS ?? 200);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (x) => x.toFixed(1);

/** Copies of the demo's folio 1 through REST, until there are `count` folios. */
async function folios(server, count) {
  const got = await rest(server, 'GET', '/budgets/1/folio/1');
  const record = got.text.replace(/^\{"success":/, '').replace(/\}$/, '');
  const have = (await rest(server, 'GET', '/budgets/1/folio')).json.success.length;
  for (let i = have; i < count; i++) {
    const made = await rest(server, 'POST', '/budgets/1/folio', record.replace(/"name":"[^"]*"/, `"name":"Bench folio ${String(i).padStart(3, '0')}"`));
    if (made.status !== 200) throw new Error(`POST /folio: ${made.status} ${made.text.slice(0, 200)}`);
  }
}

/** Runs `step` after the page shows `from`: the ms from the click to `ready`, and the requests made meanwhile. */
async function timed(page, click, ready) {
  const requests = [];
  const listen = (r) => requests.push(new URL(r.url()).pathname);
  page.on('request', listen);
  const t0 = performance.now();
  await click();
  await ready();
  const t = performance.now() - t0;
  page.off('request', listen);
  return { t, requests };
}

const server = await startServer();
const browser = await launch();
try {
  await folios(server, FOLIOS);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await signIn(page, server);

  console.log(`## (a) The folio list with ${FOLIOS} folios\n`);
  const list = [];
  let lightRequests = [];
  for (let i = 0; i < RUNS; i++) {
    // Another as-of date each run (the page keeps it), so that no answer comes from the cache.
    await page.goto(`/portfolios?asOf=2026-11-${String(10 + i).padStart(2, '0')}`);
    await settled(page);
    await page.waitForLoadState('networkidle');
    const r = await timed(
      page,
      () => page.getByRole('link', { name: 'Folios', exact: true }).click(),
      async () => {
        await page.locator('tr[data-folio-id]').first().waitFor();
        await page.waitForFunction(() => {
          const rows = [...document.querySelectorAll('tr[data-folio-id]')];
          return rows.length > 0 && rows.every((r) => r.querySelector('[data-indicator="bac"]'));
        });
      },
    );
    list.push(r.t);
    lightRequests = r.requests.filter((p) => /\/indicators$/.test(p));
  }
  const rows = await page.locator('tr[data-folio-id]').count();
  console.log('| measure | median (ms) | runs (ms) |');
  console.log('|---|---:|---|');
  console.log(`| click on "Folios" → the lights of its ${rows} rows drawn | ${ms(median(list))} | ${list.map(ms).join(', ')} |`);
  console.log(`\nRequests for the lights (last run): ${lightRequests.length} (${[...new Set(lightRequests)].join(', ')}).\n`);

  console.log('## (b) The screens of folios and portfolios on the demo\n');
  const screens = [
    [
      'Settings',
      '/folios/1',
      (p) =>
        p
          .getByRole('navigation', { name: /screens$/ })
          .getByRole('link', { name: 'Settings' })
          .click(),
      (p) => p.getByRole('option', { name: 'Default Holiday Scheme' }).waitFor({ state: 'attached' }),
    ],
    [
      'Scope',
      '/folios/1',
      (p) =>
        p
          .getByRole('navigation', { name: /screens$/ })
          .getByRole('link', { name: 'Scope' })
          .click(),
      (p) => p.locator('[data-scope-item]').first().waitFor(),
    ],
    [
      'Hours',
      '/folios/1',
      (p) =>
        p
          .getByRole('navigation', { name: /screens$/ })
          .getByRole('link', { name: 'Hours' })
          .click(),
      (p) => p.locator('tr[data-month]').first().waitFor(),
    ],
    ['Exchange rates', '/folios/1', (p) => p.getByRole('link', { name: 'Rates' }).click(), (p) => p.locator('tr[data-rate]').first().waitFor()],
    [
      'Overtime rules',
      '/admin/exchange-rates',
      (p) => p.getByRole('link', { name: 'Overtime rules' }).click(),
      (p) => p.getByRole('table', { name: /^Overtime rules/ }).waitFor(),
    ],
    [
      'Portfolio form',
      '/portfolios/1',
      (p) => p.getByRole('link', { name: 'Edit', exact: true }).click(),
      (p) => p.getByRole('button', { name: 'Save portfolio' }).waitFor(),
    ],
  ];
  console.log('| screen | median (ms) | runs (ms) |');
  console.log('|---|---:|---|');
  for (const [name, from, click, ready] of screens) {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      await page.goto(from);
      await settled(page);
      await page.waitForLoadState('networkidle');
      times.push(
        (
          await timed(
            page,
            () => click(page),
            () => ready(page),
          )
        ).t,
      );
    }
    console.log(`| ${name} | ${ms(median(times))} | ${times.map(ms).join(', ')} |`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
