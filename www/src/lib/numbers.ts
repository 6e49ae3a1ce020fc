// Numbers as a person types or pastes them in the locale they work in: "2,500.00" in English,
// "2.500,00" in German, "2 500,00" in French, "1'234.50" in Swiss German; a leading minus; a
// currency sign around the figure. The result is the decimal's text for the wire ("2500.00"),
// never a float; a refusal says what was understood. Text only: no arithmetic.
import type { LosslessNumber } from 'lossless-json';
import { num } from '../api/json';
import { browserLocale } from './format';
import { compare, isDecimal, shifted } from './decimal';

/** A number read: its decimal text for the wire, or why it is not one. */
export type Reading = { ok: true; text: string; negative: boolean } | { ok: false; message: string };

const marks = new Map<string, { decimal: string; group: string }>();

/** The decimal and group marks `locale` writes numbers with. */
export function localeMarks(locale = browserLocale()): { decimal: string; group: string } {
  let found = marks.get(locale);
  if (!found) {
    let decimal = '.';
    let group = ',';
    try {
      for (const part of new Intl.NumberFormat(locale).formatToParts(12345.6)) {
        if (part.type === 'decimal') decimal = part.value;
        if (part.type === 'group') group = part.value;
      }
    } catch {
      // An unknown locale: the point, as the wire writes numbers.
    }
    found = { decimal, group };
    marks.set(locale, found);
  }
  return found;
}

/** How `locale` writes 2,500.00: the example a refusal gives. */
export function example(locale = browserLocale()): string {
  const { decimal, group } = localeMarks(locale);
  return `2${group === ' ' || group === '\u00a0' || group === '\u202f' ? ' ' : group}500${decimal}00`;
}

const SPACES = /[\s\u00a0\u202f\u2009'\u2019]/g;
const SIGNS = /^(?:[€$£¥]|CHF|EUR|USD|GBP)\s*|\s*(?:[€$£¥]|CHF|EUR|USD|GBP)$/g;

/** The number `text` writes in `locale`: its decimal text ("2500.00"), or a refusal in words. */
export function readNumber(text: string, locale = browserLocale()): Reading {
  const shown = text.trim();
  if (!shown) return { ok: false, message: 'a number is needed' };
  const { decimal, group } = localeMarks(locale);
  let body = shown.replace(SIGNS, '').trim();
  let negative = false;
  if (/^\(.*\)$/.test(body)) {
    negative = true;
    body = body.slice(1, -1).trim();
  }
  if (/^[-\u2212]/.test(body)) {
    negative = !negative;
    body = body.slice(1).trim();
  }
  body = body.replace(SPACES, '');
  // The wire's own form (a point, no groups) is always understood: "1200.50" pasted from a file.
  const plain = /^\d+(\.\d+)?$/.test(body) && !(decimal !== '.' && /^\d{1,3}(\.\d{3})+$/.test(body));
  let digits: string;
  if (plain) digits = body;
  else {
    const groupMark = group.replace(SPACES, '') || (decimal === ',' ? '.' : ',');
    if (!/^[\d.,]+$/.test(body)) return { ok: false, message: `“${shown}” is not a number: write it with digits, as ${example(locale)}` };
    const [whole = '', fraction, extra] = body.split(decimal);
    if (extra !== undefined || (fraction !== undefined && /[.,]/.test(fraction)))
      return { ok: false, message: `“${shown}” is not a number as ${example(locale)} is written here (the decimal mark is “${decimal}”)` };
    const groups = whole.split(groupMark);
    if (groups.length > 1 && (groups[0] === '' || groups[0]!.length > 3 || groups.slice(1).some((g) => g.length !== 3)))
      return { ok: false, message: `“${shown}” is not a number as ${example(locale)} is written here: thousands come in groups of three digits` };
    digits = groups.join('') + (fraction !== undefined && fraction !== '' ? `.${fraction}` : '');
    if (digits.startsWith('.')) digits = `0${digits}`;
    if (!/^\d+(\.\d+)?$/.test(digits)) return { ok: false, message: `“${shown}” is not a number` };
  }
  const canonical = digits.replace(/^0+(?=\d)/, '');
  const zero = /^0(\.0+)?$/.test(canonical);
  return { ok: true, text: negative && !zero ? `-${canonical}` : canonical, negative: negative && !zero };
}

/** The wire's decimal text of `text` read in `locale`, or `text` trimmed when it does not read
 * (the form's check has refused it then, so this is only reached for good input). */
export function wireText(text: string, locale = browserLocale()): string {
  const read = readNumber(text, locale);
  return read.ok ? read.text : text.trim();
}

/** The JSON number of `text` as typed in `locale`, for a body: to be called once the form's check
 * (`lib/validate.ts`) has taken `text`; a text that does not read throws, naming it. */
export function typed(text: string, locale = browserLocale()): LosslessNumber {
  const read = readNumber(text, locale);
  if (!read.ok) throw new Error(`not a number: ${read.message}`);
  return num(read.text);
}

/** The most a single amount of a folio plausibly is: 100 times its budget (BAC), or a billion
 * when it has no budget yet. An amount above it is asked about before it is saved. */
export function plausibleLimit(bac: string | null | undefined): string {
  return bac != null && isDecimal(bac) && compare(bac, '0') > 0 ? shifted(bac, 2) : '1000000000';
}

/** Whether `text` (as typed, read in `locale`) is above [`plausibleLimit`] of `bac`. */
export function implausible(text: string, bac: string | null | undefined, locale = browserLocale()): boolean {
  const read = readNumber(text, locale);
  return read.ok && compare(read.text, plausibleLimit(bac)) > 0;
}
