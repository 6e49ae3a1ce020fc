// Shapes of the budgeting interface as the planner reads them: every JSON number arrives as its
// exact text (lib/json.ts), so ids, amounts, rates and percentages are all strings here.
import type { Dec } from '../lib/json';

export type Id = string;
export type Status = 'green' | 'amber' | 'red' | 'grey';

export interface Session {
  user: string;
  budgetAdmin: boolean;
  csrf: string;
  expiresAt: string;
}

export interface FolioSummary {
  id: Id;
  name: string;
  startDate: string;
  endDate: string;
  owner: string;
  status: string;
  closedDate?: string | null;
  withRevenue?: boolean;
  withEarned?: boolean;
}

export interface Folio extends FolioSummary {
  description: string;
  currencyCode: string;
  reserve: Dec;
  contingency: Dec;
  tolerance: Dec;
  hoursPerDay: Dec | null;
  revenuesAsClientCosts: boolean;
  usesUserRates: boolean;
  isSynchronizedWithWorkLogs: boolean;
  isSynchronizedWithServiceBilledHours: boolean;
  savedFilterId: Id;
  holidaySchemeId: Id;
  workloadSchemeId: Id;
  deletedOn?: string;
  [extra: string]: unknown;
}

export interface Indicators {
  bac: Dec | null;
  pv: Dec | null;
  ev: Dec | null;
  ac: Dec | null;
  cv: Dec | null;
  sv: Dec | null;
  cpi: Dec | null;
  spi: Dec | null;
  cvPercent: Dec | null;
  svPercent: Dec | null;
  eac: Dec | null;
  etc: Dec | null;
  vac: Dec | null;
  tcpi: Dec | null;
  cpiStatus: Status;
  spiStatus: Status;
  revenueStatus: Status;
  marginStatus: Status;
  reserve: Dec | null;
  contingency: Dec | null;
  contingencyToDate: Dec | null;
  plannedCostToDate: Dec | null;
  eacKnown: Dec | null;
  plannedRevenue: Dec | null;
  plannedRevenueToDate: Dec | null;
  actualRevenue: Dec | null;
  profit: Dec | null;
  margin: Dec | null;
  status?: string;
  currencyCode: string;
}

export interface TimelineBucket {
  start: string;
  end: string;
  plannedCost: Dec;
  actualCost: Dec;
  plannedRevenue: Dec | null;
  actualRevenue: Dec | null;
  contingency: Dec;
  pv: Dec | null;
  ev: Dec | null;
  ac: Dec;
}

export interface Allocation {
  id?: Id;
  startDate: string;
  endDate: string;
  percentage: Dec;
  deletedOn?: string;
}

export interface Rate {
  id?: Id;
  rate: Dec;
  startDate: string;
  deletedOn?: string;
}

export interface HoursPeriod {
  id?: Id;
  startDate: string;
  endDate: string;
  effort: Dec;
  otEffort: Dec;
  reporter?: string;
}

export type PositionKind = '.PlannedPositionByTimeFrame' | '.TeamMember' | '.ConsultingRevenue';

/** Custom-field values of a record: a definition's id → its value (any JSON; S7.4). */
export interface CustomFields {
  values: Record<string, unknown>;
}

/** A position as `GET /position/{id}` (and `GET /folio/{id}/items`) shows it. `PUT /position`
 * replaces the record: an editor sends every field back (`wireOf`), changing only its own. */
export interface Position {
  id: Id;
  folioId: Id;
  name: string;
  description: string;
  title: string;
  teamRoleId?: Id;
  kind?: PositionKind;
  category?: string;
  accountKey?: string;
  revenue?: boolean;
  member?: string;
  reporter?: string;
  baselineId?: Id;
  holidaySchemeId?: Id;
  workloadSchemeId?: Id;
  synchedWithTracker?: boolean;
  teamMemberId?: Id;
  teamId?: Id;
  userRates?: boolean;
  otRuleId?: Id;
  deletedOn?: string;
  customFields?: CustomFields;
  rate: Rate;
  allocation: Allocation;
  billableHours?: HoursPeriod[];
}

export type ExpenseKind = '.PlannedExpense' | '.ActualExpense' | '.PlannedRevenue' | '.ActualRevenue';
export type Category = 'OPEX' | 'CAPEX' | 'FINEX' | 'OPERATING' | 'NON_OPERATING';

export interface Expense {
  id: Id;
  folioId: Id;
  name: string;
  description: string;
  type: string;
  category: Category;
  kind: ExpenseKind;
  amount: Dec;
  /** The sum of its payments in the folio's currency; absent when no exchange rate converts them (S5.6). */
  convertedAmount?: Dec;
  currencyCode: string;
  amortized?: boolean;
  /** Kept as given (any JSON values). */
  labels?: unknown[];
  /** Who created it (set by the server, S6.9). */
  reporter?: string;
  baselineId?: Id;
  deletedOn?: string;
  customFields?: CustomFields;
  recurrence: import('../lib/recurrence').Recurrence;
}

export interface Payment {
  date: string;
  amount: Dec;
  totalAmount?: Dec;
  overtimeAmount?: Dec;
  rate?: Dec;
  effort?: Dec;
  overtimeEffort?: Dec;
  totalEffort?: Dec;
}

export interface Expenditures {
  positions: Position[];
  expenses: Expense[];
}

export type ExpenditureType = 'BUDGET' | 'PLANNED' | 'REVENUE' | 'ACTUAL';

export interface Baseline {
  id: Id;
  folioId: Id;
  name: string;
  approvedBy: string;
  created: string;
  expenditureType: ExpenditureType;
  description?: string;
}

export interface Portfolio {
  id: Id;
  name: string;
  currencyCode: string;
  isPrivate: boolean;
  owner: string;
  color: string;
  admins: string[];
  folios: FolioSummary[];
  portfolios: unknown[];
  description?: string;
  parentId?: Id;
}

export interface OvertimeRule {
  id: Id;
  name: string;
  regularHours: Dec;
  frequency: string;
  coefficient: Dec;
}

/** A live position of `GET /folio/{id}/items`: as `GET /position/{id}` shows it, with its whole
 * history and its money (folio currency, at asOf, exact). */
export interface ItemPosition {
  position: Position;
  rates: Rate[];
  allocations: Allocation[];
  /** Worked hours of a team member, billable hours of a consulting revenue. */
  hours: HoursPeriod[];
  /** Null when the folio cannot cost the item (S5.6: an older journal left an expense without an exchange rate); `refusal` says why. */
  total: Dec | null;
  toDate: Dec | null;
  refusal?: string;
}

/** A live expense of `GET /folio/{id}/items` (with its `convertedAmount`, absent when it cannot be converted) and its money. */
export interface ItemExpense {
  expense: Expense;
  total: Dec | null;
  toDate: Dec | null;
  /** Why `total` and `toDate` are null: the server's refusal (S5.3), e.g. "No exchange rate from GBP to EUR ...". */
  refusal?: string;
}

/** `GET /folio/{id}/items?asOf=`: every live item of a folio with its money, in one answer. */
export interface FolioItemsAnswer {
  positions: ItemPosition[];
  expenses: ItemExpense[];
}

// ---------------------------------------------------------------------------------------------
// Request bodies. A number is written from its decimal text (`num`: a `LosslessNumber`), never a
// float; an id the planner read as text goes back as a number too.

/** A JSON number written exactly as its decimal text. */
export type WireNumber = import('lossless-json').LosslessNumber;

export interface SignInBody {
  username: string;
  password: string;
}

/** `POST /folio`. */
export interface FolioCreateBody {
  name: string;
  description: string;
  owner: string;
  startDate: string;
  endDate: string;
  closedDate: null;
  currencyCode: string;
  reserve: WireNumber;
  contingency: WireNumber;
  tolerance: WireNumber;
  hoursPerDay: null;
  withRevenue: boolean;
  withEarned: boolean;
  revenuesAsClientCosts: boolean;
  usesUserRates: boolean;
  isSynchronizedWithWorkLogs: boolean;
  isSynchronizedWithServiceBilledHours: boolean;
  savedFilterId: number;
  holidaySchemeId: number;
  workloadSchemeId: number;
}

/** An allocation period as sent: its whole row. */
export interface AllocationBody {
  startDate: string;
  endDate: string;
  percentage: WireNumber;
}

/** A rate as sent: its whole row. */
export interface RateBody {
  rate: WireNumber;
  startDate: string;
}

/** `POST /position`: the header, its first period and rate, and the further ones (made whole or not at all). */
export interface PositionCreateBody {
  folioId: WireNumber;
  name: string;
  title: string;
  description: string;
  kind: PositionKind;
  member?: string;
  revenue?: boolean;
  otRuleId?: WireNumber;
  allocation: AllocationBody;
  rate: RateBody;
  moreAllocations?: AllocationBody[];
  moreRates?: RateBody[];
}

/** `POST /expense`. */
export interface ExpenseCreateBody {
  folioId: WireNumber;
  name: string;
  type: string;
  description: string;
  kind: string;
  category: string;
  amount: WireNumber;
  currencyCode: string;
  amortized: boolean;
  recurrence: import('../lib/recurrence').Recurrence;
}

/** `POST /folio/{id}/baseline`. */
export interface BaselineApprovalBody {
  name: string;
  description?: string;
  approvedBy: string;
  expenditureType: ExpenditureType;
}

declare const wholeRecordOf: unique symbol;
/**
 * The body of a `PUT` that replaces a record `T` (S6.10): the record as the server sent it, every
 * field with its JSON type (`wireOf`), less what the server derives, with the editor's changes over
 * it (`replacement` in lib/records.ts). Its fields are the server's, whatever they are; the brand
 * keeps an expense's body from being sent as a position's.
 */
export type WholeRecord<T> = Record<string, unknown> & { readonly [wholeRecordOf]?: T };
