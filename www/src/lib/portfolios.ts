// Portfolios as a tree: `GET /portfolio` answers the top ones, each with its sub-portfolios inside
// (`portfolios`); the screens look one up by id, list them in tree order, and filter folios by a
// portfolio with everything under it.
import { withId, type Portfolio } from '../api/types';

/** A portfolio with where it stands in the tree: its depth (0 at the top) and its parent's id. */
export interface Placed {
  portfolio: Portfolio;
  depth: number;
  parentId: string | null;
}

/** Every portfolio of `tops` and below, parents before their children (depth first, in order). */
export function flatten(tops: readonly Portfolio[]): Placed[] {
  const out: Placed[] = [];
  const walk = (p: Portfolio, depth: number, parentId: string | null) => {
    out.push({ portfolio: p, depth, parentId });
    for (const child of p.portfolios) walk(withId(child, 'a sub-portfolio'), depth + 1, p.id);
  };
  for (const p of tops) walk(p, 0, null);
  return out;
}

/** The ids of the folios of `portfolio` and of every portfolio under it. */
export function folioIdsUnder(portfolio: Portfolio): Set<string> {
  const ids = new Set<string>();
  for (const { portfolio: p } of flatten([portfolio])) for (const f of p.folios) ids.add(f.id);
  return ids;
}

/** The chain of portfolios from the top down to `id` (itself last); empty when it is not in `all`. */
export function ancestry(all: readonly Placed[], id: string): Placed[] {
  const byId = new Map(all.map((p) => [p.portfolio.id, p]));
  const chain: Placed[] = [];
  for (let at = byId.get(id); at; at = at.parentId ? byId.get(at.parentId) : undefined) chain.unshift(at);
  return chain;
}
