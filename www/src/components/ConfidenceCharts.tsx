// The charts of a forecast's confidence (S14): the fan over the S-curves, the histogram of the
// iterations with BAC and BAC + reserve marked, and a driver's bar in the tornado, for a folio's
// card (Confidence.tsx) and a portfolio's (PortfolioConfidence.tsx). uPlot places them with
// floats (pixels only); every figure in words is the server's string.
import type { ComponentChildren } from 'preact';
import type uPlot from 'uplot';
import type { ForecastDriver, ForecastFigures } from '../api/types';
import { driverWidth } from '../lib/confidence';
import * as fmt from '../lib/format';

export const COLORS = {
  p10: '#0f9d76',
  p50: '#5f3dc4',
  p90: '#c92a2a',
  plan: '#4f6bed',
  bac: '#495057',
  pv: '#91a7ff',
  ac: '#d9480f',
  band: 'rgba(95, 61, 196, 0.14)',
  bars: '#91a7ff',
};
export const SERIES_COLORS = [COLORS.p10, COLORS.p50, COLORS.p90, COLORS.plan, COLORS.bac, COLORS.pv, COLORS.ac];
const FONT = '12px system-ui, sans-serif';

/** The compact money axis of a currency, with at most `digits` significant digits (a histogram's
 * buckets differ in the third or fourth). */
function moneyAxis(currency: string, digits = 2): uPlot.Axis {
  let compact: Intl.NumberFormat | null = null;
  try {
    compact = new Intl.NumberFormat(fmt.browserLocale(), { style: 'currency', currency, notation: 'compact', maximumSignificantDigits: digits });
  } catch {
    compact = null;
  }
  return { font: FONT, size: 70, grid: { stroke: '#eef0f3' }, values: (_u, splits) => splits.map((v) => (compact ? compact.format(v) : String(v))) };
}

export function fanOptions(currency: string) {
  return (width: number): uPlot.Options => ({
    width,
    height: 240,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true } },
    axes: [{ font: FONT, grid: { show: false } }, moneyAxis(currency)],
    series: [
      {},
      { label: 'P10', stroke: COLORS.p10, width: 1.5 },
      { label: 'P50', stroke: COLORS.p50, width: 2.5 },
      { label: 'P90', stroke: COLORS.p90, width: 1.5 },
      { label: 'Plan at completion', stroke: COLORS.plan, width: 1.5, dash: [6, 4] },
      { label: 'BAC', stroke: COLORS.bac, width: 1, dash: [2, 2], points: { show: false } },
      { label: 'PV', stroke: COLORS.pv, width: 1.5, spanGaps: true, points: { show: false } },
      { label: 'AC', stroke: COLORS.ac, width: 2, spanGaps: true, points: { show: false } },
    ],
    bands: [{ series: [3, 1], fill: COLORS.band }],
  });
}

/** Vertical lines at BAC and BAC + reserve over the histogram, labelled. */
function budgetMarks(figures: Pick<ForecastFigures, 'bac' | 'bacWithReserve'>): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u: uPlot) => {
          const ctx = u.ctx;
          const dpr = devicePixelRatio;
          ctx.save();
          ctx.font = `${11 * dpr}px system-ui, sans-serif`;
          const marks: [string, string, number[]][] = [
            ['BAC', figures.bac, [4, 3]],
            ['BAC + reserve', figures.bacWithReserve, [1, 3]],
          ];
          marks.forEach(([label, value, dash], row) => {
            const x = u.valToPos(Number(value), 'x', true);
            if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) return;
            ctx.strokeStyle = COLORS.bac;
            ctx.setLineDash(dash.map((d) => d * dpr));
            ctx.lineWidth = 1.5 * dpr;
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.fillStyle = COLORS.bac;
            ctx.fillText(label, x + 4 * dpr, u.bbox.top + (12 + 14 * row) * dpr);
          });
          ctx.restore();
        },
      ],
    },
  };
}

export function histogramOptions(currency: string, figures: Pick<ForecastFigures, 'bac' | 'bacWithReserve'>) {
  return (width: number): uPlot.Options => ({
    width,
    height: 200,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: { x: { time: false } },
    axes: [
      { ...moneyAxis(currency, 4), size: 30, grid: { show: false } },
      { font: FONT, size: 50, grid: { stroke: '#eef0f3' } },
    ],
    plugins: [budgetMarks(figures)],
    series: [{}, { label: 'Iterations', stroke: COLORS.bars, fill: COLORS.bars, width: 0, points: { show: false }, paths: barPaths }],
  });
}

/** Bars touching each other, one per bucket. */
const barPaths: uPlot.Series.PathBuilder = (u, seriesIdx, idx0, idx1) => {
  const path = new Path2D();
  const xs = u.data[0];
  const ys = u.data[seriesIdx]!;
  const step = xs.length > 1 ? Math.abs(u.valToPos(xs[1]!, 'x', true) - u.valToPos(xs[0]!, 'x', true)) : 12;
  const zero = u.valToPos(0, 'y', true);
  for (let k = idx0; k <= idx1; k++) {
    const y = ys[k];
    if (y == null) continue;
    const cx = u.valToPos(xs[k]!, 'x', true);
    const top = u.valToPos(y, 'y', true);
    path.rect(cx - step / 2 + 0.5, top, Math.max(1, step - 1), zero - top);
  }
  return { stroke: path, fill: path };
};

/** One line of the tornado: its name (a button, or the line and its folio), its bar as long as its
 * rank correlation, and its figures. */
export function DriverRow({ driver, currency, children }: { driver: ForecastDriver; currency: string; children: ComponentChildren }) {
  return (
    <li>
      {children}
      <span class="tornado-bar" aria-hidden="true">
        <span style={{ width: driverWidth(driver.rankCorrelation) }} />
      </span>
      <span class="tornado-figures">
        {fmt.decimal(driver.rankCorrelation)} · {fmt.money(driver.p10, currency)} to {fmt.money(driver.p90, currency)}
      </span>
    </li>
  );
}
