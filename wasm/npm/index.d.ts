// The costfolio engine's typed functions. The wire types (`wire/budgeting.d.ts`) are generated
// from the service's OpenAPI document, itself built from the engine's own types: a field renamed
// there is renamed here. Every JSON number of an answer is its exact decimal text (a `string`);
// an argument's numbers may be JS numbers or exact `decimal('...')` values.
import type { LosslessNumber } from 'lossless-json';
import type { components } from './wire/budgeting.js';
import type { WireNum } from './wire/wire.js';

/** The schemas of the budgeting interface, as generated. */
export type Schemas = components['schemas'];

/** `T` with every JSON number (`WireNum`) as `N`: through arrays, objects and unions with null. */
export type Numbers<T, N> = T extends WireNum
  ? N
  : T extends readonly (infer E)[]
    ? Numbers<E, N>[]
    : T extends object
      ? { [K in keyof T]: Numbers<T[K], N> }
      : T;

/** An exact decimal as an answer holds it: its text (`"1200.00"`), never a float. */
export type Decimal = string;
/** What the engine answers: every number of schema `T` as its exact decimal text. */
export type Answer<T> = Numbers<T, Decimal>;
/** What the engine takes: every number of schema `T` as a JS number or an exact `decimal(...)`. */
export type Input<T> = Numbers<T, number | LosslessNumber>;

/** A whole folio in one document: the folio, its team, expenses, calendar, rates and scope. */
export type PlanDocument = Input<Schemas['PlanDocument']>;
/** A folio's earned-value indicators at a date. */
export type Indicators = Answer<Schemas['Indicators']>;
/** One period of a folio's timeline. */
export type TimelineBucket = Answer<Schemas['TimelineBucket']>;
/** One payment line of an item. */
export type PaymentLine = Answer<Schemas['ExpensePayment']>;
/** A recurrence, as an expense holds it. */
export type Recurrence = Input<Schemas['Recurrence']>;

/** A folio's figures without its items' lines: what a chart needs. */
export interface PlanSummary {
  indicators: Indicators;
  timeline: TimelineBucket[];
}

/** An item's payment lines, by its id and name. */
export interface ItemPayments {
  id: Decimal;
  name: string;
  lines: PaymentLine[];
}

/** A folio's figures with every item's payment lines. */
export interface PlanResult extends PlanSummary {
  positions: ItemPayments[];
  expenses: ItemPayments[];
}

/** A REST request to the service, as an HTTP server would have read it. */
export interface ServiceRequest {
  method: string;
  /** The path, query included (`/budgets/1/folio/1/indicators?asOf=2026-03-13`). */
  path: string;
  headers?: [string, string][];
  /** The body, JSON text. */
  body?: string;
}

/** What the host knows of a request, which the engine never finds out by itself. */
export interface ServiceContext {
  /** The service's address, for the links of paged answers (`http://127.0.0.1:8080`). */
  baseUrl: string;
  /** The request's time, UTC, `yyyy-MM-ddTHH:mm:ss`. */
  now: string;
  /** Fresh random bytes as hex digits, at least 128 (tokens are drawn from them). */
  random: string;
  /** The user the host verified. */
  user?: string;
  /** Whether that user is a budget administrator. */
  budgetAdmin?: boolean;
  /** Whether the user's credential may only read. */
  readOnly?: boolean;
}

/** The service's answer: status, headers and the body as JSON text. */
export interface ServiceResponse {
  status: number;
  headers: [string, string][];
  body: string;
}

/** The whole REST service, offline, over its records. */
export interface Planner {
  /** Any call of the REST interfaces; a refusal is an answer (400, 404 ...), not an exception. */
  handle(request: ServiceRequest, context: ServiceContext): ServiceResponse;
  /** Folio `folio`'s indicators at `asOf` (`yyyy-MM-dd`). */
  indicators(folio: number, asOf: string): Indicators;
  /** Folio `folio`'s timeline at `asOf`, by `day`, `week` or `month` (the default). */
  timeline(folio: number, asOf: string, granularity?: 'day' | 'week' | 'month'): TimelineBucket[];
  /** The changes made since the last call, as JSON text to keep as it is. */
  takeJournal(): string;
  /** Replays kept journal text that continues this service's sequence. */
  replay(entries: string): void;
  /** The records as a snapshot (JSON text), loadable here or by a costfolio server. */
  snapshot(): string;
  /** Frees the module's memory that this service holds. */
  free(): void;
}

/** The engine's functions. */
export interface Engine {
  /** The version of the engine. */
  version(): string;
  /** A plan document's indicators and monthly timeline (a document may also be its JSON text). */
  planSummary(document: PlanDocument | string): PlanSummary;
  /** A plan document's figures with every item's payment lines. */
  plan(document: PlanDocument | string): PlanResult;
  /** The same as `plan`, as CSV for a spreadsheet. */
  planCsv(document: PlanDocument | string): string;
  /** The days of a recurrence inside `[from, to]` (`yyyy-MM-dd`); `defaultEnd` ends an open series. */
  expandRecurrence(recurrence: Recurrence | string, defaultEnd: string, from: string, to: string): string[];
  /** `a - b`, exact. */
  difference(a: Decimal | LosslessNumber, b: Decimal | LosslessNumber): Decimal;
  /** An empty service, or one loaded from a snapshot. */
  Planner: { new (): Planner; fromSnapshot(snapshot: string): Planner };
}

/** How the engine refuses: an `Error` with the kind of refusal and the field at fault. */
export interface CostfolioError extends Error {
  name: 'CostfolioError';
  kind: 'invalid' | 'notFound' | 'forbidden' | 'conflict' | 'unsupportedMedia' | 'unavailable';
  /** The argument or field at fault (`asOf`, `positions[0].position.rate.rate`), or null. */
  field: string | null;
}

/** The engine, once its module is loaded (in a browser: fetched from `wasm`, else beside this file). */
export function load(wasm?: URL | string | Response | BufferSource | WebAssembly.Module): Promise<Engine>;
/** An exact decimal for an argument: `decimal('1200.00')` is written as `1200.00`. */
export function decimal(text: string): LosslessNumber;
/** Whether `error` is a refusal of the engine. */
export function isCostfolioError(error: unknown): error is CostfolioError;
