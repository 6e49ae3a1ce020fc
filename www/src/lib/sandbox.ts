// The what-if sandbox's model: a folio's plan document (GET /folio/{id}/plan, its numbers kept as
// `LosslessNumber`s so that it goes back to the wasm core exactly as the server wrote it), the
// changes made to it in order, undo and redo, and the REST calls that "Apply" sends for each change.
// Nothing here does arithmetic on money: the wasm `Sandbox` costs, `difference` subtracts.
import { LosslessNumber, parse } from 'lossless-json';
import { isDecimal, normalize } from './decimal';
import { EXPENSE_DERIVED } from './records';

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
  /** A new rate or allocation period of a position: its sandbox id, to map to the server's. */
  row?: number;
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
    // PUT /expense replaces the record: the body is the plan document's expense, which holds
    // every field of the stored record (labels, custom fields ...), less what the server derives.
    const derived: readonly string[] = EXPENSE_DERIVED;
    const kept: Obj = Object.fromEntries(Object.entries(body).filter(([key]) => !derived.includes(key)));
    kept.id = new LosslessNumber(String(id));
    return [{ method: 'PUT', path: '/budgets/1/expense', body: kept }];
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
  // A position's changes: each rate and allocation period that differs, by its id, then each new
  // one (a rate from a date, the second half of a split period) once the old ones are shortened.
  const calls: Call[] = [];
  const added: Call[] = [];
  const rows = (item: Obj, first: string, rest: string): Obj[] => [(item.position as Obj)[first] as Obj, ...((item[rest] as Obj[] | undefined) ?? [])];
  for (const [first, rest, path] of [
    ['rate', 'rates', 'rate'],
    ['allocation', 'allocations', 'allocation'],
  ] as const) {
    const before = rows(change.before, first, rest);
    for (const row of rows(change.after, first, rest)) {
      const old = before.find((b) => text(b.id) === text(row.id));
      if (!old) {
        const rowId = Number(text(row.id));
        const known = ids.get(rowId);
        // Added by an earlier Apply: then changed as any stored row.
        if (known !== undefined) calls.push({ method: 'PUT', path: `/budgets/1/${path}/${known}`, body: strip(row) });
        else added.push({ method: 'POST', path: `/budgets/1/position/${id}/${path}`, body: strip(row), row: rowId });
        continue;
      }
      if (JSON.stringify(strip(old)) === JSON.stringify(strip(row))) continue;
      const body = strip(row);
      const rowId = Number(text(row.id));
      calls.push({ method: 'PUT', path: `/budgets/1/${path}/${ids.get(rowId) ?? rowId}`, body });
    }
  }
  return [...calls, ...added];
}

/** A rate or allocation as its PUT takes it (no id or deletion mark). */
function strip(row: Obj): Obj {
  const out = copy(row);
  delete out.id;
  delete out.deletedOn;
  return out;
}

/** A value as compared with the server's: numbers (LosslessNumber or the server's decimal text) normalized. */
function canonical(value: unknown): unknown {
  if (value instanceof LosslessNumber) return normalize(value.value);
  if (typeof value === 'string' && isDecimal(value)) return normalize(value);
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = canonical((value as Obj)[key]);
    return out;
  }
  return value;
}

/** Whether `server` holds every field of `mine` with the same value (fields the server adds are not compared). */
export function holds(server: unknown, mine: unknown): boolean {
  const a = canonical(server);
  const b = canonical(mine);
  const within = (x: unknown, y: unknown): boolean => {
    if (y && typeof y === 'object' && !Array.isArray(y)) {
      if (!x || typeof x !== 'object' || Array.isArray(x)) return false;
      return Object.entries(y as Obj).every(([k, v]) => within((x as Obj)[k], v));
    }
    if (Array.isArray(y)) return Array.isArray(x) && x.length === y.length && y.every((v, i) => within(x[i], v));
    return x === y;
  };
  return within(a, b);
}

/** The live rows of a position's rates or allocations, as a document or the server's items list them. */
function rowsOf(item: Obj, first: 'rate' | 'allocation', rest: 'rates' | 'allocations'): Obj[] {
  const listed = item[rest] as Obj[] | undefined;
  const all =
    listed && listed.some((r) => text(r.id) === text(((item.position as Obj)[first] as Obj).id))
      ? listed
      : [(item.position as Obj)[first] as Obj, ...(listed ?? [])];
  return all.filter((r) => !r.deletedOn).map((r) => ({ ...r, deletedOn: undefined }));
}

/**
 * The pending changes whose item the server no longer holds as the sandbox had it (another user,
 * or another tab, changed it since): sending them would overwrite that change. `items` is
 * `GET /folio/{id}/items` (positions `{position, rates, allocations}`, expenses `{expense}`).
 */
export function conflicts(pending: Change[], items: { positions: Obj[]; expenses: Obj[] }, ids: Map<number, number>): Change[] {
  const seen = new Set<string>();
  const out: Change[] = [];
  for (const change of pending) {
    const key = `${change.kind}:${change.id}`;
    // Only an item's first pending change is compared (the next ones follow from it), and an item
    // the sandbox added has nothing on the server to compare with.
    if (seen.has(key)) continue;
    seen.add(key);
    if (!change.before) continue;
    const id = String(ids.get(change.id) ?? change.id);
    if (change.kind === 'expense') {
      const server = items.expenses.map((e) => e.expense as Obj).find((e) => text(e.id) === id);
      const mine = { ...change.before, id: undefined, reporter: undefined };
      if (!server || !holds(server, JSON.parse(JSON.stringify(canonical(mine))))) out.push(change);
    } else {
      const server = items.positions.find((p) => text((p.position as Obj).id) === id);
      const same = (first: 'rate' | 'allocation', rest: 'rates' | 'allocations') => {
        const a = rowsOf(server!, first, rest);
        const b = rowsOf(change.before!, first, rest);
        return a.length === b.length && b.every((row) => a.some((r) => holds(r, JSON.parse(JSON.stringify(canonical(row))))));
      };
      if (!server || !same('rate', 'rates') || !same('allocation', 'allocations')) out.push(change);
    }
  }
  return out;
}

// A position's rows of the sandbox: the rate and allocation period in force, and a change from a
// date (what-if's "Change from that day").

/** The rate in force at `asOf` (the latest start on or before it, else the first), as the server picks it. */
export function rateAt(item: Obj, asOf: string): Obj {
  const all = [(item.position as Obj).rate as Obj, ...((item.rates as Obj[]) ?? [])].filter((r) => !r.deletedOn);
  let best = all[0]!;
  for (const r of all) if (String(r.startDate) <= asOf && String(r.startDate) >= String(best.startDate)) best = r;
  return best;
}

/** The allocation period in force at `asOf` (else the last one started before it, else the
 * first): the one an edit of the allocation changes. */
export function allocationAt(item: Obj, asOf: string): Obj {
  const all = [(item.position as Obj).allocation as Obj, ...((item.allocations as Obj[]) ?? [])].filter((a) => !a.deletedOn);
  const inForce = all.find((a) => String(a.startDate) <= asOf && asOf <= String(a.endDate));
  if (inForce) return inForce;
  let best = all[0]!;
  for (const a of all) if (String(a.startDate) <= asOf && String(a.startDate) >= String(best.startDate)) best = a;
  return best;
}

/** The row of `next` (a copy of the item) with the id and start date of `row`: the first row or
 * one of the further ones (`rest`). */
export function rowIn(next: Obj, first: 'rate' | 'allocation', rest: 'rates' | 'allocations', row: Obj): Obj {
  const np = next.position as Obj;
  const head = np[first] as Obj;
  if (text(head.id) === text(row.id) && String(head.startDate) === String(row.startDate)) return head;
  return ((next[rest] as Obj[]) ?? []).find((r) => text(r.id) === text(row.id) && String(r.startDate) === String(row.startDate)) ?? head;
}

/** The day before `day` (yyyy-MM-dd). */
export function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * `item` with `what` (a rate or an allocation percentage) changed to `value` from `from` on: a rate
 * from that day (the one starting that day changed, else a new one added); the allocation period
 * that holds the day split there (or changed whole when it starts that day). `newId` gives the
 * sandbox ids of new rows. Null when no allocation period holds the day.
 */
export function changedFrom(item: Obj, what: 'rate' | 'allocation', value: string, from: string, newId: () => number): Obj | null {
  const next = copy(item);
  const np = next.position as Obj;
  if (what === 'rate') {
    const rates = [np.rate as Obj, ...((next.rates as Obj[]) ?? [])].filter((r) => !r.deletedOn);
    const same = rates.find((r) => String(r.startDate) === from);
    if (same) same.rate = new LosslessNumber(value);
    else next.rates = [...((next.rates as Obj[]) ?? []), { id: new LosslessNumber(String(newId())), rate: new LosslessNumber(value), startDate: from }];
    return next;
  }
  const periods = [np.allocation as Obj, ...((next.allocations as Obj[]) ?? [])].filter((a) => !a.deletedOn);
  const holding = periods.find((a) => String(a.startDate) <= from && from <= String(a.endDate));
  if (!holding) return null;
  if (String(holding.startDate) === from) {
    holding.percentage = new LosslessNumber(value);
    return next;
  }
  const end = String(holding.endDate);
  holding.endDate = dayBefore(from);
  next.allocations = [
    ...((next.allocations as Obj[]) ?? []),
    { id: new LosslessNumber(String(newId())), startDate: from, endDate: end, percentage: new LosslessNumber(value) },
  ];
  return next;
}
