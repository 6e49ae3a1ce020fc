import { describe, expect, it } from 'vitest';
import { asOfOf, folioHref, href, parseRoute } from './routes';

describe('routes', () => {
  it('parses every screen', () => {
    expect(parseRoute('/')).toEqual({ name: 'folios' });
    expect(parseRoute('/folios/new')).toEqual({ name: 'newFolio' });
    expect(parseRoute('/folios/3')).toEqual({ name: 'folio', id: 3, tab: 'overview' });
    expect(parseRoute('/folios/3/costs')).toEqual({ name: 'folio', id: 3, tab: 'costs' });
    expect(parseRoute('/folios/3/baselines/')).toEqual({ name: 'folio', id: 3, tab: 'baselines' });
    expect(parseRoute('/portfolios')).toEqual({ name: 'portfolios' });
    expect(parseRoute('/portfolios/1')).toEqual({ name: 'portfolio', id: 1 });
    expect(parseRoute('/signin', '?next=%2Ffolios%2F2')).toEqual({ name: 'signin', next: '/folios/2' });
  });
  it('refuses what is not a screen', () => {
    expect(parseRoute('/folios/0').name).toBe('notFound');
    expect(parseRoute('/folios/x/costs').name).toBe('notFound');
    expect(parseRoute('/folios/3/nope').name).toBe('notFound');
    expect(parseRoute('/signin', '?next=//evil.example').name).toBe('signin');
    expect(parseRoute('/signin', '?next=//evil.example')).toEqual({ name: 'signin' });
  });
  it('builds paths that parse back', () => {
    for (const path of ['/', '/folios/new', '/folios/7', '/folios/7/forecast', '/folios/7/export', '/portfolios', '/portfolios/2']) {
      expect(href(parseRoute(path))).toBe(path);
    }
    expect(folioHref('4', 'costs')).toBe('/folios/4/costs');
  });
  it('reads asOf', () => {
    expect(asOfOf('?asOf=2026-03-13')).toBe('2026-03-13');
    expect(asOfOf('?asOf=yesterday')).toBeNull();
  });
});
