// A figure explained: its formula, its inputs (each opens its own explanation), and for
// a sum the lines it adds up, a page at a time, with the total of all lines beside the figure. A
// line opens its item's explanation: a position's days (hours, rate), an expense's payments (the
// exchange rate used). Every number is the server's text; the planner adds nothing up itself.
import { useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { Answer, Schemas } from '../api/types';
import { INDICATORS } from '../lib/indicators';
import * as fmt from '../lib/format';
import { Dialog } from './Dialog';
import { ErrorBox, Loading } from './ui';
import { HistoryList } from './History';
import { Col } from './Table';

export type Explanation = Answer<Schemas['Explanation']>;

/** Where explanations come from: the server (by address), or the what-if sandbox in the
 * browser (by figure name, `key` changing with every change of the sandbox). */
export interface ExplainSource {
  key: string;
  read: (path: string, after: string | undefined) => Promise<Explanation>;
}

const SERVER: ExplainSource = { key: 'server', read: (path, after) => api.explain(path, after) };

/** The folio a folio figure's explanation address names. */
const folioOf = (path: string): string | undefined => /\/folio\/(\d+)\/explain/.exec(path)?.[1];
/** The as-of date an explanation address names. */
const asOfOf = (path: string): string | undefined => /[?&]asOf=(\d{4}-\d{2}-\d{2})/.exec(path)?.[1];
type Line = Explanation['lines'][number];

/** What a figure or term is called. */
export function figureName(figure: string): string {
  const info = INDICATORS.find((i) => i.key === figure);
  if (info) return `${info.name} (${info.abbr})`;
  const words: Record<string, string> = {
    total: 'Total',
    toDate: 'To date',
    workingDays: 'Working days of the folio',
    workingDaysElapsed: 'Working days elapsed',
    earnedWeight: 'Earned weight',
    totalWeight: 'Total weight',
    reservePercent: 'Reserve %',
    contingencyPercent: 'Contingency %',
    tolerancePercent: 'Tolerance %',
    cpiStatus: 'Cost light',
    spiStatus: 'Schedule light',
    revenueStatus: 'Revenue light',
    marginStatus: 'Margin light',
    plannedCost: 'Planned cost',
    actualCost: 'Actual cost',
  };
  return words[figure] ?? figure;
}

/** A value as it reads: money in the currency, a ratio or count as written, a status as a word. */
function valueText(figure: string, value: unknown, currency: string): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value !== 'string') return JSON.stringify(value);
  const info = INDICATORS.find((i) => i.key === figure);
  if (info?.kind === 'money' || ['total', 'toDate', 'plannedCost', 'actualCost'].includes(figure)) return fmt.money(value, currency);
  if (info?.kind === 'percent' || figure.endsWith('Percent')) return fmt.percent(value);
  if (/^-?\d/.test(value)) return fmt.decimal(value);
  return value;
}

/** One line: its item (opening the item's explanation when it has one), date, hours, rate, conversion, amount. */
/** Which of a table's optional columns any of its lines fills. */
interface Columns {
  date: boolean;
  hours: boolean;
  rate: boolean;
  paid: boolean;
}

function LineRow({ line, currency, open, columns }: { line: Line; currency: string; open: (path: string, title: string) => void; columns: Columns }) {
  const name = line.itemName ?? `${line.kind} ${line.itemId}`;
  const explain = line.explain;
  return (
    <tr data-line-item={`${line.kind}-${line.itemId}`} data-date={line.date ?? ''}>
      <td data-label="Item">
        {explain ? (
          <button type="button" class="link-button" onClick={() => open(explain, name)}>
            {name}
          </button>
        ) : (
          name
        )}
      </td>
      {columns.date ? <td data-label="Date">{line.date ? fmt.date(line.date) : ''}</td> : null}
      {columns.hours ? (
        <td class="num" data-label="Hours">
          {line.hours != null ? fmt.hours(line.hours) : ''}
          {line.overtimeHours != null && line.overtimeHours !== '0' && !/^0\.0*$/.test(line.overtimeHours) ? (
            <small class="muted">
              {' '}
              + {fmt.hours(line.overtimeHours)} overtime{line.coefficient != null ? ` × ${fmt.decimal(line.coefficient)}` : ''}
            </small>
          ) : null}
          {line.hoursFrom === 'allocation' && line.allocation != null && line.capacityHours != null ? (
            <small class="muted sub">
              {fmt.percent(line.allocation)} of {fmt.hours(line.capacityHours)} h
            </small>
          ) : line.hoursFrom === 'entered' ? (
            <small class="muted sub">entered</small>
          ) : line.hoursFrom === 'synchronized' ? (
            <small class="muted sub">synchronized</small>
          ) : null}
        </td>
      ) : null}
      {columns.rate ? (
        <td class="num" data-label="Rate">
          {line.rate != null ? fmt.decimal(line.rate) : ''}
          {line.rateFrom ? <small class="muted sub">from {fmt.date(line.rateFrom)}</small> : null}
        </td>
      ) : null}
      {columns.paid ? (
        <td class="num" data-label="Paid, exchange rate">
          {line.paid != null && line.paidCurrency ? (
            <>
              {fmt.money(line.paid, line.paidCurrency)}
              {line.fxRate != null ? (
                <small class="muted">
                  {' '}
                  at {line.fxInverse ? '1 / ' : ''}
                  {fmt.decimal(line.fxRate)}
                  {line.fxDate ? ` (from ${fmt.date(line.fxDate)})` : ''}
                </small>
              ) : null}
            </>
          ) : null}
        </td>
      ) : null}
      <td class="num" data-label="Amount" data-amount={line.amount}>
        {fmt.money(line.amount, currency)}
      </td>
    </tr>
  );
}

/** One explanation: `path` is its address; `open` goes to another (an input, a line's item). */
function ExplanationView({ path, open, source }: { path: string; open: (path: string, title: string) => void; source: ExplainSource }) {
  const [after, setAfter] = useState<string[]>([]);
  const page = after[after.length - 1];
  const answer = useQuery({ queryKey: ['explain', source.key, path, page ?? ''], queryFn: () => source.read(path, page) });
  if (answer.error) return <ErrorBox error={answer.error} onRetry={() => void answer.refetch()} />;
  if (!answer.data) return <Loading label="Explaining" />;
  const e = answer.data;
  const currency = e.currencyCode;
  const columns: Columns = {
    date: e.lines.some((l) => l.date != null),
    hours: e.lines.some((l) => l.hours != null),
    rate: e.lines.some((l) => l.rate != null),
    paid: e.lines.some((l) => l.paid != null),
  };
  const shownColumns = 1 + Object.values(columns).filter(Boolean).length;
  return (
    <div class="explanation" data-figure={e.figure}>
      <p class="explained-value">
        <span>{figureName(e.figure)}</span>{' '}
        <strong class="num" data-value={typeof e.value === 'string' ? e.value : ''}>
          {valueText(e.figure, e.value, currency)}
        </strong>
      </p>
      <p class="formula">{e.formula}</p>
      {e.plan ? <p class="muted">Planned side: {e.planName ?? (e.plan === 'draft' ? 'the draft' : e.plan)}</p> : null}
      {e.inputs.length > 0 ? (
        <ul class="inputs" aria-label="Inputs">
          {e.inputs.map((input) => {
            const link = input.explain;
            return (
              <li key={input.figure} data-input={input.figure}>
                {link ? (
                  <button type="button" class="link-button" onClick={() => open(link, figureName(input.figure))}>
                    {figureName(input.figure)}
                  </button>
                ) : (
                  figureName(input.figure)
                )}{' '}
                = <span class="num">{valueText(input.figure, input.value, currency)}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {e.linesTotal != null ? (
        <>
          <div class="explain-lines">
            <table class="table">
              <caption>Lines of {figureName(e.figure)}</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  {columns.date ? <th scope="col">Date</th> : null}
                  {columns.hours ? <Col align="num">Hours</Col> : null}
                  {columns.rate ? <Col align="num">Rate</Col> : null}
                  {columns.paid ? <Col align="num">Paid, exchange rate</Col> : null}
                  <Col align="num">Amount</Col>
                </tr>
              </thead>
              <tbody>
                {e.lines.map((line, at) => (
                  <LineRow key={`${line.kind}-${line.itemId}-${line.date ?? ''}-${at}`} line={line} currency={currency} open={open} columns={columns} />
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={shownColumns}>
                    All lines together
                  </th>
                  <td class="num" data-lines-total={e.linesTotal}>
                    {fmt.money(e.linesTotal, currency)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          <div class="pager-row">
            {after.length > 0 ? (
              <button type="button" class="btn" onClick={() => setAfter(after.slice(0, -1))}>
                Previous lines
              </button>
            ) : null}
            {e.next != null ? (
              <button type="button" class="btn" onClick={() => setAfter([...after, String(e.next)])}>
                Next lines
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The day `days` before `iso` (a civil date, computed on the calendar, not on money). */
function daysBefore(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** What changed in the folio since a day: its activity from then on, to see what moved a figure. */
function ChangesSince({ folioId, asOf }: { folioId: string; asOf: string }) {
  const [open, setOpen] = useState(false);
  const [since, setSince] = useState(daysBefore(asOf, 30));
  return (
    <details class="item-history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>What changed in the folio since…</summary>
      <div class="field">
        <label for="changes-since">Since</label>
        <input id="changes-since" type="date" value={since} onChange={(e) => e.currentTarget.value && setSince(e.currentTarget.value)} />
      </div>
      {open ? (
        <HistoryList
          queryKey={['folio', folioId, 'activity', 'since', since]}
          read={(before, signal) => api.activity(folioId, before, signal, since)}
          label={`changes since ${fmt.date(since)}`}
        />
      ) : null}
    </details>
  );
}

/** The explanation of the figure at `path`, in a dialog that keeps the way back. */
export function ExplainDialog({ path, title, onClose, source = SERVER }: { path: string; title: string; onClose: () => void; source?: ExplainSource }) {
  const [trail, setTrail] = useState<{ path: string; title: string }[]>([{ path, title }]);
  const here = trail[trail.length - 1] ?? { path, title };
  return (
    <Dialog title={`Why: ${here.title}`} onClose={onClose} wide>
      {trail.length > 1 ? (
        <nav class="crumbs" aria-label="Explanations followed">
          {trail.slice(0, -1).map((step, at) => (
            <span key={`${step.path}-${at}`}>
              <button type="button" class="link-button" onClick={() => setTrail(trail.slice(0, at + 1))}>
                {step.title}
              </button>{' '}
              <span aria-hidden="true">/</span>{' '}
            </span>
          ))}
          <span aria-current="page">{here.title}</span>
        </nav>
      ) : null}
      <ExplanationView key={here.path} path={here.path} source={source} open={(next, name) => setTrail([...trail, { path: next, title: name }])} />
      {source === SERVER && folioOf(here.path) ? <ChangesSince folioId={folioOf(here.path) ?? ''} asOf={asOfOf(here.path) ?? fmt.today()} /> : null}
    </Dialog>
  );
}
