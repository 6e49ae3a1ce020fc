// The navigation to the large folio's drawn forecast, for several builds of the planner in one run
// (not a test: it asserts nothing about time). Each build is served by its own `costfolio serve`
// (the same binary, COSTFOLIO_BIN) holding the same large folio (large.mjs), in one browser; the
// builds are measured in turns, a page load each, so that the machine's ups and downs fall on all
// of them alike. Run from the repository root:
//   node www/bench/navigation.mjs DIR [DIR ...]      (BENCH_RUNS=15 by default, after 2 warm-ups)
// where each DIR holds a build of the planner (npm run build:www writes www/dist; copy it aside
// before building another commit). Prints a markdown table: medians of BENCH_RUNS loads, ms since
// the navigation began.
import { launch, signIn, startServer } from './lib.mjs';
import { buildLarge, DRAWN_OBSERVER, LARGE, median } from './large.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARM_UPS = 2;
const builds = process.argv.slice(2);
if (!builds.length) throw new Error('usage: node www/bench/navigation.mjs DIR [DIR ...] (each a build of the planner)');

const browser = await launch();
const served = [];
try {
  for (const www of builds) {
    const server = await startServer(www);
    served.push({ www, server, loads: [] });
    const large = await buildLarge(server);
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await context.addInitScript(DRAWN_OBSERVER);
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await signIn(page, server);
    Object.assign(served.at(-1), { page, url: `/folios/${large.id}/forecast?asOf=${LARGE.asOf}` });
  }
  for (let i = 0; i < WARM_UPS + RUNS; i++) {
    for (const s of served) {
      // Nothing of the harness runs in the page while it loads (a waitForFunction would inject
      // Playwright's script into it, 8-10 ms of its main thread): the page is left until its
      // network is idle, then asked when it drew the charts.
      await s.page.goto(s.url, { waitUntil: 'networkidle' });
      await s.page.waitForFunction(() => window.__drawn != null);
      const r = await s.page.evaluate(() => ({ drawn: window.__drawn, asked: window.__asked(0), answered: window.__answered(0) }));
      if (i >= WARM_UPS) s.loads.push(r);
    }
  }
  const ms = (xs) => median(xs).toFixed(1);
  console.log(`| build | navigation → forecast chart drawn | → timeline and indicators asked | → both answered | loads (drawn, ms) |`);
  console.log('|---|---:|---:|---:|---|');
  for (const s of served) {
    const of = (k) => s.loads.map((l) => l[k]);
    console.log(
      `| ${s.www} | ${ms(of('drawn'))} | ${ms(of('asked'))} | ${ms(of('answered'))} | ${of('drawn')
        .map((x) => x.toFixed(0))
        .join(', ')} |`,
    );
  }
} finally {
  await browser.close();
  for (const s of served) await s.server.stop();
}
