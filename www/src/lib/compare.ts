// Comparing a baseline with the draft, item by item: both sides' figures as the server gives them,
// marked different by comparing normalized decimals and strings (no arithmetic).
import type { Expense, Position, TimelineBucket } from '../api/types';
import { sameDecimal } from './decimal';
import { toJson } from '../api/json';

export interface CompareField {
  key: string;
  label: string;
  kind: 'text' | 'money' | 'percent' | 'date' | 'recurrence';
}

export const POSITION_FIELDS: CompareField[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'title', label: 'Title', kind: 'text' },
  { key: 'startDate', label: 'Start', kind: 'date' },
  { key: 'endDate', label: 'End', kind: 'date' },
  { key: 'percentage', label: 'Allocation', kind: 'percent' },
  { key: 'rate', label: 'Rate', kind: 'money' },
];

export const EXPENSE_FIELDS: CompareField[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'kind', label: 'Kind', kind: 'text' },
  { key: 'amount', label: 'Amount', kind: 'money' },
  { key: 'currencyCode', label: 'Currency', kind: 'text' },
  { key: 'recurrence', label: 'Schedule', kind: 'recurrence' },
];

export type Values = Record<string, string | null>;

export function positionValues(p: Position): Values {
  return {
    name: p.name,
    title: p.title,
    startDate: p.allocation?.startDate ?? null,
    endDate: p.allocation?.endDate ?? null,
    percentage: p.allocation?.percentage ?? null,
    rate: p.rate?.rate ?? null,
  };
}

export function expenseValues(e: Expense): Values {
  return {
    name: e.name,
    kind: e.kind,
    amount: e.amount,
    currencyCode: e.currencyCode,
    amortized: String(!!e.amortized),
    recurrence: toJson(canonicalRecurrence(e.recurrence)),
  };
}

function canonicalRecurrence(r: unknown): unknown {
  if (!r || typeof r !== 'object') return r;
  const o = r as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
}

/** Whether one field differs: decimals by value ("50" = "50.00"), everything else as text. */
export function differs(field: CompareField, a: string | null | undefined, b: string | null | undefined): boolean {
  if (field.kind === 'money' || field.kind === 'percent') return !sameDecimal(a ?? null, b ?? null);
  return (a ?? null) !== (b ?? null);
}

export type RowState = 'same' | 'changed' | 'added' | 'removed';

export interface CompareRow {
  key: string;
  label: string;
  group: 'position' | 'expense';
  fields: CompareField[];
  baseline: Values | null;
  draft: Values | null;
  state: RowState;
  changed: string[];
}

export function compareRows(group: 'position' | 'expense', fields: CompareField[], baseline: Map<string, Values>, draft: Map<string, Values>): CompareRow[] {
  const keys = [...new Set([...baseline.keys(), ...draft.keys()])];
  return keys.map((key) => {
    const a = baseline.get(key) ?? null;
    const b = draft.get(key) ?? null;
    const changed = a && b ? fields.filter((f) => differs(f, a[f.key], b[f.key])).map((f) => f.key) : [];
    const state: RowState = !a ? 'added' : !b ? 'removed' : changed.length ? 'changed' : 'same';
    return { key, label: (b ?? a)?.name ?? key, group, fields, baseline: a, draft: b, state, changed };
  });
}

/** One month of the per-month comparison: each side's bucket as the server gave it. */
export interface MonthRow {
  start: string;
  end: string;
  baseline: TimelineBucket | null;
  draft: TimelineBucket | null;
  costChanged: boolean;
  revenueChanged: boolean;
}

/** Pairs a baseline's and the draft's timelines (`timeline?plan=`) by bucket start; a month is
 * changed when its planned cost (or revenue) differs as a normalized decimal. No arithmetic. */
export function compareMonths(baseline: TimelineBucket[], draft: TimelineBucket[]): MonthRow[] {
  const a = new Map(baseline.map((b) => [b.start, b]));
  const b = new Map(draft.map((d) => [d.start, d]));
  const starts = [...new Set([...a.keys(), ...b.keys()])].sort();
  return starts.map((start) => {
    const x = a.get(start) ?? null;
    const y = b.get(start) ?? null;
    return {
      start,
      end: (x ?? y)!.end,
      baseline: x,
      draft: y,
      // A month only one side has is a difference on both counts.
      costChanged: !x || !y || !sameDecimal(x.plannedCost, y.plannedCost),
      revenueChanged: !x || !y || !sameDecimal(x.plannedRevenue, y.plannedRevenue),
    };
  });
}
