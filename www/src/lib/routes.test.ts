import { describe, expect, it } from 'vitest';
import { asOfOf, FOLIO_TABS, folioAddress, folioHref, folioTab, folioTabOf, isId, portfolioHref, safeNext, signInHref, withAsOf } from './routes';

describe('routes', () => {
  it('takes ids as a path writes them', () => {
    expect(isId('3')).toBe(true);
    expect(isId('1234567890123456')).toBe(true);
    expect(isId('0')).toBe(false);
    expect(isId('03')).toBe(false);
    expect(isId('x')).toBe(false);
    expect(isId('12345678901234567')).toBe(false);
    expect(isId(undefined)).toBe(false);
  });
  it('knows the folio screens', () => {
    expect(folioTabOf(undefined)).toBe('overview');
    expect(folioTabOf('costs')).toBe('costs');
    expect(folioTabOf('baselines')).toBe('baselines');
    expect(folioTabOf('nope')).toBeNull();
    expect(folioTab('whatif').label).toBe('What-if');
    expect(new Set(FOLIO_TABS.map((t) => t.tab)).size).toBe(FOLIO_TABS.length);
  });
  it('reads a folio and its tab from the address', () => {
    expect(folioAddress('/folios/3')).toEqual({ id: '3', tab: 'overview' });
    expect(folioAddress('/folios/3/costs')).toEqual({ id: '3', tab: 'costs' });
    expect(folioAddress('/folios/3/nope')).toBeNull();
    expect(folioAddress('/folios/03/costs')).toBeNull();
    expect(folioAddress('/portfolios/3')).toBeNull();
  });
  it('builds the paths the e2e tests open', () => {
    expect(folioHref('4')).toBe('/folios/4');
    expect(folioHref('4', 'costs')).toBe('/folios/4/costs');
    expect(folioHref(7, 'export')).toBe('/folios/7/export');
    expect(portfolioHref('2')).toBe('/portfolios/2');
  });
  it('comes back only to a path of this site after signing in', () => {
    expect(signInHref('/folios/2')).toBe('/signin?next=%2Ffolios%2F2');
    expect(signInHref('/')).toBe('/signin');
    expect(signInHref(undefined)).toBe('/signin');
    expect(signInHref('//evil.example')).toBe('/signin');
    expect(safeNext('https://evil.example/')).toBeNull();
    expect(safeNext('/folios/2?asOf=2026-03-13')).toBe('/folios/2?asOf=2026-03-13');
  });
  it('takes only paths of this site to come back to', () => {
    for (const bad of [
      '/\\evil.example',
      '/\\/evil.example',
      '/%09/evil.example'.replace('%09', '\t'),
      '/\n/evil.example',
      '/ /evil.example',
      '/\u0000x',
      '/\u007f/evil.example',
      '/\u00a0/evil.example',
      '//evil.example',
      'evil.example',
      '',
    ]) {
      expect(safeNext(bad), JSON.stringify(bad)).toBeNull();
    }
    // Percent-encoded characters stay text of the path: the browser does not decode them.
    expect(safeNext('/%09/evil.example')).toBe('/%09/evil.example');
    expect(safeNext('/folios/2/costs')).toBe('/folios/2/costs');
    expect(signInHref('/\\evil.example')).toBe('/signin');
  });
  it('keeps the as-of date in a link unless it is today', () => {
    expect(withAsOf('/folios/2/forecast', '2026-06-30', '2026-11-28')).toBe('/folios/2/forecast?asOf=2026-06-30');
    expect(withAsOf('/folios/2/forecast', '2026-11-28', '2026-11-28')).toBe('/folios/2/forecast');
    expect(withAsOf('/x?a=1', '2026-06-30', '2026-11-28')).toBe('/x?a=1&asOf=2026-06-30');
  });
  it('reads asOf', () => {
    expect(asOfOf('?asOf=2026-03-13')).toBe('2026-03-13');
    expect(asOfOf('?asOf=yesterday')).toBeNull();
  });
});
