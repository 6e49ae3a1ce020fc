// The one place that talks HTTP: same-origin cookie credentials, the session's CSRF token on every
// change, lossless JSON both ways, refusals as `ApiError` with the server's messages. Offline, the
// same requests go through another transport (the wasm core in the browser, api/offline.ts).
import { parseJson, toJson } from './json';
import { refusalOf, type Refusal } from './errors';
import type { BudgetingOperations } from './generated/operations';
import type { Answer as Read, Body as Write } from './types';

export class ApiError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.messages[0] ?? Object.values(refusal.fields)[0] ?? `HTTP ${refusal.status}`);
  }
  get status(): number {
    return this.refusal.status;
  }
}

let csrfToken: string | null = null;
/** Kept in memory only; after a reload `GET /session` gives it again. */
export function setCsrf(token: string | null): void {
  csrfToken = token;
}

type Listener = () => void;
let onUnauthorized: Listener = () => {};
/** Called when a budgeting request answers 401 (session expired or signed out elsewhere). */
export function setUnauthorizedHandler(listener: Listener): void {
  onUnauthorized = listener;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An answer as a transport gives it: the status, its headers by name, the body's text. */
export interface Answer {
  status: number;
  header: (name: string) => string | null;
  text: string;
}

/**
 * Where requests go: `serverTransport` (the costfolio server, over HTTP) unless another one is
 * installed, e.g. the offline planner's (www/src/api/offline.ts), which answers in the browser.
 * `body` is the request's value (not yet JSON); a network failure is an `ApiError` of status 0.
 */
export type Transport = (method: Method, path: string, body: unknown, signal?: AbortSignal) => Promise<Answer>;

/** The server: same-origin cookie credentials, the CSRF token on every change, no cache. */
export const serverTransport: Transport = async (method, path, body, signal) => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let response: Response;
  try {
    const init: RequestInit = { method, headers, credentials: 'same-origin', cache: 'no-store' };
    if (body !== undefined) init.body = toJson(body);
    if (signal) init.signal = signal;
    response = await fetch(path, init);
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(refusalOf(0, null));
  }
  const text = await response.text();
  return { status: response.status, header: (name) => response.headers.get(name), text };
};

let transport: Transport = serverTransport;
/** Installs the transport every later request goes through (the offline planner's). */
export function setTransport(next: Transport): void {
  transport = next;
}
/** The transport requests go through now (`serverTransport` unless the planner is offline). */
export function activeTransport(): Transport {
  return transport;
}

/** How an answer's text is read: `parseJson`, or `parseRecords` for records an editor sends back. */
export type Parser = (text: string) => unknown;

export async function request(method: Method, path: string, body?: unknown, signal?: AbortSignal, parser: Parser = parseJson): Promise<unknown> {
  return settle(path, await transport(method, path, body, signal), parser);
}

/** Reads an answer to `path`: its lossless JSON, or an `ApiError` with its messages when not 2xx. */
export function settle(path: string, answer: Answer, parser: Parser = parseJson): unknown {
  const text = answer.text;
  let data: unknown = null;
  if (text) {
    try {
      data = parser(text);
    } catch {
      data = null;
    }
  }
  if (answer.status < 200 || answer.status > 299) {
    if (answer.status === 401 && path.startsWith('/budgets/')) onUnauthorized();
    throw new ApiError(refusalOf(answer.status, data, answer.header('Retry-After')));
  }
  return data;
}

/** A budgeting call: unwraps `{success: ...}`. */
export async function budget<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal, parser?: Parser): Promise<T> {
  return unwrap(await request(method, '/budgets/1' + path, body, signal, parser)) as T;
}

/** The budgeting interface's operations, keyed `METHOD /template` (generated/operations.ts). */
type Key = keyof BudgetingOperations;
/** A path template of the budgeting interface (`/folio/{id}/indicators`), as the server's table
 * of operations names it (generated from docs/openapi.json). */
export type BudgetPath = Key extends `${string} ${infer P}` ? P : never;
/** The operation of `M` at `P`; `never` where the interface has none, so that the call does not compile. */
type Operation<M extends Method, P extends BudgetPath> = `${M} ${P}` extends Key ? BudgetingOperations[`${M} ${P}`] : never;

/** A query parameter's value: a text, a flag, a repeated parameter's texts; absent when empty. */
type QueryValue = string | boolean | null | undefined | readonly string[];
type PathOf<O> = O extends { path: infer T } ? ([T] extends [never] ? never : { [K in keyof T]: string }) : never;
type QueryOf<O> = O extends { query: infer T } ? ([T] extends [never] ? never : { [K in keyof T]: QueryValue }) : never;
type BodyOf<O> = O extends { body: infer B } ? ([B] extends [never] ? never : Write<B>) : never;
/** What the operation `O` answers in `success`, every number as its exact text. */
export type SuccessOf<O> = O extends { answer: infer T } ? Read<T> : never;

/** What a call of operation `O` takes: the ids its path holds, its query parameters (required
 * ones required), its body, each only where the operation has it. */
type Args<O> = ([PathOf<O>] extends [never] ? { path?: never } : { path: PathOf<O> }) &
  ([QueryOf<O>] extends [never] ? { query?: never } : Record<string, never> extends QueryOf<O> ? { query?: QueryOf<O> } : { query: QueryOf<O> }) &
  ([BodyOf<O>] extends [never] ? { body?: never } : { body: BodyOf<O> }) & { signal?: AbortSignal; parser?: Parser };

/** The address of a budgeting operation: `template` with its ids filled in, then its query (empty
 * values left out, a repeated parameter once for each of its values). */
export function budgetAddress(template: string, ids: Record<string, string> = {}, query: Record<string, QueryValue> = {}): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = ids[name];
    if (id === undefined) throw new Error(`The address ${template} needs its ${name}`);
    return encodeURIComponent(id);
  });
  return `/budgets/1${path}${queryString(query)}`;
}

/** `?` and the parameters of `query` (empty values left out, a repeated parameter once for each of
 * its values), or nothing when none is left. */
export function queryString(query: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined && one !== null && one !== '') search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A budgeting call, typed by the interface's own table of operations (generated from
 * docs/openapi.json): `method` and `path` must name an operation, its ids, query and body are the
 * operation's, and the answer is its `success`, numbers as exact text.
 */
export async function call<M extends Method, P extends BudgetPath>(method: M, path: P, args: Args<Operation<M, P>>): Promise<SuccessOf<Operation<M, P>>> {
  const given = args as { path?: Record<string, string>; query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal; parser?: Parser };
  const address = budgetAddress(path, given.path, given.query);
  return unwrap(await request(method, address, given.body, given.signal, given.parser)) as SuccessOf<Operation<M, P>>;
}

/** A budgeting answer's `success`. */
function unwrap(data: unknown): unknown {
  if (data && typeof data === 'object' && 'success' in data) return data.success;
  return data;
}

/** The most pages of one list read (4 MiB each): a guard against a server that never ends one. */
export const MAX_LIST_PAGES = 256;

/** The path of the next page a `Link` header names (`<...>; rel="next"`, RFC 8288), when it is a
 * budgeting address of this site. */
export function nextPage(link: string | null): string | null {
  const target = link ? /<([^>]*)>\s*;\s*rel="?next"?/.exec(link)?.[1] : undefined;
  if (!target) return null;
  try {
    const url = new URL(target, 'http://planner.invalid');
    return url.pathname.startsWith('/budgets/1/') ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** Every page of a budgeting list (a page ends at 4 MiB; the server names the next one in a `Link`
 * header): each page's `success`, in order. A list that changed between its pages (409) is read
 * again from the start, up to three times. */
export async function budgetPages<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  for (let attempt = 1; ; attempt++) {
    const pages: T[] = [];
    let at: string | null = '/budgets/1' + path;
    try {
      while (at) {
        if (pages.length >= MAX_LIST_PAGES) throw new ApiError(refusalOf(0, { errorMessages: [`The list ${path} has more than ${MAX_LIST_PAGES} pages`] }));
        const answer: Answer = await transport('GET', at, undefined, signal);
        pages.push(unwrap(settle(at, answer)) as T);
        at = nextPage(answer.header('Link'));
      }
      return pages;
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 409 && pages.length > 0 && attempt < 3)) throw e;
    }
  }
}
