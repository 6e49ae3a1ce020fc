// The planner's types of the wire, derived from the generated ones (generated/budgeting.ts, which
// www/gen-types.mjs writes from docs/openapi.json, which the core builds from its serde types):
// nothing here copies a field by hand. A schema's JSON numbers are `WireNum` markers; the planner
// reads each as its exact text (`Answer`: a `Dec`, api/json.ts) and writes each as a LosslessNumber
// (`Body`). Where an answer promises more than the schema does (a record's id), the refinement is
// checked where the answer is read (`withId`).
import type { LosslessNumber } from 'lossless-json';
import type { Dec } from './json';
import type { components } from './generated/budgeting';
import type { WireNum } from './wire';

/** The schemas of the budgeting interface and the host's routes, as generated. */
export type Schemas = components['schemas'];

/** `T` with every JSON number (`WireNum`) as `N`: through arrays, objects and unions with null. */
export type Numbers<T, N> = T extends WireNum
  ? N
  : T extends readonly (infer E)[]
    ? Numbers<E, N>[]
    : T extends object
      ? { [K in keyof T]: Numbers<T[K], N> }
      : T;

/** What the planner reads: every JSON number of schema `T` as its exact text. */
export type Answer<T> = Numbers<T, Dec>;

/** A JSON number written exactly as its decimal text (`num` in api/json.ts). */
export type WireNumber = LosslessNumber;
/** A planned cost's three-point estimate of its remaining cost (S14.1), factors of its plan. */
export type Estimate = Answer<Schemas['Estimate']>;

/**
 * What the planner writes: every JSON number of schema `T` as a `LosslessNumber`, never a JS
 * number, ids included (`num(folio.id)`, `num('1')`): one rule for every number of a body, so that
 * no amount, rate or percentage can reach the wire through a float. (A JS number would be written
 * the same for a small integer, but the type cannot tell an id from an amount: both are `WireNum`.)
 */
export type Body<T> = Numbers<T, WireNumber>;

/** `Omit` whose keys must be the type's: a field renamed in Rust fails here, not silently. */
type Without<T, K extends keyof T> = Omit<T, K>;

/** An id as read: the exact text of the JSON number. */
export type Id = string;

/**
 * A record as an answer holds it: with its id. The schemas leave `id` optional (`Option` in Rust:
 * one type is also the create body, which has none); an answer's record always has one, which
 * `withId` checks where the answer is read.
 */
export type Stored<T extends { id?: Id | null }> = T & { id: Id };

const hasId = <T extends { id?: Id | null }>(record: T): record is Stored<T> => record.id != null;

/** `record` (the same object) as a `Stored` one; throws when the server sent it without an id. */
export function withId<T extends { id?: Id | null }>(record: T, what: string): Stored<T> {
  if (!hasId(record)) throw new Error(`The server's answer has ${what} without an id`);
  return record;
}

// ---------------------------------------------------------------------------------------------
// Answers.

export type Status = Schemas['IndexStatus'];
export type FolioStatus = Schemas['FolioStatus'];
export type PositionKind = Schemas['PositionKind'];
export type ExpenseKind = Schemas['ExpenseKind'];
export type Category = Schemas['ExpenseCategory'];
export type ExpenditureType = Schemas['ExpenditureType'];

/** An item of `GET /folio`. */
export type FolioSummary = Answer<Schemas['FolioSummary']>;
/** `GET /folio/{id}` (checked by `api.folio`). */
export type Folio = Stored<Answer<Schemas['Folio']>>;
export type Indicators = Answer<Schemas['Indicators']>;
export type TimelineBucket = Answer<Schemas['TimelineBucket']>;
/** An allocation period, a rate, an hours period: their ids stay optional (the editors skip a row without one). */
export type Allocation = Answer<Schemas['Allocation']>;
export type Rate = Answer<Schemas['Rate']>;
export type HoursPeriod = Answer<Schemas['HoursPeriod']>;
/** Custom-field values of a record: a definition's id → its value (any JSON; S7.4). */
export type CustomFields = Answer<Schemas['CustomFields']>;
/** A position as `GET /position/{id}` and `GET /folio/{id}/items` show it (checked by `itemsOf`).
 * `PUT /position` replaces the record: an editor sends every field back (`replacement`). */
export type Position = Stored<Answer<Schemas['Position']>>;
/** An expense (checked by `itemsOf`); `convertedAmount` is absent when no exchange rate converts its payments (S5.6). */
export type Expense = Stored<Answer<Schemas['Expense']>>;
/** A payment line of `GET /position/{id}/payments` and `GET /expense/{id}/payments`. */
export type Payment = Answer<Schemas['ExpensePayment']>;
export type Baseline = Answer<Schemas['Baseline']>;
/** `GET /portfolio` (checked by `api.portfolios`; its sub-portfolios by `flatten` in lib/portfolios.ts). */
export type Portfolio = Stored<Answer<Schemas['Portfolio']>>;
/** `GET /overtimerule` (checked by `api.overtimeRules`). */
export type OvertimeRule = Stored<Answer<Schemas['OvertimeRule']>>;

/** `T` with the records of its lists checked to have ids. */
type StoredLists<T> = { [K in keyof T]: T[K] extends readonly (infer R extends { id?: Id | null })[] ? Stored<R>[] : T[K] };
/** `GET /folio/{id}/expenditures` (checked by `api.expenditures`). */
export type Expenditures = StoredLists<Answer<Schemas['Expenditures']>>;

/** A live position of `GET /folio/{id}/items` with its whole history and its money (folio
 * currency, at asOf, exact; null with its `refusal` when the folio cannot cost it, S5.6). */
export type ItemPosition = Answer<Schemas['PositionItem']>;
/** A live expense of `GET /folio/{id}/items` and its money (null with the server's `refusal`, S5.3). */
export type ItemExpense = Answer<Schemas['ExpenseItem']>;
/** `GET /folio/{id}/items?asOf=`, as read (`itemsOf` checks its records' ids). */
export type FolioItemsAnswer = Answer<Schemas['FolioItems']>;

/** `GET /folio/{id}/forecast?asOf=&seed=` (S14): cost at completion and finish with their confidence. */
export type FolioForecast = Answer<Schemas['FolioForecast']>;
/** `GET /portfolio/{id}/forecast` (S14.7): its folios simulated together. */
export type PortfolioForecast = Answer<Schemas['PortfolioForecast']>;
/** The percentiles and chances of a forecast. */
export type ForecastFigures = Answer<Schemas['ForecastFigures']>;
/** A line that drives the forecast's spread (the tornado). */
export type ForecastDriver = Answer<Schemas['ForecastDriver']>;

/** How cost lines are grouped (`groupBy`). */
export type LineGrouping = Schemas['LineGrouping'];
/** A named scenario of a folio (S15.1): a copy of its draft kept on the server. */
export type Scenario = Answer<Schemas['Scenario']>;
/** The draft and scenarios side by side (S15.5). */
export type ScenarioComparison = Answer<Schemas['ScenarioComparison']>;
/** One plan of a comparison: its figures and how it differs from the first. */
export type ComparedPlan = Answer<Schemas['ComparedPlan']>;
/** One item that differs between two plans. */
export type ItemDifference = Answer<Schemas['ItemDifference']>;
/** What a promotion did (S15.6). */
export type Promoted = Answer<Schemas['Promoted']>;
/** A promotion: its reason, whether to rebase, the baseline to approve at once. */
export type PromotionBody = Body<Schemas['Promotion']>;
/** A change of the approved budget (S15.7). */
export type BudgetChange = Answer<Schemas['BudgetChange']>;
/** A folio's budget changes with its approved and current budget. */
export type FolioBudgetChanges = Answer<Schemas['FolioBudgetChanges']>;
/** The budget changes of a portfolio's folios. */
export type PortfolioBudgetChanges = Answer<Schemas['PortfolioBudgetChanges']>;
/** How cost lines are ordered (`order`): by group, or the largest overrun first. */
export type LineOrder = 'group' | 'variance';
/** `GET /folio/{id}/lines?asOf=&groupBy=` (S9.12): each planned item with what realises it. */
export type FolioLines = Answer<Schemas['FolioLines']>;
/** One cost line of `FolioLines`. */
export type CostLine = Answer<Schemas['CostLineShown']>;
/** The money of a line, a group or the total: the server's exact strings and light. */
export type LineFigures = Answer<Schemas['LineFigures']>;
/** One group of `FolioLines`, with its subtotals. */
export type LineGroup = Answer<Schemas['LineGroup']>;

/** What each row of a file of actuals is: actual expenses or worked hours. */
export type ActualsKind = Schemas['ActualsKind'];
/** Which of a file's columns (by its header's text) holds each field of an import of actuals. */
export type ImportColumns = Schemas['ImportColumns'];
/** The body of `POST /folio/{id}/import/actuals`. */
export type ActualsImportBody = Schemas['ActualsImport'];
/** What an import of actuals does, or with `dryRun` would do, row by row. */
export type ImportReport = Answer<Schemas['ImportReport']>;
/** One row of an import's report. */
export type ImportLine = Answer<Schemas['ImportLine']>;

/**
 * `GET /session` and `POST /session` (the host's): their schemas are written inline in the
 * document's `paths`, which gen-types.mjs does not generate (the components only), so these two
 * are the planner's own, kept to docs/openapi.json's `/session` by hand.
 */
export interface Session {
  user: string;
  budgetAdmin: boolean;
  csrf: string;
  expiresAt: string;
}
export interface SignInBody {
  username: string;
  password: string;
}

// ---------------------------------------------------------------------------------------------
// Request bodies: the schema the operation takes (docs/openapi.json's `requestBody`), less what
// the server assigns (ids, the deletion mark, the reporter, a baseline copy's id, derived money).

/** What the server assigns to every record it stores. */
type Assigned = 'id' | 'deletedOn';

/** `POST /folio`. */
export type FolioCreateBody = Body<Without<Schemas['Folio'], Assigned | 'status'>>;
/** An allocation period as sent (`POST /position/{id}/allocation`, `PUT /allocation/{id}`, a new position's). */
export type AllocationBody = Body<Without<Schemas['Allocation'], Assigned>>;
/** A rate as sent (`POST /position/{id}/rate`, `PUT /rate/{id}`, a new position's). */
export type RateBody = Body<Without<Schemas['Rate'], Assigned>>;
/** `POST /overtimerule` (without `id`) and `PUT /overtimerule` (with it). */
export type OvertimeRuleBody = Body<Without<Schemas['OvertimeRule'], 'deletedOn'>>;
/** `PUT /exchangerate`: a pair's rate from a date. */
export type ExchangeRateBody = Body<Schemas['ExchangeRate']>;
/** `POST /position`: the header, its first period and rate, and the further ones (made whole or not at all). */
export type PositionCreateBody = Body<
  Without<Schemas['Position'], Assigned | 'reporter' | 'baselineId' | 'billableHours' | 'allocation' | 'rate' | 'moreAllocations' | 'moreRates'>
> & {
  allocation: AllocationBody;
  rate: RateBody;
  moreAllocations?: AllocationBody[];
  moreRates?: RateBody[];
};
/** `POST /expense` (its recurrence: `recurrenceBody` of lib/recurrence.ts). */
export type ExpenseCreateBody = Body<Without<Schemas['Expense'], Assigned | 'reporter' | 'baselineId' | 'convertedAmount'>>;
/** `POST /folio/{id}/baseline`. */
export type BaselineApprovalBody = Body<Schemas['Approval']>;

/**
 * The body of a `PUT` that replaces a record of schema `S` (S6.10): the record as the server sent
 * it (`wireOf`: every field with its JSON type, its numbers LosslessNumbers, so `Body<S>` as far as
 * the server answers its schema, which tests/api_doc.rs checks), less what the server derives (all
 * optional in `S`), with the editor's changes (`Changes<S>`) over it: `replacement` in
 * lib/records.ts. A position's body cannot be sent as an expense's: their schemas differ.
 */
export type WholeRecord<S> = Body<S>;

/** An editor's changes to a record of schema `S`: fields of its body; `undefined` removes one. */
export type Changes<S> = { [K in keyof Body<S>]?: Body<S>[K] | undefined };
