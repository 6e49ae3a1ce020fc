// JSON without floats: every number of a response is kept as the exact text the server wrote
// ("1200.00" stays "1200.00"), and numbers of a request body are written from decimal strings.
import { parse, stringify, LosslessNumber, isNumber } from 'lossless-json';

/** A decimal number as the server wrote it, e.g. "1200.00" or "-0.5". Never parsed to a float. */
export type Dec = string;

/** Parses JSON; every number becomes its exact source text (a `Dec`). */
export function parseJson(text: string): unknown {
  return parse(text, null, (value: string) => value);
}

/**
 * For each object and array `parseRecords` made, the keys (array indexes as strings) whose values
 * were JSON numbers: what `wireOf` needs to send a record back with its JSON types, since a `Dec`
 * is a string like any other (a TEXT custom field "007" and a NUMBER 7 both arrive as strings).
 */
const numberKeys = new WeakMap<object, Set<string>>();

/**
 * Parses JSON like `parseJson` (every number its exact source text) and remembers which values
 * were numbers, so that a record read this way can be sent back whole, as the server wrote it
 * (`wireOf`). For the answers whose records an editor saves (`GET /folio/{id}/items`).
 */
export function parseRecords(text: string): unknown {
  return markNumbers(parse(text));
}

/** Replaces every `LosslessNumber` under `value` by its text, in place, recording where each was. */
function markNumbers(value: unknown): unknown {
  if (value instanceof LosslessNumber) return value.value;
  if (Array.isArray(value)) {
    let keys: Set<string> | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (v instanceof LosslessNumber) {
        (keys ??= new Set()).add(String(i));
        value[i] = v.value;
      } else if (v !== null && typeof v === 'object') markNumbers(v);
    }
    if (keys) numberKeys.set(value, keys);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    let keys: Set<string> | undefined;
    for (const key in record) {
      const v = record[key];
      if (v instanceof LosslessNumber) {
        (keys ??= new Set()).add(key);
        record[key] = v.value;
      } else if (v !== null && typeof v === 'object') markNumbers(v);
    }
    if (keys) numberKeys.set(record, keys);
  }
  return value;
}

/**
 * A deep copy of a record `parseRecords` read, ready to be sent back: every value that was a JSON
 * number is one again (a `LosslessNumber` of its exact text), everything else as it came. Throws
 * for an object `parseRecords` did not read (its numbers would go back as strings).
 */
export function wireOf(record: object): Record<string, unknown> {
  if (!numberKeys.has(record)) throw new Error('wireOf: this record was not read by parseRecords; its JSON types are unknown');
  return copyTyped(record, false) as Record<string, unknown>;
}

function copyTyped(value: unknown, isNumber: boolean): unknown {
  if (isNumber && typeof value === 'string') return new LosslessNumber(value);
  if (value instanceof LosslessNumber) return new LosslessNumber(value.value);
  if (Array.isArray(value)) {
    const keys = numberKeys.get(value);
    return value.map((v: unknown, i) => copyTyped(v, keys?.has(String(i)) ?? false));
  }
  if (value !== null && typeof value === 'object') {
    const keys = numberKeys.get(value);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = copyTyped(v, keys?.has(k) ?? false);
    return out;
  }
  return value;
}

/** A JSON number written from a decimal string; throws when `text` is not a JSON number. */
export function num(text: Dec | number): LosslessNumber {
  return new LosslessNumber(String(text).trim());
}

/** Whether `text` is a JSON number literal. */
export function isJsonNumber(text: string): boolean {
  return isNumber(text.trim());
}

/** JSON text sent as it is, unparsed: a body the browser's (recursive) parser cannot read, e.g. nested too deep. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Serializes a request body; `LosslessNumber` values are written verbatim, a `RawJson` as its text. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  return stringify(value) ?? 'null';
}

export { LosslessNumber };
