// The planner's benchmark (not a test: it asserts nothing about time). Run from the repository root
// after `npm run build:www` (and with target/debug/costfolio built, or COSTFOLIO_BIN):
//   node www/bench/planner.mjs            (BENCH_RUNS=5 by default)
// (a) What the browser downloads for the planner, compressed as transferred: the first load of a
//     folio's overview (JS + CSS + wasm), then every lazily loaded file of the other screens.
// (b) On a large folio built through the REST interface (as many positions as the server allows,
//     up to 2,000, each with 2 allocation periods and 1-3 rates; 5,000 expenses, one-off and
//     monthly, over 3 years): navigation to the drawn forecast chart, and one rate changed to the
//     redrawn chart, with the script time after the server's answer. Medians of BENCH_RUNS runs.
//     Then its indicators read by 16 clients at once for 5 s: reads per second.
// Prints markdown tables.
import { launch, rest, settled, signIn, startServer } from './lib.mjs';
import { buildLarge, DRAWN_OBSERVER, LARGE, median } from './large.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_KIB = 450;

const kib = (bytes) => (bytes / 1024).toFixed(1);
const ms = (x) => (x == null || Number.isNaN(x) ? 'n/a' : x.toFixed(1));

// ------------------------------------------------------------------------------------------------
// (a) Transfer sizes

async function transfer(browser, server) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  // Signed in through the session endpoint, so the first page load is the overview itself.
  const r = await context.request.post('/session', { data: { username: server.user, password: server.password } });
  if (!r.ok()) throw new Error(`POST /session: ${r.status()}`);
  const page = await context.newPage();
  const files = new Map();
  let phase = 'overview';
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    if (!/\.(js|css|wasm)$/.test(url.pathname) && url.pathname !== '/' && !url.pathname.startsWith('/folios')) return;
    if (files.has(url.pathname)) return;
    const entry = { phase, path: url.pathname, body: 0, encoding: '' };
    files.set(url.pathname, entry);
    const sizes = await request.sizes();
    const response = await request.response();
    entry.body = sizes.responseBodySize;
    entry.encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
    entry.type = url.pathname.endsWith('.wasm') ? 'wasm' : url.pathname.endsWith('.css') ? 'css' : url.pathname.endsWith('.js') ? 'js' : 'html';
  });
  await page.goto('/folios/1');
  await page.locator('[data-indicator="bac"]').first().waitFor();
  await settled(page);
  await page.waitForLoadState('networkidle');
  // Every other screen, for the lazily loaded files.
  phase = 'later';
  await page.goto('/folios/1/forecast');
  await page.getByRole('img').locator('canvas').first().waitFor();
  await page.goto('/folios/1/costs');
  await page.locator('tr[data-expense-id]').first().waitFor();
  await page.getByRole('button', { name: 'Add an expense' }).click();
  await page.getByRole('dialog').getByLabel('Repeats').selectOption({ label: 'Monthly' });
  await page.getByRole('dialog').getByRole('list', { name: 'Next occurrences' }).waitFor();
  for (const path of [
    '/folios/1/baselines',
    '/folios/1/export',
    '/folios/1/whatif',
    '/folios/1/scope',
    '/folios/1/hours',
    '/folios/1/settings',
    '/portfolios',
    '/portfolios/1',
    '/portfolios/1/edit',
    '/admin/exchange-rates',
    '/admin/overtime-rules',
  ]) {
    await page.goto(path);
    await settled(page);
  }
  await page.waitForLoadState('networkidle');
  await context.close();
  return [...files.values()];
}

// ------------------------------------------------------------------------------------------------
// (b) The large folio

async function scriptSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ScriptDuration')?.value ?? NaN;
}

async function measureLarge(browser, server, large) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addInitScript(DRAWN_OBSERVER);
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await signIn(page, server);
  const url = `/folios/${large.id}/forecast?asOf=${LARGE.asOf}`;

  // Navigation to the drawn chart (the planner's files are in the browser's cache after run 1).
  const nav = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(url);
    await page.waitForFunction(() => window.__drawn != null);
    const r = await page.evaluate(() => ({ drawn: window.__drawn, answer: window.__answered(0), asked: window.__asked(0) }));
    nav.push({ total: r.drawn, server: r.answer, asked: r.asked, spent: r.answer - r.asked, after: r.drawn - r.answer });
  }

  // One rate changed (in the position editor's rate history), then the forecast redrawn.
  const costsStart = Date.now();
  await page.goto(`/folios/${large.id}/costs?asOf=${LARGE.asOf}`);
  await page.locator('tr[data-line]').first().waitFor();
  const linesLoad = Date.now() - costsStart;
  await page.locator('tr[data-position-id]').first().waitFor();
  await settled(page);
  const costsLoad = Date.now() - costsStart;
  // The cost lines' first rows after a click on the tab (from the overview, the planner loaded),
  // and the first subtotal after another grouping is chosen: each from the click to the first
  // frame that shows them.
  const firstFrameWith = (selector) =>
    new Promise((resolve) => {
      const check = () => (document.querySelector(selector) ? resolve(performance.now()) : requestAnimationFrame(check));
      check();
    });
  const linesClick = [];
  const grouping = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`/folios/${large.id}?asOf=${LARGE.asOf}`);
    await page.locator('[data-indicator="bac"]').first().waitFor();
    await settled(page);
    linesClick.push(
      await page.evaluate(async (wait) => {
        const start = performance.now();
        [...document.querySelectorAll('nav a')].find((a) => a.textContent?.trim() === 'Costs & revenues')?.click();
        const shown = await new Function('selector', `return (${wait})(selector)`)('tr[data-line]');
        return shown - start;
      }, firstFrameWith.toString()),
    );
    await settled(page);
    grouping.push(
      await page.evaluate(
        async ([wait, value]) => {
          const select = [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith('Group by'))?.querySelector('select');
          const start = performance.now();
          if (select) {
            select.value = value;
            select.dispatchEvent(new Event('change', { bubbles: true }));
          }
          const shown = await new Function('selector', `return (${wait})(selector)`)('tr.subtotal');
          return shown - start;
        },
        [firstFrameWith.toString(), ['category', 'account', 'kind'][i % 3]],
      ),
    );
  }
  await page.goto(`/folios/${large.id}/costs?asOf=${LARGE.asOf}`);
  await page.locator('tr[data-position-id]').first().waitFor();
  await settled(page);
  const rows = await page.locator('tr[data-position-id], tr[data-expense-id]').count();
  const change = [];
  for (let i = 0; i < RUNS; i++) {
    if (!(await page.getByRole('dialog').count())) {
      await page.locator('tr[data-position-id]').first().getByRole('button', { name: /^Edit/ }).click();
    }
    const d = page.getByRole('dialog');
    const rate = d
      .getByRole('table', { name: /rate history/i })
      .getByLabel(/^Rate of row/)
      .first();
    await rate.fill(String(150 + i));
    const save = rate.locator('xpath=ancestor::tr[1]').getByRole('button', { name: /^Save/ });
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/budgets\/1\/rate\//.test(r.url()));
    const t0 = await page.evaluate(() => performance.now());
    await save.click();
    const response = await put;
    if (!response.ok()) throw new Error(`PUT rate: ${response.status()} ${await response.text()}`);
    // The resource entry is written when the body has arrived, which can be after Playwright saw
    // the response: waited for, not read at once (read at once, it was sometimes missing).
    const saved = await (
      await page.waitForFunction((since) => {
        const ends = performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime >= since && /\/budgets\/1\/rate\//.test(e.name))
          .map((e) => e.responseEnd);
        return ends.length ? Math.max(...ends) : null;
      }, t0)
    ).jsonValue();
    await d.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const script0 = await scriptSeconds(cdp);
    const t1 = await page.evaluate(() => {
      window.__drawn = null;
      const start = performance.now();
      [...document.querySelectorAll('nav a')].find((a) => a.textContent?.trim() === 'Forecast')?.click();
      return start;
    });
    await page.waitForFunction(() => window.__drawn != null);
    const drawn = await page.evaluate(() => window.__drawn);
    const answer = await page.evaluate((since) => window.__answered(since), t1);
    const script1 = await scriptSeconds(cdp);
    change.push({ save: saved - t0, redraw: drawn - t1, after: drawn - answer, fromSave: drawn - t0, script: (script1 - script0) * 1000 });
    // Back to the costs screen for the next run.
    await page.goto(`/folios/${large.id}/costs?asOf=${LARGE.asOf}`);
    await page.locator('tr[data-position-id]').first().waitFor();
    await settled(page);
  }
  await context.close();
  return { nav, change, costsLoad, linesLoad, linesClick, grouping, rows };
}

/** The large folio's indicators read by `width` clients at once for `seconds` (after one read). */
async function measureReads(server, large, width = 16, seconds = 5) {
  const path = `/budgets/1/folio/${large.id}/indicators?asOf=${LARGE.asOf}`;
  const first = await rest(server, 'GET', path);
  if (first.status !== 200) throw new Error(`GET ${path}: ${first.status} ${first.text.slice(0, 200)}`);
  const times = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const r = await rest(server, 'GET', path);
        times.push(performance.now() - t0);
        if (r.status !== 200) failed++;
      }
    }),
  );
  const sorted = [...times].sort((a, b) => a - b);
  return {
    width,
    seconds,
    count: times.length,
    failed,
    perSecond: times.length / seconds,
    median: median(times),
    p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))],
  };
}

/** The figures a folio's explanation knows (core/src/analytics/book/explain.rs FIGURES). */
const FIGURES = [
  'bac',
  'pv',
  'ev',
  'ac',
  'cv',
  'sv',
  'cpi',
  'spi',
  'cvPercent',
  'svPercent',
  'eac',
  'etc',
  'vac',
  'tcpi',
  'cpiStatus',
  'spiStatus',
  'reserve',
  'contingency',
  'contingencyToDate',
  'plannedCostToDate',
  'eacKnown',
  'plannedRevenue',
  'plannedRevenueToDate',
  'actualRevenue',
  'profit',
  'margin',
  'revenueStatus',
  'marginStatus',
];

/** Each figure's explanation of the large folio, its first page (100 lines), asked `RUNS` times
 * one after the other from node (the first ask of each figure reported apart); then one team
 * member's days and one expense's payments. Milliseconds from request to last byte. */
async function measureExplain(server, large) {
  const timed = async (path) => {
    const t0 = performance.now();
    const r = await rest(server, 'GET', path);
    const t = performance.now() - t0;
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.text.slice(0, 200)}`);
    return { t, lines: (r.json?.success?.lines ?? []).length };
  };
  const rows = [];
  for (const figure of FIGURES) {
    const path = `/budgets/1/folio/${large.id}/explain?asOf=${LARGE.asOf}&figure=${figure}`;
    const first = await timed(path);
    const again = [];
    for (let i = 0; i < RUNS; i++) again.push((await timed(path)).t);
    rows.push({ what: figure, first: first.t, median: median(again), lines: first.lines });
  }
  const items = await rest(server, 'GET', `/budgets/1/folio/${large.id}/items?asOf=${LARGE.asOf}`);
  const position = items.json?.success?.positions?.[0]?.position?.id;
  const expense = items.json?.success?.expenses?.[0]?.expense?.id;
  for (const [what, path] of [
    [`position ${position} total (days)`, `/budgets/1/position/${position}/explain?asOf=${LARGE.asOf}&figure=total`],
    [`expense ${expense} total (payments)`, `/budgets/1/expense/${expense}/explain?asOf=${LARGE.asOf}&figure=total`],
  ]) {
    const first = await timed(path);
    const again = [];
    for (let i = 0; i < RUNS; i++) again.push((await timed(path)).t);
    rows.push({ what, first: first.t, median: median(again), lines: first.lines });
  }
  return rows;
}

/** The what-if screen of the large folio: its plan document loaded into the sandbox, then one rate changed and the chart redrawn. */
async function measureWhatIf(browser, server, large) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await signIn(page, server);
  const url = `/folios/${large.id}/whatif?asOf=${LARGE.asOf}`;
  const load = [];
  const change = [];
  let memory = null;
  for (let i = 0; i < RUNS; i++) {
    await page.goto(url);
    await page.locator('[data-indicator="whatif-eac"]').waitFor();
    load.push(
      await page.evaluate(() => {
        const loaded = performance.getEntriesByName('costfolio:whatif-loaded')[0]?.startTime ?? NaN;
        const plan = performance.getEntriesByType('resource').find((e) => /\/folio\/\d+\/plan$/.test(e.name));
        return { loaded, plan: plan ? plan.responseEnd - plan.startTime : NaN, bytes: plan?.transferSize ?? 0 };
      }),
    );
    const rate = page
      .locator('tr[data-position]')
      .first()
      .getByLabel(/^Rate of /);
    await rate.fill(String(150 + i));
    const chart = page.locator('[role="img"][data-drawn]').first();
    const drawnBefore = Number(await chart.getAttribute('data-drawn'));
    const script0 = await scriptSeconds(cdp);
    await rate.press('Enter');
    await page.waitForFunction((n) => Number(document.querySelector('[role="img"][data-drawn]')?.getAttribute('data-drawn')) > n, drawnBefore);
    const script1 = await scriptSeconds(cdp);
    const span = await page.evaluate(() => {
      const c = performance.getEntriesByName('costfolio:whatif-change').at(-1).startTime;
      const d = performance.getEntriesByName('costfolio:chart-drawn').at(-1).startTime;
      return d - c;
    });
    change.push({ span, script: (script1 - script0) * 1000 });
    if (i === RUNS - 1) {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
      const wasm = await page.evaluate(() => window.__wasmBytes?.() ?? NaN);
      memory = { heap, wasm, bytes: load[0].bytes };
    }
  }
  await context.close();
  return { load, change, memory };
}

/** The large folio's plan document exported and imported back (a new folio), timed from node. */
async function measureImport(server, large) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < Math.min(RUNS, 3); i++) {
    const exported = await rest(server, 'GET', `/budgets/1/folio/${large.id}/plan`);
    if (exported.status !== 200) throw new Error(`GET plan: ${exported.status} ${exported.text.slice(0, 300)}`);
    // The document as the server wrote it (its numbers untouched).
    const document = exported.text.slice(exported.text.indexOf('{', 1), exported.text.lastIndexOf('}'));
    bytes = Buffer.byteLength(document);
    const t0 = performance.now();
    const imported = await rest(server, 'POST', '/budgets/1/folio/import', document);
    const t1 = performance.now();
    if (imported.status !== 200) throw new Error(`import: ${imported.status} ${imported.text.slice(0, 300)}`);
    times.push(t1 - t0);
  }
  return { times, bytes };
}

// ------------------------------------------------------------------------------------------------

const server = await startServer();
const browser = await launch();
try {
  const files = await transfer(browser, server);
  const sum = (xs) => xs.reduce((a, f) => a + f.body, 0);
  const assets = files.filter((f) => f.type !== 'html');
  const first = assets.filter((f) => f.phase === 'overview');
  console.log('## (a) What the browser downloads (compressed, as transferred: response body bytes)\n');
  console.log('| file | type | encoding | loaded | KiB |');
  console.log('|---|---|---|---|---:|');
  for (const f of [...files].sort((a, b) => (a.phase === b.phase ? b.body - a.body : a.phase === 'overview' ? -1 : 1)))
    console.log(`| ${f.path} | ${f.type} | ${f.encoding} | ${f.phase === 'overview' ? 'first load' : 'later screens'} | ${kib(f.body)} |`);
  console.log(`\n| total | KiB | goal |`);
  console.log('|---|---:|---:|');
  console.log(`| first load of the overview (JS + CSS + wasm) | ${kib(sum(first))} | ${GOAL_KIB} |`);
  console.log(`| every screen (JS + CSS + wasm, incl. lazy chunks) | ${kib(sum(assets))} | ${GOAL_KIB} |`);
  console.log(`| of which wasm | ${kib(sum(assets.filter((f) => f.type === 'wasm')))} | |`);

  console.log('\n## (b) The large folio\n');
  const large = await buildLarge(server);
  console.log(
    `Built through REST in ${large.seconds.toFixed(0)} s: folio ${large.id}, ${large.positions} team members (2 allocation periods each, ${large.rates} rates in all), ${large.expenses} expenses (60 % one-off, 40 % monthly) over ${LARGE.start} – ${LARGE.end}.`,
  );
  for (const [what, message] of Object.entries(large.caps)) console.log(`- the server refused further ${what}: ${message.slice(0, 300)}`);
  const m = await measureLarge(browser, server, large);
  console.log(
    `\nCosts & revenues screen of the large folio: ${m.costsLoad} ms to its first item rows, ${m.linesLoad} ms to its first cost lines (navigation); ${m.rows} item rows in the DOM.\n`,
  );
  console.log(`| measure (median of ${RUNS}, ms) | median | runs |`);
  console.log('|---|---:|---|');
  const line = (label, xs) => console.log(`| ${label} | ${ms(median(xs))} | ${xs.map(ms).join(', ')} |`);
  line('cost lines: click on the tab → first lines shown', m.linesClick);
  line('cost lines: another grouping chosen → first subtotal shown', m.grouping);
  line(
    'navigation → forecast chart drawn',
    m.nav.map((r) => r.total),
  );
  line(
    '  of which: navigation → server answered (timeline, indicators)',
    m.nav.map((r) => r.server),
  );
  line(
    '    of which: navigation → timeline and indicators asked (page, scripts, app)',
    m.nav.map((r) => r.asked),
  );
  line(
    '    of which: asked → both answered (the requests, in parallel)',
    m.nav.map((r) => r.spent),
  );
  line(
    '  of which: server answered → chart drawn (script, layout, paint)',
    m.nav.map((r) => r.after),
  );
  line(
    'rate saved (click → server answered PUT /rate)',
    m.change.map((r) => r.save),
  );
  line(
    'Forecast tab clicked → chart redrawn',
    m.change.map((r) => r.redraw),
  );
  line(
    '  of which: server answered → chart redrawn',
    m.change.map((r) => r.after),
  );
  line(
    '  script time during the redraw (CDP ScriptDuration)',
    m.change.map((r) => r.script),
  );
  line(
    'rate change clicked → chart redrawn (incl. closing the editor)',
    m.change.map((r) => r.fromSave),
  );

  const reads = await measureReads(server, large);
  console.log(
    `\nGET /budgets/1/folio/${large.id}/indicators?asOf=${LARGE.asOf} from node, ${reads.width} at a time for ${reads.seconds} s (the folio unchanged): ${reads.perSecond.toFixed(0)} reads/s, latency median ${ms(reads.median)} ms, p99 ${ms(reads.p99)} ms (${reads.count} reads, ${reads.failed} not 200).`,
  );

  const explained = await measureExplain(server, large);
  console.log(`\nExplanations of the large folio's figures, first page, from node (first ask, then the median of ${RUNS} more):\n`);
  console.log('| figure | first, ms | median, ms | lines on page |');
  console.log('|---|---:|---:|---:|');
  for (const r of explained) console.log(`| ${r.what} | ${ms(r.first)} | ${ms(r.median)} | ${r.lines} |`);
  console.log(`| slowest | ${ms(Math.max(...explained.map((r) => r.first)))} | ${ms(Math.max(...explained.map((r) => r.median)))} | |`);

  console.log('\n## (c) What-if on the large folio\n');
  const w = await measureWhatIf(browser, server, large);
  console.log(`| measure (median of ${RUNS}, ms) | median | runs |`);
  console.log('|---|---:|---|');
  line(
    'navigation → plan document loaded into the sandbox and costed',
    w.load.map((r) => r.loaded),
  );
  line(
    '  of which: GET /folio/{id}/plan (request → last byte)',
    w.load.map((r) => r.plan),
  );
  line(
    'one rate changed → sandbox recosted and chart redrawn (marks)',
    w.change.map((r) => r.span),
  );
  line(
    '  script time of that change (CDP ScriptDuration, Enter → drawn)',
    w.change.map((r) => r.script),
  );
  const mib = (b) => (b / 1048576).toFixed(1);
  const imp = await measureImport(server, large);
  console.log(
    `\nPOST /budgets/1/folio/import of the large folio's plan document (${kib(imp.bytes)} KiB), from node, each a new folio: median ${ms(median(imp.times))} ms (${imp.times.map(ms).join(', ')}).`,
  );
  console.log(
    `\nMemory of the tab with the what-if screen open, after a garbage collection: JS heap ${mib(w.memory.heap)} MiB, wasm linear memory ${mib(w.memory.wasm)} MiB; the plan document is ${kib(w.memory.bytes)} KiB as transferred.`,
  );
} finally {
  await browser.close();
  await server.stop();
}
