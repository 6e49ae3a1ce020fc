// What the forms check before anything is sent. The server's message stays the truth: these only
// spare a round trip for the obvious mistakes (letters in an amount, an end before a start, 105 %).
import { compare, fractionDigits } from './decimal';
import { isIsoDate } from './format';
import { readNumber } from './numbers';

export type FieldErrors = Record<string, string>;

export function requireText(errors: FieldErrors, field: string, value: string, label: string): void {
  if (!value.trim()) errors[field] = `${label} is required`;
}

/** The largest amount the server takes (docs/security.md): 10^15. */
const MAX_AMOUNT = '1000000000000000';

/** A number typed in the browser's locale ("2,500.00" in English, "2.500,00" in German), 0 or
 * more, at most `maxDigits` decimals and 10^15; the message says what was understood. The value
 * read is `readNumber`'s, which the body is written from (`typed`). */
export function checkAmount(errors: FieldErrors, field: string, value: string, label: string, maxDigits?: number): void {
  const v = value.trim();
  if (!v) {
    errors[field] = `${label} is required`;
    return;
  }
  const read = readNumber(v);
  if (!read.ok) errors[field] = `${label}: ${read.message}`;
  else if (read.negative) errors[field] = `${label} must be 0 or more, got ${v}`;
  else if (maxDigits !== undefined && fractionDigits(read.text) > maxDigits)
    errors[field] = `${label} may have at most ${maxDigits} decimal${maxDigits === 1 ? '' : 's'}, got ${v}`;
  else if (compare(read.text, MAX_AMOUNT) > 0) errors[field] = `${label} must be at most 1,000,000,000,000,000, got ${v}`;
}

/** A percentage typed in the browser's locale, from 0 to `max`. */
export function checkPercentage(errors: FieldErrors, field: string, value: string, label = 'Percentage', max = '100'): void {
  const v = value.trim();
  if (!v) {
    errors[field] = `${label} is required`;
    return;
  }
  const read = readNumber(v);
  if (!read.ok) errors[field] = `${label}: ${read.message}`;
  else if (read.negative) errors[field] = `${label} must be from 0 to ${max} %, got ${v}`;
  else if (compare(read.text, max) > 0) errors[field] = `${label} must be at most ${max} %, got ${v} %`;
}

export function checkDate(errors: FieldErrors, field: string, value: string, label: string, required = true): void {
  if (!value) {
    if (required) errors[field] = `${label} is required`;
  } else if (!isIsoDate(value)) errors[field] = `${label} must be a date (yyyy-MM-dd)`;
}

/** A period's end before its start: the message goes to the end field, as the server's does. */
export function checkPeriod(errors: FieldErrors, startField: string, endField: string, start: string, end: string): void {
  checkDate(errors, startField, start, 'Start date');
  checkDate(errors, endField, end, 'End date');
  if (!errors[startField] && !errors[endField] && end < start) errors[endField] = `The end date (${end}) must not be before the start date (${start})`;
}

export function checkCurrency(errors: FieldErrors, field: string, value: string): void {
  if (!/^[A-Z]{3}$/.test(value.trim())) errors[field] = 'Currency must be an ISO 4217 code of three capital letters, e.g. EUR';
}

export function checkWholeNumber(errors: FieldErrors, field: string, value: string, label: string, min = 1): void {
  const v = value.trim();
  if (!/^\d+$/.test(v) || Number(v) < min) errors[field] = `${label} must be a whole number of ${min} or more`;
}
