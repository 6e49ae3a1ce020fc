// The server's data, cached by key (TanStack Query for Preact): a screen asks for what it shows
// with `useQuery(...)` and one of the keys below; an answer is shared by every screen that shows
// it (the folios list and a folio's overview read the same indicators) and kept while its key's
// next answer loads. After a change, `folioChanged` marks the folio's answers stale: those on
// screen are asked for again.
import { QueryClient, type Query, type QueryExecuteOptions } from '@tanstack/preact-query';
import type { Granularity, HistoryKind, PlanSide } from '../api/budgets';

/**
 * How long an answer asked for as the page starts (`preload`) counts as fresh for the first
 * screen that shows it, which then does not ask again. Only for that screen and that answer: once
 * a screen has shown it (or it was refused), the query is as any other, stale at once.
 */
const PRELOAD_FRESH_MS = 5_000;

/** The queries `preload` asked for and no screen has shown yet, each with its count of answers before. */
const preloaded = new WeakMap<object, number>();

/** 0 (stale at once: a screen shown asks again), but for an answer `preload` asked for. */
function staleTime(query: Query): number {
  const before = preloaded.get(query);
  return before !== undefined && query.state.dataUpdateCount === before + 1 ? PRELOAD_FRESH_MS : 0;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal is an answer, shown at once (an uncomputable folio's 400); the user retries.
      retry: false,
      refetchOnWindowFocus: false,
      // The offline planner answers without a network: never wait for one.
      networkMode: 'always',
      // Answers are kept as parsed: `parseRecords` marks its objects by identity (`wireOf`), so
      // an answer is never merged into the previous one.
      structuralSharing: false,
      staleTime,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

// A screen showing a preloaded answer has taken it: every later screen asks again. (The cache
// tells its listeners as the screen's query is added, before that query decides whether to ask:
// the mark goes once it has decided.)
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'observerAdded' || !preloaded.has(event.query)) return;
  const query = event.query;
  queueMicrotask(() => preloaded.delete(query));
});

const plan = (side: PlanSide | undefined): string => (side === undefined ? 'latest' : side === 'draft' ? 'draft' : `baseline:${side.baseline}`);

/** Every key of the cache. What belongs to one folio starts with `['folio', id]`. */
export const keys = {
  session: () => ['session'] as const,
  folios: () => ['folios'] as const,
  /** The indicators of several folios in one request (the folio list's rows). */
  manyIndicators: (ids: string, asOf: string) => ['folios', 'indicators', asOf, ids] as const,
  folioAll: (id: string) => ['folio', id] as const,
  folio: (id: string) => ['folio', id, 'header'] as const,
  indicators: (id: string, asOf: string, side?: PlanSide) => ['folio', id, 'indicators', asOf, plan(side)] as const,
  timeline: (id: string, asOf: string, granularity: Granularity, side?: PlanSide) => ['folio', id, 'timeline', asOf, granularity, plan(side)] as const,
  /** The forecast's timeline with the indicators it draws (BAC, EAC), from the same as-of date. */
  forecast: (id: string, asOf: string, granularity: Granularity) => ['folio', id, 'forecast', asOf, granularity] as const,
  /** The forecast with its confidence (S14), drawn with a seed. */
  confidence: (id: string, asOf: string, seed: number) => ['folio', id, 'confidence', asOf, seed] as const,
  items: (id: string, asOf: string) => ['folio', id, 'items', asOf] as const,
  lines: (id: string, asOf: string, groupBy: string, order: string, page: number) => ['folio', id, 'lines', asOf, groupBy, order, page] as const,
  baselines: (id: string) => ['folio', id, 'baselines'] as const,
  viewers: (id: string) => ['folio', id, 'viewers'] as const,
  editors: (id: string) => ['folio', id, 'editors'] as const,
  /** A folio's scenarios, and a comparison of some of them (S15). */
  scenarios: (id: string) => ['folio', id, 'scenarios'] as const,
  scenarioComparison: (id: string, ids: string, asOf: string) => ['folio', id, 'scenarios', 'compare', ids, asOf] as const,
  /** A folio's budget changes (S15.7). */
  budgetChanges: (id: string) => ['folio', id, 'budgetChanges'] as const,
  scope: (id: string, asOf: string) => ['folio', id, 'scope', asOf] as const,
  periods: (id: string) => ['folio', id, 'periods'] as const,
  customFields: (id: string) => ['folio', id, 'customFields'] as const,
  payments: (id: string, asOf: string) => ['folio', id, 'payments', 'all', asOf] as const,
  plan: (id: string) => ['folio', id, 'plan'] as const,
  comparison: (id: string, baseline: string, asOf: string) => ['folio', id, 'comparison', baseline, asOf] as const,
  positionPayments: (folio: string, position: string) => ['folio', folio, 'payments', 'position', position] as const,
  expensePayments: (folio: string, expense: string) => ['folio', folio, 'payments', 'expense', expense] as const,
  /** A folio's activity, and one record's history: under the folio, so that a change
   * of it, which invalidates the folio's queries, shows at once. */
  activity: (id: string) => ['folio', id, 'activity'] as const,
  history: (folio: string, kind: HistoryKind, id: string) => ['folio', folio, 'history', kind, id] as const,
  overtimeRules: () => ['overtimeRules'] as const,
  exchangeRates: () => ['exchangeRates'] as const,
  portfolios: () => ['portfolios'] as const,
  portfolioIndicators: (id: string, asOf: string) => ['portfolio', id, 'indicators', asOf] as const,
  /** A portfolio's forecast with its confidence (S14.7). */
  portfolioConfidence: (id: string, asOf: string) => ['portfolio', id, 'confidence', asOf] as const,
  portfolioBudgetChanges: (id: string) => ['portfolio', id, 'budgetChanges'] as const,
};

/**
 * For a query of `owner` (a folio's or a portfolio's id): the answer shown so far stays while the
 * next one loads (another as-of date, period length or baseline), if it was the same owner's.
 */
export function keepFor(owner: string) {
  return <T>(previous: T | undefined, query: { queryKey: readonly unknown[] } | undefined): T | undefined =>
    query?.queryKey[1] === owner ? previous : undefined;
}

/** A folio changed (an item, a baseline, its header): its answers, the list and the rollups are stale. */
export function folioChanged(id: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.folioAll(id) }),
    queryClient.invalidateQueries({ queryKey: keys.folios() }),
    queryClient.invalidateQueries({ queryKey: ['portfolio'] }),
  ]).then(() => undefined);
}

/** The data changed elsewhere (another tab of the offline planner): every answer is stale. */
export function everythingChanged(): Promise<void> {
  return queryClient.invalidateQueries();
}

/**
 * Asks for the answer of `options` now, before the screen that shows it is drawn (the first
 * screen's, as the page starts): that screen's `useQuery` with the same key shows it when it comes,
 * without asking again. A refusal is kept as the screen's own would be (the screen asks again).
 */
export function preload<T, K extends readonly unknown[]>(options: QueryExecuteOptions<T, Error, T, T, K>): Promise<void> {
  const query = queryClient.getQueryCache().build(queryClient, options);
  if (query.state.data !== undefined || query.state.fetchStatus !== 'idle') return Promise.resolve();
  preloaded.set(query, query.state.dataUpdateCount);
  return queryClient.query(options).then(
    () => undefined,
    () => {
      // The refusal stays in the query; its screen asks once more when it shows it.
      preloaded.delete(query);
    },
  );
}
