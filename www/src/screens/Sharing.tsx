// Who a folio is shared with (GET /folio/{id}/viewers): users who read it and change nothing
// (S11.4, S11.5); and its editors (GET /folio/{id}/editors): users who change its draft and its
// scenarios like its owner, not its approved budget, record or sharing (S15.8). Its owner and
// budget administrators add a user, picked among those the service knows, and remove one; each
// change sends the whole list (PUT .../viewers, PUT .../editors).
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

/** The two ways a folio is shared: its readers and its editors. */
const ROLES = {
  viewers: {
    read: api.viewers,
    write: api.shareFolio,
    key: keys.viewers,
    list: 'Shared with',
    none: 'Not shared with anyone.',
    field: 'Share with',
    button: 'Share',
    busy: 'Sharing…',
    removed: (folio: string, user: string) => `“${folio}” is no longer shared with ${user}.`,
    added: (folio: string, user: string) => `“${folio}” is shared with ${user}.`,
    what: (user: string) => `${user} from the folio's readers`,
    attribute: 'viewer',
  },
  editors: {
    read: api.editors,
    write: api.setEditors,
    key: keys.editors,
    list: 'Editors',
    none: 'No editors: only the owner and budget administrators change it.',
    field: 'Add an editor',
    button: 'Add editor',
    busy: 'Adding…',
    removed: (folio: string, user: string) => `${user} no longer edits “${folio}”.`,
    added: (folio: string, user: string) => `${user} now edits “${folio}”'s draft and scenarios.`,
    what: (user: string) => `${user} from the folio's editors`,
    attribute: 'editor',
  },
} as const;

type Role = keyof typeof ROLES;

export function Sharing({ folio, mayChange }: { folio: Folio; mayChange: boolean }) {
  return (
    <section class="card" aria-labelledby="sharing-title">
      <h2 id="sharing-title">Sharing</h2>
      <p class="muted">
        Users it is shared with read this folio and its figures; they change nothing. Editors also change its draft and its scenarios. The owner,{' '}
        <strong>{folio.owner}</strong>, and budget administrators change everything, and alone approve its budget, promote a scenario and share it.
      </p>
      <People folio={folio} mayChange={mayChange} role="viewers" />
      <h3>Editors</h3>
      <People folio={folio} mayChange={mayChange} role="editors" />
    </section>
  );
}

function People({ folio, mayChange, role }: { folio: Folio; mayChange: boolean; role: Role }) {
  const r = ROLES[role];
  const people = useQuery({ queryKey: r.key(folio.id), queryFn: ({ signal }) => r.read(folio.id, signal) });
  const users = people.data?.users ?? [];
  const save = async (next: string[]) => {
    await r.write(folio.id, next);
    await folioChanged(folio.id);
  };
  const removal = useRemoval(async (user: string) => {
    await save(users.filter((u) => u !== user));
    announce(r.removed(folio.name, user));
  });
  return (
    <div data-sharing={role}>
      {people.error ? <ErrorBox error={people.error} onRetry={() => void people.refetch()} /> : null}
      {!people.data && !people.error ? <Loading label={`Loading the folio's ${role}`} /> : null}
      {people.data ? (
        users.length === 0 ? (
          <p {...{ [`data-${role}`]: 'none' }}>{r.none}</p>
        ) : (
          <ul class="viewers" aria-label={r.list}>
            {users.map((u) => (
              <li key={u} {...{ [`data-${r.attribute}`]: u }}>
                <span>{u}</span>
                {mayChange ? (
                  <RemoveActions
                    verb="Remove"
                    what={r.what(u)}
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
      {mayChange && people.data ? <AddForm folio={folio} users={users} save={save} role={role} /> : null}
    </div>
  );
}

/** Adds one user: a user the service knows, not the owner, not one already there. */
function AddForm({ folio, users, save, role }: { folio: Folio; users: string[]; save: (next: string[]) => Promise<void>; role: Role }) {
  const r = ROLES[role];
  const [user, setUser] = useState('');
  const submit = useSubmit(['user', 'users']);
  const add = async (e: Event) => {
    e.preventDefault();
    const key = user.trim();
    const errors: Record<string, string> = {};
    if (!key) errors.user = role === 'viewers' ? 'Name the user to share with' : 'Name the user who edits';
    else if (key === folio.owner) errors.user = `${key} owns this folio`;
    else if (users.includes(key)) errors.user = role === 'viewers' ? `The folio is already shared with ${key}` : `${key} already edits this folio`;
    if (Object.keys(errors).length === 0) {
      try {
        if (!(await isKnownUser(key))) errors.user = `No user “${key}” is known to the service`;
      } catch {
        // The search failed (the network): the change itself says why, below.
      }
    }
    await submit.run(errors, async () => {
      await save([...users, key]);
      setUser('');
      announce(r.added(folio.name, key));
    });
  };
  return (
    <form class="form inline-form" onSubmit={(e) => void add(e)} noValidate>
      <FormErrors refusal={submit.refusal} />
      <UserField
        label={r.field}
        name="user"
        value={user}
        onValue={setUser}
        error={submit.err('user')}
        hint="A user key; type part of a name for suggestions."
      />
      <div class="form-actions start">
        <button type="submit" class="btn btn-primary" disabled={submit.busy}>
          {submit.busy ? r.busy : r.button}
        </button>
      </div>
    </form>
  );
}
