// The benchmarks' large folio, built through the REST interface, and what a page measures of it:
// shared by planner.mjs (every measure) and navigation.mjs (the navigation to the drawn forecast,
// planner builds compared in one run).
import { rest } from './lib.mjs';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 2000);
const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 5000);
export const LARGE = { name: 'Large folio (benchmark)', start: '2027-01-04', end: '2029-12-28', asOf: '2028-06-30' };

/** The median of the numbers of `xs` (NaN and null left out). */
export const median = (xs) => {
  const s = xs.filter((x) => x != null && !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// A deterministic pseudo-random sequence (the same folio every run).
let seed = 19;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (n) => Math.floor(rand() * n);
const money = () => `${100 + pick(20000)}.${String(pick(100)).padStart(2, '0')}`;
const day = (start, offsetDays) => {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
};

/** Runs `tasks` (functions returning promises) with `width` at a time. */
async function parallel(tasks, width = 12) {
  const results = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

/**
 * The large folio, built through REST: as many team members as the server allows (up to
 * BENCH_POSITIONS, 2,000), each with 2 allocation periods and 1-3 rates, and BENCH_EXPENSES (5,000)
 * expenses, one-off and monthly, over 3 years. The same folio each time (the seed starts again).
 */
export async function buildLarge(server) {
  seed = 19;
  const t0 = Date.now();
  const folio = await rest(server, 'POST', '/budgets/1/folio', {
    name: LARGE.name,
    description: 'Built by www/bench/planner.mjs',
    owner: server.user,
    startDate: LARGE.start,
    endDate: LARGE.end,
    closedDate: null,
    reserve: 10,
    contingency: 5,
    tolerance: 10,
    hoursPerDay: null,
    currencyCode: 'EUR',
    withRevenue: true,
    withEarned: true,
    revenuesAsClientCosts: false,
    usesUserRates: false,
    isSynchronizedWithWorkLogs: false,
    isSynchronizedWithServiceBilledHours: false,
    savedFilterId: 1,
    holidaySchemeId: 1,
    workloadSchemeId: 1,
  });
  if (folio.status !== 200) throw new Error(`creating the folio: ${folio.status} ${folio.text}`);
  const id = String(folio.json.success);
  const caps = {};
  let refusedPositions = null;
  const split = '2028-06-30';
  const positionIds = [];
  const rates = [];
  const positionTasks = Array.from({ length: POSITIONS }, (_, i) => async () => {
    if (refusedPositions) return;
    const p = await rest(server, 'POST', '/budgets/1/position', {
      folioId: Number(id),
      name: `Member ${i + 1}`,
      title: `Role ${1 + (i % 12)}`,
      description: '',
      kind: '.TeamMember',
      member: `member${i + 1}`,
      allocation: { startDate: LARGE.start, endDate: split, percentage: 50 + pick(51) },
      rate: { rate: 40 + pick(80), startDate: LARGE.start },
    });
    if (p.status !== 200) {
      refusedPositions ??= `${p.status} ${p.text}`;
      return;
    }
    const pid = String(p.json.success);
    positionIds.push(pid);
    const a = await rest(server, 'POST', `/budgets/1/position/${pid}/allocation`, { startDate: day(split, 1), endDate: LARGE.end, percentage: 20 + pick(81) });
    if (a.status !== 200) caps.allocation ??= `${a.status} ${a.text}`;
    const more = pick(3); // 0-2 more rates: 1-3 in all
    for (let k = 1; k <= more; k++) {
      const r = await rest(server, 'POST', `/budgets/1/position/${pid}/rate`, { rate: 40 + pick(80), startDate: day(LARGE.start, 364 * k) });
      if (r.status !== 200) caps.rate ??= `${r.status} ${r.text}`;
      else rates.push({ position: pid, id: String(r.json.success) });
    }
  });
  await parallel(positionTasks);
  if (refusedPositions) caps.positions = refusedPositions;

  let refusedExpenses = null;
  let expenses = 0;
  const categories = ['OPEX', 'CAPEX', 'FINEX'];
  const expenseTasks = Array.from({ length: EXPENSES }, (_, i) => async () => {
    if (refusedExpenses) return;
    const monthly = i % 5 < 2; // 40 % monthly, 60 % one-off
    const start = day(LARGE.start, pick(monthly ? 700 : 1090));
    const e = await rest(server, 'POST', '/budgets/1/expense', {
      folioId: Number(id),
      name: `${monthly ? 'Monthly' : 'One-off'} ${i + 1}`,
      type: monthly ? 'Rental' : 'Purchase',
      description: '',
      kind: i % 7 === 0 ? '.ActualExpense' : '.PlannedExpense',
      category: categories[i % 3],
      amount: Number(money()),
      currencyCode: 'EUR',
      recurrence: monthly ? { kind: '.Monthly', startDate: start, occurrences: 6 + pick(30) } : { kind: '.Once', startDate: start },
    });
    if (e.status !== 200) refusedExpenses ??= `${e.status} ${e.text}`;
    else expenses++;
  });
  await parallel(expenseTasks);
  if (refusedExpenses) caps.expenses = refusedExpenses;
  return { id, positions: positionIds.length, expenses, rates: positionIds.length + rates.length, caps, seconds: (Date.now() - t0) / 1000 };
}

/** In every page (an init script): records when two new chart canvases are in the DOM and painted (window.__drawn). */
export const DRAWN_OBSERVER = () => {
  const seen = new WeakSet();
  window.__drawn = null;
  const check = () => {
    const fresh = [...document.querySelectorAll('[role="img"] canvas')].filter((c) => !seen.has(c));
    if (fresh.length >= 2) {
      fresh.forEach((c) => seen.add(c));
      requestAnimationFrame(() => (window.__drawn = performance.now()));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  performance.setResourceTimingBufferSize(100000);
  // The requests the forecast waits for (timeline, indicators) started after `since`.
  const forecastRequests = (since) =>
    performance.getEntriesByType('resource').filter((e) => e.startTime >= since && /\/budgets\/1\/folio\/\d+\/(timeline|indicators)/.test(e.name));
  // The end of the last of them, and the start of the first.
  window.__answered = (since) => Math.max(...forecastRequests(since).map((e) => e.responseEnd));
  window.__asked = (since) => Math.min(...forecastRequests(since).map((e) => e.startTime));
};
