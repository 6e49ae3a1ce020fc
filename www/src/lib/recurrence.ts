// The recurrence of an expense and its description in words. The occurrences themselves come from
// the wasm core (`expandRecurrence`), never from JavaScript date arithmetic.
//
// Its fields are the wire's (the generated schema `Recurrence`, so a field added in Rust is one
// here). The planner holds a recurrence in three forms, which differ only in how its counts
// (interval, occurrences, weekdays) are held: as an answer gave it (their text, `Dec`), as a record
// goes back (`wireOf`: LosslessNumbers), and as the editor makes it (`recurrenceOf`: the small
// integers of its fields, `Recurrence`). Words and fields are made from any of them
// (`AnyRecurrence`); a body takes `recurrenceBody`, which writes every count as a LosslessNumber.
import type { Body, Numbers, Schemas } from '../api/types';
import { date as formatDate, isIsoDate } from './format';
import { LosslessNumber, num, type Dec } from '../api/json';
import type { FieldErrors } from './validate';

export type RecurrenceKind = Schemas['RecurrenceKind'];
export const RECURRENCE_KINDS: readonly { kind: RecurrenceKind; label: string }[] = [
  { kind: '.Once', label: 'Once' },
  { kind: '.Daily', label: 'Daily' },
  { kind: '.Weekly', label: 'Weekly' },
  { kind: '.Monthly', label: 'Monthly' },
  { kind: '.Yearly', label: 'Yearly' },
];

/** A count of a recurrence in any of the planner's forms. */
type Count = number | Dec | LosslessNumber;
/** A recurrence as the editor makes it: its counts the integers of its fields. */
export type Recurrence = Numbers<Schemas['Recurrence'], number>;
/** A recurrence in any of the planner's forms: read, sent back, or made by the editor. */
export type AnyRecurrence = Numbers<Schemas['Recurrence'], Count>;

/** A count as a body writes it: its exact text, whichever form it is held in. */
const wireCount = (n: Count): LosslessNumber => (n instanceof LosslessNumber ? n : num(n));

/** The recurrence as a request body: every count a LosslessNumber, every other field (and the order) as it is. */
export function recurrenceBody(r: AnyRecurrence): Body<Schemas['Recurrence']> {
  const { interval, occurrences, recurrenceOn } = r;
  // A count absent stays absent (an `undefined` field is not written); a null one stays null.
  return {
    ...r,
    interval: interval == null ? interval : wireCount(interval),
    occurrences: occurrences == null ? occurrences : wireCount(occurrences),
    recurrenceOn: recurrenceOn == null ? recurrenceOn : recurrenceOn.map(wireCount),
  };
}

/** The editor's fields, as typed. */
export interface RecurrenceDraft {
  kind: RecurrenceKind;
  startDate: string;
  interval: string;
  end: 'folio' | 'date' | 'count';
  endDate: string;
  occurrences: string;
  weekdays: number[];
  monthlyBy: 'DAY_OF_MONTH' | 'DAY_OF_WEEK';
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'last'] as const;

function parseIso(iso: string): { y: number; m: number; d: number } {
  const [y, m, d] = iso.split('-').map(Number);
  return { y: y ?? 0, m: m ?? 1, d: d ?? 1 };
}

/** ISO weekday of a civil date: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(iso: string): number {
  const { y, m, d } = parseIso(iso);
  const w = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return w === 0 ? 7 : w;
}

function ordinalDay(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${s}`;
}

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function every(interval: number, unit: string): string {
  return interval > 1 ? `Every ${interval} ${unit}s` : `Every ${unit}`;
}

/** The rule in words, e.g. "Every month on the 31st (the last day in shorter months), from ...". */
export function describeRecurrence(r: AnyRecurrence, locale = 'en-GB', folioEnd?: string): string {
  if (!r.startDate || !isIsoDate(r.startDate)) return 'Choose a start date.';
  const start = formatDate(r.startDate, locale);
  if (r.kind === '.Once') return `Once, on ${start}.`;
  // Its counts are small integers, in whichever form it holds them (read: their text; sent back: LosslessNumbers).
  const count = (v: Count | null | undefined): number | undefined => (v == null || v === '' ? undefined : Number(v instanceof LosslessNumber ? v.value : v));
  const interval = (count(r.interval) ?? 0) > 0 ? count(r.interval)! : 1;
  const occurrences = count(r.occurrences);
  const { m, d } = parseIso(r.startDate);
  let rule: string;
  switch (r.kind) {
    case '.Daily':
      rule = every(interval, 'day');
      break;
    case '.Weekly': {
      const days = [...new Set(r.recurrenceOn && r.recurrenceOn.length ? r.recurrenceOn.map((n) => count(n) ?? 0) : [isoWeekday(r.startDate)])]
        .filter((n) => n >= 1 && n <= 7)
        .sort((a, b) => a - b)
        .map((n) => WEEKDAYS[n - 1] ?? '');
      rule = `${every(interval, 'week')} on ${list(days)}`;
      break;
    }
    case '.Monthly':
      if (r.recurrenceBy === 'DAY_OF_WEEK') {
        const nth = Math.min(5, Math.ceil(d / 7));
        rule = `${every(interval, 'month')} on the ${ORDINALS[nth - 1]} ${WEEKDAYS[isoWeekday(r.startDate) - 1]}`;
      } else {
        rule = `${every(interval, 'month')} on the ${ordinalDay(d)}`;
        if (d > 28) rule += ' (the last day in shorter months)';
      }
      break;
    case '.Yearly':
      rule = `${every(interval, 'year')} on ${d} ${MONTHS[m - 1]}`;
      if (m === 2 && d === 29) rule += ' (28 February in common years)';
      break;
  }
  const ends: string[] = [];
  if (occurrences) ends.push(`${occurrences} time${occurrences === 1 ? '' : 's'}`);
  if (r.endDate) ends.push(`until ${formatDate(r.endDate, locale)}`);
  let tail: string;
  if (ends.length === 2) tail = `${ends[0]} at most, ${ends[1]} (whichever ends first)`;
  else if (ends.length === 1) tail = ends[0] ?? '';
  else tail = folioEnd ? `until the folio ends (${formatDate(folioEnd, locale)})` : 'until the folio ends';
  return `${rule}, from ${start}, ${tail}.`;
}

export function draftOf(r: AnyRecurrence | undefined, fallbackStart: string): RecurrenceDraft {
  const start = r?.startDate ?? fallbackStart;
  return {
    kind: r?.kind ?? '.Once',
    startDate: start,
    interval: String(r?.interval ?? 1),
    end: r?.occurrences ? 'count' : r?.endDate ? 'date' : 'folio',
    endDate: r?.endDate ?? '',
    occurrences: r?.occurrences ? String(r.occurrences) : '',
    // Read from the server, the weekdays are the numbers' texts ("1"): the checkboxes compare numbers.
    weekdays: r?.recurrenceOn?.length ? r.recurrenceOn.map((n) => Number(String(n))) : start && isIsoDate(start) ? [isoWeekday(start)] : [1],
    monthlyBy: r?.recurrenceBy ?? 'DAY_OF_MONTH',
  };
}

/** The wire recurrence of the editor's fields, with the fields' messages when some are wrong. */
export function recurrenceOf(draft: RecurrenceDraft): { recurrence: Recurrence | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!draft.startDate) errors['recurrence.startDate'] = 'Start date is required';
  else if (!isIsoDate(draft.startDate)) errors['recurrence.startDate'] = 'Start date must be a date (yyyy-MM-dd)';
  const r: Recurrence = { kind: draft.kind, startDate: draft.startDate };
  if (draft.kind !== '.Once') {
    if (!/^[1-9]\d{0,4}$/.test(draft.interval.trim())) errors['recurrence.interval'] = 'Repeat every must be a whole number of 1 or more';
    else if (draft.interval.trim() !== '1') r.interval = Number(draft.interval.trim());
    if (draft.end === 'date') {
      if (!draft.endDate || !isIsoDate(draft.endDate)) errors['recurrence.endDate'] = 'End date must be a date (yyyy-MM-dd)';
      else if (draft.startDate && draft.endDate < draft.startDate)
        errors['recurrence.endDate'] = `The end date (${draft.endDate}) must not be before the start date (${draft.startDate})`;
      else r.endDate = draft.endDate;
    } else if (draft.end === 'count') {
      if (!/^[1-9]\d{0,5}$/.test(draft.occurrences.trim())) errors['recurrence.occurrences'] = 'Occurrences must be a whole number of 1 or more';
      else r.occurrences = Number(draft.occurrences.trim());
    }
    if (draft.kind === '.Weekly') {
      if (draft.weekdays.length === 0) errors['recurrence.recurrenceOn'] = 'Choose at least one weekday';
      else r.recurrenceOn = [...new Set(draft.weekdays)].sort((a, b) => a - b);
    }
    if (draft.kind === '.Monthly') r.recurrenceBy = draft.monthlyBy;
  }
  return { recurrence: Object.keys(errors).length ? null : r, errors };
}

/**
 * The recurrence to save for an existing expense: the stored one (`stored`, as `wireOf` gives it)
 * with only what the user changed in the fields (`first` → `now`) over it, so that what the fields
 * cannot show (an end date and a number of occurrences together, an explicit interval of 1) is
 * kept. Another kind replaces it whole; a changed way of ending (folio, date, count) replaces both
 * ends. The edited fields are checked as `recurrenceOf` checks them; the stored ones are not.
 */
export function editedRecurrence(
  stored: AnyRecurrence,
  first: RecurrenceDraft,
  now: RecurrenceDraft,
): { recurrence: AnyRecurrence | null; errors: FieldErrors } {
  if (JSON.stringify(first) === JSON.stringify(now)) return { recurrence: stored, errors: {} };
  const edited = recurrenceOf(now);
  const e = edited.recurrence;
  if (!e || now.kind !== first.kind) return edited;
  const r: AnyRecurrence = { ...stored };
  if (now.startDate !== first.startDate) r.startDate = e.startDate;
  if (now.interval !== first.interval) r.interval = e.interval ?? 1;
  if (now.end !== first.end) {
    delete r.endDate;
    delete r.occurrences;
    if (e.endDate) r.endDate = e.endDate;
    if (e.occurrences) r.occurrences = e.occurrences;
  } else if (now.end === 'date' && now.endDate !== first.endDate) r.endDate = e.endDate!;
  else if (now.end === 'count' && now.occurrences !== first.occurrences) r.occurrences = e.occurrences!;
  if (now.kind === '.Weekly' && JSON.stringify(now.weekdays) !== JSON.stringify(first.weekdays)) r.recurrenceOn = e.recurrenceOn!;
  if (now.kind === '.Monthly' && now.monthlyBy !== first.monthlyBy) r.recurrenceBy = e.recurrenceBy!;
  return { recurrence: r, errors: {} };
}
