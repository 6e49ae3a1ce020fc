// Costs and revenues, first card: budget against actual, line by line (S9.12). One request per
// page, GET /folio/{id}/lines?asOf=&groupBy=&order=&limit=&after=: 50 of the cost lines (each
// planned cost item with the actual items that realise it, and the actual items that realise
// nothing) with the server's budget, plan, actual, scheduled, forecast, variances and light, and
// the groups' subtotals and the total over every line, all the server's; ordered by the server,
// by group or by overrun. The CSV is the server's too (`format=csv`, every line). At 390 px each
// line is a card, its forecast and variance first.
import { Fragment } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { CostLine, Folio, LineFigures, LineOrder } from '../api/types';
import { GROUPINGS, groupingOf } from '../lib/costLines';
import { csvText } from '../api/csvText';
import { keepFor, keys } from '../lib/queries';
import { saveFile } from '../lib/saveFile';
import { fileStem } from '../lib/csv';
import * as fmt from '../lib/format';
import { Card, ErrorBox, Loading, Rag } from './ui';
import { Pager, type Paging } from './Pager';
import { Col, EmptyRow } from './Table';
import { LineExplain } from './LineExplain';

const PAGE = 50;
const COLUMNS = 9;

/** A money cell of a line, a group or the total; with `explain`, the figure opens its explanation. */
function MoneyCell({
  value,
  currency,
  label,
  field,
  first,
  explain,
}: {
  value: string;
  currency: string;
  label: string;
  field: string;
  first?: boolean;
  explain?: (() => void) | undefined;
}) {
  const shown = fmt.money(value, currency);
  return (
    <td class={`right num c-6${first ? ' card-first' : ''}`} data-label={label} data-field={field} data-value={value}>
      {explain ? (
        <button type="button" class="figure-button" onClick={explain}>
          {shown}
        </button>
      ) : (
        shown
      )}
    </td>
  );
}

/** A variance with its percentage below it (none when the server has none: nothing to divide by). */
function VarianceCell({
  value,
  percent,
  currency,
  label,
  field,
  first,
  explain,
}: {
  value: string;
  percent: string | null | undefined;
  currency: string;
  label: string;
  field: string;
  first?: boolean;
  explain?: (() => void) | undefined;
}) {
  const shown = <span class={value.startsWith('-') ? 'negative' : undefined}>{fmt.money(value, currency)}</span>;
  return (
    <td class={`right num c-6${first ? ' card-first' : ''}`} data-label={label} data-field={field} data-value={value}>
      {explain ? (
        <button type="button" class="figure-button" onClick={explain}>
          {shown}
        </button>
      ) : (
        shown
      )}
      {percent != null ? (
        <div class="sub" data-field={`${field}Percent`} data-value={percent}>
          {fmt.percent(percent)}
        </div>
      ) : null}
    </td>
  );
}

/** The figure cells of a line, a group or the total, in the columns' order; a line's figures
 * open its explanation (`explainLine`), its plan and actual the items' own where one item has them. */
function FigureCells({
  f,
  currency,
  explainPlan,
  explainActual,
  explainLine,
}: {
  f: LineFigures;
  currency: string;
  explainPlan?: (() => void) | undefined;
  explainActual?: (() => void) | undefined;
  explainLine?: (() => void) | undefined;
}) {
  return (
    <>
      <MoneyCell value={f.budget} currency={currency} label="Budget" field="budget" explain={explainLine} />
      <MoneyCell value={f.plan} currency={currency} label="Plan" field="plan" explain={explainPlan ?? explainLine} />
      <MoneyCell value={f.actual} currency={currency} label="Actual to date" field="actual" explain={explainActual ?? explainLine} />
      <MoneyCell value={f.scheduled} currency={currency} label="Scheduled" field="scheduled" explain={explainLine} />
      <MoneyCell value={f.forecast} currency={currency} label="Forecast" field="forecast" first explain={explainLine} />
      <VarianceCell value={f.vac} percent={f.vacPercent} currency={currency} label="Variance" field="vac" first explain={explainLine} />
      <VarianceCell value={f.planVariance} percent={f.planVariancePercent} currency={currency} label="Plan left" field="planVariance" explain={explainLine} />
      <td class="c-12" data-label="Status" data-field="status" data-value={f.status}>
        <Rag status={f.status} title="Budget against forecast, within the folio’s tolerance" />
      </td>
    </>
  );
}

/** What a line's name says below it: unplanned, complete, deleted, and what realises it. */
function lineNote(line: CostLine): string {
  const notes: string[] = [];
  if (!line.planned) notes.push('unplanned: realises no planned item');
  if (line.deleted) notes.push('no longer in the plan');
  if (line.complete) notes.push('complete');
  const by = line.realisedBy;
  if (by.length) {
    const names = by.slice(0, 3).map((r) => r.name);
    notes.push(`realised by ${names.join(', ')}${by.length > 3 ? ` and ${fmt.count(by.length - 3)} more` : ''}`);
  } else if (line.planned) notes.push('nothing realises it yet');
  return notes.join(' · ');
}

export function CostLines({
  folio,
  asOf,
  onExplain,
  onRead,
}: {
  folio: Folio;
  asOf: string;
  onExplain: (path: string, title: string) => void;
  /** Called once the first answer (or refusal) is in. */
  onRead?: () => void;
}) {
  const [grouping, setGrouping] = useState(() => groupingOf('none'));
  const [order, setOrder] = useState<LineOrder>('group');
  const [page, setPage] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [explained, setExplained] = useState<CostLine | null>(null);
  const answer = useQuery({
    queryKey: keys.lines(folio.id, asOf, grouping, order, page),
    queryFn: ({ signal }) => api.lines(folio.id, asOf, grouping, order, page * PAGE, PAGE, signal),
    placeholderData: keepFor(folio.id),
  });
  const data = answer.data;
  const read = data != null || answer.error != null;
  useEffect(() => {
    if (read) onRead?.();
  }, [read, onRead]);
  const lines = data?.lines ?? [];
  const total = Number(data?.lineCount ?? 0);
  // The server pages: only this page's lines are here; the pager asks for another.
  const paging: Paging<unknown> = { page, pages: Math.max(1, Math.ceil(total / PAGE)), total, pageSize: PAGE, visible: [], setPage };
  const groups = useMemo(() => new Map((data?.groups ?? []).map((g) => [g.key, g])), [data]);
  const currency = data?.currencyCode ?? folio.currencyCode;
  const grouped = order === 'group' && grouping !== 'none';
  let lastGroup: string | null = null;

  const explainItem = (kind: 'position' | 'expense', id: string, figure: 'total' | 'toDate', title: string) =>
    onExplain(api.itemExplainPath(kind, id, figure, asOf), title);
  const download = async () => {
    setProblem(null);
    try {
      saveFile(await csvText(api.linesCsvUrl(folio.id, asOf, grouping, order)), `${fileStem(folio.name)}-cost-lines-${asOf}.csv`, 'text/csv;charset=utf-8');
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Card
      title="Budget against actual, line by line"
      busy={answer.isFetching}
      actions={
        <div class="lines-controls">
          <label>
            Group by{' '}
            <select
              value={grouping}
              onChange={(e) => {
                setGrouping(groupingOf(e.currentTarget.value));
                setPage(0);
              }}
            >
              {GROUPINGS.map((g) => (
                <option key={g.value} value={g.value}>
                  {g.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Order{' '}
            <select
              value={order}
              onChange={(e) => {
                setOrder(e.currentTarget.value === 'variance' ? 'variance' : 'group');
                setPage(0);
              }}
            >
              <option value="group">By group</option>
              <option value="variance">Largest overrun first</option>
            </select>
          </label>
          <button type="button" class="btn btn-small" onClick={() => void download()} disabled={!data}>
            Download CSV
          </button>
        </div>
      }
    >
      {answer.error ? <ErrorBox error={answer.error} onRetry={() => void answer.refetch()} /> : null}
      {problem ? (
        <p class="error" role="alert">
          {problem}
        </p>
      ) : null}
      {!data && !answer.error ? <Loading label="Loading cost lines" /> : null}
      {data ? (
        <>
          <div class="table-scroll" tabIndex={0} role="region" aria-label="Cost lines table">
            <table class="table items table-cards lines" data-section="lines">
              <caption>
                Each planned cost with what realises it — in {currency} as of {fmt.date(asOf)}; budget from{' '}
                {data.budgetBaselineId != null ? `baseline ${data.budgetBaselineId}` : 'the plan (no baseline yet)'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <Col align="right">Budget</Col>
                  <Col align="right">Plan</Col>
                  <Col align="right">Actual to date</Col>
                  <Col align="right">Scheduled</Col>
                  <Col align="right">Forecast</Col>
                  <Col align="right">Variance at completion</Col>
                  <Col align="right">Plan left</Col>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => {
                  const group = grouped && line.group !== lastGroup ? groups.get(line.group) : undefined;
                  lastGroup = line.group;
                  const single = line.realisedBy.length === 1 ? line.realisedBy[0] : undefined;
                  return (
                    <Fragment key={`${line.itemKind}-${line.itemId}`}>
                      {group ? (
                        <tr class="group subtotal" data-group={group.key}>
                          <th scope="rowgroup" class="c-12">
                            {group.name}
                            <div class="sub">
                              {fmt.count(Number(group.lines))} line{group.lines === '1' ? '' : 's'}, subtotal
                            </div>
                          </th>
                          <FigureCells f={group.figures} currency={currency} />
                        </tr>
                      ) : null}
                      <tr data-line={`${line.itemKind}-${line.itemId}`} class={line.planned ? undefined : 'unplanned'}>
                        <th scope="row" class="c-12">
                          {line.name}
                          <div class="sub">{lineNote(line)}</div>
                        </th>
                        <FigureCells
                          f={line.figures}
                          currency={currency}
                          explainPlan={line.planned && !line.deleted ? () => explainItem(line.itemKind, line.itemId, 'total', `${line.name}: plan`) : undefined}
                          explainLine={() => setExplained(line)}
                          explainActual={
                            !line.planned
                              ? () => explainItem(line.itemKind, line.itemId, 'toDate', `${line.name}: actual to date`)
                              : single
                                ? () => explainItem(single.itemKind, single.itemId, 'toDate', `${single.name}: actual to date`)
                                : undefined
                          }
                        />
                      </tr>
                    </Fragment>
                  );
                })}
                <EmptyRow columns={COLUMNS} when={total === 0}>
                  No planned cost and no actual cost yet.
                </EmptyRow>
              </tbody>
              <tfoot>
                <tr class="total" data-line="total">
                  <th scope="row" class="c-12">
                    Total
                    <div class="sub">{fmt.count(total)} lines: BAC, AC and the forecast of what is scheduled</div>
                  </th>
                  <FigureCells f={data.total} currency={currency} />
                </tr>
              </tfoot>
            </table>
          </div>
          <Pager paging={paging} label="Cost lines" />
          {explained ? (
            <LineExplain
              line={explained}
              currency={currency}
              budgetFrom={data.budgetBaselineId != null ? `baseline ${data.budgetBaselineId}` : 'the plan (no baseline yet)'}
              onExplain={(kind, id, figure, title) => {
                setExplained(null);
                explainItem(kind, id, figure, title);
              }}
              onClose={() => setExplained(null)}
            />
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
