// Each item's cost (or revenue) to date and total, computed by the wasm core from the folio's plan
// document restricted to that one item: no sum is done in JavaScript. Revenue items are costed as
// their cost twin (same atoms), so that the core's to-date and total figures of the cost side apply.
import { parseJson, toJson, type Dec } from './json';
import { loadCore } from './wasm';

export interface ItemFigures {
  toDate: Dec | null;
  total: Dec | null;
}

interface Summary {
  indicators: { bac: Dec | null; plannedCostToDate: Dec | null; ac: Dec | null; eacKnown: Dec | null };
}

type Raw = Record<string, unknown>;
interface RawDoc extends Raw {
  positions?: { position: Raw }[];
  expenses?: Raw[];
}

const planned = (kind: unknown): boolean => kind === undefined || kind === null || kind === '.PlannedPositionByTimeFrame' || kind === '.PlannedExpense' || kind === '.PlannedRevenue';

/** The one-item document of a position or an expense, costed as its cost twin; null when absent. */
export function singleItemDocument(raw: unknown, item: { position: string } | { expense: string }, asOf: string): { doc: RawDoc; planned: boolean } | null {
  const plan = raw as RawDoc;
  if ('position' in item) {
    const p = plan.positions?.find((x) => String(x.position.id) === item.position);
    if (!p) return null;
    const kind = p.position.kind === '.ConsultingRevenue' ? '.TeamMember' : p.position.kind;
    return { doc: { ...plan, asOf, positions: [{ ...p, position: { ...p.position, kind, revenue: false } }], expenses: [] }, planned: planned(p.position.kind) };
  }
  const e = plan.expenses?.find((x) => String(x.id) === item.expense);
  if (!e) return null;
  const kind = e.kind === '.PlannedRevenue' ? '.PlannedExpense' : e.kind === '.ActualRevenue' ? '.ActualExpense' : e.kind;
  const category = kind === e.kind ? e.category : 'OPEX';
  return { doc: { ...plan, asOf, positions: [], expenses: [{ ...e, kind, category }] }, planned: planned(e.kind) };
}

/** Figures of one item at `asOf`, by the wasm core. */
export async function itemFigures(raw: unknown, item: { position: string } | { expense: string }, asOf: string): Promise<ItemFigures> {
  const single = singleItemDocument(raw, item, asOf);
  if (!single) return { toDate: null, total: null };
  const core = await loadCore();
  const out = parseJson(core.planSummary(toJson(single.doc))) as Summary;
  const i = out.indicators;
  return single.planned ? { toDate: i.plannedCostToDate, total: i.bac } : { toDate: i.ac, total: i.eacKnown };
}
