// Screen 5: baselines. Approve one (POST /folio/{id}/baseline), list them (GET .../baselines),
// delete one, and compare one with the draft per item (GET .../expenditures?baselineId= against
// the draft's items of GET .../items) and per month (GET .../timeline?plan=BASELINE_ID against
// GET .../timeline?plan=draft). Differences are found by comparing normalized decimal strings;
// every figure and total shown is the server's.
import { useMemo, useState } from 'preact/hooks';
import { api } from '../../api/budgets';
import { ApiError } from '../../api/client';
import type { Baseline, BaselineApprovalBody, ExpenditureType, Expense, Indicators, Position, TimelineBucket } from '../../api/types';
import { useQuery } from '@tanstack/preact-query';
import { folioChanged, keepFor, keys } from '../../lib/queries';
import { loadItems } from '../../lib/items';
import {
  compareMonths,
  compareRows,
  EXPENSE_FIELDS,
  expenseValues,
  POSITION_FIELDS,
  positionValues,
  differs,
  type CompareRow,
  type MonthRow,
  type Values,
} from '../../lib/compare';
import { describeRecurrence, type AnyRecurrence } from '../../lib/recurrence';
import { parseJson } from '../../api/json';
import { placeRefusal, type Refusal } from '../../api/errors';
import { sameDecimal } from '../../lib/decimal';
import * as fmt from '../../lib/format';
import { announce, session } from '../../state';
import { Card, ErrorBox, Field, FormErrors, isFiguresRefusal, Loading, RefusalNotice, SelectField } from '../../components/ui';
import type { FolioProps } from '../FolioProps';
import { Pager, usePaging } from '../../components/Pager';
import { lazy } from 'preact-iso';
import { Col, EmptyRow } from '../../components/Table';
import { useConfirm } from '../../components/Dialog';

const TYPES: { value: ExpenditureType; label: string }[] = [
  { value: 'BUDGET', label: 'Budget (planned costs and revenues)' },
  { value: 'PLANNED', label: 'Planned costs only' },
  { value: 'REVENUE', label: 'Planned revenues only' },
  { value: 'ACTUAL', label: 'Actual items as they stand' },
];

const covers = (b: Baseline, side: 'cost' | 'revenue') => b.expenditureType === 'BUDGET' || b.expenditureType === (side === 'cost' ? 'PLANNED' : 'REVENUE');
const isPlannedPosition = (p: Position) => !p.kind || p.kind === '.PlannedPositionByTimeFrame';
const isPlannedExpense = (e: Expense) => e.kind === '.PlannedExpense' || e.kind === '.PlannedRevenue';

export function Approve({ folioId, onDone }: { folioId: string; onDone: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [reason, setReason] = useState('');
  const [type, setType] = useState<ExpenditureType>('BUDGET');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!name.trim()) {
      setRefusal({ status: 0, messages: [], fields: { name: 'Name is required' } });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const body: BaselineApprovalBody = {
        name: name.trim(),
        approvedBy: session.value?.user ?? '',
        expenditureType: type,
      };
      if (description.trim()) body.description = description.trim();
      if (reason.trim()) body.reason = reason.trim();
      await api.approveBaseline(folioId, body);
      announce(`Baseline “${name.trim()}” approved.`);
      setName('');
      setDescription('');
      setReason('');
      onDone();
    } catch (error) {
      setRefusal(
        error instanceof ApiError
          ? placeRefusal(error.refusal, ['name', 'expenditureType', 'description', 'reason'])
          : { status: 0, messages: [String(error)], fields: {} },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="form" onSubmit={(e) => void submit(e)} noValidate aria-label="Approve a baseline">
      <FormErrors refusal={refusal} />
      <div class="grid-3">
        <Field label="Baseline name" name="name" value={name} onValue={setName} error={refusal?.fields.name} maxLength={255} />
        <SelectField
          label="What it freezes"
          name="expenditureType"
          value={type}
          onValue={(v) => setType(v as ExpenditureType)}
          options={TYPES}
          error={refusal?.fields.expenditureType}
        />
        <Field label="Description (optional)" name="description" value={description} onValue={setDescription} maxLength={500} />
      </div>
      <Field
        label="Reason (kept in the budget's log)"
        name="reason"
        value={reason}
        onValue={setReason}
        error={refusal?.fields.reason}
        maxLength={5000}
        hint="Why the budget is approved or changed; required when the folio's settings ask for one."
      />
      <div class="form-actions">
        <button type="submit" class="btn btn-primary" disabled={busy}>
          {busy ? 'Approving…' : 'Approve baseline'}
        </button>
      </div>
    </form>
  );
}

function show(kind: string, v: string | null | undefined, currency: string): string {
  if (v == null) return fmt.NONE;
  switch (kind) {
    case 'money':
      return fmt.money(v, currency);
    case 'percent':
      return fmt.percent(v);
    case 'date':
      return fmt.date(v);
    case 'recurrence':
      try {
        // `v` is the JSON of an expense's recurrence as read (`expenseValues`), its counts their text.
        return describeRecurrence(parseJson(v) as AnyRecurrence, fmt.browserLocale());
      } catch {
        return v;
      }
    default:
      return v;
  }
}

const STATE_LABEL = { same: 'Unchanged', changed: 'Changed', added: 'Added in the draft', removed: 'Removed from the draft' } as const;

function ItemComparison({ rows, currency }: { rows: CompareRow[]; currency: string }) {
  const [onlyChanges, setOnlyChanges] = useState(true);
  const shown = onlyChanges ? rows.filter((r) => r.state !== 'same') : rows;
  const paging = usePaging(shown, 50, [onlyChanges]);
  return (
    <>
      <div class="field check">
        <input id="only-changes" type="checkbox" checked={onlyChanges} onChange={(e) => setOnlyChanges(e.currentTarget.checked)} />
        <label for="only-changes">Show changed items only</label>
      </div>
      <p class="muted small">
        {fmt.count(rows.filter((r) => r.state === 'changed').length)} changed, {fmt.count(rows.filter((r) => r.state === 'added').length)} added,{' '}
        {fmt.count(rows.filter((r) => r.state === 'removed').length)} removed, {fmt.count(rows.filter((r) => r.state === 'same').length)} unchanged.
      </p>
      <div class="table-scroll" tabIndex={0} role="region" aria-label="Comparison per item">
        <table class="table compare">
          <caption>Per item: baseline value → draft value; differences highlighted</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">State</th>
              <th scope="col">Field</th>
              <Col align="right">Baseline</Col>
              <Col align="right">Draft</Col>
            </tr>
          </thead>
          <tbody>
            {paging.visible.flatMap((r) => {
              const fields = r.state === 'changed' ? r.fields.filter((f) => r.changed.includes(f.key)) : r.fields.slice(0, r.group === 'position' ? 6 : 3);
              return fields.map((f, i) => {
                const changed = r.state === 'changed' && differs(f, r.baseline?.[f.key], r.draft?.[f.key]);
                return (
                  <tr key={`${r.key}-${f.key}`} class={r.state} data-item={r.key} data-state={r.state}>
                    {i === 0 ? (
                      <th scope="rowgroup" rowSpan={fields.length}>
                        {r.label}
                        <div class="sub">{r.group === 'position' ? 'position' : 'expense'}</div>
                      </th>
                    ) : null}
                    {i === 0 ? <td rowSpan={fields.length}>{STATE_LABEL[r.state]}</td> : null}
                    <td>{f.label}</td>
                    <td class={`right num${changed ? ' changed' : ''}`} data-field={f.key} data-side="baseline" data-value={r.baseline?.[f.key] ?? ''}>
                      {show(f.kind, r.baseline?.[f.key], (r.group === 'expense' && r.baseline?.currencyCode) || currency)}
                    </td>
                    <td class={`right num${changed ? ' changed' : ''}`} data-field={f.key} data-side="draft" data-value={r.draft?.[f.key] ?? ''}>
                      {show(f.kind, r.draft?.[f.key], (r.group === 'expense' && r.draft?.currencyCode) || currency)}
                      {changed ? <span class="sr-only"> (changed)</span> : null}
                    </td>
                  </tr>
                );
              });
            })}
            <EmptyRow columns={5} when={shown.length === 0}>
              The draft matches this baseline item for item.
            </EmptyRow>
          </tbody>
        </table>
      </div>
      <Pager paging={paging} label="Compared items" />
    </>
  );
}

interface Totals {
  /** Planned cost of the whole plan: the indicators' BAC for the baseline they use, else the last cumulative PV of the plan's timeline. */
  cost: string | null;
  /** Planned revenue of the whole plan, when the server states it (the indicators' plannedRevenue for the baseline they use). */
  revenue: string | null;
}

function MonthComparison({
  baseline,
  months,
  totals,
  currency,
  explain,
}: {
  baseline: Baseline;
  months: MonthRow[];
  totals: { baseline: Totals; draft: Totals };
  currency: string;
  /** Opens the explanation of a side's figure: a month's cell (`start`), else the total. */
  explain: (side: 'baseline' | 'draft', figure: string, start: string | null, title: string) => void;
}) {
  const rev = covers(baseline, 'revenue');
  const changed = months.filter((m) => m.costChanged || (rev && m.revenueChanged)).length;
  const costTotalChanged = !sameDecimal(totals.baseline.cost, totals.draft.cost);
  const revTotalChanged = totals.baseline.revenue != null && totals.draft.revenue != null && !sameDecimal(totals.baseline.revenue, totals.draft.revenue);
  const cell = (side: 'baseline' | 'draft', field: 'plannedCost' | 'plannedRevenue', m: MonthRow, changedHere: boolean) => {
    const v = m[side]?.[field] ?? null;
    return (
      <td class={`right num${changedHere ? ' changed' : ''}`} data-side={side} data-field={field} data-value={v ?? ''}>
        {v == null ? (
          fmt.money(v, currency)
        ) : (
          <button
            type="button"
            class="figure-button"
            onClick={() =>
              explain(side, field, m.start, `${field === 'plannedCost' ? 'Planned cost' : 'Planned revenue'}, ${fmt.bucketLabel(m.start, 'month')}, ${side}`)
            }
          >
            {fmt.money(v, currency)}
          </button>
        )}
        {changedHere && side === 'draft' ? <span class="sr-only"> (changed)</span> : null}
      </td>
    );
  };
  return (
    <>
      <p class="muted small">
        {fmt.count(changed)} of {fmt.count(months.length)} months differ.
      </p>
      <div class="table-scroll" tabIndex={0} role="region" aria-label="Comparison per month">
        <table class="table compare">
          <caption>
            Per month: planned cost{rev ? ' and revenue' : ''} of the baseline and of the draft (the server's timelines); differences highlighted; totals from
            the server
          </caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <Col align="right">Baseline cost</Col>
              <Col align="right">Draft cost</Col>
              {rev ? <Col align="right">Baseline revenue</Col> : null}
              {rev ? <Col align="right">Draft revenue</Col> : null}
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.start} data-start={m.start} class={m.costChanged || (rev && m.revenueChanged) ? 'changed-row' : undefined}>
                <th scope="row" class="nowrap">
                  {fmt.bucketLabel(m.start, 'month')}
                </th>
                {cell('baseline', 'plannedCost', m, m.costChanged)}
                {cell('draft', 'plannedCost', m, m.costChanged)}
                {rev ? cell('baseline', 'plannedRevenue', m, m.revenueChanged) : null}
                {rev ? cell('draft', 'plannedRevenue', m, m.revenueChanged) : null}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td class={`right num${costTotalChanged ? ' changed' : ''}`} data-side="baseline" data-field="bac" data-value={totals.baseline.cost ?? ''}>
                <button type="button" class="figure-button" onClick={() => explain('baseline', 'bac', null, 'BAC of the baseline')}>
                  {fmt.money(totals.baseline.cost, currency)}
                </button>
              </td>
              <td class={`right num${costTotalChanged ? ' changed' : ''}`} data-side="draft" data-field="bac" data-value={totals.draft.cost ?? ''}>
                <button type="button" class="figure-button" onClick={() => explain('draft', 'bac', null, 'BAC of the draft')}>
                  {fmt.money(totals.draft.cost, currency)}
                </button>
              </td>
              {rev
                ? (['baseline', 'draft'] as const).map((side) => (
                    <td
                      key={side}
                      class={`right num${revTotalChanged ? ' changed' : ''}`}
                      data-side={side}
                      data-field="plannedRevenue"
                      data-value={totals[side].revenue ?? ''}
                    >
                      {fmt.money(totals[side].revenue, currency)}
                    </td>
                  ))
                : null}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

const ExplainDialog = lazy(() => import('../../components/Explain').then((m) => m.ExplainDialog));

export function Baselines({ folio, asOf }: FolioProps) {
  const [explaining, setExplaining] = useState<{ path: string; title: string } | null>(null);
  const list = useQuery({ queryKey: keys.baselines(folio.id), queryFn: ({ signal }) => api.baselines(folio.id, signal) });
  const changed = () => void folioChanged(folio.id);
  const [selected, setSelected] = useState<string>('');
  const baselines = useMemo(() => [...(list.data ?? [])].sort((a, b) => Number(b.id) - Number(a.id)), [list.data]);
  const chosen = baselines.find((b) => b.id === selected) ?? baselines[0];

  const comparison = useQuery({
    queryKey: keys.comparison(folio.id, chosen?.id ?? '', asOf),
    enabled: chosen !== undefined,
    placeholderData: keepFor(folio.id),
    queryFn: async ({ signal }) => {
      if (!chosen) return null;
      const actual = chosen.expenditureType === 'ACTUAL';
      const sides: boolean[] = [];
      if (actual || covers(chosen, 'cost')) sides.push(false);
      if (folio.withRevenue && (actual || covers(chosen, 'revenue'))) sides.push(true);
      const perMonth = !actual;
      // The months and totals are the server's figures: an uncomputable folio (S5.6) refuses them
      // (400), and the per-item comparison, which needs none, is still shown.
      type Figures = [TimelineBucket[], TimelineBucket[], Indicators | null, Indicators | null];
      const none: Figures = [[], [], null, null];
      const figures: Promise<{ answers: Figures; refused: ApiError | null }> = perMonth
        ? Promise.all([
            api.timeline(folio.id, asOf, 'month', signal, { baseline: chosen.id }),
            api.timeline(folio.id, asOf, 'month', signal, 'draft'),
            api.indicators(folio.id, asOf, signal, { baseline: chosen.id }),
            api.indicators(folio.id, asOf, signal, 'draft'),
          ]).then(
            (answers): { answers: Figures; refused: ApiError | null } => ({ answers, refused: null }),
            (error: unknown) => {
              if (isFiguresRefusal(error)) return { answers: none, refused: error };
              throw error;
            },
          )
        : Promise.resolve({ answers: none, refused: null });
      const [base, items, { answers, refused }] = await Promise.all([
        Promise.all(sides.map((revenue) => api.expenditures(folio.id, actual, revenue, chosen.id, signal))),
        loadItems(folio.id, asOf, signal),
        figures,
      ]);
      const [baseTimeline, draftTimeline, baseIndicators, draftIndicators] = answers;
      const basePositions = base.flatMap((x) => x.positions);
      const baseExpenses = base.flatMap((x) => x.expenses);
      // The draft side: the folio's live items (GET /folio/{id}/items).
      const draftPositions: Position[] = items.positions
        .filter((p) => (actual ? !isPlannedPosition(p.position) : isPlannedPosition(p.position)))
        .filter((p) => sides.includes(actual ? p.section === 'consulting' : !!p.position.revenue))
        .map((p) => ({ ...p.position, rate: p.rates[0] ?? p.position.rate, allocation: p.allocations[0] ?? p.position.allocation }));
      const draftExpenses: Expense[] = items.expenses
        .map((e) => e.expense)
        .filter((e) => (actual ? !isPlannedExpense(e) : isPlannedExpense(e)) && sides.includes(e.kind.endsWith('Revenue')));
      const map = <T extends { id: string }>(xs: T[], f: (x: T) => Values) => new Map(xs.map((x) => [x.id, f(x)]));
      const rows = [
        ...compareRows('position', POSITION_FIELDS, map(basePositions, positionValues), map(draftPositions, positionValues)),
        ...compareRows('expense', EXPENSE_FIELDS, map(baseExpenses, expenseValues), map(draftExpenses, expenseValues)),
      ];
      // Totals: the server's, from the indicators of each plan (indicators?plan=ID and plan=draft).
      const totals = {
        baseline: { cost: baseIndicators?.bac ?? null, revenue: baseIndicators?.plannedRevenue ?? null },
        draft: { cost: draftIndicators?.bac ?? null, revenue: draftIndicators?.plannedRevenue ?? null },
      };
      const months = compareMonths(baseTimeline, draftTimeline);
      return { rows, months, totals, refused };
    },
  });

  const confirm = useConfirm();
  const remove = async (b: Baseline) => {
    const yes = await confirm.ask({
      title: `Delete baseline “${b.name}”?`,
      text: "The folio's budget falls back to the previous baseline, or the draft.",
      confirm: 'Delete baseline',
      danger: true,
    });
    if (!yes) return;
    try {
      await api.deleteBaseline(b.id);
      announce(`Baseline “${b.name}” deleted.`);
      changed();
    } catch (e) {
      announce(e instanceof ApiError ? e.message : String(e), 'error');
    }
  };

  return (
    <div class="stack">
      {confirm.element}
      {explaining ? <ExplainDialog path={explaining.path} title={explaining.title} onClose={() => setExplaining(null)} /> : null}
      <Card title="Approve a baseline">
        <p class="muted small">A baseline freezes the draft's planned items; the latest one covering costs defines the BAC.</p>
        <Approve folioId={folio.id} onDone={changed} />
      </Card>
      <Card title="Baselines">
        {list.error ? <ErrorBox error={list.error} onRetry={() => void list.refetch()} /> : null}
        {!list.data && !list.error ? <Loading /> : null}
        {list.data ? (
          <div class="table-scroll" tabIndex={0} role="region" aria-label="Baselines table">
            <table class="table">
              <caption>Approved baselines, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Freezes</th>
                  <th scope="col">Created</th>
                  <th scope="col">Approved by</th>
                  <Col align="right">Actions</Col>
                </tr>
              </thead>
              <tbody>
                {baselines.map((b) => (
                  <tr key={b.id} data-baseline-id={b.id} aria-current={chosen?.id === b.id ? 'true' : undefined}>
                    <th scope="row">
                      {b.name}
                      {b.description ? <div class="sub">{b.description}</div> : null}
                    </th>
                    <td>{TYPES.find((t) => t.value === b.expenditureType)?.label ?? b.expenditureType}</td>
                    <td class="nowrap">{fmt.date(b.created)}</td>
                    <td>{b.approvedBy}</td>
                    <td>
                      <div class="row-actions">
                        <button type="button" class="btn btn-small" aria-pressed={chosen?.id === b.id} onClick={() => setSelected(b.id)}>
                          Compare<span class="sr-only"> {b.name} with the draft</span>
                        </button>
                        <button type="button" class="btn btn-small btn-danger" onClick={() => void remove(b)}>
                          Delete<span class="sr-only"> {b.name}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
                <EmptyRow columns={5} when={baselines.length === 0}>
                  No baseline yet: approve the first one above.
                </EmptyRow>
              </tbody>
            </table>
          </div>
        ) : null}
      </Card>
      {chosen ? (
        <Card
          title={
            <>
              Compare “{chosen.name}” with the {chosen.expenditureType === 'ACTUAL' ? 'current actual items' : 'draft'}
            </>
          }
        >
          {comparison.error ? <ErrorBox error={comparison.error} onRetry={() => void comparison.refetch()} /> : null}
          {comparison.isFetching && !comparison.data ? <Loading label="Comparing" /> : null}
          {comparison.data ? (
            <div class="stack" aria-busy={comparison.isFetching ? 'true' : undefined}>
              <h3>Per item</h3>
              <ItemComparison rows={comparison.data.rows} currency={folio.currencyCode} />
              {chosen.expenditureType !== 'ACTUAL' ? (
                <>
                  <h3>Per month</h3>
                  {comparison.data.refused ? (
                    <RefusalNotice error={comparison.data.refused} />
                  ) : (
                    <MonthComparison
                      baseline={chosen}
                      months={comparison.data.months}
                      totals={comparison.data.totals}
                      currency={folio.currencyCode}
                      explain={(side, figure, start, title) => {
                        const plan = side === 'draft' ? 'draft' : chosen.id;
                        setExplaining({
                          path: start ? api.bucketExplainPath(folio.id, figure, asOf, 'month', start, plan) : api.explainPath(folio.id, figure, asOf, plan),
                          title,
                        });
                      }}
                    />
                  )}
                </>
              ) : null}
            </div>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}
