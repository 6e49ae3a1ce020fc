// The shell: who is signed in (GET /session), the top bar, and the screen of the route.
import { useEffect } from 'preact/hooks';
import { lazy, Suspense } from 'preact/compat';
import { api } from './api/budgets';
import { ApiError, setCsrf, setUnauthorizedHandler } from './api/client';
import { announce, go, navigate, notice, route, session } from './state';
import { href } from './lib/routes';
import { Loading } from './components/ui';
import { SignIn } from './screens/SignIn';
import { Folios } from './screens/Folios';
import { NewFolio } from './screens/NewFolio';
import { FolioScreen } from './screens/Folio';

const Portfolios = lazy(() => import('./screens/Portfolios').then((m) => ({ default: m.Portfolios })));
const PortfolioScreen = lazy(() => import('./screens/Portfolio').then((m) => ({ default: m.PortfolioScreen })));

async function loadSession(): Promise<void> {
  try {
    const s = await api.session();
    setCsrf(s.csrf);
    session.value = s;
  } catch (e) {
    setCsrf(null);
    session.value = null;
    if (!(e instanceof ApiError) || (e.status !== 401 && e.status !== 404)) announce('Could not reach the server to check your session.', 'error');
  }
}

export async function signOut(): Promise<void> {
  try {
    await api.signOut();
  } catch {
    // Signed out already, or the server is gone: either way the page forgets the session.
  }
  setCsrf(null);
  session.value = null;
  go({ name: 'signin' });
}

function TopBar() {
  const s = session.value;
  const r = route.value;
  const section = r.name === 'portfolios' || r.name === 'portfolio' ? 'portfolios' : 'folios';
  return (
    <header class="topbar">
      <a class="brand" href="/">
        <span class="logo" aria-hidden="true">◆</span> costfolio
      </a>
      {s ? (
        <>
          <nav class="mainnav" aria-label="Main">
            <a href="/" aria-current={section === 'folios' ? 'page' : undefined}>
              Folios
            </a>
            <a href="/portfolios" aria-current={section === 'portfolios' ? 'page' : undefined}>
              Portfolios
            </a>
          </nav>
          <div class="user">
            <span class="who" title={s.budgetAdmin ? 'Budget administrator' : undefined}>
              <span class="sr-only">Signed in as </span>
              {s.user}
            </span>
            <button type="button" class="btn btn-ghost" onClick={() => void signOut()}>
              Sign out
            </button>
          </div>
        </>
      ) : null}
    </header>
  );
}

function Screen() {
  const r = route.value;
  const s = session.value;
  if (s === undefined) return <Loading label="Checking your session" />;
  if (!s && r.name !== 'signin') {
    const next = location.pathname + location.search;
    queueMicrotask(() => go({ name: 'signin', next: next === '/' ? undefined : next } as never, true));
    return <Loading label="Redirecting to sign in" />;
  }
  switch (r.name) {
    case 'signin':
      if (s) {
        queueMicrotask(() => navigate(r.next ?? '/', true));
        return <Loading />;
      }
      return <SignIn next={r.next} />;
    case 'folios':
      return <Folios />;
    case 'newFolio':
      return <NewFolio />;
    case 'folio':
      return <FolioScreen id={String(r.id)} tab={r.tab} />;
    case 'portfolios':
      return (
        <Suspense fallback={<Loading />}>
          <Portfolios />
        </Suspense>
      );
    case 'portfolio':
      return (
        <Suspense fallback={<Loading />}>
          <PortfolioScreen id={String(r.id)} />
        </Suspense>
      );
    case 'notFound':
      return (
        <div class="page">
          <h1>Page not found</h1>
          <p>
            There is no screen at <code>{r.path}</code>. <a href={href({ name: 'folios' })}>Go to the folios</a>.
          </p>
        </div>
      );
  }
}

export function App() {
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (session.value) {
        setCsrf(null);
        session.value = null;
        announce('Your session has ended. Please sign in again.', 'error');
      }
    });
    void loadSession();
  }, []);
  const n = notice.value;
  return (
    <>
      <a class="skip" href="#main" data-native>
        Skip to content
      </a>
      <TopBar />
      <main id="main" tabIndex={-1}>
        <Screen />
      </main>
      <div class={`toast${n ? ` toast-${n.kind}` : ''}`} role="status" aria-live="polite">
        {n?.text ?? ''}
      </div>
    </>
  );
}
