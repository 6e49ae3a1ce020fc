// The planner's addresses. Routes are paths (the server answers index.html for every non-API
// path, so a reload or a shared link lands on the same screen); preact-iso's router matches them
// (app.tsx). This module builds the paths and checks the parts a pattern cannot: an id is a
// positive integer, a folio's tab one of its screens, `next` a path of this site.

/**
 * A folio's tabs, in the order the tab bar shows them: the one list of them. Each is its address's
 * last segment (none for the overview), the tab's label, and the screen that shows it: the
 * component `screen` of `screens/tabs/{screen}.tsx`, loaded when the tab is first shown (the
 * overview's with the page). A new tab is an entry here and its screen's file.
 */
export const FOLIO_TABS = [
  { tab: 'overview', label: 'Overview', screen: 'Overview' },
  { tab: 'forecast', label: 'Forecast', screen: 'Forecast' },
  { tab: 'costs', label: 'Costs & revenues', screen: 'Costs' },
  { tab: 'scope', label: 'Scope', screen: 'Scope' },
  { tab: 'hours', label: 'Hours', screen: 'Hours' },
  { tab: 'whatif', label: 'What-if', screen: 'WhatIf' },
  { tab: 'scenarios', label: 'Scenarios', screen: 'Scenarios' },
  { tab: 'baselines', label: 'Baselines', screen: 'Baselines' },
  { tab: 'activity', label: 'Activity', screen: 'Activity' },
  { tab: 'export', label: 'Import & export', screen: 'Export' },
  { tab: 'settings', label: 'Settings', screen: 'Settings' },
] as const;

/** One of a folio's tabs, as its address names it. */
export type FolioTab = (typeof FOLIO_TABS)[number]['tab'];

/** The entry of `tab` in [`FOLIO_TABS`]. */
export function folioTab(tab: FolioTab): (typeof FOLIO_TABS)[number] {
  return FOLIO_TABS.find((t) => t.tab === tab) ?? FOLIO_TABS[0];
}

/** Paths the router leaves to the browser: the server's interfaces and its session. */
export const API_PATHS = /^\/(budgets|core|audit|oauth|session)(\/|$)/;

/** Whether `text` is a record id as a path holds it (1 to 16 digits, no leading zero). */
export function isId(text: string | undefined): text is string {
  return text !== undefined && /^[1-9]\d{0,15}$/.test(text);
}

/** The folio screen a path's last segment names (none: the overview), or null when it names none. */
export function folioTabOf(segment: string | undefined): FolioTab | null {
  const name = segment ?? 'overview';
  return FOLIO_TABS.find((t) => t.tab === name)?.tab ?? null;
}

/** The folio and its screen that an address shows (`/folios/3/costs`), or null for another page. */
export function folioAddress(path: string): { id: string; tab: FolioTab } | null {
  const m = /^\/folios\/([^/]+)(?:\/([^/]+))?\/?$/.exec(path);
  const tab = m ? folioTabOf(m[2]) : null;
  return m && isId(m[1]) && tab ? { id: m[1], tab } : null;
}

/** The address of folio `id`'s screen `tab`. */
export function folioHref(id: number | string, tab: FolioTab = 'overview'): string {
  return tab === 'overview' ? `/folios/${id}` : `/folios/${id}/${tab}`;
}

/** The address of portfolio `id`. */
export function portfolioHref(id: number | string): string {
  return `/portfolios/${id}`;
}

/**
 * A path of this site to come back to after signing in, or null: another origin, `//host`, a
 * backslash (browsers read `/\host` as `//host`), or any control or white-space character (which
 * browsers drop, so that a tab in `/<tab>/host` would make it `//host`).
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f-\u009f]/.test(next)) return null;
  // What the browser would make of it, resolved against this site: still this site, same path.
  const base = 'https://planner.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  return url.origin === base && url.pathname.startsWith('/') && !url.pathname.startsWith('//') ? next : null;
}

/** The sign-in page, coming back to `next` (a path of this site) afterwards. */
export function signInHref(next?: string | null): string {
  const back = safeNext(next);
  return back && back !== '/' ? `/signin?next=${encodeURIComponent(back)}` : '/signin';
}

/** `href` carrying the as-of date `asOf` (`?asOf=`), unless it is `today`: a tab or a shared
 * link then shows the same figures. */
export function withAsOf(href: string, asOf: string, today: string): string {
  return asOf === today ? href : `${href}${href.includes('?') ? '&' : '?'}asOf=${encodeURIComponent(asOf)}`;
}

/** The `asOf` of a query string, when it is a date. */
export function asOfOf(search: string): string | null {
  const v = new URLSearchParams(search).get('asOf');
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
}
