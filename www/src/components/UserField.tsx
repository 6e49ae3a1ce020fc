// A user key typed with suggestions: the users the service knows whose key or name contains what
// is typed (GET /budgets/1/users?query=), offered by the browser's own list (a datalist), so the
// field stays a plain text field for the keyboard and screen readers.
import { useId } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import { Field } from './ui';

/** How many suggestions one keystroke asks for. */
const SUGGESTIONS = 20;

export function UserField({
  label,
  name,
  value,
  onValue,
  error,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  const list = useId();
  const query = value.trim();
  const users = useQuery({
    queryKey: ['users', query],
    queryFn: ({ signal }) => api.users(query, SUGGESTIONS, signal),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
  return (
    <>
      <Field label={label} name={name} value={value} onValue={onValue} error={error} hint={hint} list={list} autoComplete="off" spellcheck={false} />
      <datalist id={list}>
        {(users.data ?? []).map((u) => (
          <option key={u.key} value={u.key}>
            {u.displayName}
          </option>
        ))}
      </datalist>
    </>
  );
}

/** Whether `key` is a user the service knows (an exact key among the matches of a search for it). */
export async function isKnownUser(key: string): Promise<boolean> {
  const found = await api.users(key, 100);
  return found.some((u) => u.key === key);
}
