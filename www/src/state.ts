// The planner's global state: who is signed in, where we are, and the as-of date.
import { signal } from '@preact/signals';
import type { Session } from './api/types';
import { asOfOf, href, parseRoute, type Route } from './lib/routes';
import { today } from './lib/format';

/** undefined while `GET /session` is under way; null when signed out. */
export const session = signal<Session | null | undefined>(undefined);

/**
 * 'connected': a costfolio server answers (its `GET /session` answers JSON); 'offline': the page
 * is served by a plain static host and the wasm core answers in the browser (docs/planner.md).
 */
export type Mode = 'connected' | 'offline';
export const mode = signal<Mode>('connected');

/** Why the offline planner cannot run in this browser (no IndexedDB, ...); null when it can. */
export const offlineProblem = signal<string | null>(null);

/**
 * Bumped when the data changed elsewhere (another tab of the offline planner wrote): every
 * `useAsync` depends on it, so the screen on display asks for its data again.
 */
export const dataVersion = signal(0);

export const route = signal<Route>(parseRoute(location.pathname, location.search));

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

export function navigate(path: string, replace = false): void {
  const url = new URL(path, location.origin);
  const target = url.pathname + url.search + url.hash;
  if (target !== location.pathname + location.search + location.hash) {
    if (replace) history.replaceState(null, '', target);
    else history.pushState(null, '', target);
  }
  route.value = parseRoute(url.pathname, url.search);
  if (!replace) window.scrollTo(0, 0);
}

export function go(r: Route, replace = false): void {
  navigate(href(r), replace);
}

export function setAsOf(value: string): void {
  asOf.value = value;
  const url = new URL(location.href);
  if (value === today()) url.searchParams.delete('asOf');
  else url.searchParams.set('asOf', value);
  history.replaceState(null, '', url.pathname + url.search + url.hash);
}

/** In-app links: a plain click on a same-origin `<a href="/...">` changes the route without a reload. */
export function installLinkHandler(): void {
  window.addEventListener('popstate', () => {
    route.value = parseRoute(location.pathname, location.search);
  });
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const a = (event.target as Element | null)?.closest?.('a');
    if (!a || a.target || a.hasAttribute('download') || a.dataset.native !== undefined) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin) return;
    if (/^\/(budgets|core|audit|oauth|session)(\/|$)/.test(url.pathname)) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  });
}
