// Every figure is formatted with Intl from the server's exact decimal string: Intl.NumberFormat
// formats a string argument as an exact decimal (no float), and the number of fraction digits
// shown is never fewer than the string has, so nothing is rounded away.
import type { Dec } from '../api/json';
import { fractionDigits, isDecimal } from './decimal';

export const NONE = '—';

// The browser's locale, read once (reading `navigator.language` for every figure of a long table
// shows in profiles) and again when the browser says it changed.
let locale: string | null = null;
if (typeof addEventListener === 'function') addEventListener('languagechange', () => (locale = null));

export function browserLocale(): string {
  if (locale == null) locale = typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en-US';
  return locale;
}

const cache = new Map<string, Intl.NumberFormat>();

/** A formatter per locale and options; `key` names the options when the caller has a cheap name. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions, key = JSON.stringify(options)): Intl.NumberFormat {
  const k = locale + key;
  let f = cache.get(k);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(k, f);
  }
  return f;
}

const minorUnits = new Map<string, number>();

/** The minor units of a currency as Intl knows them (ISO 4217: EUR 2, JPY 0, KWD 3). */
export function currencyDigits(currency: string, locale = 'en-US'): number {
  const k = `${locale}|${currency}`;
  let digits = minorUnits.get(k);
  if (digits == null) {
    try {
      digits = new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    minorUnits.set(k, digits);
  }
  return digits;
}

function exact(f: Intl.NumberFormat, value: Dec): string {
  // Intl.NumberFormat v3: a string is formatted exactly, as a decimal.
  return f.format(value as unknown as number);
}

/** A money figure in `currency`, all of its digits kept. */
export function money(value: Dec | null | undefined, currency: string, locale = browserLocale()): string {
  if (value == null || value === '') return NONE;
  if (!isDecimal(value)) return value;
  const minor = currencyDigits(currency, locale);
  const digits = Math.min(20, Math.max(minor, fractionDigits(value)));
  try {
    return exact(
      numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: minor, maximumFractionDigits: digits }, `|c|${currency}|${minor}|${digits}`),
      value,
    );
  } catch {
    return `${decimal(value, locale)} ${currency}`;
  }
}

/** A plain decimal (ratios such as CPI, rates, percentages), exactly the digits given. */
export function decimal(value: Dec | null | undefined, locale = browserLocale()): string {
  if (value == null || value === '') return NONE;
  if (!isDecimal(value)) return value;
  const digits = Math.min(20, fractionDigits(value));
  return exact(numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }, `|d|${digits}`), value);
}

/** A figure that already is a percentage ("24.63" is 24.63 %): formatted as a unit, not multiplied. */
export function percent(value: Dec | null | undefined, locale = browserLocale()): string {
  if (value == null || value === '') return NONE;
  if (!isDecimal(value)) return value;
  const digits = Math.min(20, fractionDigits(value));
  return exact(numberFormat(locale, { style: 'unit', unit: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }), value);
}

/** Hours, e.g. "45.5 hr". */
export function hours(value: Dec | null | undefined, locale = browserLocale()): string {
  if (value == null || value === '') return NONE;
  if (!isDecimal(value)) return value;
  const digits = Math.min(20, fractionDigits(value));
  return exact(
    numberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'short', minimumFractionDigits: digits, maximumFractionDigits: digits }),
    value,
  );
}

/** A count (rows, occurrences). */
export function count(value: number, locale = browserLocale()): string {
  return numberFormat(locale, {}).format(value);
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC instant of midnight of a civil date `yyyy-MM-dd` (dates have no time zone). */
export function dateToUtc(iso: string): number {
  const m = ISO.exec(iso);
  if (!m) return NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

const dateCache = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions, name = JSON.stringify(options)): Intl.DateTimeFormat {
  const key = locale + name;
  let f = dateCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dateCache.set(key, f);
  }
  return f;
}

/** A civil date, e.g. "28 Feb 2027" (medium style of the locale). */
export function date(iso: string | null | undefined, locale = browserLocale()): string {
  if (!iso) return NONE;
  const t = dateToUtc(iso);
  if (Number.isNaN(t)) return iso;
  return dateFormat(locale, { dateStyle: 'medium' }, 'medium').format(t);
}

/** A date with its weekday, e.g. "Sun, 28 Feb 2027". */
export function longDate(iso: string, locale = browserLocale()): string {
  const t = dateToUtc(iso);
  if (Number.isNaN(t)) return iso;
  return dateFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(t);
}

/** A period "1 Sep 2026 – 30 Jun 2027". */
export function period(start: string | null | undefined, end: string | null | undefined, locale = browserLocale()): string {
  if (!start && !end) return NONE;
  const a = start ? dateToUtc(start) : NaN;
  const b = end ? dateToUtc(end) : NaN;
  if (Number.isNaN(a) || Number.isNaN(b)) return `${date(start, locale)} – ${date(end, locale)}`;
  const f = dateFormat(locale, { dateStyle: 'medium' }, 'medium') as Intl.DateTimeFormat & { formatRange?: (a: number, b: number) => string };
  return f.formatRange ? f.formatRange(a, b) : `${date(start, locale)} – ${date(end, locale)}`;
}

/** A bucket's label by granularity: "Sep 2026" for a month, the start date for a week or day. */
export function bucketLabel(start: string, granularity: string, locale = browserLocale()): string {
  const t = dateToUtc(start);
  if (Number.isNaN(t)) return start;
  if (granularity === 'month') return dateFormat(locale, { month: 'short', year: 'numeric' }, 'month').format(t);
  if (granularity === 'week') return 'Wk of ' + dateFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(t);
  return dateFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(t);
}

/** Today as a civil date `yyyy-MM-dd` from the browser's clock, in the browser's time zone. */
export function today(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Today as a civil date `yyyy-MM-dd` in UTC: the last day the server takes a measurement for. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whether `text` is a valid civil date `yyyy-MM-dd`. */
export function isIsoDate(text: string): boolean {
  const m = ISO.exec(text);
  if (!m) return false;
  const t = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return t.getUTCFullYear() === Number(m[1]) && t.getUTCMonth() === Number(m[2]) - 1 && t.getUTCDate() === Number(m[3]);
}
