// The planner's global state: who is signed in, how the planner runs, and the as-of date. Where
// we are is the router's (preact-iso's `useLocation`, app.tsx); the server's data is the query
// cache's (lib/queries.ts).
import { signal } from '@preact/signals';
import type { Folio, Session } from './api/types';
import { asOfOf } from './lib/routes';
import { today } from './lib/format';

/** undefined while `GET /session` is under way; null when signed out. */
export const session = signal<Session | null | undefined>(undefined);

/**
 * Whether the signed-in user may change `folio`: its owner, or a budget administrator (S11.5). The
 * planner offers no button the user may not use; the server refuses the request all the same.
 */
export function mayChangeFolio(folio: Folio): boolean {
  const me = session.value;
  return !!me && (me.budgetAdmin || me.user === folio.owner);
}

/**
 * 'connected': a costfolio server answers (its `GET /session` answers JSON); 'offline': the page
 * is served by a plain static host and the wasm core answers in the browser (docs/planner.md).
 */
export type Mode = 'connected' | 'offline';
export const mode = signal<Mode>('connected');

/** Why the offline planner cannot run in this browser (no IndexedDB, ...); null when it can. */
export const offlineProblem = signal<string | null>(null);

/** The as-of date of every folio and portfolio figure; default today from the browser's clock. */
export const asOf = signal<string>(asOfOf(location.search) ?? today());

/** A short message announced to screen readers and shown as a toast. */
export const notice = signal<{ text: string; kind: 'ok' | 'error' } | null>(null);
let noticeTimer: ReturnType<typeof setTimeout> | undefined;
export function announce(text: string, kind: 'ok' | 'error' = 'ok'): void {
  notice.value = { text, kind };
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => (notice.value = null), 6000);
}

/** Another as-of date, kept in the address (`?asOf=`) unless it is today. */
export function setAsOf(value: string): void {
  asOf.value = value;
  const url = new URL(location.href);
  if (value === today()) url.searchParams.delete('asOf');
  else url.searchParams.set('asOf', value);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}
