// The budgeting interface, `/budgets/1`, one function per endpoint the planner uses.
import { budget, request } from './client';
import { parseRecords } from '../lib/json';
import type {
  Allocation,
  Baseline,
  Expenditures,
  Expense,
  ExpenditureType,
  Folio,
  FolioItemsAnswer,
  FolioSummary,
  Indicators,
  OvertimeRule,
  Payment,
  Portfolio,
  Position,
  Rate,
  Session,
  TimelineBucket,
} from './types';

const q = (params: Record<string, string | boolean | undefined | null>): string => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};

export type Granularity = 'day' | 'week' | 'month';

/** Where a timeline's planned side comes from: absent, the latest baseline of each side (else the
 * draft), as the indicators count it; `draft`; or one baseline's id. */
export type PlanSide = 'draft' | { baseline: string };

export const api = {
  // Session (the host's own paths)
  session: () => request('GET', '/session') as Promise<Session>,
  signIn: (username: string, password: string) => request('POST', '/session', { username, password }) as Promise<Session>,
  signOut: () => request('DELETE', '/session'),

  // Folios
  folios: () => budget<FolioSummary[]>('GET', '/folio'),
  folio: (id: string) => budget<Folio>('GET', `/folio/${id}`),
  createFolio: (body: unknown) => budget<string>('POST', '/folio', body),
  updateFolio: (body: unknown) => budget<Folio>('PUT', '/folio', body),
  deleteFolio: (id: string) => budget<boolean>('DELETE', `/folio/${id}`),
  indicators: (id: string, asOf: string, signal?: AbortSignal, plan?: PlanSide) =>
    budget<Indicators>(
      'GET',
      `/folio/${id}/indicators${q({ asOf, plan: plan === undefined ? undefined : plan === 'draft' ? 'draft' : plan.baseline })}`,
      undefined,
      signal,
    ),
  timeline: (id: string, asOf: string, granularity: Granularity, signal?: AbortSignal, plan?: PlanSide) =>
    budget<TimelineBucket[]>(
      'GET',
      `/folio/${id}/timeline${q({ asOf, granularity, plan: plan === undefined ? undefined : plan === 'draft' ? 'draft' : plan.baseline })}`,
      undefined,
      signal,
    ),
  expenditures: (id: string, actual: boolean, revenue: boolean, baselineId?: string) =>
    budget<Expenditures>('GET', `/folio/${id}/expenditures${q({ baselineId, actual, revenue })}`),
  /** Every live position (with its rates, allocations and hours) and expense, each with its total and to-date money
   * (null, with the item's `refusal`, for an item an uncomputable folio cannot cost). Read with `parseRecords`: the
   * editors send these records back whole (`wireOf`). */
  items: (id: string, asOf: string, signal?: AbortSignal) =>
    budget<FolioItemsAnswer>('GET', `/folio/${id}/items${q({ asOf })}`, undefined, signal, parseRecords),

  /** Every live item's payment lines as CSV, with the columns of `costfolio plan --csv`. */
  folioPaymentsCsvUrl: (id: string, asOf: string) => `/budgets/1/folio/${id}/payments${q({ asOf, format: 'csv' })}`,

  // Baselines
  baselines: (id: string) => budget<Baseline[]>('GET', `/folio/${id}/baselines?costs=true&revenues=true`),
  approveBaseline: (id: string, body: { name: string; description?: string; approvedBy: string; expenditureType: ExpenditureType }) =>
    budget<string>('POST', `/folio/${id}/baseline`, body),
  deleteBaseline: (id: string) => budget<boolean>('DELETE', `/baseline/${id}`),

  // Positions
  position: (id: string) => budget<Position>('GET', `/position/${id}`),
  createPosition: (body: unknown) => budget<string>('POST', '/position', body),
  updatePosition: (body: unknown) => budget<Position>('PUT', '/position', body),
  deletePosition: (id: string) => budget<boolean>('DELETE', `/position/${id}`),
  positionPayments: (id: string, granularity: Granularity = 'month') => budget<Payment[]>('GET', `/position/${id}/payments${q({ granularity })}`),
  addAllocation: (positionId: string, body: unknown) => budget<boolean>('POST', `/position/${positionId}/allocation`, body),
  updateAllocation: (id: string, body: unknown) => budget<boolean>('PUT', `/allocation/${id}`, body),
  deleteAllocation: (id: string) => budget<boolean>('DELETE', `/allocation/${id}`),
  addRate: (positionId: string, body: unknown) => budget<string>('POST', `/position/${positionId}/rate`, body),
  updateRate: (id: string, body: unknown) => budget<Rate>('PUT', `/rate/${id}`, body),
  deleteRate: (id: string) => budget<boolean>('DELETE', `/rate/${id}`),
  overtimeRules: () => budget<OvertimeRule[]>('GET', '/overtimerule'),

  // Expenses
  expense: (id: string) => budget<Expense>('GET', `/expense/${id}`),
  createExpense: (body: unknown) => budget<string>('POST', '/expense', body),
  updateExpense: (body: unknown) => budget<Expense>('PUT', '/expense', body),
  deleteExpense: (id: string) => budget<boolean>('DELETE', `/expense/${id}`),
  expensePayments: (id: string) => budget<Payment[]>('GET', `/expense/${id}/payments`),

  // Portfolios
  portfolios: () => budget<Portfolio[]>('GET', '/portfolio'),
  portfolioIndicators: (id: string, asOf: string) => budget<Indicators>('GET', `/portfolio/${id}/indicators${q({ asOf })}`),
};

export type { Allocation };
