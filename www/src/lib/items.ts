// A folio's items for the costs and revenues screen. The whole draft comes from
// `GET /folio/{id}/plan` when the server has it (every position with its rate history,
// allocations and hours, every expense). Otherwise it is gathered from the documented reads: the
// team (team members with their rates, allocations and worked hours) and the expenditures of each
// side (planned items of the latest baseline covering that side, else the draft; actual items).
import { api } from '../api/budgets';
import { ApiError } from '../api/client';
import { plain } from './json';
import { pool } from './pool';
import type { Allocation, Expense, Folio, HoursPeriod, PlanDocument, Position, Rate } from '../api/types';

export type Section = 'team' | 'planned' | 'consulting';

export interface PositionItem {
  position: Position;
  rates: Rate[];
  allocations: Allocation[];
  hours: HoursPeriod[];
  section: Section;
  /** Whether the rate and allocation history is complete (false: only the first of each is known). */
  complete: boolean;
}

export interface FolioItems {
  positions: PositionItem[];
  expenses: Expense[];
  source: 'plan' | 'reads';
  /** Whether planned items may be a baseline's rather than the draft's (no draft listing). */
  plannedFromBaseline: boolean;
  plan?: PlanDocument;
  /** Each item's to-date and total figures when the server gives them (`p<id>` / `e<id>`). */
  figures?: Map<string, { toDate: string | null; total: string | null }>;
  /** Items the server listed but would not show (read one by one). */
  unreadable?: number;
  /** The plan document as the server wrote it (numbers kept exact), for the wasm core. */
  raw?: unknown;
}

export function sectionOf(p: Position): Section {
  if (p.kind === '.TeamMember') return 'team';
  if (p.kind === '.ConsultingRevenue') return 'consulting';
  return 'planned';
}

const live_ = <T extends { deletedOn?: string | undefined }>(xs: T[] | undefined): T[] => (xs ?? []).filter((x) => !x.deletedOn);
const byStart = <T extends { startDate: string }>(xs: T[]): T[] => [...xs].sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));

let planMissing = false;

export async function loadItems(folio: Folio, asOf: string = folio.endDate): Promise<FolioItems> {
  if (!planMissing) {
    try {
      const raw = await api.planDocument(folio.id);
      return { ...fromPlan(plain(raw) as PlanDocument), raw };
    } catch (e) {
      if (!(e instanceof ApiError) || (e.status !== 404 && e.status !== 405)) throw e;
      // A 404 of an existing folio: the server has no plan document (yet).
      planMissing = true;
    }
  }
  return fromReads(folio, asOf);
}

export function fromPlan(plan: PlanDocument): FolioItems {
  const positions = live_(plan.positions.map((p) => ({ ...p, deletedOn: p.position.deletedOn }))).map((p): PositionItem => {
    const rates = byStart(live_([p.position.rate, ...(p.rates ?? [])]));
    const allocations = byStart(live_([p.position.allocation, ...(p.allocations ?? [])]));
    const hours = byStart(live_([...(p.hours ?? []), ...(p.position.billableHours ?? [])] as (HoursPeriod & { deletedOn?: string })[]));
    return { position: p.position, rates, allocations, hours, section: sectionOf(p.position), complete: true };
  });
  return { positions, expenses: live_(plan.expenses), source: 'plan', plannedFromBaseline: false, plan };
}

async function fromReads(folio: Folio, asOf: string): Promise<FolioItems> {
  const revenue = folio.withRevenue !== false;
  const none = Promise.resolve({ positions: [], expenses: [] });
  const [team, plannedCost, plannedRevenue, actualCost, actualRevenue, baselines, live] = await Promise.all([
    api.team(folio.id),
    api.expenditures(folio.id, false, false),
    revenue ? api.expenditures(folio.id, false, true) : none,
    api.expenditures(folio.id, true, false),
    revenue ? api.expenditures(folio.id, true, true) : none,
    api.baselines(folio.id),
    // The live (draft and actual) items of the folio, by id: what the planned expenditures hide
    // once a baseline exists.
    api.folioPayments(folio.id, asOf).catch(() => null),
  ]);
  const positions: PositionItem[] = [];
  const seen = new Set<string>();
  for (const m of team.members) {
    seen.add(m.id);
    const rates = byStart(live_(m.rates));
    const allocations = byStart(live_(m.allocations));
    const position: Position = { ...m, rate: rates[0] ?? { rate: '0', startDate: folio.startDate }, allocation: allocations[0] ?? { startDate: folio.startDate, endDate: folio.endDate, percentage: '0' } };
    positions.push({ position, rates, allocations, hours: byStart(m.workedHours ?? []), section: 'team', complete: true });
  }
  const baselined = baselines.length > 0;
  const actualPositions = new Map([...actualCost.positions, ...actualRevenue.positions].map((p) => [p.id, p]));
  const plannedPositions = new Map([...plannedCost.positions, ...plannedRevenue.positions].map((p) => [p.id, p]));
  const actualExpenses = new Map([...actualCost.expenses, ...actualRevenue.expenses].map((e) => [e.id, e]));
  const plannedExpenses = new Map([...plannedCost.expenses, ...plannedRevenue.expenses].map((e) => [e.id, e]));
  const positionIds = live ? live.positions.map((p) => p.id) : [...actualPositions.keys(), ...plannedPositions.keys()];
  const expenseIds = live ? live.expenses.map((e) => e.id) : [...actualExpenses.keys(), ...plannedExpenses.keys()];
  // Planned items: the expenditures give the draft until a baseline exists, then the baseline's copy:
  // read those (and any item they do not list) one by one.
  const fetchPositions = positionIds.filter((id) => !seen.has(id) && !actualPositions.has(id) && (baselined || !plannedPositions.has(id)));
  const fetchExpenses = expenseIds.filter((id) => !actualExpenses.has(id) && (baselined || !plannedExpenses.has(id)));
  const [gotPositions, gotExpenses] = await Promise.all([pool(fetchPositions.map((id) => () => api.position(id))), pool(fetchExpenses.map((id) => () => api.expense(id)))]);
  const fetchedPositions = new Map(gotPositions.flatMap((r) => (r.status === 'fulfilled' ? [[r.value.id, r.value] as const] : [])));
  const fetchedExpenses = new Map(gotExpenses.flatMap((r) => (r.status === 'fulfilled' ? [[r.value.id, r.value] as const] : [])));
  for (const id of positionIds) {
    if (seen.has(id)) continue;
    seen.add(id);
    const p = fetchedPositions.get(id) ?? actualPositions.get(id) ?? plannedPositions.get(id);
    if (!p || p.deletedOn) continue;
    positions.push({ position: p, rates: [p.rate], allocations: [p.allocation], hours: p.billableHours ?? [], section: sectionOf(p), complete: false });
  }
  const expenses: Expense[] = [];
  for (const id of new Set(expenseIds)) {
    const e = fetchedExpenses.get(id) ?? actualExpenses.get(id) ?? plannedExpenses.get(id);
    if (e && !e.deletedOn) expenses.push(e);
  }
  // Per-item sums, when the server's payments of the folio carry them (toDate and total at asOf).
  let figures: FolioItems['figures'];
  if (live && [...live.positions, ...live.expenses].some((x) => 'total' in x)) {
    figures = new Map();
    for (const p of live.positions) figures.set(`p${p.id}`, { toDate: p.toDate ?? null, total: p.total ?? null });
    for (const e of live.expenses) figures.set(`e${e.id}`, { toDate: e.toDate ?? null, total: e.total ?? null });
  }
  const missing = fetchPositions.length - fetchedPositions.size + fetchExpenses.length - fetchedExpenses.size;
  return { positions, expenses, source: 'reads', plannedFromBaseline: !live && baselined, unreadable: missing, figures };
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
] as const;

export function isRevenueKind(kind: string): boolean {
  return kind === '.PlannedRevenue' || kind === '.ActualRevenue';
}

export const COST_CATEGORIES = ['OPEX', 'CAPEX', 'FINEX'] as const;
export const REVENUE_CATEGORIES = ['OPERATING', 'NON_OPERATING'] as const;

export function kindLabel(kind: string): string {
  return EXPENSE_KINDS.find((k) => k.value === kind)?.label ?? kind;
}
