// Screen 3: the forecast. GET /folio/{id}/timeline?asOf=&granularity= gives, per bucket, planned
// and actual cost and revenue and the cumulative PV, EV, AC; GET /folio/{id}/indicators?asOf=
// gives BAC and EAC. The EAC projection runs from AC at the as-of date to EAC at the folio's end.
// EV is drawn as measured at each bucket's end up to the as-of date (S9.10). Below, the closed
// months and their trends (`Trends.tsx`, S9.11); between them, how sure the cost at completion
// is (`Confidence.tsx`, S14).
// The curves are drawn with floats (pixels); the figures of the selected period are the server's
// exact strings.
//
// A folio the server cannot compute (S5.6: its timeline and indicators answer S5.3's 400) shows the
// server's message in place of the charts.
//
// Speed: the server's strings are converted to pixel floats once per answer (`derive`); the two
// uPlot charts are created once per currency and then only given new data (`setData`); the table
// of figures is rendered after the charts have painted (one page of rows).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { MutableRef } from 'preact/hooks';
import type uPlot from 'uplot';
import { api, type Granularity } from '../../api/budgets';
import type { TimelineBucket } from '../../api/types';
import { derive, markerLines, type Model } from '../../lib/forecast';
import { useQuery } from '@tanstack/preact-query';
import { FORECAST_GRANULARITY, forecastQuery } from '../../lib/screenQueries';
import * as fmt from '../../lib/format';
import { Card, FiguresRefused, Loading, UncomputableNote } from '../../components/ui';
import { Pager, usePaging } from '../../components/Pager';
import { UChart } from '../../components/UChart';
import type { FolioProps } from '../FolioProps';
import { lazy } from 'preact-iso';
import { Methods } from '../../components/Methods';
import { Trends } from '../Trends';
import { Confidence } from '../../components/Confidence';
import { Col } from '../../components/Table';

const ExplainDialog = lazy(() => import('../../components/Explain').then((m) => m.ExplainDialog));

/** Opens an explanation: its address and title. */
type Explain = (path: string, title: string) => void;

/** A column's name, as the explanation's title says it. */
const FIELD_NAMES: Record<(typeof FIELDS)[number], string> = {
  plannedCost: 'Planned cost',
  actualCost: 'Actual cost',
  plannedRevenue: 'Planned revenue',
  actualRevenue: 'Actual revenue',
  contingency: 'Contingency',
  pv: 'PV',
  ev: 'EV',
  ac: 'AC',
};

const COLORS = {
  pv: '#4f6bed',
  ev: '#0f9d76',
  ac: '#d9480f',
  eac: '#9c36b5',
  bac: '#495057',
  plannedCost: '#91a7ff',
  actualCost: '#ff8a5c',
  knownCost: '#f2c14e',
  tolerance: 'rgba(79, 107, 237, 0.10)',
  reserve: 'rgba(73, 80, 87, 0.12)',
  plannedRevenue: '#8ce99a',
  actualRevenue: '#2b8a3e',
  today: '#212529',
  asOf: '#e8590c',
};

const secs = (iso: string): number => fmt.dateToUtc(iso) / 1000;
const MARK_COLOR = { today: COLORS.today, asOf: COLORS.asOf } as const;

/** Draws the today and as-of lines, with labels that stay inside the plot and never overlap. */
function markers(model: MutableRef<Model | null>, evLabel: boolean): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u: uPlot) => {
          const m = model.current;
          if (!m) return;
          const ctx = u.ctx;
          const dpr = devicePixelRatio;
          const left = u.bbox.left;
          const right = left + u.bbox.width;
          const pad = 4 * dpr;
          const line = 14 * dpr;
          ctx.save();
          ctx.font = `${11 * dpr}px system-ui, sans-serif`;
          ctx.textAlign = 'left';
          ctx.textBaseline = 'alphabetic';
          /** Text with a white halo: readable over grid and series, hiding almost nothing of them. */
          const halo = (text: string, x: number, y: number, color: string) => {
            ctx.setLineDash([]);
            ctx.lineJoin = 'round';
            ctx.lineWidth = 3 * dpr;
            ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
            ctx.strokeText(text, x, y);
            ctx.fillStyle = color;
            ctx.fillText(text, x, y);
          };
          const placed: { x0: number; x1: number; row: number }[] = [];
          /** A label beside the line at `x`: right of it, or left when there is no room on the right. */
          const label = (text: string, x: number, color: string, left0: boolean) => {
            const w = ctx.measureText(text).width;
            let tx = left0 ? x - pad - w : x + pad;
            if (tx + w > right) tx = x - pad - w;
            if (tx < left) tx = left;
            let row = 0;
            while (placed.some((p) => p.row === row && tx < p.x1 + pad && tx + w > p.x0 - pad)) row++;
            placed.push({ x0: tx, x1: tx + w, row });
            const y = u.bbox.top + 12 * dpr + row * line;
            halo(text, tx, y, color);
          };
          const marks = markerLines(m.asOf, m.today)
            .map((mark) => ({ ...mark, x: u.valToPos(secs(mark.iso), 'x', true) }))
            .filter((mark) => mark.x >= left && mark.x <= right)
            .sort((a, b) => a.x - b.x);
          marks.forEach((mark, i) => {
            ctx.strokeStyle = MARK_COLOR[mark.kind];
            ctx.setLineDash(mark.dash.map((d) => d * dpr));
            ctx.lineWidth = 1.5 * dpr;
            ctx.beginPath();
            ctx.moveTo(mark.x, u.bbox.top);
            ctx.lineTo(mark.x, u.bbox.top + u.bbox.height);
            ctx.stroke();
            // Two lines close together: the left one's label goes left of it, so neither label crosses a line.
            const next = marks[i + 1];
            const crowded = next != null && next.x - mark.x < ctx.measureText(mark.text).width + 2 * pad;
            label(mark.text, mark.x, MARK_COLOR[mark.kind], crowded);
          });
          // The EV point's name beside it.
          const evY = evLabel && m.evAt >= 0 ? u.data[2]?.[m.evAt] : null;
          if (evY != null) {
            const x = u.valToPos(u.data[0][m.evAt]!, 'x', true);
            const y = u.valToPos(evY, 'y', true);
            ctx.font = `600 ${11 * dpr}px system-ui, sans-serif`;
            const w = ctx.measureText('EV').width;
            halo('EV', x - 8 * dpr - w, y + 4 * dpr, COLORS.ev);
          }
          ctx.restore();
        },
      ],
    },
  };
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

const tickFormats = new Map<string, Intl.DateTimeFormat>();
function tickFormat(granularity: Granularity): Intl.DateTimeFormat {
  const locale = fmt.browserLocale();
  const key = `${locale}|${granularity === 'month' ? 'm' : 'd'}`;
  let df = tickFormats.get(key);
  if (!df) {
    const opts: Intl.DateTimeFormatOptions =
      granularity === 'month' ? { month: 'short', year: '2-digit', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' };
    df = new Intl.DateTimeFormat(locale, opts);
    tickFormats.set(key, df);
  }
  return df;
}

/** The axes' and markers' font: one family, so the canvas resolves it fast. */
const FONT = '12px system-ui, sans-serif';

/**
 * The options of both charts for a currency. They read the current model through `model`, so a
 * new answer (another granularity, as-of date or a changed rate) only calls `setData`.
 */
function chartOptions(currency: string, model: MutableRef<Model | null>) {
  // Built when the screen opens, while the server computes: the formatters the first draw needs
  // are created now, not after the answer.
  tickFormat('month');
  tickFormat('day');
  fmt.money('0', currency);
  let compact: Intl.NumberFormat | null = null;
  try {
    compact = new Intl.NumberFormat(fmt.browserLocale(), { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
  } catch {
    compact = null;
  }
  const yAxis: uPlot.Axis = {
    font: FONT,
    values: (_u, splits) => splits.map((v) => (compact ? compact.format(v) : String(v))),
    size: 70,
    grid: { stroke: '#eef0f3' },
  };
  // One tick per bucket (every k-th when they would crowd), labelled by the bucket's start.
  const xAxis: uPlot.Axis = {
    font: FONT,
    splits: (u) => {
      const xs = u.data[0];
      const room = Math.max(1, Math.floor(u.bbox.width / devicePixelRatio / 64));
      const k = Math.max(1, Math.ceil(xs.length / room));
      const out: number[] = [];
      for (let i = 0; i < xs.length; i += k) out.push(xs[i]!);
      return out;
    },
    values: (_u, splits) =>
      splits.map((v) => {
        const m = model.current;
        const i = m?.index.get(v);
        return m && i != null ? tickFormat(m.granularity).format(fmt.dateToUtc(m.tl[i]!.start)) : new Date(v * 1000).toISOString().slice(0, 10);
      }),
    grid: { show: false },
  };
  const cumulative = (width: number): uPlot.Options => ({
    width,
    height: 300,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), max * 1.08 || 1] } },
    axes: [xAxis, yAxis],
    plugins: [markers(model, true)],
    series: [
      {},
      { label: 'PV', stroke: COLORS.pv, width: 2 },
      // EV: as measured at each bucket's end, up to the as-of date.
      {
        label: 'EV',
        stroke: COLORS.ev,
        width: 2.5,
        points: { show: true, size: 9, width: 2, stroke: '#ffffff', fill: COLORS.ev },
      },
      { label: 'AC', stroke: COLORS.ac, width: 2.5 },
      { label: 'AC (known, scheduled)', stroke: COLORS.ac, width: 1.5, dash: [3, 3] },
      { label: 'EAC projection', stroke: COLORS.eac, width: 2, dash: [8, 5], spanGaps: true },
      { label: 'BAC', stroke: COLORS.bac, width: 1, dash: [2, 2], points: { show: false } },
      // The edges of the tolerance zone and the reserve band's top: drawn as fills only.
      { label: 'Tolerance (ahead)', stroke: 'transparent', width: 0, points: { show: false } },
      { label: 'Tolerance (behind)', stroke: 'transparent', width: 0, points: { show: false } },
      { label: 'BAC + reserve', stroke: COLORS.bac, width: 1, dash: [1, 3], points: { show: false } },
    ],
    bands: [
      { series: [7, 8], fill: COLORS.tolerance },
      { series: [9, 6], fill: COLORS.reserve },
    ],
  });
  // Known cost takes actual cost's slot: a bucket has one or the other (before or after as-of).
  const barSeries = [
    ['plannedCost', 0],
    ['actualCost', 1],
    ['knownCost', 1],
    ['plannedRevenue', 2],
    ['actualRevenue', 3],
  ] as const;
  const bars = (width: number): uPlot.Options => ({
    width,
    height: 220,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: {
      x: {
        time: true,
        range: (u, min, max) => {
          const xs = u.data[0];
          const pad = xs.length > 1 ? (xs[1]! - xs[0]!) / 2 : 86400 * 15;
          return [min - pad, max + pad];
        },
      },
      y: { range: (_u, min, max) => [Math.min(0, min), max * 1.1 || 1] },
    },
    axes: [xAxis, yAxis],
    plugins: [markers(model, false)],
    series: [
      {},
      ...barSeries.map(([k, slot]) => ({
        label: k,
        stroke: COLORS[k],
        fill: COLORS[k],
        width: 0,
        paths: groupedBars(slot, 4),
        points: { show: false },
      })),
    ],
  });
  return { cumulative, bars };
}

const LEGEND: { label: string; color: string; kind?: 'dashed' | 'point' | 'band' }[] = [
  { label: 'PV (planned value)', color: COLORS.pv },
  { label: 'Tolerance zone around PV', color: COLORS.tolerance, kind: 'band' },
  { label: 'EV (earned value, as measured)', color: COLORS.ev },
  { label: 'AC (actual cost, to as-of)', color: COLORS.ac },
  { label: 'AC known after as-of (scheduled)', color: COLORS.ac, kind: 'dashed' },
  { label: 'EAC projection', color: COLORS.eac, kind: 'dashed' },
  { label: 'BAC', color: COLORS.bac, kind: 'dashed' },
  { label: 'Reserve (BAC to BAC + reserve)', color: COLORS.reserve, kind: 'band' },
  { label: 'Planned cost', color: COLORS.plannedCost },
  { label: 'Actual cost (to as-of)', color: COLORS.actualCost },
  { label: 'Known cost (scheduled after as-of)', color: COLORS.knownCost },
  { label: 'Planned revenue', color: COLORS.plannedRevenue },
  { label: 'Actual revenue', color: COLORS.actualRevenue },
];

const FIELDS = ['plannedCost', 'actualCost', 'plannedRevenue', 'actualRevenue', 'contingency', 'pv', 'ev', 'ac'] as const;
const PAGE = 31;

/**
 * The figures per period, one page of rows. Its rows are rendered after the charts have painted
 * (an effect runs after the frame); until then the card is marked busy.
 */
function PeriodTable({
  tl,
  granularity,
  asOf,
  currency,
  folioId,
  explain,
}: {
  tl: TimelineBucket[];
  granularity: Granularity;
  asOf: string;
  currency: string;
  folioId: string;
  explain: Explain;
}) {
  const [shown, setShown] = useState<{ tl: TimelineBucket[]; granularity: Granularity; asOf: string } | null>(null);
  useEffect(() => setShown({ tl, granularity, asOf }), [tl, granularity, asOf]);
  const rows = shown?.tl ?? [];
  // Another period length starts again at the first page.
  const paging = usePaging(rows, PAGE, [granularity]);
  return (
    <Card title="Figures per period" busy={shown?.tl !== tl}>
      <div class="table-scroll" tabIndex={0} role="region" aria-label="Timeline figures">
        <table class="table">
          <caption>
            Timeline by {shown?.granularity ?? granularity} as of {fmt.date(shown?.asOf ?? asOf)} ({currency}). After the as-of date the cost column holds known
            cost: costs already scheduled, not yet spent.
          </caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <Col align="right">Planned cost</Col>
              <Col align="right">Actual / known cost</Col>
              <Col align="right">Planned revenue</Col>
              <Col align="right">Actual revenue</Col>
              <Col align="right">Contingency</Col>
              <Col align="right">PV</Col>
              <Col align="right">EV</Col>
              <Col align="right">AC</Col>
            </tr>
          </thead>
          <tbody>
            {paging.visible.map((b) => {
              // After the as-of date, a period's actual cost is known cost: scheduled, not spent.
              const known = b.start > (shown?.asOf ?? asOf);
              return (
                <tr key={b.start} data-start={b.start} class={known ? 'after-asof' : undefined}>
                  <th scope="row" class="nowrap">
                    {fmt.bucketLabel(b.start, shown!.granularity)}
                  </th>
                  {FIELDS.map((k) => (
                    <td key={k} class={`right num${known && k === 'actualCost' ? ' known-cost' : ''}`} data-field={k} data-value={b[k] ?? ''}>
                      {known && k === 'actualCost' ? <span class="known-tag">known </span> : null}
                      {b[k] == null ? (
                        fmt.money(b[k], currency)
                      ) : (
                        <button
                          type="button"
                          class="figure-button"
                          onClick={() =>
                            explain(
                              api.bucketExplainPath(folioId, k, shown?.asOf ?? asOf, shown?.granularity ?? granularity, b.start),
                              `${FIELD_NAMES[k]}, ${fmt.bucketLabel(b.start, shown?.granularity ?? granularity)}`,
                            )
                          }
                        >
                          {fmt.money(b[k], currency)}
                        </button>
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager paging={paging} label="Timeline" />
    </Card>
  );
}

export function Forecast({ folio, asOf }: FolioProps) {
  const [explaining, setExplaining] = useState<{ path: string; title: string } | null>(null);
  const [granularity, setGranularity] = useState<Granularity>(FORECAST_GRANULARITY);
  const [selected, setSelected] = useState<number | null>(null);
  const data = useQuery(forecastQuery(folio.id, asOf, granularity));
  const currency = folio.currencyCode;

  const model = useMemo(() => {
    const d = data.data;
    return d ? derive(d.timeline, d.indicators, d.asOf, fmt.today(), d.granularity, folio.tolerance) : null;
  }, [data.data, folio.tolerance]);
  const modelRef = useRef<Model | null>(null);
  modelRef.current = model;
  const options = useMemo(() => chartOptions(currency, modelRef), [currency]);

  const tl = model?.tl ?? [];
  const ind = data.data?.indicators;
  const table = useMemo(
    () =>
      model?.tl.length ? (
        <PeriodTable
          tl={model.tl}
          granularity={model.granularity}
          asOf={model.asOf}
          currency={currency}
          folioId={folio.id}
          explain={(path, title) => setExplaining({ path, title })}
        />
      ) : null,
    [model, currency, folio.id],
  );

  if (data.error)
    return (
      <FiguresRefused error={data.error} onRetry={() => void data.refetch()} title="Forecast">
        <UncomputableNote folioId={folio.id} />
      </FiguresRefused>
    );
  const sel = selected != null && selected < tl.length ? selected : null;
  const bucket = sel != null ? tl[sel] : undefined;
  const g = model?.granularity ?? granularity;

  return (
    <div class="stack">
      <Card
        title="Forecast"
        busy={data.isFetching || (data.data != null && (data.data.granularity !== granularity || data.data.asOf !== asOf))}
        actions={
          <fieldset class="segmented">
            <legend class="sr-only">Period length</legend>
            {(['month', 'week', 'day'] as Granularity[]).map((g) => (
              <label key={g} class={g === granularity ? 'on' : ''}>
                <input
                  type="radio"
                  name="granularity"
                  value={g}
                  checked={g === granularity}
                  onChange={() => {
                    setGranularity(g);
                    setSelected(null);
                  }}
                />
                {g === 'month' ? 'Month' : g === 'week' ? 'Week' : 'Day'}
              </label>
            ))}
          </fieldset>
        }
      >
        {!model ? <Loading label="Computing the timeline" /> : null}
        {model ? (
          <ul class="legend" aria-label="Series">
            {LEGEND.map((l) => (
              <li key={l.label}>
                <span class={`swatch${l.kind ? ` ${l.kind}` : ''}`} style={{ background: l.color, borderColor: l.color }} aria-hidden="true" /> {l.label}
              </li>
            ))}
            {model.asOf === model.today ? (
              <li>
                <span class="swatch marker marker-asof" aria-hidden="true" /> Today (as of), {fmt.date(model.today)}
              </li>
            ) : (
              <>
                <li>
                  <span class="swatch marker" aria-hidden="true" /> Today, {fmt.date(model.today)}
                </li>
                <li>
                  <span class="swatch marker marker-asof" aria-hidden="true" /> As of, {fmt.date(model.asOf)}
                </li>
              </>
            )}
          </ul>
        ) : null}
        {/* The chart boxes are there while loading too: their width is known (observed) when the answer comes. */}
        <UChart
          options={options.cumulative}
          data={model?.cumulative ?? null}
          label={`Cumulative planned value, actual cost and EAC projection of ${folio.name}, with the BAC line and the earned value at the as-of date`}
          onIndex={setSelected}
          length={tl.length}
          selected={sel}
        />
        <h3 class="chart-title">Cost and revenue per {g}</h3>
        <UChart
          options={options.bars}
          data={model?.bars ?? null}
          label={`Planned and actual cost and revenue per ${g} of ${folio.name}`}
          onIndex={setSelected}
          length={tl.length}
          selected={sel}
        />
        {model && ind ? (
          <>
            <Methods indicators={ind} />
            <div class="tooltip-panel" role="status" aria-live="polite" data-testid="chart-tooltip">
              {bucket ? (
                <>
                  <strong>{fmt.period(bucket.start, bucket.end)}</strong>
                  <dl class="mini">
                    {(
                      [
                        ['pv', 'PV (cumulative)', bucket.pv],
                        ['ev', 'EV (as measured)', bucket.ev],
                        ['ac', 'AC (cumulative)', bucket.ac],
                        ['plannedCost', 'Planned cost', bucket.plannedCost],
                        ['actualCost', bucket.start > (model.asOf ?? asOf) ? 'Known cost (scheduled)' : 'Actual cost', bucket.actualCost],
                        ['plannedRevenue', 'Planned revenue', bucket.plannedRevenue],
                        ['actualRevenue', 'Actual revenue', bucket.actualRevenue],
                        ['contingency', 'Contingency', bucket.contingency],
                      ] as const
                    ).map(([k, label, v]) => (
                      <div key={k}>
                        <dt>{label}</dt>
                        <dd class="num" data-field={k} data-value={v ?? ''}>
                          {fmt.money(v, currency)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </>
              ) : (
                <span class="muted">Point at the chart, or focus it and use the arrow keys, to see the exact figures of a period.</span>
              )}
            </div>
            <p class="muted small">
              BAC{' '}
              <span data-indicator="bac" data-value={ind.bac ?? ''}>
                <button
                  type="button"
                  class="figure-button"
                  onClick={() => setExplaining({ path: api.explainPath(folio.id, 'bac', asOf), title: 'Budget at completion' })}
                >
                  {fmt.money(ind.bac, currency)}
                </button>
              </span>{' '}
              · EAC{' '}
              <span data-indicator="eac" data-value={ind.eac ?? ''}>
                <button
                  type="button"
                  class="figure-button"
                  onClick={() => setExplaining({ path: api.explainPath(folio.id, 'eac', asOf), title: 'Estimate at completion' })}
                >
                  {fmt.money(ind.eac, currency)}
                </button>
              </span>{' '}
              · AC to date{' '}
              <span data-indicator="ac" data-value={ind.ac ?? ''}>
                <button
                  type="button"
                  class="figure-button"
                  onClick={() => setExplaining({ path: api.explainPath(folio.id, 'ac', asOf), title: 'Actual cost' })}
                >
                  {fmt.money(ind.ac, currency)}
                </button>
              </span>{' '}
              · EV at as-of{' '}
              <span data-indicator="ev" data-value={ind.ev ?? ''}>
                <button
                  type="button"
                  class="figure-button"
                  onClick={() => setExplaining({ path: api.explainPath(folio.id, 'ev', asOf), title: 'Earned value' })}
                >
                  {fmt.money(ind.ev, currency)}
                </button>
              </span>{' '}
              · Reserve{' '}
              <span data-indicator="reserve" data-value={ind.reserve ?? ''}>
                <button
                  type="button"
                  class="figure-button"
                  onClick={() => setExplaining({ path: api.explainPath(folio.id, 'reserve', asOf), title: 'Reserve' })}
                >
                  {fmt.money(ind.reserve, currency)}
                </button>
              </span>{' '}
              · Tolerance {fmt.percent(folio.tolerance)}
            </p>
          </>
        ) : null}
      </Card>
      {table}
      <Confidence folio={folio} asOf={asOf} timeline={model?.granularity === 'month' ? model.tl : undefined} />
      <Trends folio={folio} />
      {explaining ? <ExplainDialog path={explaining.path} title={explaining.title} onClose={() => setExplaining(null)} /> : null}
    </div>
  );
}
