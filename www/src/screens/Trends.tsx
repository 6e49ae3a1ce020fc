// The record of each month (S9.11), under the forecast: the months closed with the figures kept
// at their close (GET /folio/{id}/periods), CPI and SPI by closed month and EAC against BAC by
// closed month, each figure that moved since its close shown beside it with the difference the
// server computed. The owner and budget administrators close a month that has ended (POST
// /folio/{id}/periods). The curves are drawn with floats (pixels); every figure in words is the
// server's exact string.
import { useMemo, useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import type uPlot from 'uplot';
import { api } from '../api/budgets';
import type { Answer, Folio, Schemas } from '../api/types';
import { folioChanged, keys } from '../lib/queries';
import * as fmt from '../lib/format';
import { announce, mayChangeFolio } from '../state';
import { useSubmit } from '../components/useSubmit';
import { UChart } from '../components/UChart';
import { Card, ErrorBox, FormErrors, Loading, SelectField } from '../components/ui';

type Closed = Answer<Schemas['ClosedMonthShown']>;
type PortfolioMonth = Answer<Schemas['PortfolioClosedMonth']>;
/** A closed month as the card shows it: a folio's, or a portfolio's rollup. */
type Row = Pick<Closed, 'month' | 'asOf' | 'currencyCode' | 'closed' | 'changes'> & { note: string };

const FIGURE_WORDS: Record<string, string> = {
  bac: 'BAC',
  pv: 'PV',
  ev: 'EV',
  ac: 'AC',
  eac: 'EAC',
  etc: 'ETC',
  vac: 'VAC',
  cpi: 'CPI',
  spi: 'SPI',
};
const RATIOS = new Set(['cpi', 'spi']);
const FONT = '12px system-ui, sans-serif';
const COLORS = { cpi: '#d9480f', spi: '#4f6bed', one: '#868e96', eac: '#9c36b5', bac: '#495057' };

/** `yyyy-MM` in words: "Oct 2026". */
const monthWords = (month: string): string => fmt.bucketLabel(`${month}-01`, 'month');

/** The months of the folio that have ended before `today` (UTC) and are not closed, the latest first. */
export function closableMonths(folio: Pick<Folio, 'startDate' | 'endDate'>, closed: readonly string[], today: string): string[] {
  const out: string[] = [];
  const current = today.slice(0, 7);
  let [year, month] = folio.startDate.slice(0, 7).split('-').map(Number) as [number, number];
  for (let n = 0; n < 1200; n += 1) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key >= current || `${key}-01` > folio.endDate) break;
    if (!closed.includes(key)) out.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return out.reverse();
}

/** A figure as shown: money in the folio's currency, a ratio as its digits. */
function shown(name: string, value: string | null | undefined, currency: string): string {
  return RATIOS.has(name) ? fmt.decimal(value) : fmt.money(value, currency);
}

/** A difference with its sign. */
function signed(name: string, value: string | null | undefined, currency: string): string {
  if (value == null) return 'not comparable';
  const text = shown(name, value, currency);
  return value.startsWith('-') ? text : `+${text}`;
}

/** A line chart of closed months: x the months' last days, then `series` from each month's figures. */
function trendOptions(series: { label: string; stroke: string; dash?: number[] }[], money: string | null) {
  let compact: Intl.NumberFormat | null = null;
  if (money) {
    try {
      compact = new Intl.NumberFormat(fmt.browserLocale(), { style: 'currency', currency: money, notation: 'compact', maximumFractionDigits: 1 });
    } catch {
      compact = null;
    }
  }
  return (width: number): uPlot.Options => ({
    width,
    height: 220,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    scales: { x: { time: true } },
    axes: [
      { font: FONT, grid: { show: false } },
      { font: FONT, size: money ? 70 : 50, values: (_u, splits) => splits.map((v) => (compact ? compact.format(v) : String(v))), grid: { stroke: '#eef0f3' } },
    ],
    series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.stroke, width: 2, dash: s.dash, spanGaps: true, points: { show: true, size: 6 } }))],
  });
}

const float = (value: string | null | undefined): number | null => (value == null ? null : Number(value));

export function Trends({ folio }: { folio: Folio }) {
  const periods = useQuery({ queryKey: keys.periods(folio.id), queryFn: ({ signal }) => api.periods(folio.id, signal) });
  const rows = useMemo(() => (periods.data ?? []).map((m): Row => ({ ...m, note: `closed ${fmt.date(m.closedOn)} by ${m.closedBy}` })), [periods.data]);
  return (
    <Card title="Closed months" busy={periods.isFetching}>
      <p class="muted">
        A closed month keeps its month-end figures as they were at its close. A later change (an invoice dated in the month, progress entered for it) shows
        beside them, never in them.
      </p>
      {periods.error ? <ErrorBox error={periods.error} onRetry={() => void periods.refetch()} /> : null}
      {!periods.data && !periods.error ? <Loading label="Reading the closed months" /> : null}
      {mayChangeFolio(folio) && !folio.deletedOn && periods.data ? <CloseMonth folio={folio} closed={rows.map((m) => m.month)} /> : null}
      {periods.data && rows.length === 0 ? <p data-closed-months="none">No month closed yet.</p> : null}
      <TrendsOf rows={rows} currency={folio.currencyCode} />
    </Card>
  );
}

/** A portfolio's closed months (S9.11 with S9.9): the months every folio running in them closed, rolled up. */
export function PortfolioTrends({ portfolioId, currency }: { portfolioId: string; currency: string }) {
  const periods = useQuery({ queryKey: ['portfolio', portfolioId, 'periods'], queryFn: ({ signal }) => api.portfolioPeriods(portfolioId, signal) });
  const rows = useMemo(
    () =>
      (periods.data ?? []).map((m: PortfolioMonth): Row => ({ ...m, note: `closed by ${fmt.count(Number(m.folios))} folio${m.folios === '1' ? '' : 's'}` })),
    [periods.data],
  );
  return (
    <Card title="Closed months" busy={periods.isFetching}>
      <p class="muted">
        A month shows here once every folio running in it has closed it: their figures as closed, summed in {currency} at the month-end rates, with CPI and SPI
        computed from the sums. What moved since shows beside them.
      </p>
      {periods.error ? <ErrorBox error={periods.error} onRetry={() => void periods.refetch()} /> : null}
      {!periods.data && !periods.error ? <Loading label="Reading the closed months" /> : null}
      {periods.data && rows.length === 0 ? <p data-closed-months="none">No month closed by every folio yet.</p> : null}
      <TrendsOf rows={rows} currency={currency} />
    </Card>
  );
}

/** The two trend charts and the table of `rows`. */
function TrendsOf({ rows, currency }: { rows: readonly Row[]; currency: string }) {
  const indexOptions = useMemo(
    () =>
      trendOptions(
        [
          { label: 'CPI', stroke: COLORS.cpi },
          { label: 'SPI', stroke: COLORS.spi },
          { label: '1.00', stroke: COLORS.one, dash: [3, 3] },
        ],
        null,
      ),
    [],
  );
  const moneyOptions = useMemo(
    () =>
      trendOptions(
        [
          { label: 'EAC', stroke: COLORS.eac },
          { label: 'BAC', stroke: COLORS.bac, dash: [6, 4] },
        ],
        currency,
      ),
    [currency],
  );
  // Pixels only: the figures in words are the table's strings.
  const [indexData, moneyData] = useMemo((): [uPlot.AlignedData | null, uPlot.AlignedData | null] => {
    if (rows.length === 0) return [null, null];
    const xs = rows.map((m) => fmt.dateToUtc(m.asOf) / 1000);
    return [
      [xs, rows.map((m) => float(m.closed.cpi)), rows.map((m) => float(m.closed.spi)), rows.map(() => 1)],
      [xs, rows.map((m) => float(m.closed.eac)), rows.map((m) => float(m.closed.bac))],
    ];
  }, [rows]);
  if (rows.length === 0) return null;
  return (
    <>
      <div class="grid-2 trends">
        <figure>
          <figcaption>CPI and SPI by closed month</figcaption>
          <UChart options={indexOptions} data={indexData} label="CPI and SPI by closed month" length={rows.length} selected={null} />
          <p class="legend-inline">
            <span style={{ color: COLORS.cpi }}>■</span> CPI <span style={{ color: COLORS.spi }}>■</span> SPI <span style={{ color: COLORS.one }}>┄</span> 1.00
          </p>
        </figure>
        <figure>
          <figcaption>EAC against BAC by closed month</figcaption>
          <UChart options={moneyOptions} data={moneyData} label="EAC against BAC by closed month" length={rows.length} selected={null} />
          <p class="legend-inline">
            <span style={{ color: COLORS.eac }}>■</span> EAC <span style={{ color: COLORS.bac }}>┄</span> BAC
          </p>
        </figure>
      </div>
      <ClosedTable months={rows} />
    </>
  );
}

function ClosedTable({ months }: { months: readonly Row[] }) {
  const names = ['bac', 'pv', 'ev', 'ac', 'eac', 'cpi', 'spi'] as const;
  return (
    <div class="table-scroll" tabIndex={0} role="region" aria-label="Closed months">
      <table class="table" data-closed-months={months.length}>
        <caption class="sr-only">Each closed month: its figures as closed, and what moved since</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {names.map((n) => (
              <th key={n} scope="col" class="num">
                {FIGURE_WORDS[n]}
              </th>
            ))}
            <th scope="col">Since its close</th>
          </tr>
        </thead>
        <tbody>
          {[...months].reverse().map((m) => (
            <tr key={m.month} data-month={m.month}>
              <th scope="row">
                {monthWords(m.month)}
                <small class="muted block">{m.note}</small>
              </th>
              {names.map((n) => (
                <td key={n} class="num" data-figure={n} data-value={m.closed[n] ?? ''}>
                  {shown(n, m.closed[n], m.currencyCode)}
                </td>
              ))}
              <td data-changes={m.changes.length}>
                {m.changes.length === 0 ? (
                  <span class="muted">unchanged</span>
                ) : (
                  <ul class="plain">
                    {m.changes.map((c) => (
                      <li key={c.figure} data-change={c.figure}>
                        {FIGURE_WORDS[c.figure] ?? c.figure} {signed(c.figure, c.difference, m.currencyCode)} (now {shown(c.figure, c.now, m.currencyCode)})
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CloseMonth({ folio, closed }: { folio: Folio; closed: readonly string[] }) {
  const choices = closableMonths(folio, closed, fmt.utcToday());
  const [month, setMonth] = useState('');
  const chosen = choices.includes(month) ? month : (choices[0] ?? '');
  const submit = useSubmit(['month']);
  if (choices.length === 0) return <p class="muted">Every month that has ended is closed.</p>;
  const close = async (e: Event) => {
    e.preventDefault();
    await submit.run({}, async () => {
      await api.closeMonth(folio.id, chosen);
      await folioChanged(folio.id);
      announce(`${monthWords(chosen)} closed: its figures are kept.`);
    });
  };
  return (
    <form class="form inline-form" onSubmit={(e) => void close(e)} noValidate>
      <FormErrors refusal={submit.refusal} />
      <SelectField
        label="Month to close"
        name="month"
        value={chosen}
        onValue={setMonth}
        options={choices.map((c) => ({ value: c, label: monthWords(c) }))}
        error={submit.err('month')}
      />
      <div class="form-actions start">
        <button type="submit" class="btn" disabled={submit.busy}>
          {submit.busy ? 'Closing…' : `Close ${monthWords(chosen)}`}
        </button>
      </div>
    </form>
  );
}
