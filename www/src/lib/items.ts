// A folio's items for the costs and revenues screen, from one request:
// `GET /folio/{id}/items?asOf=` gives every live position (as `GET /position/{id}` shows it) with
// its whole rate history, allocation periods and hours, every live expense (with its
// `convertedAmount`), and each item's `total` and `toDate` in the folio's currency, exact.
import { api } from '../api/budgets';
import {
  withId,
  type Allocation,
  type Category,
  type Expense,
  type ExpenseKind,
  type FolioItemsAnswer,
  type HoursPeriod,
  type Position,
  type Rate,
} from '../api/types';
import type { Dec } from '../api/json';

export type Section = 'team' | 'planned' | 'consulting';

export interface PositionItem {
  position: Position;
  /** Every live rate, by effective date. */
  rates: Rate[];
  /** Every live allocation period, by start. */
  allocations: Allocation[];
  hours: HoursPeriod[];
  section: Section;
  /** The server's figures at asOf, in the folio's currency; null when it cannot cost the item (`refusal` says why). */
  total: Dec | null;
  toDate: Dec | null;
  refusal?: string;
}

export interface ExpenseItem {
  expense: Expense;
  total: Dec | null;
  toDate: Dec | null;
  refusal?: string;
}

export interface FolioItems {
  positions: PositionItem[];
  expenses: ExpenseItem[];
}

export function sectionOf(p: Pick<Position, 'kind'>): Section {
  if (p.kind === '.TeamMember') return 'team';
  if (p.kind === '.ConsultingRevenue') return 'consulting';
  return 'planned';
}

const live = <T extends { deletedOn?: string | null | undefined }>(xs: T[] | undefined): T[] => (xs ?? []).filter((x) => !x.deletedOn);
const byStart = <T extends { startDate: string }>(xs: T[]): T[] => [...xs].sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));

/** The answer of `GET /folio/{id}/items` as the screen uses it: histories sorted by date, every
 * position and expense checked to have its id (the editors send it back). */
export function itemsOf(answer: FolioItemsAnswer): FolioItems {
  const positions = (answer.positions ?? [])
    .filter((p) => !p.position.deletedOn)
    .map((p): PositionItem => ({
      position: withId(p.position, 'a position'),
      rates: byStart(live(p.rates)),
      allocations: byStart(live(p.allocations)),
      hours: byStart(p.hours ?? []),
      section: sectionOf(p.position),
      total: p.total ?? null,
      toDate: p.toDate ?? null,
      ...(p.refusal ? { refusal: p.refusal } : {}),
    }));
  const expenses = (answer.expenses ?? [])
    .filter((e) => !e.expense.deletedOn)
    .map((e): ExpenseItem => ({
      expense: withId(e.expense, 'an expense'),
      total: e.total ?? null,
      toDate: e.toDate ?? null,
      ...(e.refusal ? { refusal: e.refusal } : {}),
    }));
  return { positions, expenses };
}

export async function loadItems(folioId: string, asOf: string, signal?: AbortSignal): Promise<FolioItems> {
  return itemsOf(await api.items(folioId, asOf, signal));
}

/** Positions grouped by title, then by name (the order of the tables). */
export function byTitle(items: PositionItem[]): PositionItem[] {
  return [...items].sort(
    (a, b) => a.position.title.localeCompare(b.position.title) || a.position.name.localeCompare(b.position.name) || idOrder(a.position.id, b.position.id),
  );
}

/** Expenses grouped by category, then by name. */
export function byCategory(items: ExpenseItem[]): ExpenseItem[] {
  return [...items].sort(
    (a, b) => a.expense.category.localeCompare(b.expense.category) || a.expense.name.localeCompare(b.expense.name) || idOrder(a.expense.id, b.expense.id),
  );
}

const idOrder = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** The allocation period in force on `day`, else the first. */
export function allocationOn(allocations: Allocation[], day: string): Allocation | undefined {
  return allocations.find((a) => a.startDate <= day && day <= a.endDate) ?? allocations[0];
}

/** The rate in force on `day`: the latest start on or before it; before the first, the first (S6.4). */
export function rateOn(rates: Rate[], day: string): Rate | undefined {
  let found: Rate | undefined;
  for (const r of byStart(rates)) if (r.startDate <= day) found = r;
  return found ?? byStart(rates)[0];
}

export const EXPENSE_KINDS = [
  { value: '.PlannedExpense', label: 'Planned cost' },
  { value: '.ActualExpense', label: 'Actual cost' },
  { value: '.PlannedRevenue', label: 'Planned revenue' },
  { value: '.ActualRevenue', label: 'Actual revenue' },
] as const satisfies readonly { value: ExpenseKind; label: string }[];

export function isRevenueKind(kind: string): boolean {
  return kind === '.PlannedRevenue' || kind === '.ActualRevenue';
}

export const COST_CATEGORIES = ['OPEX', 'CAPEX', 'FINEX'] as const satisfies readonly Category[];
export const REVENUE_CATEGORIES = ['OPERATING', 'NON_OPERATING'] as const satisfies readonly Category[];

/** The expense kind a select's value names (one of `EXPENSE_KINDS`). */
export function expenseKindOf(value: string): ExpenseKind {
  const kind = EXPENSE_KINDS.find((k) => k.value === value);
  if (!kind) throw new Error(`Not an expense kind: ${value}`);
  return kind.value;
}

/** The category a select's value names (one of the cost or revenue categories). */
export function categoryOf(value: string): Category {
  const category = [...COST_CATEGORIES, ...REVENUE_CATEGORIES].find((c) => c === value);
  if (!category) throw new Error(`Not an expense category: ${value}`);
  return category;
}

export function kindLabel(kind: string): string {
  return EXPENSE_KINDS.find((k) => k.value === kind)?.label ?? kind;
}
