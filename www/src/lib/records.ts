// The bodies of the budgeting document's PUTs of a position and an expense. Such a PUT replaces the
// whole record, so its body starts from the record as the server sent it (every field, with its
// JSON types: `wireOf` of a record `GET /folio/{id}/items` read with `parseRecords`), drops only what
// the server derives or ignores, and carries the editor's changes over it: a field the editor does
// not show (a position's calendars, account, category, custom fields, an expense's labels ...) goes
// back as it came, and an optional field the user cleared is removed, not sent stale.
import { wireOf } from '../api/json';
import type { Answer, Changes, Schemas, WholeRecord } from '../api/types';

declare const schemaOf: unique symbol;
/** Fields of a record of schema `S` that its `PUT` derives or ignores (optional ones, all): the
 * list names its schema, so `replacement` knows what kind of record it replaces. */
export type Derived<S> = readonly (keyof S & string)[] & { readonly [schemaOf]?: S };

/**
 * What `PUT /position` derives or ignores (core/src/api/budget/positions.rs, `update`): the
 * reporter (kept, S6.9), the deletion mark, a baseline copy's id, a consulting revenue's billable
 * hours (shown from its hours periods, changed by their own calls) and the creation-only lists.
 */
export const POSITION_DERIVED: Derived<Schemas['Position']> = ['reporter', 'deletedOn', 'baselineId', 'billableHours', 'moreAllocations', 'moreRates'];

/**
 * What `PUT /expense` derives or ignores (core/src/api/budget/expenses.rs, `put_expense`): the
 * converted amount (S5.3), the reporter (kept, S6.9), the deletion mark and a baseline copy's id.
 */
export const EXPENSE_DERIVED: Derived<Schemas['Expense']> = ['convertedAmount', 'reporter', 'deletedOn', 'baselineId'];

/**
 * The body that replaces `record` (a record of schema `S` read by `parseRecords`): the record as
 * read, without `derived`, with `changes` over it; a change to `undefined` removes its key.
 */
export function replacement<S extends object>(record: Answer<S> & object, derived: Derived<S>, changes: Changes<S>): WholeRecord<S> {
  const dropped: readonly string[] = derived;
  const body = Object.entries({ ...wireOf(record), ...changes }).filter(([key, value]) => value !== undefined && !dropped.includes(key));
  // `wireOf` gives the record back with its JSON types: its numbers LosslessNumbers where the
  // answer had numbers, i.e. `Body<S>` for an answer of schema `S` (WholeRecord in api/types.ts).
  return Object.fromEntries(body) as WholeRecord<S>;
}

/**
 * What `PUT /folio` derives or ignores (core/src/usecase/folios.rs, `update_folio`): the status
 * (from the dates and the closing date, S7.1) and the deletion mark.
 */
export const FOLIO_DERIVED: Derived<Schemas['Folio']> = ['status', 'deletedOn'];
