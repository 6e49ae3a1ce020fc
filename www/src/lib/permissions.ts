// What the signed-in user may do, as the planner offers it (the server decides: S11.4, S11.5). A
// button the user may not use is not shown; the server refuses the request all the same.
import type { Folio } from '../api/types';
import { session } from '../state';

/** Whether the signed-in user may change `folio`: its owner, or a budget administrator (S11.5). */
export function mayChangeFolio(folio: Folio): boolean {
  const me = session.value;
  return !!me && (me.budgetAdmin || me.user === folio.owner);
}
