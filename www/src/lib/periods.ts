// Checks of an allocation period or a rate before it is sent. The form checks what is its own
// (a field left empty, a date not written yyyy-MM-dd, letters in a number); the rules (an end
// before the start, more than 100 %, at most 4 decimals in a rate, S6.2's overlapping periods and
// S6.4's two rates on one date) are the core's, asked of the wasm package (`checkAllocation`,
// `checkRate`, wasm/src/periods.rs), which answers as the server would. The server's refusal stays
// the truth.
import type { Allocation, PositionKind, Rate } from '../api/types';
import { localRefusal, type Refusal } from '../api/errors';
import { parseJson, toJson, wireOf } from '../api/json';
import { checkAmount, checkDate, type FieldErrors } from './validate';
import { typed } from './numbers';
import { loadCore } from '../api/wasm';

export interface AllocationValues {
  startDate: string;
  endDate: string;
  percentage: string;
}
export interface RateValues {
  rate: string;
  startDate: string;
}

/** The form's own checks of a period: filled in, dates as dates, a number. */
function allocationForm(v: AllocationValues): FieldErrors {
  const errors: FieldErrors = {};
  checkDate(errors, 'startDate', v.startDate, 'Start date');
  checkDate(errors, 'endDate', v.endDate, 'End date');
  // At most 100 % is the core's rule, asked below: here a number, 0 or more.
  checkAmount(errors, 'percentage', v.percentage, 'Percentage');
  return errors;
}

/** The form's own checks of a rate: filled in, a number, a date. */
function rateForm(v: RateValues): FieldErrors {
  const errors: FieldErrors = {};
  checkAmount(errors, 'rate', v.rate, 'Rate');
  checkDate(errors, 'startDate', v.startDate, 'Effective date');
  return errors;
}

const allocationBody = (v: AllocationValues) => ({ startDate: v.startDate, endDate: v.endDate, percentage: typed(v.percentage) });
const rateBody = (v: RateValues) => ({ rate: typed(v.rate), startDate: v.startDate });

/** The records the server sent (read by `parseRecords`), and rows of the form that may be sent, as JSON. */
function existingJson<T extends object, V>(
  records: readonly (T | V)[],
  valid: (v: V) => boolean,
  body: (v: V) => object,
  isRecord: (x: T | V) => x is T,
): string {
  const wire = records.flatMap((r) => (isRecord(r) ? [wireOf(r)] : valid(r) ? [body(r)] : []));
  return toJson(wire);
}

/** The core's answer: a refusal at its field (or at the form's top), or null. */
function refusalOf(answer: string | undefined): Refusal | null {
  if (answer === undefined) return null;
  const { field, message } = parseJson(answer) as { field?: string; message: string };
  return field ? localRefusal({ [field]: message }) : localRefusal({}, [message]);
}

const isAllocationRecord = (x: Allocation | AllocationValues): x is Allocation => 'id' in x;
const isRateRecord = (x: Rate | RateValues): x is Rate => 'id' in x;

/**
 * Checks period `v` of a position of `kind` against the position's other periods (`existing`:
 * the records the server sent, or the rows of a position being created), `replacing` the id of the
 * period it changes. Null when it may be sent.
 */
export async function checkAllocation(
  kind: PositionKind,
  v: AllocationValues,
  existing: readonly (Allocation | AllocationValues)[] = [],
  replacing?: string,
): Promise<Refusal | null> {
  const form = allocationForm(v);
  if (Object.keys(form).length) return localRefusal(form);
  const core = await loadCore();
  const others = existingJson(existing, (o) => Object.keys(allocationForm(o)).length === 0, allocationBody, isAllocationRecord);
  return refusalOf(core.checkAllocation(kind, others, toJson(allocationBody(v)), replacing ?? ''));
}

/** Checks rate `v` against the position's other rates (`existing`), `replacing` the id of the rate it changes. */
export async function checkRate(v: RateValues, existing: readonly (Rate | RateValues)[] = [], replacing?: string): Promise<Refusal | null> {
  const form = rateForm(v);
  if (Object.keys(form).length) return localRefusal(form);
  const core = await loadCore();
  const others = existingJson(existing, (o) => Object.keys(rateForm(o)).length === 0, rateBody, isRateRecord);
  return refusalOf(core.checkRate(others, toJson(rateBody(v)), replacing ?? ''));
}

/** Prefixes a row's messages: `startDate` of row 1 of allocations is `allocations.1.startDate`. */
export function prefixed(errors: FieldErrors, prefix: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) out[`${prefix}.${k}`] = v;
  return out;
}

/**
 * The server's field names of a refused creation, as the editor's rows name them: the first period
 * and rate are `allocation`'s and `rate`'s fields (or bare), the further ones
 * `moreAllocations[i]` and `moreRates[i]`, which are the rows after the first.
 */
export function createFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const more = /^(moreAllocations|moreRates)\[(\d+)\]\.(\w+)$/.exec(key);
    if (more) {
      const row = Number(more[2]) + 1;
      out[`${more[1] === 'moreAllocations' ? 'allocations' : 'rates'}.${row}.${more[3]}`] = message;
    } else if (['startDate', 'endDate', 'percentage'].includes(key)) {
      out[`allocations.0.${key}`] = message;
    } else if (key === 'rate' || key === 'wage') {
      out['rates.0.rate'] = message;
    } else {
      out[key] = message;
    }
  }
  return out;
}
