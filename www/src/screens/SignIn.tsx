// Sign-in: POST /session. The password is sent once and kept nowhere; the server answers with an
// HttpOnly cookie and the CSRF token the page keeps in memory.
import { useState } from 'preact/hooks';
import { api } from '../api/budgets';
import { ApiError, setCsrf } from '../api/client';
import { session } from '../state';
import { Field, FormErrors } from '../components/ui';
import type { Refusal } from '../api/errors';

/** Signed in, the shell goes on to `?next=` (app.tsx). */
export function SignIn() {
  const [username, setUsername] = useState('');
  const [secret, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    // Read the form itself: a password manager's autofill may not fire input events.
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const username = field('username');
    const password = field('password');
    const fields: Record<string, string> = {};
    if (!username.trim()) fields.username = 'User name is required';
    if (!password) fields.password = 'Password is required';
    if (Object.keys(fields).length) {
      setRefusal({ status: 0, messages: [], fields });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const s = await api.signIn({ username: username.trim(), password });
      setPassword('');
      setCsrf(s.csrf);
      session.value = s;
    } catch (error) {
      setPassword('');
      setRefusal(error instanceof ApiError ? error.refusal : { status: 0, messages: [String(error)], fields: {} });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="signin">
      <form class="card signin-card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="signin-title">
        <h1 id="signin-title">Sign in to costfolio</h1>
        <p class="muted">Plan costs, revenues and forecasts of your folios.</p>
        <FormErrors refusal={refusal && { ...refusal, fields: {} }} />
        <Field label="User name" name="username" value={username} onValue={setUsername} autoComplete="username" error={refusal?.fields.username} autoFocus />
        <Field
          label="Password"
          name="password"
          type="password"
          value={secret}
          onValue={setPassword}
          autoComplete="current-password"
          error={refusal?.fields.password}
        />
        <button type="submit" class="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </div>
  );
}
