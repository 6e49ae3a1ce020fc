// The what-if sandbox's model: a folio's plan document (GET /folio/{id}/plan, its numbers kept as
// `LosslessNumber`s so that it goes back to the wasm core exactly as the server wrote it), the
// changes made to it in order, undo and redo, and the REST calls that "Apply" sends for each change.
// Nothing here does arithmetic on money: the wasm `Sandbox` costs, `difference` subtracts.
import { LosslessNumber, parse } from 'lossless-json';

/** A JSON object of a plan document, numbers as `LosslessNumber`. */
export type Obj = Record<string, unknown>;

/** A plan document item put or removed. `before` null: added; `after` null: removed. */
export interface Change {
  kind: 'position' | 'expense';
  /** The item's id in the sandbox (a new expense's is the sandbox's own until it is applied). */
  id: number;
  before: Obj | null;
  after: Obj | null;
  /** What the user did, in words. */
  label: string;
}

/** One REST call of "Apply". */
export interface Call {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** A new position's sandbox ids of its first rate and allocation, to map to the server's. */
  created?: { rate: string; allocation: string };
}

/** Parses a plan document's text, every number a `LosslessNumber`. */
export function parseDocument(text: string): Obj {
  return parse(text) as Obj;
}

/** A deep copy (LosslessNumbers kept). */
export function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value instanceof LosslessNumber) return new LosslessNumber(value.value) as T;
  if (value && typeof value === 'object') {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value as Obj)) out[k] = copy(v);
    return out as T;
  }
  return value;
}

/** The id of an item (a position's is its `position.id`). */
export function itemId(kind: Change['kind'], item: Obj): number {
  const id = kind === 'position' ? ((item.position as Obj).id as LosslessNumber) : (item.id as LosslessNumber);
  return Number(id.value);
}

/** The number's text ("" for none). */
export function text(value: unknown): string {
  if (value instanceof LosslessNumber) return value.value;
  if (typeof value === 'string') return value;
  return '';
}

/** Undo and redo over the changes not yet applied. */
export class History {
  /** Applied to the server, in order. */
  applied: Change[] = [];
  /** In the sandbox, not yet on the server, in order. */
  pending: Change[] = [];
  /** Undone, the last undone last. */
  undone: Change[] = [];

  push(change: Change): void {
    this.pending.push(change);
    this.undone = [];
  }
  /** The change to undo (removed from pending), if any. */
  undo(): Change | undefined {
    const change = this.pending.pop();
    if (change) this.undone.push(change);
    return change;
  }
  /** The change to redo (back to pending), if any. */
  redo(): Change | undefined {
    const change = this.undone.pop();
    if (change) this.pending.push(change);
    return change;
  }
}

/** The REST calls of one change, with ids already on the server mapped by `ids` (sandbox id of a new expense → server id). */
export function callsOf(change: Change, ids: Map<number, number>): Call[] {
  const id = ids.get(change.id) ?? change.id;
  if (change.kind === 'expense') {
    if (!change.after) return [{ method: 'DELETE', path: `/budgets/1/expense/${id}` }];
    const body = copy(change.after);
    if (!change.before) {
      delete body.id;
      return [{ method: 'POST', path: '/budgets/1/expense', body }];
    }
    body.id = new LosslessNumber(String(id));
    return [{ method: 'PUT', path: '/budgets/1/expense', body }];
  }
  if (!change.after) return [{ method: 'DELETE', path: `/budgets/1/position/${id}` }];
  if (!change.before) {
    // A new position: its first rate and allocation come with it (the server gives them ids; the
    // caller maps the sandbox's, `created`).
    const position = change.after.position as Obj;
    const body = copy(position);
    delete body.id;
    for (const row of [body.rate as Obj, body.allocation as Obj]) delete row.id;
    const created = { rate: text((position.rate as Obj).id), allocation: text((position.allocation as Obj).id) };
    return [{ method: 'POST', path: '/budgets/1/position', body, created }];
  }
  // A position's changes: each rate and allocation period that differs, by its id.
  const calls: Call[] = [];
  const rows = (item: Obj, first: string, rest: string): Obj[] => [((item.position as Obj)[first] as Obj), ...((item[rest] as Obj[] | undefined) ?? [])];
  for (const [first, rest, path] of [['rate', 'rates', 'rate'], ['allocation', 'allocations', 'allocation']] as const) {
    const before = rows(change.before, first, rest);
    for (const row of rows(change.after, first, rest)) {
      const old = before.find((b) => text(b.id) === text(row.id));
      if (!old || JSON.stringify(strip(old)) === JSON.stringify(strip(row))) continue;
      const body = strip(row);
      const rowId = Number(text(row.id));
      calls.push({ method: 'PUT', path: `/budgets/1/${path}/${ids.get(rowId) ?? rowId}`, body });
    }
  }
  return calls;
}

/** A rate or allocation as its PUT takes it (no id or deletion mark). */
function strip(row: Obj): Obj {
  const out = copy(row);
  delete out.id;
  delete out.deletedOn;
  return out;
}
