// JSON without floats: every number of a response is kept as the exact text the server wrote
// ("1200.00" stays "1200.00"), and numbers of a request body are written from decimal strings.
import { parse, stringify, LosslessNumber, isNumber } from 'lossless-json';

/** A decimal number as the server wrote it, e.g. "1200.00" or "-0.5". Never parsed to a float. */
export type Dec = string;

/** Parses JSON; every number becomes its exact source text (a `Dec`). */
export function parseJson(text: string): unknown {
  return parse(text, null, (value: string) => value);
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
