// Checks of rates and allocation periods before they are sent (the server's refusal stays the truth).
import { checkAmount, checkDate, checkPercentage, checkPeriod, type FieldErrors } from './validate';

export interface AllocationValues {
  startDate: string;
  endDate: string;
  percentage: string;
}
export interface RateValues {
  rate: string;
  startDate: string;
}

/** Whether two inclusive periods share a day (civil dates compare as strings). */
export function overlaps(a: { startDate: string; endDate: string }, b: { startDate: string; endDate: string }): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}

export function checkAllocation(v: AllocationValues, others: AllocationValues[] = []): FieldErrors {
  const errors: FieldErrors = {};
  checkPeriod(errors, 'startDate', 'endDate', v.startDate, v.endDate);
  checkPercentage(errors, 'percentage', v.percentage);
  if (!errors.startDate && !errors.endDate) {
    const clash = others.find((o) => o.startDate && o.endDate && overlaps(v, o));
    if (clash) errors.startDate = `Overlaps the period ${clash.startDate} – ${clash.endDate}`;
  }
  return errors;
}

export function checkRate(v: RateValues, others: RateValues[] = []): FieldErrors {
  const errors: FieldErrors = {};
  checkAmount(errors, 'rate', v.rate, 'Rate', 4);
  checkDate(errors, 'startDate', v.startDate, 'Effective date');
  if (!errors.startDate && others.some((o) => o.startDate === v.startDate)) errors.startDate = `A rate already starts on ${v.startDate}`;
  return errors;
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
