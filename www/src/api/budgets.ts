// The budgeting interface, `/budgets/1`, one function per endpoint the planner uses.
import { budget, budgetAddress, budgetPages, call, queryString, request, type BudgetPath } from './client';
import type { components as CoreComponents } from './generated/core';

type CoreSchemas = CoreComponents['schemas'];
import { parseRecords } from './json';
import { withId } from './types';
import type {
  ActualsImportBody,
  Answer,
  Body,
  ImportReport,
  WireNumber,
  AllocationBody,
  Baseline,
  BaselineApprovalBody,
  ExchangeRateBody,
  ExpenseCreateBody,
  FolioCreateBody,
  PositionCreateBody,
  RateBody,
  Schemas,
  SignInBody,
  WholeRecord,
  Expenditures,
  Folio,
  FolioItemsAnswer,
  FolioForecast,
  FolioLines,
  PortfolioForecast,
  LineGrouping,
  LineOrder,
  FolioSummary,
  FolioBudgetChanges,
  Indicators,
  PortfolioBudgetChanges,
  Promoted,
  PromotionBody,
  Scenario,
  ScenarioComparison,
  OvertimeRule,
  OvertimeRuleBody,
  Payment,
  Portfolio,
  Session,
  TimelineBucket,
} from './types';

export type Granularity = 'day' | 'week' | 'month';

type WirePortfolio = Answer<Schemas['Portfolio']>;
type Catalog = Answer<Schemas['CustomFieldCatalog']>;

/** Pages of the portfolio list as one tree: a page's top portfolio whose parent was on an earlier
 * page (its `parentId`) goes under it. */
export function mergeForests(pages: readonly WirePortfolio[][]): WirePortfolio[] {
  const tops: WirePortfolio[] = [];
  const byId = new Map<string, WirePortfolio>();
  const index = (p: WirePortfolio) => {
    if (p.id != null) byId.set(p.id, p);
    p.portfolios.forEach(index);
  };
  for (const page of pages) {
    for (const p of page) {
      const parent = p.parentId != null ? byId.get(p.parentId) : undefined;
      if (parent) parent.portfolios.push(p);
      else tops.push(p);
    }
    page.forEach(index);
  }
  return tops;
}

/** Pages of a folio's custom fields as one catalog. */
export function mergeCatalogs(pages: readonly Catalog[]): Catalog {
  const merged: Catalog = { customFields: {} };
  for (const page of pages) {
    for (const [kind, definitions] of Object.entries(page.customFields)) {
      const key = kind as keyof Catalog['customFields'];
      merged.customFields[key] = [...(merged.customFields[key] ?? []), ...(definitions ?? [])];
    }
  }
  return merged;
}

/** Where a timeline's planned side comes from: absent, the latest baseline of each side (else the
 * draft), as the indicators count it; `draft`; or one baseline's id. */
export type PlanSide = 'draft' | { baseline: string };

/** The records whose history the server keeps apart. */
export type HistoryKind = 'folio' | 'expense' | 'position' | 'portfolio';

/** How many lines a page of an explanation holds. */
export const EXPLAIN_PAGE = 25;

/** How many journal entries a page of a history or an activity holds. */
export const HISTORY_PAGE = 20;

export const api = {
  // Session (the host's own paths)
  session: () => request('GET', '/session') as Promise<Session>,
  signIn: (body: SignInBody) => request('POST', '/session', body) as Promise<Session>,
  signOut: () => request('DELETE', '/session'),

  // Folios
  /** Every folio the caller may read, page after page (S11.8). */
  folios: async (signal?: AbortSignal): Promise<FolioSummary[]> => (await budgetPages<FolioSummary[]>('/folio', signal)).flat(),
  /** A folio's record, read with `parseRecords`: the settings send it back whole (`replacement`). */
  folio: async (id: string, signal?: AbortSignal): Promise<Folio> =>
    withId(await call('GET', '/folio/{id}', { path: { id }, signal, parser: parseRecords }), 'a folio'),
  createFolio: (body: FolioCreateBody) => call('POST', '/folio', { body }),
  /** What updating a folio as `body` would change (S8.7: a dry run, nothing stored): the items whose money moves. */
  previewFolio: async (body: WholeRecord<Schemas['Folio']>) =>
    (await call('PUT', '/folio', { query: { dryRun: true }, body })) as Answer<Schemas['FolioPreview']>,
  /** Replaces a folio's record (its owner, dates, closing date, currency, settings): the stored folio. */
  updateFolio: async (body: WholeRecord<Schemas['Folio']>, reason?: string): Promise<Folio> =>
    withId((await call('PUT', '/folio', { body, ...(reason ? { query: { reason } } : {}) })) as Answer<Schemas['Folio']>, 'a folio'),
  /** Deletes a folio (S5.1: marked deleted, still read by id). */
  deleteFolio: (id: string) => call('DELETE', '/folio/{id}', { path: { id } }),
  /** The users a folio is shared with (read-only viewers, S11.4). */
  viewers: (id: string, signal?: AbortSignal) => call('GET', '/folio/{id}/viewers', { path: { id }, signal }),
  /** Shares a folio with exactly `users` (its owner and budget administrators change it). */
  shareFolio: (id: string, users: string[]) => call('PUT', '/folio/{id}/viewers', { path: { id }, body: { users } }),
  /** The users who change a folio's draft and scenarios besides its owner (S15.8). */
  editors: (id: string, signal?: AbortSignal) => call('GET', '/folio/{id}/editors', { path: { id }, signal }),
  /** Names exactly `users` the folio's editors (its owner and budget administrators change them). */
  setEditors: (id: string, users: string[]) => call('PUT', '/folio/{id}/editors', { path: { id }, body: { users } }),
  // Scenarios (S15): named copies of the draft, compared and promoted
  scenarios: (id: string, signal?: AbortSignal): Promise<Scenario[]> => call('GET', '/folio/{id}/scenarios', { path: { id }, signal }),
  /** Forks a scenario of the draft (`from`: `draft`, `scenario:ID` or `baseline:ID`). */
  forkScenario: (id: string, body: { name: string; description?: string; from?: string }): Promise<Scenario> =>
    call('POST', '/folio/{id}/scenarios', { path: { id }, body }),
  renameScenario: (id: string, scenarioId: string, body: { name: string; description?: string }): Promise<Scenario> =>
    call('PUT', '/folio/{id}/scenarios/{scenarioId}', { path: { id, scenarioId }, body }),
  deleteScenario: (id: string, scenarioId: string) => call('DELETE', '/folio/{id}/scenarios/{scenarioId}', { path: { id, scenarioId } }),
  /** The plans `ids` (`draft` or scenario ids, the first the base) side by side at `asOf`, with their forecasts' P50 and P90. */
  compareScenarios: (id: string, ids: readonly string[], asOf: string, signal?: AbortSignal): Promise<ScenarioComparison> =>
    call('GET', '/folio/{id}/scenarios/compare', { path: { id }, query: { ids: ids.join(','), asOf, forecast: 'true', iterations: '2000' }, signal }),
  /** Makes a scenario the draft, with a reason; optionally approved as a baseline at once (S15.6). */
  promoteScenario: (id: string, scenarioId: string, body: PromotionBody): Promise<Promoted> =>
    call('POST', '/folio/{id}/scenarios/{scenarioId}/promote', { path: { id, scenarioId }, body }),
  /** Every change of the folio's approved budget, with the approved and current budget (S15.7). */
  budgetChanges: (id: string, signal?: AbortSignal): Promise<FolioBudgetChanges> => call('GET', '/folio/{id}/budget-changes', { path: { id }, signal }),
  /** The budget changes of a portfolio's folios. */
  portfolioBudgetChanges: (id: string, signal?: AbortSignal): Promise<PortfolioBudgetChanges> =>
    call('GET', '/portfolio/{id}/budget-changes', { path: { id }, signal }),
  // Custom fields (S7.4): definitions per folio, by the type of record they are for
  customFields: async (id: string, signal?: AbortSignal): Promise<Answer<Schemas['CustomFieldCatalog']>> =>
    mergeCatalogs(await budgetPages<Answer<Schemas['CustomFieldCatalog']>>(`/folio/${id}/customfields`, signal)),
  /** Adds a definition to a folio: its id. */
  addCustomField: (folioId: string, body: CustomFieldBody) => call('POST', '/folio/{id}/customfield', { path: { id: folioId }, body }),
  /** Replaces a definition (its name, options, required; not its style or type). */
  updateCustomField: (body: CustomFieldBody) => call('PUT', '/customfield', { body }),
  /** Deletes a definition (the values records hold are kept and no longer checked). */
  deleteCustomField: (id: string) => call('DELETE', '/customfield/{id}', { path: { id } }),
  /** A folio's closed months (S9.11), each beside its figures computed now. */
  periods: (id: string, signal?: AbortSignal) => call('GET', '/folio/{id}/periods', { path: { id }, signal }),
  /** A portfolio's closed months (S9.11): those every folio running in them closed, rolled up. */
  portfolioPeriods: (id: string, signal?: AbortSignal) => call('GET', '/portfolio/{id}/periods', { path: { id }, signal }),
  /** Closes a month (`yyyy-MM`) of a folio: its month-end figures are kept. */
  closeMonth: (id: string, month: string) => call('POST', '/folio/{id}/periods', { path: { id }, body: { month } }),
  /** A folio's scope items in force on `asOf` (S9.3, S9.10): what its earned value counts then, the day they were measured, and every measurement. */
  scope: (id: string, asOf: string, signal?: AbortSignal) => call('GET', '/folio/{id}/scope', { path: { id }, query: { asOf }, signal }),
  /** Puts a folio's scope items (the whole list) as measured on `asOf` (never a day to come). */
  putScope: (id: string, body: Body<Schemas['ScopeItems']>) => call('PUT', '/folio/{id}/scope', { path: { id }, body }),
  /** The users the service knows whose key or name contains `query` (at most `limit`, 1 to 100). */
  users: (query: string, limit: number, signal?: AbortSignal) => call('GET', '/users', { query: { query, limit: String(limit) }, signal }),
  /** The indicators of the folios `ids` (at most 100) in one request, each its indicators or its refusal. */
  manyIndicators: (ids: readonly string[], asOf: string, signal?: AbortSignal) => call('GET', '/folio/indicators', { query: { asOf, id: ids }, signal }),
  indicators: (id: string, asOf: string, signal?: AbortSignal, plan?: PlanSide): Promise<Indicators> =>
    call('GET', '/folio/{id}/indicators', { path: { id }, query: { asOf, plan: planParam(plan) }, signal }),
  timeline: (id: string, asOf: string, granularity: Granularity, signal?: AbortSignal, plan?: PlanSide): Promise<TimelineBucket[]> =>
    call('GET', '/folio/{id}/timeline', { path: { id }, query: { asOf, granularity, plan: planParam(plan) }, signal }),
  expenditures: async (id: string, actual: boolean, revenue: boolean, baselineId?: string, signal?: AbortSignal): Promise<Expenditures> => {
    const answer = await call('GET', '/folio/{id}/expenditures', { path: { id }, query: { baselineId, actual, revenue }, signal });
    return { positions: answer.positions.map((p) => withId(p, 'a position')), expenses: answer.expenses.map((e) => withId(e, 'an expense')) };
  },
  /** Every live position (with its rates, allocations and hours) and expense, each with its total and to-date money
   * (null, with the item's `refusal`, for an item an uncomputable folio cannot cost). Read with `parseRecords`: the
   * editors send these records back whole (`wireOf`). */
  /** A page of a folio's cost lines at `asOf` grouped by `groupBy`, in `order` (S9.12): `limit` lines after the first `after`, with the groups and the total over every line. */
  lines: (id: string, asOf: string, groupBy: LineGrouping, order: LineOrder, after: number, limit: number, signal?: AbortSignal): Promise<FolioLines> =>
    call('GET', '/folio/{id}/lines', { path: { id }, query: { asOf, groupBy, order, after: String(after), limit: String(limit) }, signal }),
  /** The folio's forecast at `asOf` drawn with `seed` (S14): P10 to P90, the chances, the drivers, the finish, EAC's bounds. */
  confidence: (id: string, asOf: string, seed: number, signal?: AbortSignal): Promise<FolioForecast> =>
    call('GET', '/folio/{id}/forecast', { path: { id }, query: { asOf, seed: String(seed) }, signal }),
  /** A portfolio's forecast at `asOf` (S14.7): its readable folios drawn together, in its currency. */
  portfolioConfidence: (id: string, asOf: string, signal?: AbortSignal): Promise<PortfolioForecast> =>
    call('GET', '/portfolio/{id}/forecast', { path: { id }, query: { asOf }, signal }),
  /** Every cost line as CSV, written by the server (or offline by the core). */
  linesCsvUrl: (id: string, asOf: string, groupBy: LineGrouping, order: LineOrder) =>
    budgetAddress('/folio/{id}/lines', { id }, { asOf, groupBy, order, format: 'csv' }),
  items: (id: string, asOf: string, signal?: AbortSignal): Promise<FolioItemsAnswer> =>
    call('GET', '/folio/{id}/items', { path: { id }, query: { asOf }, signal, parser: parseRecords }),

  /** The folio's workbook at `asOf` (XLSX, written by the server): a link to download. */
  folioWorkbookUrl: (id: string, asOf: string) => budgetAddress('/folio/{id}/export.xlsx', { id }, { asOf }),
  /** A portfolio's workbook at `asOf` (XLSX, written by the server): a link to download. */
  portfolioWorkbookUrl: (id: string, asOf: string) => budgetAddress('/portfolio/{id}/export.xlsx', { id }, { asOf }),
  /** Imports a file of actual costs or worked hours into folio `id`; with `dryRun`, what it would do, nothing written. */
  importActuals: (id: string, body: ActualsImportBody, dryRun: boolean): Promise<ImportReport> =>
    call('POST', '/folio/{id}/import/actuals', { path: { id }, query: { dryRun: String(dryRun) }, body }),
  /** Every live item's payment lines as CSV, with the columns of `costfolio plan --csv`. */
  folioPaymentsCsvUrl: (id: string, asOf: string) => budgetAddress('/folio/{id}/payments', { id }, { asOf, format: 'csv' }),

  // Baselines
  baselines: (id: string, signal?: AbortSignal): Promise<Baseline[]> =>
    call('GET', '/folio/{id}/baselines', { path: { id }, query: { costs: true, revenues: true }, signal }),
  approveBaseline: (id: string, body: BaselineApprovalBody) => call('POST', '/folio/{id}/baseline', { path: { id }, body }),
  deleteBaseline: (id: string) => call('DELETE', '/baseline/{id}', { path: { id } }),

  // Positions
  createPosition: (body: PositionCreateBody) => call('POST', '/position', { body }),
  updatePosition: (body: WholeRecord<Schemas['Position']>) => call('PUT', '/position', { body }),
  deletePosition: (id: string) => call('DELETE', '/position/{id}', { path: { id } }),
  positionPayments: (id: string, granularity: Granularity = 'month', signal?: AbortSignal): Promise<Payment[]> =>
    call('GET', '/position/{id}/payments', { path: { id }, query: { granularity }, signal }),
  addAllocation: (positionId: string, body: AllocationBody) => call('POST', '/position/{id}/allocation', { path: { id: positionId }, body }),
  updateAllocation: (id: string, body: AllocationBody) => call('PUT', '/allocation/{id}', { path: { id }, body }),
  deleteAllocation: (id: string) => call('DELETE', '/allocation/{id}', { path: { id } }),
  addRate: (positionId: string, body: RateBody) => call('POST', '/position/{id}/rate', { path: { id: positionId }, body }),
  updateRate: (id: string, body: RateBody) => call('PUT', '/rate/{id}', { path: { id }, body }),
  deleteRate: (id: string) => call('DELETE', '/rate/{id}', { path: { id } }),
  // Worked hours (team members) and billable hours (consulting revenues): manual overrides (S6.5a)
  /** Adds an hours period to a team member (`worked`) or a consulting revenue (`billable`): its id. */
  addHours: (positionId: string, kind: HoursKind, body: HoursBody) =>
    kind === 'worked'
      ? call('POST', '/position/{id}/workedhours', { path: { id: positionId }, body })
      : call('POST', '/position/{id}/billablehours', { path: { id: positionId }, body }),
  /** Replaces an hours period. */
  updateHours: (id: string, kind: HoursKind, body: HoursBody) =>
    kind === 'worked' ? call('PUT', '/workedhours/{id}', { path: { id }, body }) : call('PUT', '/billablehours/{id}', { path: { id }, body }),
  /** Deletes an hours period (an override: synchronized or planned hours apply again). */
  deleteHours: (id: string, kind: HoursKind) =>
    kind === 'worked' ? call('DELETE', '/workedhours/{id}', { path: { id } }) : call('DELETE', '/billablehours/{id}', { path: { id } }),
  /** Every live item's payment lines by month (hours, overtime, rate, amount), with its total and to-date money. */
  folioPayments: (id: string, asOf: string, signal?: AbortSignal) => call('GET', '/folio/{id}/payments', { path: { id }, query: { asOf }, signal }),
  /** The folio as a plan document (its positions' synchronized hours among the rest). */
  plan: (id: string, signal?: AbortSignal) => call('GET', '/folio/{id}/plan', { path: { id }, signal }),

  // Exchange rates (everyone reads; budget administrators change them)
  exchangeRates: (signal?: AbortSignal) => call('GET', '/exchangerate', { signal }),
  /** Adds the rate of a pair on a date, or changes the one it has on that date. */
  putExchangeRate: (body: ExchangeRateBody) => call('PUT', '/exchangerate', { body }),
  /** Removes one rate; 409 when it is its pair's last and live folios need it (S5.6). */
  deleteExchangeRate: (r: { from: string; to: string; effectiveDate: string }) =>
    call('DELETE', '/exchangerate', { query: { from: r.from, to: r.to, effectiveDate: r.effectiveDate } }),
  overtimeRules: async (signal?: AbortSignal): Promise<OvertimeRule[]> =>
    (await call('GET', '/overtimerule', { signal })).map((r) => withId(r, 'an overtime rule')),
  /** Creates an overtime rule (budget administrators): its id. */
  createOvertimeRule: (body: OvertimeRuleBody) => call('POST', '/overtimerule', { body }),
  /** Replaces a live overtime rule (budget administrators). */
  updateOvertimeRule: (body: OvertimeRuleBody) => call('PUT', '/overtimerule', { body }),
  /** Deletes an overtime rule: positions naming it then cost their overtime as regular hours (S6.6). */
  deleteOvertimeRule: (id: string) => call('DELETE', '/overtimerule/{id}', { path: { id } }),

  // Expenses
  createExpense: (body: ExpenseCreateBody) => call('POST', '/expense', { body }),
  updateExpense: (body: WholeRecord<Schemas['Expense']>) => call('PUT', '/expense', { body }),
  deleteExpense: (id: string) => call('DELETE', '/expense/{id}', { path: { id } }),
  expensePayments: (id: string, signal?: AbortSignal): Promise<Payment[]> => call('GET', '/expense/{id}/payments', { path: { id }, signal }),

  // Explanations: `path` is an explanation's address as the server gives it
  // (`/budgets/1/folio/1/explain?asOf=...&figure=ac`), a page of its lines after `after`.
  explain: (path: string, after?: string, signal?: AbortSignal) =>
    budget<Answer<Schemas['Explanation']>>(
      'GET',
      `${path.replace(/^\/budgets\/1/, '')}${after ? `&after=${after}` : ''}&limit=${EXPLAIN_PAGE}`,
      undefined,
      signal,
    ),
  /** A position's or expense's money (`total` or `toDate`) explanation address. */
  itemExplainPath: (kind: 'position' | 'expense', id: string, figure: 'total' | 'toDate', asOf: string) =>
    explainAddress(kind === 'position' ? '/position/{id}/explain' : '/expense/{id}/explain', { id }, { asOf, figure }),
  /** A portfolio figure's explanation address (S9.9: its members, converted). */
  portfolioExplainPath: (portfolioId: string, figure: string, asOf: string) => explainAddress('/portfolio/{id}/explain', { id: portfolioId }, { asOf, figure }),
  /** A timeline cell's explanation address: `figure` of the bucket of `granularity` starting on `start`. */
  bucketExplainPath: (folioId: string, figure: string, asOf: string, granularity: Granularity, start: string, plan?: string) =>
    explainAddress('/folio/{id}/explain', { id: folioId }, { asOf, granularity, start, figure, plan }),
  /** A folio figure's explanation address. */
  explainPath: (folioId: string, figure: string, asOf: string, plan?: string) => explainAddress('/folio/{id}/explain', { id: folioId }, { asOf, figure, plan }),

  // Histories, from the server's journal: newest first, a page before `before`
  /** A record's changes, field by field. */
  history: (kind: HistoryKind, id: string, before?: string, signal?: AbortSignal) =>
    call('GET', HISTORY_PATHS[kind], { path: { id }, query: { limit: String(HISTORY_PAGE), before }, signal }),
  /** The changes of a folio and of everything in it, each naming its record. */
  activity: (folioId: string, before?: string, signal?: AbortSignal, since?: string) =>
    call('GET', '/folio/{id}/activity', { path: { id: folioId }, query: { limit: String(HISTORY_PAGE), before, since }, signal }),

  // Portfolios
  /** Every portfolio the caller may read as a tree, page after page (S11.8). */
  portfolios: async (signal?: AbortSignal): Promise<Portfolio[]> =>
    mergeForests(await budgetPages<Answer<Schemas['Portfolio']>[]>('/portfolio', signal)).map((p) => withId(p, 'a portfolio')),
  /** Creates a portfolio (owner the caller unless a budget administrator names another): its id. */
  createPortfolio: (body: PortfolioBody) => call('POST', '/portfolio', { body }),
  /** Replaces a portfolio (name, colour, currency, privacy, admins, folios, parent). */
  updatePortfolio: (body: PortfolioBody) => call('PUT', '/portfolio', { body }),
  /** Deletes a portfolio; refused while it holds sub-portfolios. */
  deletePortfolio: (id: string) => call('DELETE', '/portfolio/{id}', { path: { id } }),
  portfolioIndicators: (id: string, asOf: string, signal?: AbortSignal): Promise<Indicators> =>
    call('GET', '/portfolio/{id}/indicators', { path: { id }, query: { asOf }, signal }),
};

/** The history of each kind of record. */
const HISTORY_PATHS = {
  folio: '/folio/{id}/history',
  expense: '/expense/{id}/history',
  position: '/position/{id}/history',
  portfolio: '/portfolio/{id}/history',
} as const satisfies Record<HistoryKind, BudgetPath>;

/** An explanation's address as `api.explain` takes it: without the interface's prefix. */
function explainAddress(template: BudgetPath, ids: Record<string, string>, query: Parameters<typeof budgetAddress>[2]): string {
  return budgetAddress(template, ids, query).replace(/^\/budgets\/1/, '');
}

/** Reads of the core administration interface (`/core/3`) that the planner's session may make:
 * the schemes and saved filters a folio's settings choose from, by name. */
export const core = {
  holidaySchemes: (signal?: AbortSignal) => corePage('/holiday-schemes', signal),
  workloadSchemes: (signal?: AbortSignal) => corePage('/workload-schemes', signal),
  savedFilters: (signal?: AbortSignal) => corePage('/saved-filters', signal),
};

/** A named record of `/core/3` (a holiday or workload scheme, a saved filter) as the planner lists it. */
export type Named = Pick<Answer<CoreSchemas['HolidayScheme'] | CoreSchemas['WorkloadScheme'] | CoreSchemas['SavedFilter']>, 'id' | 'name'>;

/** Every record of a paged `/core/3` list (pages of 1,000 until one comes short). */
async function corePage(path: string, signal?: AbortSignal): Promise<Named[]> {
  const all: Named[] = [];
  for (let offset = 0; ; offset += CORE_PAGE) {
    const page = (await request('GET', `/core/3${path}${queryString({ offset: String(offset), limit: String(CORE_PAGE) })}`, undefined, signal)) as {
      results: Named[];
    };
    for (const r of page.results) all.push({ id: r.id, name: r.name });
    if (page.results.length < CORE_PAGE) return all;
  }
}
const CORE_PAGE = 1000;

/** A custom-field definition as sent (with its id to replace one). */
export type CustomFieldBody = Body<Omit<Schemas['CustomFieldDefinition'], 'deletedOn' | 'options'>> & { options?: (string | WireNumber)[] | null };

/** A portfolio as sent: its folios as the list gave them; `portfolios` empty (the server keeps its sub-portfolios). */
export type PortfolioBody = Body<Schemas['Portfolio']>;

/** Which hours a position has: a team member's worked hours, a consulting revenue's billable hours. */
export type HoursKind = 'worked' | 'billable';
/** An hours period as sent. */
export type HoursBody = Body<Pick<Schemas['HoursPeriod'], 'startDate' | 'endDate' | 'effort' | 'otEffort'>>;

function planParam(plan: PlanSide | undefined): string | undefined {
  return plan === undefined ? undefined : plan === 'draft' ? 'draft' : plan.baseline;
}
