// The shell: who is signed in (GET /session, asked as the page starts, then the first screen's
// code and answers beside each other), the top bar, and the screen of the address (preact-iso's
// router; the screens after the first are loaded when first shown).
import { useEffect } from 'preact/hooks';
import { lazy, Route, Router, useLocation, useRoute } from 'preact-iso';
import { api } from './api/budgets';
import { ApiError, serverTransport, setCsrf, setTransport, setUnauthorizedHandler, settle } from './api/client';
import type { Session } from './api/types';
import { refusalOf } from './api/errors';
import { takeSessionFromPage } from './lib/pageSession';
import { everythingChanged } from './lib/queries';
import { announce, asOf, mode, notice, offlineProblem, session } from './state';
import { folioAddress, isId, safeNext, signInHref } from './lib/routes';
import { Loading } from './components/ui';
import { Shortcuts } from './components/Shortcuts';
import { SignIn } from './screens/SignIn';
import { Folios } from './screens/Folios';
import { NewFolio } from './screens/NewFolio';
import { FolioRoute, preloadFolio } from './screens/Folio';

const Portfolios = lazy(() => import('./screens/Portfolios').then((m) => m.Portfolios));
const PortfolioForm = lazy(() => import('./screens/PortfolioForm').then((m) => m.PortfolioForm));
const PortfolioScreen = lazy(() => import('./screens/Portfolio').then((m) => m.PortfolioScreen));
const ExchangeRates = lazy(() => import('./screens/ExchangeRates').then((m) => m.ExchangeRates));
const OvertimeRules = lazy(() => import('./screens/OvertimeRules').then((m) => m.OvertimeRules));

async function loadSession(): Promise<void> {
  const written = takeSessionFromPage(document);
  if (written) {
    signedIn(written);
    return;
  }
  try {
    // Connected iff the server answers `/session` with JSON (200 or 401 alike). Offline only when a
    // static host answers: a 404 that is not JSON, or this planner's own page (its marker meta
    // tag: the host's fallback to index.html). Anything else (a network failure, a gateway's 5xx
    // page, a proxy's 401/403/429 page, a single sign-on page) stays an error (below), never a
    // switch to data kept in this browser.
    const answer = await serverTransport('GET', '/session', undefined);
    const json = (answer.header('Content-Type') ?? '').toLowerCase().includes('application/json');
    if (!json && (answer.status === 404 || (answer.status === 200 && isPlannerPage(answer.text)))) {
      await startOffline();
      return;
    }
    if (!json) throw new ApiError(refusalOf(answer.status, null));
    signedIn(settle('/session', answer) as Session);
  } catch (e) {
    setCsrf(null);
    session.value = null;
    if (!(e instanceof ApiError) || (e.status !== 401 && e.status !== 404)) announce('Could not reach the server to check your session.', 'error');
  }
}

/** Whether `html` is this planner's own page (a static host's fallback for unknown paths). */
function isPlannerPage(html: string): boolean {
  return /<meta name="costfolio-planner"/.test(html);
}

/** No costfolio server: the wasm core answers in the browser, the data kept in IndexedDB. */
async function startOffline(): Promise<void> {
  mode.value = 'offline';
  try {
    const offline = await import('./api/offline');
    setTransport(await offline.openOffline({ onExternalChange: () => void everythingChanged() }));
  } catch (e) {
    offlineProblem.value = e instanceof Error ? e.message : String(e);
    session.value = null;
    return;
  }
  signedIn(await api.session());
}

/** The first screen's code and answers, asked for as soon as the session is known. */
let firstScreen: Promise<unknown> = Promise.resolve();

/** Who is signed in, known: the first screen's code and answers asked for at once. */
function signedIn(s: Session): void {
  setCsrf(s.csrf);
  const folio = folioAddress(location.pathname);
  if (folio) firstScreen = preloadFolio(folio.id, folio.tab, asOf.value);
  session.value = s;
}

/** How long the page waits for its first screen's answers before it is drawn without them. */
const FIRST_DRAW_WAIT_MS = 250;

/**
 * The page's start, before it is first drawn (main.tsx): a closed session's handler, and the
 * question of who is signed in, asked at once rather than once the shell is on screen.
 */
export function start(): Promise<void> {
  setUnauthorizedHandler(() => {
    if (session.value) {
      setCsrf(null);
      session.value = null;
      announce('Your session has ended. Please sign in again.', 'error');
    }
  });
  const ready = loadSession().then(() => firstScreen);
  return Promise.race([ready, new Promise((done) => setTimeout(done, FIRST_DRAW_WAIT_MS))]).then(() => undefined);
}

async function signOut(route: (url: string, replace?: boolean) => void): Promise<void> {
  try {
    await api.signOut();
  } catch {
    // Signed out already, or the server is gone: either way the page forgets the session.
  }
  setCsrf(null);
  session.value = null;
  route('/signin');
}

const OFFLINE_NOTE =
  'No server: this planner runs in your browser and keeps its data in this browser only (IndexedDB). Other browsers and devices do not see it; clearing this site’s data deletes it.';

function TopBar() {
  const s = session.value;
  const { path, route } = useLocation();
  const section = path.startsWith('/portfolios') ? 'portfolios' : path.startsWith('/admin/') ? 'rates' : 'folios';
  return (
    <header class="topbar">
      <a class="brand" href="/">
        <span class="logo" aria-hidden="true">
          ◆
        </span>{' '}
        <span class="brand-name">costfolio</span>
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
            <a href="/admin/exchange-rates" aria-current={section === 'rates' ? 'page' : undefined} title="Exchange rates and overtime rules">
              Rates
            </a>
          </nav>
          {mode.value === 'offline' ? (
            <div class="user">
              <span class="badge badge-offline" data-mode="offline" title={OFFLINE_NOTE}>
                Offline planner<span class="sr-only">: {OFFLINE_NOTE}</span>
              </span>
            </div>
          ) : (
            <div class="user">
              <span class="who" title={s.budgetAdmin ? 'Budget administrator' : undefined}>
                <span class="sr-only">Signed in as </span>
                {s.user}
              </span>
              <button type="button" class="btn btn-ghost" onClick={() => void signOut(route)}>
                Sign out
              </button>
            </div>
          )}
        </>
      ) : null}
    </header>
  );
}

/** Goes to `to` (in place of this address) once rendered. */
function Redirect({ to, label }: { to: string; label: string }) {
  const { route } = useLocation();
  useEffect(() => route(to, true), [route, to]);
  return <Loading label={label} />;
}

function NotFound() {
  const { url } = useLocation();
  return (
    <div class="page">
      <h1>Page not found</h1>
      <p>
        There is no screen at <code>{url.split('?')[0]}</code>. <a href="/">Go to the folios</a>.
      </p>
    </div>
  );
}

function PortfolioRoute() {
  const { params } = useRoute();
  return isId(params.id) ? <PortfolioScreen id={params.id} /> : <NotFound />;
}

function PortfolioEditRoute() {
  const { params } = useRoute();
  return isId(params.id) ? <PortfolioForm id={params.id} /> : <NotFound />;
}

function Screen() {
  const { path, query } = useLocation();
  const s = session.value;
  const problem = offlineProblem.value;
  if (problem)
    return (
      <div class="page">
        <h1>The offline planner cannot start</h1>
        <div class="alert alert-error" role="alert">
          <p>{problem}</p>
          <p>No costfolio server answers at this address, so the planner would run in this browser and keep its data here.</p>
        </div>
      </div>
    );
  if (s === undefined) return <Loading label="Checking your session" />;
  if (!s && path !== '/signin') return <Redirect to={signInHref(location.pathname + location.search)} label="Redirecting to sign in" />;
  if (s && path === '/signin') return <Redirect to={safeNext(query.next) ?? '/'} label="Signing in" />;
  return (
    <Router>
      <Route path="/" component={Folios} />
      <Route path="/folios" component={Folios} />
      <Route path="/folios/new" component={NewFolio} />
      <Route path="/folios/:id" component={FolioRoute} />
      <Route path="/folios/:id/*" component={FolioRoute} />
      <Route path="/portfolios" component={Portfolios} />
      <Route path="/portfolios/new" component={PortfolioForm} />
      <Route path="/portfolios/:id" component={PortfolioRoute} />
      <Route path="/portfolios/:id/edit" component={PortfolioEditRoute} />
      <Route path="/admin/exchange-rates" component={ExchangeRates} />
      <Route path="/admin/overtime-rules" component={OvertimeRules} />
      <Route path="/signin" component={SignIn} />
      <Route default component={NotFound} />
    </Router>
  );
}

export function App() {
  const s = session.value;
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
      {s ? <Shortcuts /> : null}
    </>
  );
}
