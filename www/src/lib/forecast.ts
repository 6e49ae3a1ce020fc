// The forecast's chart model: the server's timeline converted to pixel floats once per answer.
// Floats position points only; nothing here is shown as a figure.
import type uPlot from 'uplot';
import type { Granularity } from '../api/budgets';
import type { Indicators, TimelineBucket } from '../api/types';
import * as fmt from './format';

export interface Marker {
  iso: string;
  kind: 'today' | 'asOf';
  text: string;
  dash: number[];
}

const f = (v: string | null | undefined): number | null => (v == null ? null : parseFloat(v)); // pixels only
const secs = (iso: string): number => fmt.dateToUtc(iso) / 1000;

/** Everything the charts draw, converted from the server's strings once per answer. */
export interface Model {
  tl: TimelineBucket[];
  asOf: string;
  today: string;
  granularity: Granularity;
  /** The bucket holding the as-of date (-1 when it is outside the folio). */
  at: number;
  /** The bucket where EV is labelled: the as-of bucket, else the last one before the as-of date. */
  evAt: number;
  /** x value (seconds) → bucket index, for the axis labels. */
  index: Map<number, number>;
  /** x, PV, EV, AC, AC known, EAC, BAC, then the tolerance zone's upper and lower edges around PV
   * and the reserve band's top (BAC + reserve): pixels only. */
  cumulative: uPlot.AlignedData;
  /** x, planned cost, actual cost (to the as-of bucket), known cost (after it), planned and actual revenue. */
  bars: uPlot.AlignedData;
}

/**
 * The chart model of a timeline. `tolerance` is the folio's (a percentage): the zone around the
 * planned curve within which the folio is ahead of or behind schedule without leaving it (S9.5);
 * the reserve band runs from BAC to BAC plus the server's reserve figure.
 */
export function derive(tl: TimelineBucket[], ind: Indicators, asOf: string, today: string, granularity: Granularity, tolerance = '0'): Model {
  const n = tl.length;
  const xs = new Array<number>(n);
  const pv = new Array<number | null>(n);
  const ev = new Array<number | null>(n).fill(null);
  const ac = new Array<number | null>(n);
  const known = new Array<number | null>(n);
  const eac = new Array<number | null>(n).fill(null);
  const bac = new Array<number | null>(n);
  const plannedCost = new Array<number | null>(n);
  const actualCost = new Array<number | null>(n);
  const knownCost = new Array<number | null>(n);
  const upper = new Array<number | null>(n);
  const lower = new Array<number | null>(n);
  const reserveTop = new Array<number | null>(n);
  const share = (f(tolerance) ?? 0) / 100;
  const reserveF = f(ind.reserve);
  const plannedRevenue = new Array<number | null>(n);
  const actualRevenue = new Array<number | null>(n);
  const index = new Map<number, number>();
  const bacF = f(ind.bac);
  let at = -1;
  let before = -1;
  for (let i = 0; i < n; i++) {
    const b = tl[i]!;
    const x = secs(b.end);
    xs[i] = x;
    index.set(x, i);
    const past = b.start <= asOf;
    if (past) {
      before = i;
      if (asOf <= b.end) at = i;
    }
    pv[i] = f(b.pv);
    const p = pv[i];
    upper[i] = p == null ? null : p * (1 + share);
    lower[i] = p == null ? null : p * (1 - share);
    // AC is drawn up to the as-of date; after it the server's AC holds only known, scheduled costs.
    const acF = f(b.ac);
    ac[i] = past ? acF : null;
    known[i] = past ? null : acF;
    bac[i] = bacF;
    reserveTop[i] = bacF == null || reserveF == null ? null : bacF + reserveF;
    plannedCost[i] = f(b.plannedCost);
    // After the as-of date a bucket's actual cost is known cost: already scheduled, not spent.
    actualCost[i] = past ? f(b.actualCost) : null;
    knownCost[i] = past ? null : f(b.actualCost);
    plannedRevenue[i] = f(b.plannedRevenue);
    actualRevenue[i] = f(b.actualRevenue);
  }
  if (at >= 0) known[at] = ac[at]!;
  // The EAC projection: AC at the bucket holding asOf, EAC at the folio's end.
  if (ind.eac != null && at >= 0 && n) {
    eac[at] = ac[at]!;
    eac[n - 1] = f(ind.eac);
  }
  // EV as measured at each bucket's end (S9.10): the server gives none before the first
  // measurement and after the as-of date.
  for (let i = 0; i <= before; i++) ev[i] = f(tl[i]!.ev);
  const evAt = at >= 0 ? at : before;
  return {
    tl,
    asOf,
    today,
    granularity,
    at,
    evAt,
    index,
    cumulative: [xs, pv, ev, ac, known, eac, bac, upper, lower, reserveTop],
    bars: [xs, plannedCost, actualCost, knownCost, plannedRevenue, actualRevenue],
  };
}

/** The marker lines: one "Today (as of)" when both are the same day, else "Today" and "As of". */
export function markerLines(asOf: string, today: string): Marker[] {
  if (asOf === today) return [{ iso: asOf, kind: 'asOf', text: 'Today (as of)', dash: [6, 4] }];
  return [
    { iso: today, kind: 'today', text: 'Today', dash: [2, 3] },
    { iso: asOf, kind: 'asOf', text: 'As of', dash: [6, 4] },
  ];
}
