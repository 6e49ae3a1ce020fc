// What the confidence card draws (S14), derived from the server's answer: the fan of cost at
// completion from the as-of date and the histogram of the iterations' sums. These are pixel
// positions only (floats); every figure written in words is the server's exact string.
import type uPlot from 'uplot';
import type { FolioForecast, TimelineBucket } from '../api/types';
import { dateToUtc } from './format';

/** Seconds since the epoch of a civil date, as uPlot's time scale reads them. */
const secs = (iso: string): number => dateToUtc(iso) / 1000;

/** The fan's series, in the order of its chart: P10, P50, P90, the plan, BAC, then the S-curves. */
export const FAN_SERIES = ['P10', 'P50', 'P90', 'Plan at completion', 'BAC', 'PV (planned value)', 'AC (actual cost)'] as const;

/**
 * The fan over the S-curves: from actual cost at the as-of date, each percentile's line rising at
 * the plan's rate to the day it is paid (S14.5), then flat; the plan's line to the folio's end;
 * BAC level; and, from the folio's timeline (`timeline`, by month), the cumulative PV of each
 * period and AC to the as-of date. Its x are the periods' ends, the as-of date, the three
 * finishes and the end, in order; a series has no point where it says nothing.
 */
export function fan(answer: FolioForecast, timeline: readonly TimelineBucket[] = []): uPlot.AlignedData {
  const f = answer.figures;
  const start = secs(answer.asOf);
  const ac = Number(f.ac);
  const line = (to: string, value: string) => ({ x1: secs(to), y1: Number(value) });
  const lines = [
    line(answer.finish.p10, f.p10),
    line(answer.finish.p50, f.p50),
    line(answer.finish.p90, f.p90),
    line(answer.finish.planned, f.plannedAtCompletion),
  ];
  const ends = new Map(timeline.map((b) => [secs(b.end), b]));
  const xs = [...new Set([start, ...lines.map((l) => l.x1), ...ends.keys()])].sort((a, b) => a - b);
  const at = (l: { x1: number; y1: number }, x: number) =>
    x < start ? null : l.x1 <= start || x >= l.x1 ? l.y1 : ac + ((l.y1 - ac) * (x - start)) / (l.x1 - start);
  const bac = Number(f.bac);
  const pv = xs.map((x) => {
    const b = ends.get(x);
    return b?.pv != null ? Number(b.pv) : null;
  });
  const actual = xs.map((x) => {
    if (x === start) return ac;
    const b = ends.get(x);
    return b && x <= start ? Number(b.ac) : null;
  });
  return [xs, ...lines.map((l) => xs.map((x) => at(l, x))), xs.map(() => bac), pv, actual];
}

/** The histogram: each bucket's middle (money, as a float for its place) and its count. */
export function histogram(answer: Pick<FolioForecast, 'histogram'>): uPlot.AlignedData {
  const buckets = answer.histogram;
  return [buckets.map((b) => (Number(b.from) + Number(b.to)) / 2), buckets.map((b) => Number(b.count))];
}

/** A driver's bar length in percent of the row: its rank correlation, at least a sliver. */
export function driverWidth(rankCorrelation: string): string {
  const r = Math.max(0, Math.min(1, Number(rankCorrelation)));
  return `${Math.max(1, Math.round(r * 100))}%`;
}

/** The command that reproduces the answer from the folio's plan document (S14.3). */
export function reproduceCommand(answer: FolioForecast): string {
  return `costfolio forecast PLAN.json --seed ${answer.method.seed} --as-of ${answer.asOf} --iterations ${answer.method.iterationsAsked}`;
}
