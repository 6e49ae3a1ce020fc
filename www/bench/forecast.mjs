// Forecasts with their confidence (S14), measured (docs/performance.md):
//   - the server: GET /folio/{id}/forecast of a folio of 7,000 planned lines (2,000 planned
//     positions, 5,000 planned expenses over three years; 10,000 iterations at most), and
//     GET /portfolio/{id}/forecast of a portfolio of 100 folios (50 planned lines each);
//   - the browser: the same folio's forecast drawn by the planner's worker (its wasm core) in
//     Chromium from the folio's plan document, with every main-thread task over 50 ms counted
//     while it draws (the page's responsiveness), against the floor: the same worker drawing only
//     as many uniforms as the forecast drew, in the same run.
// Medians of BENCH_RUNS runs (5). Run after `npm run build:www`:
//   COSTFOLIO_BIN=target/release/costfolio node www/bench/forecast.mjs
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { launch, rest, signIn, startServer, WWW } from './lib.mjs';
import { median } from './large.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const START = '2027-01-04';
const AS_OF = '2028-06-30';

const day = (offset) => {
  const d = new Date(`${START}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

async function parallel(tasks, width = 12) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) await tasks[next++]();
    }),
  );
}

async function ok(answer) {
  const a = await answer;
  if (a.status !== 200) throw new Error(`${a.status}: ${a.text.slice(0, 300)}`);
  return a.json.success;
}

/** A folio of `positions` planned positions and `expenses` planned expenses: its id. */
async function folio(server, name, positions, expenses) {
  const id = await ok(
    rest(server, 'POST', '/budgets/1/folio', {
      name,
      description: 'Built by www/bench/forecast.mjs',
      owner: server.user,
      startDate: START,
      endDate: '2029-12-28',
      closedDate: null,
      reserve: 10,
      contingency: 5,
      tolerance: 10,
      hoursPerDay: null,
      currencyCode: 'EUR',
      withRevenue: false,
      withEarned: false,
      revenuesAsClientCosts: false,
      usesUserRates: false,
      isSynchronizedWithWorkLogs: false,
      isSynchronizedWithServiceBilledHours: false,
      savedFilterId: 1,
      holidaySchemeId: 1,
      workloadSchemeId: 1,
      uncertainty: { default: { low: 0.9, likely: 1, high: 1.3 }, correlation: 0 },
    }),
  );
  const tasks = [];
  for (let i = 0; i < positions; i++) {
    tasks.push(() =>
      ok(
        rest(server, 'POST', '/budgets/1/position', {
          folioId: id,
          name: `Role ${i}`,
          description: '',
          title: 'Engineer',
          kind: '.PlannedPositionByTimeFrame',
          category: ['Design', 'Build', 'Test'][i % 3],
          rate: { rate: 40 + (i % 90), startDate: START },
          allocation: { startDate: day(i % 300), endDate: day(700 + (i % 300)), percentage: 20 + (i % 81) },
          ...(i % 4 === 0 ? { estimate: { low: 0.8, likely: 1.1, high: 1.6 } } : {}),
        }),
      ),
    );
  }
  for (let i = 0; i < expenses; i++) {
    tasks.push(() =>
      ok(
        rest(server, 'POST', '/budgets/1/expense', {
          folioId: id,
          name: `Expense ${i}`,
          description: '',
          type: 't',
          category: ['OPEX', 'CAPEX', 'FINEX'][i % 3],
          kind: '.PlannedExpense',
          amount: 100 + (i % 5000),
          currencyCode: 'EUR',
          recurrence: i % 2 ? { kind: '.Monthly', startDate: day(i % 400), occurrences: 6 + (i % 30) } : { kind: '.Once', startDate: day(i % 1000) },
        }),
      ),
    );
  }
  await parallel(tasks);
  return id;
}

async function timed(f) {
  const t0 = performance.now();
  const value = await f();
  return { ms: performance.now() - t0, value };
}

const server = await startServer();
const browser = await launch();
try {
  const t0 = Date.now();
  const large = await folio(server, 'Forecast benchmark', 2000, 5000);
  console.log(`built the folio of 7,000 planned lines in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // The server.
  const native = [];
  let asked;
  for (let r = 0; r < RUNS; r++) {
    const { ms, value } = await timed(() => ok(rest(server, 'GET', `/budgets/1/folio/${large}/forecast?asOf=${AS_OF}`)));
    native.push(ms);
    asked = value;
  }
  const draws = asked.method.uncertainLines * asked.method.iterations;
  console.log(
    `server, GET /folio/{id}/forecast: median ${median(native).toFixed(0)} ms (${asked.method.iterations} iterations, ${asked.method.uncertainLines} lines drawn, ${(draws / 1e6).toFixed(1)} million draws)`,
  );
  // The browser: the planner's worker, the folio's plan document.
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, server);
  const worker = readdirSync(path.join(WWW, 'assets')).find((f) => /^forecastWorker-.*\.js$/.test(f));
  const document = JSON.stringify(await ok(rest(server, 'GET', `/budgets/1/folio/${large}/plan`)));
  const measured = await page.evaluate(
    async ({ url, document, asOf, runs }) => {
      const longTasks = [];
      new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: false });
      const w = new globalThis.Worker(url, { type: 'module' });
      let id = 0;
      const ask = (message) =>
        new Promise((resolve, reject) => {
          const mine = ++id;
          w.onmessage = (e) => (e.data.id === mine ? ('text' in e.data ? resolve(e.data.text) : reject(new Error(e.data.error))) : undefined);
          w.postMessage({ id: mine, ...message });
        });
      // Frames drawn while the worker draws: the page keeps painting.
      let frames = 0;
      let drawing = true;
      const count = () => {
        frames++;
        if (drawing) requestAnimationFrame(count);
      };
      const steady = await ask({ document, asOf, seed: 20140101 });
      const forecast = [];
      const floor = [];
      let answer = '';
      await ask({ document, asOf, seed: 1, floor: 10 }); // the core loaded and compiled once
      requestAnimationFrame(count);
      for (let r = 0; r < runs; r++) {
        let t0 = performance.now();
        answer = await ask({ document, asOf, seed: 20140101, full: true });
        forecast.push(performance.now() - t0);
        t0 = performance.now();
        await ask({ document, asOf, seed: 1, floor: JSON.parse(answer).method.uncertainLines * JSON.parse(answer).method.iterations });
        floor.push(performance.now() - t0);
      }
      drawing = false;
      await new Promise((r) => setTimeout(r, 100));
      w.terminate();
      return { forecast, floor, longTasks, frames, method: JSON.parse(answer).method, steady: JSON.parse(steady).method };
    },
    { url: `/assets/${worker}`, document, asOf: AS_OF, runs: RUNS },
  );
  const wasm = median(measured.forecast);
  const floor = median(measured.floor);
  console.log(
    `browser worker (wasm), every one of ${measured.method.iterations} iterations (${((measured.method.uncertainLines * measured.method.iterations) / 1e6).toFixed(1)} million draws): median ${wasm.toFixed(0)} ms; floor ${floor.toFixed(0)} ms; ratio ${(wasm / floor).toFixed(2)}; stopping when steady it answers the server's answer: ${JSON.stringify(measured.steady) === JSON.stringify(asked.method)}`,
  );
  console.log(
    `main thread while drawing: ${measured.longTasks.length} task(s) over 50 ms (longest ${measured.longTasks.length ? Math.max(...measured.longTasks).toFixed(0) : 0} ms), ${measured.frames} frames painted`,
  );
  await context.close();
  // A portfolio of 100 folios of 50 planned lines.
  const t1 = Date.now();
  const ids = [];
  for (let f = 0; f < 100; f++) ids.push(await folio(server, `Portfolio member ${f}`, 10, 40));
  const portfolio = await ok(
    rest(server, 'POST', '/budgets/1/portfolio', {
      name: 'Forecast benchmark portfolio',
      currencyCode: 'EUR',
      isPrivate: false,
      owner: server.user,
      color: 'black',
      admins: [],
      folios: ids.map((id) => ({ id, name: `Portfolio member ${id}`, startDate: START, endDate: '2029-12-28', owner: server.user, status: 'executing' })),
      portfolios: [],
      forecastCorrelation: 0.2,
    }),
  );
  console.log(`built 100 folios of 50 planned lines in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  const rollup = [];
  let portfolioAnswer;
  for (let r = 0; r < RUNS; r++) {
    const { ms, value } = await timed(() => ok(rest(server, 'GET', `/budgets/1/portfolio/${portfolio}/forecast?asOf=${AS_OF}`)));
    rollup.push(ms);
    portfolioAnswer = value;
  }
  console.log(
    `server, GET /portfolio/{id}/forecast (100 folios, ${portfolioAnswer.method.uncertainLines} lines, ${portfolioAnswer.method.iterations} iterations): median ${median(rollup).toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
}
