// The bodies of the budgeting document's PUTs of a position and an expense. Such a PUT replaces the
// whole record, so its body starts from the record as the server sent it (every field, with its
// JSON types: `wireOf` of a record `GET /folio/{id}/items` read with `parseRecords`), drops only what
// the server derives or ignores, and carries the editor's changes over it: a field the editor does
// not show (a position's calendars, account, category, custom fields, an expense's labels ...) goes
// back as it came, and an optional field the user cleared is removed, not sent stale.
import { wireOf } from './json';
import type { WholeRecord } from '../api/types';

/**
 * What `PUT /position` derives or ignores (core/src/api/budget/positions.rs, `update`): the
 * reporter (kept, S6.9), the deletion mark, a baseline copy's id, a consulting revenue's billable
 * hours (shown from its hours periods, changed by their own calls) and the creation-only lists.
 */
export const POSITION_DERIVED = ['reporter', 'deletedOn', 'baselineId', 'billableHours', 'moreAllocations', 'moreRates'] as const;

/**
 * What `PUT /expense` derives or ignores (core/src/api/budget/expenses.rs, `put_expense`): the
 * converted amount (S5.3), the reporter (kept, S6.9), the deletion mark and a baseline copy's id.
 */
export const EXPENSE_DERIVED = ['convertedAmount', 'reporter', 'deletedOn', 'baselineId'] as const;

/**
 * The body that replaces `record`: the record as read (`parseRecords`), without `derived`, with
 * `changes` over it; a change to `undefined` removes its key.
 */
export function replacement<T extends object>(record: T, derived: readonly string[], changes: Record<string, unknown>): WholeRecord<T> {
  const body = Object.entries({ ...wireOf(record), ...changes }).filter(([key, value]) => value !== undefined && !derived.includes(key));
  return Object.fromEntries(body);
}
