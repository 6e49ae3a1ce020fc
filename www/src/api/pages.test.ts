import { describe, expect, it } from 'vitest';
import { nextPage } from './client';
import { mergeCatalogs, mergeForests } from './budgets';

// Lists come a page at a time (S11.8): the next page's address in a `Link` header, a portfolio
// page's top portfolios going under their parents of earlier pages.
describe('pages of a list', () => {
  it('reads the next page from the Link header, on this site only', () => {
    expect(nextPage('<http://127.0.0.1:8080/budgets/1/folio?after=17>; rel="next"')).toBe('/budgets/1/folio?after=17');
    expect(nextPage('</budgets/1/portfolio?limit=2&after=3>; rel=next')).toBe('/budgets/1/portfolio?limit=2&after=3');
    expect(nextPage(null)).toBeNull();
    expect(nextPage('<http://127.0.0.1:8080/budgets/1/folio?after=17>; rel="prev"')).toBeNull();
    expect(nextPage('<http://127.0.0.1:8080/session>; rel="next"')).toBeNull();
  });

  it('puts a page of portfolios under their parents of earlier pages', () => {
    const p = (id: number, parentId: number | null, portfolios: unknown[] = []) =>
      ({ id, parentId, name: `P${id}`, portfolios }) as unknown as Parameters<typeof mergeForests>[0][number][number];
    const merged = mergeForests([[p(1, null, [p(2, 1)])], [p(3, 2), p(4, 1), p(5, null)]]);
    expect(merged.map((t) => t.id)).toEqual([1, 5]);
    expect(merged[0]?.portfolios.map((t) => t.id)).toEqual([2, 4]);
    expect(merged[0]?.portfolios[0]?.portfolios.map((t) => t.id)).toEqual([3]);
  });

  it('joins the pages of a catalog of custom fields by type', () => {
    const d = (id: number) => ({ id, name: `F${id}` }) as never;
    const merged = mergeCatalogs([{ customFields: { ACTUAL: [d(1)], TEAM: [d(2)] } }, { customFields: { ACTUAL: [d(3)] } }] as never);
    expect(merged.customFields.ACTUAL?.map((f) => f.id)).toEqual([1, 3]);
    expect(merged.customFields.TEAM?.map((f) => f.id)).toEqual([2]);
  });
});
