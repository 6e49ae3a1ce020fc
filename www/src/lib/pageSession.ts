// The session the server wrote into the page: a page of the planner asked for with a live session
// carries the answer `GET /session` would give in a JSON data block (host/src/http/planner.rs),
// so that the page need not ask for it before its first screen.
import type { Session } from '../api/types';
import { parseJson } from '../api/json';

/** The id of the data block the server writes the session into. */
export const SESSION_BLOCK_ID = 'costfolio-session';

/**
 * The session written into `page`, taken out of it (the CSRF token then lives in memory only);
 * null when the page has none, or one that is not a session (the planner then asks `GET /session`).
 */
export function takeSessionFromPage(page: Document): Session | null {
  const block = page.getElementById(SESSION_BLOCK_ID);
  if (!block) return null;
  block.remove();
  let s: Partial<Session> | null;
  try {
    s = parseJson(block.textContent ?? '') as Partial<Session> | null;
  } catch {
    return null;
  }
  return s && typeof s.user === 'string' && typeof s.csrf === 'string' && typeof s.budgetAdmin === 'boolean' && typeof s.expiresAt === 'string'
    ? { user: s.user, budgetAdmin: s.budgetAdmin, csrf: s.csrf, expiresAt: s.expiresAt }
    : null;
}
