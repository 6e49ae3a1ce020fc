// Who a folio is shared with (GET /folio/{id}/viewers): users who read it and change nothing
// (S11.4, S11.5). Its owner and budget administrators add a user, picked among those the service
// knows, and stop sharing with one; each change sends the whole list (PUT /folio/{id}/viewers).
import { useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { Folio } from '../api/types';
import { folioChanged, keys } from '../lib/queries';
import { announce } from '../state';
import { useSubmit } from '../components/useSubmit';
import { isKnownUser, UserField } from '../components/UserField';
import { RemoveActions, useRemoval } from '../components/Removal';
import { ErrorBox, FormErrors, Loading } from '../components/ui';

export function Sharing({ folio, mayChange }: { folio: Folio; mayChange: boolean }) {
  const viewers = useQuery({ queryKey: keys.viewers(folio.id), queryFn: ({ signal }) => api.viewers(folio.id, signal) });
  const users = viewers.data?.users ?? [];
  const share = async (next: string[]) => {
    await api.shareFolio(folio.id, next);
    await folioChanged(folio.id);
  };
  const removal = useRemoval(async (user: string) => {
    await share(users.filter((u) => u !== user));
    announce(`“${folio.name}” is no longer shared with ${user}.`);
  });
  return (
    <section class="card" aria-labelledby="sharing-title">
      <h2 id="sharing-title">Sharing</h2>
      <p class="muted">
        Users it is shared with read this folio and its figures; they change nothing. The owner, <strong>{folio.owner}</strong>, and budget administrators
        change it.
      </p>
      {viewers.error ? <ErrorBox error={viewers.error} onRetry={() => void viewers.refetch()} /> : null}
      {!viewers.data && !viewers.error ? <Loading label="Loading who the folio is shared with" /> : null}
      {viewers.data ? (
        users.length === 0 ? (
          <p data-viewers="none">Not shared with anyone.</p>
        ) : (
          <ul class="viewers" aria-label="Shared with">
            {users.map((u) => (
              <li key={u} data-viewer={u}>
                <span>{u}</span>
                {mayChange ? (
                  <RemoveActions
                    verb="Remove"
                    what={`${u} from the folio's readers`}
                    asking={removal.asked === u}
                    busy={removal.busy}
                    onAsk={() => removal.ask(u)}
                    onKeep={() => removal.ask(null)}
                    onConfirm={() => void removal.remove(u)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : null}
      <FormErrors refusal={removal.refusal} />
      {mayChange && viewers.data ? <ShareForm folio={folio} users={users} share={share} /> : null}
    </section>
  );
}

/** Adds one user to the readers: a user the service knows, not the owner, not one already there. */
function ShareForm({ folio, users, share }: { folio: Folio; users: string[]; share: (next: string[]) => Promise<void> }) {
  const [user, setUser] = useState('');
  const submit = useSubmit(['user', 'users']);
  const add = async (e: Event) => {
    e.preventDefault();
    const key = user.trim();
    const errors: Record<string, string> = {};
    if (!key) errors.user = 'Name the user to share with';
    else if (key === folio.owner) errors.user = `${key} owns this folio`;
    else if (users.includes(key)) errors.user = `The folio is already shared with ${key}`;
    if (Object.keys(errors).length === 0) {
      try {
        if (!(await isKnownUser(key))) errors.user = `No user “${key}” is known to the service`;
      } catch {
        // The search failed (the network): the share itself says why, below.
      }
    }
    await submit.run(errors, async () => {
      await share([...users, key]);
      setUser('');
      announce(`“${folio.name}” is shared with ${key}.`);
    });
  };
  return (
    <form class="form inline-form" onSubmit={(e) => void add(e)} noValidate>
      <FormErrors refusal={submit.refusal} />
      <UserField
        label="Share with"
        name="user"
        value={user}
        onValue={setUser}
        error={submit.err('user')}
        hint="A user key; type part of a name for suggestions."
      />
      <div class="form-actions start">
        <button type="submit" class="btn btn-primary" disabled={submit.busy}>
          {submit.busy ? 'Sharing…' : 'Share'}
        </button>
      </div>
    </form>
  );
}
