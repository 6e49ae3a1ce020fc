// Path-based routes of the planner. The server answers index.html for every non-API path, so a
// reload or a shared link lands on the same screen.

export type FolioTab = 'overview' | 'forecast' | 'costs' | 'whatif' | 'baselines' | 'export';
export const FOLIO_TABS: readonly FolioTab[] = ['overview', 'forecast', 'costs', 'whatif', 'baselines', 'export'];

export type Route =
  | { name: 'signin'; next?: string }
  | { name: 'folios' }
  | { name: 'newFolio' }
  | { name: 'folio'; id: number; tab: FolioTab }
  | { name: 'portfolios' }
  | { name: 'portfolio'; id: number }
  | { name: 'notFound'; path: string };

function id(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,15}$/.test(text)) return null;
  return Number(text);
}

/** The route of a path (query and hash are ignored except `next` on the sign-in page). */
export function parseRoute(pathname: string, search = ''): Route {
  const path = pathname.replace(/\/+$/, '') || '/';
  const parts = path.split('/').filter(Boolean);
  if (path === '/' || path === '/folios') return { name: 'folios' };
  if (path === '/folios/new') return { name: 'newFolio' };
  if (path === '/signin') {
    const next = new URLSearchParams(search).get('next');
    return next && next.startsWith('/') && !next.startsWith('//') ? { name: 'signin', next } : { name: 'signin' };
  }
  if (path === '/portfolios') return { name: 'portfolios' };
  if (parts[0] === 'folios' && parts.length <= 3) {
    const folio = id(parts[1]);
    const tab = (parts[2] ?? 'overview') as FolioTab;
    if (folio !== null && FOLIO_TABS.includes(tab)) return { name: 'folio', id: folio, tab };
  }
  if (parts[0] === 'portfolios' && parts.length === 2) {
    const portfolio = id(parts[1]);
    if (portfolio !== null) return { name: 'portfolio', id: portfolio };
  }
  return { name: 'notFound', path: pathname };
}

/** The path of a route. */
export function href(route: Route): string {
  switch (route.name) {
    case 'signin':
      return route.next ? `/signin?next=${encodeURIComponent(route.next)}` : '/signin';
    case 'folios':
      return '/';
    case 'newFolio':
      return '/folios/new';
    case 'folio':
      return route.tab === 'overview' ? `/folios/${route.id}` : `/folios/${route.id}/${route.tab}`;
    case 'portfolios':
      return '/portfolios';
    case 'portfolio':
      return `/portfolios/${route.id}`;
    case 'notFound':
      return route.path;
  }
}

export function folioHref(id: number | string, tab: FolioTab = 'overview'): string {
  return href({ name: 'folio', id: Number(id), tab });
}

/** The `asOf` of a query string, when it is a date. */
export function asOfOf(search: string): string | null {
  const v = new URLSearchParams(search).get('asOf');
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
}
