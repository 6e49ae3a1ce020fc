// The one place that talks HTTP: same-origin cookie credentials, the session's CSRF token on every
// change, lossless JSON both ways, refusals as `ApiError` with the server's messages.
import { parseJson, toJson } from '../lib/json';
import { refusalOf, type Refusal } from '../lib/errors';

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

export async function request(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
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
  let data: unknown = null;
  if (text) {
    try {
      data = parseJson(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && path.startsWith('/budgets/')) onUnauthorized();
    throw new ApiError(refusalOf(response.status, data, response.headers.get('Retry-After')));
  }
  return data;
}

/** A budgeting call: unwraps `{success: ...}`. */
export async function budget<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const data = await request(method, '/budgets/1' + path, body, signal);
  if (data && typeof data === 'object' && 'success' in data) return (data as { success: T }).success;
  return data as T;
}
