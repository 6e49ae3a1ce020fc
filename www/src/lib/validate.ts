// What the forms check before anything is sent. The server's message stays the truth: these only
// spare a round trip for the obvious mistakes (letters in an amount, an end before a start, 105 %).
import { compare, isPlainAmount, fractionDigits } from './decimal';
import { isIsoDate } from './format';

export type FieldErrors = Record<string, string>;

export function requireText(errors: FieldErrors, field: string, value: string, label: string): void {
  if (!value.trim()) errors[field] = `${label} is required`;
}

export function checkAmount(errors: FieldErrors, field: string, value: string, label: string, maxDigits?: number): void {
  const v = value.trim();
  if (!v) errors[field] = `${label} is required`;
  else if (!isPlainAmount(v)) errors[field] = `${label} must be a number such as 1200.50 (digits and one decimal point, no letters)`;
  else if (maxDigits !== undefined && fractionDigits(v) > maxDigits)
    errors[field] = `${label} may have at most ${maxDigits} decimal${maxDigits === 1 ? '' : 's'}`;
}

export function checkPercentage(errors: FieldErrors, field: string, value: string, label = 'Percentage', max = '100'): void {
  const v = value.trim();
  if (!v) errors[field] = `${label} is required`;
  else if (!isPlainAmount(v)) errors[field] = `${label} must be a number from 0 to ${max}`;
  else if (compare(v, max) > 0) errors[field] = `${label} must be at most ${max} %, got ${v} %`;
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
