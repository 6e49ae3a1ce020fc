// Screen 4: costs and revenues. First the cost lines, budget against actual line by line
// (components/CostLines.tsx, its own request); then every live item, from one request,
// GET /folio/{id}/items?asOf=: team members grouped by title, planned positions, consulting
// revenues, and expenses grouped by category, each with its period, rate or amount, and the
// server's cost (or revenue) to date and total; an item the server cannot cost (an uncomputable
// folio, S5.6: null figures) shows the server's refusal in their place, and the top says so.
// Editors for positions and expenses. Long lists are paged: one page of rows per table is in the
// DOM.
import { Fragment } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { api } from '../../api/budgets';
import type { Expense, OvertimeRule, Payment } from '../../api/types';
import { allocationOn, byCategory, byTitle, loadItems, kindLabel, rateOn, type ExpenseItem, type PositionItem, type Section } from '../../lib/items';
import { describeRecurrence } from '../../lib/recurrence';
import { useQuery } from '@tanstack/preact-query';
import { folioChanged, keepFor, keys } from '../../lib/queries';
import * as fmt from '../../lib/format';
import { announce, mode } from '../../state';
import { useMayEdit } from '../../lib/editors';
import { Card, ErrorBox, Loading } from '../../components/ui';
import { Pager, usePaging } from '../../components/Pager';
import { Dialog } from '../../components/Dialog';
import { plain, useShortcut } from '../../components/Shortcuts';
import { PositionEditor, type PositionChoice } from '../../editors/PositionEditor';
import { ExpenseEditor } from '../../editors/ExpenseEditor';
import { ApiError } from '../../api/client';
import type { FolioProps } from '../FolioProps';
import { lazy } from 'preact-iso';
import { Col, EmptyRow } from '../../components/Table';
import { CostLines } from '../../components/CostLines';
import { useConfirm } from '../../components/Dialog';
import { ImportActuals } from '../../components/ImportActuals';

const ExplainDialog = lazy(() => import('../../components/Explain').then((m) => m.ExplainDialog));
const ItemHistoryDialog = lazy(() => import('../../components/History').then((m) => m.ItemHistoryDialog));

const PAGE = 50;

type Editing =
  | { type: 'position'; id?: string; initial?: PositionChoice }
  | { type: 'expense'; expense?: Expense }
  | { type: 'payments'; title: string; positionId?: string; expenseId?: string; currency: string }
  | null;

/**
 * The server's to-date and total figures of an item (folio currency, exact strings), or, for an
 * item the server cannot cost (S5.6: null figures), its refusal across both columns.
 */
function FigureCells({
  item,
  currency,
  toDateLabel = 'To date',
  explain,
}: {
  item: { toDate: string | null; total: string | null; refusal?: string };
  currency: string;
  toDateLabel?: string;
  /** Opens the explanation of the item's `total` or `toDate`. */
  explain: (figure: 'total' | 'toDate', label: string) => void;
}) {
  if (item.total == null || item.toDate == null)
    return (
      <td colSpan={2} class="refused" data-field="refusal">
        {item.refusal ?? 'The server did not compute this item.'}
      </td>
    );
  return (
    <>
      <td class="right num c-6" data-label={toDateLabel} data-field="toDate" data-value={item.toDate}>
        <button type="button" class="figure-button" onClick={() => explain('toDate', toDateLabel)}>
          {fmt.money(item.toDate, currency)}
        </button>
      </td>
      <td class="right num c-6" data-label="Total" data-field="total" data-value={item.total}>
        <button type="button" class="figure-button" onClick={() => explain('total', 'Total')}>
          {fmt.money(item.total, currency)}
        </button>
      </td>
    </>
  );
}

const SECTION_TITLES: Record<Section, string> = {
  team: 'Team members',
  planned: 'Planned positions',
  consulting: 'Consulting revenues',
};

function PositionTable({
  section,
  items,
  currency,
  asOf,
  onEdit,
  onPayments,
  onDelete,
  onAdd,
  onExplain,
  onHistory,
}: {
  section: Section;
  items: PositionItem[];
  currency: string;
  asOf: string;
  onEdit: (item: PositionItem) => void;
  onPayments: (item: PositionItem) => void;
  onDelete: (item: PositionItem) => void;
  onAdd: () => void;
  onExplain: (path: string, title: string) => void;
  onHistory: (kind: 'position' | 'expense', id: string, name: string) => void;
}) {
  const sorted = useMemo(() => byTitle(items), [items]);
  const paging = usePaging(sorted, PAGE);
  const visible = paging.visible;
  const revenue = section === 'consulting';
  let lastGroup: string | null = null;
  return (
    <Card
      title={`${SECTION_TITLES[section]} (${fmt.count(items.length)})`}
      actions={
        <button type="button" class="btn btn-small" onClick={onAdd}>
          Add {section === 'team' ? 'a team member' : section === 'planned' ? 'a planned position' : 'a consulting revenue'}
        </button>
      }
    >
      {items.length === 0 ? (
        <p class="muted">None yet.</p>
      ) : (
        <>
          <div class="table-scroll" tabIndex={0} role="region" aria-label={`${SECTION_TITLES[section]} table`}>
            <table class="table items table-cards" data-section={section}>
              <caption>
                {SECTION_TITLES[section]}
                {section === 'consulting' ? '' : ', grouped by title'} — figures in {currency} as of {fmt.date(asOf)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Period</th>
                  <Col align="right">Allocation</Col>
                  <Col align="right">Rate / h</Col>
                  <Col align="right">{revenue ? 'Revenue' : 'Cost'} to date</Col>
                  <Col align="right">Total</Col>
                  <Col align="right">Actions</Col>
                </tr>
              </thead>
              <tbody>
                {visible.map((item) => {
                  const p = item.position;
                  const group = p.title || 'No title';
                  const header = section !== 'consulting' && group !== lastGroup;
                  lastGroup = group;
                  const first = item.allocations[0];
                  const last = item.allocations[item.allocations.length - 1];
                  const rate = rateOn(item.rates, asOf);
                  const allocation = allocationOn(item.allocations, asOf);
                  const sub = [
                    p.member && p.member !== 'unassigned' ? p.member : section === 'team' ? 'unassigned' : '',
                    p.revenue ? 'planned revenue' : section === 'planned' ? 'planned cost' : '',
                  ]
                    .filter(Boolean)
                    .join(' · ');
                  return (
                    <Fragment key={p.id}>
                      {header ? (
                        <tr class="group">
                          <th colSpan={7} scope="colgroup">
                            {group}
                          </th>
                        </tr>
                      ) : null}
                      <tr data-position-id={p.id}>
                        <th scope="row" class="c-12">
                          {p.name}
                          {sub ? <div class="sub">{sub}</div> : null}
                        </th>
                        <td class="nowrap c-12" data-label="Period">
                          {fmt.period(first?.startDate, last?.endDate)}
                          {item.allocations.length > 1 ? <div class="sub">{item.allocations.length} periods</div> : null}
                        </td>
                        <td class="right num c-6" data-label="Allocation" data-field="percentage" data-value={allocation?.percentage ?? ''}>
                          {fmt.percent(allocation?.percentage)}
                        </td>
                        <td class="right num c-6" data-label="Rate / h" data-field="rate" data-value={rate?.rate ?? ''}>
                          {fmt.money(rate?.rate, currency)}
                          {item.rates.length > 1 ? <div class="sub">{item.rates.length} rates</div> : null}
                        </td>
                        <FigureCells
                          item={item}
                          currency={currency}
                          toDateLabel={`${revenue ? 'Revenue' : 'Cost'} to date`}
                          explain={(figure, label) => onExplain(api.itemExplainPath('position', p.id, figure, asOf), `${p.name}: ${label}`)}
                        />
                        <RowActions
                          name={p.name}
                          onEdit={() => onEdit(item)}
                          onPayments={() => onPayments(item)}
                          onHistory={() => onHistory('position', p.id, p.name)}
                          onDelete={() => onDelete(item)}
                        />
                      </tr>
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager paging={paging} label={SECTION_TITLES[section]} />
        </>
      )}
    </Card>
  );
}

function ExpenseTable({
  expenses,
  currency,
  folioEnd,
  asOf,
  onEdit,
  onPayments,
  onDelete,
  onAdd,
  onExplain,
  onHistory,
}: {
  expenses: ExpenseItem[];
  currency: string;
  folioEnd: string;
  asOf: string;
  onEdit: (e: Expense) => void;
  onPayments: (e: Expense) => void;
  onDelete: (e: Expense) => void;
  onAdd: () => void;
  onExplain: (path: string, title: string) => void;
  onHistory: (kind: 'position' | 'expense', id: string, name: string) => void;
}) {
  const sorted = useMemo(() => byCategory(expenses), [expenses]);
  const paging = usePaging(sorted, PAGE);
  const visible = paging.visible;
  let lastGroup: string | null = null;
  return (
    <Card
      title={`Expenses and revenues (${fmt.count(expenses.length)})`}
      actions={
        <button type="button" class="btn btn-small" onClick={onAdd}>
          Add an expense
        </button>
      }
    >
      {expenses.length === 0 ? (
        <p class="muted">No expenses yet.</p>
      ) : (
        <>
          <div class="table-scroll" tabIndex={0} role="region" aria-label="Expenses table">
            <table class="table items table-cards" data-section="expenses">
              <caption>
                Expenses grouped by category — amount in the expense's currency; to date and total in {currency} as of {fmt.date(asOf)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Schedule</th>
                  <Col align="right">Amount</Col>
                  <Col align="right">To date</Col>
                  <Col align="right">Total</Col>
                  <Col align="right">Actions</Col>
                </tr>
              </thead>
              <tbody>
                {visible.map((item) => {
                  const e = item.expense;
                  const header = e.category !== lastGroup;
                  lastGroup = e.category;
                  return (
                    <Fragment key={e.id}>
                      {header ? (
                        <tr class="group">
                          <th colSpan={7} scope="colgroup">
                            {e.category.replace('_', ' ')}
                          </th>
                        </tr>
                      ) : null}
                      <tr data-expense-id={e.id}>
                        <th scope="row" class="c-12">
                          {e.name}
                          <div class="sub">{e.type}</div>
                        </th>
                        <td class="c-6" data-label="Kind">
                          {kindLabel(e.kind)}
                          {e.amortized ? <div class="sub">amortized</div> : null}
                        </td>
                        <td class="schedule c-12" data-label="Schedule">
                          {describeRecurrence(e.recurrence, fmt.browserLocale(), folioEnd)}
                        </td>
                        <td class="right num c-6" data-label="Amount" data-field="amount" data-value={e.amount}>
                          {fmt.money(e.amount, e.currencyCode)}
                          {e.currencyCode !== currency && e.convertedAmount != null ? (
                            <div class="sub" data-field="convertedAmount" data-value={e.convertedAmount}>
                              {fmt.money(e.convertedAmount, currency)}
                            </div>
                          ) : null}
                        </td>
                        <FigureCells
                          item={item}
                          currency={currency}
                          explain={(figure, label) => onExplain(api.itemExplainPath('expense', e.id, figure, asOf), `${e.name}: ${label}`)}
                        />
                        <RowActions
                          name={e.name}
                          onEdit={() => onEdit(e)}
                          onPayments={() => onPayments(e)}
                          onHistory={() => onHistory('expense', e.id, e.name)}
                          onDelete={() => onDelete(e)}
                        />
                      </tr>
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager paging={paging} label="Expenses" />
        </>
      )}
    </Card>
  );
}

function PaymentsDialog({
  folioId,
  title,
  positionId,
  expenseId,
  currency,
  onClose,
}: {
  folioId: string;
  title: string;
  positionId?: string | undefined;
  expenseId?: string | undefined;
  currency: string;
  onClose: () => void;
}) {
  const lines = useQuery({
    queryKey: positionId ? keys.positionPayments(folioId, positionId) : keys.expensePayments(folioId, expenseId ?? ''),
    queryFn: ({ signal }): Promise<Payment[]> =>
      positionId ? api.positionPayments(positionId, 'month', signal) : api.expensePayments(expenseId ?? '', signal),
  });
  const isPosition = !!positionId;
  const all = lines.data ?? [];
  const paging = usePaging(all, PAGE);
  return (
    <Dialog title={`Payments of “${title}”`} onClose={onClose} wide>
      {lines.error ? <ErrorBox error={lines.error} onRetry={() => void lines.refetch()} /> : null}
      {!lines.data && !lines.error ? <Loading /> : null}
      {lines.data ? (
        <>
          <div class="table-scroll" tabIndex={0} role="region" aria-label="Payment lines">
            <table class="table">
              <caption>
                {isPosition ? 'Monthly lines, one per rate in force' : 'One line per occurrence inside the folio'} ({currency})
              </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  {isPosition ? (
                    <>
                      <Col align="right">Rate</Col>
                      <Col align="right">Hours</Col>
                      <Col align="right">Overtime hours</Col>
                      <Col align="right">Amount</Col>
                      <Col align="right">Overtime</Col>
                    </>
                  ) : null}
                  <Col align="right">Total</Col>
                </tr>
              </thead>
              <tbody>
                {paging.visible.map((l, i) => (
                  <tr key={`${l.date}-${i}`}>
                    <th scope="row" class="nowrap">
                      {fmt.date(l.date)}
                    </th>
                    {isPosition ? (
                      <>
                        <td class="right num">{fmt.money(l.rate, currency)}</td>
                        <td class="right num">{fmt.hours(l.effort)}</td>
                        <td class="right num">{fmt.hours(l.overtimeEffort)}</td>
                        <td class="right num">{fmt.money(l.amount, currency)}</td>
                        <td class="right num">{fmt.money(l.overtimeAmount, currency)}</td>
                      </>
                    ) : null}
                    <td class="right num" data-value={l.totalAmount ?? l.amount}>
                      {fmt.money(l.totalAmount ?? l.amount, currency)}
                    </td>
                  </tr>
                ))}
                <EmptyRow columns={isPosition ? 7 : 2} when={all.length === 0}>
                  No payment inside the folio.
                </EmptyRow>
              </tbody>
            </table>
          </div>
          <Pager paging={paging} label="Payments" />
        </>
      ) : null}
    </Dialog>
  );
}

export function Costs({ folio, asOf }: FolioProps) {
  // The cost lines first: a page of them is small, the items of a large folio are megabytes, and
  // reading both at once held the lines' first rows back until the items were parsed (378 ms
  // against about 60 on the largest folio: docs/performance.md).
  const [linesRead, setLinesRead] = useState(false);
  const mayEdit = useMayEdit(folio);
  const items = useQuery({
    queryKey: keys.items(folio.id, asOf),
    queryFn: ({ signal }) => loadItems(folio.id, asOf, signal),
    placeholderData: keepFor(folio.id),
    enabled: linesRead,
  });
  const reload = () => void folioChanged(folio.id);
  // No rule to offer when they cannot be read: the editor shows "None" only.
  const rules = useQuery({ queryKey: keys.overtimeRules(), queryFn: ({ signal }): Promise<OvertimeRule[]> => api.overtimeRules(signal).catch(() => []) });
  const [editing, setEditing] = useState<Editing>(null);
  const [explaining, setExplaining] = useState<{ path: string; title: string } | null>(null);
  const [history, setHistory] = useState<{ kind: 'position' | 'expense'; id: string; name: string } | null>(null);
  useShortcut({ keys: 'n', does: 'Costs: add an expense', matches: plain('n'), run: () => setEditing({ type: 'expense' }) });
  useShortcut({ keys: 't', does: 'Costs: add a team member', matches: plain('t'), run: () => setEditing({ type: 'position', initial: 'team' }) });
  const data = items.data;

  const bySection = useMemo(() => {
    const out: Record<Section, PositionItem[]> = { team: [], planned: [], consulting: [] };
    for (const p of data?.positions ?? []) out[p.section].push(p);
    return out;
  }, [data]);

  /** The planned items an actual one may realise (S9.12), from the live items. */
  const planned = useMemo(
    () => ({
      expenses: (data?.expenses ?? [])
        .filter((e) => e.expense.kind === '.PlannedExpense' || e.expense.kind === '.PlannedRevenue')
        .map((e) => ({ id: e.expense.id, name: e.expense.name, kind: e.expense.kind })),
      positions: bySection.planned.map((p) => ({ id: p.position.id, name: p.position.name, revenue: p.position.revenue ?? false })),
    }),
    [data, bySection],
  );

  /** The server's refusals of the items it cannot cost (S5.6), each with the items' names. */
  const uncosted = useMemo(() => {
    const out = new Map<string, string[]>();
    const all = [
      ...(data?.positions ?? []).map((p) => ({ name: p.position.name, refusal: p.refusal, total: p.total, toDate: p.toDate })),
      ...(data?.expenses ?? []).map((e) => ({ name: e.expense.name, refusal: e.refusal, total: e.total, toDate: e.toDate })),
    ];
    for (const item of all) {
      if (item.total != null && item.toDate != null && !item.refusal) continue;
      const message = item.refusal ?? 'The server did not compute this item.';
      out.set(message, [...(out.get(message) ?? []), item.name]);
    }
    return [...out.entries()];
  }, [data]);

  const confirm = useConfirm();
  const remove = async (what: string, action: () => Promise<unknown>) => {
    const yes = await confirm.ask({
      title: `Delete ${what}?`,
      text: 'It will pay nothing from now on; it stays readable by its id, and approved baselines keep it.',
      confirm: 'Delete',
      danger: true,
    });
    if (!yes) return;
    try {
      await action();
      announce(`${what} deleted.`);
      reload();
    } catch (e) {
      announce(e instanceof ApiError ? e.message : String(e), 'error');
    }
  };

  // The lines' card first, the same element whatever the items' state, so that it keeps its
  // grouping and page while they load.
  const lines = <CostLines folio={folio} asOf={asOf} onExplain={(path, title) => setExplaining({ path, title })} onRead={() => setLinesRead(true)} />;
  if (!data)
    return (
      <div class="stack">
        {lines}
        {items.error ? <ErrorBox error={items.error} onRetry={() => void items.refetch()} /> : <Loading label="Loading costs and revenues" />}
      </div>
    );
  const editedItem = editing?.type === 'position' && editing.id ? data.positions.find((p) => p.position.id === editing.id) : undefined;

  return (
    <div class="stack" aria-busy={items.isFetching ? 'true' : undefined}>
      {confirm.element}
      {lines}
      {mayEdit && mode.value !== 'offline' ? (
        <details class="card paste-rows">
          <summary>Paste actual costs from a spreadsheet</summary>
          <ImportActuals folioId={folio.id} currency={folio.currencyCode} paste fixedKind="expenses" />
        </details>
      ) : null}
      {items.error ? <ErrorBox error={items.error} onRetry={() => void items.refetch()} /> : null}
      {uncosted.length ? (
        <div class="alert alert-error" data-refusal>
          <p>
            <strong>
              {fmt.count(uncosted.length)} item{uncosted.length > 1 ? 's' : ''} of this folio cannot be costed, so neither can the folio's indicators and
              forecast:
            </strong>
          </p>
          <ul>
            {uncosted.map(([message, names]) => (
              <li key={message}>
                {names.join(', ')}: <span class="refusal-message">{message}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {(['team', 'planned', 'consulting'] as Section[])
        .filter((s) => s !== 'consulting' || folio.withRevenue || bySection.consulting.length)
        .map((s) => (
          <PositionTable
            key={s}
            section={s}
            items={bySection[s]}
            currency={folio.currencyCode}
            asOf={asOf}
            onAdd={() => setEditing({ type: 'position', initial: s === 'team' ? 'team' : s === 'consulting' ? 'consulting' : 'plannedCost' })}
            onEdit={(item) => setEditing({ type: 'position', id: item.position.id })}
            onPayments={(item) => setEditing({ type: 'payments', title: item.position.name, positionId: item.position.id, currency: folio.currencyCode })}
            onDelete={(item) => void remove(`“${item.position.name}”`, () => api.deletePosition(item.position.id))}
            onExplain={(path, title) => setExplaining({ path, title })}
            onHistory={(kind, id, name) => setHistory({ kind, id, name })}
          />
        ))}
      <ExpenseTable
        expenses={data.expenses}
        currency={folio.currencyCode}
        folioEnd={folio.endDate}
        asOf={asOf}
        onAdd={() => setEditing({ type: 'expense' })}
        onEdit={(e) => setEditing({ type: 'expense', expense: e })}
        onPayments={(e) => setEditing({ type: 'payments', title: e.name, expenseId: e.id, currency: e.currencyCode })}
        onDelete={(e) => void remove(`“${e.name}”`, () => api.deleteExpense(e.id))}
        onExplain={(path, title) => setExplaining({ path, title })}
        onHistory={(kind, id, name) => setHistory({ kind, id, name })}
      />
      {history ? <ItemHistoryDialog folio={folio.id} kind={history.kind} id={history.id} name={`“${history.name}”`} onClose={() => setHistory(null)} /> : null}
      {explaining ? <ExplainDialog path={explaining.path} title={explaining.title} onClose={() => setExplaining(null)} /> : null}
      {editing?.type === 'position' && (!editing.id || editedItem) ? (
        <PositionEditor
          key={editing.id ?? 'new'}
          folio={folio}
          item={editedItem}
          initial={editing.initial}
          rules={rules.data ?? []}
          planned={planned.positions}
          onClose={() => setEditing(null)}
          onSaved={(m) => {
            announce(m);
            setEditing(null);
            reload();
          }}
          onChanged={() => {
            announce('Saved.');
            reload();
          }}
        />
      ) : null}
      {editing?.type === 'expense' ? (
        <ExpenseEditor
          folio={folio}
          expense={editing.expense}
          planned={planned.expenses}
          onClose={() => setEditing(null)}
          onSaved={(m) => {
            announce(m);
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {editing?.type === 'payments' ? (
        <PaymentsDialog
          folioId={folio.id}
          title={editing.title}
          positionId={editing.positionId}
          expenseId={editing.expenseId}
          currency={editing.currency}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

/** A row's Edit, Payments and Delete buttons, each named for the row's item to assistive technology. */
function RowActions({
  name,
  onEdit,
  onPayments,
  onHistory,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onPayments: () => void;
  onHistory: () => void;
  onDelete: () => void;
}) {
  return (
    <td class="c-12">
      <div class="row-actions">
        <button type="button" class="btn btn-small" onClick={onEdit}>
          Edit<span class="sr-only"> {name}</span>
        </button>
        <button type="button" class="btn btn-small" onClick={onPayments}>
          Payments<span class="sr-only"> of {name}</span>
        </button>
        <button type="button" class="btn btn-small" onClick={onHistory}>
          History<span class="sr-only"> of {name}</span>
        </button>
        <button type="button" class="btn btn-small btn-danger" onClick={onDelete}>
          Delete<span class="sr-only"> {name}</span>
        </button>
      </div>
    </td>
  );
}
