// A record's changes as the server's journal tells them: who, when, what, and each
// field's value before and after, in words. Values are shown as the server wrote them (numbers
// keep their digits: they arrive as their text, api/json.ts), never computed with.
import type { Answer, Schemas } from '../api/types';

export type Change = Answer<Schemas['Change']>;
export type FieldChange = Change['fields'][number];

/** What a change did, as a verb. */
export const ACTION_WORDS: Record<Change['action'], string> = {
  created: 'created',
  updated: 'changed',
  deleted: 'deleted',
  restored: 'restored',
};

/** What a record kind is called. */
const KIND_WORDS: Record<string, string> = {
  folio: 'the folio',
  expense: 'expense',
  position: 'position',
  portfolio: 'portfolio',
  baseline: 'baseline',
  customField: 'custom field',
  billedHours: 'billed hours of position',
  scope: 'progress of the scope',
};

/** The parts of a position, singular, as a path names them (`rates[id=8]`). */
const PART_WORDS: Record<string, string> = {
  rates: 'rate',
  allocations: 'allocation period',
  hours: 'hours period',
  items: 'scope item',
  days: 'day',
};

/** The fields a controller knows by another name than the wire's. */
const FIELD_WORDS: Record<string, string> = {
  currencyCode: 'currency',
  otRuleId: 'overtime rule',
  holidaySchemeId: 'holiday scheme',
  workloadSchemeId: 'workload scheme',
  savedFilterId: 'worklog filter',
  teamRoleId: 'team role',
  withEarned: 'earned value used',
  withRevenue: 'revenues tracked',
  plannedValueMethod: 'planned value method',
  eacMethod: 'forecast method',
  approvedBy: 'approved by',
  isPrivate: 'private',
  asOf: 'measured on',
};

/** `deletedOn` -> `deleted on`; a field a controller knows by another name, by that name. */
function words(key: string): string {
  return FIELD_WORDS[key] ?? key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** A field's path in words: `rates[id=8].rate` -> `rate 8: rate`, `recurrence.startDate` ->
 * `recurrence: start date`. */
export function fieldLabel(path: string): string {
  const parts = path.split('.').map((segment) => {
    const part = /^([A-Za-z]+)\[(?:id|key)=([^\]]+)\]$/.exec(segment);
    const [, list, id] = part ?? [];
    if (list !== undefined && id !== undefined) return `${PART_WORDS[list] ?? words(list)} ${id}`;
    return words(segment);
  });
  return parts.join(': ');
}

/** A value as it reads on screen: none for null, a text as it is, a list or record in short. */
export function valueText(value: unknown, limit = 80): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value === '' ? '(empty)' : cut(value, limit);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : cut(value.map((v) => valueText(v, limit)).join(', '), limit);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined);
    return cut(entries.map(([k, v]) => `${words(k)} ${valueText(v, limit)}`).join(', '), limit);
  }
  return cut(typeof value === 'number' || typeof value === 'bigint' ? value.toString() : '?', limit);
}

function cut(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** A part of a list (a rate, a period) without the id its label already gives. */
function withoutId(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([k]) => k !== 'id'));
}

/** A field's change in one line: `rate 8: rate 85.00 to 88.00`, `rate 9 added: rate 70, ...`. */
export function fieldText(field: FieldChange): string {
  const label = fieldLabel(field.path);
  const part = /\]$/.test(field.path);
  const absent = (v: unknown) => v === null || v === undefined;
  // A deletion mark reads as what it means, not as a field set.
  if (field.path === 'deletedOn')
    return absent(field.before) ? `deleted on ${valueText(field.after)}` : `deletion undone (was deleted on ${valueText(field.before)})`;
  if (absent(field.before)) return part ? `${label} added: ${valueText(withoutId(field.after))}` : `${label} set to ${valueText(field.after)}`;
  if (absent(field.after)) return `${label} removed (was ${valueText(withoutId(field.before))})`;
  return `${label} ${valueText(field.before)} to ${valueText(field.after)}`;
}

/** When a change was made, in the browser's words (the server gives UTC to the second). */
export function whenText(at: string | null | undefined, locale?: string): string {
  if (!at) return 'at a time not recorded';
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Who made a change and what it did: `ada changed position “Tom”` (the record only in an activity). */
export function headline(change: Change): string {
  const who = change.user ?? 'someone';
  const verb = ACTION_WORDS[change.action];
  const record = change.record;
  if (!record) return `${who} ${verb} it`;
  const kind = KIND_WORDS[record.kind] ?? words(record.kind);
  if (record.kind === 'folio') return `${who} ${verb} ${kind}${record.name ? ` “${record.name}”` : ''}`;
  return `${who} ${verb} ${kind} ${record.name ? `“${record.name}”` : record.id}`;
}
