// The planner without a server: when the page is served by a plain static host, every REST call
// (`/budgets/1`, `/core`, `/audit`) is answered in the browser by the wasm core's `Planner`, exactly
// as the server answers it, for one user ("local", a budget administrator). `/session` is answered
// here. The state is kept in IndexedDB (database `costfolio-offline`):
//   - `snapshot`, key = its seq (one record at most): `{seq, text}`, the state as
//     `Planner.snapshot()` wrote it (its key tells a tab the snapshot's seq without reading it);
//   - `journal`, key = the last seq of a batch: `{first, last, entries}`, the text `takeJournal()`
//     gave after one request (entries first..last, kept as text: JSON.parse would turn 1000.00 into
//     1000), newer than the snapshot.
// Every request runs under the Web Lock `costfolio-offline` (all tabs of the origin) and inside one
// read-write IndexedDB transaction: catch up with what other tabs wrote, handle, write the request's
// journal batch, and answer only once that transaction has completed (a reload loses nothing that
// was answered). Every COMPACT_EVERY entries the state is written as a new snapshot and the batches
// it holds are deleted. Other tabs are told on the BroadcastChannel `costfolio-offline`.
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { loadCore, coreMessage } from './wasm';
import { toJson } from './json';
import type { Answer, Method, Transport } from './client';

type Core = Awaited<ReturnType<typeof loadCore>>;
type Planner = InstanceType<Core['Planner']>;

export const OFFLINE_DB = 'costfolio-offline';
export const OFFLINE_DB_VERSION = 1;
export const OFFLINE_LOCK = 'costfolio-offline';
export const OFFLINE_CHANNEL = 'costfolio-offline';
/** A snapshot is written (and the older batches deleted) once this many entries follow the last. */
export const COMPACT_EVERY = 200;
export const OFFLINE_USER = 'local';
export const OFFLINE_SESSION = { user: OFFLINE_USER, budgetAdmin: true, csrf: 'offline', expiresAt: '9999-12-31T23:59:59Z' } as const;

/** One request's journal entries, `first`..`last`, as the JSON array text `takeJournal()` gave. */
export interface StoredBatch {
  first: number;
  last: number;
  entries: string;
}

/** The state at `seq`, as the JSON text `Planner.snapshot()` gave. */
export interface StoredSnapshot {
  seq: number;
  text: string;
}

interface OfflineSchema extends DBSchema {
  journal: { key: number; value: StoredBatch };
  snapshot: { key: number; value: StoredSnapshot };
}

type Db = IDBPDatabase<OfflineSchema>;
type Tx = IDBPTransaction<OfflineSchema, ('journal' | 'snapshot')[], 'readwrite'>;

/** The offline planner cannot run in this browser; the message says why, for the screen. */
export class OfflineUnavailable extends Error {}

export interface OfflineOptions {
  /** Another tab of the offline planner changed the data. */
  onExternalChange: () => void;
}

/**
 * Opens the offline planner: IndexedDB (refused with `OfflineUnavailable` when the browser offers
 * none) and the wasm core. Returns the transport every request then goes through.
 */
export async function openOffline(options: OfflineOptions): Promise<Transport> {
  if (typeof indexedDB === 'undefined' || indexedDB === null) {
    throw new OfflineUnavailable(
      'This browser offers no IndexedDB to this page, so the offline planner has nowhere to keep its data. Nothing was loaded or saved.',
    );
  }
  let closed: string | null = null;
  let db: Db;
  try {
    db = await openDB<OfflineSchema>(OFFLINE_DB, OFFLINE_DB_VERSION, {
      upgrade(database) {
        if (!database.objectStoreNames.contains('journal')) database.createObjectStore('journal');
        if (!database.objectStoreNames.contains('snapshot')) database.createObjectStore('snapshot');
      },
      blocking() {
        // A newer planner (another tab) wants to change the database: let it, and stop here.
        closed = 'A newer version of the planner was opened in another tab. Reload this page.';
        db.close();
      },
      terminated() {
        closed = 'The browser closed the planner’s storage. Reload this page.';
      },
    });
  } catch (e) {
    throw new OfflineUnavailable(
      `IndexedDB cannot be opened here (${coreMessage(e)}), so the offline planner has nowhere to keep its data. Nothing was loaded or saved.`,
    );
  }
  let core: Core;
  try {
    core = await loadCore();
  } catch (e) {
    db.close();
    throw new OfflineUnavailable(`The planner’s core (WebAssembly) could not be loaded: ${coreMessage(e)}`);
  }
  // Ask the browser not to evict the data under storage pressure (it may say no; nothing changes then).
  void navigator.storage?.persist?.().catch(() => false);

  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OFFLINE_CHANNEL);
  if (channel) channel.onmessage = () => options.onExternalChange();
  const service = new OfflineService(db, core, channel, () => closed);

  return async (method, path, body, signal) => {
    if (signal?.aborted) throw new DOMException('The request was aborted.', 'AbortError');
    const url = new URL(path, location.origin);
    if (url.pathname === '/session') return sessionAnswer(method);
    const text = body === undefined ? undefined : toJson(body);
    return exclusive(signal, () => service.call(method, url.pathname + url.search, text));
  };
}

/** `/session` offline: always signed in as the local user; signing out means nothing. */
function sessionAnswer(method: Method): Answer {
  if (method === 'DELETE') return answer(204, '');
  if (method === 'GET' || method === 'POST') return answer(200, JSON.stringify(OFFLINE_SESSION));
  return answer(405, JSON.stringify({ errorMessages: [`${method} /session is not supported`] }));
}

function answer(status: number, text: string, headers: [string, string][] = [['Content-Type', 'application/json']]): Answer {
  return {
    status,
    text,
    header: (name) => headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1] ?? null,
  };
}

function failure(status: number, message: string): Answer {
  return answer(status, JSON.stringify({ errorMessages: [message] }));
}

let queue: Promise<unknown> = Promise.resolve();
/**
 * Runs `task` alone: under the Web Lock of all tabs of the origin, or, where the browser has no
 * Web Locks (pages not in a secure context), one at a time in this tab (the read-write
 * IndexedDB transaction of each request still keeps tabs apart).
 */
async function exclusive<T>(signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) {
    const options: LockOptions = { mode: 'exclusive' };
    if (signal) options.signal = signal;
    return await locks.request(OFFLINE_LOCK, options, task);
  }
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return await run;
}

/** The wire form of the time the core gets: UTC `yyyy-MM-ddTHH:mm:ss`, as the server passes it. */
export function nowText(date = new Date()): string {
  return date.toISOString().slice(0, 19);
}

/** 64 fresh random bytes as hex (what the server passes; tokens take 64 bytes). */
export function randomHex(bytes = 64): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  let out = '';
  for (const b of buffer) out += b.toString(16).padStart(2, '0');
  return out;
}

/** Checks that `batches` continue `seq` without a gap; returns the message of the first gap. */
export function gapIn(seq: number, batches: readonly Pick<StoredBatch, 'first' | 'last'>[]): string | null {
  let expected = seq + 1;
  for (const b of batches) {
    if (b.first !== expected) return `journal entries ${b.first}–${b.last} found where ${expected} was expected`;
    expected = b.last + 1;
  }
  return null;
}

class OfflineService {
  /** The state as of the last request of this tab; null until the first (or after a failure). */
  private planner: Planner | null = null;

  constructor(
    private readonly db: Db,
    private readonly core: Core,
    private readonly channel: BroadcastChannel | null,
    private readonly closed: () => string | null,
  ) {}

  /** One request: runs under the lock (see `exclusive`). */
  async call(method: Method, path: string, body: string | undefined): Promise<Answer> {
    const closed = this.closed();
    if (closed) return failure(503, closed);
    const tx: Tx = this.db.transaction(['journal', 'snapshot'], 'readwrite', { durability: method === 'GET' ? 'default' : 'strict' });
    tx.done.catch(() => undefined); // awaited below; an abort is answered there, never left unhandled
    // Nothing but IndexedDB requests is awaited from here to the last write: the transaction
    // stays active across the (synchronous) wasm calls.
    let planner: Planner;
    let snapshotSeq: number;
    try {
      ({ planner, snapshotSeq } = await this.current(tx));
    } catch (e) {
      this.drop();
      abort(tx);
      return failure(500, `The planner’s data in this browser could not be read: ${coreMessage(e)}`);
    }
    const before = planner.seq();
    let response: string;
    let batch: string;
    let after: number;
    try {
      response = planner.handle(JSON.stringify(requestOf(method, path, body)), JSON.stringify(contextOf()));
      batch = planner.takeJournal();
      after = planner.seq();
    } catch (e) {
      // The core threw (a request it cannot read) or trapped: this tab's copy may be half-changed,
      // so it is dropped and read again from what is stored; nothing is written.
      this.drop();
      abort(tx);
      return failure(500, `The planner refused the request: ${coreMessage(e)}`);
    }
    const changed = batch !== '[]';
    try {
      if (changed) {
        const journal = tx.objectStore('journal');
        // Not awaited one by one: their failure fails the transaction, awaited below.
        quiet(journal.put({ first: before + 1, last: after, entries: batch }, after));
        if (after - snapshotSeq >= COMPACT_EVERY) {
          const snapshots = tx.objectStore('snapshot');
          quiet(snapshots.put({ seq: after, text: planner.snapshot() }, after));
          quiet(snapshots.delete(IDBKeyRange.upperBound(after, true)));
          quiet(journal.delete(IDBKeyRange.upperBound(after)));
        }
      }
      await tx.done;
    } catch (e) {
      // Not kept: this tab's state is ahead of the stored one, so it is read again next time.
      this.drop();
      abort(tx);
      return failure(500, `The change could not be saved in this browser, so it was not made: ${coreMessage(e)}`);
    }
    if (changed) this.channel?.postMessage({ seq: after });
    const out = JSON.parse(response) as { status: number; headers: [string, string][]; body: string };
    return answer(out.status, out.body, out.headers);
  }

  /**
   * This tab's state, caught up with what other tabs stored (or read afresh from the snapshot and
   * the batches after it), and the seq of the stored snapshot (0: none).
   */
  private async current(tx: Tx): Promise<{ planner: Planner; snapshotSeq: number }> {
    const snapshots = tx.objectStore('snapshot');
    const latest = await snapshots.openKeyCursor(null, 'prev');
    const snapshotSeq = latest ? latest.key : 0;
    const journal = tx.objectStore('journal');
    const last = await journal.openKeyCursor(null, 'prev');
    const storedSeq = Math.max(snapshotSeq, last ? last.key : 0);
    const planner = this.planner;
    // Usable if nothing it holds was compacted away, and nothing it holds is missing from storage
    // (site data cleared under it).
    if (planner && planner.seq() >= snapshotSeq && planner.seq() <= storedSeq) {
      const seq = planner.seq();
      const batches = await journal.getAll(IDBKeyRange.lowerBound(seq, true));
      if (gapIn(seq, batches) === null) {
        try {
          for (const b of batches) planner.replay(b.entries);
          return { planner, snapshotSeq };
        } catch {
          // Read everything again below.
        }
      }
    }
    // First use, another tab compacted past this state, or the journal does not continue it.
    this.drop();
    const snapshot = snapshotSeq ? await snapshots.get(snapshotSeq) : undefined;
    const batches = await journal.getAll(IDBKeyRange.lowerBound(snapshotSeq, true));
    const fresh = snapshot ? this.core.Planner.fromSnapshot(snapshot.text) : new this.core.Planner();
    try {
      if (fresh.seq() !== snapshotSeq) throw new Error(`the snapshot stored as ${snapshotSeq} holds the state at ${fresh.seq()}`);
      const gap = gapIn(snapshotSeq, batches);
      if (gap) throw new Error(gap);
      for (const b of batches) fresh.replay(b.entries);
    } catch (e) {
      fresh.free();
      throw e;
    }
    this.planner = fresh;
    return { planner: fresh, snapshotSeq };
  }

  private drop(): void {
    this.planner?.free();
    this.planner = null;
  }
}

/** A request whose failure is reported by its transaction's `done`. */
function quiet(request: Promise<unknown>): void {
  request.catch(() => undefined);
}

function abort(tx: Tx): void {
  try {
    tx.abort();
  } catch {
    // Finished already.
  }
}

function requestOf(method: Method, path: string, body: string | undefined): { method: Method; path: string; headers: [string, string][]; body?: string } {
  const headers: [string, string][] = [['Accept', 'application/json']];
  if (body === undefined) return { method, path, headers };
  headers.push(['Content-Type', 'application/json']);
  return { method, path, headers, body };
}

function contextOf(): { baseUrl: string; now: string; random: string; user: string; budgetAdmin: boolean } {
  return { baseUrl: location.origin, now: nowText(), random: randomHex(), user: OFFLINE_USER, budgetAdmin: true };
}
