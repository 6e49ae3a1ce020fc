// Screen 3: the forecast. GET /folio/{id}/timeline?asOf=&granularity= gives, per bucket, planned
// and actual cost and revenue and the cumulative PV, EV, AC; GET /folio/{id}/indicators?asOf=
// gives BAC and EAC. The EAC projection runs from AC at the as-of date to EAC at the folio's end.
// The curves are drawn with floats (pixels); the figures of the selected period are the server's
// exact strings.
import { useMemo, useState } from 'preact/hooks';
import type uPlot from 'uplot';
import { api, type Granularity } from '../api/budgets';
import type { Indicators, TimelineBucket } from '../api/types';
import { useAsync } from '../lib/useAsync';
import * as fmt from '../lib/format';
import { Card, ErrorBox, Loading, Pager } from '../components/ui';
import { UChart } from '../components/UChart';
import type { FolioProps } from './Folio';

const COLORS = {
  pv: '#4f6bed',
  ev: '#0f9d76',
  ac: '#d9480f',
  eac: '#9c36b5',
  bac: '#495057',
  plannedCost: '#91a7ff',
  actualCost: '#ff8a5c',
  plannedRevenue: '#8ce99a',
  actualRevenue: '#2b8a3e',
};

const f = (v: string | null | undefined): number | null => (v == null ? null : parseFloat(v)); // pixels only
const secs = (iso: string): number => fmt.dateToUtc(iso) / 1000;

function markers(asOf: string, todayIso: string): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u: uPlot) => {
          const ctx = u.ctx;
          const marks: [string, string, string][] = [
            [todayIso, '#212529', 'Today'],
            [asOf, '#e8590c', 'As of'],
          ];
          for (const [iso, color, text] of marks) {
            const x = u.valToPos(secs(iso), 'x', true);
            if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) continue;
            ctx.save();
            ctx.strokeStyle = color;
            ctx.setLineDash(text === 'Today' ? [2, 3] : [6, 4]);
            ctx.lineWidth = 1.5 * devicePixelRatio;
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.fillStyle = color;
            ctx.font = `${11 * devicePixelRatio}px system-ui, sans-serif`;
            ctx.fillText(text, x + 4 * devicePixelRatio, u.bbox.top + (text === 'Today' ? 12 : 26) * devicePixelRatio);
            ctx.restore();
          }
        },
      ],
    },
  };
}

function compact(v: number, currency: string): string {
  try {
    return new Intl.NumberFormat(fmt.browserLocale(), { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(v);
  } catch {
    return String(v);
  }
}

/** Grouped bars: series `i` of `n` drawn side by side inside each bucket. */
function groupedBars(i: number, n: number): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const path = new Path2D();
    const xs = u.data[0];
    const ys = u.data[seriesIdx]!;
    const slot = xs.length > 1 ? Math.abs(u.valToPos(xs[1]!, 'x', true) - u.valToPos(xs[0]!, 'x', true)) : u.bbox.width / 2;
    const group = slot * 0.8;
    const width = Math.max(1, group / n);
    const zero = u.valToPos(0, 'y', true);
    for (let k = idx0; k <= idx1; k++) {
      const y = ys[k];
      if (y == null) continue;
      const cx = u.valToPos(xs[k]!, 'x', true);
      const x = cx - group / 2 + i * width;
      const top = u.valToPos(y, 'y', true);
      path.rect(x, Math.min(top, zero), width - 1, Math.abs(zero - top));
    }
    return { stroke: path, fill: path };
  };
}

export function Forecast({ folio, asOf }: FolioProps) {
  const [granularity, setGranularity] = useState<Granularity>('month');
  const [selected, setSelected] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const data = useAsync(
    async (signal) => {
      const [timeline, indicators] = await Promise.all([api.timeline(folio.id, asOf, granularity, signal), api.indicators(folio.id, asOf, signal)]);
      return { timeline, indicators };
    },
    [folio.id, asOf, granularity],
  );
  const currency = folio.currencyCode;
  const todayIso = fmt.today();

  const charts = useMemo(() => {
    if (!data.data) return null;
    return build(data.data.timeline, data.data.indicators, folio.endDate, asOf, todayIso, currency, granularity);
  }, [data.data]);

  if (data.error) return <ErrorBox error={data.error} onRetry={data.reload} />;
  const tl = data.data?.timeline ?? [];
  const ind = data.data?.indicators;
  const sel = selected != null && selected < tl.length ? selected : null;
  const bucket = sel != null ? tl[sel] : undefined;
  const PAGE = 31;
  const pages = Math.max(1, Math.ceil(tl.length / PAGE));
  const current = Math.min(page, pages - 1);

  return (
    <div class="stack">
      <Card
        title="Forecast"
        actions={
          <fieldset class="segmented">
            <legend class="sr-only">Period length</legend>
            {(['month', 'week', 'day'] as Granularity[]).map((g) => (
              <label key={g} class={g === granularity ? 'on' : ''}>
                <input type="radio" name="granularity" value={g} checked={g === granularity} onChange={() => { setGranularity(g); setSelected(null); setPage(0); }} />
                {g === 'month' ? 'Month' : g === 'week' ? 'Week' : 'Day'}
              </label>
            ))}
          </fieldset>
        }
      >
        {!charts ? <Loading label="Computing the timeline" /> : null}
        {charts && ind ? (
          <>
            <ul class="legend" aria-label="Series">
              {charts.legend.map((l) => (
                <li key={l.label}>
                  <span class={`swatch${l.dashed ? ' dashed' : ''}`} style={{ background: l.color, borderColor: l.color }} aria-hidden="true" /> {l.label}
                </li>
              ))}
              <li><span class="swatch marker" aria-hidden="true" /> Today ({fmt.date(todayIso)})</li>
              <li><span class="swatch marker asof" aria-hidden="true" /> As of ({fmt.date(asOf)})</li>
            </ul>
            <UChart
              options={charts.cumulative}
              data={charts.cumulativeData}
              label={`Cumulative planned value, earned value, actual cost and EAC projection of ${folio.name}, with the BAC line`}
              onIndex={setSelected}
              length={tl.length}
              selected={sel}
            />
            <h3 class="chart-title">Cost and revenue per {granularity}</h3>
            <UChart
              options={charts.bars}
              data={charts.barsData}
              label={`Planned and actual cost and revenue per ${granularity} of ${folio.name}`}
              onIndex={setSelected}
              length={tl.length}
              selected={sel}
            />
            <div class="tooltip-panel" role="status" aria-live="polite" data-testid="chart-tooltip">
              {bucket ? (
                <>
                  <strong>{fmt.period(bucket.start, bucket.end)}</strong>
                  <dl class="mini">
                    {(
                      [
                        ['pv', 'PV (cumulative)', bucket.pv],
                        ['ev', 'EV (cumulative)', bucket.ev],
                        ['ac', 'AC (cumulative)', bucket.ac],
                        ['plannedCost', 'Planned cost', bucket.plannedCost],
                        ['actualCost', 'Actual cost', bucket.actualCost],
                        ['plannedRevenue', 'Planned revenue', bucket.plannedRevenue],
                        ['actualRevenue', 'Actual revenue', bucket.actualRevenue],
                        ['contingency', 'Contingency', bucket.contingency],
                      ] as const
                    ).map(([k, label, v]) => (
                      <div key={k}>
                        <dt>{label}</dt>
                        <dd class="num" data-field={k} data-value={v ?? ''}>{fmt.money(v, currency)}</dd>
                      </div>
                    ))}
                  </dl>
                </>
              ) : (
                <span class="muted">Point at the chart, or focus it and use the arrow keys, to see the exact figures of a period.</span>
              )}
            </div>
            <p class="muted small">
              BAC <span data-indicator="bac" data-value={ind.bac ?? ''}>{fmt.money(ind.bac, currency)}</span> · EAC{' '}
              <span data-indicator="eac" data-value={ind.eac ?? ''}>{fmt.money(ind.eac, currency)}</span> · AC to date{' '}
              <span data-indicator="ac" data-value={ind.ac ?? ''}>{fmt.money(ind.ac, currency)}</span>
            </p>
          </>
        ) : null}
      </Card>
      {tl.length ? (
        <Card title="Figures per period">
          <div class="table-scroll" tabIndex={0} role="region" aria-label="Timeline figures">
            <table class="table">
              <caption>Timeline by {granularity} as of {fmt.date(asOf)} ({currency})</caption>
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col" class="right">Planned cost</th>
                  <th scope="col" class="right">Actual cost</th>
                  <th scope="col" class="right">Planned revenue</th>
                  <th scope="col" class="right">Actual revenue</th>
                  <th scope="col" class="right">Contingency</th>
                  <th scope="col" class="right">PV</th>
                  <th scope="col" class="right">EV</th>
                  <th scope="col" class="right">AC</th>
                </tr>
              </thead>
              <tbody>
                {tl.slice(current * PAGE, current * PAGE + PAGE).map((b: TimelineBucket) => (
                  <tr key={b.start} data-start={b.start}>
                    <th scope="row" class="nowrap">{fmt.bucketLabel(b.start, granularity)}</th>
                    {(['plannedCost', 'actualCost', 'plannedRevenue', 'actualRevenue', 'contingency', 'pv', 'ev', 'ac'] as const).map((k) => (
                      <td key={k} class="right num" data-field={k} data-value={b[k] ?? ''}>
                        {fmt.money(b[k], currency)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={current} pages={pages} total={tl.length} pageSize={PAGE} onPage={setPage} label="Timeline" />
        </Card>
      ) : null}
    </div>
  );
}

function build(tl: TimelineBucket[], ind: Indicators, folioEnd: string, asOf: string, todayIso: string, currency: string, granularity: Granularity) {
  const xs = tl.map((b) => secs(b.end));
  // The EAC projection: AC at the bucket holding asOf, EAC at the folio's end.
  const at = tl.findIndex((b) => b.start <= asOf && asOf <= b.end);
  const eac = tl.map(() => null as number | null);
  if (ind.eac != null && at >= 0 && tl.length) {
    eac[at] = f(tl[at]!.ac);
    eac[tl.length - 1] = f(ind.eac);
  }
  const bac = tl.map(() => f(ind.bac));
  // AC is drawn up to the as-of date; after it the server's AC holds only known, scheduled costs.
  const ac = tl.map((b) => (b.start <= asOf ? f(b.ac) : null));
  const known = tl.map((b, k) => (b.start > asOf || k === at ? f(b.ac) : null));
  const cumulativeData: uPlot.AlignedData = [xs, tl.map((b) => f(b.pv)), tl.map((b) => f(b.ev)), ac, known, eac, bac];
  // One tick per bucket (every k-th when they would crowd), labelled by the bucket's start.
  const startOf = new Map(tl.map((b) => [secs(b.end), b.start]));
  const shortLabel = (start: string): string => {
    const t = fmt.dateToUtc(start);
    const opts: Intl.DateTimeFormatOptions = granularity === 'month' ? { month: 'short', year: '2-digit', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' };
    return new Intl.DateTimeFormat(fmt.browserLocale(), opts).format(t);
  };
  const yAxis: uPlot.Axis = { values: (_u, splits) => splits.map((v) => compact(v, currency)), size: 70, grid: { stroke: '#eef0f3' } };
  const xAxis: uPlot.Axis = {
    splits: (u) => {
      const room = Math.max(1, Math.floor(u.bbox.width / devicePixelRatio / 64));
      const k = Math.max(1, Math.ceil(xs.length / room));
      return xs.filter((_x, i) => i % k === 0);
    },
    values: (_u, splits) => splits.map((v) => shortLabel(startOf.get(v) ?? new Date(v * 1000).toISOString().slice(0, 10))),
    grid: { show: false },
  };
  const cumulative = (width: number): uPlot.Options => ({
    width,
    height: 300,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), max * 1.08 || 1] } },
    axes: [xAxis, yAxis],
    plugins: [markers(asOf, todayIso)],
    series: [
      {},
      { label: 'PV', stroke: COLORS.pv, width: 2 },
      { label: 'EV', stroke: COLORS.ev, width: 2 },
      { label: 'AC', stroke: COLORS.ac, width: 2.5 },
      { label: 'AC (known, scheduled)', stroke: COLORS.ac, width: 1.5, dash: [3, 3] },
      { label: 'EAC projection', stroke: COLORS.eac, width: 2, dash: [8, 5], spanGaps: true },
      { label: 'BAC', stroke: COLORS.bac, width: 1, dash: [2, 2], points: { show: false } },
    ],
  });
  const barsData: uPlot.AlignedData = [
    xs,
    tl.map((b) => f(b.plannedCost)),
    tl.map((b) => f(b.actualCost)),
    tl.map((b) => f(b.plannedRevenue)),
    tl.map((b) => f(b.actualRevenue)),
  ];
  const barSeries = ['plannedCost', 'actualCost', 'plannedRevenue', 'actualRevenue'] as const;
  const bars = (width: number): uPlot.Options => ({
    width,
    height: 220,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: { x: { time: true, range: (_u, min, max) => { const pad = xs.length > 1 ? (xs[1]! - xs[0]!) / 2 : 86400 * 15; return [min - pad, max + pad]; } }, y: { range: (_u, min, max) => [Math.min(0, min), max * 1.1 || 1] } },
    axes: [xAxis, yAxis],
    plugins: [markers(asOf, todayIso)],
    series: [
      {},
      ...barSeries.map((k, i) => ({ label: k, stroke: COLORS[k], fill: COLORS[k], width: 0, paths: groupedBars(i, barSeries.length), points: { show: false } })),
    ],
  });
  const legend = [
    { label: 'PV (planned value)', color: COLORS.pv },
    { label: 'EV (earned value)', color: COLORS.ev },
    { label: 'AC (actual cost)', color: COLORS.ac },
    { label: 'EAC projection', color: COLORS.eac, dashed: true },
    { label: 'BAC', color: COLORS.bac, dashed: true },
    { label: 'Planned cost', color: COLORS.plannedCost },
    { label: 'Actual cost', color: COLORS.actualCost },
    { label: 'Planned revenue', color: COLORS.plannedRevenue },
    { label: 'Actual revenue', color: COLORS.actualRevenue },
  ];
  return { cumulative, cumulativeData, bars, barsData, legend };
}
