// Who may change a folio's draft and scenarios (S15.8): its owner, budget administrators, and
// the editors it names (GET /folio/{id}/editors). The planner offers no button the user may not
// use; the server refuses the request all the same.
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { Folio } from '../api/types';
import { mayChangeFolio, session } from '../state';
import { keys } from './queries';

/** Whether `user` is among `editors` (an answer of GET /folio/{id}/editors). */
export function isEditor(editors: { users: string[] } | undefined, user: string | undefined): boolean {
  return !!user && !!editors?.users.includes(user);
}

/** Whether the signed-in user may change `folio`'s draft and scenarios: false while the editors
 * are being read, and for a deleted folio. */
export function useMayEdit(folio: Folio): boolean {
  const owner = mayChangeFolio(folio);
  const editors = useQuery({
    queryKey: keys.editors(folio.id),
    queryFn: ({ signal }) => api.editors(folio.id, signal),
    enabled: !owner,
  });
  if (folio.deletedOn) return false;
  return owner || isEditor(editors.data, session.value?.user);
}
